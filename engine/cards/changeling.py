"""Changeling (CR 702.73a): "This object is every creature type." A characteristic-defining
ability, so it works in all zones; it gives creature types only (205.3m), never an
artifact, land, enchantment, spell or planeswalker subtype.

The subtype filters (``subtypes``, ``subtypes_any``, ``not_subtypes``) read an object's
subtypes through ``has_subtype``, so "Elf you control" counts a changeling and
"non-Elf creature" excludes it.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.cards.creature_types import CREATURE_TYPES

_CREATURE_TYPES = frozenset(CREATURE_TYPES)
#: the creature types in lower case, for readers of card-data words ("sacrifice a goblin")
CREATURE_TYPES_LOWER = frozenset(t.lower() for t in CREATURE_TYPES)


def is_changeling(keywords: Iterable[str]) -> bool:
    return any(kw.lower() == "changeling" for kw in keywords)


def has_subtype(subtypes: Iterable[str], keywords: Iterable[str], subtype: str) -> bool:
    """``subtype`` is among ``subtypes``, or it is a creature type and the object has
    changeling (702.73a)."""
    if subtype in subtypes:
        return True
    return subtype in _CREATURE_TYPES and is_changeling(keywords)
