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


def url_caught_up(page: Page, timeout_ms: int = TIMEOUT) -> None:
    """Wait until the address bar shows the share box's link: the page writes it at most
    every 250 ms (playground.share.URL_EVERY_MS), the box at once."""
    box = page.get_by_test_id("share-link")
    for _ in range(timeout_ms // 50):
        if not box.count() or box.input_value() == page.url:
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"the address bar never caught up with the share link: {page.url!r:.200}")


def url_query(page: Page) -> dict[str, str]:
    url_caught_up(page)
    q = parse_qs(urlparse(page.url).query)
    return {k: v[0] for k, v in q.items()}


def scenario_in_url(page: Page) -> dict:
    """Decode the ``s`` token of the page URL (to check what a shared link holds)."""
    return decode_token(url_query(page)["s"])


def wait_scenario(page: Page, check, timeout_ms: int = TIMEOUT) -> dict:
    """Wait until the link's scenario satisfies ``check`` (the address bar follows the
    model a moment after the board); returns it. Fails naming what it last saw."""
    seen: dict = {}
    for _ in range(timeout_ms // 100):
        if "s" in url_query(page):
            seen = scenario_in_url(page)
            if check(seen):
                return seen
        page.wait_for_timeout(100)
    raise AssertionError(f"the link's scenario never matched; last seen: {seen!r:.2000}")


def wait_url(page: Page, pattern: str) -> None:
    """Wait until the page URL (updated in place by the app) matches ``pattern``."""
    expect(page).to_have_url(re.compile(pattern), timeout=TIMEOUT)


# the old one-action form's labels -> the action kinds of the editor's rows
OLD_ACTIONS = {
    "Cast a spell from hand": "Cast a spell",
    "Activate a discover ability": "Activate an ability",
    "Begin the next precombat main phase": "Begin my next turn's main phase (legacy)",
    "Proliferate": "Proliferate",
    "Discover N (no card)": "Discover N (no card)",
}


def action_rows(page: Page):
    """The editor's action rows, in order."""
    return page.locator(".pg-action-row")


def row_button(page: Page, i: int, which: str):
    """Action row ``i``'s (0-based) up / down / remove button."""
    label = {"up": "↑", "down": "↓", "remove": "✕"}[which]
    return action_rows(page).nth(i).get_by_role("button", name=label, exact=True)


def set_actions(page: Page, n: int) -> None:
    """Leave exactly ``n`` action rows (removing from the end, adding blank ones)."""
    rows = action_rows(page)
    while rows.count() > n:
        k = rows.count()
        row_button(page, k - 1, "remove").click()
        expect(rows).to_have_count(k - 1)
    while rows.count() < n:
        k = rows.count()
        button(page, "Add an action").click()
        expect(rows).to_have_count(k + 1)


def fill_row(
    page: Page, i: int, *, do: str | None = None, who: str | None = None, **fields: str
) -> None:
    """Fill action row ``i`` (0-based): ``do`` and ``who`` by label, then text fields by their
    labels (card="...", x="3", when="...", with_="...", target="...")."""
    row = action_rows(page).nth(i)
    do_box = row.get_by_label("Do", exact=True)
    try:  # a row added on the page comes open, its fields in the same message as the row
        expect(do_box).to_be_visible(timeout=2_000)
    except AssertionError:  # a row from the scenario comes closed: open it ("Edit")
        row.get_by_role("button", name="Edit", exact=True).click()
        expect(do_box).to_be_visible()
    if do is not None:
        row.get_by_label("Do", exact=True).select_option(do)
        page.wait_for_timeout(300)  # the row shows the fields of that kind (a server round trip)
    if who is not None:
        row.get_by_label("Who", exact=True).select_option(who)
    labels = {
        "card": "Card",
        "x": "X",
        "n": "N",
        "when": "When (on the stack)",
        "targets": "Targets",
        "with_": "Countered with",
        "target": "Spell countered",
        "other": "Other fields (JSON)",
        "attackers": "Attackers (-> what each attacks)",
        "blocks": "Blocks (blocker -> attacker)",
    }
    for key, value in fields.items():
        box = row.get_by_label(labels[key], exact=True)
        box.fill(value)
        box.press("Enter")


def set_board(
    page: Page,
    *,
    hand: str = "",
    battlefield: str = "",
    opp_hand: str = "",
    action: str = "Cast a spell from hand",
    card: str = "",
    x: int | None = None,
    counter: bool = False,
) -> None:
    """Fill the board editor as a person would (one action, and the opponent's Counterspell
    if ``counter``) and press "Set up board"."""
    open_tab(page, "Board & action")
    page.get_by_label("Your hand").fill(hand)
    page.get_by_label("Your battlefield").fill(battlefield)
    page.get_by_label("Opponent's hand").fill(opp_hand)
    set_actions(page, 2 if counter else 1)
    fill_row(page, 0, do=OLD_ACTIONS.get(action, action))
    if card:
        fill_row(page, 0, card=card)
    if x is not None:
        fill_row(page, 0, x=str(x))
    if counter:
        fill_row(page, 1, do="Counter a spell", target=card, with_="Counterspell")
    button(page, "Set up board").click()
