"""Card definitions: the printed facts of a card, shared by every copy (one per name).

``CardDef`` answers the rules questions the engine asks about a card that is not on
the stack (mana value, land-ness, what it can be cast as); the per-face facts live in
``Face``. Both round-trip through plain dicts (the bundled database uses the same
shape, minus defaults) and can be built from Scryfall card JSON.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.base import display, schema
from engine.cards.mana import COLORS, ManaCost, parse_optional_mana_cost

__all__ = [
    "LAYOUTS",
    "CardDef",
    "ChapterAbility",
    "Chapters",
    "Face",
    "format_type_line",
    "parse_type_line",
]

LAYOUTS: frozenset[str] = frozenset(schema.CARD_LAYOUTS)
#: Layouts whose second face is an alternative spell on the same card (CR 715 and kin).
_ADVENTURE_LIKE = frozenset({"adventure", "omen", "prepare"})
SUPERTYPES: frozenset[str] = frozenset(
    {"Basic", "Legendary", "Snow", "World", "Ongoing", "Elite", "Host"}
)
CARD_TYPES: frozenset[str] = frozenset(
    {
        "Artifact",
        "Battle",
        "Conspiracy",
        "Creature",
        "Dungeon",
        "Enchantment",
        "Instant",
        "Kindred",
        "Land",
        "Phenomenon",
        "Plane",
        "Planeswalker",
        "Scheme",
        "Sorcery",
        "Tribal",
        "Vanguard",
    }
)
#: CR 110.4: these card types make a permanent.
_PERMANENT_TYPES = frozenset(
    {"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"}
)
_DASH = re.compile(r"\s+[—–-]\s+|\s*—\s*")


def parse_type_line(type_line: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """Split ``"Legendary Creature — Elf Warrior"`` into (supertypes, types, subtypes).

    Accepts an em dash, en dash or spaced hyphen. Raises ``ValueError`` naming a word
    before the dash that is neither a supertype nor a card type.
    """
    if not isinstance(type_line, str) or not type_line.strip():
        raise ValueError("type line is empty")
    parts = _DASH.split(type_line.strip(), maxsplit=1)
    left = parts[0].split()
    sub = tuple(_join_multiword(parts[1].split())) if len(parts) > 1 else ()
    supers: list[str] = []
    types: list[str] = []
    for word in left:
        w = word[:1].upper() + word[1:].lower()
        if w in SUPERTYPES:
            supers.append(w)
        elif w in CARD_TYPES:
            types.append(w)
        else:
            raise ValueError(f"unknown type {word!r} in type line {type_line!r}")
    if not types:
        raise ValueError(f"type line {type_line!r} has no card type")
    return tuple(supers), tuple(types), sub


#: Subtypes printed as two words (CR 205.3m lists "Time Lord").
_MULTIWORD_SUBTYPES = {("Time", "Lord")}


def _join_multiword(words: list[str]) -> list[str]:
    out: list[str] = []
    for w in words:
        if out and (out[-1], w) in _MULTIWORD_SUBTYPES:
            out[-1] = f"{out[-1]} {w}"
        else:
            out.append(w)
    return out


def format_type_line(
    supertypes: tuple[str, ...], types: tuple[str, ...], subtypes: tuple[str, ...]
) -> str:
    """The printed type line, e.g. ``"Legendary Creature — Elf Warrior"`` (em dash)."""
    left = " ".join((*supertypes, *types))
    return f"{left} — {' '.join(subtypes)}" if subtypes else left


def _colors_in_order(colors: Any) -> tuple[str, ...]:
    found = set(colors or ())
    bad = found - set(COLORS)
    if bad:
        raise ValueError(f"unknown color(s) {sorted(bad)}; use W, U, B, R, G")
    return tuple(c for c in COLORS if c in found)


def _effects_arg(name: str, value: Any) -> Any:
    if value is None or isinstance(value, (dict, str)) or callable(value):
        return value
    raise ValueError(f"{name}: 'effects' must be an object (or its JSON text)")


def _opt_str(value: Any) -> str | None:
    return None if value is None else str(value)


@dataclass(frozen=True, slots=True)
class Face:
    """One face (or half) of a card: its own name, cost, types and numbers."""

    name: str
    mana_cost: ManaCost | None = None
    type_line: str = ""
    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    colors: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()

    def mana_value(self, x: int = 0) -> int:
        """This face's mana value (CR 202.3); 0 when it has no mana cost (CR 202.3a)."""
        return 0 if self.mana_cost is None else self.mana_cost.mana_value(x)

    @property
    def is_land(self) -> bool:
        return "Land" in self.types

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types

    @property
    def is_instant(self) -> bool:
        return "Instant" in self.types

    @property
    def is_sorcery(self) -> bool:
        return "Sorcery" in self.types

    @property
    def is_permanent(self) -> bool:
        """CR 110.4: artifact, battle, creature, enchantment, land or planeswalker."""
        return not _PERMANENT_TYPES.isdisjoint(self.types)

    @property
    def is_saga(self) -> bool:
        return "Saga" in self.subtypes

    @property
    def is_aura(self) -> bool:
        return "Aura" in self.subtypes

    @property
    def has_x(self) -> bool:
        return self.mana_cost is not None and self.mana_cost.has_x

    def to_dict(self, compact: bool = False) -> dict[str, Any]:
        """Plain-dict form (cards.json face shape). ``compact`` drops defaults and the
        type word lists (they are re-derived from ``type_line``)."""
        d: dict[str, Any] = {
            "name": self.name,
            "mana_cost": "" if self.mana_cost is None else self.mana_cost.text,
            "type_line": self.type_line,
        }
        if not compact or _type_lists_differ(self):
            d.update(
                supertypes=list(self.supertypes),
                types=list(self.types),
                subtypes=list(self.subtypes),
            )
        for key in ("power", "toughness", "loyalty"):
            value = getattr(self, key)
            if value is not None or not compact:
                d[key] = value
        if not compact or self.colors != _derived_colors(self.mana_cost):
            d["colors"] = list(self.colors)
        if self.keywords or not compact:
            d["keywords"] = list(self.keywords)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Face:
        """Build a face from its dict; missing type lists are parsed from ``type_line`` and
        missing colors derived from the mana cost. Raises ``ValueError`` on bad input."""
        if not isinstance(d, dict):
            raise ValueError(f"a face must be an object, not {type(d).__name__}")
        name = d.get("name")
        if not isinstance(name, str) or not name.strip():
            raise ValueError("card face is missing 'name'")
        try:
            cost = parse_optional_mana_cost(d.get("mana_cost"))
        except ValueError as exc:
            raise ValueError(f"{name}: bad mana_cost: {exc}") from None
        type_line = d.get("type_line")
        if "types" in d:
            supers = tuple(d.get("supertypes") or ())
            types = tuple(d.get("types") or ())
            subs = tuple(d.get("subtypes") or ())
            if not type_line:
                type_line = format_type_line(supers, types, subs)
        else:
            if not isinstance(type_line, str) or not type_line:
                raise ValueError(f"{name}: missing 'type_line'")
            try:
                supers, types, subs = parse_type_line(type_line)
            except ValueError as exc:
                raise ValueError(f"{name}: bad type_line: {exc}") from None
        colors = (
            _colors_in_order(d["colors"]) if d.get("colors") is not None else _derived_colors(cost)
        )
        return cls(
            name=name,
            mana_cost=cost,
            type_line=type_line,
            supertypes=supers,
            types=types,
            subtypes=subs,
            power=_opt_str(d.get("power")),
            toughness=_opt_str(d.get("toughness")),
            loyalty=_opt_str(d.get("loyalty")),
            colors=colors,
            keywords=tuple(d.get("keywords") or ()),
        )


def _type_lists_differ(face: Face) -> bool:
    """True when ``type_line`` alone would not rebuild the face's type lists."""
    try:
        return parse_type_line(face.type_line) != (face.supertypes, face.types, face.subtypes)
    except ValueError:
        return True


def _derived_colors(cost: ManaCost | None) -> tuple[str, ...]:
    return () if cost is None else cost.colors


@dataclass(frozen=True, slots=True)
class ChapterAbility:
    """One chapter ability of a Saga (CR 714.2); shared abilities list several chapters."""

    chapters: tuple[int, ...]
    ops: tuple[dict, ...] = field(default=(), hash=False)
    approx: bool = False

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"chapters": list(self.chapters), "ops": [dict(o) for o in self.ops]}
        if self.approx:
            d["approx"] = True
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> ChapterAbility:
        chapters = tuple(int(n) for n in d.get("chapters") or ())
        if not chapters:
            raise ValueError("chapter ability has no chapter numbers")
        return cls(chapters, tuple(dict(o) for o in d.get("ops") or ()), bool(d.get("approx")))


@dataclass(frozen=True, slots=True)
class Chapters:
    """A Saga's chapters: how many (its final chapter number, CR 714.2c) and their abilities."""

    count: int
    abilities: tuple[ChapterAbility, ...] = ()

    def for_chapter(self, n: int) -> tuple[ChapterAbility, ...]:
        """The abilities that trigger when lore counters reach chapter ``n`` (CR 714.2b)."""
        return tuple(a for a in self.abilities if n in a.chapters)

    def to_dict(self) -> dict[str, Any]:
        return {"count": self.count, "abilities": [a.to_dict() for a in self.abilities]}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Chapters:
        count = d.get("count")
        if not isinstance(count, int) or count < 1:
            raise ValueError(f"chapters need a positive 'count', got {count!r}")
        return cls(count, tuple(ChapterAbility.from_dict(a) for a in d.get("abilities") or ()))


# Card-level keys that describe the front face for single-face cards.
_FACE_KEYS = (
    "mana_cost",
    "type_line",
    "supertypes",
    "types",
    "subtypes",
    "power",
    "toughness",
    "loyalty",
    "colors",
)


@dataclass(frozen=True, slots=True)
class CardDef:
    """The facts of one card name (``"Fire // Ice"``), shared by every copy of it."""

    name: str
    layout: str = "normal"
    faces: tuple[Face, ...] = ()
    keywords: tuple[str, ...] = ()
    cascade: int = 0
    grants_cascade: bool = False
    discover: int | str | None = None
    discover_when: str | None = None
    chapters: Chapters | None = None
    read_ahead: bool = False
    #: The effects entry: a dict, its JSON text, or a function returning that text (the
    #: bundled pool: engine/cards/carddb.py); decoded on first use, since decoding all ~31k
    #: entries eagerly would triple the cold pool load.
    effects_raw: dict | str | Callable[[], str | None] | None = field(
        default=None, hash=False, compare=False, repr=False
    )
    funny: bool = False
    digital_only: bool = False
    #: Color identity (CR 903.4), WUBRG-ordered; None when not known (the bundled pool
    #: has it where scripts/import_xmage.py could read every mana symbol of the card).
    color_identity: tuple[str, ...] | None = None

    @property
    def effects(self) -> dict | None:
        """The structured effects entry (effects.json shape), parsed on first use."""
        raw = self.effects_raw
        if type(raw) is dict:  # parsed already (or given as a dict): the rules ask often
            return raw
        bundled = callable(raw)  # the bundled pool's own data (built and tested), not input
        value = raw() if callable(raw) else raw
        if bundled and value is None:
            object.__setattr__(self, "effects_raw", None)
        if isinstance(value, str):
            try:
                parsed = json.loads(value)
            except ValueError as exc:
                raise ValueError(f"{self.name}: effects are not valid JSON: {exc}") from None
            if not bundled:  # JSON text given by a user: checked as the dict would be
                schema.check(schema.EFFECTS, parsed, f"{self.name[:80]}.effects")
            if not isinstance(parsed, dict):
                raise ValueError(f"{self.name}: effects must be an object")
            object.__setattr__(self, "effects_raw", parsed)  # a cache of the same value
            return parsed
        return value

    def __post_init__(self) -> None:
        if not self.faces:
            raise ValueError(f"{self.name}: a card needs at least one face")
        if self.layout not in LAYOUTS:
            raise ValueError(f"{self.name}: unknown layout {self.layout!r}")

    @property
    def front(self) -> Face:
        """The front (main) face: the creature of an adventurer, the left half of a split card."""
        return self.faces[0]

    @property
    def is_split(self) -> bool:
        return self.layout == "split"

    @property
    def mana_value(self) -> int:
        """Mana value off the stack (CR 202.3): split cards add both halves (709.4); every
        other layout uses the front face (712 DFCs, 715 adventurers, flip, meld)."""
        if self.layout == "split":
            return sum(f.mana_value() for f in self.faces)
        return self.front.mana_value()

    @property
    def is_land(self) -> bool:
        """Land off the stack: the front face, or for split cards either half."""
        if self.layout == "split":
            return any(f.is_land for f in self.faces)
        return self.front.is_land

    @property
    def colors(self) -> tuple[str, ...]:
        """Colors off the stack: split cards have both halves' colors (709.4), others the front."""
        if self.layout != "split":
            return self.front.colors
        found = {c for f in self.faces for c in f.colors}
        return tuple(c for c in COLORS if c in found)

    @property
    def face_identity(self) -> tuple[str, ...]:
        """The part of the color identity the faces show (903.4, 903.4d): every face's
        colors (color indicator, color-setting abilities) and mana-cost colors. The rules
        text can add more: ``color_identity`` is the whole, when known."""
        found = {c for f in self.faces for c in f.colors}
        found.update(c for f in self.faces if f.mana_cost for c in f.mana_cost.colors)
        return tuple(c for c in COLORS if c in found)

    @property
    def types(self) -> tuple[str, ...]:
        """Card types off the stack (split: the union of both halves, in order)."""
        if self.layout != "split":
            return self.front.types
        return tuple(dict.fromkeys(t for f in self.faces for t in f.types))

    @property
    def mana_cost_text(self) -> str:
        """Printed cost(s): ``"{1}{R} // {1}{U}"`` for split/adventure-like cards."""
        if self.layout == "split" or self.layout in _ADVENTURE_LIKE:
            return " // ".join(f.mana_cost.text if f.mana_cost else "" for f in self.faces)
        return self.front.mana_cost.text if self.front.mana_cost else ""

    @property
    def type_line(self) -> str:
        return " // ".join(f.type_line for f in self.faces)

    @property
    def has_x(self) -> bool:
        """``{X}`` appears in some castable face's cost."""
        return any(f.has_x for f in self.faces)

    @property
    def spell_faces(self) -> tuple[Face, ...]:
        """Faces it can be cast as: split -> both halves (709.3); adventure-like -> creature
        and adventure (715.3); modal DFC -> each non-land face (712.11); others -> the
        front. A land face is never a spell (305.1)."""
        if self.layout == "split" or self.layout in _ADVENTURE_LIKE or self.layout == "modal_dfc":
            faces = self.faces
        else:
            faces = self.faces[:1]
        return tuple(f for f in faces if not f.is_land)

    @property
    def face_names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.faces)

    def face(self, name: str | None = None) -> Face:
        """The face called ``name`` (case-insensitive); the front face when ``name`` is None
        or the card's own name. Raises ``KeyError`` for a name the card does not have."""
        if name is None or name == self.name:
            return self.front
        low = name.lower()
        for f in self.faces:
            if f.name.lower() == low:
                return f
        if low == self.name.lower():
            return self.front
        raise KeyError(f"{self.name} has no face named {name!r}")

    def effects_for(self, face_name: str | None = None) -> dict | None:
        """The structured effects (effects.json) of one face, else of the whole card."""
        if self.effects is None:
            return None
        if face_name is not None:
            faces = self.effects.get("faces")
            if isinstance(faces, dict):
                for key, entry in faces.items():
                    if key.lower() == face_name.lower():
                        return entry
        return self.effects

    def _repr_html_(self) -> str:
        return display.html("card", self)

    # ----- dict round trip -------------------------------------------------------------

    def to_dict(self, compact: bool = False) -> dict[str, Any]:
        """Plain-dict form (the cards.json shape). ``compact`` drops default values; it is
        what the bundled database stores. ``CardDef.from_dict`` reads both forms."""
        d: dict[str, Any] = {"name": self.name}
        if self.layout != "normal" or not compact:
            d["layout"] = self.layout
        if len(self.faces) == 1 and self.front.name == self.name:
            face = self.front.to_dict(compact)
            del face["name"]
            face_kw = face.pop("keywords", [])
            d.update(face)
            if not compact:
                d["faces"] = None
            keywords = list(self.keywords) if self.keywords != tuple(face_kw) else face_kw
        else:
            d["faces"] = [f.to_dict(compact) for f in self.faces]
            keywords = list(self.keywords)
        if keywords or not compact:
            d["keywords"] = keywords
        defaults: dict[str, Any] = {
            "cascade": 0,
            "grants_cascade": False,
            "discover": None,
            "discover_when": None,
            "read_ahead": False,
        }
        for key, default in defaults.items():
            value = getattr(self, key)
            if value != default or not compact:
                d[key] = value
        if self.chapters is not None or not compact:
            d["chapters"] = None if self.chapters is None else self.chapters.to_dict()
        if self.effects is not None:
            d["effects"] = self.effects
        for flag in ("funny", "digital_only"):
            if getattr(self, flag):
                d[flag] = True
        if self.color_identity is not None:
            d["color_identity"] = list(self.color_identity)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> CardDef:
        """Build from a cards.json entry, a ``to_dict`` result or a hand-written dict.

        Only ``name`` and ``type_line`` (or ``types``) are required; a ``"faces"`` list makes
        a multi-face card. Raises ``ValueError`` naming what is missing or bad.
        """
        if not isinstance(d, dict):
            raise ValueError(f"a card must be an object, not {type(d).__name__}")
        name = d.get("name")
        if not isinstance(name, str) or not name.strip():
            raise ValueError("card is missing 'name'")
        fx = d.get("effects")
        if isinstance(fx, str) or callable(fx):  # JSON text, decoded (and checked) on first use
            d = {k: v for k, v in d.items() if k != "effects"}
        schema.check(schema.CARD, d, name[:80])  # SchemaError (a ValueError) naming the field
        layout = d.get("layout") or "normal"
        if layout not in LAYOUTS:
            raise ValueError(f"{name}: unknown layout {layout!r}")
        raw_faces = d.get("faces")
        if raw_faces:
            if not isinstance(raw_faces, list):
                raise ValueError(f"{name}: 'faces' must be a list")
            faces = tuple(Face.from_dict(f) for f in raw_faces)
        else:
            faces = (Face.from_dict({"name": name, **{k: d[k] for k in _FACE_KEYS if k in d}}),)
        if "keywords" in d:
            keywords = tuple(d.get("keywords") or ())
        else:
            keywords = faces[0].keywords
        if not raw_faces and "keywords" in d:
            faces = (_with_keywords(faces[0], keywords),)
        cascade = d.get("cascade")
        if cascade is None:
            cascade = (d.get("keyword_counts") or {}).get(
                "cascade", 1 if "Cascade" in keywords else 0
            )
        discover = d.get("discover")
        if discover is not None and discover != "X" and not isinstance(discover, int):
            raise ValueError(f"{name}: discover must be an int, 'X' or null, got {discover!r}")
        chapters = d.get("chapters")
        try:
            return cls(
                name=name,
                layout=layout,
                faces=faces,
                keywords=keywords,
                cascade=int(cascade),
                grants_cascade=bool(d.get("grants_cascade")),
                discover=discover,
                discover_when=d.get("discover_when"),
                chapters=Chapters.from_dict(chapters) if chapters else None,
                read_ahead=bool(d.get("read_ahead")),
                effects_raw=_effects_arg(name, fx),
                funny=bool(d.get("funny")),
                digital_only=bool(d.get("digital_only")),
                color_identity=_identity(d.get("color_identity")),
            )
        except (TypeError, AttributeError) as exc:
            raise ValueError(f"{name}: bad card data: {exc}") from None

    # ----- Scryfall ----------------------------------------------------------------------

    @classmethod
    def from_scryfall(cls, obj: dict[str, Any]) -> CardDef:
        """Build from Scryfall card JSON (``name``, ``mana_cost``, ``type_line``, ``layout``,
        ``card_faces``, ``keywords``, ``cmc``). Raises ``ValueError`` naming a missing or bad
        field, including a ``cmc`` that disagrees with the computed mana value."""
        return _from_scryfall(obj)


def _identity(value: Any) -> tuple[str, ...] | None:
    """A color identity given as letters (a list, Scryfall's shape), WUBRG-ordered; None
    (absent) means not known, [] colorless (903.4)."""
    return None if value is None else _colors_in_order(value)


def _with_keywords(face: Face, keywords: tuple[str, ...]) -> Face:
    if face.keywords == keywords:
        return face
    return Face(
        face.name,
        face.mana_cost,
        face.type_line,
        face.supertypes,
        face.types,
        face.subtypes,
        face.power,
        face.toughness,
        face.loyalty,
        face.colors,
        keywords,
    )


# Scryfall layouts that are single-face "normal" cards for our purposes.
_SCRYFALL_NORMAL = frozenset(
    {"normal", "leveler", "class", "case", "saga", "mutate", "prototype", "host", "augment"}
)
_SCRYFALL_LAYOUTS = {"battle": "transform", "reversible_card": None}
_CASCADE_LINE = re.compile(r"^\s*cascade(?:\s*,\s*cascade)*\s*(?:\(|$)", re.IGNORECASE)
_DISCOVER_N = re.compile(r"\bdiscover (\d+|X)\b", re.IGNORECASE)


def _scry_face(src: dict[str, Any], where: str) -> dict[str, Any]:
    name = src.get("name")
    if not isinstance(name, str) or not name:
        raise ValueError(f"Scryfall card: missing 'name' in {where}")
    type_line = src.get("type_line")
    if not isinstance(type_line, str) or not type_line:
        raise ValueError(f"Scryfall card {name!r}: missing 'type_line' in {where}")
    colors = src.get("colors")
    indicator = src.get("color_indicator")
    out: dict[str, Any] = {
        "name": name,
        "mana_cost": src.get("mana_cost") or "",
        "type_line": type_line,
        "power": src.get("power"),
        "toughness": src.get("toughness"),
        "loyalty": src.get("loyalty"),
        "keywords": [],
    }
    if colors is not None:
        out["colors"] = colors
    elif indicator:
        cost = parse_optional_mana_cost(out["mana_cost"])
        out["colors"] = list({*indicator, *(cost.colors if cost else ())})
    return out


def _from_scryfall(obj: dict[str, Any]) -> CardDef:
    if not isinstance(obj, dict):
        raise ValueError("Scryfall card JSON must be an object")
    name = obj.get("name")
    if not isinstance(name, str) or not name:
        raise ValueError("Scryfall card: missing 'name'")
    schema.check(schema.SCRYFALL_CARD, obj, f"Scryfall card {name[:80]!r}")
    raw_layout = obj.get("layout", "normal")
    if raw_layout in _SCRYFALL_NORMAL:
        layout = "normal"
    elif raw_layout in LAYOUTS:
        layout = raw_layout
    elif mapped := _SCRYFALL_LAYOUTS.get(raw_layout):
        layout = mapped
    else:
        raise ValueError(f"Scryfall card {name!r}: unsupported layout {raw_layout!r}")
    keywords = obj.get("keywords") or []
    if not isinstance(keywords, list):
        raise ValueError(f"Scryfall card {name!r}: 'keywords' must be a list")
    card_faces = obj.get("card_faces")
    try:
        if card_faces and layout != "meld":
            if not isinstance(card_faces, list):
                raise ValueError(f"Scryfall card {name!r}: 'card_faces' must be a list")
            faces = [_scry_face(f, f"card_faces[{i}]") for i, f in enumerate(card_faces)]
            if layout in ("split", *_ADVENTURE_LIKE) and obj.get("colors") is not None:
                for f in faces:  # Scryfall gives split/adventure colors only on the card
                    if "colors" not in f:
                        cost = parse_optional_mana_cost(f["mana_cost"])
                        f["colors"] = list(cost.colors) if cost else []
            faces[0]["keywords"] = list(keywords)
            data: dict[str, Any] = {"name": name, "layout": layout, "faces": faces}
        else:
            if layout != "normal" and layout != "meld":
                raise ValueError(
                    f"Scryfall card {name!r}: layout {raw_layout!r} needs 'card_faces'"
                )
            face = _scry_face(obj, "the card")
            data = {**face, "layout": layout}
    except ValueError as exc:
        msg = str(exc)
        raise ValueError(msg if "Scryfall" in msg else f"Scryfall card {name!r}: {msg}") from None
    text = obj.get("oracle_text") or " ".join(
        f.get("oracle_text") or "" for f in card_faces or [] if isinstance(f, dict)
    )
    cascade = sum(1 for k in keywords if str(k).lower() == "cascade")
    for line in text.splitlines():  # "Cascade, cascade, cascade, cascade" (Apex Devastator)
        if _CASCADE_LINE.match(line):
            cascade = max(cascade, line.split("(")[0].lower().count("cascade"))
    data["keywords"] = list(keywords)
    data["cascade"] = cascade
    if any(str(k).lower() == "discover" for k in keywords):
        m = _DISCOVER_N.search(text)
        data["discover"] = (
            (m.group(1).upper() if m.group(1).upper() == "X" else int(m.group(1))) if m else "X"
        )
    if obj.get("color_identity") is not None:  # Scryfall's, CR 903.4
        data["color_identity"] = obj["color_identity"]
    card = CardDef.from_dict(data)
    cmc = obj.get("cmc")
    if cmc is not None:
        if not isinstance(cmc, int | float):
            raise ValueError(f"Scryfall card {name!r}: bad 'cmc' {cmc!r}")
        if float(cmc) != float(card.mana_value):
            raise ValueError(
                f"Scryfall card {name!r}: 'cmc' {cmc} does not match the mana value "
                f"{card.mana_value} of {card.mana_cost_text or 'no mana cost'}"
            )
    return card
