"""Casting a spell while an effect resolves (CR 608.2g, 601.2).

- ``cast_free``: "you may cast a <filter> spell from your hand without paying its mana
  cost" (118.9). The player picks a matching card in their hand (or none); it is cast as
  cascade and discover cast theirs (engine/rules/freecast.py): a spell needing a target needs a
  legal one (601.2c), and the player may still decline.
"""

from __future__ import annotations

from engine.core.events import DecisionKind, EventKind
from engine.lang.effects import Ctx, op
from engine.rules import freecast, stack
from engine.rules import op_common as c

E = EventKind

_NO_LIMIT = 10**6  # the filter, not a mana-value limit, says which spells may be cast


def _spell_mv_limit(flt: object) -> tuple[object, int, bool]:
    """A "spell with mana value N or less" filter -> (the rest of the filter, N, inclusive):
    the limit is the SPELL's, checked on each face the card can be cast as (an adventurer's
    Adventure, a split card's half: 715.3b, 709.3), not on the card in hand."""
    if isinstance(flt, dict) and isinstance(flt.get("mv"), (list, tuple)):
        cmp = flt["mv"]
        if len(cmp) == 2 and cmp[0] in ("<", "<=") and isinstance(cmp[1], int):
            rest = {k: v for k, v in flt.items() if k != "mv"}
            return rest or None, int(cmp[1]), cmp[0] == "<="
    return flt, _NO_LIMIT, True


def _check_cast_free(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("from", "hand") != "hand":
        return f"cast a spell for free from {o.get('from')!r}"
    return c.filter_problem(o.get("filter"))


@op(
    "cast_free",
    check=_check_cast_free,
)
def cast_free(ctx: Ctx, o: dict) -> None:
    """118.9: you may cast a matching card from your hand without paying its mana cost, now
    (608.2g); it goes on the stack above what is resolving."""
    game = ctx.game
    p = ctx.controller
    flt, limit, inclusive = _spell_mv_limit(o.get("filter"))
    able = [
        i
        for i in game.players[p].zones["hand"]
        if not game.obj(i).card.is_land
        and c.matches(ctx, i, flt)
        and stack.castable_faces(game, game.obj(i), limit, inclusive=inclusive)
        and freecast.castable_free(game, i, p, "118.9", "cast without paying its mana cost")
    ]
    chosen = c.choose_cards(
        ctx,
        able,
        1,
        DecisionKind.PICK,
        f"{ctx.label}: choose a card to cast without paying its mana cost (or none)",
        "118.9",
        player=p,
        may_stop=True,
    )
    if not chosen:
        ctx.emit(
            E.DECLINE,
            f"{ctx.label}: {game.pname(p)} casts nothing.",
            "118.9",
            amount=0,
            data={"cast_free": None, "offered": len(able)},
        )
        ctx.did = False
        return
    result = freecast.offer(
        game,
        chosen[0],
        p,
        limit,
        inclusive=inclusive,
        kind=DecisionKind.PICK,
        rule="118.9",
        mechanic="cast without paying its mana cost",
        allow_hand=False,
        may_decline=False,  # "(or none)" was the choice not to cast
        prompt=f"{ctx.label}: cast {game.obj(chosen[0]).name} without paying its mana cost?",
    )
    ctx.did = result == "cast"
