"""What the engine says happened (events) and what it needs to be told (decisions).

Events and decisions are plain frozen data so that the UI, the text log and the
JSON output all render the very same thing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

ZONES = ("library", "hand", "battlefield", "graveyard", "exile", "stack")


@dataclass(frozen=True, slots=True)
class Move:
    """One object changing zones; ``src``/``dst`` are zone names ("none" for tokens)."""

    obj: int
    name: str
    owner: int
    src: str
    dst: str

    def to_dict(self) -> dict:
        return {
            "obj": self.obj,
            "name": self.name,
            "owner": self.owner,
            "from": self.src,
            "to": self.dst,
        }


@dataclass(frozen=True, slots=True)
class Event:
    """One rules event: a kind, a human sentence and the CR rule it follows."""

    kind: str
    text: str
    rule: str
    moves: tuple[Move, ...] = ()
    objects: tuple[int, ...] = ()

    def to_dict(self) -> dict:
        return {
            "kind": self.kind,
            "text": self.text,
            "rule": self.rule,
            "moves": [m.to_dict() for m in self.moves],
            "objects": list(self.objects),
        }


@dataclass(frozen=True, slots=True)
class Option:
    """One answer to a decision; ``key`` is what a scenario records in ``choices``."""

    key: str
    label: str


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice the rules give a player; the engine pauses here rather than guess."""

    kind: str
    prompt: str
    options: tuple[Option, ...]
    rule: str
    index: int = 0
    player: int = 0
    objects: tuple[int, ...] = field(default=())
    subject: str = ""  # the card the decision is about (for policies and the UI)

    def keys(self) -> list[str]:
        return [o.key for o in self.options]

    def label_of(self, key: str) -> str:
        for o in self.options:
            if o.key == key:
                return o.label
        raise KeyError(key)

    def to_dict(self) -> dict:
        return {
            "kind": self.kind,
            "prompt": self.prompt,
            "rule": self.rule,
            "index": self.index,
            "player": self.player,
            "subject": self.subject,
            "options": [{"key": o.key, "label": o.label} for o in self.options],
        }
