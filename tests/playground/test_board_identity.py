"""The board editor's "Set up board" without edits gives back the identical scenario and timeline.

Every example and every scenario the test suite builds (tests/playground/scenario_corpus.py
says how they are collected) is shown in the board editor's fields, read back from them,
and compared with the original: equal ``Scenario.to_dict()`` and equal
``Timeline.fingerprint()`` of its run (answers kept). Model level, so it stays fast.
"""

from __future__ import annotations

import pytest

from engine import Scenario, ScenarioError
from playground.model import PlaygroundModel

from .scenario_corpus import corpus

CORPUS = corpus()


def test_the_corpus_holds_every_example_and_the_engine_tests_boards() -> None:
    from playground.examples import catalogue

    sources = [where for where, _ in CORPUS]
    assert sum(w.startswith("example ") for w in sources) == len(catalogue())
    assert sum(".py literal" in w for w in sources) > 100
    assert any(w.startswith("fuzzing template") for w in sources)
    assert any(w.startswith("test_invariants draw") for w in sources)
    assert any(w.startswith("test_translated_cards draw") for w in sources)


@pytest.fixture(scope="module")
def model() -> PlaygroundModel:
    return PlaygroundModel()


@pytest.mark.parametrize(("where", "text"), CORPUS, ids=[w for w, _ in CORPUS])
def test_the_form_gives_back_the_scenario_and_its_timeline(
    model: PlaygroundModel, where: str, text: str
) -> None:
    scn = Scenario.from_json(text)
    original = scn.to_dict()
    try:
        model.set_scenario(scn, fill_forms=True)
        runs = True
    except (ScenarioError, ValueError):  # a board the engine refuses to play (an error case)
        runs = False
        model._scenario_obj, model.scenario = scn, original  # its pool (user cards)
        model._fill_forms(original)
    errors: list[str] = []
    data = model.board_from_form(errors)
    assert data is not None and errors == [], errors
    # the parts the board editor doesn't own come from the shown scenario; put them back
    # from the original so only the editor's fields are compared
    data = dict(data, title=original["title"], seed=original["seed"], choices=original["choices"])
    for key in ("description", "cards"):
        data.pop(key, None)
        if key in original:
            data[key] = original[key]
    data["players"][0]["library"] = original["players"][0]["library"]
    back = Scenario.from_dict(data)
    assert back.to_dict() == original
    if runs:
        assert back.run().fingerprint() == model.timeline.fingerprint()
        assert model.apply_board(), model.board_errors  # the page's button: nothing changes
        assert model.scenario == original


@pytest.mark.parametrize("where", [w for w, _ in CORPUS if w.startswith("example ")])
def test_set_up_board_without_edits_keeps_everything(where: str) -> None:
    """Through the model as the page uses it: the scenario, its answers, the frame stay."""
    from playground.examples import scenario_of

    m = PlaygroundModel(scenario_of(where.removeprefix("example ")))
    m.last()
    before = (m.scenario, m.timeline.fingerprint(), m.frame, m.token)
    assert m.apply_board(), m.board_errors
    assert (m.scenario, m.timeline.fingerprint(), m.frame, m.token) == before
    m.hand_text += "\nMountain"  # an edit: applied, answers reset
    assert m.apply_board(), m.board_errors
    assert m.scenario["players"][0]["hand"][-1] == "Mountain"


def test_the_corpus_holds_boards_with_a_commander_for_each_player() -> None:
    """CR 903.3: a player's commander is an editor field too (tests/engine/test_commander.py
    and the Maelstrom Nexus deck example bring boards with one)."""
    import json

    players = [p for _, text in CORPUS for p in json.loads(text)["players"]]
    named = [p for p in players if "commander" in p]
    assert any(p["name"] == "You" for p in named) and any(p["name"] == "Opponent" for p in named)


def test_the_commander_box_edits_the_commander() -> None:
    from pathlib import Path

    path = Path(__file__).parents[2] / "examples/scenarios/deck_maelstrom_nexus_edh.json"
    m = PlaygroundModel(Scenario.load(path).to_dict())
    assert m.commander == "The First Sliver" and m.opp_commander == ""
    m.opp_commander = "  arcane signet "
    assert m.apply_board(), m.board_errors
    assert m.scenario["players"][1]["commander"] == "Arcane Signet"
    m.commander = ""
    assert m.apply_board(), m.board_errors
    assert "commander" not in m.scenario["players"][0]
    before = m.scenario
    m.commander = "The Frist Sliver"
    assert not m.apply_board()
    assert any("Your commander: unknown card 'The Frist Sliver'" in e for e in m.board_errors)
    assert m.scenario == before
