"""Engine benchmark: a full 60-card cascade scenario, run to completion with its timeline.

    python benchmarks/bench_engine.py [--repeats N] [--against REV] [--rounds N]

Two comparisons, both measured in the same run on the same machine:

- this version against an older one (``--against``, default 603b85d, the speed goal's
  reference): ``git archive`` of that commit into a temporary folder, then child processes
  of this script alternate between the two engines (``--rounds`` each), every child timing
  ``import engine`` (fresh process) and the cascade; the table shows the medians side by
  side and their ratio. ``--against none`` skips it (no git needed).
- a bare shuffle-and-scan loop in plain Python doing the same cascade (shuffle, exile until
  a hit, bottom the rest in a random order) with no events, snapshots or decisions: the
  ratio is what the engine's bookkeeping costs.

Medians over many runs; nothing is asserted (shared, noisy machine).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from timing import median_ms, side_by_side  # noqa: E402  (benchmarks/ is the script folder)

DECK = [  # 60 cards, 16 distinct names: a Temur cascade list
    ("Forest", 6),
    ("Mountain", 5),
    ("Island", 3),
    ("Stomping Ground", 4),
    ("Steam Vents", 2),
    ("Breeding Pool", 2),
    ("Bloodbraid Elf", 4),
    ("Shardless Agent", 4),
    ("Lightning Bolt", 4),
    ("Tarmogoyf", 4),
    ("Fire // Ice", 4),
    ("Bonecrusher Giant // Stomp", 4),
    ("Thragtusk", 4),
    ("Llanowar Elves", 4),
    ("Counterspell", 2),
    ("Fireball", 3),
]


def scenario(seed: int):  # -> engine.Scenario (of whichever engine is on the path)
    from engine import Scenario

    lib = [{"name": n, "count": c} for n, c in DECK]
    lib[6]["count"] -= 1  # one Bloodbraid Elf is in hand
    return Scenario.from_dict(
        {
            "seed": seed,
            "players": [
                {
                    "name": "You",
                    "library": {"order": "random", "cards": lib},
                    "hand": ["Bloodbraid Elf"],
                },
                {"name": "Opponent", "battlefield": ["Grizzly Bears"]},
            ],
            "actions": [{"do": "cast", "card": "Bloodbraid Elf"}],
        }
    )


def baseline(seed: int, cards: list[tuple[bool, int]]) -> int:
    """Shuffle, exile until a nonland card with mana value < 4, bottom the rest randomly."""
    rng = random.Random(seed)
    library = list(cards)
    rng.shuffle(library)
    exiled = []
    while library:
        card = library.pop(0)
        exiled.append(card)
        if not card[0] and card[1] < 4:
            exiled.pop()
            break
    rng.shuffle(exiled)
    library.extend(exiled)
    return len(library)


def child(repeats: int) -> None:
    """One engine's figures as JSON on stdout: import time, then the cascade's median."""
    t0, c0 = time.perf_counter(), time.process_time()
    import engine

    import_s, import_cpu_s = time.perf_counter() - t0, time.process_time() - c0
    pool = engine.default_pool()
    policy = engine.AutoPolicy()
    scenarios = [scenario(seed) for seed in range(20)]
    for s in scenarios:  # warm caches (card definitions are built lazily)
        s.run(pool, policy)
    i = iter(range(10**9))
    ms = median_ms(lambda: scenarios[next(i) % 20].run(pool, policy), repeats)
    cpu = []  # CPU time too: on a loaded machine the wall clock mostly measures the others
    for k in range(repeats):
        c0 = time.process_time()
        scenarios[k % 20].run(pool, policy)
        cpu.append(time.process_time() - c0)
    print(
        json.dumps(
            {
                "import_s": import_s,
                "import_cpu_s": import_cpu_s,
                "cascade_ms": ms,
                "cascade_cpu_ms": statistics.median(cpu) * 1000,
                "engine": engine.__file__,
            }
        )
    )


def against(rev: str, rounds: int, repeats: int) -> None:
    """This version and ``rev`` side by side: alternating child processes, medians, ratio."""
    runs = side_by_side(Path(__file__).resolve(), ROOT, rev, rounds, repeats)
    figures = ("import_s", "import_cpu_s", "cascade_ms", "cascade_cpu_ms")
    med = {k: {f: statistics.median(r[f] for r in v) for f in figures} for k, v in runs.items()}
    print(
        f"This version against {rev}: {rounds} alternating rounds of child processes, "
        f"medians of {repeats} runs each (median of the rounds)"
    )
    print(f"{'measurement':44} {'this':>10} {rev:>10} {'ratio':>7} {'goal':>8}")
    for field, label, unit, goal, scale in (
        ("cascade_ms", "60-card cascade, run + timeline (wall)", "ms", "< 2 ms", 1.0),
        ("cascade_cpu_ms", "60-card cascade, run + timeline (CPU)", "ms", "", 1.0),
        ("import_s", "import engine, fresh process (wall)", "s", "< 0.3 s", 1.0),
        ("import_cpu_s", "import engine, fresh process (CPU)", "s", "", 1.0),
    ):
        a, b = med["this"][field] * scale, med[rev][field] * scale
        print(f"{label:44} {a:8.3f}{unit:>2} {b:8.3f}{unit:>2} {a / b:6.2f}x {goal:>8}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeats", type=int, default=300)
    ap.add_argument("--against", default="603b85d", help="a git revision, or 'none'")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.repeats)
        return
    sys.path.insert(0, str(ROOT))
    from engine import AutoPolicy, default_pool

    pool = default_pool()
    scenarios = [scenario(seed) for seed in range(20)]
    policy = AutoPolicy()
    for s in scenarios:  # warm caches (card definitions are built lazily)
        s.run(pool, policy)
    cards = []
    for name, count in DECK:
        card = pool.get(name)
        cards += [(card.is_land, card.mana_value)] * count

    frames = [len(s.run(pool, policy)) for s in scenarios]
    i = iter(range(10**9))
    engine_ms = median_ms(lambda: scenarios[next(i) % 20].run(pool, policy), args.repeats)
    j = iter(range(10**9))
    base_ms = median_ms(lambda: baseline(next(j) % 20, cards), args.repeats)
    k = iter(range(10**9))
    build_ms = median_ms(lambda: scenario(next(k) % 20), max(20, args.repeats // 10))

    rows = [
        ("60-card cascade scenario, run to completion + timeline", engine_ms, "< 2 ms"),
        ("baseline: bare shuffle-and-scan loop (same cascade)", base_ms, ""),
        ("scenario validation (from_dict, names checked)", build_ms, ""),
    ]
    print(
        f"Engine benchmark: medians of {args.repeats} runs; "
        f"{statistics.median(frames):.0f} frames per timeline (median)"
    )
    print(f"{'measurement':58} {'median':>10} {'goal':>8}")
    for label, ms, goal in rows:
        print(f"{label:58} {ms:8.3f} ms {goal:>8}")
    print(
        f"ratio engine / baseline: {engine_ms / base_ms:.0f}x "
        "(events, frame snapshots, decisions and rule citations)"
    )
    if args.against != "none":
        print()
        against(args.against, args.rounds, max(50, args.repeats // 2))


if __name__ == "__main__":
    main()
