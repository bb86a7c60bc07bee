"""Linked abilities (CR 607): a card one ability exiles, that another ability of the same
object refers to ("the exiled card", 607.2a).

- ``exile_linked``: exile a card you choose from your graveyard (not targeted); it is
  linked to the source (``game.link_exiled``), so ``return_exiled``, ``put_onto_battlefield``
  (what: the cards exiled this way) and the ``exiled_with_mv`` value find it later, from
  another chapter of the same Saga. ``with_it`` ops then run about that card: it is their
  ``trigger_object`` ("you gain life equal to its mana value").
"""

from __future__ import annotations

from engine import effects
from engine import op_common as c
from engine.effects import Ctx, op
from engine.events import DecisionKind, EventKind

E = EventKind

_FROM = ("graveyard",)


def _check_exile_linked(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("from") not in _FROM:
        return f"exile a linked card from {o.get('from')!r}"
    if o.get("who", "you") != "you":
        return f"exile a linked card chosen by {o.get('who')!r}"
    part = c.filter_problem(o.get("filter"))
    if part:
        return part
    parts = effects.missing_parts(o.get("with_it") or [], None)  # about the exiled card
    return "; ".join(parts) if parts else None


@op(
    "exile_linked",
    fields={
        "from": "graveyard (your own)",
        "filter": "which card may be chosen",
        "who": "you (who chooses, from their own graveyard)",
        "with_it": "ops about the exiled card (its trigger_object)",
    },
    check=_check_exile_linked,
)
def exile_linked(ctx: Ctx, o: dict) -> None:
    """607.2a: exile a card you choose (not targeted) from your graveyard; it is linked to
    the source, for the abilities that refer to "the exiled card"."""
    game = ctx.game
    p = ctx.controller
    able = [i for i in game.zones[p]["graveyard"] if c.matches(ctx, i, o.get("filter"))]
    chosen = c.choose_cards(
        ctx, able, 1, DecisionKind.PICK, f"{ctx.label}: choose a card to exile", "607.2a",
        player=p,
    )  # fmt: skip
    if not chosen:
        ctx.emit(E.EXILE, f"{ctx.label}: no card to exile from {game.poss(p)} graveyard.",
                 "607.2a", amount=0, data={"from": "graveyard", "remember": True})  # fmt: skip
        ctx.did = False
        return
    oid = chosen[0]
    game.move(oid, "exile")
    if ctx.source is not None:
        game.link_exiled(ctx.source, oid)
    ctx.emit(
        E.EXILE,
        f"{ctx.label} exiles {game.obj(oid).name} from {game.poss(p)} graveyard (linked to "
        "its source).",
        "607.2a",
        objects=(oid,),
        amount=1,
        data={"from": "graveyard", "remember": True},
    )
    ctx.did = True
    if o.get("with_it"):
        sub = Ctx(ctx.game, ctx.controller, ctx.source, ctx.targets, ctx.x, ctx.label,
                  ctx.stamps, ctx.modes, {"object": oid, "player": p}, ctx.groups,
                  ctx.division, ctx.illegal)  # fmt: skip
        effects.run_nested(sub, o["with_it"])
