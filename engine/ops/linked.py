"""Linked abilities (CR 607): a card one ability exiles, that another ability of the same
object refers to ("the exiled card", 607.2a).

- ``exile_linked``: exile a card you choose from your graveyard (not targeted); it is
  linked to the source (``game.link_exiled``), so ``return_exiled``, ``put_onto_battlefield``
  (what: the cards exiled this way) and the ``exiled_with_mv`` value find it later, from
  another chapter of the same Saga. ``with_it`` ops then run about that card: it is their
  ``trigger_object`` ("you gain life equal to its mana value").
- ``play_linked``: until the duration ends you may cast the cards exiled with the source.
"""

from __future__ import annotations

from engine.core.events import DecisionKind, EventKind
from engine.lang import effects
from engine.lang.effects import Ctx, op
from engine.rules import op_common as c

E = EventKind

_FROM = ("graveyard", "each_graveyard")
_PLAY_UNTIL = ("end_of_turn", "until_end_of_your_next_turn")


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
    check=_check_exile_linked,
)
def exile_linked(ctx: Ctx, o: dict) -> None:
    """607.2a: exile a card you choose (not targeted) from your graveyard (or one from each
    graveyard, yours first); it is linked to the source, for the abilities that refer to
    "the exiled card(s)". ``up_to``: you may exile none from a graveyard."""
    game = ctx.game
    me = ctx.controller
    graveyards = [me]
    if o.get("from") == "each_graveyard":
        graveyards += [p for p in range(len(game.players)) if p != me]
    did = False
    for p in graveyards:
        able = [i for i in game.players[p].zones["graveyard"] if c.matches(ctx, i, o.get("filter"))]
        chosen = c.choose_cards(
            ctx,
            able,
            1,
            DecisionKind.PICK,
            f"{ctx.label}: choose a card to exile from {game.poss(p)} graveyard",
            "607.2a",
            player=me,
            may_stop=bool(o.get("up_to")),
        )
        if not chosen:
            ctx.emit(
                E.EXILE,
                f"{ctx.label}: no card exiled from {game.poss(p)} graveyard.",
                "607.2a",
                amount=0,
                player=p,
                data={"from": "graveyard", "remember": True},
            )
            continue
        oid = chosen[0]
        game.move(oid, "exile")
        if ctx.source is not None:
            game.link_exiled(ctx.source, oid)
        ctx.emit(
            E.EXILE,
            f"{ctx.label} exiles {game.obj(oid).name} from {game.poss(p)} graveyard (linked "
            "to its source).",
            "607.2a",
            objects=(oid,),
            amount=1,
            player=p,
            data={"from": "graveyard", "remember": True},
        )
        did = True
        if o.get("with_it"):
            sub = Ctx(
                ctx.game,
                ctx.controller,
                ctx.source,
                ctx.targets,
                ctx.x,
                ctx.label,
                ctx.stamps,
                ctx.modes,
                {"object": oid, "player": p},
                ctx.groups,
                ctx.division,
                ctx.illegal,
            )
            effects.run_nested(sub, o["with_it"])
    ctx.did = did


def _check_play_linked(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("duration") not in _PLAY_UNTIL:
        return f"play the exiled cards until {str(o.get('duration')).replace('_', ' ')}"
    return None


@op(
    "play_linked",
    check=_check_play_linked,
)
def play_linked(ctx: Ctx, o: dict) -> None:
    """607.2a: until the duration ends, you may cast spells from among the cards exiled with
    the source (a permission, as an impulse draw's; mana payment is not simulated, so "spend
    mana as though it were any color" changes nothing)."""
    game = ctx.game
    ids = c.exiled_with(ctx)
    for oid in ids:
        game.grant_play(oid, ctx.controller, o["duration"])
    names = ", ".join(game.obj(i).name for i in ids) or "nothing"
    ctx.emit(
        E.NOTE,
        f"{ctx.label}: {game.pname(ctx.controller)} may cast {names} (exiled with it) until "
        f"{o['duration'].replace('_', ' ')}.",
        "607.2a",
        objects=tuple(ids),
        amount=len(ids),
        data={"playable": list(ids), "until": o["duration"]},
    )
