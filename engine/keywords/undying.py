"""Undying (CR 702.93), written to read like the rule.

702.93a  Undying is a triggered ability. "Undying" means "When this permanent is put
         into a graveyard from the battlefield, if it had no +1/+1 counters on it,
         return it to the battlefield under its owner's control with a +1/+1 counter
         on it."

Persist's twin (engine.keywords.persist holds the shared shape): the counters and the keyword are
read as the permanent last existed on the battlefield (603.10a, 608.2h), the "if" is an
intervening if (603.4), and only the same card still in the graveyard returns (400.7).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.keywords import persist

if TYPE_CHECKING:
    from engine.core.events import Event
    from engine.core.game import Game
    from engine.core.state import StackItem

KEYWORD = "undying"


def on_event(game: Game, event: Event) -> None:
    """702.93a: a permanent with undying died."""
    if event.moves:
        persist.trigger_on_death(game, event, KEYWORD, "+1/+1", "702.93a", "Undying")


def resolve(game: Game, ability: StackItem) -> None:
    persist.return_with_counter(game, ability)
