"""Alternative costs printed on a spell (CR 118.9, 601.2b, 601.2f-h): Force of Will, Force
of Negation. In the style of XMage's tests: set the zones, cast (or respond), answer the
choice, then check the zones, life and the events' fields."""

from __future__ import annotations

import pytest

from engine import default_pool
from engine.base.errors import ScenarioError
from engine.views import coverage

from boards import answered, board, finished, of_kind, opp, play, you

BOLT = {"do": "cast", "card": "Lightning Bolt", "targets": [{"player": 1}]}


def _alt_cost_events(tl) -> list:
    return [e for e in of_kind(tl, "cost") if e.data.get("cost") == "alternative"]


def _choose_cost(tl) -> list:
    """The decisions between the mana cost and an alternative cost (601.2b) answered."""
    return [
        d
        for _, d, _ in tl.answered
        if d.kind == "choose_cost" and any(o.key.startswith("cost:") for o in d.options)
    ]


def _respond(card: str, **extra) -> dict:
    return {"do": "counter", "player": 1, "with": card, "when": "Lightning Bolt", **extra}


# ------------------------------------------------------------------ Force of Negation
def test_force_of_negation_for_its_alternative_cost_on_an_opponents_turn_cr_118_9() -> None:
    """The opponent, on your turn, exiles a blue card from hand instead of paying {1}{U}{U}:
    the Brainstorm goes hand -> exile as the cost, the Bolt is countered and exiled."""
    d = board(
        hand=["Lightning Bolt"],
        opponent_hand=["Force of Negation", "Brainstorm", "Mountain"],
        actions=[BOLT, _respond("Force of Negation")],
    )
    tl = answered(d, "cost:alt0")
    assert opp(tl)["exile"] == ["Brainstorm"] and opp(tl)["hand"] == ["Mountain"]
    assert opp(tl)["graveyard"] == ["Force of Negation"]
    assert you(tl)["exile"] == ["Lightning Bolt"] and opp(tl)["life"] == 20
    [paid] = _alt_cost_events(tl)
    assert paid.data["alternative"] == 0 and paid.player == 1
    [cast] = [e for e in of_kind(tl, "cast") if e.data["face"] == "Force of Negation"]
    assert cast.amount == 3  # 118.9c: its mana value is still that of {1}{U}{U}


def test_the_player_may_still_pay_the_mana_cost_cr_118_9_601_2b() -> None:
    """The same board, the mana cost chosen: no card leaves the hand for a cost."""
    d = board(
        hand=["Lightning Bolt"],
        opponent_hand=["Force of Negation", "Brainstorm"],
        actions=[BOLT, _respond("Force of Negation")],
    )
    tl = answered(d, "cost:mana")
    assert opp(tl)["hand"] == ["Brainstorm"] and opp(tl)["exile"] == []
    assert you(tl)["exile"] == ["Lightning Bolt"] and not _alt_cost_events(tl)


def test_a_scenario_pre_answers_the_alternative_cost_cr_601_2b() -> None:
    d = board(
        hand=["Lightning Bolt"],
        opponent_hand=["Force of Negation", "Brainstorm"],
        actions=[BOLT, _respond("Force of Negation", alt_cost=True)],
    )
    tl = finished(d)
    assert opp(tl)["exile"] == ["Brainstorm"] and not _choose_cost(tl)


def test_force_of_negation_on_its_controllers_own_turn_is_not_offered_cr_118_9() -> None:
    """ "If it's not your turn": on your own turn the alternative cost isn't offered (no
    decision), the mana cost is paid and the blue card stays in hand; asked for, it fails."""
    own_turn = board(
        hand=["Lightning Bolt", "Force of Negation", "Brainstorm"],
        actions=[
            BOLT,
            {"do": "counter", "player": 0, "with": "Force of Negation", "when": "Lightning Bolt"},
        ],
    )
    tl = finished(own_turn)
    assert not _choose_cost(tl) and you(tl)["hand"] == ["Brainstorm"]
    assert you(tl)["exile"] == ["Lightning Bolt"]
    asked = {**own_turn, "actions": [BOLT, {**own_turn["actions"][1], "alt_cost": True}]}
    with pytest.raises(ScenarioError, match="118.9"):
        play(asked)


def test_an_alternative_cost_that_cant_be_paid_is_not_offered_cr_601_2h() -> None:
    """No other blue card in hand: the exile can't be paid, so only the mana cost remains."""
    d = board(
        hand=["Lightning Bolt"],
        opponent_hand=["Force of Negation", "Mountain"],
        actions=[BOLT, _respond("Force of Negation")],
    )
    tl = finished(d)
    assert not _choose_cost(tl) and opp(tl)["hand"] == ["Mountain"]
    with pytest.raises(ScenarioError, match="601.2h"):
        play({**d, "actions": [BOLT, _respond("Force of Negation", alt_cost=True)]})


def test_with_mana_paid_for_real_the_alternative_cost_is_the_way_to_cast_it_cr_601_2f() -> None:
    """With real mana payment and no lands, {1}{U}{U} can't be paid: the alternative cost is
    the only way, taken without a question; without a blue card the cast is refused."""
    d = {
        **board(
            hand=["Lightning Bolt"],
            battlefield=["Mountain"],
            opponent_hand=["Force of Negation", "Brainstorm"],
            actions=[BOLT, _respond("Force of Negation")],
        ),
        "mana": "paid",
    }
    tl = finished(d)
    assert opp(tl)["exile"] == ["Brainstorm"] and you(tl)["exile"] == ["Lightning Bolt"]
    assert not _choose_cost(tl)
    no_blue = {
        **d,
        "players": [d["players"][0], {**d["players"][1], "hand": ["Force of Negation"]}],
    }
    with pytest.raises(ScenarioError, match="601.2"):
        play(no_blue)


# ------------------------------------------------------------------------ Force of Will
def test_force_of_will_pays_1_life_and_exiles_a_blue_card_cr_118_9_119_4() -> None:
    d = board(
        hand=["Lightning Bolt", "Force of Will", "Brainstorm", "Island"],
        actions=[
            BOLT,
            {"do": "counter", "player": 0, "with": "Force of Will", "when": "Lightning Bolt"},
        ],
    )
    tl = answered(d, "Instead")
    assert you(tl)["life"] == 19 and you(tl)["exile"] == ["Brainstorm"]
    assert sorted(you(tl)["graveyard"]) == ["Force of Will", "Lightning Bolt"]
    assert you(tl)["hand"] == ["Island"] and opp(tl)["life"] == 20
    [paid] = _alt_cost_events(tl)
    assert paid.data["life"] == 1 and len(paid.data["exiled"]) == 1
    [cast] = [e for e in of_kind(tl, "cast") if e.data["face"] == "Force of Will"]
    assert cast.amount == 5  # 118.9c


def test_the_exiled_blue_card_is_the_players_choice_cr_601_2h() -> None:
    d = board(
        hand=["Lightning Bolt", "Force of Will", "Brainstorm", "Counterspell"],
        actions=[
            BOLT,
            {
                "do": "counter",
                "player": 0,
                "with": "Force of Will",
                "when": "Lightning Bolt",
                "alt_cost": True,
            },
        ],
    )
    tl = answered(d, "Exile Counterspell")
    assert you(tl)["exile"] == ["Counterspell"] and you(tl)["hand"] == ["Brainstorm"]


# --------------------------------------------------------------- only one (118.9a)
PITCH_ELEMENTAL = {
    "name": "Pitch Elemental",
    "mana_cost": "{4}{R}",
    "type_line": "Creature — Elemental",
    "power": "3",
    "toughness": "3",
    "colors": ["R"],
    "keywords": ["Evoke"],
    "effects": {
        "vanilla": True,
        "keyword_costs": {"Evoke": "{R}"},
        "alt_costs": [{"costs": [{"cost": "pay_life", "n": 3}]}],
    },
}


def test_only_one_alternative_cost_applies_to_a_spell_cr_118_9a() -> None:
    """Evoked, the printed alternative cost is neither offered nor allowed on top of it."""
    d = board(
        hand=["Pitch Elemental"],
        actions=[{"do": "cast", "card": "Pitch Elemental", "evoke": True}],
        cards=[PITCH_ELEMENTAL],
    )
    tl = finished(d)
    assert not _choose_cost(tl) and you(tl)["life"] == 20
    assert you(tl)["graveyard"] == ["Pitch Elemental"]  # evoked: sacrificed (702.74a)
    both = {**d, "actions": [{**d["actions"][0], "alt_cost": True}]}
    with pytest.raises(ScenarioError, match="118.9a"):
        play(both)
    alone = {**d, "actions": [{"do": "cast", "card": "Pitch Elemental", "alt_cost": True}]}
    tl = finished(alone)
    assert you(tl)["life"] == 17 and you(tl)["battlefield"] == ["Pitch Elemental"]


# ---------------------------------------------------------------------------- coverage
@pytest.mark.parametrize("name", ["Force of Negation", "Force of Will", "Daze", "Fireblast"])
def test_the_alternative_cost_cards_are_claimed_whole(name: str) -> None:
    cov = coverage.card_coverage(default_pool().get(name))
    assert cov.status == coverage.FULL, cov.missing


def test_an_alternative_cost_in_words_is_not_simulated_cr_118_9() -> None:
    from engine.cards.definitions import CardDef

    card = CardDef.from_dict(
        {
            "name": "Wordy Pitch",
            "mana_cost": "{2}{U}",
            "type_line": "Instant",
            "effects": {
                "spell": [{"op": "draw", "n": 1}],
                "alt_cost": "exile a card with a funny name from your hand",
            },
        }
    )
    cov = coverage.card_coverage(card)
    assert cov.status != coverage.FULL and any("118.9" in m for m in cov.missing)


def test_no_mana_is_spent_on_force_of_will_for_its_alternative_cost_cr_118_9_601_2i() -> None:
    """The alternative cost is paid before the spell becomes cast (601.2h-i), so Lavinia sees
    a spell cast without mana and counters it: the Bears the Force of Will targeted resolve
    (XMage's ForceOfWillTest.testWithLavinia)."""
    d = board(
        hand=["Balduvian Bears"],
        battlefield=["Lavinia, Azorius Renegade"],
        opponent_hand=["Force of Will", "Remand"],
        actions=[
            {"do": "cast", "card": "Balduvian Bears"},
            {
                "do": "counter",
                "player": 1,
                "with": "Force of Will",
                "when": "Balduvian Bears",
                "alt_cost": True,
            },
        ],
    )
    tl = finished(d)
    assert sorted(you(tl)["battlefield"]) == ["Balduvian Bears", "Lavinia, Azorius Renegade"]
    assert opp(tl)["graveyard"] == ["Force of Will"] and opp(tl)["exile"] == ["Remand"]
    assert opp(tl)["life"] == 19


TWO_WAYS = {
    "name": "Two Ways Bolt",
    "mana_cost": "{2}{R}",
    "type_line": "Instant",
    "colors": ["R"],
    "effects": {
        "spell": [{"op": "damage", "amount": 3, "to": "target"}],
        "targets": [{"what": "any", "count": 1}],
        "alt_costs": [
            {"costs": [{"cost": "pay_life", "n": 30}]},
            {"costs": [{"cost": "pay_life", "n": 2}]},
        ],
    },
}


def test_of_two_alternative_costs_only_the_payable_one_is_offered_cr_118_9_119_4() -> None:
    """30 life can't be paid with 20 (119.4): the decision offers the mana cost and the
    2-life alternative only; "alt_cost": true takes that one."""
    cast = {"do": "cast", "card": "Two Ways Bolt", "targets": [{"player": 1}]}
    d = board(hand=["Two Ways Bolt"], actions=[cast], cards=[TWO_WAYS])
    tl = play(d)
    assert tl.pending is not None and tl.pending.keys() == ["cost:mana", "cost:alt1"]
    tl = answered(d, "cost:alt1")
    assert you(tl)["life"] == 18 and opp(tl)["life"] == 17
    tl = finished({**d, "actions": [{**cast, "alt_cost": True}]})
    assert you(tl)["life"] == 18 and opp(tl)["life"] == 17
    with pytest.raises(ScenarioError, match="119.4"):
        play({**d, "actions": [{**cast, "alt_cost": 0}]})
