"""Odds benchmarks: exact analysis against the Monte Carlo it replaces, in one run.

    python benchmarks/bench_odds.py [--repeats N] [--engine-samples N]

1. exact single cascade (MV 4) over a 60-card library with 20 distinct names
   (closed form; and with the hits' own cascade / discover chained);
2. exact two-instance chain: Bloodbraid Elf with a granted cascade (Maelstrom
   Nexus), hits with cascade (Shardless Agent) chaining;
3. the Monte Carlo needed for three decimals (standard error <= 0.0005 on every
   hit probability): seconds per sample measured here, samples extrapolated from
   the exact probabilities (n = max p(1-p) / 0.0005^2) and checked against the
   measured standard error.

Prints medians (time.perf_counter) and ratios; asserts nothing. The machine is
shared and noisy: compare the ratios, not the absolute times.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from timing import median_seconds  # noqa: E402  (benchmarks/ is the script folder)

from engine.cards.carddb import default_pool  # noqa: E402
from engine.odds.exact import (  # noqa: E402
    OddsResult,
    cascade,
    cascade_odds,
    chain_odds,
    monte_carlo,
)

TARGET_SE = 0.0005

LIBRARY = {  # 60 cards, 20 names
    "Forest": 4,
    "Mountain": 4,
    "Stomping Ground": 4,
    "Wooded Foothills": 4,
    "Breeding Pool": 4,
    "Lightning Bolt": 3,
    "Tarmogoyf": 3,
    "Noble Hierarch": 3,
    "Fire // Ice": 2,
    "Bonecrusher Giant // Stomp": 3,
    "Shardless Agent": 4,
    "Ardent Plea": 2,
    "Bloodbraid Elf": 3,
    "Primeval Titan": 2,
    "Wrath of God": 2,
    "Geological Appraiser": 2,
    "Thoughtseize": 3,
    "Counterspell": 2,
    "Kolaghan's Command": 3,
    "Crashing Footfalls": 3,
}


def needed_samples(exact: OddsResult) -> int:
    """Samples for a standard error <= TARGET_SE on every hit/cast probability."""
    worst = max(
        [float(p) * (1 - float(p)) for p in exact.hit.values() if p <= 1]
        + [float(p) * (1 - float(p)) for p in exact.cast.values() if p <= 1]
        + [0.0]
    )
    return max(1, round(worst / TARGET_SE**2))


def measured_se(est: OddsResult) -> float:
    se = est.stderr or {}
    return max([v for k, v in se.items() if k.startswith(("hit:", "cast:"))] + [0.0])


def fmt_s(x: float) -> str:
    if x < 1e-3:
        return f"{x * 1e6:.0f} us"
    if x < 1:
        return f"{x * 1e3:.2f} ms"
    return f"{x:.2f} s"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--engine-samples", type=int, default=300)
    ap.add_argument("--sim-samples", type=int, default=20_000)
    args = ap.parse_args(argv)

    pool = default_pool()
    library = [pool.get(n) for n, k in LIBRARY.items() for _ in range(k)]
    bbe = pool.get("Bloodbraid Elf")
    print(f"Library: {len(library)} cards, {len(LIBRARY)} names; repeats={args.repeats}")
    print()

    rows: list[tuple[str, float, str]] = []
    exact_single = cascade_odds(library, 4)
    t_single = median_seconds(lambda: cascade_odds(library, 4), args.repeats)
    rows.append(("exact single cascade MV 4 (closed form)", t_single, "goal < 5 ms"))
    chain1 = chain_odds(library, [cascade(4)])
    t_chain1 = median_seconds(lambda: chain_odds(library, [cascade(4)]), args.repeats)
    rows.append((f"exact single cascade MV 4, hits chained ({chain1.states} states)", t_chain1, ""))
    steps2 = [cascade(4), cascade(4)]
    chain2 = chain_odds(library, steps2)
    if not chain2.exact:
        print("note: the two-instance chain fell back to Monte Carlo")
    t_chain2 = median_seconds(lambda: chain_odds(library, steps2), max(3, args.repeats // 2))
    rows.append(
        (
            f"exact two-instance chain BBE + Nexus ({chain2.states} states)",
            t_chain2,
            "goal < 200 ms",
        )
    )

    # Monte Carlo: the stand-alone simulation and the real engine, per sample
    mc_rows: list[tuple[str, float, int, float, float]] = []
    for label, exact, kwargs in (
        ("single cascade (BBE), chained", chain1, {"steps": [cascade(4)], "spell": bbe}),
        (
            "two-instance chain (BBE + Maelstrom Nexus)",
            chain2,
            {"steps": steps2, "spell": bbe, "battlefield": ["Maelstrom Nexus"]},
        ),
    ):
        n_need = needed_samples(exact)
        for how, n, engine in (
            ("stand-alone sim", args.sim_samples, False),
            ("game engine", args.engine_samples, True),
        ):
            kw = dict(kwargs)
            if not engine:
                kw.pop("spell")
                kw.pop("battlefield", None)
            try:
                t0 = time.perf_counter()
                est = monte_carlo(library, samples=n, seed=1, use_engine=engine, **kw)
                dt = (time.perf_counter() - t0) / n
            except Exception as e:  # the engine is optional here: report, don't fail
                print(f"  ({how} for {label} unavailable: {type(e).__name__}: {e})")
                continue
            se = measured_se(est)
            n_meas = round(n * (se / TARGET_SE) ** 2)
            worst = max(
                abs(float(est.cast.get(k, 0)) - float(v))
                / max(est.stderr.get(f"cast:{k}", 0), 1e-12)
                for k, v in exact.cast.items()
            )
            mc_rows.append((f"{label}: {how}", dt, n_need, dt * n_need, worst))
            print(
                f"  {label}: {how}: {n} samples, {fmt_s(dt)}/sample, max s.e. {se:.4f} "
                f"-> {n_meas} samples measured-extrapolated, {n_need} from exact p; "
                f"worst |est - exact| = {worst:.1f} s.e."
            )
    print()

    w = max(len(r[0]) for r in rows) + 2
    print(f"{'exact analysis':<{w}}{'median':>12}  note")
    for name, t, note in rows:
        print(f"{name:<{w}}{fmt_s(t):>12}  {note}")
    print()
    w2 = max([len(r[0]) for r in mc_rows] + [10]) + 2
    print(
        f"{'Monte Carlo to +/-0.0005 (3 decimals)':<{w2}}{'per sample':>12}"
        f"{'samples':>10}{'total':>12}{'x exact':>12}"
    )
    for name, dt, n_need, total, _ in mc_rows:
        ref = t_chain1 if name.startswith("single") else t_chain2
        print(f"{name:<{w2}}{fmt_s(dt):>12}{n_need:>10}{fmt_s(total):>12}{total / ref:>11.0f}x")
    print()
    print(
        "Exact single-cascade hit table: "
        + ", ".join(f"{k} {float(v):.4f}" for k, v in sorted(exact_single.hit.items()))
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
