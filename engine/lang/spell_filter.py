"""Reading the short spell filters of the card data ("instant or sorcery", "mana value >= 6",
"colorless, mana value >= 7", "Sliver"), so cascade grants apply to the right spells.

A filter we can't read answers None: the grant is then NOT applied and the log says
so, rather than guessing.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from engine.cards import changeling

if TYPE_CHECKING:
    from engine.cards.definitions import Face

_MV = re.compile(r"^mana value\s*(<=|>=|<|>|=)\s*(\d+)$|^mana value (\d+) or (greater|more|less)$")
_TYPES = {
    "artifact",
    "creature",
    "enchantment",
    "instant",
    "land",
    "planeswalker",
    "sorcery",
    "battle",
    "kindred",
}
_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _term(face: Face, mana_value: int, term: str) -> bool | None:
    term = term.strip().lower().removesuffix(" spells").removesuffix(" spell")
    m = _MV.match(term)
    if m:
        if m.group(1):
            op, n = m.group(1), int(m.group(2))
        else:
            n, op = int(m.group(3)), {"greater": ">=", "more": ">=", "less": "<="}[m.group(4)]
        return {
            "<=": mana_value <= n,
            ">=": mana_value >= n,
            "<": mana_value < n,
            ">": mana_value > n,
            "=": mana_value == n,
        }[op]
    if " or " in term:
        parts = [_term(face, mana_value, p) for p in term.split(" or ")]
        return None if None in parts else any(parts)
    if term.startswith("non"):
        inner = _term(face, mana_value, term[3:].lstrip("-"))
        return None if inner is None else not inner
    if term.rstrip("s") in _TYPES or term == "sorceries":
        word = "sorcery" if term == "sorceries" else term.rstrip("s")
        return word.capitalize() in face.types
    if term == "colorless":
        return not face.colors
    if term in _COLORS:
        return _COLORS[term] in face.colors
    if any(
        changeling.has_subtype(face.subtypes, face.keywords, t)  # 702.73a
        for t in (term.capitalize(), term.rstrip("s").capitalize())
    ):
        return True
    if term and term[0].isalpha() and term.isalpha() and term.capitalize() == term.title():
        return term.capitalize() in face.subtypes or None
    return None


def matches(face: Face, mana_value: int, text: str) -> bool | None:
    """True/False when the filter is understood; None when it isn't (commas mean AND)."""
    text = (text or "").strip()
    if not text:
        return True
    results = [_term(face, mana_value, t) for t in text.split(",")]
    if None in results:
        return None
    return all(results)
