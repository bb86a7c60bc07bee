"""docs/SCENARIO_SCHEMA.md is generated from engine/base/schema.py and must stay equal to it."""

from __future__ import annotations

from pathlib import Path

from engine.base import schema

DOC = Path(__file__).parents[2] / "docs" / "SCENARIO_SCHEMA.md"


def test_scenario_schema_doc_is_generated_from_the_schema() -> None:
    assert DOC.read_text(encoding="utf-8") == schema.markdown() + "\n", (
        'regenerate: python -c "from engine import schema; print(schema.markdown())" '
        "> docs/SCENARIO_SCHEMA.md"
    )
