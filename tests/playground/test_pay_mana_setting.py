"""The board editor's "Pay mana with lands" box is the scenario's "mana" setting: on, the
board pays costs for real (601.2g-h); off (every older scenario), costs are assumed paid."""

from __future__ import annotations

from playground.board_form import ActionRow
from playground.model import PlaygroundModel


def test_the_box_follows_the_scenario_and_sets_it() -> None:
    m = PlaygroundModel()
    assert m.pay_mana is False and "mana" not in m.scenario
    m.hand_text = "Grizzly Bears"
    m.battlefield_text = "Forest\nMountain"
    m.action_rows = [ActionRow(do="cast", card="Grizzly Bears")]
    m.pay_mana = True
    assert m.apply_board(), m.board_errors
    assert m.scenario["mana"] == "paid"
    tapped = [
        m.timeline.final.objects[o].tapped
        for o in m.timeline.final.players[0].battlefield
        if m.timeline.final.objects[o].name in ("Forest", "Mountain")
    ]
    assert tapped == [True, True]
    m.pay_mana = False
    assert m.apply_board(), m.board_errors
    assert "mana" not in m.scenario


def test_a_board_that_cant_pay_says_what_is_missing() -> None:
    m = PlaygroundModel()
    m.hand_text = "Grizzly Bears"
    m.battlefield_text = "Mountain"
    m.action_rows = [ActionRow(do="cast", card="Grizzly Bears")]
    m.pay_mana = True
    before = m.scenario
    assert not m.apply_board()  # refused: the board is kept as it was
    assert m.scenario == before
    [error] = m.board_errors
    assert "{G} missing" in error and "601.2h" in error


def test_a_new_board_pays_for_real_and_an_edited_example_keeps_its_setting() -> None:
    """A board built from "New board" pays with its lands (601.2g-h): the box is on; an
    example edited in place keeps its own (assumed-paid) setting, so it plays as before."""
    m = PlaygroundModel()
    library = m.scenario["players"][0]["library"]
    m.hand_text = "Lightning Bolt"
    m.new_board_form()
    assert m.pay_mana is True
    assert m.hand_text == "" and m.battlefield_text == "" and m.opp_library_text == ""
    assert [r.do for r in m.action_rows] == ["cast"] and m.action_rows[0].card == ""
    m.hand_text = "Grizzly Bears"
    m.battlefield_text = "Forest\nMountain"
    m.action_rows = [ActionRow(do="cast", card="Grizzly Bears")]
    assert m.apply_board(), m.board_errors
    assert m.scenario["mana"] == "paid"
    assert m.scenario["players"][0]["library"] == library  # the Library tab's cards stay
    assert m.scenario["title"].startswith("Your board")
    final = m.timeline.final
    lands = [final.objects[o] for o in final.players[0].battlefield]
    assert sorted((c.name, c.tapped) for c in lands) == [
        ("Forest", True),
        ("Grizzly Bears", False),
        ("Mountain", True),
    ]
    edited = PlaygroundModel()
    edited.hand_text += "\nGrizzly Bears"
    assert edited.apply_board(), edited.board_errors
    assert "mana" not in edited.scenario and edited.pay_mana is False
