"""Printed casting restrictions (CR 601.3) hold for every cast, free casts included.

Cascade (702.85a), discover (701.57a) and other "cast it without paying its mana cost while
this resolves" effects let the player ignore the timing permissions based on the card's
type (608.2g), not "Cast this spell only during combat" or "only if ...". The playground
has no combat, so "during combat" is never met. A restriction the engine can't evaluate is
never guessed: the card is not cast, with the reason "not simulated".

Tests assert zones, counts and event fields, never log wording.
"""

from __future__ import annotations

import pytest

from engine import Scenario
from engine.base.errors import ScenarioError
from engine.cards import carddb
from engine.views.coverage import card_coverage

from boards import answered, board, finished, of_kind, play, reasons, zone

WURM = "Enlisted Wurm"  # {4}{G}{W} cascade: hits below 6
SAVAGE = "Savage Beating"  # {3}{R}{R} instant: "Cast this spell only during combat on your turn"
RETAINERS = "Hewed Stone Retainers"  # {3}: "only if you've cast another spell this turn"
EVEN = "Even the Odds"  # {2}{W}: "only if you control fewer creatures than each opponent"
FEAST = "Feast of Blood"  # {1}{B}: "only if you control two or more Vampires"


def test_the_restrictions_are_structured_in_the_card_data_cr_601_3() -> None:
    pool = carddb.default_pool()
    savage = pool.get(SAVAGE).effects["cast_only"]
    assert savage == {
        "cond": "and",
        "of": [{"cond": "phase", "phase": "combat"}, {"cond": "my_turn"}],
    }
    assert pool.get(RETAINERS).effects["cast_only"] == {"cond": "cast_spell_this_turn"}
    assert isinstance(pool.get(EVEN).effects["cast_only"], str)  # not translated: words


def test_cascade_into_savage_beating_is_not_cast_outside_combat_cr_702_85a_601_3() -> None:
    """Enlisted Wurm's cascade exiles Savage Beating: castable by mana value and card type
    timing (608.2g), but its printed restriction (combat on your turn) is not met. It is not
    offered, the log says why (601.3 reason), and it goes to the bottom with the rest."""
    done = finished(board([SAVAGE, "Forest"], hand=[WURM]))
    assert done.answered == []  # no cast offered
    [cant] = of_kind(done, "cant_cast")
    assert reasons(cant) == ["cast_restriction"] and cant.rule == "702.85a"
    assert len(of_kind(done, "cast")) == 1  # only the Wurm
    assert sorted(zone(done, "library")) == ["Forest", SAVAGE]  # bottom, random order
    assert zone(done, "battlefield") == [WURM]


def test_a_player_cant_cast_savage_beating_in_the_main_phase_cr_601_3() -> None:
    """Your own cast in your main phase: the instant's type timing is fine (117.1a), the
    printed restriction is not (a typed error citing 601.3)."""
    d = board(hand=[SAVAGE])
    with pytest.raises(ScenarioError, match="601.3"):
        Scenario.from_dict(d).run()


def test_cascade_counts_the_cascading_spell_as_another_spell_cr_702_85a_601_3() -> None:
    """Hewed Stone Retainers: "only if you've cast another spell this turn". Found by a
    cascade, the cascading spell was already cast this turn, so it may be cast."""
    tl = play(board([RETAINERS], hand=[WURM]))
    assert tl.pending is not None and "cast" in tl.pending.keys()
    done = answered(board([RETAINERS], hand=[WURM]), "cast")
    assert sorted(zone(done, "battlefield")) == sorted([WURM, RETAINERS])


def test_another_spell_restriction_from_hand_cr_601_3() -> None:
    """From hand with no spell cast this turn it can't be cast; after one (the scenario's
    spells_cast count) it can."""
    with pytest.raises(ScenarioError, match="601.3"):
        Scenario.from_dict(board(hand=[RETAINERS])).run()
    done = finished(board(hand=[RETAINERS], spells_cast=1))
    assert zone(done, "battlefield") == [RETAINERS]


def test_untranslated_restriction_is_refused_not_guessed_cr_702_85a_601_3() -> None:
    """Even the Odds' condition is not translated: the free cast is not offered, with the
    reason "not simulated", and coverage shows the card as partly simulated."""
    done = finished(board([EVEN], hand=[WURM]))
    [cant] = of_kind(done, "cant_cast")
    assert reasons(cant) == ["cast_restriction_not_simulated"]
    assert done.answered == [] and zone(done, "library") == [EVEN]
    cov = card_coverage(carddb.default_pool().get(EVEN))
    assert cov.status == "partly"
    [restr] = [a for a in cov.abilities if a.label == "casting restriction"]
    assert not restr.simulated


def test_discover_respects_the_restriction_then_offers_it_when_met_cr_701_57a_601_3() -> None:
    """Discover 3 finds Feast of Blood: without two Vampires it can't be cast, so it goes to
    the hand (701.57a); with two Vampires the free cast is offered."""
    d = board([FEAST], actions=[{"do": "discover", "n": 3}])
    done = finished(d)
    assert zone(done, "hand") == [FEAST]
    [to_hand] = [e for e in of_kind(done, "to_hand")]
    assert reasons(to_hand) == ["cast_restriction"]
    vamps = ["Vampire Nighthawk", "Vampire Nighthawk"]
    tl = play(
        board(
            [FEAST],
            battlefield=vamps,
            opponent_battlefield=["Grizzly Bears"],
            actions=[{"do": "discover", "n": 3}],
        )
    )
    assert tl.pending is not None and "cast" in tl.pending.keys()


def test_cast_free_from_hand_respects_the_restriction_cr_608_2g_601_3() -> None:
    """A Saga chapter "you may cast an instant from your hand without paying its mana cost"
    (cast_free, 608.2g): Savage Beating is not offered (reason cast_restriction, logged) and
    stays in the hand."""
    saga = {
        "name": "Test Free Saga",
        "mana_cost": "{1}",
        "type_line": "Enchantment — Saga",
        "chapters": {
            "count": 2,
            "abilities": [{"chapters": [1], "ops": []}, {"chapters": [2], "ops": []}],
        },
        "effects": {
            "chapters": [
                {
                    "chapters": [1],
                    "ops": [{"op": "cast_free", "from": "hand", "filter": {"types": ["Instant"]}}],
                }
            ]
        },
    }
    d = board(
        hand=[SAVAGE],
        battlefield=[{"name": "Test Free Saga", "counters": {"lore": 0}}],
        actions=[{"do": "add_lore", "card": "Test Free Saga", "n": 1}],
        cards=[saga],
    )
    done = finished(d)  # nothing to choose: the only instant can't be cast
    [cant] = of_kind(done, "cant_cast")
    assert reasons(cant) == ["cast_restriction"]
    assert zone(done, "hand") == [SAVAGE] and of_kind(done, "cast") == []


def test_every_card_with_a_casting_restriction_is_described_cr_601_3() -> None:
    """The restriction is one ability of the card (coverage kind "restriction"): each card
    with one (every shape the importer writes) gets a sentence for it (engine.views.describe),
    translated or not."""
    from engine.views.describe import describe

    pool = carddb.default_pool()
    names = [
        SAVAGE,
        RETAINERS,
        EVEN,
        FEAST,
        "Grim Wanderer",
        "Festival",
        "Assassin's Blade",
        "Master Warcraft",
        "Melee",
        "Rapid Fire",
        "Reset",
        "Seedtime",
        "Rock Jockey",
        "Talara's Battalion",
        "Necrologia",
        "Delirium",
        "Illusory Angel",
    ]
    for name in names:
        card = pool.get(name)
        cov = card_coverage(card)
        assert [a.kind for a in cov.abilities].count("restriction") == 1, name
        assert len(describe(card)) >= len(cov.abilities), name


def test_cast_free_offers_only_cards_that_can_be_cast_cr_601_2c() -> None:
    """Murder (target creature) with no creature on the battlefield can't be cast (601.2c):
    the free cast offers Opt alone, and the log says why Murder isn't offered."""
    saga = {
        "name": "Test Free Saga",
        "mana_cost": "{1}",
        "type_line": "Enchantment — Saga",
        "chapters": {
            "count": 2,
            "abilities": [{"chapters": [1], "ops": []}, {"chapters": [2], "ops": []}],
        },
        "effects": {
            "chapters": [
                {
                    "chapters": [1],
                    "ops": [{"op": "cast_free", "from": "hand", "filter": {"types": ["Instant"]}}],
                }
            ]
        },
    }
    d = board(
        ["Island"],
        hand=["Murder", "Opt"],
        battlefield=[{"name": "Test Free Saga", "counters": {"lore": 0}}],
        actions=[{"do": "add_lore", "card": "Test Free Saga", "n": 1}],
        cards=[saga],
    )
    tl = play(d)
    assert [o.label for o in tl.pending.options] == ["Choose Opt", "None (stop here)"]
    [cant] = of_kind(tl, "cant_cast")
    assert reasons(cant) == ["no_legal_target"]
