"""Scenario input: every kind of bad input is a ScenarioError that names the problem."""

from __future__ import annotations

import copy
import re

import pytest

from engine import Scenario, ScenarioError, TokenError

BASE = {
    "version": 1,
    "title": "t",
    "seed": 1,
    "players": [
        {
            "name": "You",
            "library": {"order": "listed", "cards": [{"name": "Forest", "count": 2}]},
            "hand": ["Bloodbraid Elf"],
        },
        {"name": "Opponent"},
    ],
    "actions": [{"do": "cast", "card": "Bloodbraid Elf"}],
    "choices": [],
}


def with_(path: list, value) -> dict:
    d = copy.deepcopy(BASE)
    node = d
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return d


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (["players", 0, "hand"], ["Bloodbraid Elff"], "did you mean: Bloodbraid Elf"),
        (
            ["players", 0, "library", "cards"],
            [{"name": "Forest", "count": 1_000_000}],
            "players[0].library.cards[0].count: 1000000 is out of range",
        ),
        (["players", 0, "library", "cards"], [{"name": "Forest", "count": 0}], "out of range"),
        (["players", 0, "library", "cards"], [{"name": "Forest", "count": "4"}], "whole number"),
        (
            ["players", 0, "library", "order"],
            "sorted",
            "players[0].library.order: unknown library order 'sorted'",
        ),
        (["actions"], [{"do": "fly"}], "unknown action 'fly'"),
        (["actions"], [{"do": "cast"}], "'cast' needs a 'card'"),
        (
            ["actions"],
            [{"do": "cast", "card": "Fireball", "x": -1}],
            "actions[0].x: -1 is out of range (0 to 99)",
        ),
        (["seed"], -5, "seed: -5 is out of range"),
        (["version"], 9, "version 9 is not supported"),
        (["players"], [], "players: needs at least 1 entry"),
        (
            ["players", 0, "battlefield"],
            [{"name": "Forest", "counters": {"lore": "x"}}],
            "players[0].battlefield[0].counters.lore: expected a whole number, got text",
        ),
        (
            ["players", 0, "battlefield"],
            [{"name": "Fire // Ice", "face": "Water"}],
            "has no face 'Water'",
        ),
        (["title"], "x" * 1000, "title: text of 1,000 characters is too long"),
    ],
)
def test_bad_input_names_the_problem(path, value, message) -> None:
    with pytest.raises(ScenarioError, match=re.escape(message)):
        Scenario.from_dict(with_(path, value))


def test_library_too_big() -> None:
    d = with_(
        ["players", 0, "library", "cards"],
        [{"name": n, "count": 250} for n in ("Forest", "Island", "Swamp", "Mountain", "Plains")],
    )
    with pytest.raises(ScenarioError, match="too big"):
        Scenario.from_dict(d)


def test_action_on_a_card_not_there_is_a_clear_error() -> None:
    d = with_(["actions"], [{"do": "cast", "card": "Lightning Bolt"}])
    with pytest.raises(ScenarioError, match="'Lightning Bolt' is not in your hand"):
        Scenario.from_dict(d).run()


def test_a_choice_that_is_not_an_option_is_a_clear_error() -> None:
    d = copy.deepcopy(BASE)
    d["players"][0]["library"]["cards"] = [{"name": "Lightning Bolt", "count": 1}]
    d["choices"] = ["cast:Nope"]
    with pytest.raises(ScenarioError, match="not an option"):
        Scenario.from_dict(d).run()


def test_not_json() -> None:
    with pytest.raises(ScenarioError, match="not valid JSON"):
        Scenario.from_json("{nope")


@pytest.mark.parametrize(
    "token", ["", "v2.abc", "v1.!!!", "v1." + "A" * 9000, "v1.eJzLSM3JyQcABiwCFQ"]
)
def test_bad_tokens(token: str) -> None:
    with pytest.raises((TokenError, ScenarioError)):
        Scenario.from_token(token)


def test_user_cards_from_scryfall_shape_join_the_pool() -> None:
    d = copy.deepcopy(BASE)
    d["cards"] = [{"name": "Homebrew Bolt", "mana_cost": "{R}", "type_line": "Instant"}]
    d["players"][0]["library"]["cards"] = [{"name": "Homebrew Bolt", "count": 1}]
    s = Scenario.from_dict(d)
    assert Scenario.from_token(s.to_token()) == s
    tl = s.run()
    assert tl.pending is not None and tl.pending.subject == "Homebrew Bolt"


def test_escapes_nothing_in_the_engine_but_keeps_text_exact() -> None:
    d = copy.deepcopy(BASE)
    d["title"] = "<img src=x onerror=alert(1)>"
    s = Scenario.from_dict(d)
    assert Scenario.from_token(s.to_token()).title == d["title"]
    html = s.with_choices(["decline"]).run()._repr_html_()
    assert "<img" not in html and "&lt;img" in html
