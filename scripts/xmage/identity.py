"""Color identity (CR 903.4) of a card, read from its XMage class as text.

CR 903.4: a card's color identity is the colors of the mana symbols in its mana cost and
rules text, plus the colors given by a color indicator or a characteristic-defining
ability; 903.4c: reminder text is ignored; 903.4d: the back face of a double-faced card counts.

The mana costs and colors of every face (color indicator and color CDAs included) come
from cards.json. The rules text is not in cards.json: it is read from the XMage class,
which builds it from code. What this module reads for sure:

- colored mana symbols in string literals (ability costs, "Add {G}", kicker costs, hybrid
  ``{G/W}``, ``{2/W}``, Phyrexian ``{G/P}``), reminder text in parentheses left out;
- the fixed mana abilities (``GreenManaAbility``: "{T}: Add {G}.") and the mana factories
  ``Mana.GreenMana(n)`` and ``ColoredManaSymbol.G`` (printed as a symbol);
- token classes the card creates, card-local or in the framework, read the same way (a
  token's rules text quoted on the card is rules text of the card);
- the melded back face (``meldsToClazz``).

Where the class builds text the importer cannot read for sure, the identity is *unknown*
(``None``) with the reason, never guessed: ``ManaType.GREEN`` and ``new Mana(0, ...)``
(numbers in code, may or may not be printed), ``setGreen(true)`` (a FilterMana or
ObjectColor: words or symbols), and a framework class whose own code holds colored mana
symbols (its text depends on code this reader does not run).
"""

from __future__ import annotations

import re
from collections.abc import Callable

COLORS = "WUBRG"

_COMMENT = re.compile(r'//[^\n]*|/\*.*?\*/|("(?:[^"\\\n]|\\.)*")', re.S)
_STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
_REMINDER = re.compile(r"<i>.*?</i>|\([^()]*\)", re.S)
#: a colored mana symbol: {G}, {G/W}, {2/W}, {G/P}, {G/W/P}, {C/G}
_SYMBOL = re.compile(r"\{([WUBRG]|[WUBRG2C]/[WUBRG]|[WUBRG]/[WUBRGP]|[WUBRG]/[WUBRG]/P)\}")
_MANA_ABILITY = re.compile(r"\b(White|Blue|Black|Red|Green)ManaAbility\b")
_MANA_FACTORY = re.compile(r"\bMana\.(White|Blue|Black|Red|Green)Mana\b")
#: a Mana object is mana an ability adds ("Add {R}{W}"): new Mana(W, U, B, R, G, generic,
#: any, colorless) with eight numbers, or new Mana(ManaType.RED / ColoredManaSymbol.R ...)
_MANA_NUMBERS = re.compile(r"\bnew\s+Mana\s*\(\s*(\d+(?:\s*,\s*\d+){7})\s*\)")
_MANA_OF = re.compile(
    r"\bnew\s+Mana\s*\(\s*(?:ManaType\.(WHITE|BLUE|BLACK|RED|GREEN)|ColoredManaSymbol\.([WUBRG]))\b"
)
_TYPE_WORD = {"WHITE": "W", "BLUE": "U", "BLACK": "B", "RED": "R", "GREEN": "G"}
#: markers whose color may be printed as a symbol or as a word: they decide nothing when
#: the card's identity has that color anyway, else the identity is unknown
_UNSURE = (
    (re.compile(r"\bManaType\.(WHITE|BLUE|BLACK|RED|GREEN)\b"), "type"),
    (re.compile(r"\bnew\s+Mana\s*\(\s*(\d)(?![\d\s]*(?:,\s*\d+\s*){7}\))"), "numbers"),
    (re.compile(r"\bset(White|Blue|Black|Red|Green)\s*\(\s*true"), "set"),
    (re.compile(r"\bColoredManaSymbol\.([WUBRG])\b"), "enum"),
)
_MAYBE: dict[str, Callable[[str], str]] = {
    "type": lambda g: _TYPE_WORD[g],
    "numbers": lambda g: COLORS,
    "set": lambda g: _WORD[g],
    "enum": lambda g: g,
}
#: ability classes whose colored code is machinery, not printed symbols, read one by one:
#: mana-cost parsers (the cost string is the card's literal), "one mana of any color"
#: (no symbol in the text), conditions and counts that take the color from the card's
#: arguments (read there), and "becomes a Forest" (a land type word; 305.7)
GENERIC = frozenset(
    {
        "ManaCostsImpl",
        "ManaCostImpl",
        "AnyColorManaAbility",
        "AddManaOfAnyColorEffect",
        "AddManaInAnyCombinationEffect",
        "AddManaOfTwoDifferentColorsEffect",
        "AddManaOfAnyTypeProducedEffect",
        "AnyColorPermanentTypesManaAbility",
        "AnyColorCardInYourGraveyardManaAbility",
        "LimitedTimesPerTurnActivatedManaAbility",
        "CommanderColorIdentityManaAbility",
        "DevotionCount",
        "AdamantCondition",
        "ManaWasSpentCondition",
        "TwoOfManaColorSpentCondition",
        "EachTwoManaSpentToCastValue",
        "BecomesBasicLandTargetEffect",
        "AddBasicLandTypeAllLandsEffect",
        "BecomesBasicLandEnchantedEffect",
        "BecomesAllBasicsControlledEffect",
        "NonbasicLandsAreMountainsEffect",
    }
)
#: base classes of tokens: no rules text of their own
_BASES = {"Token", "TokenImpl"}
_CLASS_REF = re.compile(r"\b([A-Z]\w*)\b")
_MELDS_TO = re.compile(r"meldsToClazz\s*=\s*(?:mage\.cards\.[a-z0-9]\.)?(\w+)\.class")
_WORD = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G"}
#: framework classes whose text holds colored symbols, with what they add for sure
KNOWN: dict[str, str] = {f"{w}ManaAbility": c for w, c in _WORD.items()}


def code_only(text: str) -> str:
    """The Java text without comments (string literals kept)."""
    return _COMMENT.sub(lambda m: m.group(1) or " ", text)


def literal_colors(code: str) -> set[str]:
    """Colors of the mana symbols in the string literals, reminder text left out (903.4c)."""
    found: set[str] = set()
    for lit in _STRING.findall(code):
        for sym in _SYMBOL.findall(_REMINDER.sub("", lit)):
            found.update(c for c in sym if c in COLORS)
    return found


def colored_markers(code: str) -> set[str]:
    """Colors an ability class's code may print as symbols."""
    found = literal_colors(code)
    found.update(_WORD[w] for w in _MANA_ABILITY.findall(code))
    found.update(_WORD[w] for w in _MANA_FACTORY.findall(code))
    for rx, kind in _UNSURE:
        if kind != "set":
            for m in rx.finditer(code):
                found.update(_MAYBE[kind](m.group(1)))
    return found


def base_identity(rec: dict) -> str:
    """The part of the identity cards.json gives: the colors (color indicator, color CDAs)
    and the mana-cost symbols of every face (903.4), WUBRG-ordered."""
    found: set[str] = set()
    for face in [rec, *(rec.get("faces") or [])]:
        found.update(c for c in face.get("colors") or () if c in COLORS)
        for sym in _SYMBOL.findall(face.get("mana_cost") or ""):
            found.update(c for c in sym if c in COLORS)
    return "".join(c for c in COLORS if c in found)


class IdentityReader:
    """Reads class texts; ``framework(cls)`` and ``card(cls)`` give a class's text or None."""

    def __init__(
        self,
        framework: Callable[[str], str | None],
        card: Callable[[str], str | None],
        package: Callable[[str], str],
    ) -> None:
        self.framework = framework
        self.card_text = card
        self.package = package
        self._colored: dict[str, set[str]] = {}

    def _fw_colors(self, cls: str) -> set[str]:
        """Colors an ability class's own code may print (its arguments are the card's)."""
        if cls not in self._colored:
            text = self.framework(cls)
            self._colored[cls] = colored_markers(code_only(text)) if text else set()
        return self._colored[cls]

    def text_colors(
        self, text: str, depth: int = 0, token: bool = False
    ) -> tuple[set[str], set[str], str | None]:
        """Colors of the rules text built by one class text -> (sure colors, colors that
        may or may not be printed as symbols, unknown reason). In a token class,
        ``color.setGreen(true)`` is the token's color, which the card names in words ("a
        green Saproling"), not a mana symbol: it is not counted."""
        code = code_only(text)
        found = literal_colors(code)
        found.update(_WORD[w] for w in _MANA_ABILITY.findall(code))
        found.update(_WORD[w] for w in _MANA_FACTORY.findall(code))
        for nums in _MANA_NUMBERS.findall(code):
            n = [int(x) for x in nums.split(",")]
            found.update(c for c, k in zip(COLORS, n[:5], strict=True) if k)
        for typ, sym in _MANA_OF.findall(code):
            found.add(_TYPE_WORD[typ] if typ else sym)
        code = _MANA_OF.sub("new Mana(", code)
        maybe: set[str] = set()
        for rx, kind in _UNSURE:
            if token and kind == "set":
                continue
            for m in rx.finditer(code):
                maybe.update(_MAYBE[kind](m.group(1)))
        names = set(_CLASS_REF.findall(code)) - set(re.findall(r"\bclass\s+(\w+)", code))
        for cls in sorted(names - _BASES):
            if cls in KNOWN or cls in GENERIC or self.framework(cls) is None:
                continue
            pkg = self.package(cls)
            if pkg.startswith("game.permanent.token"):
                if depth > 3:
                    return found, maybe, f"token {cls} nested too deep"
                more, more_maybe, why = self.text_colors(self.framework(cls) or "", depth + 1, True)
                found |= more
                maybe |= more_maybe
                if why:
                    return found, maybe, f"{cls}: {why}"
            elif pkg.startswith("abilities") and not pkg.startswith("abilities.keyword"):
                maybe |= self._fw_colors(cls)
        for back in _MELDS_TO.findall(code):
            other = self.card_text(back)
            if other is None or depth > 0:
                return found, maybe, f"melded card {back} not read"
            more, more_maybe, why = self.text_colors(other, depth + 1)
            found |= more
            maybe |= more_maybe
            if why:
                return found, maybe, f"{back}: {why}"
        return found, maybe, None

    def identity(self, text: str, rec: dict | None) -> tuple[str | None, str | None]:
        """(identity as a WUBRG-ordered string, or None when unknown; the reason)."""
        if rec is None:
            return None, "no cards.json record (mana costs, colors)"
        found = set(base_identity(rec))
        more, maybe, why = self.text_colors(text)
        if why:
            return None, why
        found |= more
        if maybe - found:
            return None, "code may print " + "".join(c for c in COLORS if c in maybe - found)
        return "".join(c for c in COLORS if c in found), None
