"""Granted cascade (CR 702.85a): which spells a grant reaches, read from the card data."""

from __future__ import annotations

from typing import Any

import pytest

from engine import default_pool
from engine.lang.spell_filter import matches
from engine.play.timeline import Timeline

from boards import board, cascade_triggers, play


def run(hand: list[str], battlefield: list[str], actions: list[dict], **kw: Any) -> Timeline:
    """Three Forests in the library, seed 1; ``kw`` goes to ``board`` (``spells_cast``...)."""
    return play(
        board(["Forest"] * 3, hand=hand, battlefield=battlefield, actions=actions, seed=1, **kw)
    )


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
    imoti = ["Imoti, Celebrant of Bounty"]
    titan = run(["Primeval Titan"], imoti, [{"do": "cast", "card": "Primeval Titan"}])
    assert len(cascade_triggers(titan)) == 1
    thragtusk = run(["Thragtusk"], imoti, [{"do": "cast", "card": "Thragtusk"}])
    assert len(cascade_triggers(thragtusk)) == 0


def test_maelstrom_nexus_only_the_first_spell_each_turn_cr_702_85a() -> None:
    first = run(["Thragtusk"], ["Maelstrom Nexus"], [{"do": "cast", "card": "Thragtusk"}])
    later = run(
        ["Thragtusk"], ["Maelstrom Nexus"], [{"do": "cast", "card": "Thragtusk"}], spells_cast=1
    )
    assert (len(cascade_triggers(first)), len(cascade_triggers(later))) == (1, 0)


def test_dark_apostle_next_noncreature_spell_has_cascade_cr_702_85a() -> None:
    tl = run(
        ["Grizzly Bears", "Thragtusk"],
        ["Dark Apostle"],
        [
            {"do": "activate", "card": "Dark Apostle"},
            {"do": "cast", "card": "Grizzly Bears"},
        ],
    )
    assert [e.data["filter"] for e in tl.events if e.kind == "grant"] == ["noncreature"]
    assert len(cascade_triggers(tl)) == 0  # a creature spell doesn't use up the grant
    tl = run(
        ["Grizzly Bears", "Maelstrom Nexus"],
        ["Dark Apostle"],
        [
            {"do": "activate", "card": "Dark Apostle"},
            {"do": "cast", "card": "Grizzly Bears"},
            {"do": "cast", "card": "Maelstrom Nexus"},
        ],
    )
    assert len(cascade_triggers(tl)) == 1  # the grant waited for the noncreature spell


def test_unreadable_grant_condition_is_not_applied_and_says_so() -> None:
    tl = run(["Thragtusk"], ["Rain of Riches"], [{"do": "cast", "card": "Thragtusk"}])
    assert len(cascade_triggers(tl)) == 0
    (skipped,) = [e for e in tl.events if e.kind == "not_simulated"]
    assert skipped.data["grant_source"] == "Rain of Riches" and skipped.rule == "702.85a"


@pytest.mark.parametrize(
    ("card", "text", "expected"),
    [
        ("Grizzly Bears", "Sliver", False),
        ("Sliver Overlord", "Slivers", True),
        ("Mistform Ultimus", "Sliver", True),  # 702.73a: a changeling is every creature type
        ("Lightning Bolt", "permanent", False),
        ("Grizzly Bears", "permanent spell", True),
        ("Thragtusk", "mana value 5 or greater", True),
        ("Lightning Bolt", "basic land card", False),
    ],
)
def test_a_filter_the_one_reader_understands_answers_for_every_spell(
    card: str, text: str, expected: bool
) -> None:
    """A grant to "Sliver spells" (The First Sliver) is understood: a Bear just doesn't
    get cascade (702.85a), where the spell reader used to call the filter unreadable for
    every spell that isn't a Sliver."""
    c = default_pool().get(card)
    assert matches(c.front, c.mana_value, text) is expected


def test_the_first_sliver_gives_no_cascade_to_a_bear_and_says_nothing_is_missing() -> None:
    tl = run(["Grizzly Bears"], ["The First Sliver"], [{"do": "cast", "card": "Grizzly Bears"}])
    assert len(cascade_triggers(tl)) == 0
    assert [e for e in tl.events if e.kind == "not_simulated"] == []
