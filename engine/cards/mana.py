"""Mana costs: parsing ``{2}{W/U}{G/P}`` text and computing mana value (CR 202.3).

Pure stdlib so it runs under Pyodide. A :class:`ManaCost` is an immutable tuple of
symbols (without braces); the text form is rebuilt from them, so parsing and
formatting round-trip exactly for canonical input.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = [
    "COLORS",
    "ManaCost",
    "format_mana_cost",
    "parse_mana_cost",
    "parse_optional_mana_cost",
    "symbol_colors",
    "symbol_mana_value",
]

#: The five colors in WUBRG order (the order colors are listed in, CR 105.1 / 204).
COLORS: tuple[str, ...] = ("W", "U", "B", "R", "G")
_COLOR_SET = frozenset(COLORS)
#: Variable symbols: 0 off the stack, the announced value on the stack (CR 202.3e, 107.3).
_VARIABLES = frozenset({"X", "Y", "Z"})
_BRACED = re.compile(r"\{([^{}]*)\}")
_GENERIC = re.compile(r"\d{1,4}")


def _check_symbol(sym: str) -> str:
    """Return the canonical (upper-case) symbol or raise ValueError naming it."""
    s = sym.strip().upper()
    if _GENERIC.fullmatch(s):
        return str(int(s))  # "{02}" -> "{2}"
    if s in _COLOR_SET or s in _VARIABLES or s in ("C", "S"):
        return s
    parts = s.split("/")
    if len(parts) == 2:
        a, b = parts
        # Hybrid {W/U}, two-brid {2/W}, colorless hybrid {C/W}, Phyrexian {G/P}.
        if a in _COLOR_SET and b in _COLOR_SET and a != b:
            return s
        if a == "2" and b in _COLOR_SET:
            return s
        if a == "C" and b in _COLOR_SET:
            return s
        if a in _COLOR_SET and b == "P":
            return s
    if len(parts) == 3:
        a, b, p = parts
        # Phyrexian hybrid {W/U/P}.
        if a in _COLOR_SET and b in _COLOR_SET and a != b and p == "P":
            return s
    raise ValueError(f"unknown mana symbol {{{sym}}}")


def symbol_mana_value(sym: str, x: int = 0, y: int = 0, z: int = 0) -> int:
    """Mana value of one canonical symbol (CR 202.3).

    Generic ``n`` counts n; ``{2/W}`` counts 2 (the larger half, CR 202.3f); every other
    hybrid, Phyrexian, colored, colorless or snow symbol counts 1; X/Y/Z count their value.
    """
    if sym.isdigit():
        return int(sym)
    if sym == "X":
        return x
    if sym == "Y":
        return y
    if sym == "Z":
        return z
    if sym.startswith("2/"):
        return 2
    return 1


def symbol_colors(sym: str) -> tuple[str, ...]:
    """The colors a symbol contributes to a card's color (CR 202.2), WUBRG order."""
    found = set(sym.split("/")) & _COLOR_SET
    return tuple(c for c in COLORS if c in found)


@dataclass(frozen=True, slots=True)
class ManaCost:
    """A parsed mana cost. ``symbols`` holds the symbols without braces, e.g. ``('X', '2/W')``."""

    symbols: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        """The cost in brace notation, e.g. ``"{X}{2/W}{G/P}"``; ``""`` for an empty cost."""
        return "".join("{" + s + "}" for s in self.symbols)

    @property
    def has_x(self) -> bool:
        """True when the cost contains a variable symbol (X, Y or Z)."""
        return any(s in _VARIABLES for s in self.symbols)

    @property
    def x_count(self) -> int:
        """How many ``{X}`` symbols the cost has ({X}{X} pays X twice)."""
        return sum(1 for s in self.symbols if s == "X")

    @property
    def colors(self) -> tuple[str, ...]:
        """Colors of the symbols in WUBRG order (CR 202.2)."""
        found: set[str] = set()
        for s in self.symbols:
            found.update(symbol_colors(s))
        return tuple(c for c in COLORS if c in found)

    def mana_value(self, x: int = 0, y: int = 0, z: int = 0) -> int:
        """Total mana value (CR 202.3). X/Y/Z are 0 unless given (on the stack, 202.3e)."""
        if x < 0 or y < 0 or z < 0:
            raise ValueError("X, Y and Z cannot be negative (CR 107.3)")
        return sum(symbol_mana_value(s, x, y, z) for s in self.symbols)

    def __str__(self) -> str:
        return self.text


def parse_mana_cost(text: str) -> ManaCost:
    """Parse brace notation such as ``"{X}{2/W}{G/P}"`` into a :class:`ManaCost`.

    Whitespace between symbols and lower-case letters are tolerated; anything outside
    braces or an unknown symbol raises ``ValueError`` naming it. ``""`` gives the empty
    cost; use :func:`parse_optional_mana_cost` when ``""`` means "no mana cost".
    """
    if not isinstance(text, str):
        raise ValueError(f"mana cost must be a string, not {type(text).__name__}")
    symbols: list[str] = []
    pos = 0
    for m in _BRACED.finditer(text):
        stray = text[pos : m.start()].strip()
        if stray:
            raise ValueError(f"unexpected text {stray!r} in mana cost {text!r}")
        symbols.append(_check_symbol(m.group(1)))
        pos = m.end()
    stray = text[pos:].strip()
    if stray:
        raise ValueError(f"unexpected text {stray!r} in mana cost {text!r}")
    return ManaCost(tuple(symbols))


def parse_optional_mana_cost(text: str | None) -> ManaCost | None:
    """Like :func:`parse_mana_cost`, but ``None``/``""`` mean "no mana cost" (CR 202.1b)."""
    if text is None or not text.strip():
        return None
    return parse_mana_cost(text)


def format_mana_cost(cost: ManaCost | None) -> str:
    """Brace text of a cost; ``""`` for a card with no mana cost."""
    return "" if cost is None else cost.text
