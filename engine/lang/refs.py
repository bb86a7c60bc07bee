"""What an op's object reference means (``what`` / ``who`` / ``to``: REFS in vocabulary) and
the checks of those references, durations, filters and values shared by the permanent
op families (continuous effects, counters, tapping, attaching...).

Filters, dynamic values and conditions are read by engine.lang.filters, engine.lang.values and
engine.lang.conditions; this module only routes to them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.lang import conditions, effects, filters, values
from engine.lang.effects import Ctx

if TYPE_CHECKING:
    from engine.core.game import Game

# Object references the permanent ops resolve (the others are reported by their checks).
OBJECT_REFS = ("self", "target", "targets", "attached", "all", "trigger_object", "moved")
# Hand-written legacy words for "all" + a filter (effects.json).
LEGACY_ALL: dict[str, dict] = {
    "creatures_you_control": {"controller": "you", "types": ["Creature"]},
    "all_creatures": {"types": ["Creature"]},
    "creatures_opponents_control": {"controller": "opponent", "types": ["Creature"]},
}


def select_all(game: Game, flt: dict, controller: int, source: int | None) -> list[int]:
    """Every battlefield permanent matching ``flt`` (engine.lang.filters)."""
    return filters.select(game, flt, controller=controller, source=source)


def filter_problem(flt: Any) -> str | None:
    return filters.filter_missing(flt)


def value_problem(v: object, ctx: Ctx | None = None) -> str | None:
    """Why an amount can't be computed (None: it can): the one check for every op family,
    agreeing with the one evaluator (``values.value_of``): ints, "X", "X+1", {"dv": ...};
    a bool is no amount."""
    if isinstance(v, bool):
        return f"the amount {v!r}"
    part = values.value_missing(v, ctx)
    return f"the {part}" if part else None


def condition_problem(cond: Any, game: Game | None = None) -> str | None:
    """What of the condition can't be evaluated; with a ``game``, also what this game can't
    know (the mana spent to cast it, when the scenario assumes mana paid)."""
    if not isinstance(cond, dict):
        return f"only if {cond}"
    ctx = Ctx(game, 0, None, (), 0, "") if game is not None else None
    return conditions.condition_missing(cond, ctx)


def condition_holds(game: Game, cond: dict, controller: int, source: int | None) -> bool:
    return conditions.holds(Ctx(game, controller, source, (), 0, ""), cond)


def ref_of(o: dict, *keys: str) -> Any:
    for key in keys:
        if o.get(key) is not None:
            return o[key]
    return None


def is_target_ref(ref: dict) -> bool:
    """``{"target": n}`` or ``{"target": n, "nth": i}`` (the i-th object chosen for spec n)."""
    if not isinstance(ref.get("target"), int) or isinstance(ref.get("target"), bool):
        return False
    nth = ref.get("nth", 0)
    return (
        set(ref) <= {"target", "nth"}
        and isinstance(nth, int)
        and not isinstance(nth, bool)
        and nth >= 0
    )


def nth_target_refs(ctx: Ctx, ref: dict) -> list[str]:
    """The still-legal refs (608.2b) a dict reference means: every target of its spec, or
    with ``nth`` the one chosen in that place (none if that one became illegal: the
    other target's place doesn't shift onto it)."""
    if "nth" not in ref:
        return ctx.target_refs(ref)
    chosen = ctx.refs(int(ref["target"]))
    i = int(ref["nth"])
    return [chosen[i]] if i < len(chosen) and ctx.legal(chosen[i]) else []


def ref_problem(o: dict, *keys: str, allowed: tuple[str, ...] = OBJECT_REFS) -> str | None:
    """The reference of an op the engine can't resolve, or a filter it can't read."""
    ref = ref_of(o, *keys)
    if ref is None:
        ref = "self"
    if isinstance(ref, dict) and is_target_ref(ref):
        return None if "target" in allowed else f"{o.get('op', '?').replace('_', ' ')} of target"
    if not isinstance(ref, str):
        return f"{o.get('op', '?').replace('_', ' ')} of {ref}"
    if ref in LEGACY_ALL:
        return None
    if ref not in allowed:
        return f"{o.get('op', '?').replace('_', ' ')} of {ref}"
    if o.get("controlled_by") is not None and (
        ref != "all" or o["controlled_by"] not in CONTROLLED_BY
    ):
        return f"{o.get('op', '?').replace('_', ' ')} controlled by {o['controlled_by']!r}"
    if o.get("filter") is not None:
        return filter_problem(o["filter"])
    return None


#: the player groups ``controlled_by`` narrows an ``all`` reference to (Ctx.players)
CONTROLLED_BY = ("you", "target_player", "target_opponent", "each_opponent")


# Trigger events that only combat produces: a granted ability triggering on them is
# recorded (and never triggers: the playground has no combat, docs/EFFECTS.md).
COMBAT_TRIGGERS = frozenset(
    {
        "self_attacks",
        "self_blocks",
        "self_attacks_or_blocks",
        "self_becomes_blocked",
        "self_combat_damage_to_player",
        "self_combat_damage_to_creature",
    }
)


# What of a trigger object is not simulated (engine.rules.triggers.trigger_missing, registered by
# engine.play.wiring: triggers sits above this module's importers).
_TRIGGER_CHECK: list[Callable[[Any], str | None]] = []


def set_trigger_check(fn: Callable[[Any], str | None]) -> None:
    _TRIGGER_CHECK[:] = [fn]


def ability_problem(ability: Any) -> str | None:
    """Why granting this ability (layer 6) is not simulated: a keyword, an activated ability
    (the activate action finds granted ones), a triggered ability whose trigger is simulated
    (engine.rules.triggers looks at granted ones too, 603.2) or combat-only are; static abilities
    are not (the engine runs the ones in a card's data)."""
    if not isinstance(ability, dict):
        return f"grant {ability!r}"
    kind = ability.get("kind")
    if kind == "keyword" and isinstance(ability.get("keyword"), str):
        return None
    ops = ability.get("ops")
    if kind in ("activated", "triggered") and isinstance(ops, list):
        missing = effects.missing_parts([o for o in ops if isinstance(o, dict)])
        if missing or not all(isinstance(o, dict) for o in ops):
            return f"grant a {kind} ability: {', '.join(missing) or 'ops'}"
    if kind == "activated" and isinstance(ops, list):
        return None
    if kind == "triggered" and ability.get("when") in COMBAT_TRIGGERS:
        return None
    if kind == "triggered" and isinstance(ability.get("ops"), list) and _TRIGGER_CHECK:
        why = _TRIGGER_CHECK[0](ability)
        return None if why is None else f"grant a triggered ability: {why}"
    return f"grant a {kind or 'non-keyword'} ability"


def static_problem(o: dict) -> str | None:
    """Why a static ability can't be applied (an unknown reference, filter, value, condition)."""
    why = ref_problem(o, "who", "what", allowed=("self", "attached", "all"))
    if why:
        return why
    for key in ("power", "toughness"):
        if key in o and (why := value_problem(o[key])):
            return why
    if o.get("if"):
        return condition_problem(o["if"])
    if o.get("ability") is not None and (why := ability_problem(o["ability"])):
        return why
    if o.get("protection_from") is not None:
        return filter_problem(o["protection_from"])
    return None


def objects(ctx: Ctx, o: dict, *keys: str) -> list[int]:
    """The objects an op's reference names now (targets still legal, 608.2b)."""
    game = ctx.game
    ref = ref_of(o, *keys)
    if ref is None:
        ref = "self"
    if isinstance(ref, str) and ref in LEGACY_ALL:
        return select_all(game, LEGACY_ALL[ref], ctx.controller, ctx.source)
    if isinstance(ref, dict):  # {"target": n}: what was chosen for target spec n
        return [int(r[1:]) for r in nth_target_refs(ctx, ref) if r.startswith("o")]
    if ref == "self":
        if ctx.source is not None and (_there(game, ctx.source) or _still_in_its_zone(ctx)):
            return [ctx.source]
        return []
    if ref == "target":  # target spec 0, or the op's "target": n (still legal, 608.2b)
        return [int(r[1:]) for r in ctx.target_refs(o) if r.startswith("o")]
    if ref == "targets":
        return ctx.target_objects()
    if ref == "trigger_object":  # "it", "that creature": the trigger event's object
        oid = (ctx.event or {}).get("object")
        return [int(oid)] if isinstance(oid, int) and _there(game, int(oid)) else []
    if ref == "attached":
        if ctx.source is None:
            return []
        to = game.obj(ctx.source).attached_to
        return [to] if to is not None and _there(game, to) else []
    if ref == "all":
        found = select_all(game, o.get("filter") or {}, ctx.controller, ctx.source)
        if o.get("controlled_by") is not None:  # "... target opponent controls"
            whose = set(ctx.players(str(o["controlled_by"])))
            found = [oid for oid in found if game.obj(oid).controller in whose]
        return found
    if ref == "moved":  # "it": the permanents the previous op put there (400.7)
        return [i for i in moved_objects(ctx) if _there(game, i)]
    return []


def moved_objects(ctx: Ctx) -> list[int]:
    """The objects the previous op of this resolution moved that are still the objects
    they became then (400.7: a later zone change makes a new object)."""
    game = ctx.game
    return [
        oid
        for oid, n in (ctx.moved or ())
        if game.zone_changes.get(oid, 0) == n and game.zone_of(oid) is not None
    ]


def _still_in_its_zone(ctx: Ctx) -> bool:
    """An ability activated from another zone (engine.play.actions: Greater Gargadon from exile)
    means its card there, while it is still there as the same object (113.6, 400.7)."""
    ev = ctx.event or {}
    if ctx.source is None:
        return False
    where = ctx.game.zone_of(ctx.source)
    return bool(
        ev.get("source_zone")
        and where is not None
        and where[1] == ev["source_zone"]
        and ctx.game.zone_changes.get(ctx.source, 0) == ev.get("source_stamp")
    )


def _there(game: Game, oid: int) -> bool:
    where = game.zone_of(oid)
    return bool(where and where[1] == "battlefield")
