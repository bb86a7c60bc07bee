"""Engine benchmark: a full 60-card cascade scenario, run to completion with its timeline.

    python benchmarks/bench_engine.py [--repeats N]

The baseline, measured in the same run, is a bare shuffle-and-scan loop in plain
Python doing the same cascade (shuffle, exile until a hit, bottom the rest in a random
order) with no events, snapshots or decisions. The ratio is what the engine's
bookkeeping costs. Medians over many runs; nothing is asserted (shared, noisy machine).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from timing import median_ms  # noqa: E402  (benchmarks/ is the script folder)

from engine import AutoPolicy, Scenario, default_pool  # noqa: E402

DECK = [  # 60 cards, 16 distinct names: a Temur cascade list
    ("Forest", 6), ("Mountain", 5), ("Island", 3), ("Stomping Ground", 4), ("Steam Vents", 2),
    ("Breeding Pool", 2), ("Bloodbraid Elf", 4), ("Shardless Agent", 4), ("Lightning Bolt", 4),
    ("Tarmogoyf", 4), ("Fire // Ice", 4), ("Bonecrusher Giant // Stomp", 4), ("Thragtusk", 4),
    ("Llanowar Elves", 4), ("Counterspell", 2), ("Fireball", 3),
]  # fmt: skip


def scenario(seed: int) -> Scenario:
    lib = [{"name": n, "count": c} for n, c in DECK]
    lib[6]["count"] -= 1  # one Bloodbraid Elf is in hand
    return Scenario.from_dict({
        "seed": seed,
        "players": [
            {"name": "You", "library": {"order": "random", "cards": lib},
             "hand": ["Bloodbraid Elf"]},
            {"name": "Opponent", "battlefield": ["Grizzly Bears"]},
        ],
        "actions": [{"do": "cast", "card": "Bloodbraid Elf"}],
    })  # fmt: skip


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




def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeats", type=int, default=300)
    args = ap.parse_args()
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


if __name__ == "__main__":
    main()
