"""Amounts in the card data: an int, "X" (the X paid), a short "X+1", or a dynamic value
``{"dv": kind, ...}`` (DYNAMIC_VALUES in engine/lang/vocabulary.py).

``value_missing(v)`` names what can't be evaluated before anything changes (all or
nothing); with a context it also names what this game can't know (an "event_amount"
with no trigger event). ``value_of(ctx, v)`` computes it; ``ctx`` is an effects ``Ctx``
(or anything with ``game``, ``controller``, ``source``, ``targets``, ``x``, ``event``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeGuard

from engine.lang import filters, mana_spent
from engine.lang.vocabulary import DYNAMIC_VALUES

__all__ = ["ValueUnavailable", "players_of", "value_missing", "value_of"]

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
    if "who" in v and v["who"] not in _WHO:
        return f"{kind} of {v['who']!r}"
    if "filter" in v:
        part = filters.filter_missing(v["filter"])
        if part:
            return part
    if kind in ("neg", "half"):
        return value_missing(v.get("of"), ctx)
    if kind == "mul":
        if not _is_int(v.get("by")):
            return f"mul by {v.get('by')!r}"
        return value_missing(v.get("of"), ctx)
    if kind in ("sum", "max"):
        if not isinstance(v.get("of"), list) or not v["of"]:
            return f"{kind}: not a list"
        for sub in v["of"]:
            part = value_missing(sub, ctx)
            if part:
                return part
        return None
    if kind in ("counters_on_self", "player_counters") and not isinstance(v.get("counter"), str):
        return f"{kind} without a counter kind"
    if kind == "devotion" and not isinstance(v.get("colors"), (list, str)):
        return "devotion without colors"
    if kind == "event_amount" and ctx is not None and "amount" not in _event(ctx):
        return "the amount of the event that triggered it (not recorded)"
    if kind in ("sacrificed_power", "sacrificed_toughness", "sacrificed_mv") and ctx is not None:
        if ctx.source is None or ctx.source not in ctx.game.sacrificed_lki:
            return "the sacrificed object (nothing was sacrificed for it)"
    if kind == "trigger_object_mv" and ctx is not None and _event(ctx).get("object") is None:
        return "the mana value of the trigger's object (no trigger object)"
    if (
        kind == "that_many"
        and ctx is not None
        and not (getattr(ctx, "track_moves", False) or getattr(ctx, "moved", None) is not None)
    ):
        return "the number of cards moved this way (no record of what the op before it moved)"
    if kind in ("target_power", "target_mv") and ctx is not None and not _target_oid(ctx):
        return f"{kind.replace('_', ' ')} (no targeted object)"
    if kind in _TRIGGER_OBJECT and ctx is not None and _event(ctx).get("object") is None:
        return f"{kind.replace('_', ' ')} (no object triggered it)"
    if kind == "other_spells_mv_this_turn" and ctx is not None:
        return _unknown_spells(ctx, v)
    if kind in _SPENT and ctx is not None:  # converge, sunburst (702.44a), "X is the mana spent"
        return mana_spent.spent_missing(ctx.game)
    return None


#: the mana spent to cast the source (engine.rules.payment records it on the spell, 601.2h)
_SPENT = ("colors_of_mana_spent", "mana_spent")


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


def _dynamic(ctx: Any, v: Mapping) -> int:  # noqa: C901 - one branch per kind
    game = ctx.game
    me = ctx.controller
    src = ctx.source
    kind = v["dv"]
    flt = v.get("filter")

    def chars(oid: int) -> filters.Chars:
        return filters.characteristics(game, oid)

    def bf(f: Any = None) -> list[int]:
        return filters.select(game, f, controller=me, source=src)

    if kind == "count":
        return len(bf(flt))
    if kind == "cards_in_graveyard":
        return len(
            filters.select(
                game,
                flt,
                zones=("graveyard",),
                controller=me,
                source=src,
                players=players_of(ctx, v.get("who")),
            )
        )
    if kind == "cards_in_hand":
        return sum(len(game.players[p].zones["hand"]) for p in players_of(ctx, v.get("who")))
    if kind == "counters_on_self":
        return game.obj(src).counter(v["counter"]) if src is not None else 0
    if kind in ("equipment_attached", "auras_attached"):  # "for each Equipment attached to it"
        sub = "Equipment" if kind == "equipment_attached" else "Aura"
        return len(filters.attached_objects(game, src, sub)) if src is not None else 0
    if kind == "player_counters":
        return sum(
            game.players[p].counters.get(v["counter"], 0) for p in players_of(ctx, v.get("who"))
        )
    if kind in ("self_power", "self_toughness"):
        if src is None:
            raise ValueUnavailable(f"{kind}: no source")
        ch = filters.chars_or_last_known(game, src)
        n = ch.power if kind == "self_power" else ch.toughness
        return n or 0
    if kind in ("target_power", "target_mv"):
        oid = _target_oid(ctx)
        if oid is None:
            raise ValueUnavailable(f"{kind}: no targeted object")
        ch = filters.chars_or_last_known(game, oid)
        return (ch.power or 0) if kind == "target_power" else ch.mana_value
    if kind == "exiled_with_mv":  # "the exiled card" of a linked ability (607.2a)
        if src is None:
            raise ValueUnavailable("exiled_with_mv: no source")
        return sum(chars(oid).mana_value for oid in game.exiled_with(src))
    if kind == "trigger_object_mv":  # the spell on the stack, or as it last existed (608.2h)
        oid = _event(ctx).get("object")
        if oid is None:
            raise ValueUnavailable("trigger_object_mv: no trigger object")
        return filters.chars_or_last_known(game, int(oid)).mana_value
    if kind == "event_amount":
        ev = _event(ctx)
        if "amount" not in ev:
            raise ValueUnavailable("event_amount: no trigger event amount")
        return int(ev["amount"])
    if kind == "card_types_in_graveyard":
        types: set[str] = set()
        for p in players_of(ctx, v.get("who")):
            for oid in game.players[p].zones["graveyard"]:
                types |= set(chars(oid).types)
        return len(types)
    if kind in ("greatest_power", "greatest_toughness", "greatest_mv"):
        attr = {
            "greatest_power": "power",
            "greatest_toughness": "toughness",
            "greatest_mv": "mana_value",
        }[kind]
        nums = [getattr(chars(o), attr) for o in bf(flt)]
        return max([n for n in nums if n is not None], default=0)
    if kind == "greatest_power_in_graveyard":  # among cards there (Kraven's Last Hunt I)
        ids = filters.select(
            game,
            flt,
            zones=("graveyard",),
            controller=me,
            source=src,
            players=players_of(ctx, v.get("who")),
        )
        return max([n for n in (chars(o).power for o in ids) if n is not None], default=0)
    if kind == "life":
        return sum(game.players[p].life for p in players_of(ctx, v.get("who")))
    if kind == "life_gained_this_turn":
        return sum(game.this_turn.life_gained[p] for p in players_of(ctx, v.get("who")))
    if kind == "devotion":
        colors = v["colors"]
        wanted = set(colors if isinstance(colors, list) else list(colors))
        n = 0
        for oid in game.players[me].zones["battlefield"]:  # 700.5: mana symbols of your permanents
            cost = game.obj(oid).characteristics.mana_cost
            if cost is None:
                continue
            for sym in cost.symbols:
                if wanted & set(sym.split("/")):
                    n += 1
        return n
    if kind == "domain":
        found = set()
        for oid in game.players[me].zones["battlefield"]:
            found |= set(chars(oid).subtypes) & set(_BASIC_TYPES)
        return len(found)
    if kind == "party":
        return _party(game, [chars(o) for o in bf({"types": ["Creature"], "controller": "you"})])
    if kind == "opponents":
        return sum(1 for p in range(len(game.players)) if p != me and p not in game.lost)
    if kind == "times_kicked":
        return int(bool(_kicked(ctx)))
    if kind == "colors_of_mana_spent":  # converge, sunburst: colors, not colorless (105.1)
        return len(mana_spent.spent_of(game, ctx.source)["colors"])
    if kind == "mana_spent":
        return int(mana_spent.spent_of(game, ctx.source)["amount"])
    if kind == "cards_drawn_this_turn":
        return sum(game.this_turn.drawn[p] for p in players_of(ctx, v.get("who")))
    if kind == "creatures_died_this_turn":
        return len(game.this_turn.died)
    if kind in ("sacrificed_power", "sacrificed_toughness", "sacrificed_mv"):
        lki = game.sacrificed_lki.get(src)
        if lki is None:
            raise ValueUnavailable(f"{kind}: nothing was sacrificed")
        ch = filters.characteristics(filters.LastKnown(game, lki), lki.id)
        return {
            "sacrificed_power": ch.power or 0,
            "sacrificed_toughness": ch.toughness or 0,
            "sacrificed_mv": ch.mana_value,
        }[kind]
    if kind == "descended_this_turn":
        return game.this_turn.descended[me]
    if kind == "instants_sorceries_cast_this_turn":
        who = set(players_of(ctx, v.get("who")))
        return sum(
            1
            for p, types in game.this_turn.cast
            if p in who and ("Instant" in types or "Sorcery" in types)
        )
    if kind == "opponents_life_lost_this_turn":
        return sum(game.this_turn.life_lost[p] for p in range(len(game.players)) if p != me)
    if kind == "parley":  # 701.37: each player reveals the top card; nonland ones count
        n = 0
        for p in range(len(game.players)):
            top = game.top_of_library(p)
            if top is not None and "Land" not in chars(top).types:
                n += 1
        return n
    if kind == "colors_among_permanents":
        seen: set[str] = set()
        for p in players_of(ctx, v.get("who")):
            for oid in game.players[p].zones["battlefield"]:
                seen |= set(chars(oid).colors)
        return len(seen)
    if kind in _TRIGGER_OBJECT:
        oid = _event(ctx).get("object")
        if oid is None:
            raise ValueUnavailable(f"{kind}: no object triggered it")
        ch = filters.chars_or_last_known(game, int(oid))  # 608.2h: as it last existed if it left
        return (ch.power if kind == "trigger_object_power" else ch.toughness) or 0
    if kind == "spells_cast_this_turn":  # the scenario's pre-counted spells included
        return sum(game.this_turn.spells_cast[p] for p in players_of(ctx, v.get("who")))
    if kind == "other_spells_mv_this_turn":  # 202.3: as each was cast (its X included)
        who = set(players_of(ctx, v.get("who")))
        return sum(
            int(s["mv"] or 0)
            for s in game.this_turn.spells
            if s["player"] in who and s["object"] != src
        )
    if kind == "that_many":  # 608.2c: the objects the previous op moved ("this way")
        moved = getattr(ctx, "moved", None)
        if moved is None:
            raise ValueUnavailable("that_many: no op before it moved anything")
        if flt is None:
            return len(moved)
        # "for each creature card exiled this way": those that match now, where they went
        return sum(
            1
            for oid, n in moved
            if game.zone_changes.get(oid, 0) == n
            and game.zone_of(oid) is not None
            and filters.matches(game, oid, flt, controller=me, source=src)
        )
    if kind in _PER_PLAYER:
        return _per_player(game, me, kind, [chars(o) for o in bf(flt)])
    if kind == "neg":
        return -value_of(ctx, v["of"])
    if kind == "mul":
        return value_of(ctx, v["of"]) * int(v["by"])
    if kind == "sum":
        return sum(value_of(ctx, sub) for sub in v["of"])
    if kind == "max":
        return max(value_of(ctx, sub) for sub in v["of"])
    if kind == "half":
        n = value_of(ctx, v["of"])
        return -(-n // 2) if v.get("round") == "up" else n // 2
    raise ValueUnavailable(f"dynamic value {kind!r} (check value_missing first)")


_PER_PLAYER = ("total_mv", "opponents_controlling", "opponents_controlling_fewer")


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
