"""Mana cost parsing and mana value (CR 202.3), XMage-style: one rule per test."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards.mana import (
    ManaCost,
    format_mana_cost,
    parse_mana_cost,
    parse_optional_mana_cost,
)


def mv(text: str, x: int = 0) -> int:
    return parse_mana_cost(text).mana_value(x)


def test_contract_example_symbols_text_has_x() -> None:
    cost = parse_mana_cost("{X}{2/W}{G/P}")
    assert cost.symbols == ("X", "2/W", "G/P")
    assert cost.text == "{X}{2/W}{G/P}"
    assert cost.has_x is True
    assert cost.mana_value(x=0) == 3


def test_generic_number_counts_its_value_cr_202_3() -> None:
    assert mv("{3}") == 3
    assert mv("{10}") == 10
    assert mv("{0}") == 0


def test_colored_colorless_and_snow_symbols_count_one_each_cr_202_3() -> None:
    assert mv("{2}{R}{G}") == 4  # Bloodbraid Elf
    assert mv("{W}{U}{B}{R}{G}") == 5
    assert mv("{C}{C}") == 2
    assert mv("{S}{S}{1}") == 3


def test_monocolored_hybrid_2_w_counts_two_cr_202_3f() -> None:
    assert mv("{2/W}") == 2
    assert mv("{2/W}{2/W}{2/W}") == 6  # Spectral Procession


def test_two_color_hybrid_counts_one_cr_202_3f() -> None:
    assert mv("{W/U}") == 1
    assert mv("{R/G}{R/G}") == 2


def test_phyrexian_symbols_count_one_cr_202_3() -> None:
    assert mv("{G/P}") == 1
    assert mv("{W/U/P}") == 1
    assert mv("{2}{B/P}{B/P}") == 4


def test_colorless_hybrid_counts_one_cr_202_3f() -> None:
    assert mv("{C/W}") == 1


def test_x_is_zero_off_the_stack_cr_202_3e() -> None:
    assert mv("{X}{R}") == 1  # Fireball in the library
    assert mv("{X}{X}{G}") == 1


def test_x_is_the_chosen_value_on_the_stack_cr_202_3e() -> None:
    assert mv("{X}{R}", x=5) == 6
    assert mv("{X}{X}{G}", x=3) == 7  # each {X} counts X
    assert parse_mana_cost("{X}{Y}{Z}").mana_value(x=1, y=2, z=3) == 6


def test_negative_x_is_rejected_cr_107_3() -> None:
    with pytest.raises(ValueError):
        parse_mana_cost("{X}").mana_value(x=-1)


def test_empty_cost_is_mana_value_zero_cr_202_3a() -> None:
    assert parse_mana_cost("").mana_value() == 0
    assert parse_optional_mana_cost("") is None
    assert parse_optional_mana_cost(None) is None
    assert format_mana_cost(None) == ""


def test_colors_come_from_the_symbols_cr_202_2() -> None:
    assert parse_mana_cost("{1}{U}{R}").colors == ("U", "R")
    assert parse_mana_cost("{G/W}{2/B}{C}").colors == ("W", "B", "G")


def test_lower_case_and_spaces_are_tolerated() -> None:
    assert parse_mana_cost(" {2} {r}{g/p} ").text == "{2}{R}{G/P}"


@pytest.mark.parametrize("bad", ["{Q}", "{W/W}", "{2/P}", "{P/G}", "{}", "{1.5}", "{H}"])
def test_unknown_symbol_raises_value_error_naming_it(bad: str) -> None:
    with pytest.raises(ValueError, match="unknown mana symbol") as info:
        parse_mana_cost("{1}" + bad)
    assert bad in str(info.value)


@pytest.mark.parametrize("bad", ["2RR", "{2}R", "{2", "R}"])
def test_text_outside_braces_raises_value_error(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_mana_cost(bad)


def test_mana_cost_is_frozen_and_hashable() -> None:
    cost = parse_mana_cost("{1}{U}")
    assert cost == ManaCost(("1", "U"))
    assert len({cost, parse_mana_cost("{1}{U}")}) == 1
    with pytest.raises(AttributeError):
        cost.symbols = ()  # type: ignore[misc]


# ----- property tests: random valid costs ---------------------------------------------------

_COLORS = ["W", "U", "B", "R", "G"]
_pairs = [(a, b) for a in _COLORS for b in _COLORS if a != b]
# (symbol, its mana value with X = x)
_symbol = st.one_of(
    st.integers(0, 20).map(lambda n: (str(n), n)),
    st.sampled_from(_COLORS + ["C", "S"]).map(lambda s: (s, 1)),
    st.sampled_from(_COLORS).map(lambda c: (f"2/{c}", 2)),
    st.sampled_from(_pairs).map(lambda p: (f"{p[0]}/{p[1]}", 1)),
    st.sampled_from(_COLORS).map(lambda c: (f"{c}/P", 1)),
    st.sampled_from(_pairs).map(lambda p: (f"{p[0]}/{p[1]}/P", 1)),
    st.sampled_from(_COLORS).map(lambda c: (f"C/{c}", 1)),
    st.just(("X", None)),
)


@settings(database=None)  # no files written (the suite also runs in Pyodide)
@given(st.lists(_symbol, max_size=12), st.integers(0, 20))
def test_random_costs_round_trip_and_follow_the_sum_rule_cr_202_3(
    symbols: list[tuple[str, int | None]], x: int
) -> None:
    text = "".join("{" + s + "}" for s, _ in symbols)
    cost = parse_mana_cost(text)
    assert cost.text == text
    assert parse_mana_cost(cost.text) == cost
    assert cost.symbols == tuple(s for s, _ in symbols)
    assert cost.has_x == any(v is None for _, v in symbols)
    assert cost.mana_value() == sum(v or 0 for _, v in symbols)
    assert cost.mana_value(x) == sum(x if v is None else v for _, v in symbols)


@settings(database=None)
@given(st.text(alphabet="{}/0123456789WUBRGCSXPQ ", max_size=20))
def test_parser_only_raises_value_error_on_junk(text: str) -> None:
    try:
        cost = parse_mana_cost(text)
    except ValueError:
        return
    assert parse_mana_cost(cost.text) == cost
