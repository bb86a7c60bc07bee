"""Every example scenario runs to completion with its recorded choices, and round-trips."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import Scenario

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples" / "scenarios").glob("*.json"))


def test_there_are_at_least_fifteen_examples() -> None:
    assert len(EXAMPLES) >= 15


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_runs_to_completion(path: Path) -> None:
    scenario = Scenario.load(path)
    tl = scenario.run()
    assert tl.pending is None, f"{path.name} waits for: {tl.pending and tl.pending.prompt}"
    assert tl.finished
    assert not tl.final.stack
    assert scenario.title and scenario.description
    for player in range(2):
        counts = {f.state.card_count(player) for f in tl.frames}
        assert len(counts) == 1, f"cards of player {player} not conserved: {counts}"


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_round_trips_json_and_token(path: Path) -> None:
    scenario = Scenario.load(path)
    assert Scenario.from_json(scenario.to_json()) == scenario
    assert Scenario.from_token(scenario.to_token()) == scenario
    assert json.loads(path.read_text(encoding="utf-8")) == scenario.to_dict()
    assert len(scenario.to_token()) < 2048
