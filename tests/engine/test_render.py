"""Notebook HTML views (engine/views/render.py): cards, states, frames and timelines render,
show what matters (faces, mana value off the stack, CR numbers, decisions), and escape
every piece of text that comes from a card, a scenario or a user."""

from __future__ import annotations

import copy
import re
from pathlib import Path

from engine import CardDef, Scenario, default_pool

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = "<img src=x onerror=alert(1)>"

BASE = {
    "version": 1,
    "title": "t",
    "seed": 1,
    "players": [
        {
            "name": "You",
            "library": {
                "order": "listed",
                "cards": [{"name": "Forest", "count": 1}, {"name": "Fire // Ice", "count": 1}],
            },
            "hand": ["Enlisted Wurm"],
            "battlefield": ["Grizzly Bears"],
        },
        {"name": "Opponent", "battlefield": ["Grizzly Bears"]},
    ],
    "actions": [{"do": "cast", "card": "Enlisted Wurm"}],
    "choices": [],
}


def no_raw_markup(html: str) -> None:
    assert "<img" not in html and "<script" not in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html


def test_split_card_shows_both_halves_and_its_mana_value_off_the_stack() -> None:
    """CR 709.4: off the stack a split card's mana value is the total of its halves."""
    html = default_pool().get("Fire // Ice")._repr_html_()
    assert "data-engine='card'" in html
    assert ">Fire</b>" in html and ">Ice</b>" in html
    assert "mana value 4 off the stack" in html
    assert "cast as: Fire or Ice" in html
    assert html.count('title="{R}"') == 1 and html.count('title="{U}"') == 1  # cost pips


def test_card_names_and_types_are_escaped() -> None:
    card = CardDef.from_dict({"name": HOSTILE, "mana_cost": "{R}", "type_line": "Instant"})
    no_raw_markup(card._repr_html_())


def test_timeline_lists_events_with_rules_and_the_pending_decision() -> None:
    """CR 702.85a: the run pauses at the cascade hit and the view names the options."""
    tl = Scenario.from_dict(BASE).run()
    assert tl.pending is not None
    html = tl._repr_html_()
    assert "data-engine='timeline'" in html and "waiting for a decision" in html
    assert "CR 702.85a" in html
    for option in tl.pending.options:
        assert option.label.replace("'", "&#x27;") in html
    assert html.count("<li value=") == len(tl)
    assert "data-engine='state'" in html  # the final state


def test_answered_decisions_show_inline_at_their_frame() -> None:
    tl = Scenario.from_dict(BASE).with_choices(["cast:Fire", "target:p1", "target:none"]).run()
    assert tl.finished and len(tl.answered) == 3
    html = tl._repr_html_()
    for frame, decision, key in tl.answered:
        assert f"<b style='color:#1a7f37'>{decision.label_of(key)}" in html.replace(
            "&#x27;", "'"
        ), frame


def test_frame_highlights_what_its_event_touched() -> None:
    tl = Scenario.from_dict(BASE).run()
    hit = next(f for f in tl if f.event is not None and f.event.kind == "cascade_hit")
    html = hit._repr_html_()
    assert "data-engine='frame'" in html and "CR 702.85a" in html
    highlighted = re.findall(r"background:#fff8c5[^>]*>([^<]*)<", html)
    assert "Fire // Ice" in highlighted


def test_state_shows_every_zone_and_the_stack_top_first() -> None:
    tl = Scenario.from_dict(BASE).run()
    state = tl[2].state  # the spell and its cascade trigger are on the stack
    html = state._repr_html_()
    for zone in ("library", "hand", "battlefield", "graveyard", "exile"):
        assert zone in html
    assert "stack (top first)" in html and "(top)" in html


def test_scenario_text_and_player_names_are_escaped() -> None:
    d = copy.deepcopy(BASE)
    d["title"] = HOSTILE
    d["players"][0]["name"] = HOSTILE
    tl = Scenario.from_dict(d).run()
    no_raw_markup(tl._repr_html_())
    no_raw_markup(tl[len(tl) - 1]._repr_html_())
    no_raw_markup(tl.final._repr_html_())


def test_long_library_is_cut_short() -> None:
    tl = Scenario.load(ROOT / "examples" / "scenarios" / "basic_cascade.json").run()
    html = tl[0].state._repr_html_()
    assert "more</span>" in html
