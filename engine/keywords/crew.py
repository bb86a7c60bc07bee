"""Crew (CR 702.122), written to read like the rule.

702.122a  Crew is an activated ability of Vehicle cards. "Crew N" means "Tap any number of
          other untapped creatures you control with total power N or more: This permanent
          becomes an artifact creature until end of turn."
702.122b  A creature "crews a Vehicle" when it's tapped to pay the cost to activate a
          Vehicle's crew ability.

The card data holds N as ``keyword_costs["Crew"]`` (the importer reads XMage's
CrewAbility(N)). The ability is one of the permanent's activated abilities (the scenario's
``{"do": "activate", "card": "<Vehicle>"}``): its cost is the ``crew`` cost kind this module
registers with engine.rules.ability_costs, and its effect is the layer-4 type change
``add_types`` (artifact creature) until end of turn (613.1d, 514.2), so the Vehicle, a
creature now with its printed power and toughness, can attack or block. The player chooses
which creatures to tap (601.2h via 602.2b), one at a time until their total power is N or
more. The cost has no {T} symbol of the creatures tapped, so creatures that came under the
player's control this turn can crew (302.6 restricts only their own {T} abilities); the
Vehicle, once a creature, is itself under 302.6 (it attacks only if it has been under its
controller's control since the turn began). A crew cost paid some other way (Heart of
Kiran's "remove a loyalty counter") or "can't crew" effects are not read: such a card has
no ``Crew`` number in its data and coverage names its crew as not simulated.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.core.events import DecisionKind, EventKind
from engine.rules import ability_costs

if TYPE_CHECKING:
    from engine.core.game import Game

RULE = "702.122a"
COST = "crew"


def value(entry: Mapping[str, Any] | None) -> int | None:
    """N of the entry's "Crew N", or None when the data doesn't say (or says it otherwise)."""
    n = ((entry or {}).get("keyword_costs") or {}).get("Crew")
    return n if isinstance(n, int) and not isinstance(n, bool) and n >= 0 else None


def abilities(entry: Mapping[str, Any] | None) -> list[dict]:
    """The activated ability "Crew N" stands for (702.122a), or [] without a readable N."""
    n = value(entry)
    if n is None:
        return []
    return [
        {
            "cost": f"Crew {n}",
            "costs": [{"cost": COST, "n": n}],
            "ops": [
                {
                    "op": "add_types",
                    "what": "self",
                    "types": ["Artifact", "Creature"],
                    "duration": "end_of_turn",
                }
            ],
            "keyword": "Crew",
        }
    ]


def missing(card: Any) -> str | None:
    """What of crew on this card the engine can't do (for coverage), or None."""
    entry = getattr(card, "effects", None) or {}
    entries = [entry, *((entry.get("faces") or {}).values())] if isinstance(entry, dict) else []
    if any(value(e) is not None for e in entries if isinstance(e, Mapping)):
        return None
    return f"keyword Crew ({RULE}): its crew cost is not in the card data"


# --------------------------------------------------------------------- the cost (702.122a)
def _power(game: Game, oid: int) -> int:
    return game.chars(oid).power or 0


def candidates(game: Game, player: int, vehicle: int) -> list[int]:
    """The other untapped creatures the player controls (702.122a), summoning-sick ones too."""
    return [
        p.id
        for p in game.battlefield(player)
        if p.id != vehicle and not p.tapped and game.chars(p.id).is_creature
    ]


def _problem(game: Game, player: int, source: int, c: dict) -> str | None:
    n = int(c.get("n", 0))
    where = game.zone_of(source)
    if where is None or where[1] != "battlefield":
        return f"{game.obj(source).name} is not on the battlefield to crew"
    total = sum(max(0, _power(game, i)) for i in candidates(game, player, source))
    if total < n:
        return (
            f"the other untapped creatures {game.pname(player)} controls have total power "
            f"{total}: crew {n} needs {n} or more ({RULE})"
        )
    return None


def _pay(game: Game, player: int, source: int, c: dict, label: str, rule: str) -> list[int]:
    """Tap creatures chosen one at a time until their total power is N or more (601.2h)."""
    n = int(c.get("n", 0))
    chosen: list[int] = []
    total = 0
    pool = [i for i in candidates(game, player, source) if _power(game, i) > 0]
    while total < n and pool:
        distinct: dict[tuple, int] = {}
        for oid in pool:  # the same card with the same power: one option (it can't matter)
            o = game.obj(oid)
            distinct.setdefault((o.name, _power(game, oid), tuple(sorted(o.counters.items()))), oid)
        if len(distinct) == 1:
            pick = pool[0]
        else:
            key = game.decide(
                DecisionKind.CHOOSE_COST,
                f"{label}: choose a creature to tap (total power {total} of {n}).",
                [
                    (f"crew:o{oid}", f"Tap {game.obj(oid).name} (power {_power(game, oid)})")
                    for oid in distinct.values()
                ],
                RULE,
                player=player,
                subject=label,
                objects=list(distinct.values()),
            )
            pick = int(key.split(":o")[1])
        chosen.append(pick)
        pool.remove(pick)
        total += _power(game, pick)
    for oid in chosen:
        game.tap(oid)
    vehicle = game.obj(source).name
    game.emit(
        EventKind.COST,
        f"{game.verb(player, 'tap', 'taps')} "
        f"{', '.join(game.obj(i).name for i in chosen) or 'nothing'} (total power {total}) "
        f"to crew {vehicle} ({label}).",
        RULE,
        source=source,
        player=player,
        objects=tuple(chosen),
        amount=total,
        data={"cost": COST, "n": n, "crewed_by": chosen},  # 702.122b: these crew it
    )
    return chosen


def _can_pay(game: Game, player: int, source: int, c: dict, summoning_sick: bool) -> str | None:
    """Crew's check for the cost registry: the creatures it taps need no {T} of their own,
    so summoning sickness doesn't matter (302.6)."""
    if not isinstance(c.get("n", 1), int) or isinstance(c.get("n"), bool):
        return f"crew {c.get('n')!r} is not a number"
    return _problem(game, player, source, c)


@ability_costs.COST(COST, check=_can_pay)
def _pay_cost(
    game: Game, player: int, source: int, c: dict, label: str, rule: str, paid: Any
) -> None:
    _pay(game, player, source, c, label, rule)
