"""Heroic (an ability word, CR 207.2c): "Whenever you cast a spell that targets this
creature, ..." -- a triggered ability (603.2) the importer writes into the card data from
XMage's HeroicAbility; coverage claims the keyword only with that trigger in the data."""

from __future__ import annotations

from engine.cards import carddb
from engine.views import coverage, keyword_coverage

from boards import board, finished, of_kind, opp, you


def _heroic(tl) -> list:
    return [
        e for e in of_kind(tl, "trigger") if e.data.get("trigger") == "self_targeted_by_your_spell"
    ]


def test_casting_a_spell_that_targets_it_triggers_heroic_cr_207_2c_603_2() -> None:
    """Akroan Crusader: your Giant Growth on it makes a 1/1 red Soldier token with haste."""
    d = board(
        [],
        hand=("Giant Growth",),
        battlefield=("Akroan Crusader",),
        choices=("target:Akroan Crusader",),
    )
    tl = finished(d)
    assert len(_heroic(tl)) == 1
    assert sorted(you(tl)["battlefield"]) == ["Akroan Crusader", "Soldier token"]


def test_an_opponents_spell_doesnt_trigger_heroic_cr_207_2c() -> None:
    """The opponent's Giant Growth on your Akroan Crusader: not your spell, no trigger."""
    d = board(
        [],
        battlefield=("Akroan Crusader",),
        opponent_hand=("Giant Growth",),
        actions=[{"do": "cast", "card": "Giant Growth", "player": 1}],
        choices=("target:Akroan Crusader",),
    )
    tl = finished(d)
    assert _heroic(tl) == []
    assert you(tl)["battlefield"] == ["Akroan Crusader"] and opp(tl)["battlefield"] == []


def test_heroic_is_claimed_only_with_its_trigger_in_the_data_cr_207_2c() -> None:
    pool = carddb.default_pool()
    card = pool.get("Akroan Crusader")
    assert coverage.card_coverage(card).status == coverage.FULL
    bare = type(card).from_dict({**card.to_dict(), "effects": {}})
    assert ("Heroic", "keyword Heroic (207.2c): not in the card's effect data") in (
        keyword_coverage.missing(bare)
    )
