"""Conditions in the card data: ``{"cond": kind, ...}`` (CONDITIONS in engine/lang/vocabulary.py).

``condition_missing(cond)`` names what can't be evaluated before anything changes (all
or nothing); ``holds(ctx, cond)`` answers. Game history ("a creature died this turn",
"you gained life this turn", "it was cast from your hand") is tracked by the kernel
(engine/core/kernel.py, the runtime block), so these are facts, never guesses.

Combat (engine.rules.combat) records who attacked: raid (a creature of yours attacked this turn),
self_attacking and attacked_this_step read it; "hate" counts life lost other than combat damage.
Game phases are the kernel's ``phase`` strings: "beginning", "untap", "upkeep", "draw",
"precombat main", the combat steps ("beginning of combat", "declare attackers", "declare
blockers", "combat damage", "end of combat"), "postcombat main", "end step", "cleanup".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.base.handlers import Handlers
from engine.lang import filters, mana_spent, values
from engine.lang.vocabulary import CONDITIONS

Holds = Callable[[Any, Mapping], bool]  # (ctx, the condition) -> whether it is true now
Check = Callable[[Mapping, Any], "str | None"]  # (the condition, ctx or None) -> what is missing
#: kind -> the function that answers it (and its check): one registered function per kind.
CONDITION: Handlers[Holds, Check] = Handlers("condition", CONDITIONS)

__all__ = ["CONDITION", "condition_missing", "holds", "words_to_condition"]

UNSUPPORTED: dict[str, str] = {
    "gift_promised": "a promised gift (gift is not simulated)",
    "bargained": "whether it was bargained (bargain is not simulated)",
    "control_commander": "commanders (no command zone)",
    "completed_dungeon": "dungeons (venture is not simulated)",
}
_WHO_ANY = frozenset(
    {
        "you",
        "each_opponent",
        "opponent",
        "each_player",
        "target_player",
        "target_opponent",
        "controller",
        "trigger_player",
    }
)
#: phase names -> (phase group, step)
_PHASES: dict[str, tuple[str, str]] = {
    "beginning": ("beginning", "beginning"),
    "untap": ("beginning", "untap"),
    "upkeep": ("beginning", "upkeep"),
    "draw": ("beginning", "draw"),
    "draw step": ("beginning", "draw"),
    "precombat main": ("precombat_main", "precombat_main"),
    "postcombat main": ("postcombat_main", "postcombat_main"),
    "beginning of combat": ("combat", "beginning_of_combat"),
    "declare attackers": ("combat", "declare_attackers"),
    "declare blockers": ("combat", "declare_blockers"),
    "combat damage": ("combat", "combat_damage"),
    "end of combat": ("combat", "end_of_combat"),
    "end step": ("end", "end"),
    "end": ("end", "end"),
    "cleanup": ("end", "cleanup"),
}
_PHASE_IDS = frozenset(
    {"beginning", "main", "precombat_main", "postcombat_main", "combat", "end", "ending"}
)
_STEP_IDS = frozenset(
    {
        "untap",
        "upkeep",
        "draw",
        "precombat_main",
        "postcombat_main",
        "beginning_of_combat",
        "declare_attackers",
        "declare_blockers",
        "combat_damage",
        "end_of_combat",
        "end",
        "cleanup",
    }
)
_WORDS: dict[str, dict] = {
    "kicked": {"cond": "kicked"},
    "not kicked": {"cond": "not", "of": {"cond": "kicked"}},
    "during your turn": {"cond": "my_turn"},
    "delirium (4+ card types in your graveyard)": {"cond": "delirium"},
    "ferocious (a creature of yours has power >= 4)": {"cond": "ferocious"},
}


def words_to_condition(text: str) -> dict | None:
    """The few hand-written conditions in words that mean one structured condition."""
    return _WORDS.get(text.strip().lower())


def _cmp_ok(v: object) -> bool:
    return filters._cmp_ok(v)


def condition_missing(cond: object, ctx: Any = None) -> str | None:
    """What of a condition can't be evaluated (a short phrase), or None. Changes nothing.
    With a ``ctx`` it also names what this game can't know (an unknown phase name)."""
    if isinstance(cond, str):
        words = words_to_condition(cond)
        return f'condition "{cond}" (words)' if words is None else None
    if not isinstance(cond, Mapping):
        return f"condition {cond!r}"[:80]
    kind = cond.get("cond")
    if kind not in CONDITIONS:
        return f"condition {kind!r}"
    if kind in UNSUPPORTED:
        return UNSUPPORTED[kind]
    if kind not in CONDITION:
        return f"condition {kind!r}"
    check = CONDITION.check.get(kind)
    if kind in _LOGICAL:
        return check(cond, ctx) if check is not None else None
    if "filter" in cond:
        part = filters.filter_missing(cond["filter"])
        if part:
            return part
    if kind in _COUNTED and not _cmp_ok(cond.get("cmp")):
        return f"condition {kind} compares {cond.get('cmp')!r}"[:80]
    if "who" in cond and cond["who"] not in _WHO_ANY:
        return f"condition {kind} of {cond['who']!r}"
    return check(cond, ctx) if check is not None else None


#: conditions of other conditions: checked as a whole (their parts are conditions)
_LOGICAL = frozenset({"and", "or", "not"})
#: conditions comparing a number with their ``cmp``
_COUNTED = frozenset(
    {"count", "cards_in_graveyard", "cards_in_hand", "life", "opponents_lost_life_this_turn"}
)


def _phase(name: str) -> tuple[str, str] | None:
    return _PHASES.get(str(name).lower().replace("_", " "))


def _any_player(ctx: Any, who: object, test) -> bool:
    return any(test(p) for p in values.players_of(ctx, who))


def holds(ctx: Any, cond: str | Mapping[str, Any]) -> bool:
    """Whether the condition is true now. Check ``condition_missing(cond, ctx)`` first."""
    if isinstance(cond, str):
        words = words_to_condition(cond)
        if words is None:
            raise ValueError(f'condition "{cond}" can\'t be evaluated')
        cond = words
    fn = CONDITION.run.get(cond["cond"])
    if fn is None:
        raise ValueError(
            f"condition {cond['cond']!r} can't be evaluated (check condition_missing first)"
        )
    return fn(ctx, cond)


# --------------------------------------------------------------------------- the kinds
# One registered function per condition (its check beside it: what of it can't be
# evaluated); the vocabulary's CONDITIONS declares each one and its fields.


def _select(
    ctx: Any, flt: Any, zones: tuple[str, ...] = ("battlefield",), players: Any = None
) -> list[int]:
    return filters.select(
        ctx.game, flt, zones=zones, controller=ctx.controller, source=ctx.source, players=players
    )


def _mine(ctx: Any, flt: dict) -> list[int]:
    return _select(ctx, {**flt, "controller": "you"})


def _cmp(cond: Mapping) -> Any:
    """[op, n]; condition_missing checks it where it is needed."""
    return cond.get("cmp", ())


def _parts_missing(cond: Mapping, ctx: Any) -> str | None:
    if not isinstance(cond.get("of"), list):
        return f"condition {cond['cond']}: not a list"
    for sub in cond["of"]:
        part = condition_missing(sub, ctx)
        if part:
            return part
    return None


@CONDITION("and", check=_parts_missing)
def _and(ctx: Any, cond: Mapping) -> bool:
    return all(holds(ctx, c) for c in cond["of"])


@CONDITION("or", check=_parts_missing)
def _or(ctx: Any, cond: Mapping) -> bool:
    return any(holds(ctx, c) for c in cond["of"])


@CONDITION("not", check=lambda cond, ctx: condition_missing(cond.get("of"), ctx))
def _not(ctx: Any, cond: Mapping) -> bool:
    return not holds(ctx, cond["of"])


@CONDITION(
    "kicked",
    check=lambda cond, ctx: (
        "kicked a number of times (multikicker is not simulated)"
        if cond.get("times", 1) != 1
        else None
    ),
)
def _kicked(ctx: Any, cond: Mapping) -> bool:
    return values._kicked(ctx)


def _compare_missing(cond: Mapping, ctx: Any) -> str | None:
    if cond.get("cmp") not in filters._OPS:
        return f"compare with {cond.get('cmp')!r}"[:80]
    return values.value_missing(cond.get("a"), ctx) or values.value_missing(cond.get("b"), ctx)


@CONDITION("compare", check=_compare_missing)
def _compare(ctx: Any, cond: Mapping) -> bool:
    """Two amounts (converge: "if its mana value is <= the colors spent")."""
    a, b = values.value_of(ctx, cond.get("a")), values.value_of(ctx, cond.get("b"))
    return filters.compare(a, [cond["cmp"], b])


def _spent_missing(cond: Mapping, ctx: Any) -> str | None:
    if cond.get("color") not in ("W", "U", "B", "R", "G", "C"):
        return f"{cond['cond']} of {cond.get('color')!r}"
    n = cond.get("n", 1)
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        return f"{cond['cond']} of {n!r} mana"
    return mana_spent.spent_missing(ctx.game) if ctx is not None else None


@CONDITION("adamant", check=_spent_missing)
def _adamant(ctx: Any, cond: Mapping) -> bool:
    """At least three mana of that color was spent to cast it."""
    return mana_spent.spent_of(ctx.game, ctx.source)["by_color"].get(cond["color"], 0) >= 3


@CONDITION("mana_spent", check=_spent_missing)
def _mana_spent(ctx: Any, cond: Mapping) -> bool:
    """ "If {R} was spent to cast it"; with n, "if {R}{R} was spent" (Deceit, Vibrance)."""
    spent = mana_spent.spent_of(ctx.game, ctx.source)["by_color"].get(cond["color"], 0)
    return spent >= cond.get("n", 1)


@CONDITION("self_equipped")
def _self_equipped(ctx: Any, cond: Mapping) -> bool:
    """301.5."""
    src = ctx.source
    return src is not None and bool(filters.attached_objects(ctx.game, src, "Equipment"))


@CONDITION("self_enchanted")
def _self_enchanted(ctx: Any, cond: Mapping) -> bool:
    """303.4d."""
    src = ctx.source
    return src is not None and bool(filters.attached_objects(ctx.game, src, "Aura"))


@CONDITION("attached_matches")
def _attached_matches(ctx: Any, cond: Mapping) -> bool:
    """ "As long as enchanted/equipped permanent is a creature"."""
    game, src = ctx.game, ctx.source
    host = game.obj(src).attached_to if src is not None else None
    return host is not None and filters.matches(
        game, host, cond.get("filter"), controller=ctx.controller, source=src
    )


@CONDITION("my_turn")
def _my_turn(ctx: Any, cond: Mapping) -> bool:
    return ctx.game.active == ctx.controller


@CONDITION("count")
def _count(ctx: Any, cond: Mapping) -> bool:
    return filters.compare(len(_select(ctx, cond.get("filter"))), _cmp(cond))


@CONDITION("cards_in_graveyard")
def _cards_in_graveyard(ctx: Any, cond: Mapping) -> bool:
    cmp = _cmp(cond)
    return _any_player(
        ctx,
        cond.get("who"),
        lambda p: filters.compare(len(_select(ctx, cond.get("filter"), ("graveyard",), [p])), cmp),
    )


@CONDITION("cards_in_hand")
def _cards_in_hand(ctx: Any, cond: Mapping) -> bool:
    game, cmp = ctx.game, _cmp(cond)
    return _any_player(
        ctx, cond.get("who"), lambda p: filters.compare(len(game.players[p].zones["hand"]), cmp)
    )


@CONDITION("life")
def _life(ctx: Any, cond: Mapping) -> bool:
    game, cmp = ctx.game, _cmp(cond)
    return _any_player(ctx, cond.get("who"), lambda p: filters.compare(game.players[p].life, cmp))


def _self_counters_missing(cond: Mapping, ctx: Any) -> str | None:
    if not isinstance(cond.get("counter"), str):
        return "self_counters without a counter kind"
    if "cmp" in cond and not _cmp_ok(cond["cmp"]):
        return f"self_counters compares {cond['cmp']!r}"[:80]
    if "max" in cond and not isinstance(cond["max"], int):
        return f"self_counters max {cond['max']!r}"
    return None


@CONDITION("self_counters", check=_self_counters_missing)
def _self_counters(ctx: Any, cond: Mapping) -> bool:
    src, cmp = ctx.source, _cmp(cond)
    n = ctx.game.obj(src).counter(cond["counter"]) if src is not None else 0
    ok = filters.compare(n, cmp) if cmp else n > 0
    return ok and ("max" not in cond or n <= cond["max"])


@CONDITION("self_tapped")
def _self_tapped(ctx: Any, cond: Mapping) -> bool:
    return ctx.source is not None and ctx.game.obj(ctx.source).tapped


@CONDITION("self_matches")
def _self_matches(ctx: Any, cond: Mapping) -> bool:
    src = ctx.source
    return src is not None and filters.matches(
        ctx.game, src, cond.get("filter"), controller=ctx.controller, source=src
    )


@CONDITION("delirium")
def _delirium(ctx: Any, cond: Mapping) -> bool:
    """4+ card types among cards in your graveyard."""
    return values.value_of(ctx, {"dv": "card_types_in_graveyard", "who": "you"}) >= 4


@CONDITION("morbid")
def _morbid(ctx: Any, cond: Mapping) -> bool:
    return bool(ctx.game.this_turn.died)


@CONDITION("cast_spell_this_turn")
def _cast_spell_this_turn(ctx: Any, cond: Mapping) -> bool:
    """Checked before the spell itself is cast (601.3): this turn's count, the scenario's
    included."""
    return ctx.game.this_turn.spells_cast[ctx.controller] > 0


@CONDITION("raid")
def _raid(ctx: Any, cond: Mapping) -> bool:
    """You attacked this turn (207.2c): only the active player attacks."""
    return ctx.game.active == ctx.controller and bool(ctx.game.this_turn.attacked)


@CONDITION("self_attacking")
def _self_attacking(ctx: Any, cond: Mapping) -> bool:
    game, src = ctx.game, ctx.source
    return src is not None and game.combat is not None and src in game.combat["attackers"]


@CONDITION("attacked_this_step")
def _attacked_this_step(ctx: Any, cond: Mapping) -> bool:
    """Creatures attacked in this combat (508.1)."""
    return ctx.game.combat is not None and bool(ctx.game.combat["attackers"])


@CONDITION("ferocious")
def _ferocious(ctx: Any, cond: Mapping) -> bool:
    return bool(_mine(ctx, {"types": ["Creature"], "power": [">=", 4]}))


@CONDITION("metalcraft")
def _metalcraft(ctx: Any, cond: Mapping) -> bool:
    return len(_mine(ctx, {"types": ["Artifact"]})) >= 3


@CONDITION("hellbent")
def _hellbent(ctx: Any, cond: Mapping) -> bool:
    return not ctx.game.players[ctx.controller].zones["hand"]


@CONDITION("revolt")
def _revolt(ctx: Any, cond: Mapping) -> bool:
    game = ctx.game
    return any(
        game.last_known[o].controller == ctx.controller for o in game.this_turn.left_battlefield
    )


@CONDITION("spell_mastery")
def _spell_mastery(ctx: Any, cond: Mapping) -> bool:
    spells = _select(ctx, {"types_any": ["Instant", "Sorcery"]}, ("graveyard",), [ctx.controller])
    return len(spells) >= 2


@CONDITION("formidable")
def _formidable(ctx: Any, cond: Mapping) -> bool:
    ids = _mine(ctx, {"types": ["Creature"]})
    return sum(filters.characteristics(ctx.game, o).power or 0 for o in ids) >= 8


@CONDITION("corrupted")
def _corrupted(ctx: Any, cond: Mapping) -> bool:
    game = ctx.game
    return any(
        game.players[p].counters.get("poison", 0) >= 3
        for p in range(len(game.players))
        if p != ctx.controller
    )


@CONDITION("coven")
def _coven(ctx: Any, cond: Mapping) -> bool:
    ids = _mine(ctx, {"types": ["Creature"]})
    powers = {filters.characteristics(ctx.game, o).power for o in ids}
    return len(powers - {None}) >= 3


@CONDITION(
    "descend",
    check=lambda cond, ctx: (
        None if isinstance(cond.get("n"), int) else f"descend {cond.get('n')!r}"
    ),
)
def _descend(ctx: Any, cond: Mapping) -> bool:
    return (
        len(_select(ctx, {"permanent_card": True}, ("graveyard",), [ctx.controller])) >= cond["n"]
    )


@CONDITION("you_gained_life_this_turn")
def _you_gained_life_this_turn(ctx: Any, cond: Mapping) -> bool:
    return ctx.game.this_turn.life_gained[ctx.controller] > 0


@CONDITION("cast_from_hand", "cast_from_graveyard", "was_cast")
def _cast_from(ctx: Any, cond: Mapping) -> bool:
    kind, src = cond["cond"], ctx.source
    info = ctx.game.cast_info.get(src) if src is not None else None
    if kind == "was_cast":
        return info is not None
    return info is not None and info.get("from") == kind.removeprefix("cast_from_")


def _phase_known(cond: Mapping, ctx: Any) -> str | None:
    """This game's phase has a name the conditions know."""
    if ctx is not None and _phase(ctx.game.phase) is None:
        return f"the game phase {ctx.game.phase!r}"
    return None


@CONDITION("my_turn_before_attackers", check=_phase_known)
def _my_turn_before_attackers(ctx: Any, cond: Mapping) -> bool:
    ph = _phase(ctx.game.phase)
    return (
        ctx.game.active == ctx.controller
        and ph is not None
        and ph[0] in ("beginning", "precombat_main")
    )


@CONDITION("you_are_monarch")
def _you_are_monarch(ctx: Any, cond: Mapping) -> bool:
    return ctx.game.designations.get("monarch") == ctx.controller


@CONDITION("citys_blessing")
def _citys_blessing(ctx: Any, cond: Mapping) -> bool:
    return "citys_blessing" in ctx.game.players[ctx.controller].flags


@CONDITION("self_is_enchantment")
def _self_is_enchantment(ctx: Any, cond: Mapping) -> bool:
    src = ctx.source
    return src is not None and "Enchantment" in filters.characteristics(ctx.game, src).types


@CONDITION("hate")
def _hate(ctx: Any, cond: Mapping) -> bool:
    """Life lost from a source other than combat damage."""
    turn = ctx.game.this_turn
    return any(
        turn.life_lost[p] > turn.combat_damage_taken[p]
        for p in range(len(ctx.game.players))
        if p != ctx.controller
    )


@CONDITION("addendum")
def _addendum(ctx: Any, cond: Mapping) -> bool:
    """Ability word: cast during your main phase."""
    src = ctx.source
    info = ctx.game.cast_info.get(src) if src is not None else None
    if info is None:
        return False
    ph = _phase(info.get("phase", ""))
    return info.get("active") == ctx.controller and ph is not None and ph[0].endswith("main")


@CONDITION("void")
def _void(ctx: Any, cond: Mapping) -> bool:
    """A nonland permanent left, or a spell was warped (702.185) this turn (spells a
    scenario counts as cast before it began were not warped: it can't say so)."""
    game = ctx.game
    if any(s.get("warped") for s in game.this_turn.spells):
        return True
    return any(
        "Land" not in game.last_known[o].characteristics.types
        for o in game.this_turn.left_battlefield
    )


@CONDITION("self_in_graveyard")
def _self_in_graveyard(ctx: Any, cond: Mapping) -> bool:
    where = ctx.game.zone_of(ctx.source) if ctx.source is not None else None
    return where is not None and where[1] == "graveyard"


@CONDITION("opponents_lost_life_this_turn")
def _opponents_lost_life_this_turn(ctx: Any, cond: Mapping) -> bool:
    game = ctx.game
    lost = sum(game.this_turn.life_lost[p] for p in range(len(game.players)) if p != ctx.controller)
    return filters.compare(lost, _cmp(cond))


def _step_missing(cond: Mapping, ctx: Any) -> str | None:
    if cond.get("step") not in _STEP_IDS:
        return f"step {cond.get('step')!r}"
    return _phase_known(cond, ctx)


def _phase_missing(cond: Mapping, ctx: Any) -> str | None:
    if cond.get("phase") not in _PHASE_IDS:
        return f"phase {cond.get('phase')!r}"
    return _phase_known(cond, ctx)


def _now(ctx: Any, cond: Mapping) -> tuple[str, str] | None:
    """The (phase, step) now, None if ``yours`` says whose turn and it's not that one's."""
    game = ctx.game
    ph = _phase(game.phase)
    if ph is None:
        raise ValueError(f"game phase {game.phase!r} is unknown")
    if "yours" in cond and (game.active == ctx.controller) != bool(cond["yours"]):
        return None
    return ph


@CONDITION("step", check=_step_missing)
def _step(ctx: Any, cond: Mapping) -> bool:
    ph = _now(ctx, cond)
    return ph is not None and cond["step"] == ph[1]


@CONDITION("phase", check=_phase_missing)
def _phase_is(ctx: Any, cond: Mapping) -> bool:
    ph = _now(ctx, cond)
    if ph is None:
        return False
    want = cond["phase"]
    if want == "main":
        return ph[0].endswith("main")
    if want == "ending":
        want = "end"
    return want == ph[0]


@CONDITION("opponent_controls_more")
def _opponent_controls_more(ctx: Any, cond: Mapping) -> bool:
    flt, me = cond.get("filter"), ctx.controller
    n_me = len(_select(ctx, flt, players=[me]))
    return any(
        len(_select(ctx, flt, players=[p])) > n_me for p in range(len(ctx.game.players)) if p != me
    )


@CONDITION("exiled_this_way")
def _exiled_this_way(ctx: Any, cond: Mapping) -> bool:
    """The cards the ability's earlier op exiled ("If you exiled a land card this way"),
    still in exile as they were then; a ctx without them has exiled nothing
    (ctx.exiled_this_way: (object, zone-change count) pairs the impulse recorded)."""
    game = ctx.game
    return any(
        game.zone_changes.get(oid, 0) == n
        and game.zone_of(oid) is not None
        and filters.matches(
            game, oid, cond.get("filter"), controller=ctx.controller, source=ctx.source
        )
        for oid, n in getattr(ctx, "exiled_this_way", ())
    )


@CONDITION("targets_matching")
def _targets_matching(ctx: Any, cond: Mapping) -> bool:
    game = ctx.game
    for t in ctx.targets:
        if t.startswith("o") and game.zone_of(int(t[1:])) is not None:
            if filters.matches(
                game, int(t[1:]), cond.get("filter"), controller=ctx.controller, source=ctx.source
            ):
                return True
    return False
