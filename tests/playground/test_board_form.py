"""The board editor's text formats and action rows, without a browser.

Readers are linear and size-checked; writers give back exactly what they were given
(falling back to JSON); problems are typed errors naming the box and line or the action.
"""

from __future__ import annotations

import time

import pytest

from engine import Scenario, default_pool
from playground.board_editor import ActionRowEditor, BoardEditor
from playground.board_form import (
    MAX_JSON_LINE,
    ActionRow,
    action_of,
    parse_targets,
    parse_when,
    parse_zone,
    read_options,
    row_of,
    targets_text,
    when_text,
    zone_text,
)
from playground.html import esc
from playground.model import PlaygroundModel

EVIL = "<img src=x onerror=alert(1)>"


def _zone_round_trip(entries: list, label: str = "Battlefield") -> list:
    errors: list[str] = []
    back = parse_zone(zone_text(entries), label, default_pool(), errors)
    assert errors == []
    return back


@pytest.mark.parametrize(
    "entries",
    [
        ["Mountain", "Mountain", "Forest"],
        [{"name": "Forest", "tapped": True}, "Forest"],
        [{"name": "The First Eruption", "counters": {"lore": 2}}],
        [
            {
                "name": "Bonesplitter",
                "attached_to": "Jace, Vryn's Prodigy // Jace, Telepath Unbound",
            },
            "Jace, Vryn's Prodigy // Jace, Telepath Unbound",
        ],
        [
            {
                "name": "Delver of Secrets // Insectile Aberration",
                "face": "Insectile Aberration",
                "tapped": True,
                "counters": {"+1/+1": 1},
            }
        ],
        [{"name": "Grizzly Bears", "counters": {"Odd Counter Name": 3}}],  # JSON line
        ["Mountain"] * 75,  # more than one line's 60
    ],
)
def test_zone_lines_give_back_every_entry(entries: list) -> None:
    assert _zone_round_trip(entries) == entries


def test_zone_options_read_face_attached_and_comma_names() -> None:
    fields, bad = read_options("tapped, lore=2, attached=Jace, Vryn's Prodigy, face=X")
    assert bad == [] and fields == {
        "tapped": True,
        "counters": {"lore": 2},
        "attached_to": "Jace, Vryn's Prodigy",
        "face": "X",
    }
    assert read_options("tapped, sideways")[1] == ["sideways"]


@pytest.mark.parametrize(
    ("label", "text", "problem"),
    [
        ("Hand", "Bonesplitter [attached=Memnite]", "Hand line 1: only a card on the battlefield"),
        (
            "Battlefield",
            "Mountain\nBonesplitter [attached=Memnitte]",
            "Battlefield line 2: attached to an unknown card 'Memnitte'",
        ),
        (
            "Battlefield",
            "Grizzly Bears [face=Bear]",
            "Battlefield line 1: Grizzly Bears has no face",
        ),
        ("Graveyard", '{"name": "Forest", "oops": 1}', "Graveyard line 1: unknown field 'oops'"),
        ("Exile", '{"name": "Forest"', "Exile line 1: not valid JSON"),
        ("Exile", "{" + "x" * MAX_JSON_LINE, "Exile line 1 is too long"),
        ("Opponent's graveyard", "Forest [sideways]", "Opponent's graveyard line 1: can't read"),
    ],
)
def test_zone_errors_name_the_box_and_line(label: str, text: str, problem: str) -> None:
    errors: list[str] = []
    parse_zone(text, label, default_pool(), errors)
    assert errors and errors[0].startswith(problem), errors


def test_hostile_options_and_json_lines_cost_linear_work() -> None:
    pool = default_pool()
    cases = [
        "Forest [" + "attached=a," * 17 + "]",
        "Forest [" + ", " * 95 + "]",
        "{" + '"name": "Forest", ' * 50 + "}",
        "[" * 900,
        "{" + "[" * 900 + "}",
    ]
    for text in cases:
        t0 = time.process_time()
        errors: list[str] = []
        parse_zone("\n".join([text] * 30), "Battlefield", pool, errors)
        assert time.process_time() - t0 < 1.0, text[:40]
        assert errors, text[:40]


@pytest.mark.parametrize(
    "when",
    [
        "Blightning",
        {"on_stack": "Blightning"},
        {"on_stack": "Blightning", "kind": "spell"},
        {"on_stack": "The First Eruption", "kind": "ability", "chapter": 2, "nth": 1},
        {"on_stack": "Bloodbraid Elf", "kind": "ability", "nth": 1, "top": True},
        {"on_stack": "Odd [name]", "kind": "spell"},
    ],
)
def test_when_round_trips(when) -> None:
    assert parse_when(when_text(when)) == (when, "")


@pytest.mark.parametrize(
    "targets",
    [
        [{"card": "Grizzly Bears", "owner": 1, "zone": "battlefield"}, {"player": 1}, "o9"],
        [{"card": "Bloodbraid Elf", "zone": "stack", "nth": 2}],
        [{"card": "Name; with semicolon"}],  # JSON
        [{"player": 0, "extra": 1}],  # JSON
    ],
)
def test_targets_round_trip(targets) -> None:
    assert parse_targets(targets_text(targets)) == (targets, "")


@pytest.mark.parametrize(
    "action",
    [
        {"do": "cast", "card": "Fireball", "x": 3, "targets": [{"player": 1}]},
        {"do": "counter", "target": "Bloodbraid Elf", "with": "Counterspell"},
        {"do": "cast", "card": "Counterspell", "player": 1, "when": "Blightning"},
        {"do": "cast", "card": "Grief", "evoke": True},
        {"do": "next_main", "player": 1},
        {"do": "add_lore", "card": "The First Eruption", "n": 2},
        {"do": "cast", "card": 3},  # the fields can't say it: kept as JSON
        {"do": "teleport", "card": "Forest"},  # not an action the engine knows: JSON, kept
    ],
)
def test_action_rows_give_back_every_action(action: dict) -> None:
    row = row_of(action)
    assert action_of(row, 1, []) == action
    assert row.raw == (action.get("do") == "teleport" or action.get("card") == 3)


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ({"x": "three"}, "Action 4: X must be a whole number"),
        ({"when": "Blightning [kind=spell, nth=x]"}, "Action 4: when: nth must be a whole number"),
        ({"when": "Blightning [colour=red]"}, "Action 4: when: can't read 'colour=red'"),
        ({"targets": "player=7"}, "Action 4: targets: player='7'"),
        ({"other": "{nope"}, "Action 4: other fields: not valid JSON"),
        ({"other": '{"card": "X"}'}, "Action 4: other fields: 'card' has its own box"),
        ({"raw": True, "json_text": "[1, 2]"}, "Action 4: the JSON must be an object"),
    ],
)
def test_action_row_errors_name_the_action(fields: dict, problem: str) -> None:
    errors: list[str] = []
    assert action_of(ActionRow(do="cast", card="Fireball", **fields), 4, errors) is None
    assert errors and errors[0].startswith(problem), errors


def test_add_move_remove_and_respond_in_the_model() -> None:
    m = PlaygroundModel()  # Bloodbraid Elf cascades: one action
    assert m.add_action() == 1
    m.action_rows[1].do, m.action_rows[1].card = "cast", "Lightning Bolt"
    m.move_action(1, -1)
    assert [r.card for r in m.action_rows] == ["Lightning Bolt", "Bloodbraid Elf"]
    m.move_action(0, -1)  # already first: nothing moves
    m.remove_action(0)
    assert [r.card for r in m.action_rows] == ["Bloodbraid Elf"]
    m.go(0)
    assert m.respond_here() == -1 and "Nothing can be responded to" in m.board_errors[0]
    frames = [k for k in range(m.n_frames) if m.response_point(k)]
    assert frames, "the cascade trigger on the stack is a moment to respond"
    m.go(frames[0])
    i = m.respond_here()
    assert i == 1 and m.board_errors == []
    row = m.action_rows[i]
    assert row.player == "1" and parse_when(row.when)[0]["on_stack"] == "Bloodbraid Elf"
    row.card, row.targets = "Counterspell", "Bloodbraid Elf [zone=stack]"
    m.opp_hand_text = "Counterspell"
    assert m.apply_board(), m.board_errors
    final = m.timeline.final
    assert [o.name for o in final.zone(1, "graveyard")] == ["Counterspell"]
    assert "Bloodbraid Elf" in [o.name for o in final.zone(0, "graveyard")]


def test_a_bad_form_keeps_the_board_and_every_box() -> None:
    m = PlaygroundModel()
    before = m.scenario
    m.graveyard_text = "Street Wraith\nStreet Wriath"
    m.action_rows = [*m.action_rows, ActionRow(do="cast", card="Fireball", x="lots")]
    assert not m.apply_board()
    assert any(
        e.startswith("Graveyard line 2: unknown card 'Street Wriath'") for e in m.board_errors
    )
    assert any(e.startswith("Action 2: X must be a whole number") for e in m.board_errors)
    assert m.scenario == before
    assert m.graveyard_text == "Street Wraith\nStreet Wriath"
    assert m.action_rows[1].x == "lots"


def test_json_actions_are_kept_and_editable() -> None:
    d = Scenario.from_dict(PlaygroundModel().scenario).to_dict()
    m = PlaygroundModel(d)
    row = ActionRow(raw=True, json_text='{"do": "next_main", "player": 0}')
    m.action_rows = [*m.action_rows, row]
    assert m.apply_board(), m.board_errors
    assert m.scenario["actions"][-1] == {"do": "next_main", "player": 0}


def test_the_editor_escapes_user_text_in_action_summaries() -> None:
    m = PlaygroundModel()
    editor = BoardEditor(model=m)
    m.action_rows = [ActionRow(do="cast", card=EVIL, when=EVIL, targets=EVIL)]
    row = editor.row_editors[0]
    assert isinstance(row, ActionRowEditor)
    html = row._summary_html()
    assert EVIL not in html and esc(EVIL) in html
    m.opp_player_name = EVIL
    m.action_rows[0].player = "1"
    assert EVIL not in row._summary_html()


def test_a_long_opponent_library_round_trips_and_its_cap_is_checked_first() -> None:
    from playground.board_form import MAX_LIBRARY_TEXT, library_text, parse_library

    pool = default_pool()
    cards = [{"name": "Kolaghan's Command", "count": 1}, {"name": "Island", "count": 4}] * 180
    text = library_text(cards)
    assert len(text) > 5_000  # more than a zone box holds: the library box has its own cap
    errors: list[str] = []
    assert parse_library(text, "Opponent's library", pool, errors) == cards and errors == []
    parse_library("4 Island\n" * (MAX_LIBRARY_TEXT // 9 + 1), "Opponent's library", pool, errors)
    assert errors == [
        f"Opponent's library: the box holds {(MAX_LIBRARY_TEXT // 9 + 1) * 9} "
        f"characters; at most {MAX_LIBRARY_TEXT}"
    ]
