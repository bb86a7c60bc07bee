"""engine/lang/vocabulary.py: the vocabulary as data, its validator, and docs/EFFECTS.md in step."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from engine.lang import vocabulary as S

ROOT = Path(__file__).resolve().parents[2]


def test_schema_module_imports_nothing_from_the_engine() -> None:
    text = (ROOT / "engine" / "lang" / "vocabulary.py").read_text(encoding="utf-8")
    assert "from engine" not in text and "import engine" not in text and "from ." not in text


def test_the_vocabulary_has_the_ops_the_issue_names() -> None:
    needed = {
        "destroy",
        "exile",
        "return_to_hand",
        "return_from_graveyard",
        "put_onto_battlefield",
        "put_on_library",
        "search_library",
        "mill",
        "discard",
        "scry",
        "surveil",
        "draw",
        "pump",
        "add_counters",
        "remove_counters",
        "create_token",
        "create_token_copy",
        "fight",
        "tap",
        "untap",
        "gain_control",
        "gain_life",
        "lose_life",
        "add_mana",
        "may",
        "if",
        "pay",
        "unless",
        "delayed",
        "exile_instead",
        "living_death",
        "set_base_pt",
        "grant",
    }
    assert needed <= set(S.OPS)
    assert S.LAYERS["pump"] == "7c" and S.LAYERS["set_base_pt"] == "7b"
    assert S.LAYERS["grant"] == "6" and S.LAYERS["gain_control"] == "2"


@pytest.mark.parametrize(
    ("entry", "problem"),
    [
        ({"spell": [{"op": "frobnicate"}]}, "unknown op"),
        ({"spell": [{"op": "draw"}]}, "missing"),
        ({"spell": [{"op": "draw", "n": 1, "colour": "R"}]}, "unknown field"),
        (
            {"spell": [{"op": "destroy", "what": "all", "filter": {"kind": 1}}]},
            "unknown filter key",
        ),
        ({"targets": [{"what": "banana", "count": 1}]}, "unknown target kind"),
        ({"triggers": [{"when": "whenever", "ops": []}]}, "unknown trigger id"),
        ({"activated": [{"cost": "x", "costs": [{"cost": "bribe"}], "ops": []}]}, "unknown cost"),
        ({"spell": [{"op": "if", "cond": {"cond": "tuesday"}, "then": []}]}, "unknown condition"),
        ({"spells": []}, "unknown entry field"),
        ({"spell": [{"op": "may", "ops": [{"op": "scry"}]}]}, "missing"),
    ],
)
def test_validator_names_the_problem(entry: dict, problem: str) -> None:
    out = S.validate_entry(entry)
    assert out and any(problem in p for p in out)


def test_a_valid_entry_has_no_problems() -> None:
    entry = {
        "targets": [{"what": "creature", "count": 1, "filter": {"power": [">", 3]}}],
        "spell": [
            {"op": "destroy", "what": "target"},
            {"op": "if", "cond": {"cond": "kicked"}, "then": [{"op": "draw", "n": 1}]},
        ],
        "triggers": [{"when": "your_upkeep", "ops": [{"op": "scry", "n": 1}]}],
    }
    assert S.validate_entry(entry) == []


def test_docs_are_generated_from_the_schema() -> None:
    spec = importlib.util.spec_from_file_location(
        "gen_effects_doc", ROOT / "scripts" / "gen_effects_doc.py"
    )
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    report = json.loads((ROOT / "data" / "xmage_report.json").read_text(encoding="utf-8"))
    assert (ROOT / "docs" / "EFFECTS.md").read_text(encoding="utf-8") == mod.render(report)
