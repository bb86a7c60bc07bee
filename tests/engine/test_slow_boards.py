"""Boards whose runs once took seconds while the old budgets (events, objects, state cells
copied into frames) stayed far from their limits: the work budget (engine.base.limits
RUN_MAX_WORK, weighted counts of what the rules' inner loops touch) stops them, or
bounds them, at a count of work units, the same on every machine. No clock is read
here: the assertions are on the typed error, the budget it names and the counts.

The boards are JSON files under tests/engine/slow_boards/, replayable with
``python -m engine run tests/engine/slow_boards/NAME.json``. CPU before -> after (this
machine, one run): anthem_cascade 17.6 s -> 0.49 s (stopped), response_never_comes
2.9 s -> 0.32 s (stopped), legend_rule_198 0.58 s per run (5 runs 1.8 s) -> 0.44 s.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import engine.core.kernel as kernel
from engine import Scenario
from engine.base import limits
from engine.base.errors import BudgetExceeded

BOARDS = Path(__file__).parent / "slow_boards"


def board(name: str) -> dict:
    return json.loads((BOARDS / f"{name}.json").read_text())


@pytest.fixture
def budgets(monkeypatch: pytest.MonkeyPatch) -> list[limits.RunBudget]:
    """Every run's RunBudget, kept so a test can read its counts after the run."""
    made: list[limits.RunBudget] = []

    class Kept(limits.RunBudget):
        __slots__ = ()

        def __init__(self) -> None:
            super().__init__()
            made.append(self)

    monkeypatch.setattr(kernel, "RunBudget", Kept)
    return made


@pytest.mark.parametrize("name", ["anthem_cascade", "response_never_comes"])
def test_a_run_whose_frames_are_costly_stops_at_the_work_budget(
    name: str, budgets: list[limits.RunBudget]
) -> None:
    """50 anthems over 50 creatures (613: every frame recomputes each creature's power
    through every anthem) while a cascade exiles 250 lands; and an action waiting for a
    response point (117.3) that never comes over such a board. The old budgets were far
    from spent when these took 3-18 s; the work budget names itself and its counts."""
    with pytest.raises(BudgetExceeded) as e:
        Scenario.from_dict(board(name)).run()
    assert e.value.budget == "work" and e.value.limit == limits.RUN_MAX_WORK
    (b,) = budgets
    assert b.work > limits.RUN_MAX_WORK
    assert b.state_cells < limits.RUN_MAX_STATE_CELLS // 10  # never near the old stop
    assert b.events < limits.RUN_MAX_EVENTS // 10
    top = max(range(len(b.counts)), key=lambda k: b.counts[k] * limits.WORK_WEIGHTS[k])
    assert limits.WORK_NAMES[top] in str(e.value)  # the message says where the work went


def test_198_legendary_permanents_ask_the_legend_rule_within_the_budget(
    budgets: list[limits.RunBudget],
) -> None:
    """704.5j with 99 pairs: each answer (which one to keep) is a run of its own, each
    well inside the work budget, and each asks the next pair."""
    rng = random.Random(1)
    tl = Scenario.from_dict(board("legend_rule_198")).run()
    for _ in range(3):
        assert tl.pending is not None and tl.pending.kind.value == "choose_permanent"
        tl = tl.answer(rng.choice(tl.pending.keys())).run()
    assert len(budgets) == 4
    assert all(0 < b.work <= limits.RUN_MAX_WORK for b in budgets)
    assert len(tl.final.players[0].graveyard) == 3  # one of each answered pair went (704.5j)


@pytest.mark.parametrize("name", ["trigger_ordering", "proliferate_sagas"])
def test_many_simultaneous_triggers_stay_bounded(
    name: str, budgets: list[limits.RunBudget]
) -> None:
    """150 Soul Wardens seeing one creature enter, and proliferate over 198 Sagas (701.34,
    714.2b: a chapter each): the controller is asked to order the triggers (603.3b)."""
    tl = Scenario.from_dict(board(name)).run()
    assert tl.pending is not None and tl.pending.kind.value == "order_triggers"
    assert len(tl.pending.options) >= 100
    (b,) = budgets
    assert 0 < b.work <= limits.RUN_MAX_WORK // 2


def test_the_work_budget_counts_weighted_work_and_names_it() -> None:
    b = limits.RunBudget(max_work=100)
    w = limits.WORK_WEIGHTS[limits.WORK_MATCH]
    with pytest.raises(BudgetExceeded) as e:
        for _ in range(100):
            b.spend(limits.WORK_MATCH)
    assert e.value.budget == "work" and e.value.limit == 100
    assert b.counts[limits.WORK_MATCH] == 100 // w + 1
    assert f"{100 // w + 1:,} filter tests" in str(e.value)


def test_the_cpu_backstop_stops_a_run_that_counts_little() -> None:
    """The CPU time is read every WORK_CHECK_EVERY units: past RUN_MAX_CPU_SECONDS the run
    stops naming 'cpu_seconds' (here a budget whose CPU allowance is already spent)."""
    b = limits.RunBudget(max_cpu=-1.0)
    with pytest.raises(BudgetExceeded) as e:
        b.spend(limits.WORK_CELL, 0)
        b.spend(limits.WORK_EVENT, limits.WORK_CHECK_EVERY)
    assert e.value.budget == "cpu_seconds"


def test_every_example_uses_a_small_part_of_the_work_budget(
    budgets: list[limits.RunBudget],
) -> None:
    for path in sorted((Path(__file__).parents[2] / "examples" / "scenarios").glob("*.json")):
        Scenario.load(path).run()
    assert budgets and max(b.work for b in budgets) < limits.RUN_MAX_WORK // 10


def test_odds_over_a_big_library_are_an_estimate_with_the_samples_its_budget_allows() -> None:
    """The exact analysis of four cascades over 1,000 cards of 40 kinds gives up (its state
    cap), and the stand-alone Monte Carlo stops at its work count (ODDS_MAX_SIM_WORK:
    library positions scanned and shuffled), saying how many samples it took."""
    from engine import default_pool
    from engine.odds.exact import cascade, chain_odds

    pool = default_pool()
    names = sorted(pool.names)
    cascaders = [n for n in names if "Cascade" in (pool.get(n).faces[0].keywords or ())][:20]
    spells = [n for n in names[:300] if "Land" not in pool.get(n).faces[0].types][:20]
    rng = random.Random(1)
    lib = [pool.get(rng.choice(cascaders + spells)) for _ in range(500)]
    lib += [pool.get(rng.choice(["Forest", "Mountain", "Island"])) for _ in range(500)]
    r = chain_odds(lib, [cascade(10)] * 4, samples=5_000)
    assert not r.exact
    assert 0 < r.samples < 5_000
    assert r.samples == chain_odds(lib, [cascade(10)] * 4, samples=5_000).samples


def test_the_entry_points_refuse_over_cap_text_with_the_pages_numbers(tmp_path: Path) -> None:
    """One number per input in engine.base.limits, the one the page shows: the decklist box's
    20,000 characters, the link's 16,384, a scenario file's 1 MB (read no further)."""
    from engine import DecklistError, TokenError, decode_token, parse_decklist
    from engine.base.errors import ScenarioError

    with pytest.raises(DecklistError, match="20,000"):
        parse_decklist("x" * (limits.DECKLIST_MAX_CHARS + 1))
    with pytest.raises(TokenError, match="16,384"):
        decode_token(" " * (limits.TOKEN_MAX_URL_CHARS + 1))  # refused before stripping
    big = tmp_path / "big.json"
    big.write_text(" " * (limits.SCENARIO_MAX_JSON_CHARS + 10) + "{}")
    with pytest.raises(ScenarioError, match="1,048,576"):
        Scenario.load(big)
