"""The playground's model and HTML helpers without a browser: fast checks of the rules the
views rely on (validation keeps state, escaping everywhere, decisions join the scenario)."""

from __future__ import annotations

import pytest

from engine import Scenario
from playground.board_form import ActionRow
from playground.board_view import board_html
from playground.defaults import DEFAULT_SCENARIO, PRESETS
from playground.html import esc, mana_html, mana_text
from playground.model import PlaygroundModel, zone_text
from playground.stepper_view import log_entries

EVIL = "<img src=x onerror=alert(1)>"


def test_mana_symbols_are_spans_and_text_is_escaped() -> None:
    html = mana_html("{X}{2/W}{G/P}{R}")
    assert "{" not in html.split('aria-label="')[0]
    assert html.count('class="ms') == 4
    assert 'title="{2/W}"' in html
    assert mana_text("Cast <b>{1}{G}</b>").startswith("Cast &lt;b&gt;")
    assert esc(EVIL) == "&lt;img src=x onerror=alert(1)&gt;"
    assert "<script>" not in mana_html("{<script>}")


def test_every_preset_runs() -> None:
    for name, data in PRESETS.items():
        tl = Scenario.from_dict(data).run()
        assert len(tl) > 1, name


def test_bad_decklist_keeps_text_and_library() -> None:
    m = PlaygroundModel()
    before = m.scenario
    assert not m.apply_decklist("4 Lightnig Bolt\n2 Mountain")
    assert m.library_text == "4 Lightnig Bolt\n2 Mountain"
    assert m.scenario == before
    assert any("Lightning Bolt" in e for e in m.library_errors)
    assert m.apply_decklist("2 Mountain\n1 Lightning Bolt")
    assert m.library_summary() == (3, 2, 1)
    assert m.library_errors == []


def test_counts_edit_and_validate() -> None:
    m = PlaygroundModel()
    size = m.library_summary()[0]
    assert not m.set_count("Forest", "many")
    assert not m.set_count("Forest", -1)
    assert m.library_summary()[0] == size
    assert m.set_count("Forest", 10)
    assert m.library_summary()[0] == size + 2
    assert m.remove_card("Forest")
    assert all(c["name"] != "Forest" for c in m.library_cards)
    assert not m.add_card("Lightnig Bolt")
    assert "did you mean" in m.library_errors[0]


def test_board_form_round_trips_counters_and_counts() -> None:
    m = PlaygroundModel()
    m.battlefield_text = "The First Eruption [lore=2]\n2 Mountain\nForest [tapped]"
    m.action_rows = [ActionRow(do="precombat_main")]
    assert m.apply_board(), m.board_errors
    field = m.scenario["players"][0]["battlefield"]
    assert field[0] == {"name": "The First Eruption", "counters": {"lore": 2}}
    assert zone_text(field) == "The First Eruption [lore=2]\n2 Mountain\nForest [tapped]"
    m.battlefield_text = "Forest [lore=x]"
    assert not m.apply_board()
    assert m.scenario["players"][0]["battlefield"] == field


def test_answers_join_the_scenario_and_can_be_changed() -> None:
    m = PlaygroundModel(PRESETS["Cascade into a split card (Fire // Ice)"])
    m.last()
    d, chosen = m.decision_here()
    assert chosen is None and [o.label for o in d.options] == [
        "Cast Fire",
        "Cast Ice",
        "Don't cast",
    ]
    at = m.frame
    m.answer("decline")
    assert m.scenario["choices"] == ["decline"] and m.frame == at + 1
    m.go(at)
    d, chosen = m.decision_here()
    assert chosen == "decline"
    cast_ice = next(o.key for o in d.options if o.label == "Cast Ice")
    m.answer(cast_ice)
    assert m.scenario["choices"] == [cast_ice]


@pytest.mark.parametrize("token", ["garbage", "v1.AAAA", "v1." + "A" * 9000, "v7.x"])
def test_bad_tokens_fall_back_to_the_default(token: str) -> None:
    m = PlaygroundModel(PRESETS["Proliferate a Saga"])
    assert not m.load_token(token)
    assert m.notice
    assert m.scenario["title"] == DEFAULT_SCENARIO["title"]


def test_hostile_names_are_escaped_in_board_and_log() -> None:
    card = {
        "name": EVIL,
        "layout": "normal",
        "mana_cost": "{1}{G}",
        "cmc": 2,
        "type_line": "Creature — Elf",
    }
    m = PlaygroundModel()
    import json

    assert m.add_scryfall_card(json.dumps(card)), m.library_errors
    m.hand_text = EVIL
    m.action_rows = [ActionRow(do="cast", card=EVIL)]
    assert m.apply_board(), m.board_errors
    m.step(1)
    html = board_html(m.timeline, m.frame)
    assert EVIL not in html and esc(EVIL) in html
    assert all(EVIL not in e["html"] for e in log_entries(m))


def test_sessions_do_not_share_state() -> None:
    a, b = PlaygroundModel(), PlaygroundModel()
    a.step(3)
    a.set_count("Forest", 1)
    assert b.frame == 0
    assert any(c == {"name": "Forest", "count": 8} for c in b.library_cards)


def test_pasted_sideboard_is_named_not_silently_dropped() -> None:
    model = PlaygroundModel()
    pasted = "Deck\n4 Lightning Bolt\n20 Mountain\n\nSideboard\n3 Counterspell\n"
    assert model.apply_decklist(pasted)
    assert model.library_note == (
        "Not in the library (it holds the main deck only): sideboard (3 cards)."
    )
    assert model.apply_decklist("4 Lightning Bolt\n20 Mountain\n")
    assert model.library_note == ""


def test_a_rebuilt_board_drops_the_example_title_but_keeps_the_users() -> None:
    model = PlaygroundModel()
    model.action_rows = [ActionRow(do="precombat_main")]
    assert model.apply_board()
    assert model.scenario["title"] == "Your board: The next precombat main phase begins"
    model.title = "My Saga test"
    assert model.apply_title()
    model.hand_text = "Mountain"
    assert model.apply_board()
    assert model.scenario["title"] == "My Saga test"
