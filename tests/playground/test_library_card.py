"""The collapsed "Add a card from Scryfall JSON" card opens with its body after the
sidebar switched tabs (it opened empty and zero-size after Board & action)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.playground.ui import open_app, open_tab

pytestmark = pytest.mark.e2e


def test_scryfall_card_opens_after_switching_tabs(page: Page, app_url: str, shot) -> None:
    open_app(page, app_url)
    open_tab(page, "Board & action")
    expect(page.get_by_label("Your hand")).to_be_visible()
    open_tab(page, "Library")
    page.get_by_text("Add a card from Scryfall JSON").click()
    box = page.get_by_label("Card JSON from Scryfall")
    expect(box).to_be_visible()
    size = box.bounding_box()
    assert size is not None and size["height"] > 40 and size["width"] > 200
    expect(page.get_by_role("button", name="Add Scryfall card", exact=True)).to_be_visible()
    shot(page, "16-scryfall-card-after-tab-switch")
