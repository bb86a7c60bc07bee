""" "Whenever you draw your second card each turn" (CR 121: each card drawn is one draw; the
count is per turn and per player). A scenario that starts mid-turn says how many cards each
player already drew this turn (``cards_drawn``, default 0). Real cards: Faerie Mastermind
(an opponent's second card), Atlantean Cavalry (your second card)."""

from __future__ import annotations

import pytest

from engine import Scenario
from engine.base.errors import ScenarioError

from boards import board, finished, of_kind

# After the draw step of a normal turn: one card drawn already (504.1).
DREW_ONE = {
    "version": 1,
    "players": [
        {
            "name": "You",
            "life": 20,
            "cards_drawn": 1,
            "library": {"order": "listed", "cards": [{"name": "Island", "count": 3}]},
            "hand": ["Divination"],
            "battlefield": ["Atlantean Cavalry"],
        },
        {
            "name": "Opponent",
            "life": 20,
            "library": {"order": "listed", "cards": [{"name": "Plains", "count": 2}]},
        },
    ],
    "actions": [{"do": "cast", "card": "Divination"}],
}


def _counters(tl, name: str) -> int:
    state = tl.final
    [oid] = [o for o in state.players[0].battlefield if state.objects[o].name == name]
    return state.objects[oid].counter("+1/+1")


def test_your_second_card_counts_the_draws_before_the_scenario_cr_121_2() -> None:
    tl = finished(DREW_ONE)  # Divination draws the 2nd and 3rd cards of the turn
    assert _counters(tl, "Atlantean Cavalry") == 1
    [trig] = [e for e in of_kind(tl, "trigger") if e.data.get("trigger") == "you_draw_nth_card"]
    assert trig.data["event"]["player"] == 0


def test_with_no_card_drawn_yet_the_first_draw_is_not_the_second_cr_121_2() -> None:
    d = board(
        ["Island", "Island", "Island"], hand=["Divination"], battlefield=["Atlantean Cavalry"]
    )
    tl = finished(d)  # the 1st and 2nd card: the 2nd triggers once
    assert _counters(tl, "Atlantean Cavalry") == 1
    one = board(
        ["Island", "Island"], hand=["Opt"], battlefield=["Atlantean Cavalry"], choices=["scry:top"]
    )
    tl = finished(one)
    assert _counters(tl, "Atlantean Cavalry") == 0  # one card drawn: not the second


def test_faerie_mastermind_sees_the_opponents_second_card_cr_121_2() -> None:
    d = board(
        ["Island"],
        battlefield=["Faerie Mastermind"],
        opponent_library=["Plains", "Plains"],
        actions=[{"do": "next_main"}],
    )
    # the opponent draws once in their draw step: not their second card
    tl = finished(d)
    assert not [e for e in of_kind(tl, "trigger") if e.data.get("trigger") == "you_draw_nth_card"]


def test_cards_drawn_round_trips_and_is_checked() -> None:
    sc = Scenario.from_dict(DREW_ONE)
    assert sc.players[0].cards_drawn == 1 and sc.to_dict()["players"][0]["cards_drawn"] == 1
    assert "cards_drawn" not in sc.to_dict()["players"][1]
    bad = {
        **DREW_ONE,
        "players": [{**DREW_ONE["players"][0], "cards_drawn": -1}, DREW_ONE["players"][1]],
    }
    with pytest.raises(ScenarioError, match="cards_drawn"):
        Scenario.from_dict(bad)


def test_faerie_mastermind_draws_when_the_opponent_draws_their_second_card_cr_121_2() -> None:
    d = {
        "version": 1,
        "players": [
            {
                "name": "You",
                "life": 20,
                "battlefield": ["Faerie Mastermind"],
                "library": {"order": "listed", "cards": [{"name": "Island", "count": 3}]},
            },
            {
                "name": "Opponent",
                "life": 20,
                "cards_drawn": 1,
                "library": {"order": "listed", "cards": [{"name": "Plains", "count": 2}]},
            },
        ],
        "actions": [{"do": "activate", "card": "Faerie Mastermind"}],
    }
    tl = finished(d)  # each player draws: the opponent's 2nd card of the turn
    you, opp = tl.final.players
    assert len(opp.hand) == 1 and len(you.hand) == 2  # yours, then Mastermind's trigger
