"""A pure-Python rules engine for cascade, discover and Sagas (stdlib only; runs in Pyodide).

>>> from engine import Scenario
>>> tl = Scenario.load("examples/scenarios/basic_cascade.json").run()
>>> print(tl.text())
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from engine.base import display
from engine.base.errors import BudgetExceeded, SchemaError
from engine.cards.carddb import CardPool, UnknownCardError, default_pool
from engine.cards.decklist import Decklist, DecklistError, LineError, parse_decklist
from engine.cards.definitions import CardDef, ChapterAbility, Chapters, Face
from engine.cards.mana import ManaCost, parse_mana_cost
from engine.core.events import (
    Change,
    ChangeKind,
    Decision,
    DecisionKind,
    Event,
    EventKind,
    Move,
    Option,
)
from engine.core.game import GameError
from engine.core.policy import AutoPolicy, ChoiceError, Policy, ScriptedPolicy
from engine.core.state import CardObject, GameState, PlayerState, StackItem
from engine.play.timeline import Frame, Timeline, run
from engine.scenario.scenario import Scenario, ScenarioError
from engine.scenario.share_link import TokenError, decode_token, encode_token

if TYPE_CHECKING:
    from engine.odds.exact import (
        OddsResult,
        StateSpaceTooLarge,
        Step,
        cascade_odds,
        cascade_step,
        chain_odds,
        discover_odds,
        discover_step,
        monte_carlo,
        spell_odds,
        spell_steps,
    )

# Loaded on first use, so that ``import engine`` stays fast: the notebook views (HTML for
# cards, states, frames, timelines: engine.base.display calls this the first time) and the
# odds (engine.odds.exact, read through ``engine.<name>`` below).
display.set_loader(lambda: importlib.import_module("engine.views.render"))
_LAZY = {
    name: "engine.odds.exact"
    for name in (
        "OddsResult",
        "StateSpaceTooLarge",
        "Step",
        "cascade_odds",
        "cascade_step",
        "chain_odds",
        "discover_odds",
        "discover_step",
        "monte_carlo",
        "spell_odds",
        "spell_steps",
    )
}


def __getattr__(name: str) -> object:
    """The names loaded on first use (PEP 562); ``from engine import cascade_odds`` works."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


__all__ = [
    "AutoPolicy",
    "BudgetExceeded",
    "CardDef",
    "CardObject",
    "CardPool",
    "Change",
    "ChangeKind",
    "ChapterAbility",
    "Chapters",
    "ChoiceError",
    "Decision",
    "DecisionKind",
    "Decklist",
    "DecklistError",
    "Event",
    "EventKind",
    "Face",
    "Frame",
    "GameError",
    "GameState",
    "LineError",
    "ManaCost",
    "Move",
    "OddsResult",
    "Option",
    "PlayerState",
    "Policy",
    "Scenario",
    "ScenarioError",
    "SchemaError",
    "ScriptedPolicy",
    "StackItem",
    "StateSpaceTooLarge",
    "Step",
    "Timeline",
    "TokenError",
    "UnknownCardError",
    "cascade_odds",
    "cascade_step",
    "chain_odds",
    "decode_token",
    "default_pool",
    "discover_odds",
    "discover_step",
    "encode_token",
    "monte_carlo",
    "parse_decklist",
    "parse_mana_cost",
    "run",
    "spell_odds",
    "spell_steps",
]
