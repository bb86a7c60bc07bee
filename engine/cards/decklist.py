"""Decklist parsing: plain, MTG Arena, MTGO .txt and Moxfield exports.

Accepted lines: ``4 Lightning Bolt``, ``4x Lightning Bolt``, ``4 x Lightning Bolt``,
Arena ``4 Lightning Bolt (M11) 146`` (with optional ``*F*`` markers), ``SB: 2 Name``
and a bare ``Lightning Bolt`` (one copy). Section headers ``Deck``/``Main``,
``Sideboard``/``SIDEBOARD:``, ``Commander``, ``Companion``, ``Maybeboard`` (also as
``// Sideboard`` comments); ``About``/``Name`` blocks are skipped. Without headers, a
blank line after the main deck starts the sideboard (MTGO). ``#`` and ``//`` start
comments. All line errors are collected and raised together as one ``DecklistError``.
Sizes are capped up front so a huge paste fails fast instead of hanging.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from string import ascii_letters

from engine.base import limits
from engine.cards.carddb import CardPool, default_pool, normalize_name

__all__ = [
    "MAX_COUNT_PER_LINE",
    "MAX_INPUT_CHARS",
    "MAX_TOTAL_CARDS",
    "Decklist",
    "DecklistError",
    "LineError",
    "parse_decklist",
]

MAX_INPUT_CHARS = limits.DECKLIST_MAX_CHARS
MAX_COUNT_PER_LINE = limits.DECKLIST_MAX_COUNT_PER_LINE
MAX_TOTAL_CARDS = limits.DECKLIST_MAX_TOTAL_CARDS
MAX_LINE_CHARS = limits.DECKLIST_MAX_LINE_CHARS  # the longest card name is ~140 characters
MAX_ERRORS = limits.DECKLIST_MAX_ERRORS
MAX_SUGGESTED = limits.DECKLIST_MAX_SUGGESTED

_SECTIONS = {
    "deck": "main",
    "main": "main",
    "maindeck": "main",
    "main deck": "main",
    "mainboard": "main",
    "sideboard": "sideboard",
    "side": "sideboard",
    "sb": "sideboard",
    "commander": "commander",
    "commanders": "commander",
    "companion": "companion",
    "maybeboard": "maybeboard",
    "maybe": "maybeboard",
    "considering": "maybeboard",
    "about": "about",
}
# Lines are taken apart with str methods and one-token regexes only: user text never
# meets a pattern that can backtrack (the old header pattern was cubic).
_SB_PREFIX = re.compile(r"SB:\s*", re.IGNORECASE)  # anchored, one token: linear
_WORD = re.compile(r"\S+")
_SET_CODE = re.compile(r"\([A-Za-z0-9_]{2,8}\)")  # fullmatch on one token
_FOIL = re.compile(r"\*[A-Za-z]+\*")  # fullmatch on one token
_LETTERS = frozenset(ascii_letters)


@dataclass(frozen=True, slots=True)
class LineError:
    """What is wrong with one line (``line_no`` counts from 1; 0 = the whole input)."""

    line_no: int
    text: str
    message: str
    suggestions: tuple[str, ...] = ()

    def __str__(self) -> str:
        where = f"line {self.line_no}"
        msg = self.message
        if self.line_no and where not in msg:
            msg = f"{where}: {msg}"
        if self.text:
            msg += f" ({self.text!r})"
        if self.suggestions:
            msg += "; did you mean: " + ", ".join(self.suggestions)
        return msg


class DecklistError(ValueError):
    """The decklist has problems; ``.errors`` lists every one of them."""

    def __init__(self, errors: list[LineError]) -> None:
        self.errors = list(errors)
        super().__init__(self.__str__())

    def __str__(self) -> str:
        n = len(self.errors)
        head = f"{n} problem{'s' if n != 1 else ''} in the decklist:"
        return "\n".join([head, *(f"  {e}" for e in self.errors)])


@dataclass
class Decklist:
    """Parsed deck: ``(count, canonical name)`` pairs per section, in listed order."""

    main: list[tuple[int, str]] = field(default_factory=list)
    sideboard: list[tuple[int, str]] = field(default_factory=list)
    commander: list[tuple[int, str]] = field(default_factory=list)
    companion: list[tuple[int, str]] = field(default_factory=list)
    maybeboard: list[tuple[int, str]] = field(default_factory=list)

    @property
    def total(self) -> int:
        """Cards in the deck: main, sideboard, commander and companion (not the maybeboard)."""
        return sum(
            n for sec in (self.main, self.sideboard, self.commander, self.companion) for n, _ in sec
        )

    def to_text(self) -> str:
        """Arena-style text that :func:`parse_decklist` reads back."""
        parts: list[str] = []
        for title, sec in (
            ("Commander", self.commander),
            ("Companion", self.companion),
            ("Deck", self.main),
            ("Sideboard", self.sideboard),
            ("Maybeboard", self.maybeboard),
        ):
            if sec:
                parts.append("\n".join([title, *(f"{n} {name}" for n, name in sec)]))
        return "\n\n".join(parts) + ("\n" if parts else "")


def _header(line: str) -> str | None:
    """The section a header line starts (``"Sideboard"``, ``"SIDEBOARD:"``, ``"// Sideboard"``,
    ``"Deck (60)"``): letters and spaces, then an optional ``(n)`` and ``:``."""
    text = line.lstrip("/#").strip() if line.startswith(("//", "#")) else line
    if text.endswith(":"):
        text = text[:-1].rstrip()
    if text.endswith(")"):
        start = text.rfind("(")
        if start < 0 or not text[start + 1 : -1].isdecimal():
            return None
        text = text[:start].rstrip()
    if not text or text[0] not in _LETTERS or not all(c in _LETTERS or c == " " for c in text):
        return None
    return _SECTIONS.get(" ".join(text.lower().split()))


def _split_count(line: str) -> tuple[str, str] | None:
    """``"4 Name"``, ``"4x Name"``, ``"4 x Name"``, ``"-1 Name"`` -> (digits, rest)."""
    i = 1 if line.startswith("-") else 0
    j = i
    while j < len(line) and line[j].isdecimal():
        j += 1
    if j == i:
        return None
    digits, rest = line[:j], line[j:]
    stripped = rest.lstrip()
    if stripped[:1] in ("x", "X"):
        after = stripped[1:]
        if after[:1].isspace() and after.strip():
            return digits, after.strip()
    if rest[:1].isspace() and stripped:
        return digits, stripped
    return None


def _strip_suffix(name: str, *, arena: bool) -> str:
    """``name`` without a trailing Arena ``(SET) 123 *F*`` (``arena``) or ``*F*`` markers.

    Works on whitespace-separated tokens, so it is linear in the name; returns ``name``
    unchanged when there is no such suffix (the first token is never removed).
    """
    spans = [m.span() for m in _WORD.finditer(name)]
    words = [name[a:b] for a, b in spans]
    i = len(words)
    while i > 1 and _FOIL.fullmatch(words[i - 1]):
        i -= 1
    cut = i
    if arena:
        if i > 1 and _SET_CODE.fullmatch(words[i - 1]):
            cut = i - 1
        elif i > 2 and "(" not in words[i - 1] and ")" not in words[i - 1]:
            cut = i - 2 if _SET_CODE.fullmatch(words[i - 2]) else len(words)
        else:
            cut = len(words)
    if cut >= len(words) or cut < 1:
        return name
    return name[: spans[cut - 1][1]]


def _lookup(pool: CardPool, name: str) -> str | None:
    """Canonical name, trying the text as is, then without an Arena set/number suffix."""
    found = pool.find(name)
    if found is None:
        stripped = _strip_suffix(name, arena=True)
        if stripped == name:
            stripped = _strip_suffix(name, arena=False)
        if stripped != name and stripped:
            found = pool.find(stripped)
    return None if found is None else found.name


def parse_decklist(text: str, pool: CardPool | None = None) -> Decklist:
    """Parse a pasted decklist; raises :class:`DecklistError` listing every bad line."""
    if not isinstance(text, str):
        raise DecklistError([LineError(0, "", f"expected text, got {type(text).__name__}")])
    if len(text) > MAX_INPUT_CHARS:
        raise DecklistError(
            [
                LineError(
                    0, "", f"input is {len(text):,} characters; the limit is {MAX_INPUT_CHARS:,}"
                )
            ]
        )
    pool = pool or default_pool()
    deck = Decklist()
    merged: dict[str, dict[str, int]] = {}  # section -> name -> index in its list
    errors: list[LineError] = []
    section = "main"
    explicit = False  # a header was seen: blank lines no longer switch to the sideboard
    seen_cards = False
    total = 0
    total_reported = False
    for line_no, raw in enumerate(text.splitlines(), start=1):
        if len(errors) >= MAX_ERRORS:
            errors.append(LineError(line_no, "", "too many problems; stopped reading here"))
            break
        line = raw.strip()
        if not line:
            if not explicit and seen_cards and section == "main":
                section = "sideboard"
            continue
        comment = line.startswith(("#", "//"))
        if len(line) > MAX_LINE_CHARS:  # first: nothing else looks at a long line
            if comment or section == "about":
                continue  # a long comment or description is not a card and not a header
            shown = line[:77] + "..."
            errors.append(LineError(line_no, shown, "line is too long to be a card"))
            continue
        head = _header(line)
        if head is not None:
            section, explicit = head, True
            continue
        if comment or section == "about":
            continue
        shown = line if len(line) <= 80 else line[:77] + "..."
        target = section
        sb = _SB_PREFIX.match(line)
        if sb:
            line, target = line[sb.end() :], "sideboard"
        m = _split_count(line)
        if m:
            digits, name = m
            if len(digits) > 6 and not digits.startswith("-"):
                errors.append(
                    LineError(
                        line_no,
                        shown,
                        f"count {digits} on line {line_no} is too large (max {MAX_COUNT_PER_LINE})",
                    )
                )
                continue
            count = int(digits) if len(digits) <= 7 else -1
        else:
            count, name = 1, line
        if count < 1:
            errors.append(
                LineError(line_no, shown, f"count {count} on line {line_no} must be at least 1")
            )
            continue
        if count > MAX_COUNT_PER_LINE:
            errors.append(
                LineError(
                    line_no,
                    shown,
                    f"count {count} on line {line_no} is too large (max {MAX_COUNT_PER_LINE})",
                )
            )
            continue
        canonical = _lookup(pool, name)
        if canonical is None and m is not None:
            canonical = _lookup(pool, line)  # a name that starts with a number
            if canonical is not None:
                count = 1
        if canonical is None:
            bare = normalize_name(_strip_suffix(name, arena=True)) or name
            sugg = pool.suggest(bare) if len(errors) < MAX_SUGGESTED else []
            errors.append(LineError(line_no, shown, f"unknown card {bare!r}", tuple(sugg)))
            continue
        seen_cards = True
        if target != "maybeboard":
            total += count
            if total > MAX_TOTAL_CARDS and not total_reported:
                total_reported = True
                errors.append(
                    LineError(
                        line_no,
                        shown,
                        f"the deck passes {MAX_TOTAL_CARDS} "
                        f"cards on line {line_no} (max {MAX_TOTAL_CARDS})",
                    )
                )
        cards: list[tuple[int, str]] = getattr(deck, target)
        index = merged.setdefault(target, {})
        if canonical in index:
            i = index[canonical]
            cards[i] = (cards[i][0] + count, canonical)
        else:
            index[canonical] = len(cards)
            cards.append((count, canonical))
    if errors:
        raise DecklistError(errors)
    return deck
