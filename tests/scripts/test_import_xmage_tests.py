"""scripts/import_xmage_tests.py: XMage card tests (read as text) -> conformance cases.

The fixture (tests/fixtures/xmage_tests) is written in the shape of an XMage test; card
facts come from a small fake. Assertions read the produced scenario, answers and
expectations, and the reason codes of what is not translated; the committed suite is
checked for provenance and for loading as scenarios.
"""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import import_xmage_tests
from xmage.tests_translate import CardFacts, find_test_methods, translate_file

from engine import Scenario

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixtures" / "xmage_tests" / "BoltFixtureTest.java"
SUITE = ROOT / "engine" / "conformance" / "data" / "xmage_tests.json.gz"
PATH = "Mage.Tests/src/test/java/org/mage/test/cards/fixture/BoltFixtureTest.java"

CARDS = {
    "Lightning Bolt",
    "Mountain",
    "Grizzly Bears",
    "Counterspell",
    "Upkeep Watcher",
    "End Watcher",
    "Think Twice",
    "Island",
}
TEXTS = {
    "Upkeep Watcher": "new BeginningOfUpkeepTriggeredAbility(new GainLifeEffect(1))",
    "End Watcher": "new BeginningOfEndStepTriggeredAbility(new GainLifeEffect(1))",
}


def facts() -> CardFacts:
    return CardFacts(
        canonical=lambda n: n if n in CARDS else None,
        face_of=lambda n: None,
        is_land=lambda n: n == "Mountain",
        text=lambda n: TEXTS.get(n, ""),
        activated=lambda n: [("{T}", True, "{R}")] if n == "Mountain" else [],
        counter=lambda e: None,
        subtype=lambda e: None,
        keyword=lambda c: None,
        keyword_cost=lambda n, kw: (n, kw) == ("Think Twice", "Flashback"),
    )


def translate() -> tuple[dict, dict]:
    cases, skipped = translate_file(PATH, FIXTURE.read_text(encoding="utf-8"), facts())
    return {c["id"].rsplit(".", 1)[1]: c for c in cases}, {
        s["id"].rsplit(".", 1)[1]: s for s in skipped
    }


def test_every_test_method_is_a_case_or_not_translated_with_a_reason():
    methods = find_test_methods(FIXTURE.read_text(encoding="utf-8"))
    assert [m for m, _ in methods][:2] == ["test_BoltFace", "test_CounterTheBolt"]
    assert "notATest" not in [m for m, _ in methods]  # a commented-out @Test is no test
    cases, skipped = translate()
    assert set(cases) | set(skipped) == {m for m, _ in methods}
    assert not set(cases) & set(skipped)


def test_zones_library_and_assertions():
    """addCard (zone, player, count, tapped); the deck's 71 Mountains under the library
    cards, shuffled; a class constant; the assertions as expectations."""
    case = translate()[0]["test_BoltFace"]
    a, b = case["scenario"]["players"]
    assert a["battlefield"] == [{"name": "Mountain", "tapped": True}] * 2
    assert a["hand"] == ["Lightning Bolt"]
    assert b["library"] == {
        "order": "random",
        "cards": [{"name": "Grizzly Bears", "count": 1}, {"name": "Mountain", "count": 71}],
    }
    assert case["scenario"]["actions"] == [
        {"do": "cast", "card": "Lightning Bolt", "targets": [{"player": 1}]}
    ]
    assert case["strict"] is True
    assert {"check": "life", "player": 1, "n": 17} in case["expect"]
    assert {"check": "library_count", "player": 1, "n": 72} in case["expect"]
    assert {
        "check": "counters",
        "player": 0,
        "card": "Mountain",
        "counter": "+1/+1",
        "n": 0,
    } in case["expect"]
    assert Scenario.from_dict(case["scenario"]).players[1].library.size == 72


def test_a_response_while_the_spell_is_on_the_stack():
    """castSpell(..., spellOnStack) is a `when` response point (117.3)."""
    case = translate()[0]["test_CounterTheBolt"]
    acts = case["scenario"]["actions"]
    assert acts[0] == {
        "do": "cast",
        "card": "Lightning Bolt",
        "targets": [{"card": "Grizzly Bears"}],
    }
    assert acts[1]["card"] == "Counterspell" and acts[1]["player"] == 1
    assert acts[1]["when"] == {"on_stack": "Lightning Bolt", "kind": "any"}
    assert acts[1]["targets"] == [{"card": "Lightning Bolt"}]


def test_turns_are_walked_with_next_main():
    """Turn 2 is playerB's, turn 3 playerA's again: a stop at turn 3 walks there."""
    acts = translate()[0]["test_NextTurn"]["scenario"]["actions"]
    assert acts == [
        {"do": "next_main", "player": 1},
        {"do": "cast", "card": "Lightning Bolt", "player": 1, "targets": [{"player": 0}]},
        {"do": "next_main", "player": 0},
    ]


def test_a_helper_method_is_followed_with_its_arguments():
    case = translate()[0]["test_Helper"]
    assert case["scenario"]["players"][0]["battlefield"] == ["Mountain"] * 3


def test_combat_commands_are_the_turns_attack_action():
    """attack / block of a turn: one attack action (506-511) after the precombat main
    actions and before the postcombat ones; no block command: no blocks (509.1a);
    assertDamageReceived reads the damage marked (120.3e)."""
    cases = translate()[0]
    assert cases["test_Combat"]["scenario"]["actions"] == [
        {"do": "attack", "attackers": ["Grizzly Bears"], "blocks": []}
    ]
    case = cases["test_CombatBlockThenCast"]
    assert case["scenario"]["actions"] == [
        {"do": "next_main", "player": 1},
        {"do": "next_main", "player": 0},
        {
            "do": "attack",
            "attackers": ["Grizzly Bears"],
            "blocks": [{"blocker": "Grizzly Bears", "attacker": "Grizzly Bears"}],
        },
        {"do": "cast", "card": "Lightning Bolt", "targets": [{"player": 1}]},
    ]
    assert {"check": "damage", "player": 1, "card": "Grizzly Bears", "n": 0} in case["expect"]
    Scenario.from_dict(case["scenario"])


def test_mid_game_checks_are_read_between_the_actions():
    """A check at (turn, step) is an expectation read before the scenario action that
    follows it in XMage's priority order ("at"), or at the turn's draw step after the
    walk there; a check with a spell still on the stack is not said."""
    cases, skipped = translate()
    case = cases["test_CheckBetweenCasts"]
    assert [a["do"] for a in case["scenario"]["actions"]] == ["cast", "cast", "next_main"]
    assert case["expect"][:2] == [
        {"check": "permanent_count", "player": 1, "card": "Grizzly Bears", "n": 0, "at": 1},
        {"check": "life", "player": 1, "n": 17, "at": 3},
    ]
    assert skipped["test_CheckWithTheSpellOnTheStack"]["reason"] == (
        "mid_game_check:stack_not_empty"
    )


def test_a_step_trigger_the_scenario_walks_through_is_translated():
    """An upkeep trigger of a permanent cast on turn 1 (503.1): turns 2 and 3 are walked
    with next_main, whose upkeeps the engine plays as XMage does."""
    case = translate()[0]["test_UpkeepTriggerCastFirst"]
    assert [a["do"] for a in case["scenario"]["actions"]] == ["cast", "next_main", "next_main"]


def test_cr_601_2g_a_tapped_land_asserted_is_translated_with_mana_paid_for_real():
    """XMage pays with its lands: a test asserting a land tapped afterwards is played with
    the scenario's real payment ("mana": "paid", 601.2g-h), not with mana assumed."""
    case = translate()[0]["test_TappedLand"]
    assert case["scenario"]["mana"] == "paid"
    assert {"check": "tapped", "card": "Mountain", "tapped": True} in case["expect"]
    assert "mana" not in translate()[0]["test_BoltFace"]["scenario"]  # assumed paid


def test_cr_605_3a_a_mana_ability_the_test_activates_is_an_activate_action_with_mana():
    """activateManaAbility: the engine's activate action with "mana": true (its index among
    the card's mana abilities: a Mountain's intrinsic one, 305.6), mana paid for real; it
    doesn't use the stack, so the next action is no response to it."""
    case = translate()[0]["test_ManaAbility"]
    assert case["scenario"]["mana"] == "paid"
    assert case["scenario"]["actions"] == [
        {"do": "activate", "card": "Mountain", "ability": 0, "mana": True},
        {"do": "cast", "card": "Lightning Bolt", "targets": [{"player": 1}]},
    ]
    assert Scenario.from_dict(case["scenario"]).run().final.players[1].life == 17


def test_cr_702_34a_xmage_flashback_ability_is_the_cast_action_with_flashback():
    """activateAbility(..., "Flashback"): the player's one card with a flashback cost is
    cast from the graveyard with the engine's "flashback" flag."""
    case = translate()[0]["test_Flashback"]
    assert case["scenario"]["actions"] == [{"do": "cast", "card": "Think Twice", "flashback": True}]


def test_a_playable_check_is_an_expectation_read_with_mana_paid_for_real():
    """checkPlayableAbility("Cast NAME", false) after the first Bolt: a "playable" check
    at the action that follows, the scenario paying mana for real (601.2h)."""
    case = translate()[0]["test_Playable"]
    assert case["scenario"]["mana"] == "paid"
    assert {
        "check": "playable",
        "player": 0,
        "card": "Lightning Bolt",
        "has": False,
        "at": 1,
    } in case["expect"]


def test_reasons_for_what_is_not_said_exactly():
    skipped = translate()[1]
    assert skipped["test_CombatStopInside"]["reason"] == "combat:stop_inside_combat"
    assert skipped["test_DefaultStop"]["reason"] == "stop:UNTAP"  # the turn-2 untap default
    assert skipped["test_UnknownCard"]["reason"] == "card_not_in_pool"
    # turn 1's upkeep is not played by the scenario (it begins in the precombat main)
    assert skipped["test_UpkeepTrigger"]["reason"] == "phase_trigger:on_turn_1"
    # XMage's stop at END_TURN has played the end step; the scenario ends before it
    assert skipped["test_EndStepTriggerAtTheStop"]["reason"] == (
        "phase_trigger:end_step_at_the_stop"
    )
    assert skipped["test_CustomCode"]["reason"] == "custom_java"
    assert skipped["test_Ignored"]["reason"] == "ignored"


def test_output_is_deterministic():
    cases, skipped = translate_file(PATH, FIXTURE.read_text(encoding="utf-8"), facts())
    suite = {"tests_total": 17, "cases": cases, "not_translated": skipped}
    one = import_xmage_tests.encode(suite, "abc")
    assert one == import_xmage_tests.encode(json.loads(json.dumps(suite)), "abc")
    assert one[4:8] == b"\0\0\0\0"  # gzip mtime 0


def test_the_committed_suite_has_its_provenance_and_loads():
    suite = json.loads(gzip.decompress(SUITE.read_bytes()))
    prov = (ROOT / "docs" / "PROVENANCE.md").read_text(encoding="utf-8")
    assert re.fullmatch(r"[0-9a-f]{40}", suite["xmage_commit"])
    assert suite["xmage_commit"] in prov
    assert "MIT" in suite["license"]
    assert len(suite["cases"]) + len(suite["not_translated"]) == suite["tests_total"]
    ids = [c["id"] for c in suite["cases"]]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)
    for case in suite["cases"][:: max(1, len(suite["cases"]) // 200)]:
        Scenario.from_dict(case["scenario"])  # every sampled case is a valid scenario
