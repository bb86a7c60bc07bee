"""Status of permanents: tapping (CR 701.26)."""

from __future__ import annotations

from engine.effects import Ctx, op
from engine.events import EventKind


@op("tap", fields={"what": "target"})
def tap(ctx: Ctx, o: dict) -> None:
    """CR 701.26a: tap the target permanents."""
    game = ctx.game
    for oid in ctx.target_objects():
        game.tap(oid)
        ctx.emit(
            EventKind.TAP, f"{ctx.label} taps {game.obj(oid).name}.", "701.26a", objects=(oid,)
        )
