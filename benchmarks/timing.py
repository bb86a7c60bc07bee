"""The one timer every benchmark uses (the median of repeated runs: shared, noisy machines),
and the side-by-side run of this engine against an older revision's."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path


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


def side_by_side(script: Path, root: Path, rev: str, rounds: int, repeats: int) -> dict:
    """Run ``script --child --repeats N`` alternately on this tree's engine and on ``rev``'s
    (``git archive`` into a temporary folder, both compiled first, so imports compare
    imports, not compiles), ``rounds`` times each: {"this": [...], rev: [...]}, each run the
    JSON dict the child printed last."""
    with tempfile.TemporaryDirectory(prefix="bench-against-") as tmp:
        old = Path(tmp) / rev
        old.mkdir()
        archive = subprocess.run(
            ["git", "-C", str(root), "archive", rev, "engine"], capture_output=True, check=True
        )
        subprocess.run(["tar", "-x", "-C", str(old)], input=archive.stdout, check=True)
        for tree in (root, old):
            subprocess.run(
                [sys.executable, "-m", "compileall", "-q", str(tree / "engine")], check=True
            )
        runs: dict[str, list[dict]] = {"this": [], rev: []}
        for _ in range(rounds):
            runs["this"].append(_child(script, root, repeats))
            runs[rev].append(_child(script, old, repeats))
    return runs


def _child(script: Path, engine_root: Path, repeats: int) -> dict:
    env = {**os.environ, "PYTHONPATH": str(engine_root), "PYTHONDONTWRITEBYTECODE": "1"}
    out = subprocess.run(
        [sys.executable, str(script), "--child", "--repeats", str(repeats)],
        cwd=tempfile.gettempdir(),
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])
