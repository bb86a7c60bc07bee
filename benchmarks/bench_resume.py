"""Answering a decision: playing on from a checkpoint against replaying from the start.

    python benchmarks/bench_resume.py [--repeats N] [--top N]

For each of the examples with the longest timelines (that ask at least one decision),
every recorded answer is given two ways to the timeline paused at that decision:
``Timeline.answer(key).run()`` (the scenario replayed from its start with one more
choice) and ``Timeline.continue_with(key)`` (play goes on from the last checkpoint before
the decision: an action's start, or before a resolution of the stack). Both give the same
frames (tests/engine/test_kernel_records.py); the table shows the medians of each per
example (summed over its answers) and their ratio. Nothing is asserted (shared machine).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from timing import median_ms  # noqa: E402  (benchmarks/ is the script folder)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeats", type=int, default=30)
    ap.add_argument("--top", type=int, default=8)
    args = ap.parse_args()
    from engine import Scenario

    examples = []
    for path in sorted((ROOT / "examples" / "scenarios").glob("*.json")):
        sc = Scenario.load(path)
        tl = sc.run()
        keys = [key for _, _, key in tl.answered]
        if keys:
            examples.append((len(tl), path, sc, keys))
    examples.sort(key=lambda e: (-e[0], e[1].name))
    print(f"{'example':36} {'frames':>6} {'answers':>7} {'replay':>9} {'resume':>9} {'ratio':>6}")
    total_replay = total_resume = 0.0
    for frames, path, sc, keys in examples[: args.top]:
        paused = [sc.with_choices(keys[:d]).run() for d in range(len(keys))]
        replay = sum(
            median_ms(lambda p=p, k=k: p.answer(k).run(), args.repeats)
            for p, k in zip(paused, keys, strict=True)
        )
        resume = sum(
            median_ms(lambda p=p, k=k: p.continue_with(k), args.repeats)
            for p, k in zip(paused, keys, strict=True)
        )
        total_replay += replay
        total_resume += resume
        print(
            f"{path.stem:36} {frames:6d} {len(keys):7d} {replay:7.2f}ms {resume:7.2f}ms "
            f"{replay / resume:5.2f}x"
        )
    print(
        f"{'all of the above':36} {'':6} {'':7} {total_replay:7.2f}ms {total_resume:7.2f}ms "
        f"{total_replay / total_resume:5.2f}x"
    )


if __name__ == "__main__":
    main()
