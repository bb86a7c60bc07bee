"""What a person does on the page, as small functions the browser tests share."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

from playwright.sync_api import Page, expect

from engine import decode_token

TIMEOUT = 15_000


def open_app(page: Page, url: str) -> Page:
    """Open the app and wait until the first board is drawn."""
    page.goto(url)
    expect(page.get_by_test_id("board")).to_be_visible(timeout=TIMEOUT)
    return page


def frame(page: Page) -> int:
    return int(page.get_by_test_id("board").get_attribute("data-frame") or 0)


def expect_frame(page: Page, k: int) -> None:
    expect(page.get_by_test_id("board")).to_have_attribute("data-frame", str(k), timeout=TIMEOUT)


def button(page: Page, label: str):
    return page.get_by_role("button", name=label, exact=True)


def step(page: Page, which: str) -> None:
    """Press one of the stepper buttons: first, back, next, last."""
    labels = {"first": "« First", "back": "‹ Back", "next": "Next ›", "last": "Last »"}
    button(page, labels[which]).click()


def load_example(page: Page, name: str) -> None:
    """Pick one of the built-in examples and wait until it is on screen: its title, at
    frame 0 (frame 0 alone can be the page's first render of the previous scenario)."""
    from playground.examples import scenario_of

    page.get_by_label("Example scenarios").select_option(name)
    expect(page.get_by_test_id("title")).to_have_text(scenario_of(name).get("title") or "")
    expect_frame(page, 0)


def open_tab(page: Page, name: str) -> None:
    page.get_by_text(name, exact=True).click()


def url_query(page: Page) -> dict[str, str]:
    q = parse_qs(urlparse(page.url).query)
    return {k: v[0] for k, v in q.items()}


def scenario_in_url(page: Page) -> dict:
    """Decode the ``s`` token of the page URL (to check what a shared link holds)."""
    return decode_token(url_query(page)["s"])


def wait_url(page: Page, pattern: str) -> None:
    """Wait until the page URL (updated in place by the app) matches ``pattern``."""
    expect(page).to_have_url(re.compile(pattern), timeout=TIMEOUT)


def set_board(page: Page, *, hand: str = "", battlefield: str = "", opp_hand: str = "",
              action: str = "Cast a spell from hand", card: str = "", x: int | None = None,
              counter: bool = False) -> None:
    """Fill the Board & action form as a person would and press "Set up board"."""
    open_tab(page, "Board & action")
    page.get_by_label("Your hand").fill(hand)
    page.get_by_label("Your battlefield").fill(battlefield)
    page.get_by_label("Opponent's hand").fill(opp_hand)
    page.get_by_label("Action").select_option(action)
    if card:
        page.get_by_label("Card (to cast or activate)").fill(card)
    if x is not None:
        page.get_by_label("X", exact=True).fill(str(x))
        page.get_by_label("X", exact=True).press("Enter")
    # the form's one checkbox (the page's "Show card images" option is another)
    box = page.locator("input[type=checkbox]:not([data-testid=show-images])")
    if box.is_checked() != counter:
        box.click()
    button(page, "Set up board").click()
