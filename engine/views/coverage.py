"""Coverage: how much of each card the engine simulates, asked of the registries at run time.

A card's effect data (``CardDef.effects``, Saga chapters) is cut into *abilities*: the
spell (each mode of a modal spell on its own), the enter trigger, each triggered,
activated and static ability, each Saga chapter ability, and each ability the importer
could not translate (``untranslated``). An ability is simulated when every part it uses
has a handler: each op (``engine.lang.effects.OPS`` and the op's own ``check``), trigger
``when``, cost, condition, dynamic value, filter key and target kind. The checks are
looked up in the registries every time coverage runs (``Checkers.current()``), never
listed here, so a handler a helper registers counts as soon as it is merged.

A card is ``full`` when every ability is simulated (a card whose data says it has no
abilities of its own, ``vanilla``, is full), ``partly`` when some are, ``not`` when none
is or when there is no effect data for it at all. The playground has no combat:
abilities that only combat can use (attack/block/combat-damage triggers, "can't block"
and kin) count as simulated only when their handler is registered, and are reported
apart as *combat-only* (docs/EFFECTS.md). Keyword abilities (Flying, Cycling, Kicker...)
are not cut into abilities here: coverage measures the effect data.
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.cards.definitions import CardDef
from engine.keywords import buyback, crew, cumulative_upkeep, echo, escape, flashback, storm
from engine.lang import effects, vocabulary
from engine.rules import alternative_costs, saga, triggers
from engine.views import keyword_coverage

__all__ = [
    "COMBAT_ONLY_OPS",
    "COMBAT_ONLY_TRIGGERS",
    "FULL",
    "NOT",
    "PARTLY",
    "AbilityCoverage",
    "CardCoverage",
    "Checkers",
    "Report",
    "card_coverage",
    "chapter_abilities",
    "main_type",
    "report",
]

FULL, PARTLY, NOT = "full", "partly", "not"
STATUSES = (FULL, PARTLY, NOT)

#: Trigger events only combat produces (CR 506-511): attacking, blocking, combat damage.
#: The combat kind of the trigger registry (engine.rules.triggers.WHEN) and "until end of
#: combat"; whether one is handled is asked of the trigger registry.
COMBAT_ONLY_TRIGGERS = frozenset(
    {when for when, w in triggers.WHEN.items() if w.kind == "combat"} | {"end_of_combat"}
)
#: Static abilities that only matter in combat (recorded on the object, nothing applies them).
COMBAT_ONLY_OPS = frozenset(
    {
        "cant_block",
        "cant_be_blocked",
        "must_attack",
        "can_block_only",
        "cant_attack_or_block",
        "min_blockers",
        "goad_chosen_names",
        "goad",
    }
)
#: Main type of a card for the "by type" totals, first match wins (as the importer's report).
TYPE_ORDER = (
    "Creature",
    "Planeswalker",
    "Battle",
    "Instant",
    "Sorcery",
    "Artifact",
    "Enchantment",
    "Land",
)

Check = Callable[[Any], "str | None"]


# ------------------------------------------------------------------------- registries
def _registered(module: str, *names: str) -> Callable | None:
    """A check function of a registry module, or None while that registry does not exist.

    Looked up when coverage runs (not at import): helpers add registries to the engine,
    and coverage must count what is registered now, never a list written down here. A
    registry that can't be imported counts as absent (its parts are "not simulated"):
    coverage never takes a page down with it.
    """
    try:
        mod = importlib.import_module(module)
    except Exception:  # noqa: BLE001 - ImportError, or a broken module: no registry
        return None
    for name in names:
        fn = getattr(mod, name, None)
        if callable(fn):
            return fn
    return None


def _unregistered(kind: str) -> Check:
    """The check used while no registry of this kind exists: nothing of it is handled, and
    the part is named by its id (the trigger's ``when``, the cost's ``cost``...)."""

    def check(value: Any) -> str:
        return _name_of(kind, value)

    return check


_ID_KEYS = {"cost": "cost", "condition": "cond", "dynamic value": "dv", "target": "what"}


def _whens(trig: Any) -> list[str]:
    """A trigger's event ids: its ``when`` and those of ``also`` (ids or {when: ...})."""
    if not isinstance(trig, dict):
        return [str(trig)]
    also = [a.get("when") if isinstance(a, dict) else a for a in trig.get("also") or []]
    return [str(w) for w in (trig.get("when"), *also)]


def _unregistered_trigger(trig: Any) -> str | None:
    """No trigger registry: every trigger id is unhandled."""
    return ", ".join(_whens(trig))


def _unregistered_costs(costs: Any) -> str | None:
    """No cost registry: every cost is unhandled."""
    items = costs if isinstance(costs, list) else [costs]
    return ", ".join(_name_of("cost", c) for c in items) or None


def _combat_by_id(trig: Any) -> bool:
    """Without the registry's answer: every event of the trigger is combat-only."""
    return all(w in COMBAT_ONLY_TRIGGERS for w in _whens(trig))


def _name_of(kind: str, value: Any) -> str:
    if isinstance(value, dict):
        if kind == "filter":
            return ", ".join(sorted(value)) or "{}"
        key = _ID_KEYS.get(kind)
        if key and key in value:
            return str(value[key])
    return _short(value)


@dataclass(frozen=True)
class Checkers:
    """One check per vocabulary kind: ``check(part) -> None`` (handled) or the missing part.

    ``op`` gets an op dict and answers for the op itself (registry + its ``check``);
    ``trigger`` a whole trigger object (its ``when`` and ``also`` ids...); ``costs`` a list
    of cost objects. Nested parts (filters, values, conditions, costs, targets, nested
    ops) are walked by coverage using the field types of ``engine.lang.vocabulary``, so each
    is named even when a registry's own check already covers it. Tests build their own.
    """

    op: Check
    trigger: Check
    costs: Check
    condition: Check
    value: Check
    filter: Check
    target: Check
    combat_trigger: Callable[[Any], bool] = _combat_by_id
    combat_op: Callable[[str], bool] = COMBAT_ONLY_OPS.__contains__
    #: an activated ability's costs as cost objects (also when written in words)
    ability_costs: Callable[[dict], list] | None = None
    #: without ``ability_costs``: the parts of a cost in words that are not paid
    cost_words: Callable[[str, str], list[str]] | None = None

    @classmethod
    def current(cls) -> Checkers:
        """The checks the engine's registries expose right now."""
        return cls(
            op=_op_problem,
            trigger=_registered("engine.rules.triggers", "trigger_missing")
            or _unregistered_trigger,
            costs=_registered("engine.rules.ability_costs", "missing") or _unregistered_costs,
            condition=_registered("engine.lang.conditions", "condition_missing")
            or _unregistered("condition"),
            value=_registered("engine.lang.values", "value_missing")
            or _unregistered("dynamic value"),
            filter=_registered("engine.lang.filters", "filter_missing") or _unregistered("filter"),
            target=_registered("engine.lang.targets", "target_missing", "target_spec_missing")
            or _unregistered("target"),
            combat_trigger=_registered("engine.rules.triggers", "is_combat_only") or _combat_by_id,
            combat_op=_registered("engine.rules.combat", "unapplied_op")
            or COMBAT_ONLY_OPS.__contains__,
            ability_costs=_registered("engine.rules.ability_costs", "of_ability"),
            cost_words=_registered(
                "engine.play.actions", "unsimulated_cost_parts", "_unsimulated_cost_parts"
            ),
        )


def _op_problem(o: dict) -> str | None:
    """The op registry's answer for one op (its own fields; nested lists are walked apart)."""
    flat = {k: v for k, v in o.items() if k not in effects.NESTED}
    return effects.problem(flat, None)


def _short(value: Any, limit: int = 60) -> str:
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


# -------------------------------------------------------------------------- results
@dataclass(frozen=True)
class AbilityCoverage:
    """One ability of a card and the parts of it that are not simulated (empty: all are)."""

    label: str  # "spell", "spell mode 2", "enter trigger", "trigger 1", "chapter II"...
    kind: str  # spell | mode | etb | trigger | activated | static | chapter | untranslated
    # | restriction (a printed casting restriction, cast_only)
    missing: tuple[str, ...] = ()
    combat_only: bool = False
    face: str | None = None

    @property
    def simulated(self) -> bool:
        return not self.missing


@dataclass(frozen=True)
class CardCoverage:
    """How much of one card is simulated."""

    name: str
    layout: str
    type: str
    land: bool
    status: str
    abilities: tuple[AbilityCoverage, ...] = ()
    has_data: bool = True

    @property
    def missing(self) -> list[str]:
        """Every missing part, each once, in ability order."""
        out: list[str] = []
        for a in self.abilities:
            out += [p for p in a.missing if p not in out]
        if not self.has_data:
            out.append("card data")
        return out

    @property
    def combat_only(self) -> bool:
        """Some simulated ability of it only matters in combat (which the playground lacks)."""
        return any(a.combat_only and a.simulated for a in self.abilities)

    @property
    def chapters(self) -> tuple[AbilityCoverage, ...]:
        return tuple(a for a in self.abilities if a.kind == "chapter")

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "status": self.status,
            "type": self.type,
            "layout": self.layout,
            "land": self.land,
            "combat_only": self.combat_only,
            "missing": self.missing,
            "abilities": [
                {
                    "label": a.label,
                    "kind": a.kind,
                    "face": a.face,
                    "simulated": a.simulated,
                    "combat_only": a.combat_only,
                    "missing": list(a.missing),
                }
                for a in self.abilities
            ],
        }


def main_type(card: CardDef) -> str:
    types = card.types
    for t in TYPE_ORDER:
        if t in types:
            return t
    return types[0] if types else "?"


# ------------------------------------------------------------------------ the walk
class _Safe:
    """A registry's checks, where a check that raises names the part instead of stopping
    the whole report (a crash in a check is a gap, not a reason to show nothing)."""

    def __init__(self, checks: Checkers) -> None:
        self._c = checks

    def __getattr__(self, name: str) -> Any:
        fn = getattr(self._c, name)
        if not callable(fn):
            return fn

        def safe(*args: Any) -> Any:
            try:
                return fn(*args)
            except Exception as e:  # noqa: BLE001 - reported as the missing part
                if name.startswith("combat"):
                    return False
                return f"{name} check failed ({type(e).__name__}: {_short(str(e), 40)})"

        return safe


class _Walk:
    """Collects the missing parts of one ability (each once, in order)."""

    def __init__(self, checks: Checkers) -> None:
        self.c: Any = _Safe(checks)
        self.missing: list[str] = []
        self.combat = False
        self.after: str | None = None  # the op run before the op list being walked

    def add(self, part: str | None) -> None:
        if part and part not in self.missing:
            self.missing.append(part)

    def ops(self, ops: Any) -> None:
        if not isinstance(ops, list):
            self.add(f"op list: {_short(ops)}")
            return
        prev = self.after  # a nested list runs right after its parent's previous op
        for o in ops:
            if isinstance(o, dict):  # "that many" / "it" right after a move (608.2c)
                self.add(effects.linked_problem(o, prev))
            self.after = prev
            self.op(o)
            prev = str(o.get("op", "?")) if isinstance(o, dict) else None
        self.after = None

    def op(self, o: Any) -> None:
        if not isinstance(o, dict):
            self.add(f"op: {_short(o)}")
            return
        name = str(o.get("op", "?"))
        if self.c.combat_op(name):
            self.combat = True
        granted = o.get("ability") if name == "grant" else None
        if isinstance(granted, dict) and granted.get("kind") == "triggered":
            # a granted trigger runs only if its event happens: a combat one never does here
            if self.c.combat_trigger(granted):
                self.combat = True
            self.ops(granted.get("ops") or [])
        if name == "grant":
            # a keyword granted to others is simulated only as far as the keyword is; one
            # whose rule is a trigger in the card data (Ward) is no more than its name
            kws = list(o.get("keywords") or []) if isinstance(o.get("keywords"), list) else []
            if isinstance(granted, dict) and granted.get("kind") == "keyword":
                kws.append(granted.get("keyword") or "?")
            for kw in map(str, kws):
                if keyword_coverage.state_of(kw)[0] == keyword_coverage.NOT:
                    self.add(f"grants keyword {kw} (not simulated)")
                elif kw.lower() in keyword_coverage.NEEDS_TRIGGER:
                    self.add(f"grants keyword {kw} (its triggered ability is not in the data)")
        if name in ("lasting_trigger", "chosen_name_trigger") and self.c.combat_trigger(
            {"when": o.get("when")}
        ):
            self.combat = True  # a delayed ability only combat fires (603.7c; no combat here)
        part = self.c.op(o)
        if part:
            self.add(f"op {name}: {part}" if name in effects.OPS else f"op: {name}")
        spec = vocabulary.OPS.get(name, {}).get("fields", {})
        after = self.after
        for key, value in o.items():
            typ = spec.get(key, vocabulary.COMMON_FIELDS.get(key, (None,)))[0]
            self.after = after  # each nested list starts after this op's previous one
            self.field(typ or _shape(value), key, value)

    def field(self, typ: str | None, key: str, value: Any) -> None:
        if typ == "ops":
            self.ops(value)
        elif typ == "filter":
            self.filter(value)
        elif typ == "cond":
            self.cond(value)
        elif typ == "costs":
            self.costs(value)
        elif typ == "targets":
            self.targets(value)
        elif typ == "options" and isinstance(value, list):  # choose_one: each option's ops
            after = self.after
            for opt in value:
                self.after = after
                self.ops(opt.get("ops") if isinstance(opt, dict) else opt)
        elif typ == "value" and isinstance(value, dict):
            self.value(value)
        elif typ == "any" and isinstance(value, dict) and key == "spells":
            self.filter(value)  # cost_change: a filter (or "self")

    def filter(self, flt: Any) -> None:
        if isinstance(flt, dict):  # words in hand-written data are the op check's business
            part = self.c.filter(flt)
            if part:
                self.add(f"filter: {part}")

    def value(self, v: Any) -> None:
        part = self.c.value(v)
        if part:
            self.add(f"dynamic value: {part}")

    def cond(self, cond: Any) -> None:
        if isinstance(cond, dict):  # a condition in words is already the op check's problem
            part = self.c.condition(cond)
            if part:
                self.add(f"condition: {part}")
        elif cond:
            self.add(f"condition: {_short(cond)}")

    def costs(self, costs: Any) -> None:
        items = costs if isinstance(costs, list) else [costs]
        for cost in items:  # each cost on its own, so every unhandled one is named
            part = self.c.costs([cost])
            if part:
                self.add(f"cost: {part}")

    def targets(self, specs: Any) -> None:
        for spec in specs if isinstance(specs, list) else [specs]:
            part = self.c.target(spec)
            if part:
                self.add(f"target: {part}")
            if isinstance(spec, dict) and "filter" in spec:
                self.filter(spec["filter"])

    def trigger(self, trig: Mapping[str, Any]) -> None:
        if self.c.combat_trigger(trig):
            self.combat = True
        part = self.c.trigger(trig)
        if part:
            self.add(f"trigger: {part}")


def _shape(value: Any) -> str | None:
    """The type of a field the schema doesn't list, from its shape (a dynamic value, a
    condition, a nested op list), so a new op's parts are still asked of their registry."""
    if isinstance(value, dict):
        return "value" if "dv" in value else "cond" if "cond" in value else None
    if isinstance(value, list) and value and all(isinstance(v, dict) and "op" in v for v in value):
        return "ops"
    return None


def _modes(w: _Walk, ab: Mapping[str, Any]) -> None:
    for i, mode in enumerate(ab.get("modes") or []):
        w.ops(mode)
        mt = ab.get("mode_targets") or []
        if i < len(mt):
            w.targets(mt[i])


def _ability(
    checks: Checkers,
    label: str,
    kind: str,
    face: str | None,
    fill: Callable[[_Walk], None],
) -> AbilityCoverage:
    w = _Walk(checks)
    fill(w)
    return AbilityCoverage(label, kind, tuple(w.missing), w.combat, face)


def _entry_abilities(
    entry: Mapping[str, Any], checks: Checkers, face: str | None
) -> list[AbilityCoverage]:
    """The abilities of one effects entry (a card's, or one face's)."""
    out: list[AbilityCoverage] = []

    def spell_parts(w: _Walk) -> None:
        w.targets(entry.get("targets") or [])
        w.costs(entry.get("spell_costs") or [])

    if entry.get("modes"):
        specs = entry.get("mode_targets") or []
        for i, mode in enumerate(entry["modes"]):

            def fill(w: _Walk, i: int = i, mode: Any = mode) -> None:
                spell_parts(w)
                w.ops(entry.get("spell") or [])
                w.ops(mode)
                if i < len(specs):
                    w.targets(specs[i])

            out.append(_ability(checks, f"spell mode {i + 1}", "mode", face, fill))
    elif "spell" in entry:

        def fill_spell(w: _Walk) -> None:
            spell_parts(w)
            w.ops(entry["spell"])

        out.append(_ability(checks, "spell", "spell", face, fill_spell))
    if entry.get("etb"):

        def fill_etb(w: _Walk) -> None:
            w.ops(entry["etb"])
            w.targets(entry.get("etb_targets") or [])

        out.append(_ability(checks, "enter trigger", "etb", face, fill_etb))
    for i, trig in enumerate(entry.get("triggers") or []):
        if not isinstance(trig, dict):
            continue

        def fill_t(w: _Walk, t: dict = trig) -> None:
            w.trigger(t)
            if "filter" in t:
                w.filter(t["filter"])
            if t.get("condition"):
                w.cond(t["condition"])
            if t.get("optional_cost"):
                w.costs(t["optional_cost"])
            w.targets(t.get("targets") or [])
            w.ops(t.get("ops") or [])
            _modes(w, t)

        out.append(
            _ability(checks, f"trigger {i + 1} ({trig.get('when')})", "trigger", face, fill_t)
        )
    for i, act in enumerate(entry.get("activated") or []):
        if not isinstance(act, dict):
            continue

        def fill_a(w: _Walk, a: dict = act) -> None:
            if w.c.ability_costs is not None and ("costs" in a or a.get("cost")):
                costs = w.c.ability_costs(a)
                if isinstance(costs, str):  # the registry could not read them
                    w.add(f"cost: {costs}")
                else:
                    w.costs(costs)
            elif a.get("cost") and w.c.cost_words is not None:
                # no cost registry: the engine pays the cost in words (engine.play.actions)
                parts = w.c.cost_words(str(a["cost"]).lower(), "")
                for part in [parts] if isinstance(parts, str) else parts:
                    w.add(f"cost: {_short(part)}")
            elif "costs" in a:
                w.costs(a["costs"])
            elif a.get("cost"):
                w.add(f"cost: {_short(a['cost'])}")
            if a.get("condition"):
                w.cond(a["condition"])
            w.targets(a.get("targets") or [])
            w.ops(a.get("ops") or [])
            _modes(w, a)

        kind = "mana ability" if act.get("mana_ability") else "activated"
        out.append(_ability(checks, f"{kind} {i + 1}", "activated", face, fill_a))
    for i, o in enumerate(entry.get("static") or []):

        def fill_static(w: _Walk, o: Any = o) -> None:
            w.op(o)

        out.append(_ability(checks, f"static {i + 1}", "static", face, fill_static))
    if "cast_only" in entry:  # 601.3: a restriction in words is never evaluated (cast_only)
        out.append(
            _ability(
                checks,
                "casting restriction",
                "restriction",
                face,
                lambda w: w.cond(entry["cast_only"]),
            )
        )
    if entry.get("alt_cost") or entry.get("alt_costs"):
        # "You may [cost] rather than pay this spell's mana cost" (118.9): offered when
        # casting (engine.rules.alternative_costs) where its costs and condition are read
        part = alternative_costs.missing(entry)
        out.append(
            AbilityCoverage("alternative cost", "static", (part,) if part else (), False, face)
        )
    for u in entry.get("untranslated") or []:
        if not isinstance(u, dict):
            continue
        if u.get("ability") == "chapter":
            continue  # chapters are counted from what the Saga rules run (chapter_abilities)
        what = str(u.get("ability", "ability"))
        part = f"untranslated: {u.get('class', '?')}"
        out.append(AbilityCoverage(f"{what} (untranslated)", "untranslated", (part,), False, face))
    return out


def _chapter(checks: Checkers, ab: Any, face: str | None) -> list[AbilityCoverage]:
    """One chapter ability (printed "I, II —" is one ability listed under two numbers)."""
    if not isinstance(ab, dict):
        return []
    numbers = [int(n) for n in ab.get("chapters") or [] if isinstance(n, int)]
    label = "chapter " + ", ".join(saga.roman(n) for n in numbers)

    def fill(w: _Walk) -> None:
        if ab.get("untranslated"):
            w.add(f"untranslated: {ab['untranslated']}")
            return
        if ab.get("approx"):
            w.add("chapter: summary only approximates the card")
        w.targets(ab.get("targets") or [])
        w.ops(ab.get("ops") or [])
        _modes(w, ab)

    return [_ability(checks, label, "chapter", face, fill)]


def chapter_abilities(card: CardDef) -> list[dict]:
    """A Saga's chapter abilities as the Saga rules resolve them (``saga.chapter_abilities``
    / ``saga.chapters``: an exact override, the effect entry's chapter with its targets, or
    the card facts' summary), as dicts; a printed "I, II —" ability is one ability.
    Coverage counts what the engine runs, whatever its source.
    """
    summaries = {
        n: a for a in (card.chapters.abilities if card.chapters else ()) for n in a.chapters
    }
    rich = getattr(saga, "chapter_abilities", None)
    rows = (
        rich(card) if callable(rich) else [(n, ops, None, None) for n, ops in saga.chapters(card)]
    )
    out: list[dict] = []
    by_ops: dict[tuple[int, int], dict] = {}
    for n, ops, targets, missing in rows:
        key = (id(ops), id(summaries.get(n)))  # one ops list of one printed ability
        same = by_ops.get(key)
        if same is not None:
            same["chapters"].append(n)
            continue
        d: dict[str, Any] = {"chapters": [n], "ops": [dict(o) for o in ops]}
        if targets:
            d["targets"] = list(targets)
        if missing:
            d["untranslated"] = missing
        source = summaries.get(n)
        if source is not None and source.approx and ops == tuple(source.ops):
            d["approx"] = True  # the coarse summary only approximates a card-specific effect
        by_ops[key] = d
        out.append(d)
    return out


def _equip_missing(card: CardDef) -> str | None:
    """An Equip cost with a part the activation can't pay (its cost objects, 702.6a)."""
    check = _registered("engine.rules.ability_costs", "keyword_cost_missing")
    for entry in (card.effects or {}, *((card.effects or {}).get("faces") or {}).values()):
        value = (entry.get("keyword_costs") or {}).get("Equip") if isinstance(entry, dict) else None
        part = check("Equip", value) if value is not None and check is not None else None
        if part:
            return f"keyword Equip: {part}"
    return None


def card_coverage(card: CardDef, checks: Checkers | None = None) -> CardCoverage:
    """Classify one card: full / partly / not, with every ability and its missing parts."""
    checks = checks or Checkers.current()
    entry = card.effects
    abilities: list[AbilityCoverage] = []
    has_data = isinstance(entry, dict) and bool(entry)
    if has_data:
        assert isinstance(entry, dict)
        abilities += _entry_abilities(entry, checks, None)
        faces = entry.get("faces")
        if isinstance(faces, dict):
            for name, sub in faces.items():
                if isinstance(sub, dict):
                    abilities += _entry_abilities(sub, checks, name)
    chapters = chapter_abilities(card)
    for ab in chapters:
        abilities += _chapter(checks, ab, None)
    has_data = has_data or bool(chapters)
    # Keyword abilities the card data doesn't spell out (engine.views.keyword_coverage): one
    # not simulated is a missing ability of the card, named by the keyword.
    for kw, part in keyword_coverage.missing(
        card,
        extra=[
            ("storm", storm.missing),
            ("escape", escape.missing),
            ("flashback", flashback.missing),
            ("crew", crew.missing),
            ("echo", echo.missing),
            ("buyback", buyback.missing),
            ("cumulative upkeep", cumulative_upkeep.missing),
            ("equip", _equip_missing),
        ],
    ):
        abilities.append(AbilityCoverage(f"keyword {kw}", "keyword", (part,)))
    ok = sum(1 for a in abilities if a.simulated)
    if not has_data:
        status = NOT
    elif ok == len(abilities):
        status = FULL
    else:
        status = PARTLY if ok else NOT
    return CardCoverage(
        name=card.name,
        layout=card.layout,
        type=main_type(card),
        land=card.is_land,
        status=status,
        abilities=tuple(abilities),
        has_data=has_data,
    )


# --------------------------------------------------------------------------- report
@dataclass
class Report:
    """Totals over a set of cards (a pool: each name once; a deck: ``counts`` copies each)."""

    cards: list[tuple[CardCoverage, int]] = field(default_factory=list)
    scope: str = "pool"

    def nonland(self) -> list[tuple[CardCoverage, int]]:
        return [(c, n) for c, n in self.cards if not c.land]

    def totals(self, by: Callable[[CardCoverage], str] | None = None) -> dict[str, dict]:
        """{group: {full, partly, not, total, combat_only}} over nonland cards, copies counted."""
        out: dict[str, dict[str, int]] = {}
        for c, n in self.nonland():
            key = by(c) if by else "all"
            row = out.setdefault(key, {"total": 0, FULL: 0, PARTLY: 0, NOT: 0, "combat_only": 0})
            row["total"] += n
            row[c.status] += n
            if c.status == FULL and c.combat_only:
                row["combat_only"] += n
        return dict(sorted(out.items()))

    def summary(self) -> dict[str, int]:
        row = self.totals().get("all") or {"total": 0, FULL: 0, PARTLY: 0, NOT: 0, "combat_only": 0}
        return {**row, "names": len({c.name for c, _ in self.nonland()})}

    def chapters(self) -> dict[str, int]:
        """Saga chapter abilities (each ability once per card name), and complete Sagas."""
        total = ok = sagas = complete = 0
        seen: set[str] = set()
        for c, _ in self.cards:
            chs = c.chapters
            if not chs or c.name in seen:
                continue
            seen.add(c.name)
            sagas += 1
            done = sum(1 for a in chs if a.simulated)
            total += len(chs)
            ok += done
            complete += done == len(chs)
        return {"abilities": total, "simulated": ok, "sagas": sagas, "sagas_complete": complete}

    def combat_only_abilities(self) -> int:
        """Simulated abilities that only combat would use (counted once per card name)."""
        seen: dict[str, int] = {}
        for c, _ in self.nonland():
            seen[c.name] = sum(1 for a in c.abilities if a.combat_only and a.simulated)
        return sum(seen.values())

    def top_missing(self, n: int = 20) -> list[tuple[str, int]]:
        """The missing parts that stop most (nonland) cards, by number of card names."""
        counts: Counter[str] = Counter()
        seen: set[str] = set()
        for c, _ in self.nonland():
            if c.name in seen:
                continue
            seen.add(c.name)
            counts.update(_part_key(p) for p in c.missing)
        return counts.most_common(n)

    def to_dict(self, *, cards: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {
            "scope": self.scope,
            "nonland": self.summary(),
            "by_type": self.totals(lambda c: c.type),
            "by_layout": self.totals(lambda c: c.layout),
            "saga_chapters": self.chapters(),
            "combat_only_abilities": self.combat_only_abilities(),
            "top_missing": [{"part": p, "cards": k} for p, k in self.top_missing()],
        }
        if cards:
            out["cards"] = [{**c.to_dict(), "count": n} for c, n in self.cards]
        return out

    def text(self) -> str:
        s = self.summary()
        unit = "copies" if self.scope == "deck" else "cards"

        def pct(k: int, total: int) -> str:
            return f"{100 * k / total:.1f}%" if total else "-"

        t = s["total"]
        lines = [
            f"Nonland {unit}: {t:,} ({s['names']:,} names)",
            f"  fully simulated   {s[FULL]:>7,}  {pct(s[FULL], t):>6}"
            + (
                f"  (of them {s['combat_only']:,} with combat-only abilities, recorded:"
                " the playground has no combat)"
                if s["combat_only"]
                else ""
            ),
            f"  partly simulated  {s[PARTLY]:>7,}  {pct(s[PARTLY], t):>6}",
            f"  not simulated     {s[NOT]:>7,}  {pct(s[NOT], t):>6}",
        ]
        ch = self.chapters()
        if ch["sagas"]:
            lines.append(
                f"Saga chapter abilities: {ch['simulated']:,} of {ch['abilities']:,} simulated "
                f"({pct(ch['simulated'], ch['abilities'])}); Sagas complete: "
                f"{ch['sagas_complete']:,} of {ch['sagas']:,}"
            )
        lines.append(
            f"Combat-only abilities (recorded, no combat): {self.combat_only_abilities():,}"
        )
        for title, rows in (
            ("type", self.totals(lambda c: c.type)),
            ("layout", self.totals(lambda c: c.layout)),
        ):
            lines.append(f"By {title}:            full  partly     not   total")
            for k, r in rows.items():
                lines.append(
                    f"  {k:16} {r[FULL]:>7,} {r[PARTLY]:>7,} {r[NOT]:>7,} {r['total']:>7,}"
                )
        top = self.top_missing()
        if top:
            lines.append("Most common missing parts (nonland card names):")
            lines += [f"  {k:>7,}  {p}" for p, k in top]
        return "\n".join(lines)


def _part_key(part: str) -> str:
    """A missing part without its per-card detail, to count alike parts together."""
    return part.split(" (", 1)[0]


def report(
    cards: Iterable[CardDef] | Iterable[tuple[CardDef, int]],
    *,
    scope: str = "pool",
    checks: Checkers | None = None,
) -> Report:
    """Coverage of cards (``(card, copies)`` pairs for a deck); checks asked once."""
    checks = checks or Checkers.current()
    out = Report(scope=scope)
    memo: dict[str, CardCoverage] = {}
    for item in cards:
        card, n = item if isinstance(item, tuple) else (item, 1)
        cov = memo.get(card.name)
        if cov is None:
            cov = memo[card.name] = card_coverage(card, checks)
        out.cards.append((cov, n))
    return out


def deck_cards(main: Sequence[tuple[int, str]], pool: Any) -> list[tuple[CardDef, int]]:
    """A decklist's main section as (card, copies), one entry per name (copies summed)."""
    counts: dict[str, int] = {}
    cards: dict[str, CardDef] = {}
    for count, name in main:
        card = pool.get(name)
        cards[card.name] = card
        counts[card.name] = counts.get(card.name, 0) + count
    return [(cards[n], counts[n]) for n in counts]
