"""The pool's Saga chapters written by hand (data/saga_chapters_manual.json), one
scenario per card: the real card from the bundled pool on the battlefield, a lore counter
added (714.2b), the board after. Fields, not wording. Reads only the bundled pool: runs
under Pyodide too.
"""

from __future__ import annotations

import pytest

from engine.base.errors import ScenarioError
from engine.rules import ability_costs

from boards import answered, board, of_kind, zone

LORE = "lore"


def saga(name: str, lore: int, face: str | None = None) -> dict:
    return {"name": name, "counters": {LORE: lore}, **({"face": face} if face else {})}


def add_lore(name: str, n: int = 1) -> list[dict]:
    return [{"do": "add_lore", "card": name, "n": 1} for _ in range(n)]


VORINCLEX = "Vorinclex // The Grand Evolution"
MILLED = [
    "Grizzly Bears",
    "Island",
    "Serra Angel",
    "Forest",
    "Colossal Dreadmaw",
    "Swamp",
    "Llanowar Elves",
    "Mountain",
    "Plains",
    "Memnite",
]


def test_the_grand_evolution_i_mill_ten_put_up_to_two_creature_cards() -> None:
    """701.17a: ten cards milled; then up to two creature cards from among them onto the
    battlefield (400.7: not cast); the eleventh card stays in the library."""
    d = board(
        [*MILLED, "Runeclaw Bear"],
        battlefield=[saga(VORINCLEX, 0, "The Grand Evolution")],
        actions=add_lore(VORINCLEX),
    )
    tl = answered(d, "Serra Angel", "Colossal Dreadmaw")
    assert [e.amount for e in of_kind(tl, "mill")] == [10]
    assert zone(tl, "library") == ["Runeclaw Bear"]
    bf = zone(tl, "battlefield")
    assert sorted(n for n in bf if n in MILLED) == ["Colossal Dreadmaw", "Serra Angel"]
    gy = sorted(zone(tl, "graveyard"))
    assert gy == sorted(set(MILLED) - {"Serra Angel", "Colossal Dreadmaw"})
    # only creature cards were offered (Island, Memnite's an artifact creature: offered)
    (first, _second) = [
        dec for _f, dec, _k in tl.answered if dec.kind.value == "put_onto_battlefield"
    ]
    labels = " ".join(o.label for o in first.options)
    assert "Island" not in labels and "Memnite" in labels and "Llanowar Elves" in labels


def test_the_grand_evolution_i_up_to_two_may_stop_at_none() -> None:
    d = board(
        MILLED, battlefield=[saga(VORINCLEX, 0, "The Grand Evolution")], actions=add_lore(VORINCLEX)
    )
    tl = answered(d, "card:none")
    assert not [n for n in zone(tl, "battlefield") if n in MILLED]
    assert sorted(zone(tl, "graveyard")) == sorted(MILLED)
    assert zone(tl, "library") == []


BEARS = "The Bears of Littjara"


def test_the_bears_of_littjara_iii_each_power_4_creature_deals_its_power() -> None:
    """120.3: Colossal Dreadmaw (6) and Serra Angel (4) each deal damage equal to their power
    to the target, each the source of its own damage; Grizzly Bears (2) deals none; the
    opponent's creature isn't a source."""
    d = board(
        battlefield=[saga(BEARS, 2), "Colossal Dreadmaw", "Serra Angel", "Grizzly Bears"],
        opponent_battlefield=["Craw Wurm", "Ancient Brontodon"],
        actions=add_lore(BEARS),
    )
    tl = answered(d, "Ancient Brontodon")
    st = tl.final
    dmg = [e for e in of_kind(tl, "damage") if e.amount]
    assert sorted(e.amount for e in dmg) == [4, 6]
    assert sorted(st.objects[e.source].name for e in dmg) == ["Colossal Dreadmaw", "Serra Angel"]
    assert zone(tl, "graveyard", 1) == ["Ancient Brontodon"]  # 9/9 dealt 10: dies (704.5g)
    assert zone(tl, "battlefield", 1) == ["Craw Wurm"]
    assert BEARS in zone(tl, "graveyard")  # 714.4: sacrificed after III


def test_the_bears_of_littjara_iii_no_target_no_damage() -> None:
    d = board(battlefield=[saga(BEARS, 2), "Colossal Dreadmaw"], actions=add_lore(BEARS))
    tl = answered(d, "target:none")  # up to one: none chosen
    assert [e.amount for e in of_kind(tl, "damage") if e.amount] == []
    assert zone(tl, "battlefield") == ["Colossal Dreadmaw"]


TYRANNIC = "The First Tyrannic War"


def test_the_first_tyrannic_war_i_x_cost_creature_enters_with_counters_per_land() -> None:
    """Its mana cost contains {X}: it enters with a +1/+1 counter per land you control
    (614.1c; not cast, so X is 0: 107.3b)."""
    d = board(
        hand=["Endless One", "Grizzly Bears"],
        battlefield=[saga(TYRANNIC, 0), "Forest", "Forest", "Island"],
        actions=add_lore(TYRANNIC),
    )
    tl = answered(d, "Endless One")
    st = tl.final
    (oid,) = [i for i in st.players[0].zone("battlefield") if st.objects[i].name == "Endless One"]
    assert dict(st.objects[oid].counters) == {"+1/+1": 3}
    assert zone(tl, "hand") == ["Grizzly Bears"]


def test_the_first_tyrannic_war_i_no_x_no_counters_and_may_put_none() -> None:
    d = board(
        hand=["Endless One", "Grizzly Bears", "Island"],
        battlefield=[saga(TYRANNIC, 0), "Forest"],
        actions=add_lore(TYRANNIC),
    )
    tl = answered(d, "Grizzly Bears")
    st = tl.final
    (oid,) = [i for i in st.players[0].zone("battlefield") if st.objects[i].name == "Grizzly Bears"]
    assert dict(st.objects[oid].counters) == {}
    (dec,) = [dec for _f, dec, _k in tl.answered if dec.kind.value == "put_onto_battlefield"]
    assert all("Island" not in o.label for o in dec.options)  # creature cards only
    tl = answered(d, "card:none")
    assert sorted(zone(tl, "hand")) == ["Endless One", "Grizzly Bears", "Island"]


FIRJA = "Firja's Retribution"


def _firja(opponent: list[str], *, answers: tuple[str, ...]) -> object:
    d = board(
        battlefield=[saga(FIRJA, 1), "Serra Angel"],
        opponent_battlefield=opponent,
        actions=[*add_lore(FIRJA), {"do": "activate", "card": "Serra Angel"}],
    )
    return answered(d, *answers)


def test_firjas_retribution_ii_angel_destroys_a_creature_with_less_power() -> None:
    """II: Angels you control gain "{T}: Destroy target creature with power less than this
    creature's power" until end of turn; Serra Angel (4) destroys Grizzly Bears (2)."""
    tl = _firja(["Grizzly Bears", "Colossal Dreadmaw"], answers=())  # the only legal target
    assert zone(tl, "graveyard", 1) == ["Grizzly Bears"]
    assert zone(tl, "battlefield", 1) == ["Colossal Dreadmaw"]
    st = tl.final
    (angel,) = [i for i in st.players[0].zone("battlefield") if st.objects[i].name == "Serra Angel"]
    assert st.objects[angel].tapped


def test_firjas_retribution_ii_greater_or_equal_power_is_no_legal_target() -> None:
    """A 4/4 (equal power, the Angel itself too) and a 6/6 aren't legal targets."""
    opp = ["Grizzly Bears", "Llanowar Elves", "Serra Angel", "Colossal Dreadmaw"]
    tl = _firja(opp, answers=("Llanowar Elves",))
    (dec,) = [dec for _f, dec, _k in tl.answered if dec.kind.value == "target"]
    labels = " ".join(o.label for o in dec.options)
    assert "Grizzly Bears" in labels and "Llanowar Elves" in labels
    assert "Colossal Dreadmaw" not in labels and "Serra Angel" not in labels
    assert zone(tl, "graveyard", 1) == ["Llanowar Elves"]


def test_firjas_retribution_ii_no_smaller_creature_no_activation() -> None:
    """601.2c via 602.2b: with no creature of power less than 4, it can't be activated."""
    with pytest.raises(ScenarioError):
        _firja(["Serra Angel", "Colossal Dreadmaw"], answers=())


def test_firjas_retribution_ii_ends_at_end_of_turn() -> None:
    """Until end of turn (514.2): next turn the Angel has no such ability."""
    d = board(
        ["Island"],
        battlefield=[saga(FIRJA, 1), "Serra Angel"],
        opponent_battlefield=["Grizzly Bears"],
        opponent_library=["Island"],
        actions=[
            *add_lore(FIRJA),
            {"do": "precombat_main"},
            {"do": "activate", "card": "Serra Angel"},
        ],
    )
    with pytest.raises(ScenarioError):
        answered(d)


JIN = "Jin-Gitaxias // The Great Synthesis"


def test_the_great_synthesis_iii_cast_any_number_free_then_returns_as_jin_gitaxias() -> None:
    """III: Divination and Grizzly Bears cast without paying their mana costs (118.9, on the
    stack above the chapter, 608.2g); Serra Angel declined; then the Saga is exiled and
    returns front face up (a new object, 400.7)."""
    d = board(
        ["Island", "Forest", "Swamp"],
        hand=["Divination", "Grizzly Bears", "Serra Angel"],
        battlefield=[saga(JIN, 2, "The Great Synthesis")],
        actions=add_lore(JIN),
    )
    tl = answered(d, "Divination", "cast", "Grizzly Bears", "cast", "Serra Angel", "decline")
    st = tl.final
    bf = zone(tl, "battlefield")
    assert "Grizzly Bears" in bf
    assert sorted(zone(tl, "hand")) == ["Forest", "Island", "Serra Angel"]  # Divination drew 2
    assert zone(tl, "graveyard") == ["Divination"]
    (jin,) = [i for i in st.players[0].zone("battlefield") if st.objects[i].name != "Grizzly Bears"]
    assert st.objects[jin].name == JIN and st.objects[jin].face is None  # front face up
    assert st.objects[jin].counters.get(LORE, 0) == 0  # a new object: no lore counters


def test_the_great_synthesis_iii_may_cast_nothing() -> None:
    d = board(
        hand=["Divination", "Island"],
        battlefield=[saga(JIN, 2, "The Great Synthesis")],
        actions=add_lore(JIN),
    )
    tl = answered(d, "card:none")
    assert sorted(zone(tl, "hand")) == ["Divination", "Island"]
    assert len(zone(tl, "battlefield")) == 1 and zone(tl, "graveyard") == []


WAR_GAMES = "The War Games"


def test_the_war_games_iv_exile_a_nontoken_creature_when_you_do_exile_all_warriors() -> None:
    """IV: the cost (exile a nontoken creature you control, 118.12) is paid, then the
    reflexive trigger (603.12) exiles every Warrior, on both sides; the Saga is sacrificed
    after its last chapter (714.4)."""
    d = board(
        battlefield=[saga(WAR_GAMES, 3), "Grizzly Bears", "Goblin Piker"],
        opponent_battlefield=["Mardu Hordechief", "Serra Angel"],
        actions=add_lore(WAR_GAMES),
    )
    tl = answered(d, "pay", "Grizzly Bears")
    assert sorted(zone(tl, "exile")) == ["Goblin Piker", "Grizzly Bears"]
    assert zone(tl, "exile", 1) == ["Mardu Hordechief"]
    assert zone(tl, "battlefield", 1) == ["Serra Angel"]
    assert zone(tl, "graveyard") == [WAR_GAMES]


def test_the_war_games_iv_declined_or_no_nontoken_creature_nothing_exiled() -> None:
    d = board(
        battlefield=[saga(WAR_GAMES, 3), "Goblin Piker"],
        opponent_battlefield=["Mardu Hordechief"],
        actions=add_lore(WAR_GAMES),
    )
    tl = answered(d, "decline")
    assert zone(tl, "battlefield") == ["Goblin Piker"]
    assert zone(tl, "battlefield", 1) == ["Mardu Hordechief"]
    # no nontoken creature (Sol Ring is no creature): the cost can't be paid (601.2h)
    d = board(
        battlefield=[saga(WAR_GAMES, 3), "Sol Ring"],
        opponent_battlefield=["Mardu Hordechief"],
        actions=add_lore(WAR_GAMES),
    )
    tl = answered(d)
    assert zone(tl, "battlefield") == ["Sol Ring"]
    assert zone(tl, "battlefield", 1) == ["Mardu Hordechief"]


def test_exile_permanents_cost_one_part_per_list_two_parts_not_simulated() -> None:
    """An artifact Human could be counted for both parts of "exile a Human and an artifact":
    two exile parts in one cost list are named as not simulated (Fugitive of the Judoon III
    stays untranslated) rather than paid by a guess."""
    human = {"cost": "exile_permanents", "n": 1, "filter": {"subtypes": ["Human"]}}
    artifact = {"cost": "exile_permanents", "n": 1, "filter": {"types": ["Artifact"]}}
    assert ability_costs.missing([human]) is None
    assert ability_costs.missing([human, artifact]) is not None
