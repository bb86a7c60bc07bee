"""engine.conformance: XMage's translated card tests, run and sorted by what they show.

The runner's figures on small hand-made cases (a pass, a wrong claim, an honest gap, a
reviewed XMage error, a decision left to XMage's AI, a typed error that is a failure and
never a crash), the command line, and the whole bundled suite: a test on cards claimed
fully simulated (engine.views.coverage) may fail only when the reviewed list gives its root
cause, and every reviewed failure still fails (a fixed one must leave the list).
"""

from __future__ import annotations

import json

import pytest

from engine import conformance
from engine.__main__ import main
from engine.conformance.runner import claimed_full

KEYS = {
    "xmage_commit",
    "tests_total",
    "translated",
    "passed",
    "failed_not_simulated",
    "failed_claimed_full",
    "xmage_differs",
    "not_translated",
}


def _player(name: str, **zones) -> dict:
    return {
        "name": name,
        "life": 20,
        "library": {"order": "listed", "cards": [{"name": "Mountain", "count": 5}]},
        **zones,
    }


def _case(
    tid: str,
    actions: list,
    expect: list,
    cards: list,
    *,
    hand=("Lightning Bolt",),
    battlefield=(),
    answers=None,
    strict=True,
) -> dict:
    players = [
        _player("PlayerA", hand=list(hand)),
        _player("PlayerB", battlefield=list(battlefield)),
    ]
    return {
        "id": tid,
        "scenario": {"version": 1, "seed": 1, "players": players, "actions": actions},
        "answers": answers or [{}, {}],
        "expect": expect,
        "cards": cards,
        "strict": strict,
    }


BOLT_FACE = {"do": "cast", "card": "Lightning Bolt", "targets": [{"player": 1}]}


def _suite(*cases: dict) -> dict:
    skipped = [
        {"id": "x.Combat", "reason": "combat", "detail": ""},
        {"id": "x.Code", "reason": "custom_java", "detail": ""},
    ]
    return {
        "xmage_commit": "c0ffee",
        "tests_total": len(cases) + 2,
        "cases": list(cases),
        "not_translated": skipped,
    }


def test_cr_120_3_a_translated_bolt_passes_and_a_wrong_expectation_is_a_wrong_claim():
    """Lightning Bolt deals 3 (120.3): XMage's assertLife 17 holds; a case expecting 16 on
    cards all claimed fully simulated is counted as a wrong claim, naming what differs."""
    ok = _case("t.Bolt", [BOLT_FACE], [{"check": "life", "player": 1, "n": 17}], ["Lightning Bolt"])
    bad = _case(
        "t.Wrong", [BOLT_FACE], [{"check": "life", "player": 1, "n": 16}], ["Lightning Bolt"]
    )
    rep = conformance.run_suite(_suite(ok, bad), reviewed={})
    d = rep.to_dict()
    assert set(d) == KEYS
    assert (d["tests_total"], d["translated"], d["passed"]) == (4, 2, 1)
    assert d["failed_claimed_full"] == 1 and d["failed_not_simulated"] == 0
    assert d["not_translated"] == {"combat": 1, "custom_java": 1}
    (fail,) = rep.failures()
    assert fail.id == "t.Wrong" and fail.kind == "expect:life" and "17" in fail.why


def test_a_failure_on_a_card_not_fully_simulated_is_an_honest_gap():
    assert not claimed_full("Cabal Therapy")
    case = _case(
        "t.Gap",
        [BOLT_FACE],
        [{"check": "life", "player": 1, "n": 0}],
        ["Lightning Bolt", "Cabal Therapy"],
    )
    d = conformance.run_suite(_suite(case), reviewed={}).to_dict()
    assert (d["failed_not_simulated"], d["failed_claimed_full"]) == (1, 0)


def test_a_reviewed_xmage_error_is_counted_apart_with_its_rule():
    case = _case(
        "t.XMage", [BOLT_FACE], [{"check": "life", "player": 1, "n": 16}], ["Lightning Bolt"]
    )
    reviewed = {"t.XMage": {"class": "xmage_differs", "reason": "made up", "rule": "120.3"}}
    rep = conformance.run_suite(_suite(case), reviewed=reviewed)
    assert rep.to_dict()["xmage_differs"] == 1 and rep.to_dict()["failed_claimed_full"] == 0
    assert rep.results[0].reviewed["rule"] == "120.3"


def test_cr_601_2c_targets_answered_from_xmage_add_target_and_ai_choices_not_translated():
    """A target the action doesn't give is asked (601.2c) and answered from the test's
    addTarget answers; with no answer, a strict test fails and a non-strict one (XMage's
    AI would have chosen) is not translated after all."""
    cast = {"do": "cast", "card": "Lightning Bolt"}
    bears = ["Grizzly Bears", "Grizzly Bears"]
    expect = [{"check": "permanent_count", "player": 1, "card": "Grizzly Bears", "n": 1}]
    answered = _case(
        "t.Answered",
        [cast],
        expect,
        ["Lightning Bolt"],
        battlefield=bears,
        answers=[{"targets": [[{"card": "Grizzly Bears"}]]}, {}],
    )
    strict = _case("t.Strict", [cast], expect, ["Lightning Bolt"], battlefield=bears)
    ai = _case("t.AI", [cast], expect, ["Lightning Bolt"], battlefield=bears, strict=False)
    rep = conformance.run_suite(_suite(answered, strict, ai), reviewed={})
    by = {r.id: r for r in rep.results}
    assert by["t.Answered"].outcome == "passed"
    assert by["t.Strict"].outcome == "failed_claimed_full" and by["t.Strict"].kind == "decision"
    assert "t.AI" not in by and rep.to_dict()["not_translated"]["ai_choice"] == 1


def test_cr_601_2g_a_choice_of_how_to_pay_is_xmage_auto_payment_so_not_translated():
    """With mana paid for real ("mana": "paid"), one way to pay is paid without asking; with
    several (a Mountain or Rugged Highlands for {R}, 601.2g-h) XMage's TestPlayer pays with
    its unscripted auto-payment, so the case is not translated (mana:payment_choice)."""
    expect = [
        {"check": "life", "player": 1, "n": 17},
        {"check": "tapped", "card": "Mountain", "tapped": True},
    ]
    one = _case("t.One", [BOLT_FACE], expect, ["Lightning Bolt"])
    one["scenario"]["mana"] = "paid"
    one["scenario"]["players"][0]["battlefield"] = ["Mountain"]
    two = json.loads(json.dumps(one))
    two["id"] = "t.Two"
    two["scenario"]["players"][0]["battlefield"] = ["Mountain", "Rugged Highlands"]
    rep = conformance.run_suite(_suite(one, two), reviewed={})
    assert [(r.id, r.outcome) for r in rep.results] == [("t.One", "passed")]
    assert rep.to_dict()["not_translated"]["mana:payment_choice"] == 1


def test_cr_601_2_a_playable_check_is_the_cast_the_engine_accepts_or_refuses_there():
    """XMage's checkPlayableAbility("Cast NAME"): the actions before ``at`` are played
    again and the cast is taken there with mana paid for real: with a Mountain, Lightning
    Bolt is castable; once the Mountain is tapped for the first Bolt, the second isn't
    (601.2h)."""
    two = _case(
        "t.Playable",
        [BOLT_FACE, BOLT_FACE],
        [
            {"check": "playable", "player": 0, "card": "Lightning Bolt", "has": True, "at": 0},
            {"check": "playable", "player": 0, "card": "Lightning Bolt", "has": False, "at": 1},
        ],
        ["Lightning Bolt"],
        hand=("Lightning Bolt", "Lightning Bolt"),
    )
    two["scenario"]["mana"] = "paid"
    two["scenario"]["players"][0]["battlefield"] = ["Mountain"]
    two["scenario"]["actions"] = [BOLT_FACE]
    two["expect"][1]["at"] = 1
    rep = conformance.run_suite(_suite(two), reviewed={})
    assert [(r.id, r.outcome) for r in rep.results] == [("t.Playable", "passed")]
    wrong = json.loads(json.dumps(two))
    wrong["expect"][1]["has"] = True
    rep = conformance.run_suite(_suite(wrong), reviewed={})
    assert rep.results[0].kind == "expect:playable"


def test_a_typed_error_is_the_case_failure_never_a_crash():
    bad = _case(
        "t.Error",
        [{"do": "cast", "card": "Counterspell"}],
        [{"check": "life", "player": 1, "n": 20}],
        ["Lightning Bolt"],
    )
    r = conformance.run_case(bad)
    assert r.status == "failed" and r.kind.startswith("error:")


def test_cli_json_prints_the_figures_for_one_card(capsys):
    assert main(["conformance", "--json", "--card", "Lightning Bolt"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert set(d) == KEYS
    assert (
        d["translated"]
        == d["passed"] + d["failed_not_simulated"] + d["failed_claimed_full"] + d["xmage_differs"]
        and d["translated"] > 10
    )
    assert main(["conformance", "--card", "Lightnig Bolt"]) == 2  # typed error, exit 2


@pytest.fixture(scope="module")
def whole_suite() -> conformance.Report:
    return conformance.run_suite()


def test_whole_suite_no_claimed_full_failure_outside_the_reviewed_list(whole_suite):
    """Claims never contradict a test without a reviewed reason: every failure on cards
    all claimed fully simulated is in data/reviewed.json with its root cause."""
    rep = whole_suite
    suite = conformance.load_suite()
    d = rep.to_dict()
    assert d["tests_total"] == len(suite["cases"]) + len(suite["not_translated"])
    assert d["translated"] + sum(d["not_translated"].values()) == d["tests_total"]
    unreviewed = [
        f"{r.id}: {r.why}"
        for r in rep.results
        if r.outcome == "failed_claimed_full" and r.reviewed is None
    ]
    assert unreviewed == []
    assert not [r for r in rep.results if r.kind.startswith("crash:")]


def test_whole_suite_reviewed_failures_still_fail(whole_suite):
    """A reviewed failure that passes now must leave the list (its root cause is fixed), and
    so must one whose cards are no longer all claimed fully simulated (the claim dropped:
    it is an honest gap now, counted as failed_not_simulated)."""
    reviewed = conformance.load_reviewed()
    by = {r.id: r for r in whole_suite.results}
    assert all(
        v.get("reason")
        and v.get("rule")
        and v.get("class") in ("engine", "harness", "xmage_differs")
        for v in reviewed.values()
    )
    fixed = [tid for tid in reviewed if tid in by and by[tid].outcome == "passed"]
    gone = [tid for tid in reviewed if tid not in by]
    unclaimed = [tid for tid in reviewed if tid in by and by[tid].outcome == "failed_not_simulated"]
    assert fixed == [] and gone == [] and unclaimed == []


def test_cr_117_3b_a_mid_game_check_reads_the_state_before_the_next_action():
    """XMage's check commands (checkLife at a turn and step) are expectations read where
    the scenario reaches that point: ``at`` K is the state just before action K, once the
    earlier actions' stack has resolved (117.3b); a wrong one fails like a final one."""
    two = (BOLT_FACE, BOLT_FACE)
    ok = _case(
        "t.Mid",
        list(two),
        [{"check": "life", "player": 1, "n": 17, "at": 1}, {"check": "life", "player": 1, "n": 14}],
        ["Lightning Bolt"],
        hand=("Lightning Bolt", "Lightning Bolt"),
    )
    bad = _case(
        "t.MidWrong",
        list(two),
        [{"check": "life", "player": 1, "n": 14, "at": 1}],
        ["Lightning Bolt"],
        hand=("Lightning Bolt", "Lightning Bolt"),
    )
    rep = conformance.run_suite(_suite(ok, bad), reviewed={})
    by = {r.id: r for r in rep.results}
    assert by["t.Mid"].outcome == "passed"
    assert by["t.MidWrong"].kind == "expect:life" and "17" in by["t.MidWrong"].why


def test_cr_509_1b_a_block_the_engine_refuses_is_dropped_as_xmage_testplayer_does():
    """XMage's TestPlayer declares a block command only when its rules allow it
    (PlayerImpl.declareBlocker): a ground creature named to block a flyer (702.9b) blocks
    nothing, the flyer's damage reaches the player (510.1a) and the would-be blocker has
    no damage marked (assertDamageReceived, 120.3e)."""
    attack = {
        "do": "attack",
        "attackers": ["Serra Angel"],
        "blocks": [{"blocker": "Grizzly Bears", "attacker": "Serra Angel"}],
    }
    case = _case(
        "t.Fly",
        [attack],
        [
            {"check": "life", "player": 1, "n": 16},
            {"check": "damage", "player": 1, "card": "Grizzly Bears", "n": 0},
        ],
        ["Serra Angel", "Grizzly Bears"],
        hand=(),
        battlefield=("Grizzly Bears",),
    )
    case["scenario"]["players"][0]["battlefield"] = ["Serra Angel"]
    (r,) = conformance.run_suite(_suite(case), reviewed={}).results
    assert r.outcome == "passed", r.why
    wrong = json.loads(json.dumps(case))
    wrong["expect"] = [{"check": "damage", "player": 1, "card": "Grizzly Bears", "n": 4}]
    (r,) = conformance.run_suite(_suite(wrong), reviewed={}).results
    assert r.kind == "expect:damage" and "expected 4" in r.why
