"""Buyback (CR 702.27), written to read like the rule.

702.27a  Buyback appears on some instants and sorceries. It represents two static
         abilities that function while the spell is on the stack. "Buyback [cost]" means
         "You may pay an additional [cost] as you cast this spell" and "If the buyback cost
         was paid, put this spell into its owner's hand instead of into that player's
         graveyard as it resolves." Paying a spell's buyback cost follows the rules for
         paying additional costs in rules 601.2b and 601.2f-h.

Whether the buyback cost will be paid is announced as the spell is cast (601.2b, with the
kicker), and it is offered only when it can be paid: its parts other than mana (a
sacrifice, a discard, life) are really paid with the rest of the cost (601.2h); its mana is
assumed paid, unless the scenario pays mana for real, where it is added to the total cost
(601.2f) and offered only if that total can be paid. It may be paid on a spell cast
without paying its mana cost (an additional cost, 118.9). Only a spell that resolves
returns to its owner's hand; one that is countered or whose targets are all gone goes to
the graveyard (608.2b), and a flashback spell is exiled all the same (702.34a).

Registered as ``RULES.buyback`` by engine.play.wiring: engine.rules.stack calls it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import DecisionKind, EventKind
from engine.rules import ability_costs, payment

if TYPE_CHECKING:
    from engine.cards.definitions import Face
    from engine.core.game import Game
    from engine.core.state import CardObject

RULE = "702.27a"


costs_of = ability_costs.payable_keyword_cost


def _value(entry: object) -> object:
    return ability_costs.keyword_cost_text(entry, "Buyback")


def missing(card: object) -> str | None:
    """What of buyback on this card the engine can't do (for coverage), or None."""
    value = _value(getattr(card, "effects", None))
    if costs_of(value) is None:
        return f"keyword Buyback (its cost {value!r} is not paid)"
    return None


def _costs(game: Game, obj: CardObject, face: Face) -> list[dict] | None:
    return costs_of(_value(game.effects(obj, face.name)))


def mana(costs: list[dict]) -> str:
    """The mana part of the buyback cost ("" when it has none)."""
    return "".join(str(c["mana"]) for c in costs if c.get("cost") == "mana")


def announce(
    game: Game,
    obj: CardObject,
    face: Face,
    controller: int,
    *,
    total: str,
    x: int,
) -> bool | None:
    """601.2b: whether the buyback cost will be paid; None for a spell without buyback.
    ``total`` is the mana cost to pay so far (real payment only, 601.2f)."""
    value = _value(game.effects(obj, face.name))
    if value is None:
        return None
    costs = costs_of(value)
    why: str | None = None
    if costs is None:
        why = "its cost is not one the engine pays"
    else:
        why = ability_costs.problem(game, controller, obj.id, costs, summoning_sick=False)
        if why is None and payment.real(game) and mana(costs):
            unpayable = payment.problem(game, controller, total + mana(costs), x, spell=obj.id)
            why = str(unpayable) if unpayable is not None else None
    text = ability_costs.describe(costs) if costs else str(value)
    if why is None:
        assumed = not payment.real(game) and mana(costs or [])
        note = "; mana payment isn't simulated" if assumed else ""
        key = game.decide(
            DecisionKind.BUYBACK,
            f"{face.name}: pay its buyback cost {text} as well (an additional cost{note})?",
            [("buyback", f"Buyback (pay {text})"), ("no_buyback", "Don't pay buyback")],
            RULE,
            player=controller,
            subject=face.name,
            objects=(obj.id,),
        )
        bought = key == "buyback"
    else:
        bought = False
    how = (
        f"its buyback cost {text} will be paid"
        if bought
        else "its buyback cost is not paid" + (f" (it can't be: {why})" if why else "")
    )
    game.emit(
        EventKind.BUYBACK,
        f"{face.name}: {how}.",
        "601.2b",
        objects=(obj.id,),
        source=obj.id,
        player=controller,
        data={"buyback": bought, "cost": text},
    )
    return bought


def mana_of(game: Game, obj: CardObject, face: Face) -> str:
    """The buyback cost's mana, added to the total cost with real payment (601.2f)."""
    return mana(_costs(game, obj, face) or [])


def pay(game: Game, obj: CardObject, face: Face, controller: int) -> None:
    """601.2h: the buyback cost's other parts are paid with the rest of the cost; the spell
    remembers it was paid (its cast information) for its resolution."""
    costs = [c for c in _costs(game, obj, face) or [] if c.get("cost") != "mana"]
    if costs:
        ability_costs.pay(game, controller, obj.id, costs, f"buyback of {face.name}", RULE)
    game.update_cast_info(obj.id, buyback=True)


def resolves_to_hand(game: Game, oid: int) -> bool:
    """702.27a: the buyback cost was paid for this spell: it goes to its owner's hand as it
    resolves."""
    return bool((game.cast_info.get(oid) or {}).get("buyback"))
