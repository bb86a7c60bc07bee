"""Short spell filters of the card data ("instant or sorcery", "mana value >= 6",
"colorless, mana value >= 7", "Sliver") tested on a card face, so cascade grants apply to
the right spells and target restrictions in words restrict what they say.

The words are read by the one reader of filters in words (``filters.words_to_filter``);
this module only tests the filter it gives on a face and a mana value (a spell being cast
is no permanent yet). A filter we can't read, or a key a face doesn't answer, gives None:
a cascade grant is then NOT applied and the log says so, rather than guessing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from engine.cards import changeling
from engine.lang import filters

if TYPE_CHECKING:
    from engine.cards.definitions import Face

_PERMANENT_TYPES = frozenset(
    {"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"}
)


def _subtype(face: Face, t: str) -> bool:
    return changeling.has_subtype(face.subtypes, face.keywords, t)  # 702.73a


_FACE_KEYS: dict[str, Callable[[Face, int, Any], bool | None]] = {
    "types": lambda f, mv, v: set(v) <= set(f.types),
    "types_any": lambda f, mv, v: bool(set(v) & set(f.types)),
    "not_types": lambda f, mv, v: not (set(v) & set(f.types)),
    "subtypes": lambda f, mv, v: all(_subtype(f, t) for t in v),
    "subtypes_any": lambda f, mv, v: any(_subtype(f, t) for t in v),
    "supertypes": lambda f, mv, v: set(v) <= set(f.supertypes),
    "colorless": lambda f, mv, v: (not f.colors) == v,
    "colors_any": lambda f, mv, v: bool(set(v) & set(f.colors)),
    "mv": lambda f, mv, v: filters.compare(mv, v),
    "permanent_card": lambda f, mv, v: bool(set(f.types) & _PERMANENT_TYPES) == v,
    "name": lambda f, mv, v: f.name == v,
    "not": lambda f, mv, v: _negate(face_matches(f, mv, v)),
    "or": lambda f, mv, v: _any(face_matches(f, mv, sub) for sub in v),
    "and": lambda f, mv, v: _all(face_matches(f, mv, sub) for sub in v),
}


def _negate(r: bool | None) -> bool | None:
    return None if r is None else not r


def _any(rs: Any) -> bool | None:
    got = list(rs)
    return None if None in got else any(got)


def _all(rs: Any) -> bool | None:
    got = list(rs)
    return None if None in got else all(got)


def face_matches(face: Face, mana_value: int, flt: Mapping[str, Any]) -> bool | None:
    """Whether a face (with this mana value) passes a filter dict; None when a key of it
    is not one a face answers."""
    results = []
    for k, v in flt.items():
        test = _FACE_KEYS.get(k)
        if test is None:
            return None
        results.append(test(face, mana_value, v))
    return _all(results)


def matches(face: Face, mana_value: int, text: str) -> bool | None:
    """True/False when the filter is understood; None when it isn't (commas mean AND)."""
    text = (text or "").strip()
    if not text:
        return True
    flt = filters.words_to_filter(text)
    return None if flt is None else face_matches(face, mana_value, flt)
