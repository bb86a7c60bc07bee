"""The engine work a session asks for, as plain functions of picklable arguments.

They run inline (notebooks, tests, Pyodide) or in a worker process of
:mod:`playground.offload` (a served app) and behave the same in both: the same
values, the same typed errors. This module and ``offload`` import only the engine
(``playground/__init__`` loads Panel lazily), so a worker starts in a fraction of a
second and stays small.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine import DecklistError, Scenario, ScenarioError, TokenError, parse_decklist
from engine.odds.exact import OddsResult, Step, chain_odds

if TYPE_CHECKING:
    from engine import CardPool, Decklist, Timeline

__all__ = ["DeckProblems", "odds_for", "odds_of", "parse_deck", "run_scenario"]


def run_scenario(scn: Scenario) -> Timeline:
    """``scn.run()``; anything untyped from the engine becomes a ScenarioError saying so."""
    try:
        return scn.run()
    except (ScenarioError, TokenError):
        raise
    except Exception as e:  # an engine bug must not blank the page: report it
        raise ScenarioError(
            f"the engine could not run this scenario ({type(e).__name__}: {e})"
        ) from e


class DeckProblems(list):
    """What ``parse_deck`` returns instead of raising DecklistError: its messages.

    (DecklistError keeps structured line errors that don't survive pickling.)
    """


def parse_deck(text: str, scn: Scenario) -> Decklist | DeckProblems:
    """``parse_decklist`` against the scenario's pool (its user cards included)."""
    try:
        return parse_decklist(text, pool=scn.pool())
    except DecklistError as e:
        return DeckProblems(str(err) for err in e.errors)


def odds_of(
    library: Sequence[tuple[str, int]],
    steps: Sequence[Step],
    pool: CardPool,
    max_states: int | None = None,
    samples: int | None = None,
) -> OddsResult:
    """The Odds tab's numbers: ``chain_odds`` of the action's instances over the library.

    ``chain_odds`` over the instances is what ``spell_odds`` / ``discover_odds`` compute;
    called without ``spell``, its fallback past the work cap is the fast stand-alone
    Monte Carlo instead of one engine run per sample.
    """
    cards = [card for name, n in library for card in [pool.get(name)] * n]
    budget = {k: v for k, v in (("max_states", max_states), ("samples", samples)) if v is not None}
    return chain_odds(cards, tuple(steps), seed=0, **budget)


def odds_for(
    library: Sequence[tuple[str, int]],
    steps: Sequence[Step],
    scn: Scenario,
    max_states: int | None = None,
    samples: int | None = None,
) -> OddsResult:
    """``odds_of`` over the scenario's pool (its user cards included), in a worker."""
    return odds_of(library, steps, scn.pool(), max_states, samples)
