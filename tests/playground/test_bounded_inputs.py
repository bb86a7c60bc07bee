"""The playground's own parsers of user text are linear and size-checked first.

The zone-line reader replaced a regular expression that backtracked cubically; here it
is checked against that expression on short lines (where the old one is still quick) and
timed by work, not wall clock, on the hostile line that used to take 14 s.
"""

from __future__ import annotations

import re
import time

from hypothesis import given, settings
from hypothesis import strategies as st

from playground.board_form import MAX_ZONE_LINE, MAX_ZONE_TEXT, zone_counter, zone_line
from playground.model import PlaygroundModel

# The expressions the linear readers replace, kept here only as the reference behaviour.
_OLD_ZONE_LINE = re.compile(r"^(?:(\d+)\s*[xX]?\s+)?(.*?)\s*(?:\[([^\]]*)\])?\s*$")
_OLD_COUNTER = re.compile(r"^([a-z+\-/0-9]+)\s*[=: ]\s*(\d+)$")

_ALPHABET = st.sampled_from(list("12 x X[]]=:,abM\t+/-(") + ["  ", "lore", "Forest", "\u00a0"])


def _old_zone(line: str) -> tuple[int, str, str | None]:
    m = _OLD_ZONE_LINE.match(line)
    assert m is not None
    return (int(m.group(1)) if m.group(1) else 1), m.group(2), m.group(3)


@settings(max_examples=300, deadline=None)
@given(st.lists(_ALPHABET, max_size=14).map("".join))
def test_zone_line_reads_what_the_old_expression_read(text: str) -> None:
    line = text.strip()
    if not line:
        return
    assert zone_line(line) == _old_zone(line)


@settings(max_examples=300, deadline=None)
@given(st.lists(_ALPHABET, max_size=10).map("".join))
def test_counter_option_reads_what_the_old_expression_read(text: str) -> None:
    opt = text.strip().lower()
    m = _OLD_COUNTER.match(opt)
    assert zone_counter(opt) == ((m.group(1), int(m.group(2))) if m else None)


def test_examples_of_the_form_syntax() -> None:
    assert zone_line("2 Mountain") == (2, "Mountain", None)
    assert zone_line("2x Mountain") == (2, "Mountain", None)
    assert zone_line("The First Eruption [lore=2, tapped]") == (
        1,
        "The First Eruption",
        "lore=2, tapped",
    )
    assert zone_counter("lore=2") == ("lore", 2)
    assert zone_counter("+1/+1: 3") == ("+1/+1", 3)
    assert zone_counter("lore") is None


def test_hostile_board_lines_cost_linear_work() -> None:
    """The reproducer (14 s before) and its relatives are rejected with a named error.

    Bounded by CPU time with a generous bound (the old code took 14 s of CPU on this line
    alone); each case must also name the line at fault.
    """
    m = PlaygroundModel()
    before = m.scenario
    cases = {
        "a" + " " * 2000 + "x": "too long",
        "a" + " " * 150 + "x": "unknown card",
        "2" + " " * 190 + "x" + " " * 5 + "]": "unknown card",
        "Forest [" + "lore " * 38 + "]": "can't read",
        "[" * 199: "unknown card",
        "9" * 190 + " Forest": "out of range",
        ("Forest\n" * 800): "at most",
    }
    for text, problem in cases.items():
        m.hand_text = text
        t0 = time.process_time()
        assert m.apply_board() is False
        assert time.process_time() - t0 < 1.0, text[:40]
        assert any(problem in e for e in m.board_errors), (text[:40], m.board_errors)
        assert m.scenario == before


def test_board_box_size_is_checked_before_parsing() -> None:
    m = PlaygroundModel()
    m.battlefield_text = "Forest\n" * (MAX_ZONE_TEXT // 7 + 1)
    assert m.apply_board() is False
    assert m.board_errors and "Battlefield" in m.board_errors[0]
    m.battlefield_text = "x" * (MAX_ZONE_LINE + 1)
    assert m.apply_board() is False
    assert "line 1 is too long" in m.board_errors[0]


def test_a_form_full_of_unknown_long_names_stays_bounded() -> None:
    """Suggestions cost ~10-40 ms per name: only the first few get them, and the form
    stops after MAX_FORM_ERRORS problems (the whole form took several seconds before)."""
    m = PlaygroundModel()
    line = "qzjv " * 39
    for box in ("hand_text", "battlefield_text", "opp_hand_text", "opp_battlefield_text"):
        setattr(m, box, "\n".join([line] * 25))
    t0 = time.process_time()
    assert m.apply_board() is False
    assert time.process_time() - t0 < 2.0
    assert 20 <= len(m.board_errors) <= 24
