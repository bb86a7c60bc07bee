"""The handler tables of the card data's languages (engine/base/handlers.py)."""

from __future__ import annotations

import pytest

from engine.base.handlers import Handlers


def test_a_table_registers_each_name_once_and_only_declared_names() -> None:
    table: Handlers = Handlers("thing", declared={"a", "b", "c"})

    @table("a", "b", check=lambda v, ctx: None)
    def ab(ctx: object, v: object) -> int:
        return 1

    assert "a" in table and "b" in table and "c" not in table
    assert table.run["a"] is ab and set(table.check) == {"a", "b"}
    assert sorted(table) == ["a", "b"] and len(table) == 2
    with pytest.raises(ValueError, match="already registered"):
        table("a")(ab)
    with pytest.raises(ValueError, match="not declared"):
        table("d")(ab)
