"""Casting any number of spells from your hand without paying their mana costs while an
effect resolves (Jin-Gitaxias // The Great Synthesis III: "you may cast any number of spells
from your hand without paying their mana costs").

- ``cast_any_free``: the player repeatedly picks a nonland card matching ``filter`` in
  their hand (or stops) and may cast it without paying its mana cost (118.9, 608.2g: each
  goes on the stack above what is resolving, in the order cast). A card that can't be cast
  or whose cast is declined isn't offered again, so this ends after at most one offer per
  card. Casting is as ``cast_free`` and cascade do it (engine/rules/freecast.py): a spell needing
  a target needs a legal one (601.2c). ``did``: at least one spell was cast.
"""

from __future__ import annotations

from engine.core.events import DecisionKind, EventKind
from engine.lang.effects import Ctx, op
from engine.rules import freecast
from engine.rules import op_common as c

_NO_LIMIT = 10**6  # the filter, not a mana-value limit, says which spells may be cast


def _check(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("from", "hand") != "hand":
        return f"cast any number of spells for free from {o.get('from')!r}"
    part = c.filter_problem(o.get("filter"))
    return f"cast any number of spells for free: {part}" if part else None


@op(
    "cast_any_free",
    check=_check,
)
def cast_any_free(ctx: Ctx, o: dict) -> None:
    """118.9: cast any number of matching cards from your hand without paying their mana
    costs, one at a time, now (608.2g)."""
    game = ctx.game
    p = ctx.controller
    tried: set[int] = set()
    cast: list[int] = []
    while True:
        able = []
        for i in game.players[p].zones["hand"]:
            if i in tried or game.obj(i).card.is_land or not c.matches(ctx, i, o.get("filter")):
                continue
            if freecast.castable_free(game, i, p, "118.9", "cast without paying its mana cost"):
                able.append(i)
            else:
                tried.add(i)  # said once why it can't be cast (601.2c, 601.3)
        chosen = c.choose_cards(
            ctx,
            able,
            1,
            DecisionKind.PICK,
            f"{ctx.label}: choose a card to cast without paying its mana cost (or stop)",
            "118.9",
            player=p,
            may_stop=True,
        )
        if not chosen:
            break
        oid = chosen[0]
        tried.add(oid)
        result = freecast.offer(
            game,
            oid,
            p,
            _NO_LIMIT,
            inclusive=True,
            kind=DecisionKind.PICK,
            rule="118.9",
            mechanic="cast without paying its mana cost",
            allow_hand=False,
            prompt=f"{ctx.label}: cast {game.obj(oid).name} without paying its mana cost?",
        )
        if result == "cast":
            cast.append(oid)
    if not cast:  # each cast is its own event (freecast.offer); none cast: say so
        ctx.emit(
            EventKind.DECLINE,
            f"{ctx.label}: {game.pname(p)} casts nothing.",
            "118.9",
            amount=0,
            data={"cast_free": None, "offered": len(tried)},
        )
    ctx.did = bool(cast)
