"""Share links work across the two ways of hosting: served (`make serve`) and static
(`make site`). The URL scheme is the same (`?s=<scenario token>&f=<frame>`), so a link
made on one opens the same scenario at the same frame on the other.

The served side is the real thing: the app served by Panel, driven in Chromium. The
hosted side runs the page's own Python, taken verbatim from the built worker script
(tests/hosted/hosted_session.py): the app code, then the handler of the `location`
message the page posts once it has rendered. Only Pyodide itself is left out (its
CDN is unreachable offline; tests/hosted/test_hosted_page.py covers it where it is not).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Page, expect

from engine import decode_token

HERE = Path(__file__).resolve().parent
TIMEOUT = 20_000
STATIC_PAGE = "https://cards.example.org/playground/index.html"
PRESET = "Cascade into a split card (Fire // Ice)"


def hosted(site: dict[str, Any], href: str, *args: str) -> dict[str, Any]:
    proc = subprocess.run(
        [sys.executable, str(HERE / "hosted_session.py"), str(site["out"]), href, *args],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    return json.loads(proc.stdout.strip().splitlines()[-1].removeprefix("HOSTED "))


def query(link: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(link).query).items()}


def served_link(page: Page) -> str:
    """The value of the served app's share-link box."""
    box = page.get_by_test_id("share-link")
    expect(box).to_have_value(re.compile(r"\?s=v1\.[^&]+&f=\d+$"), timeout=TIMEOUT)
    return box.input_value()


def served_frame(page: Page) -> int:
    return int(page.get_by_test_id("board").get_attribute("data-frame") or 0)


def test_link_made_on_the_served_app_opens_on_the_hosted_page(
    page: Page, served_url: str, site: dict[str, Any]
) -> None:
    page.goto(served_url)
    expect(page.get_by_test_id("board")).to_be_visible(timeout=TIMEOUT)
    page.get_by_label("Example scenarios").select_option(PRESET)
    expect(page.get_by_test_id("board")).to_have_attribute("data-frame", "0", timeout=TIMEOUT)
    board = page.get_by_test_id("board")
    for k in (1, 2, 3):
        page.get_by_role("button", name="Next ›", exact=True).click()
        expect(board).to_have_attribute("data-frame", str(k), timeout=TIMEOUT)
    title = page.get_by_test_id("title").inner_text()
    link = served_link(page)
    q = query(link)
    assert q["f"] == "3"
    # The link as a person would paste it, onto the static host's page.
    got = hosted(site, f"{STATIC_PAGE}?s={q['s']}&f={q['f']}")
    assert (got["title"], got["frame"]) == (title, 3), (
        "the hosted page did not open the link. Its worker builds the app before the page "
        "can tell it the address (the page posts window.location after the first render), "
        "so the app must read the link then (watch pn.state.location), and the share box "
        "must not rewrite the address before that"
    )
    # ... and the hosted page keeps that link in its address bar and its share box.
    assert decode_token(query(got["href"])["s"]) == decode_token(q["s"])
    assert query(got["href"])["f"] == "3"
    assert got["link"].startswith(STATIC_PAGE + "?") and query(got["link"]) == query(got["href"])


def test_link_made_on_the_hosted_page_opens_on_the_served_app(
    page: Page, served_url: str, site: dict[str, Any]
) -> None:
    made = hosted(site, STATIC_PAGE, "--preset", PRESET, "--next", "4")
    assert made["frame"] == 4
    q = query(made["link"])
    assert q["f"] == "4" and query(made["href"]) == q  # the URL bar holds the same link
    page.goto(f"{served_url}?s={q['s']}&f={q['f']}")
    expect(page.get_by_test_id("board")).to_have_attribute("data-frame", "4", timeout=TIMEOUT)
    expect(page.get_by_test_id("title")).to_have_text(made["title"])
    assert decode_token(query(served_link(page))["s"]) == decode_token(q["s"])
    assert decode_token(query(page.url)["s"]) == decode_token(q["s"])
