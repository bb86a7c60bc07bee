"""Every keyword of the pool has a state (engine.views.keyword_coverage), and coverage never claims
a card whose keyword the engine doesn't simulate (CR 702: keyword abilities)."""

from __future__ import annotations

import io
import json
import re
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from engine import default_pool
from engine.__main__ import main
from engine.lang.filters import characteristics
from engine.views import coverage
from engine.views import keyword_coverage as kc

from boards import board, play

TESTS = Path(__file__).parent


def _cov(name: str) -> coverage.CardCoverage:
    return coverage.card_coverage(default_pool().get(name))


def test_every_keyword_of_the_pool_has_a_state_cr_702_1() -> None:
    """702.1: the pool's keywords (236 at this data) are each listed with a known state."""
    pool = default_pool()
    rows = kc.table(pool.get(n) for n in pool.names)
    assert len(rows) >= 236
    assert {r["state"] for r in rows} <= set(kc.STATES)
    assert all(r["cards"] >= 1 for r in rows)
    morph = next(r for r in rows if r["keyword"] == "Morph")
    assert morph["state"] == kc.NOT
    ward = next(r for r in rows if r["keyword"] == "Ward")
    assert ward["state"] == kc.EFFECTS and ward["rule"] == "702.21a"


def test_each_implemented_keyword_is_cited_by_a_test_cr_702_1() -> None:
    """An implemented keyword names the rule it follows, and some engine test cites it."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in TESTS.glob("test_*.py"))
    uncited = []
    for k, (state, rule, _) in kc.TABLE.items():
        if state != kc.IMPLEMENTED:
            continue
        forms = {rule, rule.replace(".", "_")}
        if not any(re.search(re.escape(f) + r"(?![\d])", text) for f in forms):
            uncited.append((k, rule))
    assert uncited == []


@pytest.mark.parametrize(
    ("name", "status", "part"),
    [
        ("Arrogant Wurm", coverage.NOT, "keyword Madness"),
        ("Walk the Aeons", coverage.NOT, "keyword Buyback"),  # "sacrifice three Islands"
        ("Stormscale Scion", coverage.PARTLY, "storm: a copy of a permanent spell"),
        ("Batterskull", coverage.PARTLY, "keyword Living weapon"),
    ],
)
def test_a_card_with_a_keyword_not_simulated_is_not_claimed_and_names_it_cr_702_1(
    name: str, status: str, part: str
) -> None:
    cov = _cov(name)
    assert cov.status == status
    assert any(m.startswith(part) for m in cov.missing), cov.missing


@pytest.mark.parametrize(
    "name",
    [
        "Serra Angel",
        "Tendrils of Agony",
        "Kitchen Finks",
        "Eldrazi Skyspawner",
        "Bloodbraid Challenger",
    ],
)
def test_combat_and_implemented_keywords_keep_the_claim_cr_702_1(name: str) -> None:
    assert _cov(name).status == coverage.FULL


def test_shroud_creature_cant_be_the_target_of_a_spell_cr_702_18a() -> None:
    """Shock can target players and creatures, never the opponent's Deadly Insect."""
    tl = play(board(hand=("Shock",), opponent_battlefield=("Deadly Insect",)))
    assert tl.pending is not None and tl.pending.kind == "target"
    assert tl.pending.keys() == ["target:p0", "target:p1"]


def test_devoid_card_is_colorless_cr_702_114a() -> None:
    """Eldrazi Skyspawner ({2}{U}, devoid) is colorless on the battlefield."""
    from boards import game_of

    game = game_of(board(battlefield=("Eldrazi Skyspawner",)))
    oid = next(o for o in game.players[0].zones["battlefield"])
    assert characteristics(game, oid).colors == ()


def test_coverage_keywords_cli_lists_each_keyword_with_count_and_state_cr_702_1() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["coverage", "--keywords", "--json"]) == 0
    rows = json.loads(out.getvalue())["keywords"]
    by = {r["keyword"]: r for r in rows}
    assert by["Storm"]["state"] == kc.IMPLEMENTED and by["Storm"]["cards"] >= 39
    assert by["Flying"]["state"] == kc.COMBAT
    assert by["Morph"]["state"] == kc.NOT and by["Ward"]["state"] == kc.EFFECTS


def test_combat_keywords_the_combat_rules_dont_carry_out_are_not_simulated_cr_506_1() -> None:
    """Combat exists now: its keywords are carried out (flying, trample...) or named as not
    simulated (UNSIMULATED_KEYWORDS, exert, saddle...), never claimed by being "combat".
    Crew is carried out by its own module (engine.keywords.crew, 702.122a)."""
    from engine.rules.combat import UNSIMULATED_KEYWORDS

    # Bushido is the exception: its triggers are the card's data (702.45a), claimed only
    # there; combat names it as not simulated where the data doesn't hold them
    unsimulated = [k for k in UNSIMULATED_KEYWORDS if k != "Bushido"]
    assert all(kc.state_of(k)[0] == kc.NOT for k in (*unsimulated, "Exert", "Saddle"))
    assert kc.NEEDS_KEYWORD_TRIGGER["bushido"] == "Bushido"
    assert kc.state_of("Crew")[0] == kc.IMPLEMENTED
    assert kc.state_of("Trample")[0] == kc.COMBAT
    pool = default_pool()
    assert coverage.card_coverage(pool.find("Benalish Cavalry")).status != coverage.FULL  # flanking


def test_a_keyword_granted_to_others_counts_as_far_as_the_keyword_cr_613_1f() -> None:
    """Virulent Sliver gives Slivers poisonous 1 (702.70a), which combat doesn't apply: the
    card is not claimed; a granted keyword combat does carry out (flying) keeps the claim."""
    from engine.cards.definitions import CardDef

    pool = default_pool()
    cov = coverage.card_coverage(pool.find("Virulent Sliver"))
    assert cov.status != coverage.FULL
    assert any("Poisonous" in part for a in cov.abilities for part in a.missing)

    def granting(keyword: str) -> CardDef:
        return CardDef.from_dict(
            {
                "name": f"Zz Grants {keyword}",
                "mana_cost": "{1}{U}",
                "type_line": "Enchantment",
                "effects": {
                    "static": [
                        {
                            "op": "grant",
                            "who": "all",
                            "duration": "while_on_battlefield",
                            "filter": {"types": ["Creature"]},
                            "ability": {"kind": "keyword", "keyword": keyword},
                        }
                    ]
                },
            }
        )

    assert coverage.card_coverage(granting("Flying")).status == coverage.FULL
    assert coverage.card_coverage(granting("Bushido")).status != coverage.FULL
