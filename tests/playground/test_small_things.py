"""Small things a user hit, one test each."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from playground.model import MAX_TEXT, PlaygroundModel
from tests.playground.ui import (
    button,
    expect_frame,
    load_example,
    open_app,
    open_tab,
    scenario_in_url,
    step,
    wait_url,
)

pytestmark = pytest.mark.e2e

DECK = "Decklist (MTGA, MTGO or '4 Card Name' lines)"


def test_search_with_no_match_suggests_the_closest_names(page: Page, app_url: str, shot) -> None:
    open_app(page, app_url)
    page.get_by_label("Search cards").press_sequentially("lightnig bolt", delay=15)
    note = page.get_by_test_id("search-note")
    expect(note).to_contain_text("No card name contains 'lightnig bolt'")
    expect(note).to_contain_text("Closest names")
    matches = page.get_by_label("Matches")
    expect(matches.get_by_role("option", name="Lightning Bolt", exact=True)).to_be_attached()
    shot(page, "40-search-suggestions")
    matches.select_option("Lightning Bolt")
    button(page, "Add to library").click()
    expect(page.get_by_label("Count of Lightning Bolt")).to_have_value("5")
    # a match again: the note goes away
    page.get_by_label("Search cards").fill("")
    page.get_by_label("Search cards").press_sequentially("tarmo", delay=15)
    expect(matches.get_by_role("option", name="Tarmogoyf", exact=True)).to_be_attached()
    expect(note).to_have_count(0)


def test_a_paste_over_the_cap_says_so_and_is_not_cut(page: Page, app_url: str) -> None:
    open_app(page, app_url)
    line = "4 Lightning Bolt\n"
    text = line * (MAX_TEXT // len(line) + 200)  # ~23,000 characters: over the 20,000 cap
    deck = page.get_by_label(DECK)
    deck.fill(text, timeout=30_000)  # one 23 KB input event: slow on a loaded 2-core runner
    button(page, "Load decklist").click()
    errors = page.get_by_test_id("library-errors")
    expect(errors).to_contain_text(f"too long ({len(text)} characters; at most {MAX_TEXT})")
    expect(errors).not_to_contain_text("unknown")  # no half card name from a cut line
    assert len(deck.input_value()) == len(text)  # the box kept the whole paste
    expect(page.get_by_test_id("library-summary")).to_contain_text("57 cards")


def test_board_text_over_the_cap_is_refused_whole(page: Page, app_url: str) -> None:
    open_app(page, app_url)
    open_tab(page, "Board & action")
    page.get_by_label("Your battlefield").fill("Mountain\n" * 700)  # 6,300 characters
    button(page, "Set up board").click()
    errors = page.get_by_test_id("board-errors")
    expect(errors).to_contain_text("Your battlefield is too long (6,300 characters")
    expect(errors).not_to_contain_text("unknown card")


@pytest.mark.parametrize(
    "f, note, shown",
    [
        ("abc", "'abc' is not a frame number", 0),
        ("-2", "'-2' is not a frame number", 0),
        ("1.5", "'1.5' is not a frame number", 0),
        ("999", "ends at frame 6: showing frame 6", 6),
    ],
)
def test_a_frame_that_is_not_a_frame_number_gets_a_note(
    page: Page, app_url: str, f: str, note: str, shown: int
) -> None:
    open_app(page, f"{app_url}?f={f}")
    expect(page.get_by_test_id("notice")).to_contain_text(note)
    expect_frame(page, shown)
    expect(page.get_by_test_id("title")).to_have_text("Bloodbraid Elf cascades")


def test_a_good_frame_gets_no_note(page: Page, app_url: str) -> None:
    open_app(page, f"{app_url}?f=3")
    expect_frame(page, 3)
    expect(page.get_by_test_id("notice")).to_have_count(0)


def test_broken_link_stays_visible_and_copyable(browser: Browser, app_url: str, shot) -> None:
    ctx = browser.new_context(
        viewport={"width": 1024, "height": 768}, permissions=["clipboard-read", "clipboard-write"]
    )
    page = ctx.new_page()
    broken = f"{app_url}?s=v1.not-a-real-token&f=2"
    open_app(page, broken)
    expect(page.get_by_test_id("notice")).to_contain_text("could not be opened")
    link = page.get_by_test_id("broken-link")
    expect(link).to_have_value(broken)
    wait_url(page, r"s=v1\.[A-Za-z0-9_-]{20,}&f=0$")  # the address bar moved on ...
    expect(link).to_have_value(broken)  # ... the broken link is still there
    shot(page, "41-broken-link-kept")
    page.get_by_test_id("copy-broken-link").click()
    assert page.evaluate("navigator.clipboard.readText()") == broken
    ctx.close()


def _button_look(page: Page, label: str) -> dict:
    return button(page, label).evaluate(
        "b => { const s = getComputedStyle(b); return {opacity: +s.opacity, "
        "cursor: s.cursor, disabled: b.disabled}; }"
    )


def test_disabled_buttons_look_disabled(page: Page, app_url: str, shot) -> None:
    open_app(page, app_url)
    first, nxt = _button_look(page, "« First"), _button_look(page, "Next ›")
    assert first["disabled"] and not nxt["disabled"]
    assert first["opacity"] <= 0.5 and first["cursor"] == "not-allowed"
    assert nxt["opacity"] == 1 and nxt["cursor"] != "not-allowed"
    step(page, "last")
    expect_frame(page, 6)
    page.wait_for_timeout(200)  # the style follows the disabled flag
    assert _button_look(page, "Last »")["opacity"] <= 0.5
    assert _button_look(page, "« First")["opacity"] == 1
    shot(page, "42-disabled-buttons")


def test_after_loading_a_decklist_the_title_follows_it(page: Page, app_url: str) -> None:
    open_app(page, app_url)
    load_example(page, "Maelstrom Nexus gives the first spell cascade")
    page.get_by_label(DECK).fill("10 Forest\n4 Kird Ape\n")
    button(page, "Load decklist").click()
    title = "Your decklist (14 cards): Tarmogoyf is cast"
    expect(page.get_by_test_id("title")).to_have_text(title)
    expect(page.get_by_label("Scenario title")).to_have_value(title)
    assert scenario_in_url(page)["title"] == title
    # a title the user wrote is kept
    page.get_by_label("Scenario title").fill("My deck")
    page.get_by_label("Scenario title").press("Enter")
    expect(page.get_by_test_id("title")).to_have_text("My deck")
    page.get_by_label(DECK).fill("12 Forest\n4 Kird Ape\n")
    button(page, "Load decklist").click()
    expect(page.get_by_test_id("library-summary")).to_contain_text("16 cards")
    expect(page.get_by_test_id("title")).to_have_text("My deck")


def test_title_follows_decklist_in_the_model() -> None:
    model = PlaygroundModel()
    assert model.apply_decklist("3 Mountain\n1 Lightning Bolt")
    assert model.scenario["title"] == "Your decklist (4 cards): Bloodbraid Elf is cast"
    assert model.title == model.scenario["title"]
    model.title = "Kept"
    assert model.apply_title()
    assert model.apply_decklist("2 Mountain")
    assert model.scenario["title"] == "Kept"
