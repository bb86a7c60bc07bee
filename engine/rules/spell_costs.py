"""A spell's mandatory additional costs from the card data (CR 601.2b, 601.2f-h, 118.9).

The imported card data writes them as cost objects in ``spell_costs`` (sacrifice a
Goblin, discard a card, pay 3 life, one of several...); hand-written data may write
"pay X life" in ``additional_cost`` (Toxic Deluge). They are paid as the spell is cast
(601.2h), after its targets are chosen, whether or not its mana cost is paid: a spell cast
"without paying its mana cost" (cascade, discover) still pays them (118.9, 601.2h). A
spell whose additional cost can't be paid can't be cast (601.2h), so a free cast doesn't
offer it.

"Pay X life": X is announced as the spell is cast (601.2b) and that much life is paid.
X appears in no mana cost there, so a free cast doesn't force it to 0 (107.3b only
speaks of an X in the mana cost); a player can pay at most their life total (119.4).

Registered in ``engine.core.registry.RULES`` by engine.play.wiring (stack.py calls the slots): this
module pays the costs with engine.rules.ability_costs, which itself reads the stack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import DecisionKind
from engine.rules import ability_costs

if TYPE_CHECKING:
    from engine.cards.definitions import Face
    from engine.core.game import Game
    from engine.core.state import CardObject

PAY_X_LIFE = "pay x life"


def costs_of(game: Game, obj: CardObject, face: Face) -> list[dict]:
    """The spell's additional cost objects (``spell_costs``), in the data's order."""
    return [dict(c) for c in game.effects(obj, face.name).get("spell_costs") or ()]


def pays_x_life(game: Game, obj: CardObject, face: Face) -> bool:
    """ "As an additional cost to cast this spell, pay X life" (hand-written data)."""
    text = str(game.effects(obj, face.name).get("additional_cost") or "").strip().lower()
    return text == PAY_X_LIFE


def problem(game: Game, obj: CardObject, face: Face, controller: int) -> str | None:
    """Why the additional costs can't be paid now (601.2h), or None."""
    costs = costs_of(game, obj, face)
    if not costs:
        return None
    why = ability_costs.problem(game, controller, obj.id, costs, summoning_sick=False)
    if why:
        return (
            f"{face.name}'s additional cost ({ability_costs.describe(costs)}) can't be paid: {why}"
        )
    return None


def announce_x(game: Game, obj: CardObject, face: Face, controller: int) -> int | None:
    """CR 601.2b: the value of X of a "pay X life" additional cost (0 up to the player's
    life total, 119.4), or None when the spell has no such cost."""
    if not pays_x_life(game, obj, face):
        return None
    top = max(0, game.players[controller].life)
    key = game.decide(
        DecisionKind.X_VALUE,
        f"{face.name}: choose X, the life you pay as its additional cost.",
        [(f"x:{n}", f"X = {n} (pay {n} life)") for n in range(top + 1)],
        "601.2b",
        player=controller,
        subject=face.name,
        objects=(obj.id,),
    )
    return int(key.split(":")[1])


def pay(
    game: Game,
    obj: CardObject,
    face: Face,
    controller: int,
    *,
    free: bool = False,
    x_life: int | None = None,
) -> ability_costs.Paid | None:
    """CR 601.2h: pay the additional costs (after targets, 601.2c), free casts too (118.9)."""
    costs = costs_of(game, obj, face)
    if x_life is not None:
        costs.append({"cost": "pay_life", "n": x_life})
    if not costs:
        return None
    label = f"{face.name}'s additional cost" + (
        ", paid though the spell is cast without paying its mana cost" if free else ""
    )
    return ability_costs.pay(game, controller, obj.id, costs, label, "601.2h")
