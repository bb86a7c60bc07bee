"""Card details on hover / tap, the "not simulated" mark, and "Show card images".
Images are served by Playwright routing: offline.

The scenario's mystery card is a user card without effect data, so it stays "not
simulated" whatever handlers the engine gains; Lightning Bolt's hand-written effect is
fully simulated.
"""

from __future__ import annotations

import base64

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from engine import Scenario
from tests.playground.conftest import ARTIFACTS
from tests.playground.ui import TIMEOUT, open_app, open_tab, step

pytestmark = pytest.mark.e2e

MYSTERY = "Zz Mystery Spell"
SCENARIO = {
    "version": 1,
    "title": "Card facts",
    "seed": 1,
    "cards": [{"name": MYSTERY, "mana_cost": "{1}{R}", "type_line": "Sorcery"}],
    "players": [
        {
            "name": "You",
            "life": 20,
            "library": {
                "order": "listed",
                "cards": [
                    {"name": "Mountain", "count": 2},
                    {"name": MYSTERY, "count": 2},
                    {"name": "Lightning Bolt", "count": 2},
                    {"name": "Mountain", "count": 4},
                ],
            },
            "hand": ["Bloodbraid Elf"],
        },
        {"name": "Opponent", "life": 20},
    ],
    "actions": [{"do": "cast", "card": "Bloodbraid Elf"}],
    "choices": ["decline"],
}
# A 1x1 PNG (served for the fake Scryfall image)
PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
)
IMAGES = "https://api.scryfall.com/cards/named*"


def _open(page: Page, app_url: str) -> None:
    """Open the scenario's link; served, the link's scenario replaces the first board
    once it has run, so wait for its title."""
    open_app(page, f"{app_url}?s={Scenario.from_dict(SCENARIO).to_token()}")
    expect(page.get_by_test_id("title")).to_have_text("Card facts", timeout=TIMEOUT)
    expect(page.get_by_test_id("board")).to_contain_text(MYSTERY, timeout=TIMEOUT)


def _chip(page: Page, name: str, zone: str = "zone-library"):
    return page.locator(f"[data-testid={zone}] [data-testid=card][data-name='{name}']").first


def _facts(page: Page):
    return page.get_by_test_id("card-facts")


def test_mark_and_hover_facts(page: Page, app_url: str, shot) -> None:
    _open(page, app_url)
    mystery = _chip(page, MYSTERY)
    expect(mystery).to_be_visible(timeout=TIMEOUT)
    mark = mystery.get_by_test_id("sim-mark")
    expect(mark).to_have_attribute("aria-label", "what it does is not simulated")
    expect(_chip(page, "Lightning Bolt").get_by_test_id("sim-mark")).to_have_count(0)
    expect(_chip(page, "Mountain").get_by_test_id("sim-mark")).to_have_count(0)  # a land
    # the library table marks it too
    row = page.locator(f"[data-testid=library-row][data-name='{MYSTERY}']")
    expect(row.get_by_test_id("sim-mark")).to_have_attribute("data-status", "not")
    bolt_row = page.locator("[data-testid=library-row][data-name='Lightning Bolt']")
    expect(bolt_row.get_by_test_id("sim-mark")).to_have_count(0)

    _chip(page, "Lightning Bolt").hover()
    facts = _facts(page)
    expect(facts).to_be_visible()
    expect(facts.get_by_test_id("facts-type")).to_have_text("Instant")
    expect(facts.get_by_test_id("facts-lines")).to_contain_text("Deals 3 damage to any target.")
    expect(facts.locator(".mana")).to_have_attribute("aria-label", "{R}")
    shot(page, "30-card-facts-hover")
    mystery.hover()
    expect(facts.get_by_test_id("facts-lines")).to_have_text("What it does is not simulated.")
    expect(facts.get_by_test_id("facts-status")).to_have_text("not simulated")
    page.get_by_test_id("title").hover()  # away from any card: the panel goes
    expect(facts).to_be_hidden()

    # a creature's P/T, on the battlefield after the cast
    step(page, "last")
    elf = _chip(page, "Bloodbraid Elf", "zone-battlefield")
    expect(elf).to_be_visible(timeout=TIMEOUT)
    elf.hover()
    expect(facts.get_by_test_id("facts-numbers")).to_have_text("3/2")

    # the Odds tab: how many possible hits would resolve "not simulated"
    open_tab(page, "Odds")
    note = page.get_by_test_id("odds-not-simulated")
    expect(note).to_be_visible(timeout=TIMEOUT)
    expect(note).to_have_attribute("data-count", "1")
    expect(note).to_have_attribute("data-hits", "2")
    odds_row = page.locator(f"[data-testid=odds-row][data-card='{MYSTERY}']")
    expect(odds_row.get_by_test_id("sim-mark")).to_be_visible()
    odds_row.locator("[data-facts]").hover()
    expect(facts.get_by_test_id("facts-status")).to_have_text("not simulated")
    shot(page, "31-card-facts-odds")


def test_tap_shows_facts_on_a_phone(browser: Browser, app_url: str, shot) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = ctx.new_page()
    page.set_default_timeout(10_000)
    try:
        _open(page, app_url)
        chip = _chip(page, "Lightning Bolt")
        chip.scroll_into_view_if_needed()
        chip.tap()
        facts = _facts(page)
        expect(facts).to_be_visible()
        expect(facts.get_by_test_id("facts-type")).to_have_text("Instant")
        box = facts.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
        shot(page, "32-card-facts-tap-390")
        page.screenshot(path=str(ARTIFACTS / "32-card-facts-tap-390-viewport.png"))
        page.get_by_test_id("title").tap()
        expect(facts).to_be_hidden()
    finally:
        ctx.close()


def test_images_option_loads_remembers_and_falls_back(browser: Browser, app_url: str, shot) -> None:
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    page = ctx.new_page()
    page.set_default_timeout(10_000)
    asked: list[str] = []

    def fake(route: Route) -> None:
        asked.append(route.request.url)
        route.fulfill(status=200, content_type="image/png", body=PNG)

    try:
        page.route(IMAGES, fake)
        _open(page, app_url)
        option = page.get_by_test_id("show-images")
        expect(option).not_to_be_checked()  # off by default
        _chip(page, "Lightning Bolt").hover()
        expect(_facts(page)).to_be_visible()
        expect(page.get_by_test_id("card-image")).to_have_count(0)
        assert asked == []  # nothing is fetched while the option is off
        option.check()
        _chip(page, "Lightning Bolt").hover()
        img = page.get_by_test_id("card-image")
        expect(img).to_be_visible()
        page.wait_for_function(
            "() => { const i = document.querySelector('#mtg-facts img');"
            " return i && i.complete && i.naturalWidth > 0; }"
        )
        assert asked and asked[-1].endswith("exact=Lightning%20Bolt")
        assert "format=image" in asked[-1]
        expect(_facts(page).get_by_test_id("facts-type")).to_have_text("Instant")
        shot(page, "33-card-image")

        page.reload()  # the option is remembered in the page
        expect(page.get_by_test_id("board")).to_be_visible(timeout=TIMEOUT)
        expect(page.get_by_test_id("show-images")).to_be_checked()

        page.unroute(IMAGES)
        page.route(IMAGES, lambda route: route.abort())  # the image service can't be reached
        _chip(page, MYSTERY).hover()
        fallback = page.get_by_test_id("card-image-fallback")
        expect(fallback).to_be_visible()
        expect(page.get_by_test_id("card-image")).to_have_count(0)
        expect(_facts(page).get_by_test_id("facts-lines")).to_have_text(
            "What it does is not simulated."
        )
        shot(page, "34-card-image-fallback")
        page.get_by_test_id("show-images").uncheck()
        page.reload()
        expect(page.get_by_test_id("board")).to_be_visible(timeout=TIMEOUT)
        expect(page.get_by_test_id("show-images")).not_to_be_checked()
    finally:
        ctx.close()
