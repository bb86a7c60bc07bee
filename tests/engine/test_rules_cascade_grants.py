"""Granted cascade (CR 702.85a): which spells a grant reaches, read from the card data."""

from __future__ import annotations

import pytest

from engine import Scenario, default_pool
from engine.spell_filter import matches


def run(hand: list[str], battlefield: list[str], actions: list[dict], **kw) -> object:
    return Scenario.from_dict({
        "seed": 1,
        "players": [
            {"library": {"order": "listed", "cards": [{"name": "Forest", "count": 3}]},
             "hand": hand, "battlefield": battlefield, **kw},
            {"name": "Opponent"},
        ],
        "actions": actions,
    }).run()  # fmt: skip


def cascades(tl) -> int:
    return sum(1 for e in tl.events if e.kind == "trigger" and "Cascade triggers" in e.text)


@pytest.mark.parametrize(
    ("card", "text", "expected"),
    [
        ("Lightning Bolt", "instant or sorcery", True),
        ("Grizzly Bears", "instant or sorcery", False),
        ("Grizzly Bears", "noncreature", False),
        ("Lightning Bolt", "noncreature", True),
        ("Thragtusk", "mana value >= 6", False),
        ("Primeval Titan", "mana value >= 6", True),
        ("Ulamog, the Ceaseless Hunger", "colorless, mana value >= 7", True),
        ("Thragtusk", "colorless, mana value >= 7", False),
        ("Sliver Overlord", "Sliver", True),
        ("Grizzly Bears", "Treasure mana was spent to cast it", None),
    ],
)
def test_spell_filters_are_read_or_refused(card: str, text: str, expected) -> None:
    c = default_pool().get(card)
    assert matches(c.front, c.mana_value, text) is expected


def test_imoti_grants_only_mana_value_6_or_more_cr_702_85a() -> None:
    assert (
        cascades(
            run(
                ["Primeval Titan"],
                ["Imoti, Celebrant of Bounty"],
                [{"do": "cast", "card": "Primeval Titan"}],
            )
        )
        == 1
    )
    assert (
        cascades(
            run(
                ["Thragtusk"], ["Imoti, Celebrant of Bounty"], [{"do": "cast", "card": "Thragtusk"}]
            )
        )
        == 0
    )


def test_maelstrom_nexus_only_the_first_spell_each_turn_cr_702_85a() -> None:
    first = run(["Thragtusk"], ["Maelstrom Nexus"], [{"do": "cast", "card": "Thragtusk"}])
    later = run(
        ["Thragtusk"], ["Maelstrom Nexus"], [{"do": "cast", "card": "Thragtusk"}], spells_cast=1
    )
    assert (cascades(first), cascades(later)) == (1, 0)


def test_dark_apostle_next_noncreature_spell_has_cascade_cr_702_85a() -> None:
    tl = run(
        ["Grizzly Bears", "Thragtusk"],
        ["Dark Apostle"],
        [
            {"do": "activate", "card": "Dark Apostle"},
            {"do": "cast", "card": "Grizzly Bears"},
        ],
    )
    assert any(e.kind == "grant" and "noncreature" in e.text for e in tl.events)
    assert cascades(tl) == 0  # a creature spell doesn't use up the grant
    tl = run(["Grizzly Bears", "Maelstrom Nexus"], ["Dark Apostle"], [
        {"do": "activate", "card": "Dark Apostle"},
        {"do": "cast", "card": "Grizzly Bears"},
        {"do": "cast", "card": "Maelstrom Nexus"},
    ])  # fmt: skip
    assert cascades(tl) == 1  # the grant waited for the noncreature spell


def test_unreadable_grant_condition_is_not_applied_and_says_so() -> None:
    tl = run(["Thragtusk"], ["Rain of Riches"], [{"do": "cast", "card": "Thragtusk"}])
    assert cascades(tl) == 0
    assert any(e.kind == "not_simulated" and "Treasure" in e.text for e in tl.events)
