"""Protection (702.16): which qualities an object has protection from, and whether a given
source has one of them.

An object's protections are part of its characteristics (layer 6: printed ones from the
card data's ``protection`` list, granted ones from ``grant`` with ``protection_from`` and
``protection_from_chosen_color``), so every rule that asks reads the same answer:

- D, damage: damage from a source with the quality is prevented (702.16e): ops.damage and
  the combat damage step;
- E, enchanting / equipping: it can't be enchanted or equipped by an object with the
  quality (702.16c-d): the state-based action 704.5m-n (engine.rules.sba.attachments);
- B, blocking: it can't be blocked by a creature with the quality (702.16f): the
  combat rules;
- T, targeting: it can't be the target of a spell with the quality or an ability whose
  source has it (702.16b): engine.lang.targets.

A protection whose quality the card data doesn't give is ``None``: the rules above can't
apply it, so the combat rules and coverage name it as not simulated instead of guessing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.lang import filters


def qualities(game: Any, oid: int) -> tuple[Mapping[str, Any] | None, ...]:
    """The qualities ``oid`` has protection from now (its characteristics after the
    layers, 613: printed ones when no effect changes it). A quality the filters can't
    evaluate (a user card's unknown key) is unknown: None."""
    return tuple(
        None if q is None or filters.filter_missing(q) else q for q in game.chars(oid).protections
    )


def unknown(game: Any, oid: int) -> bool:
    """Whether ``oid`` has a protection whose quality the card data doesn't give."""
    return any(q is None for q in qualities(game, oid))


def protected_from(game: Any, oid: int, source: int | None) -> bool:
    """CR 702.16a: ``source`` has a quality ``oid`` has protection from (a red creature
    with protection from red is protected from itself too). A source id the game doesn't
    know has no quality to read."""
    if source is None or source not in game.objects:
        return False
    found = [q for q in qualities(game, oid) if q is not None]
    if not found:
        return False
    controller = game.obj(oid).controller
    return any(filters.matches(game, source, q, controller=controller, source=oid) for q in found)
