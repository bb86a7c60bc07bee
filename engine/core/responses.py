"""Response points: naming a moment of a resolution by what is on the stack.

A scenario action may carry ``when``: it is taken at the first moment a player would
receive priority (117.3b-d, after state-based actions and triggers, 117.5) while a named
stack item is on the stack. Stack items are identified the same way here, in the engine
(``Game``) and in the UI (``point_of``): by the name of the card (a spell's card or cast
face; an ability's source), its kind, its chapter (714.2b) and ``nth``: the K-th matching
item put on the stack in the run, counted in the order items first appear on the stack.

This module sits with the state: it reads ``StackItem`` and ``CardObject`` only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.state import CardObject, StackItem

__all__ = ["Point", "identity", "label", "matches", "parse", "point_of", "priority_frames"]

KINDS = ("spell", "ability", "any")


class Point:
    """A parsed ``when``: on_stack (lower-cased for matching), kind, chapter, nth, top."""

    __slots__ = ("chapter", "kind", "name", "nth", "top")

    def __init__(
        self,
        name: str,
        kind: str = "any",
        chapter: int | None = None,
        nth: int = 1,
        top: bool = False,
    ) -> None:
        self.name, self.kind, self.chapter, self.nth, self.top = name, kind, chapter, nth, top


def parse(when: str | Mapping[str, Any]) -> Point:
    """The scenario's ``when`` (already checked by engine.scenario.scenario) as a ``Point``."""
    if isinstance(when, str):
        return Point(when)
    return Point(
        str(when["on_stack"]),
        str(when.get("kind") or "any"),
        when.get("chapter"),
        int(when.get("nth") or 1),
        bool(when.get("top")),
    )


def label(when: str | Mapping[str, Any]) -> str:
    """How an error names the point: "Blightning (spell, #1)"."""
    p = parse(when)
    parts = [p.kind if p.kind != "any" else "spell or ability"]
    if p.chapter is not None:
        parts.append(f"chapter {p.chapter}")
    parts.append(f"#{p.nth}")
    if p.top:
        parts.append("on top")
    return f"{p.name} ({', '.join(parts)})"


def identity(item: StackItem, objects: Mapping[int, CardObject]) -> tuple[frozenset[str], str, int]:
    """(the names it answers to, lower-cased; "spell"/"ability"; its chapter or 0).

    A spell answers to its card's name and the face it was cast as (a split card's half,
    an adventure); an ability to the name of its source (the cascade trigger of Bloodbraid
    Elf is "Bloodbraid Elf"), as the source is now or was when it left (LKI, 608.2h)."""
    oid = item.card_id if item.kind == "spell" and item.card_id is not None else item.source
    names: set[str] = set()
    obj = objects.get(oid) if oid is not None else None
    if obj is not None:
        names |= {obj.name.lower(), obj.card.name.lower()}
        if item.kind == "spell" and item.face:
            names.add(item.face.lower())
    if item.kind == "spell":
        names.add(item.text.lower())
    chapter = item.chapter if item.trigger == "chapter" else 0
    return frozenset(names), item.kind, chapter


def matches(point: Point, ident: tuple[frozenset[str], str, int]) -> bool:
    names, kind, chapter = ident
    if point.name.lower() not in names:
        return False
    if point.kind != "any" and point.kind != kind:
        return False
    return point.chapter is None or point.chapter == chapter


def target_id(
    point: Point, seen: Sequence[tuple[int, tuple[frozenset[str], str, int]]]
) -> int | None:
    """The stack item id the point names among the items seen so far (in order), if any."""
    k = 0
    for item_id, ident in seen:
        if matches(point, ident):
            k += 1
            if k == point.nth:
                return item_id
    return None


def reached(point: Point, stack: Sequence[StackItem], item_id: int | None) -> bool:
    """Is the named item on the stack now (on top, for ``top``)?"""
    if item_id is None or not stack:
        return False
    if point.top:
        return stack[-1].id == item_id
    return any(s.id == item_id for s in stack)


# ---------------------------------------------------------------------------- for the UI
def priority_frames(timeline: Any) -> tuple[int, ...]:
    """Frames at which a player would receive priority with something on the stack."""
    return tuple(getattr(timeline, "priority_frames", ()) or ())


def _seen_until(frames: Sequence[Any], last: int) -> list[tuple[int, tuple]]:
    """Stack items in the order they first appear in frames 0..last, with identities."""
    seen: list[tuple[int, tuple]] = []
    known: set[int] = set()
    for f in frames[: last + 1]:
        for item in f.state.stack:
            if item.id not in known:
                known.add(item.id)
                seen.append((item.id, identity(item, f.state.objects)))
    return seen


def point_of(timeline: Any, frame: int) -> dict | None:
    """The ``when`` of the top stack item at ``frame``, if a player would have priority
    there (else None): the UI's "Respond here" adds an action with it.

    ``{"on_stack", "kind", "nth"}`` (and ``"chapter"`` for a chapter ability); ``"top":
    true`` is added when the item was already on the stack at an earlier priority moment
    since the last action taken before ``frame`` (then only "while it is on top" names
    this moment). Insert the new action after ``actions_before(timeline, frame)`` actions.
    """
    if frame not in set(priority_frames(timeline)):
        return None
    frames = timeline.frames
    state = frames[frame].state
    if not state.stack:
        return None
    top = state.stack[-1]
    seen = _seen_until(frames, frame)
    names, kind, chapter = identity(top, state.objects)
    name = _display_name(top, state.objects)
    when: dict[str, Any] = {"on_stack": name, "kind": kind}
    if chapter:
        when["chapter"] = chapter
    point = parse(when)
    nth = 0
    for item_id, ident in seen:
        if matches(point, ident):
            nth += 1
            if item_id == top.id:
                break
    when["nth"] = nth
    taken = actions_before(timeline, frame)
    start = action_frames(timeline)[taken - 1] if taken else -1
    earlier = [k for k in priority_frames(timeline) if start < k < frame]
    if any(any(s.id == top.id for s in frames[k].state.stack) for k in earlier):
        when["top"] = True
    return when


def _display_name(item: StackItem, objects: Mapping[int, CardObject]) -> str:
    """The name a scenario writes: the cast face of a spell, the card of an ability's source."""
    if item.kind == "spell":
        return item.face or (
            objects[item.card_id].card.name
            if item.card_id is not None and item.card_id in objects
            else item.text
        )
    obj = objects.get(item.source) if item.source is not None else None
    return obj.card.name if obj is not None else item.text


def action_frames(timeline: Any) -> tuple[int, ...]:
    """The frame at which each action performed so far was taken (its first frame is the
    one after this index)."""
    return tuple(getattr(timeline, "action_frames", ()) or ())


def actions_before(timeline: Any, frame: int) -> int:
    """How many of the scenario's actions had been taken by ``frame``."""
    return sum(1 for k in action_frames(timeline) if k <= frame)
