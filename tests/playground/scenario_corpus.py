"""Every scenario the test suite builds, collected for the board editor's identity test.

Where they come from (each source is read, not copied, so new tests join by themselves):
- the example files (examples/scenarios/*.json) and the starter boards (playground.examples);
- every ``board(...)`` call and every scenario dict literal (a dict with "players") written
  with literal arguments in tests/engine/*.py, found by walking each module's syntax tree
  and built with tests/engine/boards.py's own ``board``;
- the scenario templates the fuzzer mutates (tests/engine/fuzzing.py);
- a few draws of the random boards of the property tests (test_invariants.scenarios,
  test_translated_cards.boards), from a fixed hypothesis seed.
Only valid scenarios are kept (``Scenario.from_dict`` accepts them): the form opens what
the app can open; the invalid ones the engine tests build are its error cases.
"""

from __future__ import annotations

import ast
import functools
import importlib
import json
import sys
from pathlib import Path
from typing import Any

from engine import Scenario

ROOT = Path(__file__).resolve().parents[2]
ENGINE_TESTS = ROOT / "tests" / "engine"


def _engine_tests_importable() -> None:
    if str(ENGINE_TESTS) not in sys.path:
        sys.path.insert(0, str(ENGINE_TESTS))


def _literal_boards(path: Path) -> list[dict]:
    """``board(...)`` calls with literal arguments, and literal dicts holding "players"."""
    from boards import board

    out: list[dict] = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        try:
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "board"
            ):
                if any(isinstance(a, ast.Starred) for a in node.args) or any(
                    k.arg is None for k in node.keywords
                ):
                    continue
                args = [ast.literal_eval(a) for a in node.args]
                kw = {k.arg: ast.literal_eval(k.value) for k in node.keywords}
                out.append(board(*args, **kw))
            elif isinstance(node, ast.Dict) and any(
                isinstance(k, ast.Constant) and k.value == "players" for k in node.keys
            ):
                value = ast.literal_eval(node)
                if isinstance(value, dict):
                    out.append(value)
        except (ValueError, TypeError, SyntaxError, KeyError, IndexError):
            continue  # not literal (a variable, a call): built at run time only
    return out


def _drawn(strategy: Any, n: int) -> list[Any]:
    from hypothesis import HealthCheck, given, seed, settings

    got: list[Any] = []

    @seed(20261201)
    @settings(max_examples=n, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(strategy)
    def draw(value: Any) -> None:
        got.append(value)

    draw()
    return got


@functools.cache
def corpus(draws: int = 12) -> tuple[tuple[str, str], ...]:
    """(where it comes from, scenario JSON) for every valid scenario found, deduplicated."""
    from playground.examples import catalogue

    _engine_tests_importable()
    found: list[tuple[str, Any]] = [(f"example {k}", d) for k, d in catalogue().items()]
    for path in sorted((ROOT / "examples" / "scenarios").glob("*.json")):
        found.append((f"file {path.name}", json.loads(path.read_text(encoding="utf-8"))))
    for path in sorted(ENGINE_TESTS.glob("*.py")):
        found += [(f"{path.name} literal {i}", d) for i, d in enumerate(_literal_boards(path))]
    fuzzing = importlib.import_module("fuzzing")
    found += [(f"fuzzing template {i}", d) for i, d in enumerate(fuzzing.scenario_templates())]
    invariants = importlib.import_module("test_invariants")
    found += [
        (f"test_invariants draw {i}", s)
        for i, s in enumerate(_drawn(invariants.scenarios(), draws))
    ]
    translated = importlib.import_module("test_translated_cards")
    found += [
        (f"test_translated_cards draw {i}", d)
        for i, d in enumerate(_drawn(translated.boards(), draws))
    ]
    out: dict[str, str] = {}
    for where, d in found:
        try:
            scn = d if isinstance(d, Scenario) else Scenario.from_dict(d)
        except (ValueError, TypeError):
            continue
        text = scn.to_json(indent=None)
        out.setdefault(text, where)
    return tuple((where, text) for text, where in out.items())
