"""scripts/fuzz.py: the invariants section counts the games it really played."""

from __future__ import annotations

import re


def test_the_invariants_section_counts_runs_and_frames() -> None:
    import fuzz

    import engine.scenario.scenario as scenario_mod

    before = scenario_mod._RUNNER
    ok, report = fuzz.invariants(2)
    assert ok, report
    counts = [(int(r.replace(",", "")), int(f.replace(",", "")))
              for r, f in re.findall(r"\(([\d,]+) runs, ([\d,]+) frames\)", report)]  # fmt: skip
    assert len(counts) == 3 and all(runs > 0 and frames > runs for runs, frames in counts)
    assert scenario_mod._RUNNER is before  # the real runner is registered again
