"""Players with keywords (CR 702.11d, 702.18d): "You have hexproof" (Leyline of Sanctity),
"You have shroud" (True Believer).

A static ability: engine.lang.targets reads it from the permanents a player controls while it
chooses targets (601.2c) and when a spell or ability begins to resolve (608.2b). The handler
is what a resolution would do with it; only the static form is simulated.
"""

from __future__ import annotations

from engine.core.events import EventKind
from engine.lang.effects import Ctx, op

#: Keywords a player can have that the targeting rules read.
PLAYER_KEYWORDS = ("Hexproof", "Shroud")


def _check_grant_player(o: dict, ctx: Ctx | None) -> str | None:
    kws = o.get("keywords")
    if not isinstance(kws, list) or not kws or any(k not in PLAYER_KEYWORDS for k in kws):
        return f"players having {kws!r}"
    if o.get("who", "you") != "you":
        return f"{str(o.get('who')).replace('_', ' ')} having {', '.join(kws).lower()}"
    if o.get("duration") != "while_on_battlefield" or ctx is not None:
        return f"you having {', '.join(kws).lower()} {str(o.get('duration')).replace('_', ' ')}"
    return None  # the static ability, read by engine.lang.targets while on the battlefield


@op(
    "grant_player",
    check=_check_grant_player,
)
def grant_player(ctx: Ctx, o: dict) -> None:
    """CR 702.11d / 702.18d: a static ability; as a resolution it is never run (its check
    refuses it), so this only says so."""
    ctx.emit(
        EventKind.NOTE,
        f"{ctx.label}: you have {', '.join(o['keywords']).lower()} while "
        "it is on the battlefield (a static ability).",
        "702.11d",
    )
