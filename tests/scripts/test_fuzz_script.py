"""scripts/fuzz.py: the invariants section counts the games it really played."""

from __future__ import annotations

import re


def test_the_invariants_section_counts_runs_and_frames() -> None:
    import fuzz

    import engine.scenario.scenario as scenario_mod

    before = scenario_mod._RUNNER
    ok, report = fuzz.invariants(2)
    assert ok, report
    counts = [
        (int(r.replace(",", "")), int(f.replace(",", "")))
        for r, f in re.findall(r"\(([\d,]+) runs, ([\d,]+) frames\)", report)
    ]
    assert len(counts) == 3 and all(runs > 0 and frames > runs for runs, frames in counts)
    assert scenario_mod._RUNNER is before  # the real runner is registered again


def test_the_table_has_a_row_per_entry_point_and_the_slowest_input_replays(
    tmp_path, capsys
) -> None:
    """A few inputs per entry point: each row counts inputs, typed and untyped errors,
    and the slowest input is written out whole; --replay runs it again."""
    import json

    import fuzz

    code = fuzz.main(
        [
            "--examples",
            "3",
            "--games",
            "0",
            "--only",
            "token,run,answer,coverage",
            "--out",
            str(tmp_path),
        ]
    )
    out = capsys.readouterr().out
    assert code == 0, out
    for name in ("token", "run", "answer", "coverage"):
        row = next(line for line in out.splitlines() if line.startswith(fuzz.NAMES[name]))
        inputs, typed, accepted, untyped, over = (
            int(x.replace(",", "")) for x in row[38:].split()[:5]
        )
        assert inputs == 3 and typed + accepted == 3 and untyped == 0 and over == 0
        saved = json.loads((tmp_path / f"{name}.json").read_text())
        assert saved["entry_point"] == name and saved["input"] is not None
    assert fuzz.main(["--replay", str(tmp_path / "run.json")]) == 0
    assert "s CPU, peak" in capsys.readouterr().out


def test_a_time_budget_stops_the_row_early_and_the_table_says_how_many_ran(
    tmp_path, capsys
) -> None:
    import fuzz

    args = ["--examples", "10000000", "--games", "0", "--only", "from_dict"]
    code = fuzz.main([*args, "--time-budget", "1", "--out", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0, out
    row = next(line for line in out.splitlines() if line.startswith(fuzz.NAMES["from_dict"]))
    inputs = int(row[38:].split()[0].replace(",", ""))
    assert 0 < inputs < 10_000_000
    assert f"fewer than 10,000,000 inputs ran for from_dict ({inputs:,})" in out


def test_jobs_split_the_inputs_and_the_row_adds_them_up(tmp_path, capsys) -> None:
    """--jobs 2: both processes' inputs are counted in one row; job 0 draws the inputs a
    single process draws, job 1 others (so the jobs never repeat each other's work)."""
    import random

    import fuzz
    import fuzzing as F

    single = [F.token(random.Random("0:token")) for _ in range(1)]
    assert [F.token(fuzz.job_rng("token", 0, 0)) for _ in range(1)] == single
    assert [F.token(fuzz.job_rng("token", 0, 1)) for _ in range(1)] != single
    job0, job1 = fuzz.fuzz("token", 4, 0, job=0), fuzz.fuzz("token", 3, 0, job=1)
    merged = fuzz._merge([job0, job1])
    assert merged["inputs"] == 7 and merged["rejected"] + merged["accepted"] == 7
    assert merged["slowest"] == max(job0["slowest"], job1["slowest"])
    assert merged["traced"] == job0["traced"] + job1["traced"] > 0
    code = fuzz.main(
        ["--examples", "5", "--games", "0", "--only", "token", "--jobs", "2"]
        + ["--out", str(tmp_path)]
    )
    out = capsys.readouterr().out
    assert code == 0, out
    row = next(line for line in out.splitlines() if line.startswith(fuzz.NAMES["token"]))
    assert int(row[38:].split()[0]) == 5


def test_a_failing_property_writes_its_whole_report(tmp_path, monkeypatch) -> None:
    """A property that fails leaves its falsifying example (the scenario hypothesis drew and
    every answer) in out/NAME.txt, not only the first line of the error."""
    import itertools

    import fuzz

    from engine.play.timeline import Timeline

    counter = itertools.count()
    monkeypatch.setattr(Timeline, "fingerprint", lambda self: str(next(counter)))
    ok, report = fuzz.invariants(1, tmp_path)
    assert not ok
    name = "test_same_scenario_same_fingerprint_also_after_round_trips"
    assert f"{name}: 1 games" in report and "FAILED: AssertionError" in report
    text = (tmp_path / f"{name}.txt").read_text()
    assert "Scenario(players=" in text and "reproduce_failure" in text and "AssertionError" in text
    assert not (tmp_path / "test_no_card_is_lost_duplicated_or_in_two_zones.txt").exists()
