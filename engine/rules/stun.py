"""Stun counters (CR 122.1d), read wherever a permanent would become untapped.

"If a permanent with a stun counter would become untapped, instead remove a stun counter
from it." This is a replacement (614.1a) of the untap event itself, so it applies to the
untap step (502.3), to effects that untap (701.26b) and to the untap symbol {Q} paid as a
cost (the cost is still paid, 118.11). An untapped permanent can't "become untapped":
its stun counters stay.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import EventKind

if TYPE_CHECKING:
    from engine.core.game import Game

STUN = "stun"


def untap(game: Game, oid: int, by: str = "") -> bool:
    """Untap ``oid`` unless a stun counter replaces it (then one stun counter is removed).

    Returns True when the permanent became untapped. ``by`` names what untaps it (log)."""
    obj = game.obj(oid)
    if obj.tapped and obj.counter(STUN) > 0:
        game.add_counters(oid, STUN, -1)
        left = game.obj(oid).counter(STUN)
        game.emit(
            EventKind.REPLACEMENT,
            f"{obj.name} has a stun counter: instead of untapping"
            f"{f' ({by})' if by else ''}, a stun counter is removed from it ({left} left).",
            "122.1d",
            objects=(oid,),
            amount=1,
            counter=STUN,
            data={"replacement": "stun", "left": left},
        )
        return False
    was = obj.tapped
    game.untap(oid)
    return was
