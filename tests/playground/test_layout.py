"""A layout for every screen: 1400, 1024, 768 and 390 px wide.

At each width: a screenshot under test-artifacts/playground/, no horizontal scrolling of
the page, and the stepper, board, decision box (a decision is pending) and event log all
on the page, with some size, and not overlapping one another (the keys hint neither).
"""

from __future__ import annotations

import itertools

import pytest
from playwright.sync_api import Browser, expect

from tests.playground.ui import TIMEOUT, open_app, step

pytestmark = pytest.mark.e2e

WIDTHS = {1400: 900, 1024: 768, 768: 1024, 390: 844}

# What must be there at every width (CSS selectors pierce the components' shadow roots).
PARTS = {
    "stepper": ".pg-stepper",
    "board": "[data-testid=board]",
    "decision": ".decision",
    "log": ".log",
}


def boxes_overlap(a: dict, b: dict) -> bool:
    """True if two bounding boxes share any area (touching edges is fine)."""
    return (
        a["x"] < b["x"] + b["width"] - 0.5
        and b["x"] < a["x"] + a["width"] - 0.5
        and a["y"] < b["y"] + b["height"] - 0.5
        and b["y"] < a["y"] + a["height"] - 0.5
    )


def test_boxes_overlap_helper() -> None:
    a = {"x": 0, "y": 0, "width": 10, "height": 10}
    assert boxes_overlap(a, {"x": 5, "y": 5, "width": 10, "height": 10})
    assert not boxes_overlap(a, {"x": 10, "y": 0, "width": 10, "height": 10})
    assert not boxes_overlap(a, {"x": 0, "y": 11, "width": 10, "height": 10})


@pytest.mark.parametrize("width", list(WIDTHS))
def test_layout_fits_the_screen(browser: Browser, app_url: str, shot, width: int) -> None:
    ctx = browser.new_context(viewport={"width": width, "height": WIDTHS[width]})
    page = ctx.new_page()
    page.set_default_timeout(10_000)
    open_app(page, app_url)
    step(page, "last")  # the default scenario stops at the cascade's decision
    expect(page.locator(PARTS["decision"])).to_be_visible(timeout=TIMEOUT)
    page.wait_for_timeout(300)  # let the layout settle after the decision box appeared
    shot(page, f"20-layout-{width}")

    overflow = page.evaluate("[document.scrollingElement.scrollWidth, window.innerWidth]")
    assert overflow[0] <= overflow[1], f"page scrolls sideways at {width} px: {overflow}"

    found = {}
    for name, selector in PARTS.items():
        loc = page.locator(selector)
        expect(loc).to_have_count(1)
        loc.scroll_into_view_if_needed()
        expect(loc).to_be_visible()
        box = loc.bounding_box()
        assert box is not None and box["width"] > 100 and box["height"] > 20, (name, box)
        # inside the page horizontally: nothing cut off at the right edge
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (name, box, width)
        found[name] = _page_box(page, loc)
    for (a, ra), (b, rb) in itertools.combinations(found.items(), 2):
        assert not boxes_overlap(ra, rb), f"{a} and {b} overlap at {width} px: {ra} {rb}"
    # The keys hint (hidden on phones) sits in the stepper row, clear of everything else
    # (at 1024 px it used to cover the event log's heading).
    heading = page.get_by_text("Event log", exact=True)
    others = {**found, "log heading": _page_box(page, heading)}
    if page.locator(".pg-keys").is_visible():
        keys = _page_box(page, page.locator(".pg-keys"))
        stepper = found["stepper"]
        assert stepper["y"] <= keys["y"] and keys["y"] + keys["height"] <= (
            stepper["y"] + stepper["height"] + 0.5
        ), (keys, stepper)
        for name, box in others.items():
            if name != "stepper":
                assert not boxes_overlap(keys, box), f"keys hint overlaps {name} at {width} px"
    ctx.close()


def _page_box(page, locator) -> dict:
    """The element's box in page coordinates (independent of the scroll position)."""
    box = locator.bounding_box()
    scroll = page.evaluate("[window.scrollX, window.scrollY]")
    return {
        "x": box["x"] + scroll[0],
        "y": box["y"] + scroll[1],
        "width": box["width"],
        "height": box["height"],
    }


def test_odds_tab_fits_a_phone(browser: Browser, app_url: str, shot) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    page.set_default_timeout(10_000)
    open_app(page, app_url)
    page.get_by_text("Odds", exact=True).click()
    expect(page.locator(".odds-exiled-chart")).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_test_id("odds-table")).to_be_visible(timeout=TIMEOUT)
    page.wait_for_timeout(300)
    shot(page, "21-layout-390-odds")
    width, inner = page.evaluate("[document.scrollingElement.scrollWidth, window.innerWidth]")
    assert width <= inner
    hit = page.locator(".odds-hit-chart").bounding_box()
    exiled = page.locator(".odds-exiled-chart").bounding_box()
    assert hit and exiled and not boxes_overlap(hit, exiled)
    assert hit["x"] + hit["width"] <= 390.5 and exiled["x"] + exiled["width"] <= 390.5
    ctx.close()


# The board editor's parts at every width.
EDITOR_PARTS = {
    "you": ".pg-you",
    "opponent": ".pg-opponent",
    "actions": ".pg-actions",
    "first action": ".pg-action-row >> nth=0",
    "second action": ".pg-action-row >> nth=1",
}


@pytest.mark.parametrize("width", list(WIDTHS))
def test_board_editor_fits_the_screen(browser: Browser, app_url: str, shot, width: int) -> None:
    from tests.playground.ui import button, fill_row, open_tab

    ctx = browser.new_context(viewport={"width": width, "height": WIDTHS[width]})
    page = ctx.new_page()
    page.set_default_timeout(10_000)
    open_app(page, app_url)
    open_tab(page, "Board & action")
    button(page, "Add an action").click()
    fill_row(
        page,
        1,
        do="Counter a spell",
        who="Opponent (player 2)",
        with_="Counterspell",
        when="Bloodbraid Elf [kind=spell, nth=1]",
    )
    page.wait_for_timeout(300)
    shot(page, f"34-layout-{width}-board-editor")
    overflow = page.evaluate("[document.scrollingElement.scrollWidth, window.innerWidth]")
    assert overflow[0] <= overflow[1], f"page scrolls sideways at {width} px: {overflow}"
    found = {}
    for name, selector in EDITOR_PARTS.items():
        loc = page.locator(selector)
        loc.scroll_into_view_if_needed()
        expect(loc).to_be_visible()
        box = loc.bounding_box()
        assert box is not None and box["width"] > 100, (name, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (name, box, width)
        found[name] = _page_box(page, loc)
    assert not boxes_overlap(found["you"], found["opponent"])
    assert not boxes_overlap(found["first action"], found["second action"])
    # every field of a row is inside the row and clear of the other fields
    row = page.locator(".pg-action-row").nth(1)
    fields = [_page_box(page, f) for f in row.locator("input:visible, select:visible").all()]
    assert len(fields) >= 5
    outer = _page_box(page, row)
    for f in fields:
        assert outer["x"] - 0.5 <= f["x"] and f["x"] + f["width"] <= (
            outer["x"] + outer["width"] + 0.5
        ), (f, outer, width)
    for a, b in itertools.combinations(fields, 2):
        assert not boxes_overlap(a, b), f"action fields overlap at {width} px: {a} {b}"
    for label in ("Your battlefield", "Opponent's graveyard", "Opponent's library"):
        box = page.get_by_label(label, exact=True).bounding_box()
        assert box is not None and box["x"] + box["width"] <= width + 0.5, (label, box)
    ctx.close()
