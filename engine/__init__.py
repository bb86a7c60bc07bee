"""A pure-Python rules engine for cascade, discover and Sagas (stdlib only; runs in Pyodide).

>>> from engine import Scenario
>>> tl = Scenario.load("examples/scenarios/basic_cascade.json").run()
>>> print(tl.text())
"""

import engine.render  # noqa: E402,F401  (registers the notebook views: engine.display)
from engine.carddb import CardPool, UnknownCardError, default_pool
from engine.cards import CardDef, ChapterAbility, Chapters, Face
from engine.decklist import Decklist, DecklistError, LineError, parse_decklist
from engine.errors import BudgetExceeded, SchemaError
from engine.events import Change, ChangeKind, Decision, DecisionKind, Event, EventKind, Move, Option
from engine.game import GameError
from engine.mana import ManaCost, parse_mana_cost
from engine.odds import (
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
from engine.policy import AutoPolicy, ChoiceError, Policy, ScriptedPolicy
from engine.scenario import Scenario, ScenarioError
from engine.state import CardObject, GameState, PlayerState, StackItem
from engine.timeline import Frame, Timeline, run
from engine.token import TokenError, decode_token, encode_token

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
