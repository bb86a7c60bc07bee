"""Isolation benchmark: session B's step latency while session A submits each
pathological input, next to B's latency alone; and the server's memory around it.

    python benchmarks/bench_isolation.py [--steps 40] [--rounds 2]

Serves the playground in-process with the CLI's server setup (worker processes on),
opens B on a 157-frame resolution and times "Next ›" in the page (click -> board shows
the next frame: websocket round trip + callback + DOM). For each input of
tests/playground/isolation.py, A starts it and B steps at once, while the server works on
it; then every input at once, each from a session of its own ("all at once"), and the
heaviest link from several sessions at once. Prints median and p90 per condition and
the ratio of each median to B's median alone (the promise: under 2x), what A ended with,
and the resident memory of the server process (and its workers) at the start, after the
heavy inputs and after A's sessions closed. Asserts nothing (shared, noisy machine).
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser import free_port, launch_args  # noqa: E402
from tests.playground.isolation import (  # noqa: E402
    INPUTS,
    LONG_SCENARIO,
    pct,
    rewind,
    step_times,
    token_of,
)


def rss_mb(pid: int | str = "self") -> float:
    with open(f"/proc/{pid}/statm") as f:
        import os

        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def serve():
    import urllib.request

    from engine import default_pool
    from playground.serve import serve as serve_apps
    from playground.ui import create_app

    default_pool()
    port = free_port()
    server = serve_apps(
        {"app": create_app},
        port=port,
        address="127.0.0.1",
        threaded=True,
        websocket_origin=[f"127.0.0.1:{port}"],
    )
    url = f"http://127.0.0.1:{port}/app"
    from playground import offload

    offload.get_pool().wait_ready(60)
    deadline = time.monotonic() + 180  # a loaded machine: the first page can take a while
    while True:
        try:
            with urllib.request.urlopen(url, timeout=30):
                return url, server
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--steps", type=int, default=40, help="B's steps per condition")
    ap.add_argument("--rounds", type=int, default=2, help="repeats of every condition")
    ap.add_argument(
        "--attackers", type=int, default=4, help="sessions sending the Apex link at once"
    )
    args = ap.parse_args()

    from playwright.sync_api import expect, sync_playwright

    from playground import offload
    from tests.playground.ui import open_app

    url, server = serve()
    pool = offload.get_pool()
    workers = lambda: sum(rss_mb(p) for p in pool.pids())  # noqa: E731
    times: dict[str, list[float]] = {"alone": []}
    outcome: dict[str, str] = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(**launch_args())
        ctx_b = browser.new_context(viewport={"width": 1500, "height": 1000})
        b = ctx_b.new_page()
        open_app(b, f"{url}?s={token_of(LONG_SCENARIO)}")
        expect(b.get_by_test_id("title")).to_have_text("Benchmark: a long cascade", timeout=30_000)
        gc.collect()
        mem = {"start": (rss_mb(), workers())}
        for _ in range(args.rounds):
            rewind(b)
            times["alone"] += step_times(b, args.steps)
            for name, (start, settled) in INPUTS.items():
                ctx_a = browser.new_context(viewport={"width": 1500, "height": 1000})
                a = ctx_a.new_page()
                open_app(a, url)
                rewind(b)
                t0 = time.perf_counter()
                start(a, url)
                times.setdefault(name, []).extend(step_times(b, args.steps))
                settled(a, 60_000)
                notice = a.get_by_test_id("notice")
                errors = a.locator(".errors")
                shown = (
                    notice.inner_text()
                    if notice.count()
                    else errors.first.inner_text()
                    if errors.count()
                    else "its scenario"
                )
                outcome[name] = f"{time.perf_counter() - t0:.1f} s: {shown[:150]!r}"
                ctx_a.close()
            together = [
                *INPUTS.items(),
                *[("Apex Devastator x8 link", INPUTS["Apex Devastator x8 link"])] * args.attackers,
            ]
            groups = {
                f"all {len(INPUTS)} inputs at once ({len(INPUTS)} sessions)": together[
                    : len(INPUTS)
                ],
                f"Apex link x{args.attackers} sessions at once": together[len(INPUTS) :],
            }
            for name, group in groups.items():
                pages = []
                for _ in group:
                    ctx_a = browser.new_context(viewport={"width": 1500, "height": 1000})
                    a = ctx_a.new_page()
                    open_app(a, url)
                    pages.append((ctx_a, a))
                rewind(b)
                t0 = time.perf_counter()
                for (_ctx, a), (_n, (start, _s)) in zip(pages, group, strict=True):
                    start(a, url)
                times.setdefault(name, []).extend(step_times(b, args.steps))
                for (_ctx, a), (_n, (_start, settled)) in zip(pages, group, strict=True):
                    settled(a, 120_000)
                outcome[name] = f"{time.perf_counter() - t0:.1f} s: every session settled"
                for ctx_a, _a in pages:
                    ctx_a.close()
            mem.setdefault("after heavy inputs", (rss_mb(), workers()))
        time.sleep(3)  # let the server notice the closed sessions
        gc.collect()
        mem["A's sessions closed"] = (rss_mb(), workers())
        browser.close()
    server.stop()

    print(f"B's step latency ({args.steps} steps x {args.rounds} rounds per condition; ms):")
    print(f"  {'condition':44} {'median':>8} {'p90':>8} {'max':>8} {'median/alone':>13}")
    alone = pct(times["alone"], 0.5)
    for name, ts in times.items():
        print(
            f"  {name:44} {pct(ts, 0.5):8.1f} {pct(ts, 0.9):8.1f} {max(ts):8.1f} "
            f"{pct(ts, 0.5) / alone:12.2f}x"
        )
    print("What A saw (time from submitting to its outcome):")
    for name, text in outcome.items():
        print(f"  {name:44} {text}")
    print("Resident memory, MB (server process incl. this client / the worker processes):")
    for when, (main_mb, work_mb) in mem.items():
        print(f"  {when:44} {main_mb:8.0f} / {work_mb:6.0f}")
    print(f"Worker pool: {pool.stats}")


if __name__ == "__main__":
    import os
    import traceback

    status = 1
    try:
        main()
        status = 0
    except BaseException:  # noqa: BLE001 - printed before os._exit, which would hide it
        traceback.print_exc()
    finally:
        sys.stdout.flush()
        os._exit(status)  # threaded server threads and workers: skip interpreter teardown
