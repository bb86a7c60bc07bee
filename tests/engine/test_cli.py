"""``python -m engine``: run, token, and their errors (called in-process, as Pyodide can)."""

from __future__ import annotations

import json
from pathlib import Path

from engine.__main__ import main
from engine.scenario.scenario import Scenario

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "scenarios"


def test_run_prints_the_timeline(capsys) -> None:
    assert main(["run", str(EXAMPLES / "basic_cascade.json")]) == 0
    out = capsys.readouterr().out
    assert "Bloodbraid Elf cascades" in out
    assert "[702.85a]" in out and "resolution complete" in out


def test_run_json_has_events_final_zones_and_pending(capsys) -> None:
    assert main(["run", "--json", str(EXAMPLES / "cascade_split_card.json")]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["finished"] and data["pending"] is None
    you = data["final"]["players"][0]
    assert "Bituminous Blast" in you["graveyard"] and "Fire // Ice" in you["graveyard"]
    assert all({"kind", "text", "rule", "moves"} <= set(e) for e in data["events"])


def test_run_json_shows_the_pending_decision(capsys, tmp_path) -> None:
    s = Scenario.load(EXAMPLES / "cascade_split_card.json").with_choices([])
    path = tmp_path / "s.json"
    path.write_text(s.to_json())
    assert main(["run", "--json", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert not data["finished"]
    assert [o["key"] for o in data["pending"]["options"]] == ["cast:Fire", "cast:Ice", "decline"]
    assert main(["run", str(path), "--choose", "cast:Ice"]) == 0
    assert "You cast Ice" in capsys.readouterr().out


def test_token_round_trip(capsys) -> None:
    path = EXAMPLES / "first_eruption.json"
    assert main(["token", str(path)]) == 0
    token = capsys.readouterr().out.strip()
    assert token.startswith("v1.")
    assert main(["token", "--decode", token]) == 0
    assert Scenario.from_json(capsys.readouterr().out) == Scenario.load(path)


def test_bad_token_and_bad_file_are_clear_errors(capsys) -> None:
    assert main(["token", "--decode", "v1.@@@"]) == 2
    assert "error:" in capsys.readouterr().err
    assert main(["run", "no/such/file.json"]) == 2
    assert "can't read" in capsys.readouterr().err


def test_unknown_card_names_suggestions(capsys, tmp_path) -> None:
    d = Scenario.load(EXAMPLES / "basic_cascade.json").to_dict()
    d["players"][0]["hand"] = ["Bloodbraid Elff"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(d))
    assert main(["run", str(path)]) == 2
    err = capsys.readouterr().err
    assert "unknown card 'Bloodbraid Elff'" in err and "Bloodbraid Elf" in err
