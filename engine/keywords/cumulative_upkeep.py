"""Cumulative upkeep (CR 702.24), written to read like the rule.

702.24a  Cumulative upkeep is a triggered ability that imposes an increasing cost on a
         permanent. "Cumulative upkeep [cost]" means "At the beginning of your upkeep, if
         this permanent is on the battlefield, put an age counter on this permanent. Then
         you may pay [cost] for each age counter on it. If you don't, sacrifice it."
702.24b  If a permanent has multiple instances of cumulative upkeep, each triggers
         separately. However, the age counters are not connected to any particular
         ability; each cumulative upkeep ability will count the total number of age
         counters on the permanent at the time that ability resolves.

The cost for each age counter is the card data's ``keyword_costs["Cumulative upkeep"]``;
the engine pays it N times over (N the age counters as the ability resolves) when it is
mana or life: "{1}" with three age counters is "{1}{1}{1}" (assumed paid unless a scenario
pays mana for real), "pay 2 life" is "pay 6 life". Any other cost per counter is not
simulated (coverage names it). The permanent must still be the same object on the
battlefield as the ability resolves (the intervening if, 603.4; 400.7), else nothing
happens; a cost that can't be paid isn't offered, and the permanent is sacrificed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import EventKind
from engine.core.state import StackItem
from engine.keywords.echo import keyword_count
from engine.rules import ability_costs, stack, triggers

if TYPE_CHECKING:
    from engine.core.game import Game

KEYWORD = "cumulative upkeep"
RULE = "702.24a"


def costs_of(value: object) -> list[dict] | None:
    """The cost for one age counter, as cost objects, or None when the engine can't pay it
    for each counter (only mana and life are multiplied)."""
    costs = ability_costs.payable_keyword_cost(value)
    if costs is None:
        return None
    if any(c.get("cost") not in ("mana", "pay_life") for c in costs):
        return None
    if any(c.get("cost") == "mana" and "X" in str(c.get("mana", "")).upper() for c in costs):
        return None
    return costs


def times(costs: list[dict], n: int) -> list[dict]:
    """The cost paid for each of ``n`` age counters (702.24a)."""
    out: list[dict] = []
    for c in costs:
        if c["cost"] == "mana":
            out.append({"cost": "mana", "mana": str(c["mana"]) * n})
        else:
            out.append({**c, "n": int(c.get("n", 1)) * n})
    return [c for c in out if c.get("mana") != "" and c.get("n") != 0]


def _value(entry: object) -> object:
    return ability_costs.keyword_cost_text(entry, "Cumulative upkeep")


def missing(card: object) -> str | None:
    """What of cumulative upkeep on this card the engine can't do (for coverage), or None."""
    value = _value(getattr(card, "effects", None))
    if costs_of(value) is None:
        return f"keyword Cumulative upkeep (its cost {value!r} is not paid for each age counter)"
    return None


def upkeep(game: Game, active: int) -> bool:
    """702.24a-b: each instance on each permanent of the active player triggers."""
    fired = False
    for perm in game.battlefield(active):
        n = keyword_count(game, perm.id, KEYWORD)
        for i in range(1, n + 1):
            nth = f" (instance {i} of {n})" if n > 1 else ""
            item = StackItem(
                id=game.new_id(),
                kind="ability",
                controller=active,
                text=f"Cumulative upkeep of {perm.name}{nth}",
                source=perm.id,
                trigger="cumulative_upkeep",
                data={"stamp": game.zone_changes.get(perm.id, 0)},
            )
            stack.trigger(
                game,
                item,
                f"{item.text} triggers.",
                "702.24b" if n > 1 else RULE,
                data={"trigger": "cumulative_upkeep", "keyword": KEYWORD},
            )
            fired = True
    return fired


def resolve(game: Game, item: StackItem) -> None:
    """Put an age counter on it; then pay the cost for each age counter, or sacrifice it."""
    oid = item.source_id()
    player = item.controller
    loc = game.zone_of(oid)
    if (
        loc is None
        or loc[1] != "battlefield"
        or game.zone_changes.get(oid, 0) != int(item.data["stamp"])
    ):
        game.emit(
            EventKind.CONDITION,
            f"{item.text}: it is no longer on the battlefield; nothing happens (603.4).",
            "603.4",
            source=oid,
            player=player,
            data={"holds": False, "when": "resolution", "trigger": "cumulative_upkeep"},
        )
        return
    obj = game.obj(oid)
    costs = costs_of(_value(game.effects(obj)))
    if costs is None:  # no cost the engine pays for each counter: nothing is guessed
        game.emit(
            EventKind.NOT_SIMULATED,
            f"{item.text}: its cost is not in the card data as mana or life; not simulated.",
            RULE,
            source=oid,
            player=player,
            data={"missing": ["keyword Cumulative upkeep (its cost)"], "ops": []},
        )
        return
    before, after = game.add_counters(oid, "age", 1)
    game.emit(
        EventKind.COUNTERS,
        f"{item.text}: an age counter is put on {obj.name} ({before} -> {after}).",
        RULE,
        objects=(oid,),
        source=oid,
        player=player,
        amount=1,
        counter="age",
    )
    total = times(costs, game.obj(oid).counter("age"))  # 702.24b: all its age counters
    if not total or triggers.offer_cost(game, player, oid, total, item.text, rule=RULE):
        return
    if game.obj(oid).controller == player:
        stack.sacrifice(game, oid, " (cumulative upkeep not paid)", RULE, source=oid)
