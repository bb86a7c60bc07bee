"""Fit the weights of the run's work budget (``engine.base.limits.WORK_WEIGHTS``) to CPU time.

    python scripts/calibrate_work.py [--fuzz 400] [--seed 0]

Runs a corpus with the budgets off (every example scenario, the slow boards of
tests/engine/slow_boards/ at several sizes, and ``--fuzz`` mutated scenarios from the
fuzzers' generators), records each run's work counts per kind and its CPU time, and
fits one weight per kind (microseconds per piece of work, non-negative least squares on
the relative error). Prints the fitted weights next to the ones in force, and for both
how far CPU-per-unit spreads over the corpus (the point: a budget that tracks cost).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "engine")]

import engine.core.kernel as kernel  # noqa: E402
from engine import Scenario, default_pool  # noqa: E402
from engine.base import limits  # noqa: E402

REAL = limits.RunBudget
MADE: list[limits.RunBudget] = []


class Unlimited(REAL):
    """The budget with no limit but 3 s of CPU (a run stopped there is left out),
    remembered so its counts can be read after the run."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(
            max_events=10**9, max_objects=10**9, max_cells=10**12, max_work=10**15, max_cpu=3.0
        )
        MADE.append(self)


def corpus(n_fuzz: int, seed: int) -> list[tuple[str, dict]]:
    import fuzzing as F

    out = [
        (p.stem, json.loads(p.read_text()))
        for p in sorted((ROOT / "examples" / "scenarios").glob("*.json"))
    ]
    for p in sorted((ROOT / "tests" / "engine" / "slow_boards").glob("*.json")):
        d = json.loads(p.read_text())
        out.append((p.stem, d))
        for frac in (0.25, 0.5):  # smaller versions: the same kind of work, less of it
            small = json.loads(json.dumps(d))
            for pl in small["players"]:
                pl["battlefield"] = pl.get("battlefield", [])[
                    : max(2, int(len(pl.get("battlefield", [])) * frac))
                ]
            out.append((f"{p.stem}@{frac}", small))
    rng = random.Random(seed)
    for i in range(n_fuzz):
        out.append((f"fuzz{i}", F.scenario_dict(rng, mild=True)))
    return out


def measure(d: dict) -> list[tuple[list[int], float]]:
    """(counts, CPU seconds) of each run of ``d`` and of up to 2 answers."""
    rows = []
    kernel.RunBudget = Unlimited
    try:
        try:
            s = Scenario.from_dict(d)
        except ValueError:
            return rows
        rng = random.Random(1)
        for _ in range(3):
            MADE.clear()
            t = time.process_time()
            stopped = False
            try:
                tl = s.run()
            except limits.BudgetExceeded:
                tl, stopped = None, True
            except ValueError:
                tl = None
            cpu = time.process_time() - t
            if len(MADE) == 1 and not stopped:
                rows.append((list(MADE[0].counts), cpu))
            if tl is None or tl.pending is None:
                break
            s = tl.answer(rng.choice(tl.pending.keys()))
    finally:
        kernel.RunBudget = REAL
    return rows


def nnls(a: list[list[float]], b: list[float], iters: int = 20000) -> list[float]:
    """Non-negative least squares by projected coordinate descent (small, no numpy)."""
    k = len(a[0])
    w = [0.0] * k
    ata = [[sum(r[i] * r[j] for r in a) for j in range(k)] for i in range(k)]
    atb = [sum(r[i] * y for r, y in zip(a, b, strict=True)) for i in range(k)]
    for _ in range(iters):
        for i in range(k):
            if ata[i][i] == 0:
                continue
            g = atb[i] - sum(ata[i][j] * w[j] for j in range(k) if j != i)
            w[i] = max(0.0, g / ata[i][i])
    return w


def spread(rows: list[tuple[list[int], float]], weights: list[float]) -> str:
    ratios = sorted(
        cpu * 1e6 / max(1.0, sum(c * w for c, w in zip(cs, weights, strict=True)))
        for cs, cpu in rows
        if cpu > 0.02
    )
    if not ratios:
        return "no run over 20 ms"
    q = lambda f: ratios[min(len(ratios) - 1, int(f * len(ratios)))]  # noqa: E731
    return (
        f"microseconds of CPU per unit over {len(ratios)} runs > 20 ms: min {ratios[0]:.2f}"
        f"  p10 {q(0.1):.2f}  median {q(0.5):.2f}  p90 {q(0.9):.2f}  max {ratios[-1]:.2f}"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--fuzz", type=int, default=400)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    default_pool()
    rows: list[tuple[list[int], float]] = []
    for _name, d in corpus(args.fuzz, args.seed):
        rows.extend(measure(d))
    fit_rows = [(cs, cpu) for cs, cpu in rows if cpu > 0.005]
    # relative error: each run's row divided by its CPU time
    a = [[c / (cpu * 1e6) for c in cs] for cs, cpu in fit_rows]
    w = nnls(a, [1.0] * len(a))
    print(f"{len(rows)} runs ({len(fit_rows)} over 5 ms)")
    print(f"{'kind':22} {'in force':>9} {'fitted':>9}")
    for name, now, fit in zip(limits.WORK_NAMES, limits.WORK_WEIGHTS, w, strict=True):
        print(f"{name:22} {now:>9} {fit:>9.2f}")
    print("in force:", spread(rows, list(limits.WORK_WEIGHTS)))
    print("fitted:  ", spread(rows, w))


if __name__ == "__main__":
    main()
