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

from collections.abc import Mapping
from typing import Any

from engine.lang import filters, mana_spent, values
from engine.lang.vocabulary import CONDITIONS

__all__ = ["condition_missing", "holds", "words_to_condition"]

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
    if kind in ("and", "or"):
        if not isinstance(cond.get("of"), list):
            return f"condition {kind}: not a list"
        for sub in cond["of"]:
            part = condition_missing(sub, ctx)
            if part:
                return part
        return None
    if kind == "not":
        return condition_missing(cond.get("of"), ctx)
    if "filter" in cond:
        part = filters.filter_missing(cond["filter"])
        if part:
            return part
    if kind in (
        "count",
        "cards_in_graveyard",
        "cards_in_hand",
        "life",
        "opponents_lost_life_this_turn",
    ) and not _cmp_ok(cond.get("cmp")):
        return f"condition {kind} compares {cond.get('cmp')!r}"[:80]
    if "who" in cond and cond["who"] not in _WHO_ANY:
        return f"condition {kind} of {cond['who']!r}"
    if kind == "self_counters":
        if not isinstance(cond.get("counter"), str):
            return "self_counters without a counter kind"
        if "cmp" in cond and not _cmp_ok(cond["cmp"]):
            return f"self_counters compares {cond['cmp']!r}"[:80]
        if "max" in cond and not isinstance(cond["max"], int):
            return f"self_counters max {cond['max']!r}"
    if kind == "compare":
        if cond.get("cmp") not in filters._OPS:
            return f"compare with {cond.get('cmp')!r}"[:80]
        return values.value_missing(cond.get("a"), ctx) or values.value_missing(cond.get("b"), ctx)
    if kind in ("adamant", "mana_spent"):
        if cond.get("color") not in ("W", "U", "B", "R", "G", "C"):
            return f"{kind} of {cond.get('color')!r}"
        if ctx is not None:
            return mana_spent.spent_missing(ctx.game)
    if kind == "kicked" and cond.get("times", 1) != 1:
        return "kicked a number of times (multikicker is not simulated)"
    if kind == "descend" and not isinstance(cond.get("n"), int):
        return f"descend {cond.get('n')!r}"
    if kind == "step" and cond.get("step") not in _STEP_IDS:
        return f"step {cond.get('step')!r}"
    if kind == "phase" and cond.get("phase") not in _PHASE_IDS:
        return f"phase {cond.get('phase')!r}"
    if ctx is not None and kind in ("step", "phase", "my_turn_before_attackers", "addendum"):
        if kind != "addendum" and _phase(ctx.game.phase) is None:
            return f"the game phase {ctx.game.phase!r}"
    return None


def _phase(name: str) -> tuple[str, str] | None:
    return _PHASES.get(str(name).lower().replace("_", " "))


def _any_player(ctx: Any, who: object, test) -> bool:
    return any(test(p) for p in values.players_of(ctx, who))


def holds(ctx: Any, cond: str | Mapping[str, Any]) -> bool:  # noqa: C901 - one branch per condition
    """Whether the condition is true now. Check ``condition_missing(cond, ctx)`` first."""
    if isinstance(cond, str):
        words = words_to_condition(cond)
        if words is None:
            raise ValueError(f'condition "{cond}" can\'t be evaluated')
        cond = words
    game = ctx.game
    me = ctx.controller
    src = ctx.source
    kind = cond["cond"]
    cmp = cond.get("cmp", ())  # [op, n]; condition_missing checks it where it is needed

    def select(flt: Any, zones: tuple[str, ...] = ("battlefield",), players=None) -> list:
        return filters.select(game, flt, zones=zones, controller=me, source=src, players=players)

    def mine(flt: dict) -> list[int]:
        return select({**flt, "controller": "you"})

    if kind == "and":
        return all(holds(ctx, c) for c in cond["of"])
    if kind == "or":
        return any(holds(ctx, c) for c in cond["of"])
    if kind == "not":
        return not holds(ctx, cond["of"])
    if kind == "kicked":
        return values._kicked(ctx)
    if kind == "compare":  # two amounts (converge: "if its mana value is <= the colors spent")
        a, b = values.value_of(ctx, cond.get("a")), values.value_of(ctx, cond.get("b"))
        return filters.compare(a, [cond["cmp"], b])
    if kind == "adamant":  # at least three mana of that color was spent to cast it
        return mana_spent.spent_of(game, src)["by_color"].get(cond["color"], 0) >= 3
    if kind == "mana_spent":  # "if {R} was spent to cast it"
        return mana_spent.spent_of(game, src)["by_color"].get(cond["color"], 0) >= 1
    if kind == "self_equipped":  # 301.5
        return src is not None and bool(filters.attached_objects(game, src, "Equipment"))
    if kind == "self_enchanted":  # 303.4d
        return src is not None and bool(filters.attached_objects(game, src, "Aura"))
    if kind == "attached_matches":  # "as long as enchanted/equipped permanent is a creature"
        host = game.obj(src).attached_to if src is not None else None
        return host is not None and filters.matches(
            game, host, cond.get("filter"), controller=me, source=src
        )
    if kind == "my_turn":
        return game.active == me
    if kind == "count":
        return filters.compare(len(select(cond.get("filter"))), cmp)
    if kind == "cards_in_graveyard":
        return _any_player(
            ctx,
            cond.get("who"),
            lambda p: filters.compare(len(select(cond.get("filter"), ("graveyard",), [p])), cmp),
        )
    if kind == "cards_in_hand":
        return _any_player(
            ctx, cond.get("who"), lambda p: filters.compare(len(game.players[p].zones["hand"]), cmp)
        )
    if kind == "life":
        return _any_player(
            ctx, cond.get("who"), lambda p: filters.compare(game.players[p].life, cmp)
        )
    if kind == "self_counters":
        n = game.obj(src).counter(cond["counter"]) if src is not None else 0
        ok = filters.compare(n, cmp) if cmp else n > 0
        return ok and ("max" not in cond or n <= cond["max"])
    if kind == "self_tapped":
        return src is not None and game.obj(src).tapped
    if kind == "self_matches":
        return src is not None and filters.matches(
            game, src, cond.get("filter"), controller=me, source=src
        )
    if kind == "delirium":  # 4+ card types among cards in your graveyard
        return values.value_of(ctx, {"dv": "card_types_in_graveyard", "who": "you"}) >= 4
    if kind == "morbid":
        return bool(game.this_turn.died)
    if kind == "cast_spell_this_turn":  # checked before the spell itself is cast (601.3)
        return game.this_turn.spells_cast[me] > 0  # this turn's count (the scenario's included)
    if kind == "raid":  # you attacked this turn (207.2c): only the active player attacks
        return game.active == me and bool(game.this_turn.attacked)
    if kind == "self_attacking":
        return src is not None and game.combat is not None and src in game.combat["attackers"]
    if kind == "attacked_this_step":  # creatures attacked in this combat (508.1)
        return game.combat is not None and bool(game.combat["attackers"])
    if kind == "ferocious":
        return bool(mine({"types": ["Creature"], "power": [">=", 4]}))
    if kind == "metalcraft":
        return len(mine({"types": ["Artifact"]})) >= 3
    if kind == "hellbent":
        return not game.players[me].zones["hand"]
    if kind == "revolt":
        return any(game.last_known[o].controller == me for o in game.this_turn.left_battlefield)
    if kind == "spell_mastery":
        return len(select({"types_any": ["Instant", "Sorcery"]}, ("graveyard",), [me])) >= 2
    if kind == "formidable":
        ids = mine({"types": ["Creature"]})
        return sum(filters.characteristics(game, o).power or 0 for o in ids) >= 8
    if kind == "corrupted":
        return any(
            game.players[p].counters.get("poison", 0) >= 3
            for p in range(len(game.players))
            if p != me
        )
    if kind == "coven":
        ids = mine({"types": ["Creature"]})
        powers = {filters.characteristics(game, o).power for o in ids}
        return len(powers - {None}) >= 3
    if kind == "descend":
        return len(select({"permanent_card": True}, ("graveyard",), [me])) >= cond["n"]
    if kind == "you_gained_life_this_turn":
        return game.this_turn.life_gained[me] > 0
    if kind in ("cast_from_hand", "cast_from_graveyard", "was_cast"):
        info = game.cast_info.get(src) if src is not None else None
        if kind == "was_cast":
            return info is not None
        return info is not None and info.get("from") == kind.removeprefix("cast_from_")
    if kind == "my_turn_before_attackers":
        ph = _phase(game.phase)
        return game.active == me and ph is not None and ph[0] in ("beginning", "precombat_main")
    if kind == "you_are_monarch":
        return game.designations.get("monarch") == me
    if kind == "citys_blessing":
        return "citys_blessing" in game.players[me].flags
    if kind == "self_is_enchantment":
        return src is not None and "Enchantment" in filters.characteristics(game, src).types
    if kind == "hate":  # life lost from a source other than combat damage
        return any(
            game.this_turn.life_lost[p] > game.this_turn.combat_damage_taken[p]
            for p in range(len(game.players))
            if p != me
        )
    if kind == "addendum":  # ability word: cast during your main phase
        info = game.cast_info.get(src) if src is not None else None
        if info is None:
            return False
        ph = _phase(info.get("phase", ""))
        return info.get("active") == me and ph is not None and ph[0].endswith("main")
    if kind == "void":  # a nonland permanent left, or a spell was warped (702.185) this turn
        # (spells a scenario counts as cast before it began were not warped: it can't say so)
        if any(s.get("warped") for s in game.this_turn.spells):
            return True
        return any(
            "Land" not in game.last_known[o].characteristics.types
            for o in game.this_turn.left_battlefield
        )
    if kind == "self_in_graveyard":
        where = game.zone_of(src) if src is not None else None
        return where is not None and where[1] == "graveyard"
    if kind == "opponents_lost_life_this_turn":
        lost = sum(game.this_turn.life_lost[p] for p in range(len(game.players)) if p != me)
        return filters.compare(lost, cmp)
    if kind in ("step", "phase"):
        ph = _phase(game.phase)
        if ph is None:
            raise ValueError(f"game phase {game.phase!r} is unknown")
        if "yours" in cond and (game.active == me) != bool(cond["yours"]):
            return False
        if kind == "step":
            return cond["step"] == ph[1]
        want = cond["phase"]
        if want == "main":
            return ph[0].endswith("main")
        if want == "ending":
            want = "end"
        return want == ph[0]
    if kind == "opponent_controls_more":
        flt = cond.get("filter")
        n_me = len(select(flt, players=[me]))
        return any(
            len(select(flt, players=[p])) > n_me for p in range(len(game.players)) if p != me
        )
    if kind == "exiled_this_way":
        # the cards the ability's earlier op exiled ("If you exiled a land card this way"),
        # still in exile as they were then; a ctx without them has exiled nothing
        # (ctx.exiled_this_way: (object, zone-change count) pairs the impulse recorded)
        return any(
            game.zone_changes.get(oid, 0) == n
            and game.zone_of(oid) is not None
            and filters.matches(game, oid, cond.get("filter"), controller=me, source=src)
            for oid, n in getattr(ctx, "exiled_this_way", ())
        )
    if kind == "targets_matching":
        for t in ctx.targets:
            if t.startswith("o") and game.zone_of(int(t[1:])) is not None:
                if filters.matches(game, int(t[1:]), cond.get("filter"), controller=me, source=src):
                    return True
        return False
    raise ValueError(f"condition {kind!r} can't be evaluated (check condition_missing first)")
