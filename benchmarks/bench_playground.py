"""Playground benchmark: "next" -> board redrawn, and navigation -> first board, in Chromium.

    python benchmarks/bench_playground.py [--steps 100] [--loads 5] [--gets 15] [--url URL]

With ``--url`` it measures an already running playground (e.g. ``make serve``);
otherwise it serves one in-process with the CLI's server setup. In the same run
it measures the baseline: a bare Panel page with one button whose click redraws
one HTML pane, timed the same way, in alternating blocks so that noise from a
shared machine hits both alike. Step times are taken inside the page
(``performance.now()`` from the click to the DOM mutation carrying the new
frame), so they include the websocket round trip, the Python callback and the
DOM update. It also times plain GETs of both pages (the server building the
session's document, its part of the first board). Goals: step < 50 ms, first
board < 2 s. Prints medians and the 90th percentile; asserts nothing (shared,
noisy machine).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser import free_port, launch_args  # noqa: E402  (the tests' Chromium setup)

STEP_GOAL_MS = 50.0
FIRST_BOARD_GOAL_S = 2.0

# One long resolution: Bloodbraid Elf over 150 listed lands then a hit -> 150+ frames,
# and a board whose exile zone grows with every step (a heavy, realistic redraw).
BENCH_SCENARIO: dict[str, Any] = {
    "version": 1,
    "title": "Benchmark: a long cascade",
    "seed": 1,
    "players": [
        {
            "name": "You",
            "life": 20,
            "library": {
                "order": "listed",
                "cards": [{"name": "Forest", "count": 150}, {"name": "Kird Ape", "count": 1}],
            },
            "hand": ["Bloodbraid Elf"],
            "battlefield": ["Forest", "Forest", "Mountain", "Mountain"],
        },
        {"name": "Opponent", "life": 20, "library": {"order": "listed", "cards": []}},
    ],
    "actions": [{"do": "cast", "card": "Bloodbraid Elf"}],
    "choices": [],
}

# Runs in the page: press the button labelled ``label`` ``n`` times, each time waiting
# for the board (found through open shadow roots) to show the next data-frame.
_STEP_JS = """
async ([label, n]) => {
  function deep(root, pred) {
    for (const el of root.querySelectorAll('*')) {
      if (pred(el)) return el;
      if (el.shadowRoot) { const f = deep(el.shadowRoot, pred); if (f) return f; }
    }
    return null;
  }
  const btn = deep(document, el => el.tagName === 'BUTTON' && el.textContent.trim() === label);
  const findBoard = () => deep(document, el => el.dataset && el.dataset.testid === 'board');
  let board = findBoard();
  const root = board.getRootNode();
  const times = [];
  for (let i = 0; i < n; i++) {
    const want = String(Number(board.dataset.frame) + 1);
    const t0 = performance.now();
    await new Promise((resolve) => {
      const check = () => {
        const b = root.querySelector('[data-testid=board]');
        if (b && b.dataset.frame === want) { obs.disconnect(); board = b; resolve(); return true; }
        return false;
      };
      const obs = new MutationObserver(check);
      obs.observe(root, {subtree: true, childList: true, attributes: true});
      btn.click();
    });
    times.push(performance.now() - t0);
  }
  return times;
}
"""


def bare_app():
    """The baseline: one button, one HTML pane redrawn with the new frame number."""
    import panel as pn

    state = {"k": 0}
    pane = pn.pane.HTML('<div data-testid="board" data-frame="0">frame 0</div>')
    button = pn.widgets.Button(label="Next ›")

    def click(_e: Any) -> None:
        state["k"] += 1
        pane.object = f'<div data-testid="board" data-frame="{state["k"]}">frame {state["k"]}</div>'

    button.on_click(click)
    return pn.Column(button, pane)


def serve(apps: dict) -> tuple[str, Any]:
    from playground.serve import serve as serve_apps  # the same server setup as the CLI

    port = free_port()
    server = serve_apps(
        apps, port=port, address="127.0.0.1", threaded=True, websocket_origin=[f"127.0.0.1:{port}"]
    )
    base = f"http://127.0.0.1:{port}"
    import urllib.request

    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(f"{base}/{next(iter(apps))}", timeout=5):
                return base, server
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(q * (len(s) - 1))))]


def first_board(browser, url: str, loads: int) -> list[float]:
    """Seconds from navigation start to the board being in the DOM, one fresh context each."""
    out = []
    for _ in range(loads):
        ctx = browser.new_context(viewport={"width": 1500, "height": 1000})
        page = ctx.new_page()
        t0 = time.perf_counter()
        page.goto(url)
        page.get_by_test_id("board").wait_for(state="attached", timeout=30_000)
        out.append(time.perf_counter() - t0)
        ctx.close()
    return out


def open_page(browser, url: str):
    ctx = browser.new_context(viewport={"width": 1500, "height": 1000})
    page = ctx.new_page()
    page.goto(url)
    page.get_by_test_id("board").wait_for(state="attached", timeout=30_000)
    page.wait_for_timeout(300)  # let the session settle (URL sync, first layout)
    return ctx, page


def interleaved_steps(
    browser, app_url: str, bare_url: str, n: int, rounds: int = 5
) -> tuple[list[float], list[float]]:
    """Step both pages in alternating blocks, so machine noise hits both alike."""
    app_ctx, app = open_page(browser, app_url)
    bare_ctx, bare = open_page(browser, bare_url)
    app.evaluate(_STEP_JS, ["Next ›", 3])  # warm-up; the app then has n more frames
    bare.evaluate(_STEP_JS, ["Next ›", 3])
    app_times: list[float] = []
    bare_times: list[float] = []
    block = max(1, n // rounds)
    while len(app_times) < n:
        k = min(block, n - len(app_times))
        bare_times += bare.evaluate(_STEP_JS, ["Next ›", k])
        app_times += app.evaluate(_STEP_JS, ["Next ›", k])
    app_ctx.close()
    bare_ctx.close()
    return app_times, bare_times


def interleaved_loads(
    browser, app_url: str, bare_url: str, loads: int
) -> tuple[list[float], list[float]]:
    app_loads: list[float] = []
    bare_loads: list[float] = []
    for _ in range(loads):
        bare_loads += first_board(browser, bare_url, 1)
        app_loads += first_board(browser, app_url, 1)
    return app_loads, bare_loads


def interleaved_gets(app_url: str, bare_url: str, n: int) -> tuple[list[float], list[float]]:
    """Milliseconds of a plain GET of each page, alternating: the server builds the
    session's document for each (the server's part of the first board)."""
    import urllib.request

    def get(url: str) -> float:
        t0 = time.perf_counter()
        with urllib.request.urlopen(url, timeout=60) as r:
            r.read()
        return (time.perf_counter() - t0) * 1000

    app, bare = [], []
    for _ in range(n):
        bare.append(get(bare_url))
        app.append(get(app_url))
    return app, bare


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--steps", type=int, default=100, help="at most 150 (the scenario's length)")
    p.add_argument("--loads", type=int, default=5)
    p.add_argument("--gets", type=int, default=15, help="plain GETs of each page (server time)")
    p.add_argument("--url", default=None, help="a running playground (default: serve one)")
    args = p.parse_args(argv)

    from playwright.sync_api import sync_playwright

    from engine import Scenario, default_pool

    default_pool()
    token = Scenario.from_dict(BENCH_SCENARIO).to_token()
    servers = []
    if args.url:
        app_url = args.url.rstrip("/") + "/"
        base, srv = serve({"bare": bare_app})
        servers.append(srv)
    else:
        from playground.ui import create_app

        base, srv = serve({"app": create_app, "bare": bare_app})
        servers.append(srv)
        app_url = f"{base}/app"
    bare_url = f"{base}/bare"
    step_url = f"{app_url}?s={token}&f=0"

    launch = launch_args()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(**launch)
            first_board(browser, bare_url, 1)  # warm both servers and the browser cache
            first_board(browser, app_url, 1)
            app_load, bare_load = interleaved_loads(browser, app_url, bare_url, args.loads)
            app_get, bare_get = interleaved_gets(app_url, bare_url, args.gets)
            app_steps, bare_steps = interleaved_steps(browser, step_url, bare_url, args.steps)
            browser.close()
    finally:
        for s in servers:
            s.stop()

    rows = [
        (
            "next -> board redrawn, median (ms)",
            statistics.median(app_steps),
            statistics.median(bare_steps),
            STEP_GOAL_MS,
        ),
        (
            "next -> board redrawn, p90 (ms)",
            pct(app_steps, 0.9),
            pct(bare_steps, 0.9),
            STEP_GOAL_MS,
        ),
        (
            "GET of the page, median (ms)",
            statistics.median(app_get),
            statistics.median(bare_get),
            None,  # no goal of its own: the first board's part spent on the server
        ),
        (
            "navigation -> first board, median (s)",
            statistics.median(app_load),
            statistics.median(bare_load),
            FIRST_BOARD_GOAL_S,
        ),
    ]
    print(
        f"Playground benchmark: {args.steps} steps, {args.loads} page loads each "
        f"(Chromium {launch.get('executable_path', 'from Playwright')})"
    )
    print(f"{'measure':<40}{'playground':>12}{'bare page':>12}{'ratio':>8}{'goal':>8}  ok")
    for name, app, bare, goal in rows:
        ratio = app / bare if bare else float("nan")
        if goal is None:
            print(f"{name:<40}{app:>12.2f}{bare:>12.2f}{ratio:>8.2f}{'-':>8}")
            continue
        ok = "yes" if app < goal else "NO"
        print(f"{name:<40}{app:>12.2f}{bare:>12.2f}{ratio:>8.2f}{goal:>8g}  {ok}")


if __name__ == "__main__":
    main()
