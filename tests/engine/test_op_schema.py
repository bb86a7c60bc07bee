"""One declaration of each op's fields: the vocabulary (engine.lang.vocabulary.OPS). The
registry reads them there; ``@op(fields=...)`` is refused; every handler's op has a schema
entry, and every schema entry a handler unless the engine reports it as not simulated."""

from __future__ import annotations

import pytest

import engine  # noqa: F401  (registers every op family)
from engine.lang import effects, vocabulary

# Ops of the vocabulary (the importer emits them, docs/EFFECTS.md lists them) that no handler
# simulates: a card using one is reported "not simulated" and never half-run.
NOT_SIMULATED = {
    "each_player_discard_hand_draw",
    "extra_turn",
    "learn",
    "other",
    "take_initiative",
    "venture",
}


def test_every_registered_op_has_a_schema_entry() -> None:
    assert sorted(set(effects.OPS) - set(vocabulary.OPS)) == []


def test_every_schema_entry_has_a_handler_or_is_reported_not_simulated() -> None:
    without = set(vocabulary.OPS) - set(effects.OPS)
    assert without == NOT_SIMULATED, "update NOT_SIMULATED (a handler was added or removed)"
    for name in sorted(NOT_SIMULATED):
        assert effects.problem({"op": name}), f"{name} has no handler but is not reported"


def test_the_registry_reads_the_fields_from_the_schema() -> None:
    for name, spec in effects.OPS.items():
        assert spec.fields == vocabulary.OPS[name]["fields"], name
    assert effects.OPS["damage"].fields["to"] == ("ref", True)


def test_op_refuses_a_second_declaration_of_fields() -> None:
    with pytest.raises(TypeError, match=r"engine\.lang\.vocabulary\.OPS"):
        effects.op("zz_declared_twice", fields={"n": "number"})
    assert "zz_declared_twice" not in effects.OPS


def test_op_refuses_unknown_keywords() -> None:
    with pytest.raises(TypeError, match="unexpected keyword"):
        effects.op("zz_unknown_keyword", chek=None)
