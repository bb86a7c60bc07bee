"""A player's commander (CR 903.3) and mana of its color identity (903.4, 903.4f).

Arcane Signet, Command Tower: "Add one mana of any color in your commander's color
identity." The scenario names each player's commander (it is in the command zone,
903.6); the card data carries each card's color identity (CardDef.color_identity, built
by scripts/import_xmage.py). With no commander, or a colorless one, the ability adds no
mana (903.4f); with an identity the data does not know, it is not simulated.
"""

from __future__ import annotations

import pytest

from engine import CardDef, Scenario, ScenarioError, default_pool

from boards import answered, board, finished, of_kind, play

SIGNET = {
    "name": "Test Signet",
    "type_line": "Artifact",
    "mana_cost": "{2}",
    "effects": {
        "activated": [
            {
                "cost": "{T}",
                "costs": [{"cost": "tap"}],
                "ops": [{"op": "add_mana", "mana": "commander_color_identity"}],
                "mana_ability": True,
            }
        ]
    },
}
SELESNYA = {
    "name": "Test Selesnya General",
    "type_line": "Legendary Creature — Elf",
    "mana_cost": "{G}{W}",
    "power": "2",
    "toughness": "2",
    "color_identity": ["G", "W"],
}
MONO_RED = {
    "name": "Test Red General",
    "type_line": "Legendary Creature — Goblin",
    "mana_cost": "{1}{R}",
    "power": "2",
    "toughness": "2",
    "color_identity": ["R"],
}
COLORLESS = {
    "name": "Test Colorless General",
    "type_line": "Legendary Artifact Creature — Golem",
    "mana_cost": "{4}",
    "power": "3",
    "toughness": "3",
    "color_identity": [],
}
UNKNOWN = {
    "name": "Test Unknown General",
    "type_line": "Legendary Creature — Human",
    "mana_cost": "{1}{U}",
    "power": "1",
    "toughness": "1",
}  # no color_identity
TAP = [{"do": "activate", "card": "Test Signet", "mana": True}]


def _mana(tl) -> list[str]:
    return [e.data["mana"] for e in of_kind(tl, "mana")]


# ------------------------------------------------------------------ the scenario format
def test_commander_round_trips_through_the_scenario_format_cr_903_3() -> None:
    d = board(
        [], battlefield=["Forest"], commander="the first sliver", opponent_commander="Arcane Signet"
    )
    scn = Scenario.from_dict(d)
    assert [p.commander for p in scn.players] == ["The First Sliver", "Arcane Signet"]
    out = scn.to_dict()
    assert out["players"][0]["commander"] == "The First Sliver"
    assert Scenario.from_dict(out).to_dict() == out
    assert Scenario.from_json(scn.to_json()).players[0].commander == "The First Sliver"
    assert "commander" not in Scenario.from_dict(board([])).to_dict()["players"][0]


def test_the_commander_is_on_the_board_in_the_command_zone_cr_903_6() -> None:
    tl = play(board([], commander="The First Sliver"))
    assert tl.final.players[0].commander == "The First Sliver"
    assert tl.final.players[1].commander is None
    assert tl.final.summary()["players"][0]["commander"] == "The First Sliver"
    assert "commander" not in tl.final.summary()["players"][1]


def test_an_unknown_commander_is_a_typed_error_naming_it() -> None:
    with pytest.raises(ScenarioError) as e:
        Scenario.from_dict(board([], commander="The Frist Sliver"))
    assert "player 1 commander" in str(e.value) and "The Frist Sliver" in str(e.value)
    with pytest.raises(ScenarioError) as e:
        Scenario.from_dict(board([], opponent_commander=42))  # type: ignore[arg-type]
    assert "commander" in str(e.value)
    with pytest.raises(ScenarioError):
        Scenario.from_dict(board([], commander="x" * 500))


# ---------------------------------------------------------------- color identity, data
def test_card_color_identity_round_trips_and_absent_means_unknown_cr_903_4() -> None:
    card = CardDef.from_dict(SELESNYA)
    assert card.color_identity == ("W", "G")  # WUBRG order
    assert CardDef.from_dict(card.to_dict(compact=True)) == card
    assert CardDef.from_dict(UNKNOWN).color_identity is None
    assert CardDef.from_dict(COLORLESS).color_identity == ()
    with pytest.raises(ValueError):
        CardDef.from_dict({**SELESNYA, "color_identity": ["P"]})


def test_a_scryfall_card_brings_its_color_identity() -> None:
    card = CardDef.from_scryfall(
        {
            "name": "Birds of Paradise",
            "type_line": "Creature — Bird",
            "mana_cost": "{G}",
            "cmc": 1,
            "colors": ["G"],
            "color_identity": ["G"],
        }
    )
    assert card.color_identity == ("G",)


# -------------------------------------------------------------- the op (user cards)
def test_mana_of_a_two_color_identity_is_a_choice_between_them_cr_903_4() -> None:
    d = board(
        [],
        battlefield=["Test Signet"],
        commander="Test Selesnya General",
        cards=[SIGNET, SELESNYA],
        actions=TAP,
    )
    tl = play(d)
    assert tl.pending is not None
    assert sorted(tl.pending.keys()) == ["color:G", "color:W"]
    tl = answered(d, "color:G")
    assert tl.final.players[0].mana_pool == "{G}"
    assert _mana(tl) == ["{G}"]
    assert tl.final.zone(0, "battlefield")[0].tapped


def test_a_one_color_identity_adds_that_color_without_asking() -> None:
    d = board(
        [],
        battlefield=["Test Signet"],
        commander="Test Red General",
        cards=[SIGNET, MONO_RED],
        actions=TAP,
    )
    tl = finished(d)
    assert tl.final.players[0].mana_pool == "{R}"
    assert tl.answered == []


def test_no_commander_adds_no_mana_cr_903_4f() -> None:
    tl = finished(board([], battlefield=["Test Signet"], cards=[SIGNET], actions=TAP))
    assert tl.final.players[0].mana_pool == ""
    (ev,) = of_kind(tl, "mana")
    assert ev.rule == "903.4f" and ev.data["mana"] == "" and ev.data["commander"] is None
    assert of_kind(tl, "not_simulated") == []
    assert tl.final.zone(0, "battlefield")[0].tapped  # the cost is paid all the same


def test_a_colorless_commander_adds_no_mana_cr_106_5() -> None:
    d = board(
        [],
        battlefield=["Test Signet"],
        commander="Test Colorless General",
        cards=[SIGNET, COLORLESS],
        actions=TAP,
    )
    tl = finished(d)
    assert tl.final.players[0].mana_pool == ""
    (ev,) = of_kind(tl, "mana")
    assert ev.rule == "106.5" and ev.data["commander"] == "Test Colorless General"


def test_the_opponents_commander_is_not_yours() -> None:
    d = board(
        [],
        battlefield=["Test Signet"],
        opponent_commander="Test Red General",
        cards=[SIGNET, MONO_RED],
        actions=TAP,
    )
    assert finished(d).final.players[0].mana_pool == ""


def test_an_unknown_identity_is_not_simulated_never_guessed() -> None:
    d = board(
        [],
        battlefield=["Test Signet"],
        commander="Test Unknown General",
        cards=[SIGNET, UNKNOWN],
        actions=TAP,
    )
    tl = finished(d)
    assert tl.final.players[0].mana_pool == ""
    assert of_kind(tl, "mana") == []
    assert len(of_kind(tl, "not_simulated")) == 1


# ------------------------------------------------------------ the bundled card pool
def test_bundled_identities_of_the_maelstrom_deck_commander_and_signet() -> None:
    pool = default_pool()
    assert pool.get("The First Sliver").color_identity == tuple("WUBRG")
    assert pool.get("Arcane Signet").color_identity == ()  # its text has no mana symbol


def test_arcane_signet_with_the_first_sliver_offers_all_five_colors() -> None:
    d = board(
        [],
        battlefield=["Arcane Signet"],
        commander="The First Sliver",
        actions=[{"do": "activate", "card": "Arcane Signet", "mana": True}],
    )
    tl = play(d)
    assert sorted(tl.pending.keys()) == sorted(f"color:{c}" for c in "WUBRG")
    tl = answered(d, "color:B")
    assert tl.final.players[0].mana_pool == "{B}"


def test_arcane_signet_without_a_commander_adds_nothing_cr_903_4f() -> None:
    d = board(
        [],
        battlefield=["Arcane Signet"],
        actions=[{"do": "activate", "card": "Arcane Signet", "mana": True}],
    )
    tl = finished(d)
    assert tl.final.players[0].mana_pool == "" and of_kind(tl, "mana")[0].rule == "903.4f"


def test_the_maelstrom_deck_example_taps_arcane_signet_for_its_commanders_color() -> None:
    from pathlib import Path

    path = Path(__file__).parents[2] / "examples" / "scenarios" / "deck_maelstrom_nexus_edh.json"
    scn = Scenario.load(path)
    assert scn.players[0].commander == "The First Sliver"
    tl = scn.run()
    (ev,) = [e for e in of_kind(tl, "mana") if e.data.get("commander")]
    assert ev.rule == "903.4" and ev.data["mana"] in {f"{{{c}}}" for c in "WUBRG"}


def test_the_board_shows_the_commander_escaped() -> None:
    from engine.views.board_html import board_html

    evil = {**MONO_RED, "name": "<img src=x onerror=alert(1)> General"}
    tl = play(
        board([], commander=evil["name"], opponent_commander="The First Sliver", cards=[evil])
    )
    html = board_html(tl, 0)
    assert html.count('data-testid="commander"') == 2
    assert "<img" not in html and "&lt;img src=x onerror=alert(1)&gt; General" in html
    assert 'data-facts="The First Sliver"' in html
    assert 'data-testid="commander"' not in board_html(play(board([])), 0)
