"""Escape (CR 702.138), written to read like the rule.

702.138a  Escape is a static ability that functions while the card with escape is in a
          player's graveyard. "Escape [cost]" means "You may cast this card from your
          graveyard by paying [cost] rather than paying its mana cost." Casting a spell
          using its escape ability follows the rules for paying alternative costs.
702.138b  A spell or permanent "escaped" if that spell or the spell that became that
          permanent was cast from a graveyard with an escape ability.

Casting with escape is the scenario action ``{"do": "cast", "escape": true}``. The card
data writes the cost as "{3}{R}{G} + exile 3 other graveyard cards": the mana part is
assumed paid (mana payment isn't simulated, the log names it), the exile is really paid
as the spell is cast (601.2h) from the other cards of the graveyard, chosen by the
player; a card without enough of them can't be cast this way. "Escapes with" counters
(702.138c) and "if it escaped" are not simulated (coverage names them where the card
data has them).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from engine.core.events import EventKind
from engine.core.game import GameError
from engine.rules import ability_costs

if TYPE_CHECKING:
    from engine.core.game import Game

_COST = re.compile(r"^\s*((?:\{[^}]+\})+)\s*\+\s*exile (\d+) other graveyard cards?\s*$", re.I)


def costs_of(value: object) -> list[dict] | None:
    """The cost objects of an ``Escape`` keyword cost, or None when it can't be read."""
    m = _COST.match(value) if isinstance(value, str) else None
    if m is None:
        return None
    return [
        {"cost": "mana", "mana": m.group(1)},
        {"cost": "exile_from_graveyard", "n": int(m.group(2)), "another": True},
    ]


def missing(card: object) -> str | None:
    """What of escape on this card the engine can't do (for coverage), or None."""
    entry = getattr(card, "effects", None) or {}
    value = (entry.get("keyword_costs") or {}).get("Escape")
    if costs_of(value) is None:
        return f"keyword Escape (its cost {value!r} is not read)"
    text = repr(entry)
    if "escape" in text.replace("'Escape'", ""):
        return "keyword Escape: 'escapes with' / 'if it escaped' (702.138b-c)"
    return None


def castable(game: Game, player: int, name: str) -> int | None:
    """A card called ``name`` in the player's graveyard that has escape, or None."""
    low = name.lower()
    for oid in game.players[player].zones["graveyard"]:
        obj = game.obj(oid)
        names = {obj.card.name.lower(), *(f.name.lower() for f in obj.card.faces)}
        if low in names and obj.owner == player and _costs(game, oid) is not None:
            return oid
    return None


def _costs(game: Game, oid: int) -> list[dict] | None:
    return costs_of((game.effects(game.obj(oid)).get("keyword_costs") or {}).get("Escape"))


def mana(game: Game, oid: int) -> str:
    """The mana part of the escape cost: what a real payment pays instead of the card's mana
    cost (118.9, 601.2f-h); "" when the cost has none."""
    return "".join(str(c.get("mana")) for c in _costs(game, oid) or () if c.get("cost") == "mana")


def check(game: Game, oid: int, player: int) -> None:
    """601.2h: the other cards to exile must be there, else it can't be cast this way."""
    costs = _costs(game, oid)
    if costs is None:
        raise GameError(f"{game.obj(oid).name} has no escape cost the engine reads (702.138a)")
    why = ability_costs.problem(game, player, oid, costs)
    if why:
        raise GameError(f"can't cast {game.obj(oid).name} with escape: {why} (702.138a)")


def pay(game: Game, oid: int, player: int) -> None:
    """The escape cost instead of the mana cost (118.9): the exile is paid now (601.2h)."""
    name = game.obj(oid).name
    costs = _costs(game, oid) or []
    game.update_cast_info(oid, escaped=True)  # 702.138b
    ability_costs.pay(game, player, oid, costs, f"escape of {name}", "702.138a")
    game.emit(
        EventKind.COST,
        f"{name} is cast from {game.poss(player)} graveyard with escape for "
        f"{ability_costs.describe(costs)} (an alternative cost; mana payment isn't simulated).",
        "702.138a",
        objects=(oid,),
        source=oid,
        player=player,
        data={"keyword": "escape", "costs": costs},
    )
