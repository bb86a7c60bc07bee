"""Crowd benchmark: many sessions opening the page and stepping at once, beside the bare page.

    python benchmarks/bench_crowd.py [--sessions 20] [--steps 20] [--rounds 1]

Serves the playground and the bare Panel page of bench_playground.py in a child process
(the CLI's server setup, worker processes on, loopback only), then, for each round, opens
``--sessions`` pages of the bare page at once (one Chromium, one context each), each
stepping ``--steps`` times as soon as its board is drawn, then the same crowd on the
playground with the long cascade's share link. Between crowds it reads the CPU time the
server process and its worker processes spent (``/proc``), so the figures are the
server's cost per session, not the browsers'. Prints per crowd: server CPU per session,
page load (navigation -> first board) median and max, step (click -> board redrawn)
median and p90, and steps that timed out, beside the bare page's, with their ratios.

Bounded: every page load and step has a timeout (counted, never waited for longer), and
the server child stops itself when this process goes away. Asserts nothing (shared,
noisy machine: the ratios in one run are the figures to read).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_playground import BENCH_SCENARIO, pct  # noqa: E402
from tests.browser import free_port, launch_args  # noqa: E402

LOAD_TIMEOUT_S = 180.0
STEP_TIMEOUT_S = 30.0
SETTLE_S = 2.0  # after a crowd: its last messages
GOAL_CPU_RATIO = 3.0

# One step per call: press "Next ›" and wait for the board's next data-frame (or give up).
_STEP_JS = """
async ([label, timeoutMs]) => {
  function deep(root, pred) {
    for (const el of root.querySelectorAll('*')) {
      if (pred(el)) return el;
      if (el.shadowRoot) { const f = deep(el.shadowRoot, pred); if (f) return f; }
    }
    return null;
  }
  const btn = deep(document, el => el.tagName === 'BUTTON' && el.textContent.trim() === label);
  const board = deep(document, el => el.dataset && el.dataset.testid === 'board');
  const root = board.getRootNode();
  const want = String(Number(board.dataset.frame) + 1);
  const t0 = performance.now();
  return await new Promise((resolve) => {
    let timer = null;
    const check = () => {
      const b = root.querySelector('[data-testid=board]');
      if (b && b.dataset.frame === want) {
        obs.disconnect(); clearTimeout(timer); resolve(performance.now() - t0);
      }
    };
    const obs = new MutationObserver(check);
    obs.observe(root, {subtree: true, childList: true, attributes: true});
    timer = setTimeout(() => { obs.disconnect(); resolve(-1); }, timeoutMs);
    btn.click();
  });
}
"""


def _serve_child(port: int) -> None:
    """The server process: both apps on 127.0.0.1:port until stdin closes (the parent
    is gone) or an hour has passed."""
    import threading

    from benchmarks.bench_playground import bare_app
    from engine import default_pool
    from playground.serve import serve
    from playground.ui import create_app

    default_pool()

    def watch_parent() -> None:
        sys.stdin.read()  # EOF when the benchmark ends (or dies)
        from playground import offload

        stop = getattr(offload, "shutdown", None)
        if stop is not None:
            threading.Timer(10, lambda: os._exit(0)).start()  # a stuck shutdown: go anyway
            stop()
        os._exit(0)

    threading.Thread(target=watch_parent, daemon=True).start()
    threading.Timer(3600, lambda: os._exit(0)).start()
    # A session is built when the page is requested and kept for the browser's websocket
    # only for Bokeh's "unused session lifetime" (15 s by default); a crowd's browsers take
    # longer than that to load the page's scripts, and then each page is built twice (the
    # first one abandoned). Kept here for the whole run, so the figures are one build per
    # page; closed sessions' clean-up is left out of them (it is the same for both pages).
    serve(
        {"app": create_app, "bare": bare_app},
        port=port,
        address="127.0.0.1",
        websocket_origin=[f"127.0.0.1:{port}"],
        threaded=False,
        unused_session_lifetime_milliseconds=3_600_000,
    )


def _proc_cpu(pid: int) -> float:
    """utime + stime (+ those of reaped children) of one process, in seconds."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    ticks = os.sysconf("SC_CLK_TCK")
    return sum(int(x) for x in fields[11:15]) / ticks  # utime stime cutime cstime


def _descendants(pid: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        children.setdefault(ppid, []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo += children.get(p, [])
    return out


def server_cpu(pid: int, seen: dict[int, float]) -> float:
    """CPU seconds of the server and its workers so far. A worker that exited keeps
    counting with its last reading (``seen``), whether or not the server reaped it."""
    for p in _descendants(pid):
        if p == pid:
            continue
        seen[p] = max(seen.get(p, 0.0), _proc_cpu(p))
    return _proc_cpu(pid) + sum(seen.values())


async def _session(browser, url: str, steps: int, label: str) -> dict:
    ctx = await browser.new_context(viewport={"width": 1400, "height": 1000})
    page = await ctx.new_page()
    out: dict = {"load": None, "steps": [], "timeouts": 0}
    try:
        t0 = time.perf_counter()
        await page.goto(url, timeout=LOAD_TIMEOUT_S * 1000)
        await page.get_by_test_id("board").wait_for(state="attached", timeout=LOAD_TIMEOUT_S * 1000)
        out["load"] = time.perf_counter() - t0
        if label == "app":  # the playground: wait until the link's scenario is open
            await (
                page.get_by_test_id("title")
                .filter(has_text="long cascade")
                .wait_for(timeout=LOAD_TIMEOUT_S * 1000)
            )
        for _ in range(steps):
            ms = await page.evaluate(_STEP_JS, ["Next ›", STEP_TIMEOUT_S * 1000])
            if ms < 0:
                out["timeouts"] += 1
            else:
                out["steps"].append(ms)
    except Exception as e:  # a page that never loaded: counted, the crowd goes on
        out["error"] = f"{type(e).__name__}: {str(e).splitlines()[0][:120]}"
    finally:
        await ctx.close()
    return out


async def crowd(
    browser, url: str, sessions: int, steps: int, pid: int, seen: dict, label: str
) -> dict:
    cpu0, t0 = server_cpu(pid, seen), time.perf_counter()
    results = await asyncio.gather(*(_session(browser, url, steps, label) for _ in range(sessions)))
    await asyncio.sleep(SETTLE_S)
    cpu = server_cpu(pid, seen) - cpu0
    loads = [r["load"] for r in results if r["load"] is not None]
    step_ms = [s for r in results for s in r["steps"]]
    return {
        "cpu": cpu,
        "wall": time.perf_counter() - t0,
        "loads": loads,
        "steps": step_ms,
        "timeouts": sum(r["timeouts"] for r in results),
        "errors": [r["error"] for r in results if "error" in r],
        "sessions": sessions,
    }


async def run(args: argparse.Namespace, base: str, pid: int) -> list[tuple[dict, dict]]:
    from playwright.async_api import async_playwright

    from engine import Scenario

    token = Scenario.from_dict(BENCH_SCENARIO).to_token()
    app_url, bare_url = f"{base}/app?s={token}&f=0", f"{base}/bare"
    seen: dict[int, float] = {}
    out = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(**launch_args())
        # warm both pages (imports, caches) once, alone, outside the measured crowds
        await crowd(browser, bare_url, 1, 2, pid, seen, "bare")
        await crowd(browser, app_url, 1, 2, pid, seen, "app")
        for _ in range(args.rounds):
            bare = await crowd(browser, bare_url, args.sessions, args.steps, pid, seen, "bare")
            app = await crowd(browser, app_url, args.sessions, args.steps, pid, seen, "app")
            out.append((app, bare))
        await browser.close()
    return out


def report(rounds: list[tuple[dict, dict]], args: argparse.Namespace) -> None:
    def merged(i: int) -> dict:
        parts = [r[i] for r in rounds]
        return {
            "cpu": sum(p["cpu"] for p in parts) / sum(p["sessions"] for p in parts),
            "wall": statistics.median(p["wall"] for p in parts),
            "loads": [x for p in parts for x in p["loads"]],
            "steps": [x for p in parts for x in p["steps"]],
            "timeouts": sum(p["timeouts"] for p in parts),
            "errors": [e for p in parts for e in p["errors"]],
        }

    app, bare = merged(0), merged(1)
    nan = float("nan")

    def med(xs: list[float]) -> float:
        return statistics.median(xs) if xs else nan

    rows = [
        ("server CPU per session (s)", app["cpu"], bare["cpu"]),
        ("crowd wall time (s)", app["wall"], bare["wall"]),
        ("page load -> first board, median (s)", med(app["loads"]), med(bare["loads"])),
        (
            "page load -> first board, max (s)",
            max(app["loads"], default=nan),
            max(bare["loads"], default=nan),
        ),
        ("next -> board redrawn, median (ms)", med(app["steps"]), med(bare["steps"])),
        (
            "next -> board redrawn, p90 (ms)",
            pct(app["steps"], 0.9) if app["steps"] else nan,
            pct(bare["steps"], 0.9) if bare["steps"] else nan,
        ),
    ]
    print(
        f"Crowd benchmark: {args.sessions} sessions at once, each loading the page and "
        f"stepping {args.steps} times; {args.rounds} round(s)"
    )
    print(f"{'measure':<40}{'playground':>12}{'bare page':>12}{'ratio':>8}")
    for name, a, b in rows:
        ratio = a / b if b else nan
        print(f"{name:<40}{a:>12.2f}{b:>12.2f}{ratio:>8.2f}")
    label = f"steps timed out (> {STEP_TIMEOUT_S:g} s)"
    print(f"{label:<40}{app['timeouts']:>12}{bare['timeouts']:>12}")
    print(f"{'sessions that failed to load':<40}{len(app['errors']):>12}{len(bare['errors']):>12}")
    for e in app["errors"] + bare["errors"]:
        print("  ", e)
    ratio = app["cpu"] / bare["cpu"] if bare["cpu"] else nan
    ok = ratio <= GOAL_CPU_RATIO and not app["timeouts"] and not app["errors"]
    print(
        f"goal: server CPU per session at most {GOAL_CPU_RATIO:g}x the bare page's, no step "
        f"timed out: {'yes' if ok else 'NO'} ({ratio:.2f}x)"
    )


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sessions", type=int, default=20)
    p.add_argument("--steps", type=int, default=20, help="at most 150 (the scenario's length)")
    p.add_argument("--rounds", type=int, default=1)
    p.add_argument("--serve", type=int, default=None, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.serve is not None:
        _serve_child(args.serve)
        return
    args.steps = max(1, min(args.steps, 150))
    port = free_port()
    env = dict(
        os.environ,
        PYTHONPATH=os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]),
    )
    child = subprocess.Popen(
        [sys.executable, __file__, "--serve", str(port)], stdin=subprocess.PIPE, env=env
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(f"{base}/bare", timeout=5):
                    break
            except OSError:
                if time.monotonic() > deadline or child.poll() is not None:
                    raise SystemExit("the benchmark's server did not start") from None
                time.sleep(0.2)
        rounds = asyncio.run(run(args, base, child.pid))
    finally:
        started = _descendants(child.pid)  # the server and its workers: ours to stop
        child.stdin.close()  # the server stops its workers and exits on EOF
        try:
            child.wait(timeout=20)
        except subprocess.TimeoutExpired:
            child.kill()
        for pid in started:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)  # a worker left behind (never another's)
    report(rounds, args)


if __name__ == "__main__":
    main()
