"""Reference-deck cards written by hand (data/cards_manual): Equipment and Auras with their
static abilities (CR 301.5, 303.4, 611.3a, 613), equip at sorcery speed (702.6a), and the
creatures and mana sources of the Urza's Saga, Jund and dinosaur decks that need no new
vocabulary. Boards before/after: zones, tapped state, computed P/T and keywords.
"""

from __future__ import annotations

import pytest

from engine.base.errors import ScenarioError

from boards import board, finished, perm_id, play

_perm = perm_id


def chars(tl, name: str, player: int = 0):
    return tl.final.characteristics(_perm(tl, name, player))


def equip(card: str, target: int) -> dict:
    return {"actions": [{"do": "activate", "card": card}], "choices": [f"target:o{target}"]}


# Object ids: with an empty hand and library, your battlefield is o1, o2, ... as listed.


def test_colossus_hammer_gives_plus_10_and_takes_flying_cr_613_4c_613_1f() -> None:
    tl = finished(
        board(
            [],
            battlefield=("Colossus Hammer", "Ornithopter", "Grizzly Bears"),
            **equip("Colossus Hammer", 2),
        )
    )
    bird = chars(tl, "Ornithopter")
    assert (bird.power, bird.toughness) == (10, 12)
    assert "Flying" not in bird.keywords  # loses flying (layer 6)
    assert chars(tl, "Grizzly Bears").pt == "2/2"
    assert tl.final.objects[_perm(tl, "Colossus Hammer")].attached_to == _perm(tl, "Ornithopter")


def test_equip_only_as_a_sorcery_cr_702_6a_602_5d() -> None:
    # The opponent's Equipment on your turn: equip is a sorcery-speed ability.
    d = board(
        [],
        opponent_battlefield=("Colossus Hammer", "Ornithopter"),
        actions=[{"do": "activate", "card": "Colossus Hammer", "player": 1}],
    )
    with pytest.raises(ScenarioError, match="602.5d"):
        play(d)


def test_meteoric_mace_equipped_gets_plus_4_0_and_trample_cr_613_4c() -> None:
    tl = finished(
        board([], battlefield=("Meteoric Mace", "Grizzly Bears"), **equip("Meteoric Mace", 2))
    )
    bears = chars(tl, "Grizzly Bears")
    assert (bears.power, bears.toughness) == (6, 2) and "Trample" in bears.keywords


def test_shadowspear_boost_and_keywords_and_its_hexproof_stripping_ability_cr_613_1f() -> None:
    d = board(
        [],
        battlefield=("Shadowspear", "Grizzly Bears"),
        opponent_battlefield=("Slippery Bogle", "Darksteel Myr"),
        actions=[
            {"do": "activate", "card": "Shadowspear", "ability": 1},
            {"do": "activate", "card": "Shadowspear", "ability": 0},
        ],
        choices=["target:o2"],
    )
    tl = finished(d)
    bears = chars(tl, "Grizzly Bears")
    assert (bears.power, bears.toughness) == (3, 3)
    assert {"Trample", "Lifelink"} <= set(bears.keywords)
    assert "Hexproof" not in chars(tl, "Slippery Bogle", 1).keywords
    assert "Indestructible" not in chars(tl, "Darksteel Myr", 1).keywords


def test_shadowspears_boost_ends_when_it_is_unattached_cr_611_3a() -> None:
    tl = finished(board([], battlefield=("Shadowspear", "Grizzly Bears")))
    assert chars(tl, "Grizzly Bears").pt == "2/2"  # not attached: no boost


def test_etalis_favor_attaches_boosts_and_discovers_3_cr_303_4f_701_57a() -> None:
    d = board(
        ["Lightning Strike", "Llanowar Elves"],
        hand=("Etali's Favor",),
        battlefield=("Grizzly Bears",),
        opponent_battlefield=("Grizzly Bears",),
    )
    tl = play(d)
    assert tl.pending is not None and tl.pending.kind == "discover_cast"
    d["choices"] = ["cast"]  # the Aura's only legal target (a creature you control) is auto
    tl = play(d)
    d["choices"].append(f"target:o{_perm(tl, 'Grizzly Bears', 1)}")  # Strike their Bears
    tl = finished(d)
    assert tl.final.summary()["players"][1]["graveyard"] == ["Grizzly Bears"]
    bears = chars(tl, "Grizzly Bears")
    assert (bears.power, bears.toughness) == (3, 3) and "Trample" in bears.keywords
    favor = tl.final.objects[_perm(tl, "Etali's Favor")]
    assert favor.attached_to == _perm(tl, "Grizzly Bears")
    # discover 3 exiled cards until a nonland card with mana value <= 3: Lightning Strike
    assert "Lightning Strike" not in tl.final.summary()["players"][0]["library"]


def test_springleaf_drum_taps_itself_and_a_creature_for_one_mana_cr_605_3a() -> None:
    d = board(
        [],
        battlefield=("Springleaf Drum", "Memnite"),
        actions=[{"do": "activate", "card": "Springleaf Drum", "mana": True}],
        choices=["color:G"],
    )
    tl = finished(d)
    state = tl.final
    assert state.objects[_perm(tl, "Springleaf Drum")].tapped
    assert state.objects[_perm(tl, "Memnite")].tapped
    assert state.players[0].mana_pool == "{G}"


def test_springleaf_drum_cant_be_activated_without_an_untapped_creature_cr_601_2h() -> None:
    d = board(
        [],
        battlefield=("Springleaf Drum",),
        actions=[{"do": "activate", "card": "Springleaf Drum", "mana": True}],
    )
    with pytest.raises(ScenarioError):
        play(d)


def test_tarmogoyf_counts_card_types_in_all_graveyards_cr_604_3_613_4a() -> None:
    d = board(
        [],
        battlefield=("Tarmogoyf",),
        graveyard=("Forest", "Lightning Bolt"),
        opponent_battlefield=(),
        actions=[],
    )
    d["players"][1]["graveyard"] = ["Grizzly Bears", "Dryad Arbor"]
    tl = finished(d)
    goyf = chars(tl, "Tarmogoyf")
    # Land, Instant, Creature (Dryad Arbor adds nothing new): 3/4
    assert (goyf.power, goyf.toughness) == (3, 4)
    assert (goyf.base_power, goyf.base_toughness) == (3, 4)  # 7a sets the base


def test_tarmogoyf_lives_through_bolt_when_bolt_adds_a_type_cr_608_2n_704_5g() -> None:
    # Land + sorcery: 2/3. Bolt deals 3, then is put into the graveyard as the last step of
    # its resolution (608.2n): an instant makes it 3/4 before the SBAs look (704.5g).
    d = board(
        [],
        hand=("Lightning Bolt",),
        battlefield=("Tarmogoyf",),
        graveyard=("Forest", "Thoughtseize"),
        choices=["target:o2"],
    )
    tl = finished(d)
    goyf = chars(tl, "Tarmogoyf")
    assert (goyf.power, goyf.toughness) == (3, 4)
    assert tl.final.objects[_perm(tl, "Tarmogoyf")].damage == 3


def test_tarmogoyf_dies_to_bolt_when_it_stays_too_small_cr_704_5g() -> None:
    # Sorcery only: 1/2, then 2/3 with Bolt in the graveyard: 3 damage is lethal.
    d = board(
        [],
        hand=("Lightning Bolt",),
        battlefield=("Tarmogoyf",),
        graveyard=("Thoughtseize",),
        choices=["target:o2"],
    )
    tl = finished(d)
    assert "Tarmogoyf" in tl.final.summary()["players"][0]["graveyard"]


def test_ghalta_puts_any_number_of_creature_cards_from_hand_onto_the_battlefield() -> None:
    # Hand: o1 Ghalta, o2 Zetalpa, o3 Llanowar Elves, o4 Lightning Bolt (not a creature).
    hand = ("Ghalta, Stampede Tyrant", "Zetalpa, Primal Dawn", "Llanowar Elves", "Lightning Bolt")
    tl = finished(board([], hand=hand, choices=["card:o2", "card:o3"]))
    assert sorted(tl.final.summary()["players"][0]["battlefield"]) == sorted(hand[:3])
    assert tl.final.summary()["players"][0]["hand"] == ["Lightning Bolt"]


def test_ghalta_may_put_none_cr_608_2c() -> None:
    hand = ("Ghalta, Stampede Tyrant", "Zetalpa, Primal Dawn")
    tl = finished(board([], hand=hand, choices=["card:none"]))
    assert tl.final.summary()["players"][0]["hand"] == ["Zetalpa, Primal Dawn"]


def test_equip_cost_with_life_pays_the_life_cr_702_6a_601_2h() -> None:
    """My Precious: "Equip {2}, Pay 2 life" (an added cost of the equip ability): 2 life."""
    d = board(
        [],
        battlefield=("My Precious // Allure of Power", "Grizzly Bears"),
        actions=[{"do": "activate", "card": "My Precious"}],
    )
    tl = finished(d)
    assert tl.final.players[0].life == 18
    host = tl.final.objects[_perm(tl, "My Precious // Allure of Power")].attached_to
    assert host == _perm(tl, "Grizzly Bears")
