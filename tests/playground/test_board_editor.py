"""In the browser: the board editor's zones, its action list, "Respond here",
"Set up board" without edits, and The First Eruption walked in one board."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .ui import (
    TIMEOUT,
    action_rows,
    button,
    expect_frame,
    fill_row,
    frame,
    load_example,
    open_app,
    open_tab,
    row_button,
    scenario_in_url,
    step,
    url_query,
    wait_scenario,
)

pytestmark = pytest.mark.e2e

FIRST_ERUPTION = "The First Eruption over real turns, from cast to sacrifice"


def test_every_zone_of_both_players(page: Page, app_url: str, shot) -> None:
    open_app(page, app_url)
    open_tab(page, "Board & action")
    boxes = {
        "Your hand": "Bloodbraid Elf",
        "Your battlefield": "2 Mountain\n2 Forest\nLlanowar Elves [tapped]\n"
        "Bonesplitter [attached=Llanowar Elves]",
        "Your graveyard": "Street Wraith",
        "Your exile": "Lightning Bolt",
        "Opponent's hand": "Counterspell",
        "Opponent's battlefield": "Grizzly Bears [+1/+1=2]",
        "Opponent's graveyard": "Fire // Ice",
        "Opponent's exile": "Tarmogoyf",
        "Opponent's library": "3 Island",
    }
    for label, text in boxes.items():
        page.get_by_label(label, exact=True).fill(text)
    for label, value in (
        ("Opponent's name", "Alice"),
        ("Opponent's life", "17"),
        ("Spells you cast this turn", "1"),
        ("Turn", "3"),
    ):
        box = page.get_by_label(label, exact=True)
        box.fill(value)
        box.press("Enter")
    button(page, "Set up board").click()
    expect(page.get_by_test_id("opp-zone-graveyard")).to_contain_text(
        "Fire // Ice", timeout=TIMEOUT
    )
    expect(page.get_by_test_id("board-errors")).to_have_text("")
    expect(page.get_by_test_id("zone-graveyard")).to_contain_text("Street Wraith")
    expect(page.get_by_test_id("zone-exile")).to_contain_text("Lightning Bolt")
    expect(page.get_by_test_id("opp-zone-exile")).to_contain_text("Tarmogoyf")
    expect(page.get_by_test_id("player-opp")).to_contain_text("Alice")
    expect(page.get_by_test_id("player-opp")).to_contain_text("17 life")
    d = wait_scenario(page, lambda d: d["players"][1]["name"] == "Alice")
    you, opp = d["players"]
    assert you["graveyard"] == ["Street Wraith"] and you["exile"] == ["Lightning Bolt"]
    assert {"name": "Llanowar Elves", "tapped": True} in you["battlefield"]
    assert {"name": "Bonesplitter", "attached_to": "Llanowar Elves"} in you["battlefield"]
    assert you["spells_cast"] == 1 and d["turn"] == 3
    assert opp["name"] == "Alice" and opp["life"] == 17
    assert opp["hand"] == ["Counterspell"] and opp["graveyard"] == ["Fire // Ice"]
    assert opp["battlefield"] == [{"name": "Grizzly Bears", "counters": {"+1/+1": 2}}]
    assert opp["exile"] == ["Tarmogoyf"]
    assert opp["library"]["cards"] == [{"name": "Island", "count": 3}]
    shot(page, "30-board-editor-every-zone")

    # a bad line: named next to the form, the text kept, the board unchanged
    page.get_by_label("Opponent's graveyard", exact=True).fill("Fire // Ice\nGrizzly Bearz")
    button(page, "Set up board").click()
    errors = page.get_by_test_id("board-errors")
    expect(errors).to_contain_text("Opponent's graveyard line 2: unknown card 'Grizzly Bearz'")
    expect(page.get_by_label("Opponent's graveyard", exact=True)).to_have_value(
        "Fire // Ice\nGrizzly Bearz"
    )
    assert scenario_in_url(page)["players"][1]["graveyard"] == ["Fire // Ice"]


def test_add_remove_and_reorder_actions(page: Page, app_url: str, shot) -> None:
    open_app(page, app_url)
    open_tab(page, "Board & action")
    rows = action_rows(page)
    expect(rows).to_have_count(1)  # the default board casts Bloodbraid Elf
    page.get_by_label("Your hand", exact=True).fill("")
    page.get_by_label("Your battlefield", exact=True).fill(
        "The First Eruption [lore=1]\n2 Mountain"
    )
    button(page, "Add an action").click()
    expect(rows).to_have_count(2)
    fill_row(page, 1, do="Proliferate")
    button(page, "Add an action").click()
    expect(rows).to_have_count(3)
    fill_row(page, 2, do="Add lore counters", card="The First Eruption", n="1")
    expect(rows.nth(2).get_by_test_id("action-summary")).to_contain_text(
        "add lore counters — The First Eruption, N=1"
    )
    row_button(page, 2, "up").click()
    expect(rows.nth(1).get_by_test_id("action-summary")).to_contain_text("add lore counters")
    expect(rows.nth(2).get_by_test_id("action-summary")).to_contain_text("proliferate")
    row_button(page, 0, "remove").click()
    expect(rows).to_have_count(2)
    expect(rows.nth(0).get_by_test_id("action-summary")).to_contain_text("1. add lore counters")
    shot(page, "31-board-editor-actions")
    button(page, "Set up board").click()
    expect(page.get_by_test_id("title")).to_contain_text("Your board", timeout=TIMEOUT)
    expect(page.get_by_test_id("board-errors")).to_have_text("")
    wait_scenario(
        page,
        lambda d: (
            d["actions"]
            == [{"do": "add_lore", "card": "The First Eruption", "n": 1}, {"do": "proliferate"}]
        ),
    )


def test_respond_here_adds_a_response_at_the_shown_frame(page: Page, app_url: str, shot) -> None:
    """Bloodbraid Elf cascades: while its cascade trigger is on the stack (the first moment
    a player gets priority, 117.3c), the opponent casts Counterspell on the Elf."""
    open_app(page, app_url)
    open_tab(page, "Board & action")
    respond = button(page, "Respond here")
    expect(respond).to_be_disabled()  # frame 0: nothing on the stack
    step(page, "next")
    expect_frame(page, 1)
    expect(respond).to_be_disabled()  # the Elf is cast, but its trigger comes first (117.5)
    step(page, "next")
    step(page, "next")
    expect_frame(page, 3)
    expect(respond).to_be_enabled()
    expect(page.get_by_test_id("respond-note")).to_have_text(
        "Frame 3: respond while Bloodbraid Elf's ability is on the stack."
    )
    respond.click()
    rows = action_rows(page)
    expect(rows).to_have_count(2)
    new = rows.nth(1)
    expect(new).to_have_class(re.compile("pg-new-row"))
    expect(new.get_by_label("When (on the stack)", exact=True)).to_have_value(
        "Bloodbraid Elf [kind=ability, nth=1]"
    )
    expect(new.get_by_label("Who", exact=True)).to_have_value("Opponent (player 2)")
    fill_row(page, 1, card="Counterspell", targets="Bloodbraid Elf [zone=stack]")
    page.get_by_label("Opponent's hand", exact=True).fill("Counterspell")
    shot(page, "32-board-editor-respond-here")
    button(page, "Set up board").click()
    expect(page.get_by_test_id("board-errors")).to_have_text("", timeout=TIMEOUT)
    actions = wait_scenario(page, lambda d: len(d["actions"]) == 2)["actions"]
    assert actions[1] == {
        "do": "cast",
        "card": "Counterspell",
        "player": 1,
        "when": {"on_stack": "Bloodbraid Elf", "kind": "ability", "nth": 1},
        "targets": [{"card": "Bloodbraid Elf", "zone": "stack"}],
    }
    step(page, "last")
    expect(page.get_by_test_id("opp-zone-graveyard")).to_contain_text("Counterspell")
    expect(page.get_by_test_id("zone-graveyard")).to_contain_text("Bloodbraid Elf")


def test_set_up_board_without_edits_keeps_scenario_answers_and_frame(
    page: Page, app_url: str
) -> None:
    open_app(page, app_url)
    load_example(page, "Cascade into a split card (Fire // Ice)")
    step(page, "last")
    button(page, "Cast Ice").click()  # an answer joins the scenario
    wait_scenario(page, lambda d: bool(d["choices"]))  # the answer reaches the link
    before, at = url_query(page)["s"], frame(page)
    assert scenario_in_url(page)["choices"]
    open_tab(page, "Board & action")
    button(page, "Set up board").click()
    expect(page.get_by_test_id("board-errors")).to_have_text("")
    page.wait_for_timeout(500)  # a change would re-run and redraw: give it the time to show
    assert url_query(page)["s"] == before
    assert frame(page) == at


def test_first_eruption_from_cast_to_sacrifice_in_one_board(page: Page, app_url: str, shot) -> None:
    open_app(page, app_url)
    load_example(page, FIRST_ERUPTION)
    open_tab(page, "Board & action")
    expect(action_rows(page)).to_have_count(len(scenario_in_url_or_example()["actions"]))
    # where the engine puts each lore counter on the Saga: the page must show it there
    from engine import Scenario

    tl = Scenario.from_dict(scenario_in_url_or_example()).run()
    lore_at: dict[int, int] = {}
    for f in tl:
        sagas = [o for o in f.state.zone(0, "battlefield") if o.name == "The First Eruption"]
        n = sagas[0].counters.get("lore", 0) if sagas else 0
        if n and n not in lore_at.values():
            lore_at[f.index] = n
    assert sorted(lore_at.values()) == [1, 2, 3]
    field = page.get_by_test_id("zone-battlefield")
    for k in range(1, len(tl)):
        step(page, "next")
        expect_frame(page, k)
        if k in lore_at:
            expect(field.get_by_test_id("counter")).to_have_text(f"lore {lore_at[k]}")
            if lore_at[k] == 2:
                shot(page, "33-first-eruption-walk")
    expect(page.get_by_test_id("zone-graveyard")).to_contain_text("The First Eruption")
    expect(field).not_to_contain_text("The First Eruption")
    # the editor gives it back whole: same link, same frame
    before = url_query(page)["s"]
    button(page, "Set up board").click()
    page.wait_for_timeout(500)
    assert frame(page) == len(tl) - 1 and url_query(page)["s"] == before


def scenario_in_url_or_example() -> dict:
    from playground.examples import scenario_of

    return scenario_of(FIRST_ERUPTION)


def test_respond_here_from_the_stepper_opens_the_new_row(page: Page, app_url: str) -> None:
    """Stepping the resolution, "Respond here…" under the stepper adds the response at the
    shown frame and opens the board editor on it (117.3c: priority with the trigger on the
    stack); it is disabled where nobody gets priority with something on the stack."""
    open_app(page, app_url)
    respond = button(page, "Respond here…")
    expect(respond).to_be_disabled()  # frame 0: nothing on the stack
    for _ in range(3):
        step(page, "next")
    expect_frame(page, 3)
    expect(respond).to_be_enabled()
    respond.click()
    rows = action_rows(page)
    expect(rows).to_have_count(2)  # the editor tab is open, the new row with it
    expect(rows.nth(1).get_by_label("When (on the stack)", exact=True)).to_have_value(
        "Bloodbraid Elf [kind=ability, nth=1]"
    )


def test_the_commander_box_sets_each_players_commander(page: Page, app_url: str) -> None:
    """CR 903.3, 903.6: a commander typed in the editor is on the board (command zone)."""
    open_app(page, app_url)
    open_tab(page, "Board & action")
    for label, value in (
        ("Your commander (command zone)", "the first sliver"),
        ("Opponent's commander (command zone)", "Arcane Signet"),
    ):
        box = page.get_by_label(label, exact=True)
        box.fill(value)
        box.press("Enter")
    button(page, "Set up board").click()
    expect(page.get_by_test_id("player-you").get_by_test_id("commander")).to_contain_text(
        "The First Sliver", timeout=TIMEOUT
    )
    expect(page.get_by_test_id("player-opp").get_by_test_id("commander")).to_contain_text(
        "Arcane Signet"
    )
    d = wait_scenario(page, lambda d: d["players"][0].get("commander") == "The First Sliver")
    assert d["players"][1]["commander"] == "Arcane Signet"
    box = page.get_by_label("Your commander (command zone)", exact=True)
    box.fill("The Frist Sliver")
    box.press("Enter")
    button(page, "Set up board").click()
    expect(page.get_by_test_id("board-errors")).to_contain_text(
        "Your commander: unknown card 'The Frist Sliver'"
    )
    assert scenario_in_url(page)["players"][0]["commander"] == "The First Sliver"
