"""docs/ENGINE_CORE.md's layer table is the one scripts/gen_layers_doc.py generates from the
code: the packages of engine/ in the architecture test's order, each with its docstring."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _gen():
    path = ROOT / "scripts" / "gen_layers_doc.py"
    spec = importlib.util.spec_from_file_location("gen_layers_doc", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_layer_table_in_the_doc_is_generated_from_the_code() -> None:
    gen = _gen()
    doc = gen.DOC.read_text(encoding="utf-8")
    assert gen.render(doc) == doc, "run: python scripts/gen_layers_doc.py"


def test_the_table_has_one_row_per_package_in_order() -> None:
    gen = _gen()
    names = gen.packages()
    assert names[0] == "base" and "core" in names and names.index("core") < names.index("ops")
    rows = [line for line in gen.table().splitlines()[2:]]
    assert [r.split(" | ")[1] for r in rows] == [f"`engine.{n}`" for n in names] + ["`engine`"]
    assert all(r.split(" | ")[2].strip() for r in rows), "every package needs a docstring"


def test_a_stale_table_is_found() -> None:
    gen = _gen()
    stale = f"intro\n{gen.BEGIN}\n| old |\n{gen.END}\nrest\n"
    assert gen.render(stale) != stale
    assert gen.render(gen.render(stale)) == gen.render(stale)
