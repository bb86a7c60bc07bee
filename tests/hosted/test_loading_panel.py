"""The hosted page never goes blank.

From its first paint the page shows what is loading (page scripts, Python runtime,
packages, the app) with progress; when the runtime or a package can't be loaded it says
so within 10 s, with what to try. These tests open the built site OFFLINE on purpose:
Playwright routes every request that is not to the local static server, so they run
(and must pass) with or without a network. They are never skipped.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from playwright.sync_api import Browser, Page, Route, expect

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "hosted"
SAYS_SO_WITHIN = 10_000  # ms: the bound the issue sets for "it says so"


def _local(url: str) -> bool:
    return urlsplit(url).hostname in ("127.0.0.1", "localhost")


def _open(browser: Browser, handler) -> tuple[Any, Page, list[str]]:
    """A fresh context whose every non-local request goes to ``handler``; returns the
    context, a page and the list of non-local URLs requested (page and worker)."""
    ctx = browser.new_context(viewport={"width": 1024, "height": 768}, service_workers="block")
    seen: list[str] = []

    def route(r: Route) -> None:
        if _local(r.request.url):
            r.continue_()
            return
        seen.append(r.request.url)
        handler(r)

    ctx.route("**/*", route)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    return ctx, page, seen


def _shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def test_built_page_has_the_loading_panel_and_nothing_blocks_the_first_paint(
    site: dict[str, Any],
) -> None:
    html = Path(site["page"]).read_text(encoding="utf-8")
    js = Path(site["worker"]).read_text(encoding="utf-8")
    body = re.search(r"<body[^>]*>\s*", html)
    assert body and html[body.end() :].startswith('<div id="pg-boot"')
    head = html[: body.start()]
    assert head.index("window.PGBoot") < head.index('<script type="text/javascript" src=')
    # every CDN script is deferred and reports to the panel; no CDN stylesheet blocks paint
    cdn_scripts = re.findall(r"<script[^>]*src=\"https://[^>]*>", html)
    assert cdn_scripts and all(" defer " in s and "PGBoot.asset" in s for s in cdn_scripts)
    for link in re.findall(r"<link[^>]*href=\"https://[^>]*>", html):
        assert 'media="print"' in link and "PGBoot.asset" in link
    # the worker reports its downloads and failures; a failed install stops with its reason
    assert js.startswith("/* Added by scripts/build_site.py")
    assert 'type: "boot-error", stage: "runtime"' in js
    assert "startApplication().catch(" in js
    assert "Error while installing packages" not in js
    assert "cdn.jsdelivr.net" in html and "pypi.org" in html  # hosts named in "what to try"
    node = shutil.which("node")
    assert node, "node is needed (make setup installs it)"
    for f in (site["worker"],):
        subprocess.run([node, "--check", str(f)], check=True)


def test_offline_page_says_what_failed_within_10_s(browser: Browser, static_url: str) -> None:
    ctx, page, seen = _open(browser, lambda r: r.abort("internetdisconnected"))
    page.goto(f"{static_url}/index.html", wait_until="commit")
    boot = page.get_by_test_id("boot")
    expect(boot).to_be_visible(timeout=3_000)  # from the first paint, not a white page
    problem = page.get_by_test_id("boot-problem")
    expect(problem).to_be_visible(timeout=SAYS_SO_WITHIN)
    expect(boot).to_have_attribute("data-state", "failed")
    expect(problem).to_contain_text("could not start")
    expect(problem).to_contain_text("could not be loaded")
    expect(problem).to_contain_text("online")  # what to try
    expect(problem).to_contain_text("cdn.jsdelivr.net")
    expect(page.get_by_role("button", name="Reload the page")).to_be_visible()
    _shot(page, "offline")
    # The routing really covered the worker too: its Python runtime request was refused.
    expect(page.get_by_test_id("boot-error-detail")).to_contain_text(
        "pyodide.js", timeout=SAYS_SO_WITHIN
    )
    assert any(u.endswith("/pyodide.js") for u in seen), seen
    ctx.close()


def test_page_scripts_load_but_the_python_runtime_does_not(
    browser: Browser, build_site, static_url: str
) -> None:
    """Bokeh/Panel JS served from the installed packages (same release, same bytes), the
    rest offline: the pre-rendered app is drawn under the panel, the page step is done,
    and the runtime step says it failed."""
    sp = build_site._site_packages()

    def handler(r: Route) -> None:
        local = build_site._local_asset(unquote(r.request.url), sp)
        if local is not None and local.is_file():
            ctype = "text/css" if local.suffix == ".css" else "text/javascript"
            r.fulfill(path=str(local), content_type=ctype)
        else:
            r.abort("internetdisconnected")

    ctx, page, seen = _open(browser, handler)
    page.goto(f"{static_url}/index.html", wait_until="commit")
    expect(page.get_by_test_id("boot")).to_be_visible(timeout=3_000)
    problem = page.get_by_test_id("boot-problem")
    expect(problem).to_be_visible(timeout=SAYS_SO_WITHIN)
    expect(problem).to_contain_text(
        "the Python runtime (Pyodide) could not be loaded from cdn.jsdelivr.net"
    )
    steps = page.get_by_test_id("boot").locator("li")
    expect(steps.nth(0)).to_have_class("done", timeout=SAYS_SO_WITHIN)
    expect(steps.nth(1)).to_have_class("failed")
    # Bokeh loaded deferred and drew the pre-rendered app (under the panel)
    expect(page.get_by_test_id("board")).to_be_attached(timeout=SAYS_SO_WITHIN)
    _shot(page, "runtime-unreachable")
    ctx.close()


def test_cdn_that_never_answers_is_named_within_10_s(browser: Browser, static_url: str) -> None:
    """A firewall that drops packets: requests hang instead of failing. The panel shows at
    once (nothing blocks the first paint) and says nothing arrives before 10 s are up."""
    hanging: list[Route] = []
    ctx, page, seen = _open(browser, hanging.append)  # never answered
    page.goto(f"{static_url}/index.html", wait_until="commit")
    boot = page.get_by_test_id("boot")
    expect(boot).to_be_visible(timeout=3_000)
    expect(boot).to_contain_text("Python runtime (Pyodide)")
    problem = page.get_by_test_id("boot-problem")
    expect(problem).to_be_visible(timeout=SAYS_SO_WITHIN)
    expect(boot).to_have_attribute("data-state", "slow")
    expect(problem).to_contain_text("Nothing has arrived")
    expect(problem).to_contain_text("offline")
    _shot(page, "cdn-hangs")
    for r in hanging:
        r.abort()
    ctx.close()
