"""Crew (CR 702.122): tap other untapped creatures with total power N or more, and the
Vehicle becomes an artifact creature until end of turn. Cultivator's Caravan (Crew 3) in
the style of XMage's CrewTest: set the board, crew, answer the choices, attack, check."""

from __future__ import annotations

import pytest

from engine import default_pool
from engine.base.errors import ScenarioError
from engine.views import coverage, keyword_coverage

from boards import answered, board, finished, of_kind, opp, play

LIB = ["Island"] * 5
CREW = {"do": "activate", "card": "Cultivator's Caravan"}


def _chars(tl, name: str, player: int = 0):
    state = tl.final
    [oid] = [o for o in state.players[player].battlefield if state.objects[o].card.name == name]
    return state.characteristics(oid), state.objects[oid]


def _crew_board(mine, *actions, hand=()) -> dict:
    return board(
        LIB,
        battlefield=["Cultivator's Caravan", *mine],
        opponent_library=LIB,
        actions=list(actions),
        hand=list(hand),
    )


def test_crewing_taps_creatures_with_total_power_3_and_makes_a_creature_cr_702_122a() -> None:
    """Grizzly Bears (2) and Llanowar Elves (1) crew it: both tapped, the Caravan is a 5/5
    artifact creature (layer 4, 613.1d) until end of turn."""
    tl = answered(_crew_board(["Grizzly Bears", "Llanowar Elves", "Island"], CREW), "Grizzly")
    c, caravan = _chars(tl, "Cultivator's Caravan")
    assert c.is_creature and "Artifact" in c.types and (c.power, c.toughness) == (5, 5)
    assert not caravan.tapped
    assert _chars(tl, "Grizzly Bears")[1].tapped and _chars(tl, "Llanowar Elves")[1].tapped
    assert not _chars(tl, "Island")[1].tapped
    [paid] = [e for e in of_kind(tl, "cost") if e.data.get("cost") == "crew"]
    assert paid.amount == 3 and len(paid.data["crewed_by"]) == 2  # 702.122b
    [effect] = [e for e in tl.final.continuous if e.kind == "add_types"]
    assert (effect.layer, effect.duration) == ("4", "end_of_turn")


def test_one_creature_with_enough_power_crews_alone_cr_702_122a() -> None:
    tl = answered(_crew_board(["Centaur Courser", "Llanowar Elves"], CREW), "Centaur Courser")
    assert _chars(tl, "Centaur Courser")[1].tapped
    assert not _chars(tl, "Llanowar Elves")[1].tapped
    assert _chars(tl, "Cultivator's Caravan")[0].is_creature


def test_crew_with_too_little_power_is_not_offered_cr_702_122a_602_2b() -> None:
    """Power 2 untapped (a tapped 3/3 doesn't count): the cost can't be paid, nothing is
    tapped and the activation is refused."""
    d = _crew_board(["Grizzly Bears", {"name": "Centaur Courser", "tapped": True}], CREW)
    with pytest.raises(ScenarioError, match="702.122a"):
        play(d)


def test_a_creature_that_came_this_turn_can_crew_cr_302_6() -> None:
    """Crew's cost has no {T} of the creature tapped, so summoning sickness doesn't stop a
    Centaur Courser cast this turn from crewing."""
    tl = finished(
        _crew_board([], {"do": "cast", "card": "Centaur Courser"}, CREW, hand=["Centaur Courser"])
    )
    assert _chars(tl, "Centaur Courser")[1].tapped
    assert _chars(tl, "Cultivator's Caravan")[0].is_creature


def test_the_crewed_vehicle_attacks_and_is_no_creature_after_the_turn_cr_514_2() -> None:
    """Crewed, the Caravan attacks for 5; in the next turn it is an artifact again (its
    "until end of turn" effect ended in the cleanup step, 514.2)."""
    attack = {"do": "attack", "attackers": ["Cultivator's Caravan"]}
    tl = finished(_crew_board(["Centaur Courser"], CREW, attack))
    assert opp(tl)["life"] == 15
    [declared] = of_kind(tl, "attack")
    assert declared.amount == 1
    later = finished(_crew_board(["Centaur Courser"], CREW, attack, {"do": "next_main"}))
    c, _ = _chars(later, "Cultivator's Caravan")
    assert not c.is_creature and "Artifact" in c.types
    assert not [e for e in later.final.continuous if e.kind == "add_types"]


def test_an_uncrewed_vehicle_cant_attack_cr_508_1a() -> None:
    attack = {"do": "attack", "attackers": ["Cultivator's Caravan"]}
    with pytest.raises(ScenarioError):
        play(_crew_board(["Centaur Courser"], attack))


def test_crew_is_a_simulated_keyword_and_the_caravan_is_claimed_whole() -> None:
    assert keyword_coverage.state_of("Crew")[0] == keyword_coverage.IMPLEMENTED
    cov = coverage.card_coverage(default_pool().get("Cultivator's Caravan"))
    assert cov.status == coverage.FULL, cov.missing


def test_a_vehicle_whose_crew_is_paid_otherwise_is_not_claimed() -> None:
    """Heart of Kiran's crew may be paid by removing a loyalty counter: its data has no
    Crew number, so its crew is named as not simulated."""
    cov = coverage.card_coverage(default_pool().get("Heart of Kiran"))
    assert cov.status != coverage.FULL
    assert any("Crew" in m for m in cov.missing)
