"""Library builder: paste, search, edit counts, order, errors next to input."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.playground.ui import (
    button,
    expect_frame,
    open_app,
    scenario_in_url,
    set_board,
    step,
)

pytestmark = pytest.mark.e2e

DECKLIST = """Deck
2 Mountain
1x Forest
4 Lightning Bolt (M11) 146
3 Tarmogoyf
2 Bloodbraid Elf
"""


def test_paste_decklist_and_cast_bloodbraid_elf(page: Page, app_url: str, shot) -> None:
    open_app(page, app_url)
    deck = page.get_by_label("Decklist (MTGA, MTGO or '4 Card Name' lines)")
    deck.fill(DECKLIST)
    button(page, "Load decklist").click()
    summary = page.get_by_test_id("library-summary")
    expect(summary).to_contain_text("12 cards in library: 3 lands, 9 nonland")
    expect(page.get_by_test_id("library-row")).to_have_count(5)
    button(page, "Exactly as listed, top first").click()
    expect(summary).to_contain_text("exactly as listed")
    # top of the library is the first listed card
    expect(page.get_by_test_id("zone-library").get_by_test_id("card").first).to_have_attribute(
        "data-name", "Mountain"
    )
    shot(page, "04-library-pasted-decklist")

    set_board(
        page, hand="Bloodbraid Elf", battlefield="2 Mountain\n2 Forest", card="Bloodbraid Elf"
    )
    expect_frame(page, 0)
    expect(page.get_by_test_id("zone-hand")).to_contain_text("Bloodbraid Elf")
    step(page, "last")
    expect(page.get_by_test_id("decision")).to_contain_text("Lightning Bolt")
    expect(button(page, "Cast Lightning Bolt")).to_be_visible()
    expect(page.get_by_test_id("zone-exile")).to_contain_text("Mountain")
    shot(page, "05-board-cast-bloodbraid-elf")
    lib = scenario_in_url(page)["players"][0]["library"]
    assert lib["order"] == "listed"
    assert lib["cards"][0] == {"name": "Mountain", "count": 2}


def test_search_add_edit_and_remove(page: Page, app_url: str) -> None:
    open_app(page, app_url)
    summary = page.get_by_test_id("library-summary")
    expect(summary).to_contain_text("57 cards in library: 20 lands, 37 nonland")
    page.get_by_label("Search cards").press_sequentially("geological app", delay=20)
    matches = page.get_by_label("Matches")
    expect(matches.get_by_role("option", name="Geological Appraiser")).to_be_attached()
    page.get_by_label("Count", exact=True).fill("3")
    button(page, "Add to library").click()
    expect(summary).to_contain_text("60 cards in library: 20 lands, 40 nonland")
    count = page.get_by_label("Count of Geological Appraiser")
    expect(count).to_have_value("3")
    count.fill("1")
    count.press("Enter")
    expect(summary).to_contain_text("58 cards in library: 20 lands, 38 nonland")
    page.get_by_label("Count of Forest").fill("10")
    page.get_by_label("Count of Forest").press("Enter")
    expect(summary).to_contain_text("60 cards in library: 22 lands, 38 nonland")
    page.get_by_role("button", name="Remove Geological Appraiser").click()
    expect(summary).to_contain_text("59 cards in library: 22 lands, 37 nonland")
    expect(page.get_by_label("Count of Geological Appraiser")).to_have_count(0)
    # the seed is part of the scenario
    page.get_by_label("Seed").fill("123")
    page.get_by_label("Seed").press("Enter")
    expect(summary).to_contain_text("seed 123")


def test_bad_decklist_keeps_text_and_library(page: Page, app_url: str, shot) -> None:
    open_app(page, app_url)
    summary = page.get_by_test_id("library-summary")
    expect(summary).to_contain_text("57 cards")
    bad = "4 Lightnig Bolt\n0 Forest\n2 Mountain"
    deck = page.get_by_label("Decklist (MTGA, MTGO or '4 Card Name' lines)")
    deck.fill(bad)
    button(page, "Load decklist").click()
    errors = page.get_by_test_id("library-errors")
    expect(errors).to_contain_text("Lightnig Bolt")
    expect(errors).to_contain_text("did you mean")
    expect(errors).to_contain_text("Lightning Bolt")
    expect(errors).to_contain_text("count 0 on line 2 must be at least 1")
    expect(deck).to_have_value(bad)
    expect(summary).to_contain_text("57 cards in library")
    shot(page, "06-library-bad-decklist")
    # a bad count in the table is refused and the library stays as it was
    count = page.get_by_label("Count of Forest")
    count.fill("-3")
    count.press("Enter")
    expect(errors).to_contain_text("out of range")
    expect(summary).to_contain_text("57 cards in library")
    expect(count).to_have_value("8")  # the box shows the kept count again


def test_the_library_editor_works_from_the_keyboard(page: Page, app_url: str) -> None:
    open_app(page, app_url)
    summary = page.get_by_test_id("library-summary")
    expect(summary).to_contain_text("57 cards in library")
    page.get_by_label("Search cards").focus()
    page.keyboard.type("tarmo", delay=20)
    expect(page.get_by_label("Matches")).to_have_value("Tarmogoyf")
    page.keyboard.press("Tab")  # to the count
    page.keyboard.press("Control+A")
    page.keyboard.type("2")
    page.keyboard.press("Tab")  # to "Add to library"
    page.keyboard.press("Enter")
    expect(page.get_by_label("Count of Tarmogoyf")).to_have_value("6")
    expect(summary).to_contain_text("59 cards in library")
    button(page, "Exactly as listed, top first").focus()
    page.keyboard.press("Space")
    expect(summary).to_contain_text("exactly as listed")
    expect(button(page, "Exactly as listed, top first")).to_have_attribute("aria-pressed", "true")
    title = page.get_by_label("Scenario title")
    title.focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("Typed <i>here</i>")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("title")).to_have_text("Typed <i>here</i>")
