"""The one timer every benchmark uses: the median of repeated runs (shared, noisy machines)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_seconds(fn: Callable[[], object], repeats: int) -> float:
    """Median wall time of ``repeats`` calls; medians shrug off the other tenants' spikes."""
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def median_ms(fn: Callable[[], object], repeats: int) -> float:
    return median_seconds(fn, repeats) * 1000
