"""Retrace (CR 702.81) and the emblems that give it (114; Wrenn and Six's -7).

702.81a: "You may cast this card from your graveyard by discarding a land card in addition
to paying its other costs." A card has retrace when it says so (its keywords) or when an
emblem its owner has gives it (an emblem lasts the game, 114.4: recorded as a player flag
holding the filter of the cards it gives retrace to). The cast action looks here for a
card it doesn't find in hand: the land is discarded as the spell is cast (601.2h), and
a spell that can't pay it can't be cast from the graveyard at all.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from engine.core.events import EventKind
from engine.core.game import GameError
from engine.lang import filters
from engine.rules import ability_costs

if TYPE_CHECKING:
    from engine.core.game import Game

#: A player flag ``EMBLEM + <filter JSON>``: "<cards matching filter> in your graveyard have
#: retrace" (114.4: the emblem's static ability works from the command zone).
EMBLEM = "emblem:retrace:"
COSTS = [{"cost": "discard", "n": 1, "filter": {"types": ["Land"]}}]


def emblem_flag(flt: Any) -> str:
    return EMBLEM + json.dumps(flt or {}, sort_keys=True)


def has_retrace(game: Game, oid: int, player: int) -> bool:
    """The card is in ``player``'s graveyard (your graveyard, 702.81a) and has retrace."""
    where = game.zone_of(oid)
    if where != (player, "graveyard") or game.obj(oid).owner != player:
        return False
    card = game.obj(oid).card
    if any(k.lower() == "retrace" for f in card.faces for k in f.keywords):
        return True
    for flag in sorted(game.players[player].flags):
        if flag.startswith(EMBLEM):
            flt = json.loads(flag[len(EMBLEM) :])
            if filters.matches(game, oid, flt, controller=player):
                return True
    return False


def castable(game: Game, player: int, name: str) -> int | None:
    """A card called ``name`` in the player's graveyard that has retrace, or None."""
    low = name.lower()
    for oid in game.players[player].zones["graveyard"]:
        card = game.obj(oid).card
        names = {card.name.lower(), *(f.name.lower() for f in card.faces)}
        if low in names and has_retrace(game, oid, player):
            return oid
    return None


def check(game: Game, oid: int, player: int) -> None:
    """601.2h: the land card to discard must be there, else it can't be cast this way."""
    why = ability_costs.problem(game, player, oid, COSTS)
    if why:
        raise GameError(f"can't cast {game.obj(oid).name} with retrace: {why} (702.81a)")


def pay(game: Game, oid: int, player: int) -> None:
    """Discard a land card as the spell is cast (601.2h, 702.81a)."""
    name = game.obj(oid).name
    ability_costs.pay(game, player, oid, COSTS, f"retrace of {name}", "702.81a")
    game.emit(
        EventKind.COST,
        f"{name} is cast from {game.poss(player)} graveyard with retrace (a land card "
        "discarded in addition to its other costs).",
        "702.81a",
        objects=(oid,),
        source=oid,
        player=player,
        data={"costs": COSTS, "retrace": True},
    )
