"""Real mana payment on the page (CR 601.2g-h, 605.3a): the board shows the lands tapped
for a spell, the pool they filled and what the spell was paid with; the board editor's
"Pay mana with lands" box makes a board that pays. Desktop and phone widths."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from tests.playground.ui import (
    TIMEOUT,
    action_rows,
    button,
    expect_frame,
    fill_row,
    load_example,
    open_app,
    open_tab,
    scenario_in_url,
    set_actions,
    step,
    wait_scenario,
)

pytestmark = pytest.mark.e2e

TITLE = "Shardless Agent cast with real mana from lands"
SIZES = {1400: 900, 390: 844}


@pytest.mark.parametrize("width", list(SIZES))
def test_the_board_shows_the_lands_tapped_and_the_mana_paid(
    browser: Browser, app_url: str, shot, width: int
) -> None:
    ctx = browser.new_context(viewport={"width": width, "height": SIZES[width]})
    page = ctx.new_page()
    page.set_default_timeout(10_000)
    open_app(page, app_url)
    load_example(page, TITLE)
    field = page.get_by_test_id("zone-battlefield")
    expect(field.locator(".chip.tapped")).to_have_count(1)  # the Mountain, tapped already
    step(page, "next")
    step(page, "next")
    expect_frame(page, 2)
    expect(page.get_by_test_id("rule")).to_contain_text("CR 605.3a")
    expect(field.locator(".chip.tapped")).to_have_count(4)
    pool = page.get_by_test_id("player-you").get_by_test_id("mana-pool")
    expect(pool).to_be_visible()
    expect(pool.locator(".ms")).to_have_count(3)
    shot(page, f"mana-01-lands-tapped-{width}")
    step(page, "next")
    expect_frame(page, 3)
    expect(page.get_by_test_id("rule")).to_contain_text("CR 601.2h")
    expect(pool).to_have_count(0)  # spent: the pool is empty again
    paid = page.get_by_test_id("zone-stack").get_by_test_id("mana-spent")
    expect(paid).to_be_visible()
    expect(paid).to_have_attribute("title", "from Forest, Island, Stomping Ground")
    shot(page, f"mana-02-paid-on-the-stack-{width}")
    overflow = page.evaluate("[document.scrollingElement.scrollWidth, window.innerWidth]")
    assert overflow[0] <= overflow[1], f"page scrolls sideways at {width} px: {overflow}"
    ctx.close()


def test_the_board_editor_box_makes_a_board_that_pays(page, app_url: str, shot) -> None:
    open_app(page, app_url)
    open_tab(page, "Board & action")
    page.get_by_label("Your hand").fill("Grizzly Bears")
    page.get_by_label("Your battlefield").fill("Forest\nMountain\nIsland")
    set_actions(page, 1)
    fill_row(page, 0, do="Cast a spell", card="Grizzly Bears")
    box = page.locator(".pg-pay-mana").get_by_role("checkbox")
    expect(page.locator(".pg-pay-mana")).to_contain_text("Pay mana with lands (601.2g-h)")
    expect(box).not_to_be_checked()
    box.check()
    expect(box).to_be_checked()
    button(page, "Set up board").click()
    wait_scenario(page, lambda s: s.get("mana") == "paid")
    assert scenario_in_url(page)["mana"] == "paid"
    step(page, "last")  # which two lands? the choice matters (Forest + Mountain or Island)
    decision = page.get_by_test_id("decision")
    expect(decision).to_be_visible(timeout=TIMEOUT)
    expect(decision).to_contain_text("how do you pay")
    choice = page.get_by_role("button", name=re.compile(r"^Tap Forest.*Island"))
    expect(choice).to_be_visible()
    expect(page.get_by_role("button", name=re.compile(r"^Tap Forest.*Mountain"))).to_be_visible()
    shot(page, "mana-03-which-lands")
    choice.click()
    wait_scenario(page, lambda s: bool(s.get("choices")))
    assert scenario_in_url(page)["choices"] == ["mana:Forest=G,Island=U"]
    step(page, "last")
    field = page.get_by_test_id("zone-battlefield")
    expect(field.locator(".chip.tapped")).to_have_count(2)
    expect(field.locator('.chip:not(.tapped)[data-name="Mountain"]')).to_have_count(1)
    shot(page, "mana-04-paid-board")


@pytest.mark.parametrize("width", list(SIZES))
def test_a_new_board_pays_with_its_lands(browser: Browser, app_url: str, shot, width: int) -> None:
    """The "New board" button empties the editor and ticks "Pay mana with lands": a board a person
    builds from nothing pays its costs for real (601.2g-h); the example before it did not."""
    ctx = browser.new_context(viewport={"width": width, "height": SIZES[width]})
    page = ctx.new_page()
    page.set_default_timeout(10_000)
    open_app(page, app_url)
    open_tab(page, "Board & action")
    box = page.locator(".pg-pay-mana").get_by_role("checkbox")
    expect(box).not_to_be_checked()  # the default example assumes its costs paid
    button(page, "New board").click()
    expect(box).to_be_checked()
    expect(page.get_by_label("Your hand")).to_have_value("")
    expect(page.get_by_label("Your battlefield")).to_have_value("")
    expect(action_rows(page)).to_have_count(1)
    page.get_by_label("Your hand").fill("Kird Ape")
    page.get_by_label("Your battlefield").fill("Mountain\nForest")
    fill_row(page, 0, card="Kird Ape")
    shot(page, f"mana-05-new-board-{width}")
    button(page, "Set up board").click()
    wait_scenario(page, lambda s: s.get("mana") == "paid")
    step(page, "last")
    field = page.get_by_test_id("zone-battlefield")
    expect(field.locator('.chip.tapped[data-name="Mountain"]')).to_have_count(1)
    expect(field.locator('.chip[data-name="Kird Ape"]')).to_have_count(1)
    expect(field.locator('.chip.tapped[data-name="Forest"]')).to_have_count(0)
    shot(page, f"mana-06-new-board-paid-{width}")
    ctx.close()
