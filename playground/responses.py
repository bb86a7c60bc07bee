"""Where "Respond here" puts a response: the action-list position and the ``when`` dict.

The engine's own ``engine.responses.point_of`` is used when the engine has it; until
then (and as a reference) the point is computed here from the frames: the top of the
shown frame's stack, counted among the stack items of the same name, kind and chapter
put on the stack so far (the ``nth`` of docs/SCENARIO format), and the action whose
play produced the frame (the shortest prefix of the actions whose run reaches it).
"""

from __future__ import annotations

from typing import Any

__all__ = ["point_of"]


def point_of(timeline: Any, k: int) -> tuple[int, dict] | None:
    """(index in the action list for the response, its ``when``) at frame ``k``; None if no
    player could respond there (an empty stack)."""
    try:
        from engine import responses as engine_responses  # the engine's, once it exists
    except ImportError:
        engine_responses = None
    if engine_responses is not None and hasattr(engine_responses, "point_of"):
        return engine_responses.point_of(timeline, k)
    return _point_of(timeline, k)


def _stack_key(state: Any, item: Any) -> tuple[str, str, int]:
    if item.kind == "spell":
        obj = state.objects.get(item.card_id) if item.card_id is not None else None
        name = item.face or (obj.card.name if obj is not None else item.text)
    else:
        src = state.objects.get(item.source)
        name = src.card.name if src is not None else item.text
    return name, item.kind, item.chapter if item.trigger == "chapter" else 0


def _point_of(timeline: Any, k: int) -> tuple[int, dict] | None:
    frame = timeline[k]
    if not frame.state.stack:
        return None
    top = frame.state.stack[-1]
    key = _stack_key(frame.state, top)
    seen: dict[int, tuple[str, str, int]] = {}
    for f in timeline.frames[: k + 1]:
        for item in f.state.stack:
            if item.id not in seen:
                seen[item.id] = _stack_key(f.state, item)
    nth = [i for i, v in seen.items() if v == key].index(top.id) + 1
    when: dict[str, Any] = {"on_stack": key[0], "kind": key[1]}
    if key[2]:
        when["chapter"] = key[2]
    when["nth"] = nth
    return _action_index(timeline, k), when


def _action_index(timeline: Any, k: int) -> int:
    """Just after the action whose play produced frame ``k``: the shortest prefix of the
    actions whose run already has frame ``k`` (runs are deterministic)."""
    scn = timeline.scenario
    actions = scn.actions
    for i in range(1, len(actions)):
        try:
            shorter = scn.replace(actions=actions[:i]).run()
        except ValueError:
            continue
        if len(shorter) > k:
            return i
    return len(actions)
