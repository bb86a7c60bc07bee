"""Amounts in the card data: an int, "X" (the X paid), a short "X+1", or a dynamic value
``{"dv": kind, ...}`` (DYNAMIC_VALUES in engine/lang/vocabulary.py).

``value_missing(v)`` names what can't be evaluated before anything changes (all or
nothing); with a context it also names what this game can't know (an "event_amount"
with no trigger event). ``value_of(ctx, v)`` computes it; ``ctx`` is an effects ``Ctx``
(or anything with ``game``, ``controller``, ``source``, ``targets``, ``x``, ``event``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeGuard

from engine.base.handlers import Handlers
from engine.lang import filters, mana_spent
from engine.lang.vocabulary import DYNAMIC_VALUES

ValueFn = Callable[[Any, Mapping], int]  # (ctx, the value) -> its number now
ValueCheck = Callable[[Mapping, Any], "str | None"]  # (the value, ctx or None) -> what is missing
#: kind -> the function that computes it (and its check): one registered function per kind.
DYNAMIC: Handlers[ValueFn, ValueCheck] = Handlers("dynamic value", DYNAMIC_VALUES)

__all__ = ["DYNAMIC", "ValueUnavailable", "players_of", "value_missing", "value_of"]

_WHO = frozenset(
    {
        "you",
        "each_opponent",
        "opponent",
        "target_player",
        "target_opponent",
        "each_player",
        "all",
        "controller",
        "trigger_player",
    }
)
#: Dynamic values the engine can't compute (state it does not track), with why.
UNSUPPORTED: dict[str, str] = {
    "greatest_commander_mv": "commanders (no command zone)",
}
_PARTY = ("Cleric", "Rogue", "Warrior", "Wizard")
_BASIC_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")


class ValueUnavailable(LookupError):
    """A value this game can't provide (asked without checking ``value_missing(v, ctx)``)."""


def _is_int(v: object) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


def _x_text(v: str) -> bool:
    t = v.replace(" ", "")
    if t in ("X", "-X"):
        return True
    if t.startswith("X") and len(t) > 1:
        try:
            int(t[1:])
            return True
        except ValueError:
            return False
    try:
        int(t)
        return True
    except ValueError:
        return False


def value_missing(v: object, ctx: Any = None) -> str | None:
    """What of an amount can't be evaluated (a short phrase), or None. Changes nothing."""
    if v is None or _is_int(v):
        return None
    if isinstance(v, str):
        return None if _x_text(v) else f"amount {v!r}"
    if not isinstance(v, Mapping):
        return f"amount {v!r}"[:80]
    kind = v.get("dv")
    if kind not in DYNAMIC_VALUES:
        return f"dynamic value {kind!r}"
    if kind in UNSUPPORTED:
        return UNSUPPORTED[kind]
    if kind not in DYNAMIC:
        return f"dynamic value {kind!r}"
    if "who" in v and v["who"] not in _WHO:
        return f"{kind} of {v['who']!r}"
    if "filter" in v:
        part = filters.filter_missing(v["filter"])
        if part:
            return part
    check = DYNAMIC.check.get(kind)
    return check(v, ctx) if check is not None else None


def _unknown_spells(ctx: Any, v: Mapping) -> str | None:
    """Spells a scenario counts as cast before it began (``spells_cast``) have no known mana
    value: a total over them can't be computed."""
    game = ctx.game
    for p in players_of(ctx, v.get("who")):
        seen = sum(1 for s in game.this_turn.spells if s["player"] == p)
        if game.this_turn.spells_cast[p] > seen:
            return (
                f"the mana values of the {game.this_turn.spells_cast[p] - seen} spells the "
                "scenario counts as cast before it began"
            )
    return None


#: "that creature's power/toughness" of the object a trigger was about (Pantlaza).
_TRIGGER_OBJECT = ("trigger_object_power", "trigger_object_toughness")


def _event(ctx: Any) -> Mapping:
    return getattr(ctx, "event", None) or {}


def _target_oid(ctx: Any) -> int | None:
    for t in ctx.targets:
        if t.startswith("o"):
            return int(t[1:])
    return None


def players_of(ctx: Any, who: object) -> list[int]:
    """The players a value's ``who`` names (default you)."""
    game = ctx.game
    n = len(game.players)
    me = ctx.controller
    if who in (None, "you", "controller"):
        return [me]
    if who in ("each_opponent", "opponent"):
        return [p for p in range(n) if p != me]
    if who in ("each_player", "all"):
        return list(range(n))
    if who in ("target_player", "target_opponent"):
        chosen = [int(t[1:]) for t in ctx.targets if t.startswith("p")]
        if chosen:
            return chosen
        raise ValueUnavailable(f"{who}: no player was targeted")
    if who == "trigger_player":
        p = _event(ctx).get("player")
        if p is None:
            raise ValueUnavailable("trigger_player: no trigger event")
        return [int(p)]
    raise ValueUnavailable(f"who {who!r}")


def value_of(ctx: Any, v: object, default: int = 0) -> int:
    """The number an amount stands for now, fixed as the op resolves (608.2h): an int, "X"
    (the X paid, 107.3), "-X", "X+1", a number in text, or a dynamic value ``{"dv": ...}``;
    ``default`` when there is none (``None``). The one evaluator of amounts for every op
    family, cost and condition. Check ``value_missing(v, ctx)`` first: anything else is
    refused (ValueUnavailable), never read as some number."""
    if v is None:
        return default
    if _is_int(v):
        return int(v)
    if isinstance(v, str):
        t = v.replace(" ", "")
        try:
            if t == "-X":
                return -int(ctx.x)
            if t.startswith("X"):
                return int(ctx.x) + (int(t[1:]) if len(t) > 1 else 0)
            return int(t)
        except ValueError:
            raise ValueUnavailable(f"amount {v!r}"[:80]) from None
    if not isinstance(v, Mapping):
        raise ValueUnavailable(f"amount {v!r}"[:80])
    return _dynamic(ctx, v)


def _dynamic(ctx: Any, v: Mapping) -> int:
    fn = DYNAMIC.run.get(v["dv"])
    if fn is None:
        raise ValueUnavailable(f"dynamic value {v['dv']!r} (check value_missing first)")
    return fn(ctx, v)


# --------------------------------------------------------------------------- the kinds
# One registered function per dynamic value (its check beside it: what of it this game
# can't know); the vocabulary's DYNAMIC_VALUES declares each one and its fields.


def _chars(ctx: Any, oid: int) -> filters.Chars:
    return filters.characteristics(ctx.game, oid)


def _bf(ctx: Any, flt: Any) -> list[int]:
    """The battlefield permanents matching ``flt`` from the controller's point of view."""
    return filters.select(ctx.game, flt, controller=ctx.controller, source=ctx.source)


def _in_graveyards(ctx: Any, v: Mapping) -> list[int]:
    """The cards matching the value's filter in the graveyards of its ``who``."""
    return filters.select(
        ctx.game,
        v.get("filter"),
        zones=("graveyard",),
        controller=ctx.controller,
        source=ctx.source,
        players=players_of(ctx, v.get("who")),
    )


def _of_value(v: Mapping, ctx: Any) -> str | None:
    return value_missing(v.get("of"), ctx)


def _mul_missing(v: Mapping, ctx: Any) -> str | None:
    if not _is_int(v.get("by")):
        return f"mul by {v.get('by')!r}"
    return value_missing(v.get("of"), ctx)


def _values_missing(v: Mapping, ctx: Any) -> str | None:
    if not isinstance(v.get("of"), list) or not v["of"]:
        return f"{v['dv']}: not a list"
    for sub in v["of"]:
        part = value_missing(sub, ctx)
        if part:
            return part
    return None


def _counter_missing(v: Mapping, ctx: Any) -> str | None:
    return None if isinstance(v.get("counter"), str) else f"{v['dv']} without a counter kind"


def _event_amount_missing(v: Mapping, ctx: Any) -> str | None:
    if ctx is not None and "amount" not in _event(ctx):
        return "the amount of the event that triggered it (not recorded)"
    return None


def _sacrificed_missing(v: Mapping, ctx: Any) -> str | None:
    if ctx is not None and (ctx.source is None or ctx.source not in ctx.game.sacrificed_lki):
        return "the sacrificed object (nothing was sacrificed for it)"
    return None


def _trigger_mv_missing(v: Mapping, ctx: Any) -> str | None:
    if ctx is not None and _event(ctx).get("object") is None:
        return "the mana value of the trigger's object (no trigger object)"
    return None


def _that_many_missing(v: Mapping, ctx: Any) -> str | None:
    if ctx is not None and not (
        getattr(ctx, "track_moves", False) or getattr(ctx, "moved", None) is not None
    ):
        return "the number of cards moved this way (no record of what the op before it moved)"
    return None


def _target_missing(v: Mapping, ctx: Any) -> str | None:
    if ctx is not None and not _target_oid(ctx):
        return f"{v['dv'].replace('_', ' ')} (no targeted object)"
    return None


def _trigger_object_missing(v: Mapping, ctx: Any) -> str | None:
    if ctx is not None and _event(ctx).get("object") is None:
        return f"{v['dv'].replace('_', ' ')} (no object triggered it)"
    return None


def _other_spells_missing(v: Mapping, ctx: Any) -> str | None:
    return _unknown_spells(ctx, v) if ctx is not None else None


def _spent_missing(v: Mapping, ctx: Any) -> str | None:
    """Converge, sunburst (702.44a), "X is the mana spent": the mana spent to cast the
    source (engine.rules.payment records it on the spell, 601.2h)."""
    return mana_spent.spent_missing(ctx.game) if ctx is not None else None


@DYNAMIC("count")
def _count(ctx: Any, v: Mapping) -> int:
    return len(_bf(ctx, v.get("filter")))


@DYNAMIC("cards_in_graveyard")
def _cards_in_graveyard(ctx: Any, v: Mapping) -> int:
    return len(_in_graveyards(ctx, v))


@DYNAMIC("cards_in_hand")
def _cards_in_hand(ctx: Any, v: Mapping) -> int:
    return sum(len(ctx.game.players[p].zones["hand"]) for p in players_of(ctx, v.get("who")))


@DYNAMIC("counters_on_self", check=_counter_missing)
def _counters_on_self(ctx: Any, v: Mapping) -> int:
    return ctx.game.obj(ctx.source).counter(v["counter"]) if ctx.source is not None else 0


@DYNAMIC("equipment_attached", "auras_attached")
def _attached(ctx: Any, v: Mapping) -> int:
    """ "For each Equipment / Aura attached to it"."""
    sub = "Equipment" if v["dv"] == "equipment_attached" else "Aura"
    src = ctx.source
    return len(filters.attached_objects(ctx.game, src, sub)) if src is not None else 0


@DYNAMIC("player_counters", check=_counter_missing)
def _player_counters(ctx: Any, v: Mapping) -> int:
    return sum(
        ctx.game.players[p].counters.get(v["counter"], 0) for p in players_of(ctx, v.get("who"))
    )


@DYNAMIC("self_power", "self_toughness")
def _self_pt(ctx: Any, v: Mapping) -> int:
    if ctx.source is None:
        raise ValueUnavailable(f"{v['dv']}: no source")
    ch = filters.chars_or_last_known(ctx.game, ctx.source)
    n = ch.power if v["dv"] == "self_power" else ch.toughness
    return n or 0


@DYNAMIC("target_power", "target_mv", check=_target_missing)
def _target_pt(ctx: Any, v: Mapping) -> int:
    oid = _target_oid(ctx)
    if oid is None:
        raise ValueUnavailable(f"{v['dv']}: no targeted object")
    ch = filters.chars_or_last_known(ctx.game, oid)
    return (ch.power or 0) if v["dv"] == "target_power" else ch.mana_value


@DYNAMIC("exiled_with_mv")
def _exiled_with_mv(ctx: Any, v: Mapping) -> int:
    """ "The exiled card" of a linked ability (607.2a)."""
    if ctx.source is None:
        raise ValueUnavailable("exiled_with_mv: no source")
    return sum(_chars(ctx, oid).mana_value for oid in ctx.game.exiled_with(ctx.source))


@DYNAMIC("trigger_object_mv", check=_trigger_mv_missing)
def _trigger_object_mv(ctx: Any, v: Mapping) -> int:
    """The spell on the stack, or as it last existed (608.2h)."""
    oid = _event(ctx).get("object")
    if oid is None:
        raise ValueUnavailable("trigger_object_mv: no trigger object")
    return filters.chars_or_last_known(ctx.game, int(oid)).mana_value


@DYNAMIC("event_amount", check=_event_amount_missing)
def _event_amount(ctx: Any, v: Mapping) -> int:
    ev = _event(ctx)
    if "amount" not in ev:
        raise ValueUnavailable("event_amount: no trigger event amount")
    return int(ev["amount"])


@DYNAMIC("card_types_in_graveyard")
def _card_types_in_graveyard(ctx: Any, v: Mapping) -> int:
    types: set[str] = set()
    for p in players_of(ctx, v.get("who")):
        for oid in ctx.game.players[p].zones["graveyard"]:
            types |= set(_chars(ctx, oid).types)
    return len(types)


_GREATEST = {
    "greatest_power": "power",
    "greatest_toughness": "toughness",
    "greatest_mv": "mana_value",
}


@DYNAMIC(*_GREATEST)
def _greatest(ctx: Any, v: Mapping) -> int:
    attr = _GREATEST[v["dv"]]
    nums = [getattr(_chars(ctx, o), attr) for o in _bf(ctx, v.get("filter"))]
    return max([n for n in nums if n is not None], default=0)


@DYNAMIC("greatest_power_in_graveyard")
def _greatest_power_in_graveyard(ctx: Any, v: Mapping) -> int:
    """Among the cards there (Kraven's Last Hunt I)."""
    powers = (_chars(ctx, o).power for o in _in_graveyards(ctx, v))
    return max([n for n in powers if n is not None], default=0)


@DYNAMIC("life")
def _life(ctx: Any, v: Mapping) -> int:
    return sum(ctx.game.players[p].life for p in players_of(ctx, v.get("who")))


@DYNAMIC("life_gained_this_turn")
def _life_gained_this_turn(ctx: Any, v: Mapping) -> int:
    return sum(ctx.game.this_turn.life_gained[p] for p in players_of(ctx, v.get("who")))


@DYNAMIC(
    "devotion",
    check=lambda v, ctx: (
        None if isinstance(v.get("colors"), (list, str)) else "devotion without colors"
    ),
)
def _devotion(ctx: Any, v: Mapping) -> int:
    """700.5: the mana symbols of that color among the mana costs of your permanents."""
    game = ctx.game
    colors = v["colors"]
    wanted = set(colors if isinstance(colors, list) else list(colors))
    n = 0
    for oid in game.players[ctx.controller].zones["battlefield"]:
        cost = game.obj(oid).characteristics.mana_cost
        if cost is None:
            continue
        for sym in cost.symbols:
            if wanted & set(sym.split("/")):
                n += 1
    return n


@DYNAMIC("domain")
def _domain(ctx: Any, v: Mapping) -> int:
    found: set[str] = set()
    for oid in ctx.game.players[ctx.controller].zones["battlefield"]:
        found |= set(_chars(ctx, oid).subtypes) & set(_BASIC_TYPES)
    return len(found)


@DYNAMIC("party")
def _party_size(ctx: Any, v: Mapping) -> int:
    creatures = _bf(ctx, {"types": ["Creature"], "controller": "you"})
    return _party(ctx.game, [_chars(ctx, o) for o in creatures])


@DYNAMIC("opponents")
def _opponents(ctx: Any, v: Mapping) -> int:
    game = ctx.game
    return sum(1 for p in range(len(game.players)) if p != ctx.controller and p not in game.lost)


@DYNAMIC("times_kicked")
def _times_kicked(ctx: Any, v: Mapping) -> int:
    return int(bool(_kicked(ctx)))


@DYNAMIC("colors_of_mana_spent", check=_spent_missing)
def _colors_of_mana_spent(ctx: Any, v: Mapping) -> int:
    """Converge, sunburst: colors, not colorless (105.1)."""
    return len(mana_spent.spent_of(ctx.game, ctx.source)["colors"])


@DYNAMIC("mana_spent", check=_spent_missing)
def _mana_spent(ctx: Any, v: Mapping) -> int:
    return int(mana_spent.spent_of(ctx.game, ctx.source)["amount"])


@DYNAMIC("cards_drawn_this_turn")
def _cards_drawn_this_turn(ctx: Any, v: Mapping) -> int:
    return sum(ctx.game.this_turn.drawn[p] for p in players_of(ctx, v.get("who")))


@DYNAMIC("creatures_died_this_turn")
def _creatures_died_this_turn(ctx: Any, v: Mapping) -> int:
    return len(ctx.game.this_turn.died)


@DYNAMIC("sacrificed_power", "sacrificed_toughness", "sacrificed_mv", check=_sacrificed_missing)
def _sacrificed(ctx: Any, v: Mapping) -> int:
    kind = v["dv"]
    lki = ctx.game.sacrificed_lki.get(ctx.source)
    if lki is None:
        raise ValueUnavailable(f"{kind}: nothing was sacrificed")
    ch = filters.characteristics(filters.LastKnown(ctx.game, lki), lki.id)
    if kind == "sacrificed_power":
        return ch.power or 0
    if kind == "sacrificed_toughness":
        return ch.toughness or 0
    return ch.mana_value


@DYNAMIC("descended_this_turn")
def _descended_this_turn(ctx: Any, v: Mapping) -> int:
    return ctx.game.this_turn.descended[ctx.controller]


@DYNAMIC("instants_sorceries_cast_this_turn")
def _instants_sorceries_cast_this_turn(ctx: Any, v: Mapping) -> int:
    who = set(players_of(ctx, v.get("who")))
    return sum(
        1
        for p, types in ctx.game.this_turn.cast
        if p in who and ("Instant" in types or "Sorcery" in types)
    )


@DYNAMIC("opponents_life_lost_this_turn")
def _opponents_life_lost_this_turn(ctx: Any, v: Mapping) -> int:
    game = ctx.game
    lost = game.this_turn.life_lost
    return sum(lost[p] for p in range(len(game.players)) if p != ctx.controller)


@DYNAMIC("parley")
def _parley(ctx: Any, v: Mapping) -> int:
    """701.37: each player reveals the top card of their library; the nonland ones count."""
    game = ctx.game
    n = 0
    for p in range(len(game.players)):
        top = game.top_of_library(p)
        if top is not None and "Land" not in _chars(ctx, top).types:
            n += 1
    return n


@DYNAMIC("colors_among_permanents")
def _colors_among_permanents(ctx: Any, v: Mapping) -> int:
    seen: set[str] = set()
    for p in players_of(ctx, v.get("who")):
        for oid in ctx.game.players[p].zones["battlefield"]:
            seen |= set(_chars(ctx, oid).colors)
    return len(seen)


@DYNAMIC(*_TRIGGER_OBJECT, check=_trigger_object_missing)
def _trigger_object_pt(ctx: Any, v: Mapping) -> int:
    oid = _event(ctx).get("object")
    if oid is None:
        raise ValueUnavailable(f"{v['dv']}: no object triggered it")
    ch = filters.chars_or_last_known(ctx.game, int(oid))  # 608.2h: as it last existed
    return (ch.power if v["dv"] == "trigger_object_power" else ch.toughness) or 0


@DYNAMIC("spells_cast_this_turn")
def _spells_cast_this_turn(ctx: Any, v: Mapping) -> int:
    """The scenario's pre-counted spells included."""
    return sum(ctx.game.this_turn.spells_cast[p] for p in players_of(ctx, v.get("who")))


@DYNAMIC("other_spells_mv_this_turn", check=_other_spells_missing)
def _other_spells_mv_this_turn(ctx: Any, v: Mapping) -> int:
    """202.3: the mana value each had as it was cast (its X included)."""
    who = set(players_of(ctx, v.get("who")))
    return sum(
        int(s["mv"] or 0)
        for s in ctx.game.this_turn.spells
        if s["player"] in who and s["object"] != ctx.source
    )


@DYNAMIC("that_many", check=_that_many_missing)
def _that_many(ctx: Any, v: Mapping) -> int:
    """608.2c: the objects the previous op moved ("this way"); with a filter ("for each
    creature card exiled this way") those that match now, where they went."""
    moved = getattr(ctx, "moved", None)
    if moved is None:
        raise ValueUnavailable("that_many: no op before it moved anything")
    flt = v.get("filter")
    if flt is None:
        return len(moved)
    game = ctx.game
    return sum(
        1
        for oid, n in moved
        if game.zone_changes.get(oid, 0) == n
        and game.zone_of(oid) is not None
        and filters.matches(game, oid, flt, controller=ctx.controller, source=ctx.source)
    )


@DYNAMIC("total_mv", "opponents_controlling", "opponents_controlling_fewer")
def _per_player_value(ctx: Any, v: Mapping) -> int:
    found = [_chars(ctx, o) for o in _bf(ctx, v.get("filter"))]
    return _per_player(ctx.game, ctx.controller, v["dv"], found)


@DYNAMIC("neg", check=_of_value)
def _neg(ctx: Any, v: Mapping) -> int:
    return -value_of(ctx, v["of"])


@DYNAMIC("mul", check=_mul_missing)
def _mul(ctx: Any, v: Mapping) -> int:
    return value_of(ctx, v["of"]) * int(v["by"])


@DYNAMIC("sum", check=_values_missing)
def _sum(ctx: Any, v: Mapping) -> int:
    return sum(value_of(ctx, sub) for sub in v["of"])


@DYNAMIC("max", check=_values_missing)
def _max(ctx: Any, v: Mapping) -> int:
    return max(value_of(ctx, sub) for sub in v["of"])


@DYNAMIC("half", check=_of_value)
def _half(ctx: Any, v: Mapping) -> int:
    n = value_of(ctx, v["of"])
    return -(-n // 2) if v.get("round") == "up" else n // 2


def _per_player(game: Any, me: int, kind: str, found: list[filters.Chars]) -> int:
    """Sums and per-controller counts over the permanents a filter selects: the total mana
    value (202.3), or how many opponents still in the game (800.4a) control at least one /
    fewer than you."""
    if kind == "total_mv":
        return sum(ch.mana_value for ch in found)
    held = [0] * len(game.players)
    for ch in found:
        held[ch.controller] += 1
    opponents = [p for p in range(len(game.players)) if p != me and p not in game.lost]
    if kind == "opponents_controlling":
        return sum(1 for p in opponents if held[p] > 0)
    return sum(1 for p in opponents if held[p] < held[me])


def _party(game: Any, creatures: list[filters.Chars]) -> int:
    """700.8: up to one each of Cleric, Rogue, Warrior and Wizard (best assignment)."""
    best = 0

    def go(i: int, used: frozenset[str]) -> None:
        nonlocal best
        best = max(best, len(used))
        if i == len(creatures) or best == len(_PARTY):
            return
        go(i + 1, used)
        for role in _PARTY:
            if role not in used and role in creatures[i].subtypes:
                go(i + 1, used | {role})

    go(0, frozenset())
    return best


def _kicked(ctx: Any) -> bool:
    """Whether the spell (or the permanent it became) was kicked (702.33d)."""
    game = ctx.game
    src = ctx.source
    for s in game.stack:
        if s.card_id == src and s.kind == "spell":
            return bool(s.data.get("kicked")) if s.data else False
    info = game.cast_info.get(src) if src is not None else None
    return bool(info and info.get("kicked"))
