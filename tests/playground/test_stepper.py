"""Start and stepper: the default scenario, buttons, keys, slider, log."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.playground.ui import button, expect_frame, open_app, step, url_query, wait_url

pytestmark = pytest.mark.e2e


def test_default_scenario_is_ready_to_step(page: Page, app_url: str, shot) -> None:
    open_app(page, app_url)
    expect(page.get_by_test_id("title")).to_have_text("Bloodbraid Elf cascades")
    board = page.get_by_test_id("board")
    expect(board).to_have_attribute("data-frame", "0")
    expect(page.get_by_test_id("zone-hand")).to_contain_text("Bloodbraid Elf")
    expect(page.get_by_test_id("zone-library")).to_contain_text("57")
    for zone in ("library", "hand", "battlefield", "graveyard", "exile", "stack"):
        expect(page.get_by_test_id(f"zone-{zone}")).to_be_visible()
    # the URL holds the scenario and the frame from the start
    wait_url(page, r"[?&]s=v1\.[^&]+&f=0$")
    q = url_query(page)
    assert q["s"].startswith("v1.") and q["f"] == "0"
    shot(page, "01-start-default-scenario")


def test_step_by_buttons_and_keyboard(page: Page, app_url: str, shot) -> None:
    open_app(page, app_url)
    step(page, "next")
    expect_frame(page, 1)
    event = page.get_by_test_id("event")
    expect(event).to_contain_text("Bloodbraid Elf")
    expect(page.get_by_test_id("rule")).to_contain_text("CR 601.2")
    # the card that just moved (hand -> stack) is highlighted on the stack
    moved = page.get_by_test_id("zone-stack").locator(".chip.moved")
    expect(moved).to_have_attribute("data-name", "Bloodbraid Elf")
    # mana costs are drawn as symbols, never as raw braces
    expect(moved.locator(".ms")).to_have_count(3)
    assert "{" not in page.get_by_test_id("board").inner_text()
    shot(page, "02-stepper-frame-1")

    step(page, "next")
    expect_frame(page, 2)
    step(page, "back")
    expect_frame(page, 1)
    page.keyboard.press("ArrowRight")
    expect_frame(page, 2)
    page.keyboard.press("ArrowRight")
    expect_frame(page, 3)
    page.keyboard.press("ArrowLeft")
    expect_frame(page, 2)
    step(page, "last")
    expect(button(page, "Next ›")).to_be_disabled()
    last = int(page.get_by_test_id("board").get_attribute("data-frame"))
    assert last >= 5
    page.keyboard.press("Home")
    expect_frame(page, 0)
    expect(button(page, "‹ Back")).to_be_disabled()
    page.keyboard.press("End")
    expect_frame(page, last)
    step(page, "first")
    expect_frame(page, 0)
    wait_url(page, r"f=0$")


def test_arrow_keys_do_not_step_while_typing(page: Page, app_url: str) -> None:
    open_app(page, app_url)
    search = page.get_by_label("Search cards")
    search.click()
    search.press("ArrowRight")
    search.press("ArrowLeft")
    search.press("ArrowRight")
    page.wait_for_timeout(300)
    expect_frame(page, 0)


def test_event_log_and_slider(page: Page, app_url: str, shot) -> None:
    open_app(page, app_url)
    lines = page.get_by_test_id("log-line")
    expect(lines.first).to_contain_text("Start")
    n = lines.count()
    assert n >= 6
    lines.nth(4).click()
    expect_frame(page, 4)
    expect(lines.nth(4)).to_have_attribute("aria-current", "step")
    # each log line shows the event sentence and its CR number
    expect(lines.nth(4)).to_contain_text("CR ")
    wait_url(page, r"f=4$")
    # the slider: focus it and use the keyboard, as a person would
    handle = page.get_by_role("slider", name="Frame")
    expect(handle).to_have_value("4")
    handle.focus()
    handle.press("ArrowRight")
    expect_frame(page, 5)
    handle.press("ArrowLeft")
    handle.press("ArrowLeft")
    expect_frame(page, 3)
    shot(page, "03-event-log-and-slider")
