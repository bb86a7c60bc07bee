"""The layer system (CR 613): each permanent's characteristics from its card, its counters
and every continuous effect in force.

Where the effects come from:
- records of resolved spells and abilities (``game.continuous``, engine.core.continuous), whose
  affected objects were locked in on resolution (611.2c) and whose numbers were fixed
  then (608.2h);
- static abilities of permanents on the battlefield (``static`` ops of their card data,
  611.3a): anthems (``who: all`` + filter), Auras/Equipment (``attached``), the card
  itself (``self``); their affected set and numbers are recomputed each time.

Order (613.1, 613.4): layer 2 control, 4 types, 5 colors, 6 abilities, then 7a
characteristic-defining abilities, 7b effects that set power/toughness, 7c effects and
counters that modify them (+1/+1 and -1/-1 counters, 613.4c), 7d switching (no op in
the vocabulary switches). Within a layer effects apply in timestamp order (613.7; a
permanent's static ability has the timestamp of the permanent, 613.7d; an Aura or
Equipment a new one when attached, 613.7e). Layer 1 (copy) needs no effect: token
copies copy the card definition when created (707.2). Layer 3 (text) has no op.
What a static ability with a filter (``who: all`` + filter) applies to is determined
when it begins to apply, in its own layer, from the characteristics the earlier layers
and the effects already applied gave the objects (613.6); within a layer an effect that
depends on another (applying the other would change what it applies to, 613.8a) waits
for it, a dependency loop falls back to timestamp order (613.8b), and the order is
looked at again after each effect is applied (613.8c). Recorded effects of resolved
spells have their objects locked in (611.2c): nothing changes what they apply to.

``compute_all(game)`` is registered as ``RULES.characteristics``; the kernel caches its
result per state version (``game.chars(oid)``, ``GameState.characteristics(oid)``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from engine.base import limits
from engine.core.continuous import (
    Characteristics,
    ContinuousEffect,
    number,
    printed,
    quality_of,
)
from engine.core.state import NO_CHARS
from engine.lang import filters, refs, values
from engine.lang.effects import Ctx

if TYPE_CHECKING:
    from engine.core.game import Game

# Ops that are continuous effects, with the layer they apply in (engine.lang.vocabulary.OPS).
LAYERED = {
    "gain_control": "2",
    "exchange_control": "2",
    "add_types": "4",
    "become_creature": "4",
    "set_color": "5",
    "grant": "6",
    "lose_keywords": "6",
    "protection_from_chosen_color": "6",
    "set_base_pt": "7b",
    "pump": "7c",
}
# Restrictions and requirements combat reads (509.1b, 508.1d, 701.15b: engine.rules.combat).
COMBAT_ONLY = (
    "cant_block",
    "cant_be_blocked",
    "must_attack",
    "can_block_only",
    "min_blockers",
    "goad",
    "cant_attack_or_block",
    "can_block_additional",
)
# Durations that last while the source stays (611.3a static; 611.2b "for as long as").
WHILE_SOURCE = (
    "while_on_battlefield",
    "while_source_on_battlefield",
    "while_controlled",
    "while_attached",
)
# Durations that end in the cleanup step (514.2) at the latest; "until end of combat" ones
# end earlier, at the end of combat (engine.rules.combat, 511.3) when there was a combat phase.
END_OF_TURN = ("end_of_turn", "this_turn", "end_of_combat", "end_of_step")
# The durations the engine tracks; any other one is reported by the ops' checks.
DURATIONS = (
    *END_OF_TURN,
    *WHILE_SOURCE,
    "permanent",
    "until_your_next_turn",
    "until_end_of_your_next_turn",
    "until_your_next_end_step",
    "until_your_next_upkeep",
    "while_in_graveyard",
    "one_use",
)

# The caches below live in the game (``game.derived(name)``), never in this module: a server runs
# many games in one process, and an entry must not outlive or cross its game.


def stamp_of(game: Game, oid: int | None) -> int:
    return game.zone_changes.get(oid, 0) if oid is not None else 0


def on_battlefield(game: Game, oid: int | None, stamp: int | None = None) -> bool:
    """The object is on the battlefield (and, with ``stamp``, is still the same object, 400.7)."""
    if oid is None or oid not in game.objects:
        return False
    where = game.zone_of(oid)
    if where is None or where[1] != "battlefield":
        return False
    return stamp is None or stamp_of(game, oid) == stamp


def active(game: Game, e: ContinuousEffect) -> bool:
    """Whether a recorded effect is still in force (its duration, 611.2b)."""
    if e.duration in WHILE_SOURCE:
        if e.source is None or not on_battlefield(game, e.source, e.source_stamp):
            return False
        if e.duration == "while_controlled" and game.obj(e.source).controller != e.controller:
            return False
        if e.duration == "while_attached" and game.obj(e.source).attached_to is None:
            return False
    if e.duration == "while_in_graveyard":
        where = game.zone_of(e.source) if e.source is not None else None
        return bool(where and where[1] == "graveyard")
    return True


def applies_to(game: Game, e: ContinuousEffect) -> list[int]:
    """The objects a recorded effect still applies to: the same objects, still there (400.7)."""
    return [
        oid
        for oid, st in zip(e.objects, e.stamps, strict=False)
        if on_battlefield(game, oid, st) and not game.obj(oid).phased_out
    ]


def statics_of(game: Game, obj: Any) -> tuple[dict, ...]:
    """The static ops of a permanent's card data (cached per game, card and face; the
    entry holds the card, so its ``id`` can't be reused while the entry exists)."""
    cache = game.derived("statics")
    key = (id(obj.card), obj.face)
    got = cache.get(key)
    if got is None or got[0] is not obj.card:
        ops = tuple(o for o in (game.effects(obj).get("static") or ()) if isinstance(o, dict))
        got = (obj.card, ops)
        cache[key] = got
    return got[1]


def unwrap(game: Game, perm: Any, ops: Iterable[dict], depth: int = 0) -> list[dict]:
    """Static ops with their conditions applied: ``{"op": "if", "cond", "then", "else"?}``
    (a conditional static ability, 611.3a: it applies while its condition holds) becomes
    the ops of the branch that holds now. A condition the engine can't read applies
    neither branch."""
    out: list[dict] = []
    for o in ops:
        if o.get("op") != "if":
            out.append(o)
            continue
        cond = o.get("cond")
        if depth > 4 or not isinstance(cond, dict):
            continue
        if refs.condition_problem(cond, game) is not None:
            continue
        holds = refs.condition_holds(game, cond, perm.controller, perm.id)
        branch = o.get("then") if holds else o.get("else")
        if isinstance(branch, list):
            out += unwrap(game, perm, [b for b in branch if isinstance(b, dict)], depth + 1)
    return out


def _static_ref(o: Mapping) -> object:
    return o.get("who") if o.get("who") is not None else o.get("what")


def _static_targets(game: Game, perm: Any, o: dict) -> list[int] | None:
    """What a static ability applies to now (611.3a), or None if the engine can't tell."""
    ref = _static_ref(o)
    if ref in ("self", None):
        return [perm.id]
    if ref == "attached":
        return [perm.attached_to] if perm.attached_to is not None else []
    if ref == "all":
        return refs.select_all(game, o.get("filter") or {}, perm.controller, perm.id)
    return None


def _static_sources(game: Game) -> tuple[int, ...]:
    """The battlefield permanents whose card data has static ops, and face-down ones
    (cached while the battlefield holds the same objects with the same faces, which the
    kernel's two counters tell: most events don't change it)."""
    key = (game.face_changes, game.battlefield_changes)
    cache = game.derived("layers")
    got = cache.get("static_sources")  # (battlefield key, permanents with statics)
    if got is not None and got[0] == key:
        return got[1]
    ids = tuple(
        oid
        for zones in [pl.zones for pl in game.players]
        for oid in zones["battlefield"]
        if game.obj(oid).face_down or statics_of(game, game.obj(oid))
    )
    cache["static_sources"] = (key, ids)
    return ids


def static_effects(game: Game) -> list[ContinuousEffect]:
    """The layer effects of static abilities on the battlefield now (611.3a); a static whose
    condition is false, or whose part the engine can't read, doesn't apply."""

    out: list[ContinuousEffect] = []
    for oid in _static_sources(game):
        perm = game.obj(oid)
        if perm.phased_out or perm.face_down:
            continue
        for o in unwrap(game, perm, statics_of(game, perm)):
            kind = o.get("op")
            if kind not in LAYERED and kind not in COMBAT_ONLY:
                continue
            if refs.static_problem(o) is not None:
                continue
            if o.get("if") and not refs.condition_holds(game, o["if"], perm.controller, perm.id):
                continue
            if _static_ref(o) == "all" and LAYERED.get(kind) != "2":
                objects: list[int] = []  # settled in its own layer (613.6, compute_all)
            else:  # (control, layer 2, is applied by the SBAs from these objects)
                found = _static_targets(game, perm, o)
                if not found:
                    continue
                objects = found
            data = dict(o)
            for key in ("power", "toughness"):
                if key in o and not isinstance(o[key], int):
                    data[key] = values.value_of(
                        Ctx(game, perm.controller, perm.id, (), 0, ""), o[key]
                    )
            layer = LAYERED.get(kind, "")
            if kind == "set_base_pt" and o.get("what") in ("self", None):
                face = perm.characteristics
                if "*" in f"{face.power}{face.toughness}":
                    layer = "7a"  # 604.3: a characteristic-defining ability (Tarmogoyf)
            out.append(
                ContinuousEffect(
                    id=0,
                    kind=kind,
                    layer=layer,
                    controller=perm.controller,
                    source=perm.id,
                    source_stamp=stamp_of(game, perm.id),
                    duration="while_on_battlefield",
                    turn=game.turn,
                    timestamp=game.timestamps.get(perm.id, 0),
                    objects=tuple(objects),
                    stamps=tuple(stamp_of(game, i) for i in objects),
                    data=data,
                )
            )
    return out


def in_force(game: Game) -> list[ContinuousEffect]:
    """Every continuous effect that modifies characteristics now, in timestamp order
    (cached per state version: the SBAs, the snapshot and the views all ask)."""
    if not game.continuous and not _static_sources(game):
        return []  # the common case: no recorded effect, no static ability on the battlefield
    key = game.version()
    cache = game.derived("layers")
    got = cache.get("in_force")  # (version, effects): one cached answer
    if got is not None and got[0] == key:
        return got[1]
    recorded = [
        e for e in game.continuous if (e.layer or e.kind in COMBAT_ONLY) and active(game, e)
    ]
    out = sorted([*recorded, *static_effects(game)], key=lambda e: e.timestamp)
    cache["in_force"] = (key, out)
    return out


def compute_all(game: Game) -> Mapping[int, Characteristics]:
    """Characteristics of every battlefield permanent (613.1). Empty when no effect is in
    force (then printed characteristics plus counters are the answer, ``printed``).

    A conditional static ability (611.3a: "as long as you control three or more
    artifacts") is read against the characteristics the layers give, not the printed ones
    (an animated Blinkmoth Nexus is an artifact for Rusted Relic's metalcraft): when a
    condition reads differently once the layers are applied, the statics are taken again
    from those characteristics, a few rounds at most, until they settle."""
    effects = in_force(game)
    if not effects and not _static_sources(game):
        return NO_CHARS
    out = _compute(game, effects)
    if not _conditional_statics(game):
        return out
    cache = game.derived("layers")
    for _ in range(_SETTLE_ROUNDS):
        cache["partial"] = out
        try:
            statics = static_effects(game)
        finally:
            cache["partial"] = None
        recorded = [e for e in effects if e.id != 0]
        again = sorted([*recorded, *statics], key=lambda e: e.timestamp)
        if _effect_keys(again) == _effect_keys(effects):
            break
        effects = again
        cache["in_force"] = (game.version(), effects)
        out = _compute(game, effects)
    return out


#: rounds of re-reading conditional statics against the layered characteristics
_SETTLE_ROUNDS = 3


def _conditional_statics(game: Game) -> bool:
    """Whether a battlefield permanent has a conditional static ability ("if" op)."""
    for oid in _static_sources(game):
        perm = game.obj(oid)
        if any(o.get("op") == "if" or o.get("if") for o in statics_of(game, perm)):
            return True
    return False


def _effect_keys(effects: Sequence[ContinuousEffect]) -> list[tuple]:
    return [(e.id, e.source, e.kind, e.layer, e.objects, repr(e.data)) for e in effects]


def _compute(game: Game, effects: list[ContinuousEffect]) -> Mapping[int, Characteristics]:
    """The layers applied with these effects in force (613.1)."""
    if any(_filtered(e) for e in effects):
        by_object = _in_layer_order(game, effects)
    else:  # no effect's objects depend on characteristics: their sets are known now
        by_object = {}
        for e in effects:
            for oid in e.objects if e.id == 0 else applies_to(game, e):
                by_object.setdefault(oid, []).append(e)
    out: dict[int, Characteristics] = {}
    for perm in game.battlefield():
        if by_object.get(perm.id) or perm.face_down:
            out[perm.id] = characteristics(game, perm, by_object.get(perm.id, []))
    return out


# The layers and sublayers in the order they apply (613.1, 613.4); 7d switches nothing here.
ORDER = ("2", "4", "5", "6", "7a", "7b", "7c", "")
# While compute_all runs, what the filters read is the characteristics so far (613.6): they
# are ``game.derived("layers")["partial"]`` meanwhile (per game: another game may compute at once).


def _filtered(e: ContinuousEffect) -> bool:
    """A static ability whose objects are found by a filter (what it applies to can depend
    on other effects, 613.8a)."""
    return e.id == 0 and _static_ref(e.data) == "all"


def _layer_of(e: ContinuousEffect) -> str:
    return e.layer if e.layer in ORDER else ""


def _select(game: Game, e: ContinuousEffect, now: dict[int, Characteristics]) -> tuple[int, ...]:
    """The objects a filtered static ability applies to if it began to apply now (613.6)."""
    cache = game.derived("layers")
    cache["partial"] = now
    try:
        found = refs.select_all(game, e.data.get("filter") or {}, e.controller, e.source)
    finally:
        cache["partial"] = None
    return tuple(o for o in found if not game.obj(o).phased_out)


# What each layer can change, as the filter keys that read it: an effect whose filter reads
# none of its layer's keys can't depend on another effect of that layer (613.8a).
_READS: Mapping[str, set[str]] = MappingProxyType(
    {
        "2": {"controller"},
        "4": {
            "types",
            "types_any",
            "not_types",
            "subtypes",
            "subtypes_any",
            "not_subtypes",
            "supertypes",
            "not_supertypes",
            "historic",
            "permanent_card",
        },
        "5": {"colors_any", "not_colors", "colorless", "multicolored", "monocolored"},
        "6": {"keyword", "not_keyword", "no_abilities"},
        "7": {
            "power",
            "toughness",
            "base_power",
            "base_toughness",
            "toughness_greater_than_power",
            "power_greater_than_base",
            "power_less_than_source",
        },
    }
)


def _filter_keys(flt: object) -> set[str]:
    if isinstance(flt, Mapping):
        out = set(flt)
        for k in ("or", "and", "not"):
            v = flt.get(k)
            for sub in v if isinstance(v, list) else [v]:
                out |= _filter_keys(sub)
        return out
    return {"?"} if flt is not None else set()  # words: assume it may read anything


def _may_depend(a: ContinuousEffect, *layers: str) -> bool:
    """Whether what ``a`` applies to could change with an effect of one of ``layers``
    (a become_creature effect changes several layers at once)."""
    keys = _filter_keys(a.data.get("filter"))
    return "?" in keys or any(keys & _READS.get(layer[:1], set()) for layer in layers)


def _in_layer_order(game: Game, effects: list[ContinuousEffect]) -> dict[int, list]:
    """Each object's effects, with filtered static abilities' objects settled layer by
    layer: an effect applies to what matches when it begins to apply (613.6), and within a
    layer an effect waits for the ones it depends on (613.8a; a loop: timestamps, 613.8b),
    looked at again after each one applies (613.8c)."""
    perms = {p.id: p for p in game.battlefield()}
    by_object: dict[int, list[ContinuousEffect]] = {}
    # the characteristics so far; an object no effect touched yet reads as printed (the
    # filters' own reading), except a face-down one (708.2a)
    now: dict[int, Characteristics] = {
        oid: characteristics(game, p, []) for oid, p in perms.items() if p.face_down
    }
    dirty: set[int] = set()
    changed: set[str] = set()  # the layers applied since ``now`` was brought up to date

    def current(a: ContinuousEffect | None = None) -> dict[int, Characteristics]:
        """``now`` up to date (for ``a``: only if its filter reads what changed since)."""
        if dirty and (a is None or _may_depend(a, *changed)):
            for oid in dirty:
                now[oid] = characteristics(game, perms[oid], by_object[oid])
            dirty.clear()
            changed.clear()
        return now

    for layer in ORDER:
        pending = [e for e in effects if _layer_of(e) == layer]
        while pending:
            chosen, objects = pending[0], None
            for a in pending:
                if not _filtered(a):
                    chosen = a
                    break
                mine = _select(game, a, current(a))
                others = [b for b in pending if b is not a]
                if not (
                    others
                    and (_may_depend(a, layer) or any(b.kind == "become_creature" for b in others))
                    and any(_changes(game, a, mine, b, current(), by_object, perms) for b in others)
                ):
                    chosen, objects = a, mine
                    break
            pending.remove(chosen)
            if objects is None:
                objects = (
                    _select(game, chosen, current(chosen))
                    if _filtered(chosen)
                    else (chosen.objects if chosen.id == 0 else tuple(applies_to(game, chosen)))
                )
            for oid in objects:
                if oid in perms:
                    by_object[oid] = [*by_object.get(oid, ()), chosen]
                    dirty.add(oid)
            changed.update(("4", "5", "6", "7") if chosen.kind == "become_creature" else (layer,))
    return by_object


def _changes(
    game: Game,
    a: ContinuousEffect,
    mine: tuple[int, ...],
    b: ContinuousEffect,
    now: dict[int, Characteristics],
    by_object: dict,
    perms: dict,
) -> bool:
    """613.8a: whether applying ``b`` first would change what ``a`` applies to."""
    objects = (
        _select(game, b, now)
        if _filtered(b)
        else (b.objects if b.id == 0 else tuple(applies_to(game, b)))
    )
    if not objects:
        return False
    then = dict(now)
    for oid in objects:
        if oid in perms:
            then[oid] = characteristics(game, perms[oid], [*by_object.get(oid, ()), b])
    return _select(game, a, then) != mine


def intended_controller(game: Game, oid: int, effects: Iterable[ContinuousEffect]) -> int | None:
    """Layer 2 (613.1b): the player the latest control effect gives the object to."""
    player = None
    for e in effects:
        if e.layer == "2":
            to = e.data.get("to")
            player = int(to) if isinstance(to, int) else e.controller
    return player


def characteristics(game: Game, perm: Any, effects: list[ContinuousEffect]) -> Characteristics:
    """Apply the effects to one object, layer by layer (613.1, 613.4), timestamp order within."""
    budget = getattr(game, "budget", None)  # a run's work budget (engine.base.limits)
    if budget is not None:
        budget.spend(limits.WORK_CHARS)
    if perm.face_down:  # 708.2a: a face-down permanent is a 2/2 creature with no text
        base = Characteristics(
            name="Face-down creature",
            types=("Creature",),
            subtypes=(),
            supertypes=(),
            colors=(),
            keywords=(),
            power=2,
            toughness=2,
            controller=perm.controller,
        )
    else:
        base = printed(perm)
    face = perm.characteristics
    types = list(base.types)
    subtypes = list(base.subtypes)
    supertypes = list(base.supertypes)
    colors = list(base.colors)
    keywords = list(base.keywords)
    protections = list(base.protections)  # 702.16a: abilities too (layer 6)
    abilities: list[Mapping[str, object]] = []
    rules: list[str] = []
    controller = intended_controller(game, perm.id, effects)
    # Layer 4: types (613.1d)
    for e in effects:
        d = e.data
        if e.kind == "add_types":
            types += [t for t in d.get("types") or () if t not in types]
            subtypes += [t for t in d.get("subtypes") or () if t not in subtypes]
            supertypes += [t for t in d.get("supertypes") or () if t not in supertypes]
        elif e.kind == "ring_bearer" and perm.controller == e.controller:  # 701.54c
            supertypes += [t for t in d.get("supertypes") or () if t not in supertypes]
        elif e.kind == "become_creature":
            keep = d.get("keep_types")
            kept = types if keep is None else [t for t in types if t in keep]
            types = [*dict.fromkeys([*kept, *(d.get("types") or ("Creature",))])]
            subtypes += [t for t in d.get("subtypes") or () if t not in subtypes]
    # Layer 5: colors (613.1e)
    for e in effects:
        d = e.data
        if e.kind == "set_color" or (e.kind == "become_creature" and d.get("colors")):
            new = list(d.get("colors") or ())
            colors = [*dict.fromkeys([*colors, *new])] if d.get("add") else new
    # Layer 6: abilities (613.1f)
    for e in effects:
        d = e.data
        if e.kind in ("grant", "become_creature"):
            keywords += [k for k in d.get("keywords") or () if k not in keywords]
            quality = d.get("protection_from")
            if quality is not None:
                if "Protection" not in keywords:
                    keywords.append("Protection")
                protections.append(quality if isinstance(quality, Mapping) else None)
            ability = d.get("ability")
            if (
                isinstance(ability, Mapping)
                and ability.get("kind", "keyword") == "keyword"
                and isinstance(ability.get("keyword"), str)
            ):  # a granted keyword; a granted trigger may name its keyword too (Ward)
                keywords.append(str(ability["keyword"]))
            elif isinstance(ability, Mapping):
                abilities.append(ability)
        elif e.kind == "protection_from_chosen_color":
            keywords.append(f"Protection from {d.get('color', 'a color')}")
            protections.append(quality_of(f"Protection from {d.get('color', '')}"))
        elif e.kind == "lose_keywords":
            lost = {str(k).lower() for k in d.get("keywords") or ()}
            keywords = [k for k in keywords if k.lower() not in lost]
            if "protection" in lost:
                protections = []
        elif e.kind in COMBAT_ONLY:
            rules.append(e.kind)
    # Layer 7 (613.4): P/T only for creatures; a noncreature has none (208.3).
    is_creature = "Creature" in types
    bp = number(face.power) if not perm.face_down else 2
    bt = number(face.toughness) if not perm.face_down else 2
    if is_creature:
        bp = 0 if bp is None else bp
        bt = 0 if bt is None else bt
    for sub in ("7a", "7b"):
        for e in effects:
            if e.layer != sub and not (sub == "7b" and e.kind == "become_creature"):
                continue
            d = e.data
            if e.kind == "become_creature":
                if d.get("pt"):
                    p, _, t = str(d["pt"]).partition("/")
                    bp, bt = number(p), number(t)
            elif e.kind == "set_base_pt":
                if d.get("power") is not None:
                    bp = int(d["power"])  # numbers fixed on resolution / computed for statics
                if d.get("toughness") is not None:
                    bt = int(d["toughness"])
    power, toughness = bp, bt
    if is_creature and power is not None and toughness is not None:
        for e in effects:  # 7c: effects and counters that modify (613.4c)
            if e.kind == "pump":
                power += int(e.data.get("power") or 0)
                toughness += int(e.data.get("toughness") or 0)
        delta = perm.counter("+1/+1") - perm.counter("-1/-1")
        power += delta
        toughness += delta
    else:
        power = toughness = bp = bt = None
    return Characteristics(
        name=base.name,
        types=tuple(types),
        subtypes=tuple(subtypes),
        supertypes=tuple(supertypes),
        colors=tuple(colors),
        keywords=tuple(keywords),
        power=power,
        toughness=toughness,
        base_power=bp,
        base_toughness=bt,
        controller=perm.controller if controller is None else controller,
        abilities=tuple(abilities),
        rules=tuple(dict.fromkeys(rules)),
        protections=tuple(protections),
    )


def filter_chars(game: Game, oid: int) -> filters.Chars:
    """What engine.lang.filters reads: the computed characteristics of a permanent (its mana
    value and anything off the battlefield as filters compute them)."""
    base = filters.printed_characteristics(game, oid)
    partial = game.derived("layers").get("partial")
    mine = partial.get(oid) if partial is not None else game.all_chars().get(oid)
    if mine is None:
        return base
    return replace(mine, mana_value=base.mana_value)


# ------------------------------------------------------------------------ durations ending
def cleanup(game: Game, next_player: int) -> list[ContinuousEffect]:
    """The turn passes to ``next_player``: "until end of turn" and "this turn" effects end in
    the cleanup step (514.2), unused regeneration shields too (701.19c); "until your next
    turn" effects of the player whose turn begins end (611.2b). Emits what ended."""
    from engine.core.events import EventKind

    ending = []
    for e in game.continuous:
        d = e.duration
        if d in END_OF_TURN or d == "one_use" or e.kind == "regenerate":
            ending.append(e)
        elif (
            d == "until_end_of_your_next_turn"
            and game.active == e.controller
            and (game.turn > e.turn)
        ):
            ending.append(e)
        elif d in ("until_your_next_turn", "until_your_next_upkeep", "until_your_next_end_step"):
            if next_player == e.controller:
                ending.append(e)
        elif d in WHILE_SOURCE and not active(game, e):
            ending.append(e)  # its source left: the record is gone for good (611.2b)
        elif e.layer and e.objects and not applies_to(game, e) and e.kind != "skip_untap":
            ending.append(e)  # every object it applied to left the battlefield (400.7)
    if not ending:
        return []
    ended = game.end_continuous([e.id for e in ending])
    game.emit(
        EventKind.EFFECT_ENDS,
        f"Cleanup step: {len(ended)} continuous effect{'s' if len(ended) != 1 else ''} "
        "that lasted until end of turn (or whose objects are gone) end.",
        "514.2",
        objects=tuple(dict.fromkeys(o for e in ended for o in e.objects if o in game.objects)),
        amount=len(ended),
        data={"effects": [e.id for e in ended], "kinds": [e.kind for e in ended]},
    )
    return ended


def doesnt_untap(game: Game, oid: int) -> bool:
    """An effect says this permanent doesn't untap during its controller's untap step: a
    recorded one, or a static ability (its own, or its Aura's: "enchanted creature doesn't
    untap", 502.3)."""
    if any(
        e.kind == "skip_untap" and oid in applies_to(game, e)
        for e in game.continuous
        if active(game, e)
    ):
        return True
    for src in _static_sources(game):
        perm = game.obj(src)
        if perm.phased_out or perm.face_down:
            continue
        for o in unwrap(game, perm, statics_of(game, perm)):
            if o.get("op") == "skip_untap" and refs.static_problem(o) is None:
                if oid in (_static_targets(game, perm, o) or ()):
                    return True
    return False


def _cant_phase_in(game: Game) -> set[int]:
    """Phased-out permanents an effect keeps from phasing in ("it can't phase in for as long
    as you control <source>", 702.26a doesn't happen while the effect lasts, 611.2b)."""
    return {
        oid
        for e in game.continuous
        if e.kind == "no_phase_in" and active(game, e)
        for oid in e.objects
    }


def untap_step_done(game: Game, player: int) -> None:
    """After ``player``'s untap step: "during its controller's next untap step" effects on
    their permanents are used up (502.3); their phased-out permanents phase in (702.26a)."""
    from engine.core.events import EventKind

    used = [
        e.id
        for e in game.continuous
        if e.kind == "skip_untap"
        and e.duration == "next_untap_step"
        and any(game.obj(o).controller == player for o in applies_to(game, e))
    ]
    if used:
        game.end_continuous(used)
    held = _cant_phase_in(game)
    back = [
        p.id
        for p in game.battlefield(player)
        if p.phased_out and p.id not in held and p.attached_to not in held
    ]
    for oid in back:
        game.set_phased(oid, False)
    if used or back:
        game.emit(
            EventKind.PHASE if back else EventKind.EFFECT_ENDS,
            f"Untap step: {len(back)} permanent{'s' if len(back) != 1 else ''} phase in; "
            f'{len(used)} "doesn\'t untap" effect{"s" if len(used) != 1 else ""} used up.',
            "702.26a" if back else "502.3",
            objects=back,
            player=player,
            data={"phased_in": back, "effects": used},
        )
