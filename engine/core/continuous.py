"""Continuous effects as game state (CR 611, 613) and the characteristics they produce.

A ``ContinuousEffect`` is the record a resolved spell or ability leaves behind ("target
creature gets +3/+3 until end of turn"): what it does, to which objects (locked in on
resolution, 611.2c), from which source, for how long (DURATIONS), and its timestamp
(613.7). The kernel stores these records (``Kernel.continuous``); static abilities of
permanents are not stored: they are read from the battlefield each time (611.3a).
``Characteristics`` is what the layer system (engine.rules.layers) computes for an object.
Plain frozen data, like the rest of the state, so frames can share it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from engine.base.records import fast_init

NO_DATA: Mapping[str, Any] = MappingProxyType({})


@fast_init
@dataclass(frozen=True, slots=True)
class ContinuousEffect:
    """One continuous effect from a resolved spell/ability (611.2) or a rules effect
    that lasts (a regeneration shield, a prevention shield, "doesn't untap").

    ``objects``/``stamps``: the affected objects and their zone-change counts when the
    effect began: an object that changed zones since is a new object (400.7) and the
    effect no longer applies to it. ``players``: affected players (player effects).
    ``kind`` is the op name ("pump", "grant", "regenerate"...); ``layer`` the layer or
    sublayer it applies in ("2", "4", "5", "6", "7b", "7c"; "" for rules effects).
    """

    id: int
    kind: str
    layer: str
    controller: int
    source: int | None
    source_stamp: int
    duration: str
    turn: int
    timestamp: int
    objects: tuple[int, ...] = ()
    stamps: tuple[int, ...] = ()
    players: tuple[int, ...] = ()
    data: Mapping[str, Any] = field(default_factory=lambda: NO_DATA)

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "kind": self.kind,
            "layer": self.layer,
            "controller": self.controller,
            "source": self.source,
            "duration": self.duration,
            "timestamp": self.timestamp,
            "objects": list(self.objects),
            "players": list(self.players),
            "data": dict(self.data),
        }


@fast_init
@dataclass(frozen=True, slots=True)
class Characteristics:
    """An object's characteristics after every layer (613.1): what the rules read."""

    name: str
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    colors: tuple[str, ...]
    keywords: tuple[str, ...]
    power: int | None
    toughness: int | None
    base_power: int | None = None  # after layer 7b, before 7c (filters "base power")
    base_toughness: int | None = None
    controller: int = 0
    # granted abilities (layer 6) other than keywords: activated ones can be activated,
    # triggered ones trigger (engine.rules.triggers.triggers_of; combat-only ones never occur here)
    abilities: tuple[Mapping[str, Any], ...] = ()
    rules: tuple[str, ...] = ()  # combat-only restrictions recorded on it (cant_block...)
    mana_value: int = 0  # filled where filters read it (filters.printed_characteristics)
    # the qualities it has protection from (702.16a), as filters ({} is "everything",
    # 702.16j); None for a protection whose quality the card data doesn't give
    protections: tuple[Mapping[str, Any] | None, ...] = ()

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types

    def has_keyword(self, keyword: str) -> bool:
        low = keyword.lower()
        return any(k.lower() == low for k in self.keywords)

    @property
    def pt(self) -> str:
        """ "4/4", or "" for a non-creature."""
        if self.power is None and self.toughness is None:
            return ""
        return f"{self.power}/{self.toughness}"


def number(text: str | None) -> int | None:
    """A printed power/toughness: ``2``, ``1+*`` (``*`` counts as 0 when no
    characteristic-defining ability sets it), ``-1``; None when there is none."""
    if text is None:
        return None
    total = 0
    for part in str(text).replace("*", "0").replace("-", "+-").split("+"):
        part = part.strip()
        if part:
            try:
                total += int(part)
            except ValueError:
                return 0
    return total


# CR 122.1b: a keyword counter on a permanent gives it that keyword ability.
KEYWORD_COUNTERS = {
    "flying": "Flying",
    "first strike": "First strike",
    "double strike": "Double strike",
    "deathtouch": "Deathtouch",
    "decayed": "Decayed",
    "exalted": "Exalted",
    "haste": "Haste",
    "hexproof": "Hexproof",
    "indestructible": "Indestructible",
    "lifelink": "Lifelink",
    "menace": "Menace",
    "reach": "Reach",
    "shadow": "Shadow",
    "trample": "Trample",
    "vigilance": "Vigilance",
}


def counter_keywords(obj, keywords: tuple[str, ...]) -> tuple[str, ...]:
    """``keywords`` plus those the object's keyword counters give it (122.1b)."""
    counters = obj.counters
    if not counters:
        return keywords
    have = {k.lower() for k in keywords}
    extra = [
        KEYWORD_COUNTERS[k]
        for k in counters
        if k in KEYWORD_COUNTERS and counters[k] > 0 and k not in have
    ]
    return (*keywords, *extra) if extra else keywords


#: a color's name in "protection from <color>" -> its letter (105.1)
COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def quality_of(keyword: str) -> Mapping[str, Any] | None:
    """The quality a "Protection from <quality>" keyword names, as a filter, or None when
    the words aren't one we read (a bare "Protection" names none)."""
    low = keyword.lower()
    if not low.startswith("protection from "):
        return None
    word = low.removeprefix("protection from ").strip()
    if word in COLOR_LETTERS:
        return {"colors_any": [COLOR_LETTERS[word]]}
    if word == "everything":  # 702.16j
        return {}
    if word == "creatures":
        return {"types": ["Creature"]}
    return None


def printed_protections(obj) -> tuple[Mapping[str, Any] | None, ...]:
    """The qualities the object's own protection abilities name (702.16a): the card data's
    ``protection`` list (one filter per quality) when its face has the Protection keyword,
    or None for each printed protection whose quality the data doesn't give."""
    face = obj.characteristics
    out: list[Mapping[str, Any] | None] = []
    bare = False
    for k in face.keywords:
        if k.lower() == "protection":
            bare = True
        elif k.lower().startswith("protection from "):
            out.append(quality_of(k))
    if bare:
        card = obj.card
        entry = (card.effects_for(face.name) if len(card.faces) > 1 else card.effects) or {}
        known = [q for q in entry.get("protection") or () if isinstance(q, Mapping)]
        out.extend(known or [None])
    return tuple(out)


def printed(obj) -> Characteristics:
    """The characteristics an object has from its card (or token definition) and its
    counters alone (613.1 start, 613.4c for +1/+1 and -1/-1 counters, 122.1a; keyword
    counters 122.1b)."""
    face = obj.characteristics
    power, toughness = number(face.power), number(face.toughness)
    if face.is_creature and power is not None:
        delta = obj.counters.get("+1/+1", 0) - obj.counters.get("-1/-1", 0)
        power, toughness = power + delta, (toughness or 0) + delta
    elif not face.is_creature:
        power = toughness = None
    return Characteristics(
        name=face.name,
        types=face.types,
        subtypes=face.subtypes,
        supertypes=face.supertypes,
        colors=face.colors,
        keywords=counter_keywords(obj, tuple(face.keywords)),
        power=power,
        toughness=toughness,
        base_power=number(face.power) if face.is_creature else None,
        base_toughness=number(face.toughness) if face.is_creature else None,
        controller=obj.controller,
        protections=printed_protections(obj),
    )
