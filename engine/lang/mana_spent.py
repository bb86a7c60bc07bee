"""What was spent to cast a spell (CR 601.2h), as the card language reads it: converge and
sunburst ("colors of mana spent", 702.44a), "X is the amount of mana spent", adamant (207.2c:
three mana of one color), "if {R} was spent" (engine.lang.values, engine.lang.conditions).

Real payment (engine.rules.payment) records it on the spell and in the cast facts its permanent
keeps (``cast_info["mana_spent"]``: mana, amount, by_color, colors, sources). A scenario
that assumes mana paid (its ``"mana"`` setting, the default) records nothing: there what was
spent is unknown, and the parts that read it are not simulated (``spent_missing``).
"""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["ASSUMED", "reads_spent", "real", "spent_missing", "spent_of"]


def real(game: Any) -> bool:
    """Whether this game pays mana for real (the scenario's ``"mana": "paid"``)."""
    return getattr(game.scenario, "mana", "assumed") == "paid"


#: why "the mana spent to cast it" can't be read in a scenario that assumes mana paid
ASSUMED = (
    'the mana spent to cast it (this scenario assumes mana paid: its "mana" setting is "assumed")'
)
_NOTHING = {"mana": "", "amount": 0, "by_color": {}, "colors": [], "sources": []}


_READS_SPENT = re.compile(r'"(colors_of_mana_spent|mana_spent|adamant)"')


def reads_spent(entry: Any) -> bool:
    """Whether card data reads the mana spent to cast it (converge, sunburst, adamant, "if
    {R} was spent", "X is the amount of mana spent")."""
    return bool(_READS_SPENT.search(json.dumps(entry, sort_keys=True, default=str)))


def spent_missing(game: Any) -> str | None:
    """What keeps "the mana spent to cast it" unknown in this game, or None."""
    return None if real(game) else ASSUMED


def spent_of(game: Any, oid: int | None) -> dict[str, Any]:
    """What was spent to cast the object (the spell, or the permanent it became: the cast
    facts stay with it until it changes zones, 400.7); nothing for an object that wasn't
    cast, or was cast without paying any mana (601.2h, 118.9)."""
    info = (game.cast_info.get(oid) or {}) if oid is not None else {}
    return info.get("mana_spent") or _NOTHING
