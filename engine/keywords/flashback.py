"""Flashback (CR 702.34), written to read like the rule.

702.34a  Flashback appears on some instants and sorceries. It represents two static
         abilities: one that functions while the card is in a player's graveyard and
         another that functions while the card is on the stack. "Flashback [cost]" means
         "You may cast this card from your graveyard if the resulting spell is an instant
         or sorcery spell by paying [cost] rather than paying its mana cost" and "If the
         flashback cost was paid, exile this card instead of putting it anywhere else any
         time it would leave the stack."

Casting with flashback is the scenario action ``{"do": "cast", "flashback": true}``. The
cost's mana is assumed paid, or with the scenario's real payment paid instead of the card's
mana cost (118.9, engine.rules.payment: :func:`mana`); any other
part (a sacrifice, discarding...) is really paid as it is cast (601.2h), and a card that
can't pay it can't be cast this way. Where the spell would leave the stack (resolved,
countered, its targets gone) it is exiled instead (``stack.leaves_stack_to``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import EventKind
from engine.core.game import GameError
from engine.rules import ability_costs

if TYPE_CHECKING:
    from engine.core.game import Game


def costs_of(value: object) -> list[dict] | None:
    """The cost objects of a ``Flashback`` keyword cost, or None when it can't be paid."""
    if not isinstance(value, str):
        return None
    costs = ability_costs.from_text(value)
    return None if not costs or ability_costs.missing(costs) else costs


def missing(card: object) -> str | None:
    """What of flashback on this card the engine can't do (for coverage), or None."""
    entry = getattr(card, "effects", None) or {}
    value = (entry.get("keyword_costs") or {}).get("Flashback")
    if costs_of(value) is None:
        return f"keyword Flashback (its cost {value!r} is not paid)"
    return None


def _costs(game: Game, oid: int) -> list[dict] | None:
    return costs_of((game.effects(game.obj(oid)).get("keyword_costs") or {}).get("Flashback"))


def castable(game: Game, player: int, name: str) -> int | None:
    """A card called ``name`` in the player's graveyard that has flashback, or None."""
    low = name.lower()
    for oid in game.players[player].zones["graveyard"]:
        obj = game.obj(oid)
        names = {obj.card.name.lower(), *(f.name.lower() for f in obj.card.faces)}
        if low in names and obj.owner == player and _costs(game, oid) is not None:
            return oid
    return None


def mana(game: Game, oid: int) -> str:
    """The mana part of the flashback cost: what a real payment pays instead of the card's mana
    cost (118.9, 601.2f-h); "" when the cost has none."""
    return "".join(str(c.get("mana")) for c in _costs(game, oid) or () if c.get("cost") == "mana")


def check(game: Game, oid: int, player: int) -> None:
    """601.2h: the flashback cost's other parts must be payable; only instants and
    sorceries are cast this way (702.34a)."""
    obj = game.obj(oid)
    costs = _costs(game, oid)
    if costs is None:
        raise GameError(f"{obj.name} has no flashback cost the engine pays (702.34a)")
    if not any(f.is_instant or f.is_sorcery for f in obj.card.spell_faces):
        raise GameError(f"{obj.name} is not an instant or sorcery: no flashback (702.34a)")
    why = ability_costs.problem(game, player, oid, costs)
    if why:
        raise GameError(f"can't cast {obj.name} with flashback: {why} (702.34a)")


def pay(game: Game, oid: int, player: int) -> None:
    """The flashback cost instead of the mana cost (118.9); remembered for leaving the stack."""
    name = game.obj(oid).name
    costs = _costs(game, oid) or []
    game.update_cast_info(oid, flashback=True)
    ability_costs.pay(game, player, oid, costs, f"flashback of {name}", "702.34a")
    game.emit(
        EventKind.COST,
        f"{name} is cast from {game.poss(player)} graveyard with flashback for "
        f"{ability_costs.describe(costs)} (an alternative cost; mana payment isn't simulated).",
        "702.34a",
        objects=(oid,),
        source=oid,
        player=player,
        data={"keyword": "flashback", "costs": costs},
    )
