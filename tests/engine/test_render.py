"""Notebook HTML views (engine/views/render.py): cards, states, frames and timelines render,
show what matters (faces, mana value off the stack, CR numbers, decisions), and escape
every piece of text that comes from a card, a scenario or a user."""

from __future__ import annotations

import copy
import re
from dataclasses import replace
from pathlib import Path

from engine import CardDef, Scenario, default_pool
from engine.views.board_html import (
    BOARD_CSS,
    _inline_rules,
    board_html,
    inline_styles,
)

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
    # the spell and its cascade trigger are on the stack
    state = next(f.state for f in tl if len(f.state.stack) == 2)
    html = state._repr_html_()
    for zone in ("library", "hand", "battlefield", "graveyard", "exile"):
        assert f'data-testid="zone-{zone}"' in html and f'data-testid="opp-zone-{zone}"' in html
    assert "Stack (top first)" in html
    stack = html.split('data-testid="zone-stack"')[1].split("</section>")[0]
    items = stack.split('data-testid="stack-item"')[1:]
    assert len(items) == len(state.stack) == 2
    # CR 405.2: the last one put on the stack (the cascade trigger, 702.85a) is on top
    assert '<span class="edge"' in items[0] and '<span class="edge"' not in items[1]
    assert 'data-testid="ability"' in items[0] and "Enlisted Wurm" in items[1]


def test_state_and_frame_are_drawn_by_the_app_board_renderer() -> None:
    """One renderer: a state's view is the table of the app's board for that state (its
    look inlined), under the state's phase line, without the app board's frame hooks."""
    tl = Scenario.from_dict(BASE).run()
    board = board_html(tl, 0)  # the starting position: nothing highlighted
    table = board[board.index('<div class="table">') : -len("</div>")]
    view = tl[0].state._repr_html_()
    assert inline_styles(table) in view
    assert view.count('<div class="table"') == 1
    assert 'data-testid="board"' not in view and "data-frame" not in view


def test_state_draws_every_player_who_is_active_and_who_lost() -> None:
    """Any number of players (the views are not limited to a scenario's two): each has its
    head and zones; the active player (CR 102.1) and a player who lost (104.3) are marked;
    every name is escaped."""
    tl = Scenario.from_dict(BASE).run()
    state = next(f.state for f in tl if len(f.state.stack) == 2)
    third = replace(state.players[1], name=HOSTILE, life=0, battlefield=(), library=())
    top, below = state.stack[-1], state.stack[0]
    stack = (below, replace(top, controller=2))  # the top item is the third player's
    three = replace(state, players=(*state.players, third), stack=stack, active=1, lost=(2,))
    html = three._repr_html_()
    no_raw_markup(html)
    items = html.split('data-testid="zone-stack"')[1].split('data-testid="stack-item"')[1:]
    assert '<span class="badge muted"' in items[0] and HOSTILE not in items[0]
    assert "&lt;img src=x onerror=alert(1)&gt;</span>" in items[0]
    assert "&lt;img" not in items[1].split("</section>")[0]  # the first player's: no badge
    assert html.count('data-testid="player-you"') == 1
    assert html.count('data-testid="player-opp"') == 1
    assert html.count('data-testid="player-2"') == 1
    for zone in ("library", "hand", "battlefield", "graveyard", "exile"):
        assert html.count(f'data-testid="p2-zone-{zone}"') == 1
    # the other players above the stack in turn order, the first player below it
    heads = re.findall(r'<div class="phead"[^>]*>(.*?)</div>', html)
    assert len(heads) == 3 and heads[0].startswith("<b>Opponent</b>")
    assert [('data-testid="active"' in h) for h in heads] == [True, False, False]
    assert [('data-testid="lost"' in h) for h in heads] == [False, True, False]
    assert "0 life" in heads[1]
    two = tl.final._repr_html_()
    assert 'data-testid="lost"' not in two and two.count('data-testid="active"') == 1


def test_attached_phased_out_and_face_down_objects_say_so() -> None:
    """CR 301.5 (attached to what), 702.26 (phased out), 708.2 (face down)."""
    tl = Scenario.from_dict(BASE).run()
    state = tl[0].state
    you, opp = state.players[0].battlefield[0], state.players[1].battlefield[0]
    objects = dict(state.objects)
    objects[you] = replace(objects[you], attached_to=opp, phased_out=True, face_down=True)
    html = replace(state, objects=objects)._repr_html_()
    assert "attached to Grizzly Bears</span>" in html
    assert 'data-testid="phased-out"' in html and 'data-testid="face-down"' in html
    plain = state._repr_html_()
    assert 'data-testid="attached"' not in plain and 'data-testid="phased-out"' not in plain


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
    library = tl[0].state.players[0].library
    html = tl[0].state._repr_html_()
    zone = html.split('data-testid="zone-library"')[1].split("</section>")[0]
    hidden = re.search(r"… (\d+) more …</span>", zone)
    assert hidden is not None
    # the top 7 and the bottom 4 (cascade puts cards on the bottom, 702.85a)
    assert zone.count('data-testid="card"') == 11 == len(library) - int(hidden.group(1))


def test_the_notebook_look_is_read_from_the_app_stylesheet() -> None:
    """One stylesheet (BOARD_CSS): a class's inline style in a notebook is what the app's
    rules give it, descendant and compound rules folded into their last class; rules a
    style attribute cannot say (pseudo-classes, attributes, @media) stay the app's."""
    css = """
    .a { color: red; } .a .b, .c.b { font: 600 11px/1.4 "X Y", sans-serif; }
    .a:hover { color: blue; } .d[x] { color: green; }
    @media (max-width: 5px) { .a { color: pink; } }
    .e h4 { margin: 0 0 4px; }
    """
    assert _inline_rules(css) == {
        "a": "color:red",
        "b": "font:600 11px/1.4 'X Y',sans-serif",
        "h4": "margin:0 0 4px",
        "board": "background:#fff;max-width:980px",  # a notebook's board: white, 980 px
    }
    tl = Scenario.from_dict(BASE).run()
    html = tl[0]._repr_html_()
    styled = re.findall(r' class="([^"]*)" style="([^"]*)"', html)
    assert ("chip c-G", _inline_rules(BOARD_CSS)["chip"] + ";border-left-color:#3c9a4a") in styled
    assert '<span class="life" style="color:#57606a;margin-left:6px">' in html
