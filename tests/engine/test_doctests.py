"""The examples in the public API's docstrings run and print what they say (python-chess
style): ``Scenario``, ``Timeline``, ``CardPool`` and the odds functions. Stdlib doctest,
so this runs in Pyodide too."""

from __future__ import annotations

import doctest
import importlib

import pytest

DOCUMENTED = (
    "engine.scenario.scenario",
    "engine.play.timeline",
    "engine.cards.carddb",
    "engine.odds.exact",
    "engine.base.limits",
)
# The public names whose docstrings must hold at least one example.
EXAMPLED = {
    "engine.scenario.scenario": ("Scenario",),
    "engine.play.timeline": ("Timeline",),
    "engine.cards.carddb": ("CardPool",),
    "engine.odds.exact": (
        "cascade_odds",
        "discover_odds",
        "chain_odds",
        "spell_odds",
        "monte_carlo",
    ),
}


@pytest.mark.parametrize("name", DOCUMENTED)
def test_docstring_examples_hold(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(
        module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False
    )
    assert result.attempted > 0, f"{name} has no docstring example"
    assert result.failed == 0, f"{result.failed} docstring example(s) of {name} failed"


@pytest.mark.parametrize(("name", "attr"), [(m, a) for m, names in EXAMPLED.items() for a in names])
def test_public_api_has_an_example(name: str, attr: str) -> None:
    doc = getattr(importlib.import_module(name), attr).__doc__ or ""
    assert ">>> " in doc, f"{name}.{attr} has no example in its docstring"
