"""Static replacement effects on drawing (CR 614.1a): read by engine.rules.draws wherever a player
draws; as a resolution they are never run (the check refuses it)."""

from __future__ import annotations

from engine.core.events import EventKind
from engine.lang.effects import Ctx, op


def _check(o: dict, ctx: Ctx | None) -> str | None:
    extra, hand = o.get("extra", 1), o.get("max_hand", 1)
    if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in (extra, hand)):
        return f"draw replacement ({extra!r} more, up to {hand!r} cards in hand)"
    if ctx is not None:
        return "a draw replacement, which only a permanent's static ability gives"
    return None  # the static ability, read by engine.rules.draws while on the battlefield


@op(
    "draw_replacement",
    check=_check,
)
def draw_replacement(ctx: Ctx, o: dict) -> None:
    """CR 614.1a: a static ability; as a resolution it is never run (its check refuses it)."""
    ctx.emit(
        EventKind.NOTE, f"{ctx.label}: draws are replaced while it is on the battlefield.", "614.1a"
    )
