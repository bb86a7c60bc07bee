"""Warp's delayed trigger (CR 702.185a): exile the permanent; its owner may cast the card
after this turn for as long as it remains exiled."""

from __future__ import annotations

from engine.effects import Ctx, op
from engine.events import EventKind


def _check(o: dict, ctx: Ctx | None) -> str | None:
    if not isinstance(o.get("stamp"), int) or isinstance(o.get("stamp"), bool):
        return "warp exile (which object is not in the data)"
    return None


@op("warp_exile", fields={"stamp": "the zone-change count of the permanent (400.7)"},
    check=_check)  # fmt: skip
def warp_exile(ctx: Ctx, o: dict) -> None:
    """Exile the warped permanent if it is still the same object, then grant its owner the
    cast from exile on later turns (702.185a)."""
    game = ctx.game
    oid = ctx.source
    where = game.zone_of(oid) if oid is not None else None
    if where is None or where[1] != "battlefield" or game.zone_changes.get(oid, 0) != o["stamp"]:
        ctx.emit(EventKind.EXILE, f"{ctx.label}: the warped permanent already left the "
                 "battlefield; nothing is exiled.", "702.185a", amount=0)  # fmt: skip
        return
    owner = game.obj(oid).owner
    game.move(oid, "exile", owner)
    game.grant_play(oid, owner, "after_this_turn")
    ctx.emit(EventKind.EXILE, f"{ctx.label}: {game.obj(oid).name} is exiled; its owner may "
             "cast it after this turn while it remains exiled.", "702.185a", objects=(oid,),
             player=owner, amount=1, data={"keyword": "warp"})  # fmt: skip
