"""Symbolic execution of card constructors: which objects are built and how they are wired.

A ``new X(args)`` becomes a ``JObj`` (class name, evaluated arguments, the calls made on
it later such as ``addTarget``/``setText``). Names that are not local variables or
fields of the card become ``Ref`` (``Duration.EndOfTurn``), calls on them ``SCall``
(``CounterType.P1P1.createInstance(2)``). Nothing Java is run: this only records the
object graph so the translator can read it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import java as J

__all__ = ["JObj", "Ref", "SCall", "LambdaVal", "Opaq", "CardProxy", "FaceProxy", "Executor"]


class JObj:
    """An object built with ``new`` (or a singleton such as ``FlyingAbility.getInstance()``)."""

    __slots__ = ("cls", "args", "calls", "local", "extends")

    def __init__(self, cls: str, args: tuple = (), local: bool = False, extends: str = "") -> None:
        self.cls = cls.split(".")[-1]
        self.args = tuple(args)
        self.calls: list[tuple[str, tuple]] = []
        self.local = local  # defined in the card's own file (card-specific)
        self.extends = extends

    def calls_named(self, *names: str) -> list[tuple]:
        return [a for n, a in self.calls if n in names]

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"JObj({self.cls}, {self.args!r}, calls={self.calls!r})"


@dataclass(frozen=True)
class Ref:
    """A name the executor does not own: an enum constant, a static field, a class."""

    dotted: str

    @property
    def last(self) -> str:
        return self.dotted.split(".")[-1]


@dataclass(frozen=True)
class SCall:
    """A call on a Ref or on another symbolic value (a static factory, a getter)."""

    recv: object
    name: str
    args: tuple


@dataclass(frozen=True)
class LambdaVal:
    params: tuple
    body: object
    env: dict = field(hash=False, compare=False)


@dataclass(frozen=True)
class Opaq:
    """Something the executor could not follow (control flow, arithmetic on unknowns)."""

    what: str


class _Proxy:
    """``ability.getEffects()`` / ``getTargets()`` / ``getCosts()``: ``.add(x)`` records on
    the owner."""

    __slots__ = ("owner", "kind")

    def __init__(self, owner: JObj, kind: str) -> None:
        self.owner = owner
        self.kind = kind


class FaceProxy:
    """A card half (``getLeftHalfCard()``, ``getSpellCard()``) or the card itself (index None)."""

    def __init__(self, card: CardProxy, index: int | None) -> None:
        self.card = card
        self.index = index


class CardProxy:
    """``this`` in a card constructor: collects abilities and spell abilities per face."""

    def __init__(self) -> None:
        self.abilities: list[tuple[int | None, object]] = []
        self.spells: dict[int | None, JObj] = {}
        self.unsupported: list[str] = []
        self.super_args: tuple = ()
        self.faces = {None: FaceProxy(self, None)}

    def face(self, index: int | None) -> FaceProxy:
        if index not in self.faces:
            self.faces[index] = FaceProxy(self, index)
        return self.faces[index]

    def spell(self, index: int | None) -> JObj:
        if index not in self.spells:
            self.spells[index] = JObj("SpellAbility")
        return self.spells[index]


#: calls that return something else than the receiver, with what they return
_FACE_GETTERS = {
    "getLeftHalfCard": 0,
    "getRightHalfCard": 1,
    "getSpellCard": 1,
    "getMainCard": None,
    "getOriginalCard": None,
    "getCard": None,
}


#: token fields ``Translator.token_def`` binds in the constructor's environment; ``this.X``
#: must reach the same binding as a bare ``X`` (else ``this.cardType.add`` is lost)
_TOKEN_ENV_FIELDS = frozenset(
    {"cardType", "subtype", "supertype", "color", "power", "toughness", "manaCost", "abilities"}
)


class Executor:
    """Runs constructor statements over a ``CardProxy``, recording the object graph.

    ``classes`` maps names of types declared in the same file to their ``TypeDecl``
    (card-specific effects, tokens, filters); ``fields`` are the card class's fields.
    """

    def __init__(self, classes: dict[str, J.TypeDecl] | None = None) -> None:
        self.classes = classes or {}
        self.fields: dict[str, object] = {}
        self.unsupported: list[str] = []
        self.on_super = None  # callback(kind, args) for super(...)/this(...) in framework ctors
        self.strict_calls = False  # card constructors: unknown static calls are unsupported

    # ------------------------------------------------------------- statements
    def run(self, block: J.Block, env: dict) -> None:
        for st in block.stmts:
            self.stmt(st, env)

    def stmt(self, st: object, env: dict) -> None:
        if isinstance(st, J.Decl):
            env[st.name] = self.ev(st.init, env) if st.init is not None else None
        elif isinstance(st, J.ExprStmt):
            value = self.ev(st.expr, env)
            if isinstance(value, SCall) and self.strict_calls and not _harmless(value):
                # A static helper (OverloadAbility.implementOverloadAbility(this, ...)) that
                # wires abilities we can't see: the card must not look complete.
                self.unsupported.append(f"call {_call_name(value)}")
        elif isinstance(st, J.Block):
            self.run(st, env)
        elif isinstance(st, J.If):
            cond = self.truth(st.cond, env)
            if cond is None:
                self.unsupported.append("if")
            elif cond:
                self.run(st.then, env)
            elif st.other is not None:
                self.run(st.other, env)
        elif isinstance(st, J.Unsupported):
            self.unsupported.append(st.what)

    def truth(self, e: object, env: dict) -> bool | None:
        """The value of a condition when it is known here (null checks, booleans), else None."""
        if isinstance(e, J.Binary) and e.op in ("==", "!="):
            left, right = self.ev(e.left, env), self.ev(e.right, env)
            known = (type(None), bool, int, str)
            if isinstance(left, known) and isinstance(right, known):
                return (left == right) == (e.op == "==")
            if right is None and isinstance(left, JObj | Ref | SCall | list):
                return e.op == "!="
            return None
        if isinstance(e, J.Binary) and e.op in ("<", ">", "<=", ">="):
            left, right = self.ev(e.left, env), self.ev(e.right, env)
            if isinstance(left, int) and isinstance(right, int):
                return {
                    "<": left < right,
                    ">": left > right,
                    "<=": left <= right,
                    ">=": left >= right,
                }[e.op]
            return None
        if isinstance(e, J.Binary) and e.op in ("&&", "||"):
            a, b = self.truth(e.left, env), self.truth(e.right, env)
            if a is None or b is None:
                return None
            return (a and b) if e.op == "&&" else (a or b)
        if isinstance(e, J.Unary) and e.op == "!":
            v = self.truth(e.expr, env)
            return None if v is None else not v
        v = self.ev(e, env)
        return v if isinstance(v, bool) else None

    def init_fields(self, decl: J.TypeDecl) -> dict:
        """Evaluate the card class's fields and static blocks (filters, values, conditions)."""
        env: dict = {}
        self.fields = env
        for m in decl.members:
            if m.kind == "field":
                env[m.name] = self.ev(m.init, env) if m.init is not None else None
            elif m.kind == "static":
                self.run(m.body, env)
        return env

    # ------------------------------------------------------------ expressions
    def lookup(self, name: str, env: dict) -> object:
        if name in env:
            return env[name]
        if name in self.fields:
            return self.fields[name]
        return _MISSING

    def ev(self, e: object, env: dict) -> object:
        if isinstance(e, J.Lit):
            return e.value
        if isinstance(e, J.Name):
            return self.name(e.dotted, env)
        if isinstance(e, J.New):
            return self.new(e, env)
        if isinstance(e, J.Call):
            return self.call(e, env)
        if isinstance(e, J.Field):
            recv = self.ev(e.recv, env)
            return SCall(recv, "." + e.name, ())
        if isinstance(e, J.Cast):
            return self.ev(e.expr, env)
        if isinstance(e, J.ArrayInit):
            return [self.ev(x, env) for x in e.items]
        if isinstance(e, J.Lambda):
            return LambdaVal(e.params, e.body, dict(env))
        if isinstance(e, J.Unary):
            v = self.ev(e.expr, env)
            if e.op == "-" and isinstance(v, int | float):
                return -v
            if e.op == "!" and isinstance(v, bool):
                return not v
            return Opaq(f"unary {e.op}")
        if isinstance(e, J.Binary):
            return self.binary(e, env)
        if isinstance(e, J.Ternary):
            c = self.truth(e.cond, env)
            if c is None:
                return Opaq("conditional expression")
            return self.ev(e.then if c else e.other, env)
        if isinstance(e, J.MethodRef):
            return Opaq("method reference")
        if isinstance(e, J.Opaque):
            return Opaq(e.what)
        return Opaq(type(e).__name__)

    def binary(self, e: J.Binary, env: dict) -> object:
        if e.op == "=":
            value = self.ev(e.right, env)
            tgt = e.left
            if isinstance(tgt, J.Name) and "." not in tgt.dotted:
                if tgt.dotted in env:
                    env[tgt.dotted] = value
                elif tgt.dotted in self.fields:
                    self.fields[tgt.dotted] = value
                return value
            if isinstance(tgt, J.Name) and tgt.dotted.startswith("this."):
                field = tgt.dotted[len("this.") :]
                if field in _TOKEN_ENV_FIELDS and field in env:
                    env[field] = value  # a token constructor's this.power = ... (token_def)
                return value  # this.power = ..., this.color...
            if isinstance(tgt, J.Field | J.Name):
                recv = self.ev(tgt.recv, env) if isinstance(tgt, J.Field) else None
                if isinstance(recv, JObj):
                    recv.calls.append(("=" + tgt.name, (value,)))
                return value
            return value
        left = self.ev(e.left, env)
        right = self.ev(e.right, env)
        if isinstance(left, int) and isinstance(right, int) and not isinstance(left, bool):
            ops = {
                "+": lambda a, b: a + b,
                "-": lambda a, b: a - b,
                "*": lambda a, b: a * b,
                "/": lambda a, b: a // b if b else 0,
            }
            if e.op in ops:
                return ops[e.op](left, right)
        if e.op == "+" and isinstance(left, str) and isinstance(right, str):
            return left + right
        if e.op == "|" and isinstance(left, int) and isinstance(right, int):
            return left | right
        return Opaq(f"expression {e.op}")

    def name(self, dotted: str, env: dict) -> object:
        head, _, rest = dotted.partition(".")
        if head == "this" and not rest:
            return env.get("this", Opaq("this"))
        if head == "this":
            head, _, rest = rest.partition(".")
            if head in self.fields and not rest:
                return self.fields[head]
            if head in _TOKEN_ENV_FIELDS and head in env:
                # a token constructor writing ``this.cardType.add(..)`` / ``this.color..``: the
                # same fields as the bare ``cardType.add(..)`` form (token_def binds them)
                v = env[head]
                return SCall(v, "." + rest, ()) if rest else v
            return Ref("this." + dotted.split(".", 1)[1])
        v = self.lookup(head, env)
        if v is _MISSING:
            return Ref(dotted)
        if rest:
            return SCall(v, "." + rest, ())
        return v

    def new(self, e: J.New, env: dict) -> object:
        args = tuple(self.ev(a, env) for a in e.args)
        cls = e.cls.split(".")[-1]
        decl = self.classes.get(cls)
        obj = JObj(cls, args, local=decl is not None, extends=decl.extends if decl else "")
        if e.anon_body:
            obj.local = True
            obj.extends = cls
        return obj

    def call(self, e: J.Call, env: dict) -> object:
        args = tuple(self.ev(a, env) for a in e.args)
        if e.recv is None:
            this = env.get("this")
            if e.name in ("super", "this"):
                if e.name == "this" and self.on_super is not None:
                    # ``this(..)`` delegates to another constructor of the same class (a
                    # token's ``this("DDE")``): run it, never take its args for super's
                    self.on_super(e.name, args)
                elif isinstance(this, CardProxy):
                    this.super_args = args
                elif self.on_super is not None:
                    self.on_super(e.name, args)
                return None
            if this is not None:
                return self.method(this, e.name, args, env)
            return SCall(None, e.name, args)
        recv = self.ev(e.recv, env)
        return self.method(recv, e.name, args, env)

    def method(self, recv: object, name: str, args: tuple, env: dict) -> object:
        if isinstance(recv, CardProxy):
            recv = recv.face(None)
        if isinstance(recv, FaceProxy):
            card = recv.card
            if name in _FACE_GETTERS:
                idx = _FACE_GETTERS[name]
                return card.face(idx if recv.index is None else recv.index)
            if name == "getSpellAbility":
                return card.spell(recv.index)
            if name == "addAbility":
                if args:
                    card.abilities.append((recv.index, args[0]))
                return None
            return None  # setPT, finalizeAdventure, subtype.add ...
        if isinstance(recv, _Proxy):
            if name in ("add", "addAll"):
                for a in args:
                    recv.owner.calls.append(("add" + recv.kind, (a,)))
                return None
            if name in ("get", "getFirst", "iterator", "stream", "clear", "size"):
                return Opaq(f"get{recv.kind}s().{name}")
            return Opaq(f"get{recv.kind}s().{name}")
        if isinstance(recv, JObj):
            if name == "getEffects":
                return _Proxy(recv, "Effect")
            if name == "getTargets":
                return _Proxy(recv, "Target")
            if name == "getCosts":
                return _Proxy(recv, "Cost")
            if name in ("getModes", "getMode", "withModes"):
                return recv
            if name == "copy":
                new = JObj(recv.cls, recv.args, recv.local, recv.extends)
                new.calls = list(recv.calls)
                return new
            if name.startswith("get") and name not in ("getInstance",):
                return SCall(recv, name, args)
            recv.calls.append((name, args))
            return recv
        if isinstance(recv, Ref):
            if name == "getInstance" or (name == "instance" and not args):
                return JObj(recv.dotted, ())
            if name == "get" and recv.last == "StaticValue" and len(args) == 1:
                return JObj("StaticValue", args)
            return SCall(recv, name, args)
        if (
            isinstance(recv, SCall)
            and isinstance(recv.recv, JObj)
            and recv.name in _SUB_FILTERS
            and name in ("add", "addAll")
            and not recv.args
        ):
            # ``filter.getPlayerFilter().add(p)`` narrows a part of the filter (Needle
            # Drop's "any target that was dealt damage this turn"): kept on the filter,
            # never dropped, so its reader sees the predicate
            recv.recv.calls.append((f"{recv.name}().{name}", args))
            return None
        if isinstance(recv, SCall | LambdaVal | Opaq | int | str | list | float | bool):
            return SCall(recv, name, args)
        if recv is None:
            return Opaq(f"call {name} on null")
        return SCall(recv, name, args)

    def run_lambda(self, lam: LambdaVal, args: tuple) -> list[str]:
        """Run a lambda's body with its parameters bound; returns statements not followed."""
        env = dict(lam.env)
        for p, a in zip(lam.params, args, strict=False):
            env[p] = a
        before = len(self.unsupported)
        if isinstance(lam.body, J.Block):
            self.run(lam.body, env)
        else:
            self.ev(lam.body, env)
        out = self.unsupported[before:]
        del self.unsupported[before:]
        return out


#: getters of the filters a combined filter is made of (FilterPermanentOrPlayer...)
_SUB_FILTERS = frozenset(
    {"getPlayerFilter", "getPermanentFilter", "getCardFilter", "getSpellFilter", "getStackFilter"}
)
_MISSING = object()
#: fields a card/token constructor sets on itself (types, colors, P/T): not abilities
_SELF_FIELDS = {
    "subtype",
    "supertype",
    "color",
    "cardType",
    "power",
    "toughness",
    "frameColor",
    "startingLoyalty",
    "startingDefense",
    "nightCard",
    "secondSideCardClazz",
}


def _call_name(v: SCall) -> str:
    base = v.recv
    while isinstance(base, SCall):
        base = base.recv
    head = base.dotted if isinstance(base, Ref) else type(base).__name__
    return f"{head}.{v.name}"


def _harmless(v: SCall) -> bool:
    base = v.recv
    while isinstance(base, SCall):
        base = base.recv
    if isinstance(base, Ref):
        head = base.dotted.split(".")
        name = head[1] if head[0] == "this" and len(head) > 1 else head[0]
        return name in _SELF_FIELDS
    return False
