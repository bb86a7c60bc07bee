"""playground.offload: engine work in worker processes, stopped past its time, typed errors.

The served app's use is covered by test_isolation.py; here the pool itself.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine import Scenario, ScenarioError
from playground.board_form import ActionRow
from playground.defaults import DEFAULT_SCENARIO
from playground.model import PlaygroundModel
from playground.offload import WorkerPool, WorkFailed, WorkTimeout
from playground.work import DeckProblems, parse_deck, run_scenario
from tests.playground import worker_setup


@pytest.fixture(scope="module")
def pool() -> Iterator[WorkerPool]:
    p = WorkerPool(size=1, timeout=1.5)
    assert p.wait_ready(60)
    yield p
    p.close()


def test_a_run_comes_back_equal_to_an_inline_run(pool: WorkerPool) -> None:
    scn = Scenario.from_dict(DEFAULT_SCENARIO)
    here, there = scn.run(), pool.call(run_scenario, scn)
    assert len(there) == len(here)
    assert [f.event.text if f.event else "" for f in there.frames] == [
        f.event.text if f.event else "" for f in here.frames
    ]
    assert set(there.decision_frames) == set(here.decision_frames)


def test_typed_errors_cross_the_pipe(pool: WorkerPool) -> None:
    scn = Scenario.from_dict(DEFAULT_SCENARIO)
    problems = pool.call(parse_deck, "4 Not A Real Card Name", scn)
    assert isinstance(problems, DeckProblems) and len(problems) == 1
    bad = Scenario.from_dict(dict(DEFAULT_SCENARIO, actions=[{"do": "cast", "card": "Forest"}]))
    with pytest.raises(ScenarioError):
        bad.run()
    with pytest.raises(ScenarioError):
        pool.call(run_scenario, bad)


def test_a_task_past_its_time_is_stopped_and_the_worker_replaced(pool: WorkerPool) -> None:
    before = set(pool.pids())
    t0 = time.monotonic()
    with pytest.raises(WorkTimeout):
        pool.call(time.sleep, 30)
    assert time.monotonic() - t0 < 15  # stopped at ~1.5 s, not after 30
    assert pool.wait_ready(60)
    assert set(pool.pids()) != before  # a fresh worker
    assert len(pool.call(run_scenario, Scenario.from_dict(DEFAULT_SCENARIO))) > 1


def test_a_cancelled_task_fails_and_frees_its_worker(pool: WorkerPool) -> None:
    owner = object()
    fut = pool.submit(time.sleep, 30, owner=owner)
    deadline = time.monotonic() + 10
    while not pool.cancel(owner):
        assert time.monotonic() < deadline
        time.sleep(0.02)
    with pytest.raises(WorkFailed):
        fut.result(timeout=10)
    assert pool.wait_ready(60)


def test_the_model_gives_the_same_state_offloaded_and_inline(
    pool: WorkerPool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """run_async: the method re-runs once its engine work is done, state ends the same."""
    from playground import offload

    monkeypatch.setattr(offload, "get_pool", lambda: pool)
    inline, off = PlaygroundModel(), PlaygroundModel()
    for m in (inline, off):
        m.hand_text, m.battlefield_text = "Bloodbraid Elf", "2 Mountain\n2 Forest"
        m.action_rows = [ActionRow(do="cast", card="Bloodbraid Elf")]
        m.library_text = "20 Forest\n4 Kird Ape"
    assert inline.apply_decklist() and inline.apply_board()

    async def both() -> None:
        assert await off.run_async(off.apply_decklist)
        assert await off.run_async(off.apply_board)

    # on a thread of its own: Playwright's sync API may hold this thread's event loop
    with concurrent.futures.ThreadPoolExecutor(1) as ex:
        ex.submit(asyncio.run, both()).result(timeout=120)
    assert off.scenario == inline.scenario
    assert off.n_frames == inline.n_frames
    assert off.busy == "" and not off.working()


def test_a_worker_that_died_while_idle_is_replaced_not_given_a_task(pool: WorkerPool) -> None:
    """Killed from outside while idle (as a session's late cancel once did to a worker
    just put back): the next task runs on a fresh worker instead of failing."""
    assert pool.wait_ready(60)
    (pid,) = pool.pids()
    os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 10
    while pid in pool.pids():  # pebble has seen it die
        assert time.monotonic() < deadline
        time.sleep(0.02)
    assert len(pool.call(run_scenario, Scenario.from_dict(DEFAULT_SCENARIO))) > 1
    assert pool.pids() and pid not in pool.pids()
    assert pool.wait_ready(60) and len(pool.pids()) == pool.size


def test_a_worker_that_fails_to_start_is_started_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A failed start (a busy machine, a crash) is retried: the pool keeps its size."""
    monkeypatch.setenv("PLAYGROUND_TEST_STARTS", str(tmp_path))
    p = WorkerPool(size=1, timeout=5, setup=worker_setup.fail_first_start)
    try:
        assert len(p.call(run_scenario, Scenario.from_dict(DEFAULT_SCENARIO))) > 1
        assert len(list(tmp_path.iterdir())) == 2  # the failed start, then a good one
        assert p.wait_ready(60) and len(p.pids()) == 1
    finally:
        p.close()


def test_a_task_queued_behind_a_broken_start_still_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tasks submitted while the only worker is failing to start wait for the next one."""
    monkeypatch.setenv("PLAYGROUND_TEST_STARTS", str(tmp_path))
    p = WorkerPool(size=1, timeout=5, setup=worker_setup.fail_first_start)
    try:
        futs = [p.submit(worker_setup.pid) for _ in range(3)]
        pids = {f.result(timeout=60) for f in futs}
        assert len(pids) == 1 and pids <= set(p.pids())
    finally:
        p.close()


def test_a_worker_that_grew_is_replaced_after_its_task() -> None:
    """A task that leaves its worker above the resident-memory limit is answered, then
    that worker leaves and a fresh one takes the next task (memory back to baseline)."""
    p = WorkerPool(size=1, timeout=20, recycle_rss=250 * 2**20)
    try:
        small = p.call(worker_setup.grow, 1)
        assert p.call(worker_setup.pid) == small  # under the limit: the same worker
        big = p.call(worker_setup.grow, 300)
        assert big == small
        assert p.stats["recycled"] == 1
        after = p.call(worker_setup.pid)
        assert after != big
    finally:
        p.close()


def test_a_worker_is_replaced_after_max_tasks() -> None:
    p = WorkerPool(size=1, timeout=20, max_tasks=3)
    try:
        pids = [p.call(worker_setup.pid) for _ in range(6)]
        assert len(set(pids[:3])) == 1 and len(set(pids[3:])) == 1
        assert pids[0] != pids[3]
    finally:
        p.close()


def test_the_memory_cap_fails_the_task_not_the_server() -> None:
    """The worker's address space is capped (setrlimit in the initializer): a task past
    it fails with WorkFailed naming the cap, and the next task is answered."""
    p = WorkerPool(size=1, timeout=20, memory_limit=700 * 2**20)
    try:
        with pytest.raises(WorkFailed, match="more than 700 MB"):
            p.call(worker_setup.allocate, 900)
        assert p.call(worker_setup.allocate, 10) == 10 * 2**20
    finally:
        p.close()


def test_workers_run_below_the_servers_priority(pool: WorkerPool) -> None:
    """A heavy task gives way to the event loop that steps every session."""
    from playground import offload

    assert pool.call(worker_setup.niceness) >= os.nice(0) + min(offload.NICE, 19 - os.nice(0))


def test_a_result_over_the_cap_is_refused_with_a_typed_error(pool: WorkerPool) -> None:
    with pytest.raises(WorkFailed, match="too large to show"):
        pool.call(worker_setup.big_result, 17)
    assert len(pool.call(worker_setup.big_result, 1)) == 2**20


def test_the_odds_pool_is_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Odds tab's analyses never queue in front of the scenarios' workers."""
    from playground import offload

    monkeypatch.setattr(offload, "_POOL", None)
    monkeypatch.setattr(offload, "_ODDS_POOL", None)
    try:
        runs, odds = offload.get_pool(), offload.get_odds_pool()
        assert runs is not odds and odds.size == offload.ODDS_WORKERS
        busy = odds.submit(time.sleep, 3)  # the odds worker is busy...
        assert runs.call(worker_setup.pid) in runs.pids()  # ...a run is answered anyway
        assert not busy.done()
        busy.result(timeout=30)
    finally:
        offload.shutdown()
