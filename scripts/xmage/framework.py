"""What the importer knows about XMage's framework (``Mage/src/main/java/mage``).

Printed names of subtypes, card types, supertypes and counters; the ``StaticFilters``
constants; token classes; and a generic way to expand a framework class's constructor
chain (``FilterControlledCreaturePermanent("x")`` -> ``add(CardType.CREATURE...)`` +
``add(TargetController.YOU...)``) by reading its source as text.
"""

from __future__ import annotations

import re

from . import java as J
from .source import FRAMEWORK_DIR, MageSource
from .symbolic import Executor, JObj, Opaq, Ref, SCall

__all__ = ["Framework", "camel_words", "keyword_name"]

_ENUM_ARG = re.compile(r"^\s{4}([A-Z][A-Z0-9_]*)\s*\(\s*\"([^\"]*)\"", re.M)


_BOOST = re.compile(r"^\s{4}([A-Z][A-Z0-9_]*)\(new BoostCounter\((-?\d+),\s*(-?\d+)\)", re.M)


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def camel_words(name: str) -> list[str]:
    return re.findall(r"[A-Z]+(?=[A-Z][a-z]|\d|$)|[A-Z]?[a-z]+|\d+", name)


#: keyword names whose cards.json spelling has an apostrophe the class name drops
_APOSTROPHE = {"DoctorsCompanion": "Doctor's companion"}


def keyword_name(cls: str) -> str:
    """``FirstStrikeAbility`` -> ``First strike`` (the cards.json keyword spelling)."""
    base = cls[: -len("Ability")] if cls.endswith("Ability") else cls
    if base in _APOSTROPHE:
        return _APOSTROPHE[base]
    words = camel_words(base)
    if not words:
        return base
    return " ".join([words[0]] + [w.lower() for w in words[1:]])


#: framework classes where constructor expansion stops (the roots of each family)
_ROOTS = {
    "FilterImpl",
    "FilterObject",
    "FilterPermanent",
    "FilterCard",
    "FilterSpell",
    "FilterStackObject",
    "FilterPlayer",
    "FilterInPlay",
    "FilterAbility",
    "FilterMana",
    "FilterPermanentOrPlayer",
    "FilterCreatureOrPlayer",
    "FilterSource",
}


class Framework:
    """Lazy, cached knowledge of one XMage snapshot's framework sources."""

    def __init__(self, src: MageSource | None, extra_sources: dict[str, str] | None = None):
        self.src = src
        self.paths: dict[str, str] = {}
        self._text: dict[str, str] = dict(extra_sources or {})
        self._decls: dict[str, list[J.TypeDecl]] = {}
        self._static_filters: dict[str, object] | None = None
        self.subtypes: dict[str, str] = {}
        self.card_types: dict[str, str] = {}
        self.supertypes: dict[str, str] = {}
        self.counters: dict[str, str] = {}
        if src is not None:
            files = src.list(FRAMEWORK_DIR)
            for p in files:
                name = p.rsplit("/", 1)[1][:-5]
                self.paths.setdefault(name, p)
            want = [
                p
                for p in files
                if p.endswith(
                    (
                        "constants/SubType.java",
                        "constants/CardType.java",
                        "constants/SuperType.java",
                        "counters/CounterType.java",
                    )
                )
            ]
            texts = src.read_many(want)
            for p, t in texts.items():
                table = dict(_ENUM_ARG.findall(t))
                if p.endswith("SubType.java"):
                    self.subtypes = table
                elif p.endswith("CardType.java"):
                    self.card_types = table
                elif p.endswith("SuperType.java"):
                    self.supertypes = table
                else:
                    for const, a, b in _BOOST.findall(t):
                        table[const] = f"{_signed(int(a))}/{_signed(int(b))}"
                    self.counters = table
        for name in self._text:
            self.paths.setdefault(name, name)
        self._isa: dict[tuple[str, str], bool | None] = {}
        self.looked_up: set[str] = set()  # class names asked about (fixture builder)
        self._static_env: dict[str, dict] = {}
        global _IS_A
        _IS_A = self.is_a

    # ------------------------------------------------------------------ files
    def preload(self, names: list[str]) -> None:
        """Read many framework files at once (one git call instead of one per file)."""
        if self.src is None:
            return
        want = [self.paths[n] for n in names if n in self.paths and self.paths[n] not in self._text]
        if want:
            self._text.update(self.src.read_many(want))

    def text(self, cls: str) -> str | None:
        path = self.paths.get(cls)
        if path is None:
            return None
        if path not in self._text:
            if self.src is None:
                return None
            self._text[path] = self.src.read(path)
        return self._text[path]

    def decl(self, cls: str) -> J.TypeDecl | None:
        self.looked_up.add(cls)
        path = self.paths.get(cls)
        if path is None:
            return None
        if path not in self._decls:
            text = self.text(cls)
            try:
                self._decls[path] = J.parse_file(text) if text else []
            except J.JavaError:
                self._decls[path] = []
        for d in self._decls[path]:
            if d.name == cls:
                return d
        return None

    def package_of(self, cls: str) -> str:
        self.looked_up.add(cls)
        path = self.paths.get(cls, "")
        if path.startswith(FRAMEWORK_DIR + "/"):
            return path[len(FRAMEWORK_DIR) + 1 :].rsplit("/", 1)[0].replace("/", ".")
        return ""

    def is_framework(self, cls: str) -> bool:
        self.looked_up.add(cls)
        return cls in self.paths

    def extends(self, cls: str) -> str:
        d = self.decl(cls)
        return d.extends if d else ""

    def supertypes_of(self, cls: str) -> set[str] | None:
        """Every class and interface ``cls`` extends or implements; None when part of the
        hierarchy is not a framework class (then nothing can be ruled out)."""
        out: set[str] = set()
        todo = [cls]
        while todo:
            c = todo.pop()
            if c in out:
                continue
            out.add(c)
            d = self.decl(c)
            if d is None:
                if c in ("Object", "Serializable", "Copyable", "MageItem", "Comparable"):
                    continue
                return None
            parents = ([d.extends] if d.extends else []) + [i.split(".")[-1] for i in d.implements]
            todo.extend(p for p in parents if p)
        return out

    def is_a(self, cls: str, typ: str) -> bool | None:
        key = (cls, typ)
        if key not in self._isa:
            if cls == typ:
                self._isa[key] = True
            elif not self.is_framework(cls) or not self.is_framework(typ):
                self._isa[key] = None
            else:
                sup = self.supertypes_of(cls)
                self._isa[key] = None if sup is None else (typ in sup)
        return self._isa[key]

    def static_env(self, decl: J.TypeDecl) -> dict:
        """A framework class's static fields (``defaultFilter`` and friends), evaluated once."""
        if decl.name not in self._static_env:
            ex = Executor()
            env: dict = {}
            self._static_env[decl.name] = env
            for m in decl.members:
                if m.kind == "field" and "static" in m.modifiers and m.init is not None:
                    env[m.name] = ex.ev(m.init, env)
        return self._static_env[decl.name]

    def resolve_static(self, ref: object) -> object | None:
        """``GreatestAmongPermanentsValue.POWER_CONTROLLED_CREATURES`` -> the object its
        static field holds (None when it is not such a field)."""
        if not isinstance(ref, Ref) or ref.dotted.count(".") != 1:
            return None
        cls, name = ref.dotted.split(".")
        if name == "instance" or not self.is_framework(cls):
            return None
        decl = self.decl(cls)
        if decl is None:
            return None
        value = self.static_env(decl).get(name)
        return value if isinstance(value, JObj) else None

    def overrides(self, cls: str, root: str, methods: frozenset[str]) -> bool:
        """Whether a class from ``cls`` up to (not including) its ancestor ``root`` declares
        one of ``methods`` (or can't be read): then it does more than configure ``root``."""
        for name in self.ancestors(cls):
            if name == root:
                return False
            decl = self.decl(name)
            if decl is None:
                return True
            if any(m.kind == "method" and m.name in methods for m in decl.members):
                return True
        return False

    def ancestors(self, cls: str) -> list[str]:
        out = []
        seen = set()
        while cls and cls not in seen:
            seen.add(cls)
            out.append(cls)
            cls = self.extends(cls)
        return out

    # ------------------------------------------------------------------ names
    def subtype(self, ref: object) -> str | None:
        if isinstance(ref, Ref) and ref.dotted.startswith("SubType."):
            return self.subtypes.get(ref.last)
        return None

    def card_type(self, ref: object) -> str | None:
        if isinstance(ref, Ref) and ref.dotted.startswith("CardType."):
            return self.card_types.get(ref.last)
        return None

    def supertype(self, ref: object) -> str | None:
        if isinstance(ref, Ref) and ref.dotted.startswith("SuperType."):
            return self.supertypes.get(ref.last)
        return None

    def counter(self, ref: object) -> str | None:
        if isinstance(ref, Ref) and ref.dotted.startswith("CounterType."):
            return self.counters.get(ref.last)
        return None

    # -------------------------------------------------------- static filters
    def static_filter(self, name: str) -> object | None:
        if self._static_filters is None:
            self._static_filters = {}
            decl = self.decl("StaticFilters")
            if decl is not None:
                ex = Executor()
                self._static_filters = ex.init_fields(decl)
        return self._static_filters.get(name)

    # ---------------------------------------------------- constructor chains
    def bind_full(self, obj: JObj, depth: int = 0) -> dict | None:
        """Like ``bind``, following ``this(...)`` delegation to the constructor that does
        the work, so defaults filled in by shorter overloads are known."""
        decl = self.decl(obj.cls)
        if decl is None:
            return None
        ctor = _pick_ctor(decl, obj.args)
        if ctor is None:
            return None
        env = {name: v for (_t, name), v in _bind(ctor.params, obj.args)}
        first = ctor.body.stmts[0] if ctor.body and ctor.body.stmts else None
        if (
            depth < 8
            and isinstance(first, J.ExprStmt)
            and isinstance(first.expr, J.Call)
            and first.expr.recv is None
            and first.expr.name == "this"
        ):
            ex = Executor()
            ex.fields = self.static_env(decl)
            args = tuple(ex.ev(a, dict(env)) for a in first.expr.args)
            deeper = self.bind_full(JObj(obj.cls, args), depth + 1)
            if deeper is not None:
                return deeper
        return env

    def bind(self, obj: JObj) -> dict | None:
        """Constructor parameter name -> argument for ``obj`` (None: no constructor fits)."""
        decl = self.decl(obj.cls)
        if decl is None:
            return None
        ctor = _pick_ctor(decl, obj.args)
        if ctor is None:
            return None
        return {name: v for (_t, name), v in _bind(ctor.params, obj.args)}

    def expand(self, obj: JObj, stop: set[str] | None = None) -> tuple[str, list[tuple]]:
        """Run ``obj``'s framework constructor chain; returns (root class, calls made on it).

        The calls include those the constructors make on ``this`` (``add(predicate)``)
        followed by the calls recorded on the object itself. Raises ``KeyError`` when a
        class in the chain is not a framework class or a constructor can't be followed.
        """
        stop = stop or _ROOTS
        this = JObj(obj.cls, obj.args)
        root = self._construct(obj.cls, obj.args, this, stop, 0)
        return root, this.calls + list(obj.calls)

    def _construct(self, cls: str, args: tuple, this: JObj, stop: set[str], depth: int) -> str:
        if cls in stop:
            this.calls.append(("__root_args__", args))
            return cls
        if depth > 12:
            raise KeyError(f"{cls}: constructor chain too deep")
        decl = self.decl(cls)
        if decl is None:
            raise KeyError(cls)
        ctor = _pick_ctor(decl, args)
        if ctor is None:
            raise KeyError(f"{cls}: no constructor for {len(args)} arguments")
        ex = Executor()
        ex.fields = self.static_env(decl)
        env: dict = {"this": this}
        for (_typ, pname), value in _bind(ctor.params, args):
            env[pname] = value
        root: list[str] = []

        def on_super(kind: str, sargs: tuple) -> None:
            target = cls if kind == "this" else decl.extends
            root.append(self._construct(target, sargs, this, stop, depth + 1))

        ex.on_super = on_super
        ex.run(ctor.body, env)
        if ex.unsupported:
            raise KeyError(f"{cls}: constructor uses {ex.unsupported[0]}")
        if not root:
            if decl.extends:
                root.append(self._construct(decl.extends, (), this, stop, depth + 1))
            else:
                root.append(cls)
        return root[0]


_ENUMS = {
    "Zone",
    "Duration",
    "Outcome",
    "TargetController",
    "SetTargetPointer",
    "ComparisonType",
    "SubType",
    "CardType",
    "SuperType",
    "AttachmentType",
    "PutCards",
    "Layer",
    "SubLayer",
    "PhaseStep",
    "TurnPhase",
    "ColoredManaSymbol",
    "HandSizeModification",
    "TypeOfName",
    "SagaChapter",
    "AbilityWord",
    "CounterType",
    "EnterEventType",
    "ManaType",
    "TimingRule",
    "PhaseType",
    "WatcherScope",
    "CostModificationType",
    "AsThoughEffectType",
    "SpellAbilityType",
    "Pronoun",
    "RoleType",
    "DependencyType",
    "GiftType",
    "MultiAmountType",
    "CastManaAdjustment",
}
_PRIMS = {"int", "Integer", "long", "boolean", "Boolean", "String", "CharSequence", "double"}


def _type_ok(param_type: str, value: object) -> bool:
    """Could ``value`` be passed for a parameter of this declared type? (overload choice)"""
    pt = param_type[:-3] if param_type.endswith("...") else param_type
    if pt in ("", "Object", "T"):
        return True
    if value is None:
        return pt not in ("int", "boolean", "long", "double")
    if isinstance(value, bool):
        return pt in ("boolean", "Boolean")
    if isinstance(value, int):
        return pt in ("int", "Integer", "long", "double")
    if isinstance(value, str):
        return pt in ("String", "CharSequence")
    if isinstance(value, Ref):
        head = value.dotted.split(".")[0]
        if head in _ENUMS:
            return pt == head
        if value.dotted.endswith(".class"):
            return pt == "Class"
    if isinstance(value, Opaq):
        return True  # unknown: any type
    if isinstance(value, SCall) and isinstance(value.recv, Ref) and value.recv.last == "Mana":
        return pt == "Mana"
    if pt in _PRIMS or pt in _ENUMS:
        return False
    if isinstance(value, list):
        return param_type.endswith("...") or pt.endswith("[]") or pt in ("List", "Set")
    if isinstance(value, JObj) and _IS_A is not None:
        known = _IS_A(value.cls, pt)
        if known is False:
            return False
    return True


_IS_A = None  # set by Framework: (class, type) -> True/False/None (unknown)


def _bind(params: tuple, args: tuple) -> list:
    out = []
    for i, p in enumerate(params):
        if p[0].endswith("..."):
            out.append((p, list(args[i:])))
            break
        out.append((p, args[i] if i < len(args) else None))
    return out


def _is_varargs(m: J.Member) -> bool:
    return bool(m.params) and m.params[-1][0].endswith("...")


def _pick_ctor(decl: J.TypeDecl, args: tuple) -> J.Member | None:
    """The constructor these arguments select: arity and argument kinds must fit;
    an exact-arity constructor wins over a varargs one; copy constructors are skipped."""
    best = None
    for m in decl.members:
        if m.kind != "ctor" or m.body is None:
            continue
        params = m.params
        if len(params) == 1 and params[0][0] == decl.name:
            continue  # the copy constructor
        if _is_varargs(m):
            if len(args) < len(params) - 1:
                continue
            fixed = params[:-1]
        else:
            if len(params) != len(args):
                continue
            fixed = params
        if not all(_type_ok(p[0], a) for p, a in zip(fixed, args, strict=False)):
            continue
        if _is_varargs(m) and not all(_type_ok(params[-1][0], a) for a in args[len(fixed) :]):
            continue
        if best is None or (_is_varargs(best) and not _is_varargs(m)):
            best = m
    return best
