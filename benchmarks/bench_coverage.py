"""Coverage benchmark: classify every card of the pool (``python -m engine coverage``).

    python benchmarks/bench_coverage.py [--repeats N] [--pool FILE.json.gz]

Medians (time.perf_counter) of: building every CardDef of the pool (the baseline: what
any whole-pool pass costs), coverage of the whole pool on top of built cards, and the
two together from a fresh pool object; plus the counts, so a timing is read next to how
much data there was. ``--pool`` reads another cards.json.gz (e.g. one built with
``scripts/build_card_db.py --xmage`` into a temp path). It asserts nothing.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from timing import median_ms  # noqa: E402  (benchmarks/ is the script folder)

import engine  # noqa: E402,F401  (registers the op handlers)
from engine.cards.carddb import CardPool, load_bundled_entries  # noqa: E402
from engine.views import coverage  # noqa: E402


def _entries(path: Path | None) -> list[dict]:
    if path is None:
        return load_bundled_entries()
    return json.loads(gzip.decompress(path.read_bytes()))["cards"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--pool", type=Path, default=None, help="a cards.json.gz to use instead")
    args = ap.parse_args(argv)
    entries = _entries(args.pool)

    def build() -> list:
        pool = CardPool(entries)
        return [pool.get(n) for n in pool.names]

    cards = build()
    checks = coverage.Checkers.current()
    with_data = sum(1 for c in cards if c.effects)
    t_build = median_ms(build, args.repeats)
    t_cov = median_ms(lambda: coverage.report(cards, checks=checks), args.repeats)
    t_both = median_ms(lambda: coverage.report(build()), args.repeats)
    rep = coverage.report(cards, checks=checks)
    s, ch = rep.summary(), rep.chapters()
    print(f"pool: {len(cards):,} cards, {with_data:,} with effect data ({args.pool or 'bundled'})")
    print(f"baseline: build every CardDef          {t_build:8.1f} ms (median of {args.repeats})")
    print(f"coverage of the whole pool (built)     {t_cov:8.1f} ms")
    print(f"coverage from a fresh pool (both)      {t_both:8.1f} ms")
    print(
        f"nonland {s['total']:,}: full {s['full']:,} ({100 * s['full'] / s['total']:.1f}%), "
        f"partly {s['partly']:,}, not {s['not']:,}; combat-only full {s['combat_only']:,}; "
        f"Saga chapter abilities {ch['simulated']}/{ch['abilities']}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
