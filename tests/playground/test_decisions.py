"""Decisions: inline buttons naming the options; answers join the scenario."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.playground.ui import (
    button,
    expect_frame,
    load_example,
    open_app,
    scenario_in_url,
    step,
)

pytestmark = pytest.mark.e2e


def test_split_card_hit_offers_both_halves(page: Page, app_url: str, shot) -> None:
    open_app(page, app_url)
    load_example(page, "Cascade into a split card (Fire // Ice)")
    expect(page.get_by_test_id("title")).to_have_text("Cascade into Fire // Ice")
    step(page, "last")
    decision = page.get_by_test_id("decision")
    expect(decision).to_contain_text("Fire // Ice")
    for label in ("Cast Fire", "Cast Ice", "Don't cast"):
        expect(button(page, label)).to_be_visible()
    expect(page.get_by_test_id("log-line").last).to_contain_text("decision needed")
    at = int(page.get_by_test_id("board").get_attribute("data-frame"))
    shot(page, "09-decision-split-card")

    button(page, "Cast Ice").click()
    # the timeline continues right after the decision, and the answer is in the scenario
    expect_frame(page, at + 1)
    expect(page.get_by_test_id("zone-stack")).to_contain_text("Ice")
    assert scenario_in_url(page)["choices"][0].startswith("cast")
    expect(page.get_by_test_id("log-line").nth(at)).to_contain_text("chose: Cast Ice")

    # back at the answered decision, the choice is shown and can be changed
    page.get_by_test_id("log-line").nth(at).click()
    expect(page.get_by_test_id("decision")).to_contain_text("Decided")
    button(page, "Don't cast").click()
    expect_frame(page, at + 1)
    assert scenario_in_url(page)["choices"] == ["decline"]
    step(page, "last")
    expect(page.get_by_test_id("zone-library")).to_contain_text("Fire // Ice")


def test_discover_cast_or_put_into_hand(page: Page, app_url: str, shot) -> None:
    open_app(page, app_url)
    load_example(page, "Discover 3 (Geological Appraiser)")
    step(page, "last")
    expect(button(page, "Cast Kird Ape")).to_be_visible()
    expect(button(page, "Put it into your hand")).to_be_visible()
    expect(page.get_by_test_id("decision-filter")).to_have_count(0)  # few options: buttons
    shot(page, "10-decision-discover")
    button(page, "Put it into your hand").click()
    step(page, "last")
    expect(page.get_by_test_id("zone-hand")).to_contain_text("Kird Ape")
    expect(page.get_by_test_id("decision")).to_be_hidden()
    assert scenario_in_url(page)["choices"] == ["hand"]


def test_order_simultaneous_triggers(page: Page, app_url: str) -> None:
    open_app(page, app_url)
    load_example(page, "Two Sagas: order their chapter triggers")
    step(page, "last")
    expect(page.get_by_test_id("decision")).to_contain_text("CR 603.3b")
    first_urza = button(page, "Put first: Chapter II of Urza's Saga")
    expect(button(page, "Put first: Chapter II of The First Eruption")).to_be_visible()
    first_urza.click()
    expect(
        page.get_by_test_id("log-line").filter(has_text="chose: Put first: Chapter II of Urza")
    ).to_have_count(1)
    assert scenario_in_url(page)["choices"] == ["first:Chapter II of Urza's Saga"]
    # the one put on the stack last (The First Eruption's) is on top and resolves first
    page.get_by_test_id("log-line").filter(has_text="is put on the stack").last.click()
    expect(page.get_by_test_id("stack-item").first).to_contain_text("The First Eruption")
