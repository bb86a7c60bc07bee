"""Structured costs (COSTS in engine/lang/vocabulary.py): can they be paid, and paying them.

Used by activated abilities (CR 602.2b, 601.2g-h), "you may pay ... if you do" and
"unless ... pays" (118.12), optional trigger costs and keyword costs (cycling 702.29a,
evoke 702.74a). A cost list is checked as a whole before anything is paid: if any part
can't be paid, nothing is paid (601.2h: never half-paid). Mana is not simulated in the
playground: a mana part is assumed paid and the log says so (``mana`` in the result).

Legacy card data writes a cost as text ("{2}, {T}, sacrifice a creature");
``from_text`` reads the forms the engine always understood into cost objects and keeps
anything else as ``{"cost": "text", "text": ...}``, which is reported as not simulated.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.base.handlers import Handlers
from engine.core.continuous import ContinuousEffect
from engine.core.events import DecisionKind, EventKind
from engine.lang import conditions, filters
from engine.lang.vocabulary import COSTS
from engine.rules import stack, stun

if TYPE_CHECKING:
    from engine.core.game import Game

E = EventKind

#: (game, player, source, the cost, label, rule, what was paid) -> None: pays one cost
PayFn = Callable[["Game", int, int, dict, str, str, "Paid"], None]
#: (game, player, source, the cost, summoning_sick) -> why it can't be paid now, or None
CanPayFn = Callable[["Game", int, int, dict, bool], "str | None"]
#: Cost kinds the engine pays: kind -> the function that pays it (and its check of whether
#: it can be paid now), one registered pair per kind. Others (COSTS) are named as not
#: simulated.
COST: Handlers[PayFn, CanPayFn] = Handlers("cost", COSTS)
#: Cost kinds that need state or rules the playground does not have.
UNSUPPORTED = {
    "collect_evidence": "collect evidence (701.59)",
}


class CostError(ValueError):
    """A cost that can't be paid (the ability can't be activated / the option isn't there)."""


@dataclass
class Paid:
    """What paying a cost list did: objects moved by it (sacrificed...) and unpaid mana."""

    mana: list[str] = field(default_factory=list)
    sacrificed: list[int] = field(default_factory=list)
    exiled: list[int] = field(default_factory=list)
    discarded: list[int] = field(default_factory=list)
    life: int = 0


# ------------------------------------------------------------------ legacy text
_MANA = re.compile(r"^(\{[^}]+\})+$")
_SAC = re.compile(r"^sacrifice (a|an|another) ([a-z/ -]+)$")
_REMOVE = re.compile(r"^remove (\w+) (\S+) counters? from (this|it)$")
_LOYALTY = re.compile(r"^([+-−]?\d+)( loyalty)?$")
_LIFE = re.compile(r"^pay (\d+) life$")
_DISCARD = re.compile(r"^discard (a|one|1|two|2|three|3) (card|cards)(?:\(s\))?$")
_EXILE_GY = re.compile(r"^exile (a|an|one|two|three|\d+) (.+?) from your graveyard$")
_TAP_UNTAPPED = re.compile(
    r"^tap (a|an|one|two|three|\d+) untapped (.+?) (?:you control|of yours)$"
)
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def from_text(text: str, name: str = "") -> list[dict]:
    """Cost objects for a legacy cost string; a part it can't read stays text."""
    out: list[dict] = []
    for raw in (text or "").split(","):
        part = raw.strip().lower()
        if not part:
            continue
        name_l = name.lower()
        if part == "{t}":
            out.append({"cost": "tap"})
        elif part == "{q}":
            out.append({"cost": "untap"})
        elif _MANA.match(part):
            out.append({"cost": "mana", "mana": raw.strip()})
        elif part in ("sacrifice this", "sacrifice it") or (
            name_l and part == f"sacrifice {name_l}"
        ):
            out.append({"cost": "sacrifice_self"})
        elif part in ("discard this card", "discard this"):
            out.append({"cost": "discard_self"})
        elif part in ("exile this card from your graveyard", "exile this"):
            out.append({"cost": "exile_self"})
        elif (m := _SAC.match(part)) and filters.words_to_filter(
            m.group(2).replace("/", " or ")
        ) is not None:
            words = m.group(2).replace("/", " or ").strip()
            out.append(
                {
                    "cost": "sacrifice",
                    "n": 1,
                    "words": words,
                    "filter": filters.words_to_filter(words),
                    "another": m.group(1) == "another",
                }
            )
        elif m := _REMOVE.match(part):
            n = _NUMBERS.get(m.group(1)) or (int(m.group(1)) if m.group(1).isdigit() else 0)
            out.append({"cost": "remove_counters", "counter": m.group(2), "n": n})
        elif m := _LIFE.match(part):
            out.append({"cost": "pay_life", "n": int(m.group(1))})
        elif m := _DISCARD.match(part):
            out.append({"cost": "discard", "n": _NUMBERS.get(m.group(1)) or int(m.group(1))})
        elif (m := _EXILE_GY.match(part) or _TAP_UNTAPPED.match(part)) and (
            flt := _words(m.group(2))
        ) is not None:
            kind = "exile_from_graveyard" if part.startswith("exile") else "tap_permanents"
            n = _NUMBERS.get(m.group(1)) or (int(m.group(1)) if m.group(1).isdigit() else 1)
            out.append({"cost": kind, "n": n, **({"filter": flt} if flt else {})})
        elif m := _LOYALTY.match(part):
            out.append({"cost": "loyalty", "n": int(m.group(1).replace("−", "-"))})
        else:
            out.append({"cost": "text", "text": raw.strip()})
    return out


def _words(text: str) -> dict | None:
    """Cost words ("creature card", "artifacts/creatures") as a filter ({} = any card)."""
    text = re.sub(r"\bcards?\b", "", text.replace("/", " or ")).strip()
    if not text or text in ("other", "another"):
        return {}
    return filters.words_to_filter(text)


def of_ability(ability: dict, name: str = "") -> list[dict]:
    """An activated ability's costs: the structured list, else read from its text."""
    if isinstance(ability.get("costs"), list):
        return list(ability["costs"])
    return from_text(str(ability.get("cost") or ""), name)


def keyword_cost_text(entry: object, keyword: str) -> object:
    """The card data's cost of a keyword ability (``keyword_costs``: "Echo", "Buyback"...)."""
    if not isinstance(entry, dict):
        return None
    return (entry.get("keyword_costs") or {}).get(keyword)


def payable_keyword_cost(value: object) -> list[dict] | None:
    """A keyword cost as cost objects, or None when there is none or one the engine can't
    pay (echo, buyback, cumulative upkeep read it so)."""
    if not isinstance(value, str) or not value:
        return None
    costs = of_keyword(value)
    return None if not costs or missing(costs) else costs


def of_keyword(value: object) -> list[dict]:
    """A keyword cost (``keyword_costs``): text like "{2}" / "pay 2 life" or a cost list."""
    if isinstance(value, list):
        return list(value)
    if isinstance(value, dict) and "cost" in value and isinstance(value["cost"], str):
        return from_text(value["cost"])
    text = str(value or "")
    m = re.match(r"^exile (\d+) (\w+ )?cards?(?:\(s\))? from (?:your )?hand$", text.strip().lower())
    if m:
        color = (m.group(2) or "").strip()
        colors = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
        flt = {"colors_any": [colors[color]]} if color in colors else None
        cost: dict = {"cost": "exile_from_hand", "n": int(m.group(1))}
        if flt:
            cost["filter"] = flt
        return [cost]
    return from_text(text)


# ---------------------------------------------------------------------- checks
def missing(costs: Sequence[dict]) -> str | None:
    """The part of a cost list the engine can't pay at all (no game needed)."""
    for c in costs:
        kind = c.get("cost") if isinstance(c, dict) else None
        if kind == "text":
            return f'cost "{c.get("text")}"'
        if kind in UNSUPPORTED:
            return UNSUPPORTED[kind]
        if kind not in COST:
            return f"cost {kind!r}"
        flt = c.get("filter")
        part = filters.filter_missing(flt) if flt is not None else None
        if part:
            return part
        if kind == "one_of":
            for opt in c.get("options") or []:
                part = missing(opt)
                if part:
                    return part
        exiles = [d for d in costs if isinstance(d, dict) and d.get("cost") == kind]
        if kind == "exile_permanents" and len(exiles) > 1:
            # one permanent could be counted for both parts: they aren't checked jointly
            return "a cost of exiling permanents of two kinds"
        n = c.get("n", 1)
        x_ok = n == "X" and kind == "remove_counters"  # X chosen on activation (107.3a)
        if kind not in ("loyalty", "mana_generic") and not isinstance(n, int) and not x_ok:
            return f"cost {kind} of {n!r}"
    return None


#: Keyword costs the engine simulates, and where (the rest are named as not simulated).
KEYWORDS = {
    "Cycling": "the cycle action (702.29a)",
    "Evoke": "cast with evoke (702.74a)",
    "Suspend": "the suspend action (702.62a)",
    "Kicker": "engine.lang.costs (702.33a)",
    "Equip": "the activate action (702.6a; permanents.keyword_abilities)",
}


def keyword_cost_missing(keyword: str, value: object) -> str | None:
    """What of a ``keyword_costs`` entry is not simulated (for coverage), or None."""
    if keyword not in KEYWORDS:
        return f"keyword {keyword} (its cost)"
    if keyword == "Suspend":
        ok = isinstance(value, dict) and isinstance(value.get("time"), int)
        return None if ok else "suspend without a number of time counters"
    if keyword == "Kicker":
        return None
    return missing(of_keyword(value))


def x_bound(game: Game, source: int, costs: Sequence[dict]) -> int | None:
    """The greatest X an activation may choose (107.3a): None when no cost has an X; the
    counters there are for "remove X counters", else 10 for an {X} in a mana cost (mana
    is assumed paid)."""
    bound: int | None = None
    for c in costs:
        if c.get("cost") == "remove_counters" and c.get("n") == "X":
            have = game.obj(source).counter(str(c.get("counter", "")))
            bound = have if bound is None else min(bound, have)
        elif c.get("cost") == "mana" and "{X}" in str(c.get("mana", "")).upper():
            bound = 10 if bound is None else bound
    return bound


def with_x(costs: Sequence[dict], x: int) -> list[dict]:
    """The costs with the chosen X in place of "X" (107.3a)."""
    return [{**c, "n": x} if c.get("n") == "X" else dict(c) for c in costs]


def times_per_turn(limit: object) -> int | None:
    """A ``limit`` as a number of times each turn: "once each turn" or an int (None: not
    understood)."""
    if limit == "once each turn":
        return 1
    if isinstance(limit, int) and not isinstance(limit, bool) and limit > 0:
        return limit
    return None


def uses_this_turn(game: Game, key: tuple) -> int:
    """How many times the ability with this key was used this turn (its ``note_used``)."""
    return sum(1 for k in game.this_turn.used if k[: len(key)] == key)


def note_use(game: Game, key: tuple) -> None:
    game.note_used((*key, uses_this_turn(game, key)))


def activated_missing(ability: dict, name: str = "") -> str | None:
    """What of an activated ability (its costs, limit, condition) the engine can't do, or
    None; its ops are checked by effects.missing_parts (for coverage: no game needed)."""
    part = missing(of_ability(ability, name))
    if part:
        return part
    if ability.get("limit") is not None and times_per_turn(ability["limit"]) is None:
        return f"limit {ability['limit']!r}"
    if ability.get("condition") is not None:
        return conditions.condition_missing(ability["condition"])
    return None


def _n(c: dict) -> int:
    n = c.get("n", 1)
    return n if isinstance(n, int) else 0


def _matching(game: Game, ids: Sequence[int], c: dict, player: int, source: int) -> list[int]:
    out = []
    for oid in ids:
        if c.get("another") and oid == source:
            continue
        flt = c.get("filter")
        if flt is not None and not filters.matches(
            game, oid, flt, controller=player, source=source
        ):
            continue
        out.append(oid)
    return out


def _where(game: Game, oid: int) -> str:
    loc = game.zone_of(oid)
    return loc[1] if loc else "none"


def problem(
    game: Game, player: int, source: int, costs: Sequence[dict], *, summoning_sick: bool = True
) -> str | None:
    """Why this cost list can't be paid now (a sentence naming the rule), or None."""
    part = missing(costs)
    if part:
        return f"{part} is not simulated"
    for c in costs:
        check = COST.check.get(c["cost"])
        why = check(game, player, source, c, summoning_sick) if check is not None else None
        if why:
            return why
    return None


# ----------------------------------------------------------------------- paying
def pay(
    game: Game, player: int, source: int, costs: Sequence[dict], label: str, rule: str = "601.2h"
) -> Paid:
    """Pay every cost in order (601.2h). Raises ``CostError`` before paying anything when a
    part can't be paid, so a cost is never half-paid."""
    why = problem(game, player, source, costs)
    if why:
        raise CostError(why)
    paid = Paid()
    for c in costs:
        _pay_one(game, player, source, c, label, rule, paid)
    return paid


def _emit(game: Game, text: str, rule: str, player: int, source: int, **kw) -> None:
    game.emit(E.COST, text, rule, source=source, player=player, **kw)


def _choose(game: Game, ids: list[int], n: int, label: str, verb: str, player: int) -> list[int]:
    """The player picks n of ids (in order, one decision per card); no choice if exactly n."""
    chosen: list[int] = []
    pool = list(ids)
    while len(chosen) < n:
        if len(pool) <= n - len(chosen):
            chosen += pool[: n - len(chosen)]
            break
        distinct: dict[str, int] = {}
        for oid in pool:
            distinct.setdefault(_label(game, oid), oid)
        if len(distinct) == 1:
            pick = pool[0]
        else:
            key = game.decide(
                DecisionKind.CHOOSE_COST,
                f"{label}: choose a card or permanent to {verb} (part of the cost).",
                [(f"{verb}:o{oid}", f"{verb.capitalize()} {lab}") for lab, oid in distinct.items()],
                "601.2h",
                player=player,
                subject=label,
                objects=list(distinct.values()),
            )
            pick = int(key.split(":o")[1])
        chosen.append(pick)
        pool.remove(pick)
    return chosen


def _label(game: Game, oid: int) -> str:
    obj = game.obj(oid)
    return f"{obj.name}{' (tapped)' if obj.tapped else ''}" + (
        f" {dict(obj.counters)}" if obj.counters else ""
    )


def _pay_one(
    game: Game, player: int, source: int, c: dict, label: str, rule: str, paid: Paid
) -> None:
    COST.run[c["cost"]](game, player, source, c, label, rule, paid)


def describe(costs: Sequence[dict]) -> str:
    """A short English rendering of a cost list (for decisions)."""
    parts = []
    for c in costs:
        kind = c.get("cost")
        if kind == "mana":
            parts.append(str(c.get("mana")))
        elif kind == "mana_generic" and isinstance(c.get("n"), int):
            parts.append(f"{{{c['n']}}}")  # generic mana, its amount fixed (608.2h)
        elif kind == "tap":
            parts.append("{T}")
        elif kind == "untap":
            parts.append("{Q}")
        elif kind == "pay_life":
            parts.append(f"pay {c.get('n')} life")
        elif kind == "loyalty":
            parts.append(f"loyalty {c.get('n')}")
        elif kind == "text":
            parts.append(str(c.get("text")))
        elif kind == "exile_permanents" and c.get("words"):
            n = c.get("n", 1)
            parts.append(f"exile {n if n != 1 else 'a'} {c['words']}")
        else:
            n = c.get("n")
            parts.append(str(kind).replace("_", " ") + (f" {n}" if n not in (None, 1) else ""))
    return ", ".join(parts) or "nothing"


# --------------------------------------------------------------------------- the kinds
# One registered function per cost kind that pays it (601.2h), with its check beside it:
# why it can't be paid now (a sentence naming the rule), run on the whole list before
# anything is paid. The vocabulary's COSTS declares each kind and its fields.


def _on_battlefield(game: Game, source: int, verb: str) -> str | None:
    if _where(game, source) != "battlefield":
        return f"{game.obj(source).name} is not on the battlefield{verb}"
    return None


def _can_tap_or_untap(
    game: Game, player: int, source: int, c: dict, summoning_sick: bool
) -> str | None:
    kind = c["cost"]
    obj = game.obj(source)
    if _where(game, source) != "battlefield":
        return f"{obj.name} is not on the battlefield"
    if kind == "tap" and obj.tapped:
        return f"{obj.name} is tapped: its {{T}} cost can't be paid (602.2b)"
    if kind == "untap" and not obj.tapped:
        return f"{obj.name} is untapped: its {{Q}} cost can't be paid (602.2b)"
    now = game.chars(source)  # after continuous effects (613): haste, animated lands
    haste = now.has_keyword("haste") or any(k.lower() == "haste" for k in obj.card.keywords)
    haste = haste or bool((game.cast_info.get(source) or {}).get("suspended"))
    if summoning_sick and now.is_creature and obj.entered_turn >= game.turn and not haste:
        return (
            f"{obj.name} came under your control this turn: its {{T}} ability can't be "
            "activated (summoning sickness, 302.6)"
        )
    return None


@COST("mana", "mana_generic")
def _pay_mana(
    game: Game, player: int, source: int, c: dict, label: str, rule: str, paid: Paid
) -> None:
    mana = c.get("mana") or f"{{{c.get('n')}}}"
    paid.mana.append(str(mana))  # logged with the activation: mana payment isn't simulated


@COST("tap", check=_can_tap_or_untap)
def _pay_tap(
    game: Game, player: int, source: int, c: dict, label: str, rule: str, paid: Paid
) -> None:
    game.tap(source)
    _emit(
        game,
        f"{game.verb(player, 'tap', 'taps')} {game.obj(source).name} ({{T}}, {label}).",
        "602.2b",
        player,
        source,
        objects=(source,),
        data={"cost": c["cost"]},
    )


@COST("untap", check=_can_tap_or_untap)
def _pay_untap(
    game: Game, player: int, source: int, c: dict, label: str, rule: str, paid: Paid
) -> None:
    # 122.1d: a stun counter may be removed instead; the cost is paid either way (118.11)
    done = stun.untap(game, source, "{Q}")
    _emit(
        game,
        f"{game.verb(player, 'untap', 'untaps')} {game.obj(source).name} ({{Q}}, {label})"
        f"{'' if done else ': a stun counter was removed instead'}.",
        "602.2b",
        player,
        source,
        objects=(source,),
        data={"cost": c["cost"]},
    )


@COST("exert")
def _pay_exert(
    game: Game, player: int, source: int, c: dict, label: str, rule: str, paid: Paid
) -> None:
    """701.43a: it won't untap during its controller's next untap step."""
    game.add_continuous(
        ContinuousEffect(
            id=game.new_id(),
            kind="skip_untap",
            layer="",
            controller=player,
            source=source,
            source_stamp=game.zone_changes.get(source, 0),
            duration="next_untap_step",
            turn=game.turn,
            timestamp=game.next_timestamp(),
            objects=(source,),
            stamps=(game.zone_changes.get(source, 0),),
            data={"exerted": True},
        )
    )
    _emit(
        game,
        f"{game.verb(player, 'exert', 'exerts')} {game.obj(source).name} ({label}): it won't "
        "untap during the next untap step.",
        "701.43a",
        player,
        source,
        objects=(source,),
        data={"cost": c["cost"]},
    )


def _can_leave_battlefield(
    game: Game, player: int, source: int, c: dict, summoning_sick: bool
) -> str | None:
    return _on_battlefield(game, source, f" to {c['cost'].split('_')[0]}")


@COST("sacrifice_self", check=_can_leave_battlefield)
def _pay_sacrifice_self(
    game: Game, player: int, source: int, c: dict, label: str, rule: str, paid: Paid
) -> None:
    paid.sacrificed.append(source)
    game.note_sacrificed(source, source)  # "the sacrificed creature's power" (608.2h)
    stack.sacrifice(game, source, " to pay the cost", "602.2b", source=source)


def _enough_permanents(verb: str) -> CanPayFn:
    """The check of a cost that sacrifices or exiles n permanents you control matching its
    filter: are there n (601.2h)?"""

    def check(game: Game, player: int, source: int, c: dict, summoning_sick: bool) -> str | None:
        ids = [p.id for p in game.battlefield(player)]
        if len(_matching(game, ids, c, player, source)) < _n(c):
            what = c.get("words") or "permanent matching the cost"
            return f"no {what} to {verb} (601.2h)"
        return None

    return check


_can_sacrifice = _enough_permanents("sacrifice")


@COST("sacrifice", check=_can_sacrifice)
def _pay_sacrifice(
    game: Game, player: int, source: int, c: dict, label: str, rule: str, paid: Paid
) -> None:
    ids = _matching(game, [p.id for p in game.battlefield(player)], c, player, source)
    for oid in _choose(game, ids, _n(c), label, "sacrifice", player):
        paid.sacrificed.append(oid)
        game.note_sacrificed(oid, source)
        stack.sacrifice(game, oid, " to pay the cost", rule, source=source)


_can_exile_permanents = _enough_permanents("exile")


@COST("exile_permanents", check=_can_exile_permanents)
def _pay_exile_permanents(
    game: Game, player: int, source: int, c: dict, label: str, rule: str, paid: Paid
) -> None:
    """ "Exile a <filter> you control" (ExileTargetCost)."""
    ids = _matching(game, [p.id for p in game.battlefield(player)], c, player, source)
    chosen = _choose(game, ids, _n(c), label, "exile", player)
    for oid in chosen:
        game.move(oid, "exile" if not game.obj(oid).is_token else "none")  # 111.7
    names = ", ".join(game.obj(i).name for i in chosen)
    _emit(
        game,
        f"{game.verb(player, 'exile', 'exiles')} {names} to pay the cost ({label}).",
        rule,
        player,
        source,
        objects=tuple(chosen),
        amount=len(chosen),
        data={"cost": c["cost"]},
    )


def _can_discard_self(
    game: Game, player: int, source: int, c: dict, summoning_sick: bool
) -> str | None:
    if source not in game.players[player].zones["hand"]:
        return f"{game.obj(source).name} is not in your hand to discard (601.2h)"
    return None


def _can_exile_self(
    game: Game, player: int, source: int, c: dict, summoning_sick: bool
) -> str | None:
    if _where(game, source) in ("none", "exile", "stack"):
        return f"{game.obj(source).name} can't be exiled from where it is"
    return None


@COST("exile_self", check=_can_exile_self)
@COST("discard_self", check=_can_discard_self)
@COST("return_self_to_hand", check=_can_leave_battlefield)
def _pay_move_self(
    game: Game, player: int, source: int, c: dict, label: str, rule: str, paid: Paid
) -> None:
    kind = c["cost"]
    obj = game.obj(source)
    dst = {"exile_self": "exile", "discard_self": "graveyard"}.get(kind, "hand")
    game.move(source, dst if not obj.is_token else "none")
    verb = {"exile": "exiles", "graveyard": "discards", "hand": "returns"}[dst]
    if dst == "graveyard":
        paid.discarded.append(source)
    _emit(
        game,
        f"{game.verb(player, verb[:-1], verb)} {obj.name} to pay the cost ({label}).",
        rule,
        player,
        source,
        data={"cost": kind},
    )


def _can_use_hand(
    game: Game, player: int, source: int, c: dict, summoning_sick: bool
) -> str | None:
    ids = [i for i in game.players[player].zones["hand"] if i != source]
    n = _n(c)
    if len(_matching(game, ids, c, player, source)) < n:
        return f"fewer than {n} matching cards in hand to pay the cost (601.2h)"
    return None


@COST("discard", check=_can_use_hand)
@COST("discard_hand")
def _pay_discard(
    game: Game, player: int, source: int, c: dict, label: str, rule: str, paid: Paid
) -> None:
    kind = c["cost"]
    n = _n(c)
    ids = [i for i in game.players[player].zones["hand"] if i != source]
    if kind == "discard":
        ids = _matching(game, ids, c, player, source)
        if c.get("random"):
            ids = game.rng.sample(ids, n)
        else:
            ids = _choose(game, ids, n, label, "discard", player)
    for oid in ids:
        game.move(oid, "graveyard", player)
        paid.discarded.append(oid)
    names = ", ".join(game.obj(i).name for i in ids) or "nothing"
    _emit(
        game,
        f"{game.verb(player, 'discard', 'discards')} {names} to pay the cost ({label}).",
        rule,
        player,
        source,
        amount=len(ids),
        data={"cost": kind},
    )


def _can_exile_from_graveyard(
    game: Game, player: int, source: int, c: dict, summoning_sick: bool
) -> str | None:
    graveyard = game.players[player].zones["graveyard"]
    ids = [i for i in graveyard if i != source or not c.get("another")]
    n = _n(c)
    if len(_matching(game, ids, c, player, source)) < n:
        return f"fewer than {n} matching cards in your graveyard (601.2h)"
    return None


@COST("exile_from_hand", "reveal_from_hand", check=_can_use_hand)
@COST("exile_from_graveyard", check=_can_exile_from_graveyard)
def _pay_from_zone(
    game: Game, player: int, source: int, c: dict, label: str, rule: str, paid: Paid
) -> None:
    kind = c["cost"]
    zone = "graveyard" if kind == "exile_from_graveyard" else "hand"
    zones = game.players[player].zones
    ids = _matching(game, [i for i in zones[zone] if i != source], c, player, source)
    verb = "reveal" if kind == "reveal_from_hand" else "exile"
    chosen = _choose(game, ids, _n(c), label, verb, player)
    if verb == "exile":
        for oid in chosen:
            game.move(oid, "exile", player)
            paid.exiled.append(oid)
    names = ", ".join(game.obj(i).name for i in chosen)
    _emit(
        game,
        f"{game.verb(player, verb, verb + 's')} {names} from "
        f"{game.poss(player)} {zone} to pay the cost ({label}).",
        rule,
        player,
        source,
        objects=chosen,
        amount=len(chosen),
        data={"cost": kind},
    )


def _can_tap_permanents(
    game: Game, player: int, source: int, c: dict, summoning_sick: bool
) -> str | None:
    ids = [p.id for p in game.battlefield(player) if not p.tapped]
    n = _n(c)
    if len(_matching(game, ids, c, player, source)) < n:
        return f"fewer than {n} untapped permanents to tap for the cost (601.2h)"
    return None


def _can_return_to_hand(
    game: Game, player: int, source: int, c: dict, summoning_sick: bool
) -> str | None:
    ids = [p.id for p in game.battlefield(player)]
    n = _n(c)
    if len(_matching(game, ids, c, player, source)) < n:
        return f"fewer than {n} permanents to return for the cost (601.2h)"
    return None


@COST("tap_permanents", check=_can_tap_permanents)
@COST("return_to_hand", check=_can_return_to_hand)
def _pay_permanents(
    game: Game, player: int, source: int, c: dict, label: str, rule: str, paid: Paid
) -> None:
    kind = c["cost"]
    pool = [p.id for p in game.battlefield(player) if kind != "tap_permanents" or not p.tapped]
    ids = _matching(game, pool, c, player, source)
    verb = "tap" if kind == "tap_permanents" else "return"
    chosen = _choose(game, ids, _n(c), label, verb, player)
    for oid in chosen:
        if verb == "tap":
            game.tap(oid)
        else:
            game.move(oid, "hand" if not game.obj(oid).is_token else "none")
    _emit(
        game,
        f"{game.verb(player, verb, verb + 's')} "
        f"{', '.join(game.obj(i).name for i in chosen)} to pay the cost ({label}).",
        rule,
        player,
        source,
        objects=chosen,
        amount=len(chosen),
        data={"cost": kind},
    )


def _can_mill(game: Game, player: int, source: int, c: dict, summoning_sick: bool) -> str | None:
    n = _n(c)
    if len(game.players[player].zones["library"]) < n:
        return f"fewer than {n} cards in your library to mill (601.2h)"
    return None


@COST("mill", check=_can_mill)
def _pay_mill(
    game: Game, player: int, source: int, c: dict, label: str, rule: str, paid: Paid
) -> None:
    moved = []
    for _ in range(_n(c)):
        top = game.top_of_library(player)
        if top is None:
            break
        game.move(top, "graveyard", player)
        moved.append(top)
    _emit(
        game,
        f"{game.verb(player, 'mill', 'mills')} {len(moved)} to pay the cost ({label}).",
        rule,
        player,
        source,
        amount=len(moved),
        data={"cost": c["cost"]},
    )


def _can_pay_life(
    game: Game, player: int, source: int, c: dict, summoning_sick: bool
) -> str | None:
    n = _n(c)
    if game.players[player].life < n:
        # 119.4: a player can pay life only if their life total is at least that much
        verb = game.verb(player, "have", "has")
        return f"{verb} {game.players[player].life} life: can't pay {n} (119.4)"
    return None


@COST("pay_life", check=_can_pay_life)
def _pay_life(
    game: Game, player: int, source: int, c: dict, label: str, rule: str, paid: Paid
) -> None:
    n = _n(c)
    game.change_life(player, -n)
    paid.life += n
    _emit(
        game,
        f"{game.verb(player, 'pay', 'pays')} {n} life ({label}); life {game.players[player].life}.",
        "119.4",
        player,
        source,
        amount=n,
        data={"cost": c["cost"]},
    )


def _can_pay_energy(
    game: Game, player: int, source: int, c: dict, summoning_sick: bool
) -> str | None:
    n = _n(c)
    energy = game.players[player].counters.get("energy", 0)
    if energy < n:
        return f"{game.verb(player, 'have', 'has')} {energy} energy: can't pay {n} (107.14)"
    return None


@COST("pay_energy", check=_can_pay_energy)
def _pay_energy(
    game: Game, player: int, source: int, c: dict, label: str, rule: str, paid: Paid
) -> None:
    n = _n(c)
    game.add_player_counters(player, "energy", -n)
    _emit(
        game,
        f"{game.verb(player, 'pay', 'pays')} {n} energy ({label}).",
        "107.14",
        player,
        source,
        amount=n,
        counter="energy",
        data={"cost": c["cost"]},
    )


def _can_remove_counters(
    game: Game, player: int, source: int, c: dict, summoning_sick: bool
) -> str | None:
    obj = game.obj(source)
    counter = c.get("counter", "")
    if obj.counter(counter) < _n(c):
        return (
            f"{obj.name} has {obj.counter(counter)} {counter} counters: its cost can't be "
            "paid (601.2h)"
        )
    return None


@COST("remove_counters", check=_can_remove_counters)
@COST("put_counters")
def _pay_counters(
    game: Game, player: int, source: int, c: dict, label: str, rule: str, paid: Paid
) -> None:
    kind = c["cost"]
    n = _n(c)
    counter = c.get("counter", "")
    sign = -1 if kind == "remove_counters" else 1
    game.add_counters(source, counter, sign * n)
    verb = "remove" if sign < 0 else "put"
    _emit(
        game,
        f"{game.verb(player, verb, verb + 's')} {n} {counter} counter"
        f"{'s' if n != 1 else ''} {'from' if sign < 0 else 'on'} {game.obj(source).name} to "
        "pay the cost.",
        rule,
        player,
        source,
        objects=(source,),
        amount=n,
        counter=counter,
        data={"cost": kind},
    )


def _can_change_loyalty(
    game: Game, player: int, source: int, c: dict, summoning_sick: bool
) -> str | None:
    obj = game.obj(source)
    n = c.get("n", 0)
    if isinstance(n, int) and n < 0 and obj.counter("loyalty") < -n:
        return f"{obj.name} has {obj.counter('loyalty')} loyalty: can't remove {-n} (606.6)"
    return None


@COST("loyalty", check=_can_change_loyalty)
def _pay_loyalty(
    game: Game, player: int, source: int, c: dict, label: str, rule: str, paid: Paid
) -> None:
    k = c.get("n", 0)
    k = k if isinstance(k, int) else 0
    game.add_counters(source, "loyalty", k)
    _emit(
        game,
        f"{game.obj(source).name}: loyalty {'+' if k >= 0 else ''}{k} (606.4); it has "
        f"{game.obj(source).counter('loyalty')}.",
        "606.4",
        player,
        source,
        objects=(source,),
        amount=k,
        counter="loyalty",
        data={"cost": c["cost"]},
    )


def _can_pay_one_of(
    game: Game, player: int, source: int, c: dict, summoning_sick: bool
) -> str | None:
    options = c.get("options") or []
    if all(problem(game, player, source, opt) for opt in options):
        return "none of the alternative costs can be paid (601.2h)"
    return None


@COST("one_of", check=_can_pay_one_of)
def _pay_one_of(
    game: Game, player: int, source: int, c: dict, label: str, rule: str, paid: Paid
) -> None:
    options = [o for o in c.get("options") or [] if not problem(game, player, source, o)]
    chosen = options[0]
    if len(options) > 1:
        key = game.decide(
            DecisionKind.CHOOSE_COST,
            f"{label}: choose which cost to pay.",
            [(f"cost:{i}", describe(o)) for i, o in enumerate(options)],
            "601.2h",
            player=player,
            subject=label,
            objects=(source,),
        )
        chosen = options[int(key.split(":")[1])]
    for sub in chosen:
        _pay_one(game, player, source, sub, label, rule, paid)
