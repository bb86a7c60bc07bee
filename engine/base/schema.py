"""The scenario format as data: every field, its type, its range and its size limit.

Input from outside (a share token, a scenario file, a user card, Scryfall JSON) is
checked against these schemas at the boundary, before anything else reads it, so a
bad value becomes a ``SchemaError`` naming the field path
(``players[0].library: expected a list, an object or null, got int``) instead of an
``AttributeError`` deep inside the engine. ``describe()`` renders the same data as the
table published in docs/ENGINE_API.md ("Scenario schema"), so code and docs agree.

The checker is iterative where input can nest freely (``Json``) and otherwise recurses
only as deep as the schema itself, so it is bounded by the limits in ``engine.base.limits``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from engine.base import limits as L
from engine.base.errors import SchemaError

__all__ = [
    "ACTIONS",
    "CARD",
    "CARD_LAYOUTS",
    "SCENARIO",
    "SCRYFALL_CARD",
    "check",
    "describe",
]

ACTIONS = (
    "cast",
    "counter",
    "activate",
    "cycle",  # branch structure: 702.29a
    "suspend",  # branch structure: 702.62a
    "discover",
    "precombat_main",
    "proliferate",
    "add_lore",
    "remove_lore",
    "next_main",  # the real turn structure up to a player's next precombat main
    "play_land",  # a special action (305.1): a land from hand onto the battlefield
    "attack",  # the combat phase (506-511): attackers, what each attacks, blocks
)
STACK_KINDS = ("spell", "ability", "any")  # a `when` response point's kind
REF_ZONES = ("battlefield", "graveyard", "exile", "hand", "library", "stack")
CARD_CHOICE_ZONES = REF_ZONES
CARD_LAYOUTS = (
    "normal",
    "split",
    "adventure",
    "omen",
    "prepare",
    "modal_dfc",
    "transform",
    "flip",
    "meld",
)
COLORS = ("W", "U", "B", "R", "G")


def kind_of(value: Any) -> str:
    """The JSON kind of a value, as messages name it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list | tuple):
        return "list"
    if isinstance(value, Mapping):
        return "object"
    return type(value).__name__


def _at(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


class T:
    """A schema node: ``accepts`` is the cheap kind test, ``check`` the full one."""

    expects = "a value"

    def accepts(self, value: Any) -> bool:
        return True

    def check(self, value: Any, path: str) -> None:
        if not self.accepts(value):
            raise SchemaError(path, f"expected {self.expects}, got {kind_of(value)}")

    def doc(self) -> str:
        return self.expects


class Null(T):
    expects = "null"

    def accepts(self, value: Any) -> bool:
        return value is None


class Bool(T):
    expects = "true/false"

    def accepts(self, value: Any) -> bool:
        return isinstance(value, bool)


class Int(T):
    def __init__(self, lo: int, hi: int) -> None:
        self.lo, self.hi = lo, hi
        self.expects = "a whole number"

    def accepts(self, value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    def check(self, value: Any, path: str) -> None:
        super().check(value, path)
        if not self.lo <= value <= self.hi:
            shown = value if abs(value) < 10**12 else f"a number of {len(str(value))} digits"
            raise SchemaError(path, f"{shown} is out of range ({self.lo} to {self.hi})")

    def doc(self) -> str:
        return f"int {self.lo}..{self.hi}"


class Number(T):
    """A finite int or float in range (Scryfall's ``cmc`` is 3.0)."""

    def __init__(self, lo: float, hi: float) -> None:
        self.lo, self.hi = lo, hi
        self.expects = "a number"

    def accepts(self, value: Any) -> bool:
        return isinstance(value, int | float) and not isinstance(value, bool)

    def check(self, value: Any, path: str) -> None:
        super().check(value, path)
        if not self.lo <= value <= self.hi:  # NaN fails this too
            raise SchemaError(path, f"{value!r} is out of range ({self.lo} to {self.hi})")

    def doc(self) -> str:
        return f"number {self.lo}..{self.hi}"


class Str(T):
    def __init__(self, max_len: int, *, nonblank: bool = False) -> None:
        self.max_len, self.nonblank = max_len, nonblank
        self.expects = "text"

    def accepts(self, value: Any) -> bool:
        return isinstance(value, str)

    def check(self, value: Any, path: str) -> None:
        super().check(value, path)
        if len(value) > self.max_len:
            raise SchemaError(
                path, f"text of {len(value):,} characters is too long (max {self.max_len})"
            )
        if self.nonblank and not value.strip():
            raise SchemaError(path, "must not be empty")

    def doc(self) -> str:
        return f"text <= {self.max_len}" + (", not empty" if self.nonblank else "")


class Text(Str):
    """Text that must also pass ``test`` (e.g. digits or ``X``), described by ``says``."""

    def __init__(self, max_len: int, test: Callable[[str], bool], says: str) -> None:
        super().__init__(max_len)
        self.test, self.says = test, says

    def check(self, value: Any, path: str) -> None:
        super().check(value, path)
        if not self.test(value):
            raise SchemaError(path, f"expected {self.says}, got {value[:40]!r}")

    def doc(self) -> str:
        return f"{self.says} (text <= {self.max_len})"


class Enum(T):
    def __init__(self, *values: str, what: str = "value") -> None:
        self.values, self.what = values, what
        self.expects = "one of " + ", ".join(repr(v) for v in values)

    def accepts(self, value: Any) -> bool:
        return isinstance(value, str)

    def check(self, value: Any, path: str) -> None:
        if not isinstance(value, str) or value not in self.values:
            shown = repr(value[:40]) if isinstance(value, str) else kind_of(value)
            raise SchemaError(
                path, f"unknown {self.what} {shown} (one of: {', '.join(self.values)})"
            )


class Amount(T):
    """An op amount: a whole number in range, or text: ``X``, ``X+n``, ``X-n``, ``-X``, a
    number, or a word the engine does not read as a number (``"any"``: its default)."""

    def __init__(self, lo: int, hi: int) -> None:
        self.lo, self.hi = lo, hi
        self.expects = "a whole number or an amount text (X, X+1, -X)"

    def accepts(self, value: Any) -> bool:
        return isinstance(value, int | str) and not isinstance(value, bool)

    def check(self, value: Any, path: str) -> None:
        super().check(value, path)
        if isinstance(value, str):
            if len(value) > 40:
                raise SchemaError(path, "amount text is too long (max 40)")
            text = value.replace(" ", "")
            rest = text[1:] if text.startswith("X") else text
            if text in ("X", "-X") or text.isidentifier() and not text.startswith("X"):
                return
            number = rest.lstrip("+-")
            if not (number.isdecimal() and number.isascii() and len(rest) - len(number) <= 1):
                raise SchemaError(path, f"{value!r} is not a number, X, X+n, X-n or -X")
            value = int(rest)
        if not self.lo <= value <= self.hi:
            raise SchemaError(path, f"amount {value} is out of range ({self.lo} to {self.hi})")

    def doc(self) -> str:
        return f"int {self.lo}..{self.hi} or 'X', 'X+n', '-X'"


class List(T):
    def __init__(self, item: T, max_len: int, *, min_len: int = 0) -> None:
        self.item, self.max_len, self.min_len = item, max_len, min_len
        self.expects = "a list"

    def accepts(self, value: Any) -> bool:
        return isinstance(value, list | tuple)

    def check(self, value: Any, path: str) -> None:
        super().check(value, path)
        if len(value) > self.max_len:
            raise SchemaError(path, f"{len(value):,} entries is too many (max {self.max_len})")
        if len(value) < self.min_len:
            raise SchemaError(
                path, f"needs at least {self.min_len} entr{'y' if self.min_len == 1 else 'ies'}"
            )
        for i, v in enumerate(value):
            self.item.check(v, _at(path, i))

    def doc(self) -> str:
        return f"list (<= {self.max_len}) of {self.item.doc()}"


class Map(T):
    """An object used as a dictionary: text keys, values of one type."""

    def __init__(self, key: Str, value: T, max_len: int) -> None:
        self.key, self.value, self.max_len = key, value, max_len
        self.expects = "an object"

    def accepts(self, value: Any) -> bool:
        return isinstance(value, Mapping)

    def check(self, value: Any, path: str) -> None:
        super().check(value, path)
        if len(value) > self.max_len:
            raise SchemaError(path, f"{len(value):,} keys is too many (max {self.max_len})")
        for k, v in value.items():
            self.key.check(k, f"{path} key")
            self.value.check(v, _at(path, k))

    def doc(self) -> str:
        return f"object (<= {self.max_len} keys) of {self.value.doc()}"


class Json(T):
    """Any JSON value, bounded in nesting and size (free-form fields the engine ignores
    or reads with ``.get``). Checked iteratively: no recursion on user data."""

    def __init__(
        self,
        max_depth: int = 8,
        max_nodes: int = L.JSON_MAX_NODES,
        max_text: int = L.TEXT_MAX_CHARS,
    ) -> None:
        self.max_depth, self.max_nodes, self.max_text = max_depth, max_nodes, max_text
        self.expects = "JSON"

    def check(self, value: Any, path: str) -> None:
        stack: list[tuple[Any, str, int]] = [(value, path, 0)]
        nodes = 0
        while stack:
            v, p, depth = stack.pop()
            nodes += 1
            if nodes > self.max_nodes:
                raise SchemaError(path, f"more than {self.max_nodes:,} values")
            if v is None or isinstance(v, bool | int):
                if isinstance(v, int) and not isinstance(v, bool) and abs(v) > 10**9:
                    raise SchemaError(p, "a number beyond +-10^9")
            elif isinstance(v, float):
                if v != v or v in (float("inf"), float("-inf")):
                    raise SchemaError(p, "NaN and Infinity are not JSON")
            elif isinstance(v, str):
                if len(v) > self.max_text:
                    raise SchemaError(p, f"text of {len(v):,} characters is too long")
            elif isinstance(v, list | tuple | Mapping):
                if depth >= self.max_depth:
                    raise SchemaError(p, f"nested more than {self.max_depth} levels deep")
                if isinstance(v, Mapping):
                    for k, item in v.items():
                        if not isinstance(k, str):
                            raise SchemaError(p, f"keys must be text, got {kind_of(k)}")
                        stack.append((item, _at(p, k), depth + 1))
                else:
                    stack.extend((item, _at(p, i), depth + 1) for i, item in enumerate(v))
            else:
                raise SchemaError(p, f"expected JSON, got {kind_of(v)}")

    def doc(self) -> str:
        return f"any JSON (depth <= {self.max_depth})"


class OneOf(T):
    def __init__(self, *options: T) -> None:
        self.options = options
        names = [o.expects for o in options]
        self.expects = ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]

    def accepts(self, value: Any) -> bool:
        return any(o.accepts(value) for o in self.options)

    def check(self, value: Any, path: str) -> None:
        fits = [o for o in self.options if o.accepts(value)]
        if not fits:
            raise SchemaError(path, f"expected {self.expects}, got {kind_of(value)}")
        error: SchemaError | None = None
        for o in fits:
            try:
                o.check(value, path)
                return
            except SchemaError as e:
                error = error or e
        assert error is not None
        raise error

    def doc(self) -> str:
        return " | ".join(o.doc() for o in self.options)


class Lazy(T):
    """A forward reference (ops contain ops: ``then``)."""

    def __init__(self, get: Callable[[], T], name: str) -> None:
        self.get, self.name = get, name
        self.expects = name

    def accepts(self, value: Any) -> bool:
        return self.get().accepts(value)

    def check(self, value: Any, path: str) -> None:
        self.get().check(value, path)

    def doc(self) -> str:
        return self.name


class Op(T):
    """An op: the common op fields (``base``), plus what one op kind needs (``rules``:
    op name -> required fields and field types that replace the common ones)."""

    def __init__(self, base: Obj, rules: dict[str, tuple[tuple[str, ...], dict[str, T]]]) -> None:
        self.base, self.rules = base, rules
        self.expects = "an object"
        self.name = base.name
        self.fields, self.required = base.fields, base.required

    def accepts(self, value: Any) -> bool:
        return isinstance(value, Mapping)

    def check(self, value: Any, path: str) -> None:
        self.base.check(value, path)
        required, fields = self.rules.get(value["op"], ((), {}))
        for key in required:
            if key not in value:
                raise SchemaError(path, f"a {value['op']!r} op needs '{key}'")
        for key, t in fields.items():
            if key in value:
                t.check(value[key], _at(path, key))

    def doc(self) -> str:
        return self.base.name


class Obj(T):
    """An object with known fields. ``extra``: a type for unknown fields' values, or None
    to ignore them (they are never read, e.g. Scryfall's prices)."""

    def __init__(
        self,
        fields: dict[str, T],
        *,
        required: tuple[str, ...] = (),
        extra: T | None = None,
        name: str = "an object",
    ) -> None:
        self.fields, self.required, self.extra = fields, required, extra
        self.expects = "an object"
        self.name = name

    def accepts(self, value: Any) -> bool:
        return isinstance(value, Mapping)

    def check(self, value: Any, path: str) -> None:
        super().check(value, path)
        for key in self.required:
            if key not in value:
                raise SchemaError(path, f"missing '{key}'")
        if self.extra is not None and len(value) > len(self.fields) + 100:
            raise SchemaError(path, f"{len(value):,} fields is too many")
        for key, v in value.items():
            if not isinstance(key, str):
                raise SchemaError(path, f"field names must be text, got {kind_of(key)}")
            spec = self.fields.get(key, self.extra)
            if spec is not None:
                spec.check(v, _at(path, key))

    def doc(self) -> str:
        return self.name


def opt(t: T) -> T:
    """The field may also be null (the engine reads null as "not given")."""
    return OneOf(t, Null())


# ------------------------------------------------------------------ card schema
NAME = Str(L.NAME_MAX_CHARS, nonblank=True)
TEXT = Str(L.TEXT_MAX_CHARS)
WORDS = List(Str(60), L.CARD_MAX_LIST)
AMOUNT = Amount(-L.CARD_MAX_AMOUNT, L.CARD_MAX_AMOUNT)
PT = OneOf(Str(L.CARD_MAX_PT), Int(-99, 999), Null())
LOYALTY = OneOf(
    Text(L.CARD_MAX_PT, lambda s: (s.isdecimal() and s.isascii()) or s == "X", "digits or 'X'"),
    Int(0, 999),
    Null(),
)

TARGET_SPEC = Obj(
    {
        "what": TEXT,
        "constraint": TEXT,
        "count": Amount(0, 20),
        "min": Int(0, 20),
        "divided": Amount(0, L.CARD_MAX_AMOUNT),
    },
    extra=Json(),
    name="target spec",
)
TARGETS = opt(List(TARGET_SPEC, L.CARD_MAX_ABILITIES))

# Op fields are read with ``op.get(key, default)``: null would not mean "not given"
# there, so only ``pt`` (a token without power/toughness) may be null.
_OP_TEXT = (
    "counter",
    "mana",
    "token",
    "scope",
    "from",
    "x",
    "hint",
    "duration",
    "destination",
    "unless_pay",
    "delayed",
    "controller",
    "rounding",
    "chooser",
    "keep",
    "rest",
    "whose",
    "where",
    "note",
    "repeat",
)


# Fields of the effect vocabulary (engine/lang/vocabulary.py) that hold words in hand-written
# data and objects in imported data: filters ({"types": [...]}), refs ({"target": 1}),
# conditions ({"cond": ...}), dynamic amounts ({"dv": ...}). Bounded JSON here; the op's
# check names what it can't read (not simulated), before anything changes.
class JsonObject(Json):
    """A JSON object (bounded like ``Json``): a filter, ref, condition or dynamic value."""

    def __init__(self, max_depth: int = 8) -> None:
        super().__init__(max_depth=max_depth)
        self.expects = "an object"

    def accepts(self, value: Any) -> bool:
        return isinstance(value, dict)


VOCAB = OneOf(TEXT, JsonObject())
_OBJ = JsonObject()
_OP_VOCAB = (
    "to",
    "what",
    "who",
    "filter",
    "if",
    "source",
    "condition",
    "a",
    "b",
    "players",
    "controlled_by",
    "spells",
    "unless",
)
_OP_BOOL = (
    "tapped",
    "optional",
    "reveal",
    "exile_if_dies",
    "no_regen",
    "remember",
    "may_shuffle",
    "also_graveyard",
)
_OP_FIELDS = Obj(
    {
        "op": Str(60, nonblank=True),
        **dict.fromkeys(_OP_TEXT, TEXT),
        **dict.fromkeys(_OP_VOCAB, VOCAB),
        **dict.fromkeys(_OP_BOOL, Bool()),
        "amount": OneOf(AMOUNT, _OBJ),
        "n": OneOf(AMOUNT, _OBJ),
        "count": OneOf(Amount(0, L.CARD_MAX_TOKENS), _OBJ),
        "instances": Int(1, L.CARD_MAX_KEYWORD_INSTANCES),
        "power": OneOf(AMOUNT, _OBJ),
        "toughness": OneOf(AMOUNT, _OBJ),
        "pick": OneOf(Int(0, 99), Enum("all", what="pick"), _OBJ),
        "min": OneOf(Int(0, 99), _OBJ),
        "target": Int(0, 99),
        "pt": opt(Str(L.CARD_MAX_PT * 2 + 1)),
        "colors": List(Str(10), 5),
        "keywords": WORDS,
        "types": WORDS,
        "targets": TARGETS,
        "then": Lazy(lambda: OPS_NESTED, "list of ops"),
    },
    required=("op",),
    extra=Json(),
    name="op",
)
#: What single op kinds need beyond the common fields (read with ``op[key]`` / ``int()``).
OP_RULES: dict[str, tuple[tuple[str, ...], dict[str, T]]] = {
    "enters_with_counters": (
        ("counter",),
        {"n": OneOf(Int(0, L.CARD_MAX_AMOUNT), Enum("X", what="amount"), Null())},
    ),
}
OP = Op(_OP_FIELDS, OP_RULES)
OPS_NESTED: T = opt(List(OP, L.CARD_MAX_OPS))
OPS = opt(List(OP, L.CARD_MAX_OPS))

# "once each turn", or N times each turn (602.5b; the importer writes an int)
LIMIT = OneOf(Str(L.TEXT_MAX_CHARS), Int(1, 99), Null())
TRIGGER = Obj(
    {"when": TEXT, "ops": OPS, "targets": TARGETS, "optional": Bool(), "limit": LIMIT},
    extra=Json(),
    name="trigger",
)
ACTIVATED = Obj(
    {
        "cost": TEXT,
        "ops": OPS,  # a modal ability has "modes" instead (603.3c / 700.2)
        "targets": TARGETS,
        "zone": opt(TEXT),
        "mana_ability": Bool(),
        "sorcery_speed": Bool(),
        "loyalty": Int(-99, 99),
        "limit": LIMIT,
    },
    extra=Json(),
    name="activated ability",
)
# Modal spells and abilities (700.2, 601.2b): a list of op lists, with targets per mode.
MODAL_FIELDS: dict[str, T] = {
    "modes": opt(List(List(OP, L.CARD_MAX_OPS), L.CARD_MAX_OPS)),
    "mode_targets": opt(List(opt(List(TARGET_SPEC, L.CARD_MAX_ABILITIES)), L.CARD_MAX_OPS)),
    "choose": opt(OneOf(Int(0, L.CARD_MAX_OPS), Str(20))),
    "choose_min": opt(Int(0, L.CARD_MAX_OPS)),
    "same_mode_repeatable": opt(Bool()),
}
# A chapter ability in an effects entry (the XMage import's shape): its own targets, modes,
# "may", or the part the importer could not translate.
EFFECT_CHAPTER = Obj(
    {
        "chapters": List(Int(1, L.CARD_MAX_CHAPTERS), L.CARD_MAX_CHAPTERS, min_len=1),
        "ops": OPS,
        "targets": TARGETS,
        "optional": opt(Bool()),
        "untranslated": opt(TEXT),
        **MODAL_FIELDS,
        "at_random": opt(Bool()),  # "choose one at random" (700.2): chapters only
    },
    extra=Json(),
    name="chapter ability",
)
_EFFECT_FIELDS: dict[str, T] = {
    "chapters": opt(List(EFFECT_CHAPTER, L.CARD_MAX_ABILITIES)),
    **MODAL_FIELDS,
    "spell": OPS,
    "etb": OPS,
    "static": OPS,
    "triggers": opt(List(TRIGGER, L.CARD_MAX_ABILITIES)),
    "activated": opt(List(ACTIVATED, L.CARD_MAX_ABILITIES)),
    "targets": TARGETS,
    "etb_targets": TARGETS,
    "keyword_costs": opt(Map(Str(60), Json(max_depth=3), L.CARD_MAX_LIST)),
    "additional_cost": opt(TEXT),
    "notes": opt(TEXT),
    "etb_if_cast": opt(Bool()),
    "enters_tapped": opt(Bool()),
    # the qualities of its printed Protection (702.16a), a filter each
    "protection": opt(List(JsonObject(), L.CARD_MAX_LIST)),
}
EFFECTS_FACE = Obj(_EFFECT_FIELDS, extra=Json(), name="effects entry")
EFFECTS = Obj(
    {**_EFFECT_FIELDS, "faces": opt(Map(NAME, EFFECTS_FACE, L.CARD_MAX_FACES))},
    extra=Json(),
    name="effects",
)

CHAPTER = Obj(
    {
        "chapters": List(Int(1, L.CARD_MAX_CHAPTERS), L.CARD_MAX_CHAPTERS, min_len=1),
        "ops": OPS,
        "approx": opt(Bool()),
    },
    required=("chapters",),
    extra=Json(),
    name="chapter ability",
)
CHAPTERS = Obj(
    {
        "count": Int(1, L.CARD_MAX_CHAPTERS),
        "abilities": opt(List(CHAPTER, L.CARD_MAX_ABILITIES)),
    },
    required=("count",),
    extra=Json(),
    name="chapters",
)

_FACE_FIELDS: dict[str, T] = {
    "mana_cost": opt(Str(100)),
    "type_line": opt(TEXT),
    "supertypes": opt(WORDS),
    "types": opt(WORDS),
    "subtypes": opt(WORDS),
    "power": PT,
    "toughness": PT,
    "loyalty": LOYALTY,
    "colors": opt(List(Enum(*COLORS), 5)),
    "keywords": opt(WORDS),
}
FACE = Obj({"name": NAME, **_FACE_FIELDS}, required=("name",), name="face")
CARD = Obj(
    {
        "name": NAME,
        "layout": opt(Enum(*CARD_LAYOUTS, what="layout")),
        "faces": opt(List(FACE, L.CARD_MAX_FACES, min_len=1)),
        **_FACE_FIELDS,
        "cascade": opt(Int(0, L.CARD_MAX_KEYWORD_INSTANCES)),
        "keyword_counts": opt(Map(Str(60), Int(0, L.CARD_MAX_KEYWORD_INSTANCES), L.CARD_MAX_LIST)),
        "grants_cascade": opt(Bool()),
        "discover": OneOf(Int(0, L.CARD_MAX_DISCOVER), Enum("X"), Null()),
        "discover_when": opt(TEXT),
        "chapters": opt(CHAPTERS),
        "read_ahead": opt(Bool()),
        "effects": opt(EFFECTS),
        "funny": opt(Bool()),
        "digital_only": opt(Bool()),
        "color_identity": opt(List(Enum(*COLORS), 5)),  # CR 903.4; absent: not known
    },
    required=("name",),
    name="card",
)

_SCRY_FACE_FIELDS: dict[str, T] = {
    "name": NAME,
    "mana_cost": opt(Str(100)),
    "type_line": opt(TEXT),
    "oracle_text": opt(Str(L.ORACLE_MAX_CHARS)),
    "power": PT,
    "toughness": PT,
    "loyalty": PT,
    "colors": opt(List(Str(10), 10)),
    "color_indicator": opt(List(Str(10), 10)),
}
SCRYFALL_CARD = Obj(
    {
        **_SCRY_FACE_FIELDS,
        "layout": opt(Str(40)),
        "keywords": opt(WORDS),
        "card_faces": opt(List(Obj(_SCRY_FACE_FIELDS, name="Scryfall face"), L.CARD_MAX_FACES)),
        "cmc": opt(Number(0, 10**6)),
        "color_identity": opt(List(Enum(*COLORS), 5)),
    },
    required=("name",),
    name="Scryfall card",
)

# -------------------------------------------------------------- scenario schema
_COUNTERS = opt(Map(Str(40), Int(*L.SCENARIO_COUNTERS), L.SCENARIO_MAX_COUNTER_KINDS))
ZONE_CARD = OneOf(
    NAME,
    Obj(
        {"name": NAME, "counters": _COUNTERS, "tapped": opt(Bool()), "face": opt(NAME)},
        required=("name",),
        extra=Json(max_depth=2),
        name="zone card",
    ),
)
LIBRARY_ENTRY = OneOf(
    NAME,
    Obj(
        {"name": NAME, "count": Int(1, L.SCENARIO_MAX_COUNT)},
        required=("name",),
        extra=Json(max_depth=2),
        name="library entry",
    ),
)
LIBRARY_CARDS = List(LIBRARY_ENTRY, L.SCENARIO_MAX_LIBRARY_ENTRIES)
LIBRARY = OneOf(
    LIBRARY_CARDS,
    Obj(
        {"order": Enum("random", "listed", what="library order"), "cards": opt(LIBRARY_CARDS)},
        extra=Json(max_depth=2),
        name="library",
    ),
    Null(),
)
ZONE = opt(List(ZONE_CARD, L.SCENARIO_MAX_ZONE))
PLAYER = Obj(
    {
        "name": Str(L.SCENARIO_MAX_PLAYER_NAME, nonblank=True),
        "life": Int(*L.SCENARIO_LIFE),
        "library": LIBRARY,
        "hand": ZONE,
        "battlefield": ZONE,
        "graveyard": ZONE,
        "exile": ZONE,
        "spells_cast": Int(*L.SCENARIO_SPELLS_CAST),
        "cards_drawn": Int(*L.SCENARIO_CARDS_DRAWN),  # this turn, before the scenario began
        "commander": opt(NAME),  # CR 903.3: the player's commander, in the command zone
    },
    extra=Json(max_depth=4),
    name="player",
)
# A response point: the action is taken while this stack item is on the stack.
WHEN = OneOf(
    NAME,
    Obj(
        {
            "on_stack": NAME,
            "kind": Enum(*STACK_KINDS, what="stack item kind"),
            "chapter": opt(Int(1, 99)),
            "nth": opt(Int(1, 999)),
            "top": opt(Bool()),
        },
        required=("on_stack",),
        extra=Json(max_depth=1),
        name="response point",
    ),
)
# A target named by card (or a player, or an engine object id "oN"), 601.2c.
TARGET_REF = OneOf(
    Text(12, lambda v: bool(re.fullmatch(r"o[0-9]{1,9}", v)), "an object id like 'o9'"),
    Obj(
        {
            "card": NAME,
            "owner": opt(Int(0, L.SCENARIO_MAX_PLAYERS - 1)),
            "zone": opt(Enum(*REF_ZONES, what="zone")),
            "nth": opt(Int(1, 999)),
            "player": opt(Int(0, L.SCENARIO_MAX_PLAYERS - 1)),
        },
        extra=Json(max_depth=1),
        name="target ref",
    ),
)
# An attacker of an `attack` action (508.1): a card name, or the card and what it attacks.
ATTACK_TARGET = Obj(
    {"player": opt(Int(0, L.SCENARIO_MAX_PLAYERS - 1)), "card": opt(NAME)},
    extra=Json(max_depth=1),
    name="attack target",
)
ATTACKER = OneOf(
    NAME,
    Obj(
        {"card": NAME, "attacks": opt(ATTACK_TARGET)},
        required=("card",),
        extra=Json(max_depth=2),
        name="attacker",
    ),
)
# A block of an `attack` action (509.1a): which creature blocks which attacker.
BLOCK = Obj(
    {
        "blocker": NAME,
        "attacker": OneOf(NAME, List(NAME, L.COMBAT_MAX_CREATURES, min_len=1)),
        "attacker_nth": opt(Int(1, L.COMBAT_MAX_CREATURES)),
    },
    required=("blocker", "attacker"),
    extra=Json(max_depth=1),
    name="block",
)
ACTION = Obj(
    {
        "do": Enum(*ACTIONS, what="action"),
        "card": opt(NAME),
        "with": opt(NAME),
        "target": opt(NAME),
        "x": opt(Int(*L.ACTION_X)),
        "n": opt(Int(*L.ACTION_N)),
        "player": opt(Int(0, L.SCENARIO_MAX_PLAYERS - 1)),
        "ability": opt(Int(*L.ACTION_ABILITY)),
        "face": opt(NAME),
        "draw": opt(Bool()),
        "evoke": opt(Bool()),  # cast with evoke (702.74a)
        "warp": opt(Bool()),  # cast for its warp cost (702.185a)
        "escape": opt(Bool()),  # cast from the graveyard for its escape cost (702.138a)
        "flashback": opt(Bool()),  # cast from the graveyard for its flashback cost (702.34a)
        "mana": opt(Bool()),  # activate a mana ability (605)
        "alt_cost": opt(OneOf(Bool(), Int(0, 9))),  # an alternative cost or not (118.9, 601.2b)
        "when": opt(WHEN),  # a response at a chosen point of the resolution
        "targets": opt(List(TARGET_REF, 20)),  # targets named by card (601.2c)
        "from": opt(Enum("hand", "graveyard", what="zone")),  # cast with retrace (702.81a)
        "attackers": opt(List(ATTACKER, L.COMBAT_MAX_CREATURES)),  # attack (508.1)
        "blocks": opt(List(BLOCK, L.COMBAT_MAX_CREATURES)),  # attack: the blocks (509.1)
    },
    required=("do",),
    extra=Json(max_depth=2),
    name="action",
)
SCENARIO = Obj(
    {
        "version": Int(1, 1),
        "title": Str(L.SCENARIO_MAX_TITLE),
        "description": Str(L.SCENARIO_MAX_DESCRIPTION),
        "seed": Int(*L.SCENARIO_SEED),
        "turn": Int(*L.SCENARIO_TURN),
        # how costs are paid: "assumed" (the default: every scenario made before mana was
        # paid for real plays as it did) or "paid" (lands and mana abilities pay, 601.2g-h)
        "mana": opt(Enum("assumed", "paid", what="mana setting")),
        "players": List(PLAYER, L.SCENARIO_MAX_PLAYERS, min_len=1),
        "actions": opt(List(ACTION, L.SCENARIO_MAX_ACTIONS)),
        "choices": opt(List(Str(L.SCENARIO_MAX_CHOICE_CHARS), L.SCENARIO_MAX_CHOICES)),
        "cards": opt(List(CARD, L.SCENARIO_MAX_USER_CARDS)),
    },
    required=("players",),
    extra=Json(max_depth=4),
    name="scenario",
)


def check(schema: T, value: Any, path: str = "") -> None:
    """Raise ``SchemaError`` (a ``ScenarioError``) naming the first field that doesn't fit."""
    schema.check(value, path)


def describe(
    schema: T = SCENARIO, path: str = "", seen: set[int] | None = None
) -> list[tuple[str, str]]:
    """(field path, type and range) rows for the docs, walking the schema data."""
    seen = set() if seen is None else seen
    rows: list[tuple[str, str]] = []
    if isinstance(schema, OneOf):
        objs = [o for o in schema.options if isinstance(o, Obj | List)]
        if objs:
            rows.append((path, schema.doc()))
            for o in objs:
                rows += [r for r in describe(o, path, seen) if r[0] != path]
            return rows
    if isinstance(schema, Op):
        if id(schema.base) in seen:
            return [(path, "op (as above)")]
        rows = describe(schema.base, path, seen)
        for op, (required, fields) in schema.rules.items():
            need = f"needs {', '.join(required)}; " if required else ""
            types = "; ".join(f"{k}: {t.doc()}" for k, t in fields.items())
            rows.append((f"{path} (op {op!r})", need + types))
        return rows
    if isinstance(schema, Obj):
        if id(schema) in seen:
            return [(path, schema.name + " (as above)")]
        seen.add(id(schema))
        rows.append((path or "(top)", schema.name))
        for key, t in schema.fields.items():
            rows += describe(t, _at(path, key), seen)
        return rows
    if isinstance(schema, List):
        rows.append((path, f"list (<= {schema.max_len})"))
        rows += describe(schema.item, path + "[]", seen)
        return rows
    return [(path, schema.doc())]


def markdown() -> str:
    """docs/SCENARIO_SCHEMA.md: every field of the scenario format, user cards and the
    Scryfall JSON read, with its type, range and size limit (rendered from this data)."""
    parts = [
        "# Scenario schema (generated from `engine/base/schema.py`; do not edit by hand)",
        "",
        'Regenerate with `python -c "from engine import schema; '
        'print(schema.markdown())" > docs/SCENARIO_SCHEMA.md`.',
        'Every field may be left out unless marked required; `null` means "not given".',
        "Unknown fields are allowed but must be plain JSON (bounded depth and size); they are",
        "ignored. A value that doesn't fit raises `SchemaError` (a `ScenarioError`, a",
        "`ValueError`) whose message starts with the field path, e.g.",
        "`players[0].library: expected a list, an object or null, got int`.",
    ]
    for title, node in (
        ("Scenario (`Scenario.from_dict`, `load`, `from_json`, `from_token`)", SCENARIO),
        ("User card (`CardDef.from_dict`; the `cards` entries of a scenario)", CARD),
        ("Scryfall card JSON (`CardDef.from_scryfall`; other fields are ignored)", SCRYFALL_CARD),
    ):
        parts += ["", f"## {title}", ""]
        required = _required_paths(node)
        for path, doc in describe(node):
            mark = " (required)" if path in required else ""
            parts.append(f"- `{path}`{mark}: {doc}")
    return "\n".join(parts) + "\n"


def _required_paths(node: T, path: str = "", seen: set[int] | None = None) -> set[str]:
    seen = set() if seen is None else seen
    out: set[str] = set()
    if id(node) in seen:
        return out
    if isinstance(node, Op):
        node = node.base
    if isinstance(node, Obj):
        seen.add(id(node))
        out |= {_at(path, k) for k in node.required}
        for k, t in node.fields.items():
            out |= _required_paths(t, _at(path, k), seen)
    elif isinstance(node, List):
        out |= _required_paths(node.item, path + "[]", seen)
    elif isinstance(node, OneOf):
        for o in node.options:
            out |= _required_paths(o, path, seen)
    return out
