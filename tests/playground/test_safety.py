"""Safety: hostile names render as text; sessions never share state."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.playground.ui import (
    button,
    expect_frame,
    load_example,
    open_app,
    open_tab,
    set_board,
    step,
)

pytestmark = pytest.mark.e2e

EVIL = "<img src=x onerror=alert(1)>"


def test_hostile_names_render_as_text(page: Page, app_url: str, shot) -> None:
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    open_app(page, app_url)

    # a card from Scryfall JSON whose name is markup
    page.get_by_text("Add a card from Scryfall JSON").click()
    card = {
        "object": "card",
        "name": EVIL,
        "layout": "normal",
        "mana_cost": "{1}{G}",
        "cmc": 2,
        "type_line": "Creature — Elf <b>Warrior</b>",
        "keywords": [],
    }
    page.get_by_label("Card JSON from Scryfall").fill(json.dumps(card))
    button(page, "Add Scryfall card").click()
    expect(page.get_by_test_id("library-row").filter(has_text=EVIL)).to_have_count(1)

    # a scenario title with markup
    title = page.get_by_label("Scenario title")
    title.fill("<b>bold</b><script>alert(2)</script>")
    title.press("Enter")
    expect(page.get_by_test_id("title")).to_have_text("<b>bold</b><script>alert(2)</script>")

    # the hostile card in hand and on the stack
    set_board(page, hand=EVIL, battlefield="2 Forest", card=EVIL)
    chip = page.get_by_test_id("zone-hand").get_by_test_id("card")
    expect(chip).to_have_text(EVIL + "!1G")  # "!": what it does is not simulated
    chip.hover()  # its facts panel shows the name and type line as text
    facts = page.get_by_test_id("card-facts")
    expect(facts.locator(".cf-name")).to_have_text(EVIL)
    expect(facts.get_by_test_id("facts-type")).to_have_text("Creature — Elf <b>Warrior</b>")
    step(page, "next")
    expect(page.get_by_test_id("zone-stack")).to_contain_text(EVIL)
    expect(page.get_by_test_id("event-text")).to_contain_text(EVIL)
    expect(page.get_by_test_id("log-line").nth(1)).to_contain_text(EVIL)

    # a decklist line with markup: the error quotes it as text
    open_tab(page, "Library")
    deck = page.get_by_label("Decklist (MTGA, MTGO or '4 Card Name' lines)")
    deck.fill("4 <script>alert(3)</script>")
    button(page, "Load decklist").click()
    expect(page.get_by_test_id("library-errors")).to_contain_text("<script>alert(3)</script>")

    # nothing was interpreted as markup anywhere (CSS locators pierce the shadow DOM)
    assert page.locator("img[src='x']").count() == 0
    assert page.locator("#mtg-facts b b, #mtg-facts img").count() == 0
    assert page.locator("[data-testid=title] b").count() == 0
    assert page.locator("script:text('alert')").count() == 0
    page.wait_for_timeout(300)
    assert dialogs == []
    shot(page, "14-safety-escaped-names")


def test_two_sessions_step_independently(browser: Browser, app_url: str, shot) -> None:
    ctx_a = browser.new_context(viewport={"width": 1500, "height": 1000})
    ctx_b = browser.new_context(viewport={"width": 1500, "height": 1000})
    a, b = ctx_a.new_page(), ctx_b.new_page()
    open_app(a, app_url)
    open_app(b, app_url)
    load_example(b, "Discover 3 (Geological Appraiser)")
    expect(b.get_by_test_id("title")).to_have_text("Geological Appraiser discovers")
    for _ in range(3):
        step(a, "next")
        step(b, "next")
        step(b, "next")
    expect_frame(a, 3)
    expect_frame(b, 6)
    step(a, "back")
    expect_frame(a, 2)
    expect_frame(b, 6)
    # each session keeps its own scenario, library and answers
    expect(a.get_by_test_id("title")).to_have_text("Bloodbraid Elf cascades")
    expect(a.get_by_test_id("library-summary")).to_contain_text("57 cards")
    expect(b.get_by_test_id("library-summary")).to_contain_text("6 cards")
    step(b, "last")
    button(b, "Put it into your hand").click()
    step(a, "last")
    expect(button(a, "Don't cast")).to_be_visible()
    expect(a.get_by_test_id("log-line").filter(has_text="chose:")).to_have_count(0)
    shot(a, "15-sessions-a")
    shot(b, "15-sessions-b")
    ctx_a.close()
    ctx_b.close()
