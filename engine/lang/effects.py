"""The effect vocabulary's registry and runner: ops resolve spells, chapters and abilities.

An op is a JSON dict from the card data (``effects.json``, the Saga chapter summaries):
``{"op": "damage", "amount": 3, "to": "target"}``. Each op name has ONE handler,
registered with ``@op(...)`` in a family module under ``engine/ops/`` (imported by
``engine/ops/__init__.py``). A handler may register a ``check``: it names the part of
an op it can't simulate, before anything changes. ``run_ops`` checks every op of an
ability first: a resolution is simulated whole, or changes nothing and the log names
every missing part (never a silent no-op, never half a resolution).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.core.events import EventKind
from engine.lang import conditions, costs, filters, modes, values
from engine.lang import targets as targeting
from engine.lang.targets import is_legal
from engine.lang.vocabulary import COMMON_FIELDS
from engine.lang.vocabulary import OPS as SCHEMA

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import StackItem

Handler = Callable[["Ctx", dict], None]
Check = Callable[[dict, "Ctx | None"], "str | None"]

# Keys of an op whose value is a nested list of ops (checked and run with their parent).
NESTED = ("then", "else", "ops")  # "ops": may / unless / delayed / reflexive (structure)


class Ctx:
    """Where an op runs: who controls it, its source, its targets, X, chosen modes, results.

    ``targets`` are reference strings ("o12" an object, "p1" a player) chosen on casting
    (601.2c) or as the ability was put on the stack (603.3d); ``stamps`` their zone-change
    counts then (400.7, 608.2b). ``modes`` are the chosen modes (700.2). ``did`` is the
    result of the last optional action ("if you do", 608.2c): a handler that performs one
    sets it. ``label`` names the spell/ability in the log.
    """

    def __init__(
        self,
        game: Game,
        controller: int,
        source: int | None,
        targets: Sequence[str],
        x: int,
        label: str,
        stamps: Mapping[str, int] | None = None,
        modes: Sequence[str] = (),
        event: Mapping[str, Any] | None = None,
        groups: Sequence[Sequence[str]] | None = None,
        division: Mapping[str, int] | None = None,
        illegal: Iterable[str] = (),
    ) -> None:
        self.game = game
        self.controller = controller
        self.source = source
        self.targets = tuple(targets)
        self.x = x
        self.label = label
        self.stamps = stamps
        self.modes = tuple(modes)
        # The targets per target spec (601.2c): groups[n] are spec n's refs ("target": n).
        self.groups: tuple[tuple[str, ...], ...] = (
            tuple(tuple(g) for g in groups) if groups is not None else (self.targets,)
        )
        self.division: Mapping[str, int] = division or {}  # 601.2d: amount per target
        self.illegal = frozenset(illegal)  # targets found illegal as it began to resolve
        self.did: bool | None = None
        # What triggered the ability (603.2): {"object": id, "player": n, "amount": n,
        # "when": trigger id}; empty for spells and activated abilities.
        self.event: Mapping[str, Any] = event or {}
        # "That many" / "it" after a move (608.2c, 400.7): with ``track_moves`` (set when the
        # ops refer to them, ``uses_linked``) ``moved`` holds what the previous op moved, as
        # (object id, zone-change count after the move): the new objects the cards became.
        self.track_moves = False
        self.moved: tuple[tuple[int, int], ...] | None = None
        # The cards an impulse of this resolution exiled, as (object, zone-change count):
        # "if you exiled a land card this way" reads them after later ops (Bonehoard Dracosaur).
        self.exiled_this_way: tuple[tuple[int, int], ...] = ()
        # The card name this resolution chose (201.3): "choose a card name, then ... that
        # name" reads it even if the source left the battlefield meanwhile (engine.ops.named).
        self.chosen_name: str | None = None

    def source_id(self) -> int:
        """The object this spell or ability came from; only a rule's own trigger has none."""
        if self.source is None:
            raise ValueError(f"{self.label}: an op that needs its source has none")
        return self.source

    def opponents(self) -> list[int]:
        return [p for p in range(len(self.game.players)) if p != self.controller]

    def players(self, who: str | None) -> list[int]:
        """The players an op's "who" names: you, each/target opponent, target/each player."""
        who = who or "you"
        if who == "you":
            return [self.controller]
        if who in ("each_opponent", "target_opponent") and not self._target_players():
            return self.opponents()
        if who in ("target_player", "target_opponent"):
            return self._target_players() or self.opponents()
        if who == "each_player":
            return list(range(len(self.game.players)))
        return [self.controller]

    def _target_players(self) -> list[int]:
        return [int(t[1:]) for t in self.targets if t.startswith("p") and t not in self.illegal]

    def legal(self, ref: str) -> bool:
        """A target still legal (608.2b): it was legal as the resolution began and it is
        still the same object in its zone."""
        return ref not in self.illegal and is_legal(self.game, ref, stamps=self.stamps)

    def target_objects(self, spec: int | None = None) -> list[int]:
        """The targeted objects that are still legal (608.2b); of spec ``spec`` if given."""
        refs = self.targets if spec is None else self.refs(spec)
        return [int(t[1:]) for t in refs if t.startswith("o") and self.legal(t)]

    def refs(self, spec: int = 0) -> tuple[str, ...]:
        """The refs chosen for target spec ``spec`` (an op's ``"target": n``), legal or not."""
        return self.groups[spec] if 0 <= spec < len(self.groups) else ()

    def target_refs(self, op: Mapping | None = None) -> list[str]:
        """The still-legal refs an op's "target" means: its spec (``"target": n``, default
        0) when the ability has several specs, else every target."""
        n = op.get("target") if op else None
        if n is None and len(self.groups) <= 1:
            return [t for t in self.targets if self.legal(t)]
        return [t for t in self.refs(n or 0) if self.legal(t)]

    def emit(self, kind: EventKind, text: str, rule: str, **payload) -> None:
        """An event of this resolution (its source is the ctx's source unless given)."""
        payload.setdefault("source", self.source)
        payload.setdefault("player", self.controller)
        self.game.emit(kind, text, rule, **payload)

    def sub(self) -> Ctx:
        """The same context for nested ops ("then")."""
        ctx = Ctx(
            self.game,
            self.controller,
            self.source,
            self.targets,
            self.x,
            self.label,
            self.stamps,
            self.modes,
            self.event,
            self.groups,
            self.division,
            self.illegal,
        )
        ctx.did = self.did
        ctx.track_moves = self.track_moves
        ctx.exiled_this_way = self.exiled_this_way
        ctx.moved = self.moved
        return ctx


@dataclass(frozen=True)
class OpSpec:
    """One registered op: its handler and its up-front check. Its JSON fields are declared
    once, in the vocabulary (``engine.lang.vocabulary.OPS``): ``fields`` reads them there."""

    name: str
    run: Handler
    check: Check | None = None
    doc: str = ""
    family: str = ""
    # (field, word): words an amount field may hold that the handler reads itself
    words: frozenset[tuple[str, str]] = frozenset()

    @property
    def fields(self) -> Mapping[str, tuple[str, bool]]:
        """field -> (type, required), from the vocabulary (empty for an op it lacks)."""
        spec = SCHEMA.get(self.name)
        return spec["fields"] if spec else {}


OPS: dict[str, OpSpec] = {}


def op(
    *names: str,
    check: Check | None = None,
    words: Iterable[tuple[str, str]] = (),
    **declared: object,
) -> Callable[[Handler], Handler]:
    """Register a handler for one or more op names::

        @op("destroy", check=_check_destroy)
        def destroy(ctx: Ctx, op: dict) -> None: ...

    The op's JSON fields are declared once, in ``engine.lang.vocabulary.OPS`` (the validator,
    the checks, coverage and docs/EFFECTS.md read them there); ``fields=`` here is refused, so
    that no op declares them twice. ``check(op, ctx)``
    returns the part it can't simulate (a short phrase) or None; ``ctx`` is None when
    asked without a game (coverage), then answer from the op alone. ``words``: (field,
    word) pairs an amount field may hold that the handler and its check read themselves
    (discard n "hand"). A name registered twice is an error (two families must not both
    claim an op).
    """

    if "fields" in declared:
        raise TypeError(
            f"@op({', '.join(map(repr, names))}, fields=...): an op's fields are declared once, "
            "in engine.lang.vocabulary.OPS (name:type, '?' for optional); move them there "
            "and drop fields= from @op"
        )
    if declared:
        raise TypeError(f"@op() got unexpected keyword arguments: {', '.join(sorted(declared))}")

    def register(fn: Handler) -> Handler:
        for name in names:
            if name in OPS:
                raise ValueError(f"op {name!r} is already registered by {OPS[name].family}")
            OPS[name] = OpSpec(
                name=name,
                run=fn,
                check=check,
                doc=(fn.__doc__ or "").strip().split("\n")[0],
                family=fn.__module__,
                words=frozenset(words),
            )
        return fn

    return register


def missing_parts(
    ops: Iterable[dict], ctx: Ctx | None = None, after: str | None = None
) -> list[str]:
    """What of these ops is not simulated (empty: all of it is). Changes nothing.
    ``after``: the op run just before this list (a nested list inherits its parent's)."""
    out: list[str] = []
    prev = after
    for o in ops:
        part = problem(o, ctx) or linked_problem(o, prev, ctx)
        if part:
            out.append(part)
            prev = str(o.get("op", "?")) if isinstance(o, Mapping) else None
            continue
        for key in NESTED:
            if isinstance(o.get(key), list):
                out += missing_parts(o[key], ctx, prev)
        for opt in option_lists(o):  # choose_one: each option's ops, checked with it
            out += missing_parts(opt, ctx, prev)
        prev = str(o.get("op", "?"))
    return out


# ------------------------------------------------- "that many", "it" after a move
# The ops whose moved objects are exactly "the cards <verb>ed this way" (608.2c) or the
# new objects the cards became (400.7): a {"dv": "that_many"} amount or a "moved"
# reference must come right after one of them, in the same ability.
MOVERS = frozenset(
    {
        "discard",
        "mill",
        "sacrifice",
        "exile",
        "return_from_graveyard",
        "put_onto_battlefield",
        "return_to_hand",
        "create_token",
        "create_token_copy",
        "reveal_until",
        "impulse",
        "(earlier)",
        "create_token_x",
        "owner_creates_token",
        "create_token_copy_except",
        "put_on_library",
    }
)
# ``after`` for an ability that carries what an earlier op moved (a delayed trigger's "it").
EARLIER = "(earlier)"
# Fields whose string value is an object reference ("moved": what the previous op moved).
_REF_KEYS = ("what", "to", "a", "b", "source", "who")
# "The exiled card", "the cards exiled this way" (608.2c): what the exile op just before
# moved, whether or not it linked the cards to its source (607.2a).
THIS_WAY = frozenset(
    {
        "the cards each player exiled this way",
        "the cards exiled this way",
        "the exiled card",
        "the exiled cards",
    }
)


def option_lists(o: Mapping) -> list[list]:
    """The op lists of a choice's options (``choose_one``: [{label, ops}])."""
    opts = o.get("options") if isinstance(o, Mapping) else None
    if not isinstance(opts, list):
        return []
    return [x["ops"] for x in opts if isinstance(x, Mapping) and isinstance(x.get("ops"), list)]


def uses_linked(o: object, nested: bool = True) -> bool:
    """Whether an op counts or names what the op before it moved: a {"dv": "that_many"}
    amount or a "moved" reference; with ``nested=False`` only in its own fields (not in
    its nested op lists or choice options, which are checked as lists of their own)."""
    if isinstance(o, Mapping):
        if o.get("dv") == "that_many":
            return True
        what = o.get("what")  # a user card's field may hold any bounded JSON, not a str
        if any(o.get(k) == "moved" for k in _REF_KEYS) or (
            isinstance(what, str) and what in THIS_WAY
        ):
            return True
        return any(
            uses_linked(v, nested)
            for k, v in o.items()
            if isinstance(v, (Mapping, list))
            and (nested or not ("op" in o and k in (*NESTED, "options")))
        )
    if isinstance(o, list):
        return any(uses_linked(v, nested) for v in o)
    return False


def linked_problem(o: dict, prev: str | None, ctx: Ctx | None = None) -> str | None:
    """An op that counts or names "the cards ... this way" with no mover right before it
    (``prev``: the op run just before it; a nested list starts after its parent's)."""
    if prev in MOVERS or not uses_linked(o, nested=False):
        return None
    label = f"{ctx.label}: " if ctx and ctx.label else ""
    name = str(o.get("op", "?")).replace("_", " ")
    return f"{label}{name}: 'that many' / 'it' with no card moved just before it (after {prev})"


def problem(o: dict, ctx: Ctx | None = None) -> str | None:
    """The part of one op that is not simulated, as the log names it; None if none.

    A user card's op whose fields have shapes no check expects (the schema lets the
    vocabulary's objects through as bounded JSON) is named "not simulated" rather than
    raising from inside a check: it never runs, and the run stays typed."""
    try:
        return _problem(o, ctx)
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as exc:
        label = f"{ctx.label}: " if ctx and ctx.label else ""
        name = str(o.get("op", "?")).replace("_", " ")
        return f"{label}{name} with fields the engine can't read ({type(exc).__name__})"


def _problem(o: dict, ctx: Ctx | None = None) -> str | None:
    name = str(o.get("op", "?"))
    label = f"{ctx.label}: " if ctx and ctx.label else ""
    if o.get("if"):
        part = conditions.condition_missing(o["if"], ctx)
        if part:
            return f'{label}"{o.get("op")}" only if {o["if"]}: {part} is not simulated'
    if _x_from_text(o):
        return f"{label}{name.replace('_', ' ')}, where X is the {o['x']}"
    spec = OPS.get(name)
    if spec is None:
        return f"{label}{o.get('hint') or name.replace('_', ' ')}"
    part = field_problem(o, ctx)
    if part:
        return f"{label}{name.replace('_', ' ')}: {part}"
    if spec.check is not None:
        part = spec.check(o, ctx)
        if part:
            return f"{label}{part}"
    return None


def field_problem(o: dict, ctx: Ctx | None = None) -> str | None:
    """An amount, filter or condition field of an op (typed in engine/lang/vocabulary.py) that
    can't be evaluated; None when every such field can."""
    schema = SCHEMA.get(str(o.get("op")))
    types = schema["fields"] if schema else {}
    words = spec.words if (spec := OPS.get(str(o.get("op")))) is not None else frozenset()
    for key, v in o.items():
        typ = types.get(key, COMMON_FIELDS.get(key, (None,)))[0]
        if typ == "value" and isinstance(v, (Mapping, str)):
            if isinstance(v, str) and (key, v) in words:
                continue  # a word the op's handler reads itself (its check covers it)
            part = values.value_missing(v, ctx)
        elif typ == "filter" and v is not None:
            part = filters.filter_missing(v)
        elif typ == "cond" and key != "if" and v:
            part = conditions.condition_missing(v, ctx)
        else:
            continue
        if part:
            return part
    return None


def _op_names(ops: Iterable[dict], ctx: Ctx | None) -> list[str]:
    """The names of the ops (nested ones too) that are not simulated."""
    out: list[str] = []
    for o in ops:
        if problem(o, ctx):
            out.append(str(o.get("op", "?")))
        for key in NESTED:
            if isinstance(o.get(key), list):
                out += _op_names(o[key], ctx)
        for opt in option_lists(o):
            out += _op_names(opt, ctx)
    return out


def is_simulated(ops: Iterable[dict]) -> bool:
    """Whether the whole list of ops is inside the vocabulary (no game needed)."""
    return not missing_parts(ops, None)


# All or nothing: a resolution with any part outside the vocabulary changes
# nothing and the log names every missing part. (Stomp's "damage can't be prevented" is
# the damage_cant_be_prevented op: data/effects_overrides.json.) whole=False on request.
WHOLE_RESOLUTIONS = True


def run_ops(
    game: Game,
    ops: Iterable[dict],
    *,
    controller: int,
    source: int | None,
    targets: Sequence[str] = (),
    x: int = 0,
    label: str = "",
    missing: bool = False,
    stamps: Mapping[str, int] | None = None,
    modes: Sequence[str] = (),
    whole: bool | None = None,
    event: Mapping[str, Any] | None = None,
    groups: Sequence[Sequence[str]] | None = None,
    division: Mapping[str, int] | None = None,
    illegal: Iterable[str] = (),
    extra_missing: Sequence[str] = (),
    moved: Sequence[Sequence[int]] | None = None,
) -> bool:
    """Resolve ops. Every op is checked before anything changes (``missing_parts``).

    ``whole`` (default ``WHOLE_RESOLUTIONS``): if any part is not simulated, change nothing
    and log each missing part. Otherwise a part that is not simulated is logged in its
    place and skipped, and the others resolve. Returns True when every op was executed.
    """
    part = Part(list(ops), tuple(targets), groups, str(modes[0]) if modes else "")
    return run_parts(
        game,
        [part],
        controller=controller,
        source=source,
        x=x,
        label=label,
        missing=missing,
        stamps=stamps,
        whole=whole,
        event=event,
        division=division,
        illegal=illegal,
        extra_missing=extra_missing,
        moved=moved,
    )


@dataclass(frozen=True)
class Part:
    """One piece of a resolution: a mode's ops (or the spell's) and its targets."""

    ops: list[dict]
    targets: tuple[str, ...] = ()
    groups: Sequence[Sequence[str]] | None = None
    mode: str = ""


def run_parts(
    game: Game,
    parts: Sequence[Part],
    *,
    controller: int,
    source: int | None,
    x: int = 0,
    label: str = "",
    missing: bool = False,
    stamps: Mapping[str, int] | None = None,
    whole: bool | None = None,
    event: Mapping[str, Any] | None = None,
    division: Mapping[str, int] | None = None,
    illegal: Iterable[str] = (),
    extra_missing: Sequence[str] = (),
    moved: Sequence[Sequence[int]] | None = None,
) -> bool:
    """Resolve the parts of one spell/ability (its chosen modes, in order, 700.2), checked
    as one: with ``whole`` nothing changes if any part of any of them is not simulated.
    ``extra_missing`` names parts found missing elsewhere (a target spec it can't read)."""
    objects = (source,) if source else ()
    if missing:
        game.emit(
            EventKind.NOT_SIMULATED,
            f"What {label} does is not in the card data: effect not simulated.",
            "608.2",
            objects=objects,
            source=source,
            player=controller,
            data={"missing": ["card data"]},
        )
        return False
    illegal = tuple(illegal)
    ctxs = [
        Ctx(
            game,
            controller,
            source,
            p.targets,
            x,
            label,
            stamps,
            (p.mode,) if p.mode else (),
            event,
            p.groups,
            division,
            illegal,
        )
        for p in parts
    ]
    missing_list = [f"{label}: {m}" if label else m for m in extra_missing]
    names: list[str] = []
    for p, ctx in zip(parts, ctxs, strict=True):
        ctx.track_moves = uses_linked(p.ops)
        if moved is not None:  # "it" of a delayed trigger: what the op that made it moved
            ctx.moved = tuple((int(a), int(b)) for a, b in moved)
        missing_list += missing_parts(p.ops, ctx, EARLIER if moved is not None else None)
        names += _op_names(p.ops, ctx)
    whole = WHOLE_RESOLUTIONS if whole is None else whole
    if missing_list and (whole or extra_missing):
        for part in missing_list:
            game.emit(
                EventKind.NOT_SIMULATED,
                f"{part} — effect not simulated, so nothing of it is done (all or nothing).",
                "608.2",
                objects=objects,
                source=source,
                player=controller,
                data={"missing": missing_list, "ops": names},
            )
        return False
    for p, ctx in zip(parts, ctxs, strict=True):
        if not missing_list:
            execute(ctx, p.ops)
        else:
            run_nested(ctx, p.ops)
    return not missing_list


def run_nested(ctx: Ctx, ops: Iterable[dict]) -> None:
    """Run ops inside a resolution ("then" of an op): already checked as a whole when
    resolutions are whole; otherwise a part that is not simulated is logged and skipped."""
    game = ctx.game
    objects = (ctx.source,) if ctx.source else ()
    for o in ops:
        part = problem(o, ctx)
        if part is None:
            execute(ctx, [o])
            continue
        ending = ", so this part is skipped." if o.get("if") else " — effect not simulated."
        game.emit(
            EventKind.NOT_SIMULATED,
            part + ending,
            "608.2",
            objects=objects,
            source=ctx.source,
            player=ctx.controller,
            data={"missing": [part], "ops": [str(o.get("op", "?"))]},
        )


def execute(ctx: Ctx, ops: Iterable[dict]) -> None:
    """Run already-checked ops in order (a handler runs nested ops through this too).
    An op with an ``if`` runs only when its condition holds (608.2c); otherwise the log
    says the condition is false."""
    for o in ops:
        cond = o.get("if")
        if cond and not conditions.holds(ctx, cond):
            ctx.emit(
                EventKind.CONDITION_FALSE,
                f"{ctx.label}: {str(o.get('op', '?')).replace('_', ' ')} is not done: "
                "its condition is false.",
                "608.2c",
                data={"op": str(o.get("op", "?")), "condition": cond},
            )
            if ctx.track_moves:
                ctx.moved = ()  # nothing was moved "this way"
            continue
        if not ctx.track_moves:
            OPS[o["op"]].run(ctx, o)
            continue
        game = ctx.game
        before, known = dict(game.zone_changes), set(game.objects)
        OPS[o["op"]].run(ctx, o)
        moved = [(oid, n) for oid, n in game.zone_changes.items() if before.get(oid, 0) != n]
        made = [
            (oid, game.zone_changes.get(oid, 0))
            for oid in game.objects
            if oid not in known and oid not in before
        ]  # tokens created (111.1)
        ctx.moved = tuple(dict.fromkeys([*moved, *made]))


def run_item(
    game: Game,
    item: StackItem,
    section: dict,
    *,
    label: str,
    source: int | None,
    missing: bool = False,
    illegal: frozenset[str] | None = None,
) -> bool:
    """Run a spell's or ability's effect: its ops, or each chosen mode's ops with that
    mode's targets (700.2: in the order written), checked as one (all or nothing)."""
    data = item.data or {}
    groups = data.get("groups")
    if illegal is None:
        illegal = targeting.illegal_targets(game, item)
    kinds = ("spell", "card") if item.kind == "spell" else ()
    unsimulated = [
        *(data.get("unsimulated") or ()),
        *untranslated(section, kinds),
        *(data.get("untranslated") or ()),
    ]
    common: dict[str, Any] = {
        "controller": item.controller,
        "source": source,
        "x": item.x,
        "label": label,
        "stamps": data.get("stamps"),
        "event": data.get("event"),
        "division": data.get("division"),
        "illegal": illegal,
        "extra_missing": unsimulated,
        "moved": data.get("moved"),
    }
    if modes.is_modal(section) and data.get("modes") is None and not section.get("spell"):
        unsimulated.append("its modes (none were chosen for it, 601.2b)")
        common["extra_missing"] = unsimulated
    if data.get("modes") is not None and modes.is_modal(section):
        per_mode = modes.split_groups(section, data["modes"], groups or [])
        parts = [
            Part(list(section["modes"][i]), tuple(r for g in gs for r in g), gs, str(i + 1))
            for i, gs in zip(data["modes"], per_mode, strict=True)
        ]
        return run_parts(game, parts, missing=missing, **common)
    ops = item.ops if item.kind == "ability" else section.get("spell") or []
    ops = costs.resolve_conditions(list(ops), data)
    return run_ops(game, ops, targets=item.targets, groups=groups, missing=missing, **common)


def untranslated(entry: Mapping | None, kinds: Sequence[str]) -> list[str]:
    """The parts of these abilities the importer could not translate (the entry's
    ``untranslated``: [{ability, class, in?}]): such an ability must not run at all."""
    if not entry or not kinds:
        return []
    out = []
    for u in entry.get("untranslated") or ():
        if isinstance(u, Mapping) and u.get("ability") in kinds:
            out.append(f"{u.get('class', '?')} (not translated from XMage)")
    return out


def resolve_ability(game: Game, item: StackItem) -> None:
    """The default resolver of an ability on the stack: its ops (chapters, enter triggers...),
    or its chosen modes' ops (a modal trigger: ``item.data["modal"]``)."""
    run_item(
        game, item, dict((item.data or {}).get("modal") or {}), label=item.text, source=item.source
    )


def _x_from_text(o: dict) -> bool:
    """An amount "X" that the card text defines ("X is the mana value of that card") is not
    the X paid for the spell: using the spell's X (usually 0) would log a false number."""
    x = o.get("x")
    if not isinstance(x, str) or x.strip().lower() in ("x", "the x paid", "x paid"):
        return False
    amounts = [o.get(k) for k in ("amount", "n", "count")]
    return any(
        isinstance(a, str) and a.replace(" ", "").lstrip("-").startswith("X") for a in amounts
    )
