"""Where "Respond here" puts a response: the action-list position and the ``when`` dict.

Both come from the engine (``engine.core.responses``), which names stack items the same way
when it runs the scenario: the top stack item at a frame where a player would receive
priority (117.3b-d), and the number of actions taken by that frame.
"""

from __future__ import annotations

from typing import Any

from engine.core import responses

__all__ = ["can_respond", "point_of"]


def can_respond(timeline: Any, k: int) -> bool:
    """True at a frame where a player would receive priority with something on the stack."""
    if timeline is None or not 0 <= k < len(timeline):
        return False
    return bool(timeline[k].state.stack) and k in set(responses.priority_frames(timeline))


def point_of(timeline: Any, k: int) -> tuple[int, dict] | None:
    """(index in the action list for the response, its ``when``) at frame ``k``, or None."""
    if not can_respond(timeline, k):
        return None
    when = responses.point_of(timeline, k)
    if when is None:
        return None
    return responses.actions_before(timeline, k), when
