"""Evoke (CR 702.74): cast the spell by paying its evoke cost; when it enters, its
controller sacrifices it.

702.74a "Evoke [cost]" means "You may cast this spell by paying [cost] rather than paying
        its mana cost" and "When this permanent enters, if its evoke cost was paid, its
        controller sacrifices it."
The sacrifice is a triggered ability: it and the permanent's own enter trigger trigger
together, and the controller puts them on the stack in the order they choose (603.3b),
so an evoked Grief can discard before or after it is sacrificed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import EventKind
from engine.core.game import GameError
from engine.core.state import StackItem
from engine.rules import ability_costs, payment, stack

if TYPE_CHECKING:
    from engine.core.game import Game


def evoke_costs(game: Game, oid: int) -> list[dict]:
    """The evoke cost of the card as cost objects (GameError if it has none)."""
    obj = game.obj(oid)
    value = (game.effects(obj).get("keyword_costs") or {}).get("Evoke")
    if value is None:
        raise GameError(f"{obj.name} has no evoke cost in its card data (702.74a)")
    return ability_costs.of_keyword(value)


def check(game: Game, oid: int, player: int) -> None:
    """Before casting: the evoke cost must be payable (601.2h), else it can't be evoked."""
    why = ability_costs.problem(game, player, oid, evoke_costs(game, oid))
    if why:
        raise GameError(f"can't evoke {game.obj(oid).name}: {why}")


def pay(game: Game, oid: int, player: int) -> None:
    """Pay the evoke cost (an alternative cost, 118.9) while casting; remember it was paid."""
    obj = game.obj(oid)
    costs = evoke_costs(game, oid)
    paid = ability_costs.pay(game, player, oid, costs, f"evoke of {obj.name}", "702.74a")
    game.update_cast_info(oid, evoked=True)
    game.emit(
        EventKind.EVOKE,
        f"{obj.name} is evoked: its evoke cost ({ability_costs.describe(costs)}) is paid "
        "instead of its mana cost"
        + (" (mana payment isn't simulated)." if paid.mana and not payment.real(game) else "."),
        "702.74a",
        objects=(oid,),
        source=oid,
        player=player,
        data={"costs": costs, "exiled": paid.exiled},
    )


def on_enter(game: Game, oid: int, *, cast: bool, x: int = 0, free: bool = False) -> None:
    """702.74a: the sacrifice trigger, if the evoke cost was paid for this very object."""
    # cast_info belongs to this object: a zone change other than stack -> battlefield
    # clears it (400.7), so only the permanent the evoked spell became finds it.
    if not cast or not (game.cast_info.get(oid) or {}).get("evoked"):
        return
    obj = game.obj(oid)
    item = StackItem(
        id=game.new_id(),
        kind="ability",
        controller=obj.controller,
        text=f"Evoke sacrifice of {obj.name}",
        source=oid,
        trigger="evoke",
        data={"stamp": game.zone_changes.get(oid, 0)},
    )
    stack.trigger(
        game,
        item,
        f"{obj.name} entered evoked: its evoke trigger triggers.",
        "702.74a",
        data={"trigger": "evoke"},
    )


def resolve(game: Game, item: StackItem) -> None:
    """Its controller sacrifices it, if it is still the same permanent (400.7)."""
    oid = item.source_id()
    loc = game.zone_of(oid)
    if (
        loc is None
        or loc[1] != "battlefield"
        or game.zone_changes.get(oid, 0) != item.data["stamp"]
    ):
        game.emit(
            EventKind.SACRIFICE,
            f"{item.text}: it already left the battlefield; nothing to sacrifice.",
            "702.74a",
            source=oid,
            player=item.controller,
            amount=0,
            data={"what": "self"},
        )
        return
    stack.sacrifice(game, oid, " (evoke)", "702.74a", source=oid)
