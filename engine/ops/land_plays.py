"""Additional land plays (CR 305.2): "you may play an additional land this turn" from a
resolving spell (a grant for the turn), or "... on each of your turns" as a static ability
(engine.rules.land_play reads it on the battlefield)."""

from __future__ import annotations

from engine.core.events import EventKind
from engine.lang.effects import Ctx, op
from engine.rules.land_play import TURN_DURATIONS


def _check(o: dict, ctx: Ctx | None) -> str | None:
    n = o.get("n")
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        return f"additional land plays {n!r}"
    if o.get("duration") not in (*TURN_DURATIONS, "while_on_battlefield", None):
        return f"additional land plays lasting {o.get('duration')!r}"
    return None


@op("additional_land_plays", check=_check)
def additional_land_plays(ctx: Ctx, o: dict) -> None:
    """CR 305.2: the player may play N more lands this turn."""
    game = ctx.game
    if o.get("duration") not in TURN_DURATIONS:
        ctx.emit(
            EventKind.NOTE,
            f"{ctx.label}: additional land plays is a static ability; it "
            "applies while its permanent is on the battlefield.",
            "604.1",
            data={"op": o["op"], "noted": True},
        )
        return
    p = ctx.controller
    game.add_land_plays(p, o["n"])
    ctx.emit(
        EventKind.NOTE,
        f"{game.pname(p)} may play {o['n']} additional land{'s' if o['n'] != 1 else ''} this turn.",
        "305.2",
        player=p,
        amount=o["n"],
        data={"op": o["op"]},
    )
