"""The hosted page in a real browser: the built folder served by a plain static file
server, driven in Chromium (load, cast, step, share link).

The page loads Pyodide, numpy/pandas, bokeh and panel from CDNs at run time. Where
those cannot be reached (this offline test machine) the test skips, saying which URL
was unreachable; that is the only skip in the suite. Everything about the page that
can be checked offline is checked in test_site_build.py and test_share_links.py.
Where the CDNs are reachable it runs in full, and writes what the browser downloaded
to test-artifacts/hosted/download.json.
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

from engine import decode_token

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "hosted"
PROBE_TIMEOUT = 3.0  # seconds per CDN probe
BOOT_TIMEOUT = 300_000  # ms: Pyodide + ~30 MB of packages on a cold cache
TIMEOUT = 30_000
PRESET = "Cascade into a split card (Fire // Ice)"
PRESET_TITLE = "Cascade into Fire // Ice"


def runtime_urls(site: dict[str, Any]) -> list[str]:
    """One URL per host the page needs at run time, from the built worker and page."""
    js = Path(site["worker"]).read_text(encoding="utf-8")
    html = Path(site["page"]).read_text(encoding="utf-8")
    urls = re.findall(r"""https://[^\s"'`]+""", js + html)
    picks = [next(u for u in urls if u.endswith("/full/pyodide.js"))]  # Pyodide (jsDelivr)
    picks += [u for u in urls if re.search(r"/panel-[\d.]+-py3-none-any\.whl$", u)][:1]
    picks += [u for u in urls if re.search(r"cdn\.bokeh\.org/.*/bokeh-[\d.]+\.min\.js$", u)][:1]
    return picks


def unreachable(url: str) -> str | None:
    """None if ``url`` answers within PROBE_TIMEOUT, else why not."""
    req = urllib.request.Request(url, method="HEAD")
    try:
        with urllib.request.urlopen(req, timeout=PROBE_TIMEOUT):
            return None
    except urllib.error.HTTPError as e:
        return None if e.code < 500 else f"HTTP {e.code}"
    except (OSError, ValueError) as e:
        return str(getattr(e, "reason", e)) or type(e).__name__


def test_runtime_urls_are_found(site: dict[str, Any]) -> None:
    urls = runtime_urls(site)
    assert urls[0].startswith("https://cdn.jsdelivr.net/pyodide/")
    assert len(urls) == 3


def query(url: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}


def test_hosted_page_in_the_browser(page: Page, site: dict[str, Any], static_url: str) -> None:
    urls = runtime_urls(site)
    with ThreadPoolExecutor(len(urls)) as pool:
        problems = list(pool.map(unreachable, urls))
    for url, problem in zip(urls, problems, strict=True):
        if problem is not None:
            pytest.skip(
                f"the CDN {url} is unreachable from this machine (offline: {problem}); the "
                "hosted page loads Pyodide, bokeh and panel from CDNs at run time"
            )

    downloads: list[dict[str, Any]] = []

    def on_response(response) -> None:
        size = response.headers.get("content-length")
        downloads.append(
            {
                "url": response.url,
                "status": response.status,
                "bytes": int(size) if size and size.isdigit() else None,
            }
        )

    page.context.on("response", on_response)
    drive(page, f"{static_url}/index.html")

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    total = sum(d["bytes"] or 0 for d in downloads)
    (ARTIFACTS / "download.json").write_text(
        json.dumps({"total_bytes": total, "responses": downloads}, indent=1), encoding="utf-8"
    )
    page.screenshot(path=str(ARTIFACTS / "hosted.png"), full_page=True)
    print(f"\nhosted page: {len(downloads)} responses, {total / 1e6:.1f} MB (content-length)")


def drive(page: Page, url: str) -> None:
    """Load, step, cast, share: what a visitor does, on either way of hosting."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    # Load: the pre-rendered page shows at once, the live app once Pyodide is up.
    page.goto(url)
    expect(page.locator("body.pn-loading")).to_have_count(0, timeout=BOOT_TIMEOUT)
    # the loading panel (hosted page only) steps aside once the live app is there
    expect(page.get_by_test_id("boot")).to_be_hidden(timeout=TIMEOUT)
    board = page.get_by_test_id("board")
    expect(board).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_test_id("title")).to_have_text("Bloodbraid Elf cascades")

    # Step: the address bar follows the frame (a step changes the frame, not the scenario).
    page.get_by_role("button", name="Next ›", exact=True).click()
    expect(board).to_have_attribute("data-frame", "1", timeout=TIMEOUT)
    expect(page).to_have_url(re.compile(r"[?&]f=1\b"), timeout=TIMEOUT)
    page.get_by_role("button", name="« First", exact=True).click()
    expect(board).to_have_attribute("data-frame", "0", timeout=TIMEOUT)
    expect(page).to_have_url(re.compile(r"[?&]f=0\b"), timeout=TIMEOUT)

    # Cast: an example that stops at the cascade decision; cast the hit's first half.
    # Every step is a round trip to the Python side: wait for the board to show each
    # frame before reading it (the board says "frame k of n" and sets data-frame last).
    page.get_by_label("Example scenarios").select_option(PRESET)
    expect(page.get_by_test_id("title")).to_have_text(PRESET_TITLE, timeout=TIMEOUT)
    page.get_by_role("button", name="Last »", exact=True).click()
    cast = page.get_by_role("button", name="Cast Fire", exact=True)
    expect(cast).to_be_visible(timeout=TIMEOUT)
    expect(board).to_contain_text(re.compile(r"frame (\d+) of \1(?!\d)"), timeout=TIMEOUT)
    frame = int(board.get_attribute("data-frame") or -1)  # the decision's frame
    assert frame > 0
    cast.click()
    expect(page.get_by_test_id("event-log")).to_contain_text("You cast Fire", timeout=TIMEOUT)
    expect(board).to_have_attribute("data-frame", str(frame + 1), timeout=TIMEOUT)
    expect(page).to_have_url(re.compile(rf"[?&]f={frame + 1}\b"), timeout=TIMEOUT)
    page.get_by_role("button", name="‹ Back", exact=True).click()
    expect(board).to_have_attribute("data-frame", str(frame), timeout=TIMEOUT)

    # Share link: the URL holds the scenario (with the answer) and the frame ...
    expect(page).to_have_url(re.compile(rf"[?&]f={frame}\b"), timeout=TIMEOUT)
    shared = query(page.url)
    scenario = decode_token(shared["s"])
    assert scenario["choices"] and scenario["title"] == page.get_by_test_id("title").inner_text()

    # "Open in notebook": the same scenario and frame as a notebook in the lab beside the app
    # (the served app serves the built lab at /lab/); its first cell holds the token.
    notebook = page.get_by_test_id("open-notebook")
    expect(notebook).to_be_visible()
    href = notebook.get_attribute("href") or ""
    assert "/lab/open/index.html?" in href and query(href) == {"s": shared["s"], "f": str(frame)}
    with page.expect_popup() as popup:
        notebook.click()
    twin = popup.value
    expect(twin).to_have_url(
        re.compile(r"/lab/notebooks/index\.html\?path=links%2Fscenario-"), timeout=TIMEOUT
    )
    expect(twin.locator(".jp-CodeCell").first).to_contain_text(
        f'TOKEN = "{shared["s"]}"', timeout=TIMEOUT
    )
    expect(twin.locator(".jp-CodeCell").first).to_contain_text(f"FRAME = {frame}")
    twin.close()

    # ... and opening it in a fresh tab restores the same scenario and frame.
    other = page.context.new_page()
    other.goto(f"{url}?s={shared['s']}&f={frame}")
    expect(other.locator("body.pn-loading")).to_have_count(0, timeout=BOOT_TIMEOUT)
    expect(other.get_by_test_id("board")).to_have_attribute(
        "data-frame", str(frame), timeout=TIMEOUT
    )
    expect(other.get_by_test_id("title")).to_have_text(scenario["title"])
    assert decode_token(query(other.url)["s"]) == scenario
    assert errors == []


def test_the_same_visit_on_the_served_app(page: Page, served_url: str) -> None:
    """The visit above, on the served app: proves the script itself offline (the two
    pages are the same app; only where its Python runs differs)."""
    drive(page, served_url)
