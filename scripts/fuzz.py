"""``make fuzz``: every engine entry point against N structured inputs, then random games.

    python scripts/fuzz.py [--examples 100000] [--games 10000] [--only token,decklist]
    python scripts/fuzz.py --replay fuzz-out/run.json    # one saved input, measured again
    python scripts/fuzz.py --time-budget 3600             # stop each row early to fit an hour

For each entry point it prints one table row: inputs, rejected with a documented (typed)
error, accepted, UNTYPED errors (anything else escaping), inputs over the limits, the
slowest input's CPU seconds and the peak memory (tracemalloc, which makes a run about 3x
slower, so it measures a sample: every input that is the slowest so far, 1 in 10 of the
inputs over 20 ms and 1 in 50 of the rest; the "traced" column counts them; "ms/in" is
wall time per input in one process). ``--jobs``
splits each entry point's inputs over that many processes (job 0 draws the same inputs as
a single process; job j > 0 its own stream). The slowest input of each entry point is
written to ``--out`` (fuzz-out/NAME.json)
so it can be replayed. "run" and "answer" are one call each: ``Scenario.run()`` of a
mutated scenario, and the run after ``Timeline.answer`` of a random option. Then it replays
the suite's invariant properties (tests/engine/test_invariants.py: card conservation, one
zone per object, determinism across token/JSON round trips) over ``--games`` random
real-card games, reusing its generators. Exits 1 on any untyped error, any input over
1 s of CPU or 100 MB, or a failed invariant. The inputs come from tests/engine/fuzzing.py,
the generators the suite's fuzz tests use with a small example count. The odds inputs
are mostly the example decks' libraries and actions (fuzzing.odds_input): most take
milliseconds, the 100-card cascade deck's and the wild libraries' reach the exact
analysis's caps and cost 0.2-0.6 s each (plus the traced run, ~3x slower, for a sample).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "engine")]

import fuzzing as F  # noqa: E402

from engine import CardDef, Scenario, parse_decklist  # noqa: E402
from engine.__main__ import main as cli_main  # noqa: E402
from engine.views.coverage import card_coverage  # noqa: E402

CPU_LIMIT = 1.0
MEMORY_LIMIT = 100 * 1024 * 1024
TRACE_IF_SLOWER = 0.02
SLOW_SAMPLE = 10  # 1 in SLOW_SAMPLE inputs over TRACE_IF_SLOWER is measured for memory,
SAMPLE = 50  # and 1 in SAMPLE of the others (every slowest-so-far input is measured too)

Input = Any
EntryPoint = tuple[Callable[[random.Random], Input], Callable[[Input, random.Random], Any], tuple]


def _run(d: dict, rng: random.Random) -> None:
    Scenario.from_dict(d).run()


def _answered(rng: random.Random) -> dict:
    """A mutated scenario run once (not measured) and one pending decision answered at
    random: the scenario ``Timeline.answer`` gives, as a dict (what "answer" runs)."""
    d = F.scenario_dict(rng, mild=rng.random() < 0.7)
    try:
        tl = Scenario.from_dict(d).run()
        for _ in range(rng.randrange(1, 4)):
            if tl.pending is None:
                break
            scn = tl.answer(rng.choice(tl.pending.keys()))
            if rng.random() < 0.5:
                break
            tl = scn.run()
        else:
            return d
        return scn.to_dict() if tl.pending is not None else d
    except F.DOCUMENTED:
        return d


def _odds(d: dict, rng: random.Random) -> None:
    F.run_odds(d)


def _coverage(c: Any, rng: random.Random) -> None:
    card_coverage(CardDef.from_dict(c))


def _cli(arg: tuple[str, str], rng: random.Random) -> int:
    kind, text = arg
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            if kind == "token":
                code = cli_main(["token", "--decode", text])
            else:
                with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
                    f.write(text)
                try:
                    code = cli_main(["run", f.name])
                finally:
                    Path(f.name).unlink()
        except SystemExit as e:  # argparse's usage error (a token that starts with "-")
            code = e.code
    if "Traceback" in err.getvalue() or code not in (0, 2):
        raise RuntimeError(f"CLI exit {code}: {err.getvalue()[-300:]}")
    return code


def _cli_input(rng: random.Random) -> tuple[str, str]:
    import json

    if rng.random() < 0.5:
        return "token", F.token(rng)
    try:
        return "run", json.dumps(F.scenario_dict(rng, mild=rng.random() < 0.5))
    except (ValueError, RecursionError):
        return "run", "{"


ENTRY_POINTS: dict[str, EntryPoint] = {
    "token": (F.token, lambda t, rng: Scenario.from_token(t), F.DOCUMENTED),
    "from_dict": (F.scenario_dict, lambda d, rng: Scenario.from_dict(d), F.DOCUMENTED),
    "run": (lambda rng: F.scenario_dict(rng, mild=rng.random() < 0.7), _run, F.DOCUMENTED),
    "answer": (_answered, _run, F.DOCUMENTED),
    "decklist": (F.decklist, lambda t, rng: parse_decklist(t), F.DOCUMENTED),
    "card_from_dict": (F.card_dict, lambda c, rng: CardDef.from_dict(c), F.CARD_DOCUMENTED),
    "from_scryfall": (F.scryfall_dict, lambda c, rng: CardDef.from_scryfall(c), F.CARD_DOCUMENTED),
    "coverage": (F.card_dict, _coverage, F.CARD_DOCUMENTED),
    "odds": (F.odds_input, _odds, F.DOCUMENTED),
    "cli": (_cli_input, _cli, ()),
    "conformance": (F.conformance_case, lambda c, rng: F.run_conformance_case(c), F.DOCUMENTED),
}
NAMES = {
    "token": "decode_token / Scenario.from_token",
    "from_dict": "Scenario.from_dict",
    "run": "Scenario.run",
    "answer": "Timeline.answer, then run",
    "decklist": "parse_decklist",
    "card_from_dict": "CardDef.from_dict",
    "from_scryfall": "CardDef.from_scryfall",
    "coverage": "card_coverage (a user card)",
    "odds": "chain_odds (the exact odds)",
    "cli": "python -m engine (token --decode, run)",
    "conformance": "conformance run_case (an XMage test)",
}


def job_rng(name: str, seed: int, job: int = 0) -> random.Random:
    """The inputs' random stream of one job: job 0's is a single process's."""
    return random.Random(f"{seed}:{name}" + (f":{job}" if job else ""))


def fuzz(name: str, n: int, seed: int, seconds: float = 0.0, job: int = 0) -> dict[str, Any]:
    """``n`` inputs to one entry point (fewer if ``seconds`` > 0 of wall time pass first:
    the row's ``inputs`` says how many ran). ``job`` > 0 draws its own stream of inputs."""
    make, call, allowed = ENTRY_POINTS[name]
    stop_at = time.perf_counter() + seconds if seconds > 0 else None
    rng = job_rng(name, seed, job)
    slow = 0  # inputs over TRACE_IF_SLOWER so far
    row: dict[str, Any] = {
        "inputs": 0,
        "rejected": 0,
        "accepted": 0,
        "untyped": 0,
        "over": 0,
        "slowest": 0.0,
        "slowest_input": "",
        "peak": 0,
        "traced": 0,
        "examples": [],
        "slowest_data": None,
        "slowest_outcome": "",
        "slowest_peak": 0,
    }
    for i in range(n):
        if stop_at is not None and time.perf_counter() > stop_at:
            break
        row["inputs"] += 1
        data = make(rng)
        state = rng.getstate()
        out = F.guarded(partial(call, data, rng), allowed, memory=False)
        is_slow = out.cpu > TRACE_IF_SLOWER
        slow += is_slow
        if (  # the same input again, traced
            out.cpu > row["slowest"]
            or (is_slow and slow % SLOW_SAMPLE == 1)
            or (not is_slow and i % SAMPLE == 0)
        ):
            rng.setstate(state)
            traced = F.guarded(partial(call, data, rng), allowed, memory=True)
            row["peak"] = max(row["peak"], traced.peak)
            if out.cpu >= row["slowest"]:
                row["slowest_peak"] = traced.peak
            row["traced"] += 1
            over_memory = traced.peak > MEMORY_LIMIT
        else:
            over_memory = False
        if out.cpu > row["slowest"]:
            row["slowest"], row["slowest_input"] = out.cpu, repr(data)[:160]
            row["slowest_data"] = data
            row["slowest_outcome"] = (
                "untyped " + type(out.error).__name__
                if out.error
                else type(out.typed).__name__
                if out.typed
                else "accepted"
            )
        if out.error is not None:
            row["untyped"] += 1
            if len(row["examples"]) < 5:
                tb = traceback.format_exception(out.error)[-3:]
                row["examples"].append(f"{repr(data)[:300]}\n    {''.join(tb).strip()}")
        elif out.accepted:
            row["accepted"] += 1
        else:
            row["rejected"] += 1
        if out.cpu > CPU_LIMIT or over_memory:
            row["over"] += 1
            if len(row["examples"]) < 5:
                row["examples"].append(f"over limit ({out.cpu:.2f} s): {repr(data)[:300]}")
    return row


def _merge(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """One table row from the jobs' rows: counts add up, the slowest input is the slowest
    job's, the peak is the largest."""
    out = dict(max(rows, key=lambda r: r["slowest"]))
    for key in ("inputs", "rejected", "accepted", "untyped", "over", "traced"):
        out[key] = sum(r[key] for r in rows)
    out["peak"] = max(r["peak"] for r in rows)
    out["examples"] = [ex for r in rows for ex in r["examples"]][:5]
    return out


def fuzz_jobs(name: str, n: int, seed: int, seconds: float, jobs: int) -> dict[str, Any]:
    """``fuzz`` over ``jobs`` processes, ``n`` inputs in all (job 0 takes the remainder)."""
    if jobs <= 1:
        return fuzz(name, n, seed, seconds)
    import multiprocessing

    shares = [n // jobs + (n % jobs if j == 0 else 0) for j in range(jobs)]
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        rows = pool.starmap(fuzz, [(name, k, seed, seconds, j) for j, k in enumerate(shares)])
    return _merge(rows)


def failure_report(e: BaseException) -> str:
    """The whole failure as hypothesis reports it: every sub-exception of a group (a
    ``FlakyFailure`` holds the first failure and what the replay did), each with its notes
    (the falsifying example, drawn values included) and traceback."""
    import traceback

    return "".join(traceback.format_exception(e))


def invariants(games: int, out: Path | None = None) -> tuple[bool, str]:
    """The suite's invariant properties, over ``games`` random games (its own generators).

    A failing property's whole report (``failure_report``) goes to ``out/NAME.txt``."""
    import test_invariants as TI
    from hypothesis import given, settings
    from hypothesis import strategies as st

    import engine.play.timeline as timeline
    import engine.scenario.scenario as scenario_mod

    counts = {"runs": 0, "frames": 0}
    real_run = timeline.run

    def counting_run(*a: Any, **kw: Any) -> Any:  # how much the properties really played
        tl = real_run(*a, **kw)
        counts["runs"] += 1
        counts["frames"] += len(tl)
        return tl

    # Scenario.run() calls the runner engine.play.timeline registered at import, not the module
    # attribute: register the counting one (and put the real one back after)
    timeline.run = counting_run
    scenario_mod.register_runner(counting_run)
    report = []
    ok = True
    plan = [
        (TI.test_no_card_is_lost_duplicated_or_in_two_zones, games),
        (TI.test_same_scenario_same_fingerprint_also_after_round_trips, max(1, games // 10)),
        (TI.test_stepping_back_then_forward_gives_the_identical_state, max(1, games // 10)),
    ]
    for test, n in plan:
        inner = test.hypothesis.inner_test
        wrapped = settings(TI.PROPERTY, max_examples=n, derandomize=False, print_blob=True)(
            given(TI.scenarios(), st.data())(inner)
        )
        t0 = time.perf_counter()
        try:
            wrapped()
            verdict = "ok"
        except Exception as e:  # noqa: BLE001 - reported, then the exit code says it
            ok, verdict = False, f"FAILED: {type(e).__name__}: {str(e)[:500]}"
            if out is not None:
                out.mkdir(parents=True, exist_ok=True)
                path = out / f"{test.__name__}.txt"
                path.write_text(failure_report(e))
                verdict += f" (whole report: {path})"
        report.append(
            f"  {test.__name__}: {n} games ({counts['runs']:,} runs, {counts['frames']:,} "
            f"frames), {time.perf_counter() - t0:.0f} s, {verdict}"
        )
        counts.update(runs=0, frames=0)
    timeline.run = real_run
    scenario_mod.register_runner(real_run)
    return ok, "\n".join(report)


def save_slowest(out: Path, name: str, row: dict[str, Any]) -> Path:
    """The entry point's slowest input, whole, as JSON that ``--replay`` reads."""
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{name.replace('+', '_')}.json"
    path.write_text(
        json.dumps(
            {
                "entry_point": name,
                "cpu_seconds": row["slowest"],
                "peak_bytes": row["slowest_peak"],
                "outcome": row["slowest_outcome"],
                "input": row["slowest_data"],
            },
            indent=1,
            default=repr,
        )
    )
    return path


def replay(path: Path) -> int:
    """Run one saved input again, traced and untraced: its CPU, peak memory, outcome."""
    saved = json.loads(path.read_text())
    name, data = saved["entry_point"], saved["input"]
    if name == "cli":
        data = tuple(data)
    _make, call, allowed = ENTRY_POINTS[name]
    out = F.guarded(partial(call, data, random.Random(0)), allowed, memory=False)
    traced = F.guarded(partial(call, data, random.Random(0)), allowed, memory=True)
    what = (
        f"UNTYPED {type(out.error).__name__}: {out.error}"
        if out.error
        else f"{type(out.typed).__name__}: {out.typed}"
        if out.typed
        else "accepted"
    )
    print(f"{NAMES[name]}: {out.cpu:.3f} s CPU, peak {traced.peak / 1e6:.1f} MB; {what}")
    return 1 if out.error or out.cpu > CPU_LIMIT or traced.peak > MEMORY_LIMIT else 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--examples", type=int, default=100_000, help="inputs per entry point")
    p.add_argument("--games", type=int, default=10_000, help="random games for the invariants")
    p.add_argument("--only", default="", help=f"comma-separated subset of: {', '.join(NAMES)}")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--jobs", type=int, default=1, help="processes per entry point (each its own inputs)"
    )
    p.add_argument(
        "--out",
        type=Path,
        default=Path("fuzz-out"),
        help="where each entry point's slowest input is written",
    )
    p.add_argument(
        "--time-budget",
        type=float,
        default=0.0,
        help="seconds of wall time for all entry points (each gets an even share of what is "
        "left when it starts; the table says how many inputs ran); 0: no limit",
    )
    p.add_argument("--replay", type=Path, help="run one saved input again and stop")
    args = p.parse_args(argv)
    if args.replay:
        return replay(args.replay)
    names = [n for n in args.only.split(",") if n] or list(ENTRY_POINTS)
    bad = [n for n in names if n not in ENTRY_POINTS]
    if bad:
        p.error(f"unknown entry point(s): {', '.join(bad)}")
    failed = False
    print(
        f"{args.examples:,} inputs per entry point (seed {args.seed}, {args.jobs} job(s)); limits: "
        f"{CPU_LIMIT} s CPU, {MEMORY_LIMIT // 2**20} MB per input"
    )
    print(
        f"{'entry point':38} {'inputs':>8} {'typed':>8} {'accepted':>8} {'untyped':>7} "
        f"{'over':>4} {'slowest s':>9} {'its MB':>6} {'peak MB':>7} {'traced':>7} {'wall s':>6} "
        f"{'ms/in':>6}"
    )
    deadline = time.perf_counter() + args.time_budget
    ran: dict[str, int] = {}
    for k, name in enumerate(names):
        t0 = time.perf_counter()
        share = max((deadline - t0) / (len(names) - k), 1.0) if args.time_budget > 0 else 0.0
        row = fuzz_jobs(name, args.examples, args.seed, share, args.jobs)
        ran[name] = row["inputs"]
        wall = time.perf_counter() - t0
        print(
            f"{NAMES[name]:38} {row['inputs']:>8,} {row['rejected']:>8,} {row['accepted']:>8,} "
            f"{row['untyped']:>7,} {row['over']:>4,} {row['slowest']:>9.3f} "
            f"{row['slowest_peak'] / 1e6:>6.1f} {row['peak'] / 1e6:>7.1f} {row['traced']:>7,} "
            f"{wall:>6.0f} {1000 * wall * args.jobs / max(row['inputs'], 1):>6.1f}",
            flush=True,
        )
        saved = save_slowest(args.out, name, row)
        print(
            f"    slowest ({row['slowest_outcome']}), replay: python scripts/fuzz.py "
            f"--replay {saved}: {row['slowest_input'][:100]}"
        )
        for ex in row["examples"]:
            print("    " + ex.replace("\n", "\n    "))
        failed |= bool(row["untyped"] or row["over"])
    if args.games > 0:
        print("\ninvariants over random real-card games (tests/engine/test_invariants.py):")
        ok, text = invariants(args.games, args.out)
        print(text)
        failed |= not ok
    short = [n for n in names if ran[n] < args.examples]
    if short:
        print(
            f"\ntime budget: fewer than {args.examples:,} inputs ran for "
            + ", ".join(f"{n} ({ran[n]:,})" for n in short)
        )
    print("\nFAILED" if failed else "\nOK: 0 untyped errors, 0 inputs over the limits")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
