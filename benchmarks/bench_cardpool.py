"""Card pool benchmarks: cold load, name search and suggestions, each against a baseline.

    python benchmarks/bench_cardpool.py [--repeats N]

Prints medians (time.perf_counter) and ratios; it asserts nothing. Cold loads run in a
fresh interpreter each time, so module caches and the OS page cache are the only warmth.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from timing import median_ms  # noqa: E402  (benchmarks/ is the script folder)

# Run in a fresh interpreter; prints seconds as JSON.
_COLD_POOL = """
import json, time
t0 = time.perf_counter()
import engine.cards.carddb as carddb
t1 = time.perf_counter()
pool = carddb.default_pool()
t2 = time.perf_counter()
pool.get("Bloodbraid Elf")
t3 = time.perf_counter()
print(json.dumps({"import": t1 - t0, "load": t2 - t1, "first_get": t3 - t2}))
"""
_COLD_JSON = """
import gzip, json, time
from importlib import resources
raw = resources.files("engine").joinpath("data", "cards.json.gz").read_bytes()
t0 = time.perf_counter()
text = gzip.decompress(raw)
t1 = time.perf_counter()
json.loads(text)
t2 = time.perf_counter()
print(json.dumps({"gunzip": t1 - t0, "loads": t2 - t1}))
"""

SEARCHES = ["bolt", "lightning", "elf", "e", "fire", "stomp", "saga", "agent", "zzz", "of the"]
TYPOS = [
    "Lightnig Bolt",
    "Bloodbrade Elf",
    "Tarmogof",
    "Jace the Mind Scultor",
    "Ancestral Visions",
    "Shardles Agent",
    "Urzas saga",
    "Emrakul the aeons torn",
]


def _cold(script: str, repeats: int) -> dict[str, float]:
    runs: list[dict[str, float]] = []
    for _ in range(repeats):
        out = subprocess.run(
            [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
        )
        runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
    return {k: statistics.median(r[k] for r in runs) for k in runs[0]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=7, help="runs per measurement")
    args = parser.parse_args(argv)
    n = args.repeats

    pool_cold = _cold(_COLD_POOL, n)
    json_cold = _cold(_COLD_JSON, n)

    from engine.cards.carddb import default_pool

    pool = default_pool()
    t = time.perf_counter()
    pool.search("warm-up")  # builds the search keys once
    first_search_ms = (time.perf_counter() - t) * 1000
    lowered = [name.lower() for name in pool.names]

    def search_all() -> None:
        for q in SEARCHES:
            pool.search(q, limit=20)

    def scan_all() -> None:
        for q in SEARCHES:
            [name for name in lowered if q in name]  # noqa: B018 - the baseline itself

    def suggest_all() -> None:
        for q in TYPOS:
            pool.suggest(q)

    search_ms = median_ms(search_all, n) / len(SEARCHES)
    scan_ms = median_ms(scan_all, n) / len(SEARCHES)
    suggest_ms = median_ms(suggest_all, n) / len(TYPOS)

    load_ms = pool_cold["load"] * 1000
    loads_ms = json_cold["loads"] * 1000
    gz_loads_ms = (json_cold["loads"] + json_cold["gunzip"]) * 1000
    rows = [
        ("cold default_pool() (fresh process)", load_ms, "< 300 ms", "json.loads", loads_ms),
        ("  gunzip + json.loads of the same file", gz_loads_ms, "", "", None),
        ("  import engine.cards.carddb (whole engine)", pool_cold["import"] * 1000, "", "", None),
        ("  first get() (builds one CardDef)", pool_cold["first_get"] * 1000, "", "", None),
        ("search(q, 20), per query", search_ms, "< 10 ms", "list-comp scan", scan_ms),
        ("  first search() (builds search keys)", first_search_ms, "", "", None),
        ("suggest(typo), per query", suggest_ms, "< 50 ms", "", None),
    ]
    print(f"card pool: {len(pool):,} cards; median of {n} runs; Python {sys.version.split()[0]}")
    print(f"{'measurement':44} {'median':>10}  {'goal':9} {'baseline':15} {'base':>9} {'ratio':>6}")
    for label, ms, goal, base_label, base_ms in rows:
        base = f"{base_ms:7.2f}ms" if base_ms is not None else ""
        ratio = f"{ms / base_ms:5.2f}x" if base_ms else ""
        print(f"{label:44} {ms:8.2f}ms  {goal:9} {base_label:15} {base:>9} {ratio:>6}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
