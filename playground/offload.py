"""Heavy engine work off the server's event loop: worker processes run by ``pebble``.

Why processes, not threads: the engine is pure Python, so a run in a thread holds the
GIL and slows every other session's step (and a regular expression in C holds it for
its whole match); a thread can't be stopped or have its memory capped either.

The pool is a ``pebble.ProcessPool`` (why pebble and not loky: pebble stops a *running*
task, on its timeout or on ``Future.cancel()``, by stopping only that task's worker;
loky, like ``concurrent.futures``, cancels only tasks that have not started, and stops a
running one only by shutting the whole executor down). What pebble does for us:

- a task past ``TIMEOUT`` (wall clock, from when a worker took it) has its worker
  stopped and fails with ``WorkTimeout``; the session keeps its input;
- a closed session's task is cancelled (``cancel(owner)``): stopped if it is running;
- every worker starts with ``_init_worker``: its address space capped at
  ``MEMORY_LIMIT`` with ``resource.setrlimit`` (a MemoryError in the worker, not in the
  server), its priority lowered by ``NICE`` (the server's event loop comes first on a
  busy machine) and the card pool loaded before its first task;
- a worker is replaced after ``MAX_TASKS`` tasks, and after any task that left it bigger
  than ``RECYCLE_RSS`` resident (the worker leaves between two tasks, so no task is
  lost), so the server's memory returns to its baseline when a heavy session is done.

What this module adds: results cross the pipe as bytes it pickles itself (the engine's
read-only mappings as dicts; over ``MAX_RESULT`` refused with a typed error), untyped
failures become ``WorkFailed``, and a pool that pebble marks broken (a worker that died
while idle, or failed to start, with no task running) is replaced by a fresh one, with
the tasks it had not started handed to the new pool.

Used only by a served app (``enabled()``): notebooks, tests that call the model directly
and Pyodide pages (no processes there) run everything inline.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import copyreg
import io
import multiprocessing
import os
import pickle
import sys
import threading
import time
from collections.abc import Callable
from types import MappingProxyType
from typing import Any

from engine import ScenarioError

__all__ = [
    "MAX_RESULT",
    "MAX_TASKS",
    "MEMORY_LIMIT",
    "NICE",
    "ODDS_WORKERS",
    "RECYCLE_RSS",
    "TIMEOUT",
    "WORKERS",
    "WorkFailed",
    "WorkTimeout",
    "WorkerPool",
    "enable",
    "enabled",
    "get_odds_pool",
    "get_pool",
    "shutdown",
]

WORKERS = max(1, int(os.environ.get("PLAYGROUND_WORKERS", "2")))
#: The Odds tab's exact analyses get their own workers: a long odds computation (up to
#: TIMEOUT, and not tied to a session) must never hold the workers that run scenarios.
ODDS_WORKERS = max(1, int(os.environ.get("PLAYGROUND_ODDS_WORKERS", "1")))
#: Wall-clock seconds a task may take before its worker is stopped. The engine's own work
#: budget stops a run far sooner; this is the backstop (a busy, shared machine included).
TIMEOUT = float(os.environ.get("PLAYGROUND_WORK_TIMEOUT", "20"))
#: Address space of a worker (its ~100 MB baseline included); past it the task fails with
#: MemoryError inside the worker.
MEMORY_LIMIT = int(os.environ.get("PLAYGROUND_WORK_MEMORY_MB", "1536")) * 1024 * 1024
#: Scheduling priority of the workers below the server's (``os.nice``): on a busy machine
#: the event loop that steps every session is served first, a heavy task after it.
NICE = int(os.environ.get("PLAYGROUND_WORK_NICE", "10"))
#: A worker whose resident memory is above this after a task is replaced by a fresh one.
RECYCLE_RSS = 400 * 1024 * 1024
#: Tasks a worker runs before it is replaced anyway (slow growth that stays under
#: RECYCLE_RSS, fragmentation).
MAX_TASKS = 500
#: Largest pickled result sent back (a timeline of some thousands of frames).
MAX_RESULT = 16 * 1024 * 1024
#: Times a task is handed to a fresh pool after the pool it waited in broke before
#: starting it (a worker that kept failing to start), with a pause growing each time.
RESTARTS = 5


class WorkTimeout(ScenarioError):
    """A task ran past ``TIMEOUT``; its worker was stopped."""


class WorkFailed(ScenarioError):
    """A task failed in a way the engine doesn't type (out of memory, a crash, a bug)."""


# ----------------------------------------------------------------------------- pickling


def _proxy(d: dict) -> MappingProxyType:
    return MappingProxyType(d)


def _dumps(obj: Any) -> bytes:
    """pickle, with the engine's read-only mappings (MappingProxyType) as plain dicts."""
    f = io.BytesIO()
    p = pickle.Pickler(f, protocol=pickle.HIGHEST_PROTOCOL)
    p.dispatch_table = {
        **copyreg.dispatch_table,  # type: ignore[misc]
        MappingProxyType: lambda m: (_proxy, (dict(m),)),
    }
    p.dump(obj)
    return f.getvalue()


def _error_payload(e: BaseException) -> tuple[str, BaseException]:
    """The exception itself when it survives a pickle round trip unchanged, else a
    WorkFailed with its message (a typed engine error keeps its words)."""
    try:
        back = pickle.loads(_dumps(e))
        if type(back) is type(e) and str(back) == str(e):
            return ("err", e)
    except Exception:  # noqa: BLE001 - any pickling problem: send the message instead
        pass
    text = str(e) if isinstance(e, ValueError) else f"{type(e).__name__}: {e}"
    return ("err", WorkFailed(text))


# ----------------------------------------------------------------------------- worker

_RETIRE = False  # set in a worker by a task that left it too big; read between tasks


def _rss() -> int:
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def _leave_when_big() -> None:
    """Make this worker leave between two tasks once ``_RETIRE`` is set.

    pebble replaces workers after ``max_tasks``; it has no size limit. Its worker loop
    takes tasks from the generator ``worker_get_next_task``; wrapped here (in the worker
    only, before its first task), the generator ends before taking the next task when
    the last one left the worker too big. The worker then exits with status 0, which
    pebble treats as a normal end (as after ``max_tasks``) and starts a fresh worker.
    tests/playground/test_offload.py checks a worker that grew is replaced.
    """
    from pebble.pool import process

    take = getattr(process, "worker_get_next_task", None)
    if take is None:  # another pebble: workers are still replaced after MAX_TASKS
        return

    def next_task(channel: Any, max_tasks: int) -> Any:
        tasks = take(channel, max_tasks)
        while not _RETIRE:
            try:
                task = next(tasks)
            except StopIteration:
                return
            yield task

    process.worker_get_next_task = next_task


def _init_worker(memory_limit: int, setup: Callable[[], None] | None) -> None:
    """pebble's initializer, once per worker before its first task."""
    with contextlib.suppress(ImportError, ValueError, OSError):
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (memory_limit, memory_limit))
    with contextlib.suppress(AttributeError, OSError):
        os.nice(NICE)
    _leave_when_big()
    if setup is not None:
        setup()
    from engine import default_pool

    default_pool()  # loaded once per worker, before the first task waits for it


def _task(job: bytes, memory_limit: int, recycle_rss: int) -> tuple[bytes, bool]:
    """Run the pickled ``(fn, args)`` in a worker: (pickled ("ok", value) |
    ("err", exception), and whether this worker leaves after this task)."""
    global _RETIRE
    try:
        fn, args = pickle.loads(job)
        payload = _dumps(("ok", fn(*args)))
        if len(payload) > MAX_RESULT:
            payload = _dumps(
                (
                    "err",
                    WorkFailed(
                        f"the result is too large to show ({len(payload) // 2**20} MB; "
                        f"at most {MAX_RESULT // 2**20} MB)"
                    ),
                )
            )
    except MemoryError:
        payload = _dumps(
            ("err", WorkFailed(f"it needs more than {memory_limit // 2**20} MB of memory"))
        )
        _RETIRE = True
    except RecursionError as e:
        payload = _dumps(_error_payload(WorkFailed(f"RecursionError: {e}")))
    except Exception as e:  # noqa: BLE001 - the worker reports, never dies of, a task
        payload = _dumps(_error_payload(e))
    _RETIRE = _RETIRE or _rss() > recycle_rss
    return payload, _RETIRE


def _sleep(seconds: float) -> int:
    """A task that takes ``seconds`` (wait_ready: lets each worker take one)."""
    time.sleep(seconds)
    return os.getpid()


# ----------------------------------------------------------------------------- pool


class WorkerPool:
    """``size`` worker processes; ``await pool.run(fn, *args)`` from the event loop.

    ``setup`` (a module-level function) runs in each worker as it starts (tests).
    """

    def __init__(
        self,
        size: int = WORKERS,
        timeout: float = TIMEOUT,
        memory_limit: int = MEMORY_LIMIT,
        recycle_rss: int = RECYCLE_RSS,
        max_tasks: int = MAX_TASKS,
        setup: Callable[[], None] | None = None,
    ) -> None:
        self.size, self.timeout, self.memory_limit = size, timeout, memory_limit
        self.recycle_rss, self.max_tasks, self._setup = recycle_rss, max_tasks, setup
        self._ctx = multiprocessing.get_context("spawn")  # no fork of a threaded server
        self._lock = threading.Lock()
        self._owned: dict[int, set[concurrent.futures.Future]] = {}  # id(owner) -> running
        self._closed = False
        self.stats = {
            "tasks": 0,
            "timeouts": 0,
            "recycled": 0,
            "cancelled": 0,
            "restarts": 0,
            "failed": 0,
        }
        self._pool = self._new_pool()

    def _new_pool(self) -> Any:
        from pebble import ProcessPool

        pool = ProcessPool(
            max_workers=self.size,
            max_tasks=self.max_tasks,
            initializer=_init_worker,
            initargs=(self.memory_limit, self._setup),
            context=self._ctx,
        )
        pool.active  # noqa: B018 - reading it starts the workers now, not at the first task
        return pool

    def _live_pool(self) -> Any:
        """The pebble pool, replaced first if pebble marked it broken (under ``_lock``)."""
        if not self._pool.active and not self._closed:
            old, self._pool = self._pool, self._new_pool()
            self.stats["restarts"] += 1
            threading.Thread(
                target=_stop, args=(old,), daemon=True, name="playground-pool-stop"
            ).start()
        return self._pool

    # ------------------------------------------------------------------ tasks

    def submit(
        self, fn: Callable[..., Any], *args: Any, owner: object = None
    ) -> concurrent.futures.Future:
        """A future of ``fn(*args)`` run in a worker: its value, or its error raised."""
        out: concurrent.futures.Future = concurrent.futures.Future()
        with self._lock:
            self.stats["tasks"] += 1
            if owner is not None:
                self._owned.setdefault(id(owner), set()).add(out)
        self._schedule(out, fn, args, owner, 0)
        return out

    def _schedule(
        self,
        out: concurrent.futures.Future,
        fn: Callable[..., Any],
        args: tuple,
        owner: object,
        attempt: int,
    ) -> None:
        try:
            job = _dumps((fn, args))  # the engine's read-only mappings included
        except Exception as e:  # noqa: BLE001 - an argument that can't cross the pipe
            self._settle(out, owner, error=WorkFailed(f"the task can't be sent ({e})"))
            return
        with self._lock:
            if out.done() or getattr(out, "_stopped", False):
                self._forget(out, owner)
                return
            inner = None
            for _ in range(2):  # pebble may mark the pool broken between check and schedule
                if self._closed:
                    break
                with contextlib.suppress(RuntimeError):
                    inner = self._live_pool().schedule(
                        _task, args=(job, self.memory_limit, self.recycle_rss), timeout=self.timeout
                    )
                    break
            if inner is None:
                self._forget(out, owner)
            else:
                out._inner = inner  # type: ignore[attr-defined]  # what ``cancel`` stops
        if inner is None:
            self._settle(out, owner, error=WorkFailed("the worker processes are shut down"))
            return
        inner.add_done_callback(lambda f: self._finish(out, f, fn, args, owner, attempt))

    def _finish(
        self,
        out: concurrent.futures.Future,
        inner: Any,
        fn: Callable[..., Any],
        args: tuple,
        owner: object,
        attempt: int,
    ) -> None:
        """pebble's future is done (on one of pebble's threads): settle ``out``."""
        from concurrent.futures.process import BrokenProcessPool

        from pebble import ProcessExpired

        if out.cancelled() or inner.cancelled():
            self._settle(out, owner, error=WorkFailed("the run was stopped"))
            return
        err = inner.exception()
        if isinstance(err, BrokenProcessPool) and attempt < RESTARTS and not self._closed:
            # the pool broke before a worker took this task: hand it to a fresh pool,
            # from a thread of its own (this one is the broken pool's)
            threading.Timer(
                min(5.0, 0.2 * 2**attempt), self._schedule, (out, fn, args, owner, attempt + 1)
            ).start()
            return
        if err is None:
            data, retire = inner.result()
            tag, value = pickle.loads(data)
            if retire:
                with self._lock:
                    self.stats["recycled"] += 1
            if tag == "ok":
                self._settle(out, owner, value=value)
            else:
                self._settle(out, owner, error=value)
            return
        if isinstance(err, concurrent.futures.TimeoutError):
            with self._lock:
                self.stats["timeouts"] += 1
            error: BaseException = WorkTimeout(
                f"it took longer than {self.timeout:g} s, so it was stopped"
            )
        elif isinstance(err, ProcessExpired):
            error = WorkFailed(f"the worker process stopped (exit code {err.exitcode})")
        else:
            error = WorkFailed(f"the worker process failed ({type(err).__name__}: {err})")
        with self._lock:
            self.stats["failed"] += 1
        self._settle(out, owner, error=error)

    def _settle(
        self,
        out: concurrent.futures.Future,
        owner: object,
        value: Any = None,
        error: BaseException | None = None,
    ) -> None:
        with self._lock:
            self._forget(out, owner)
        with contextlib.suppress(concurrent.futures.InvalidStateError):
            if error is not None:
                out.set_exception(error)
            else:
                out.set_result(value)

    def _forget(self, out: concurrent.futures.Future, owner: object) -> None:
        if owner is not None:
            mine = self._owned.get(id(owner))
            if mine is not None:
                mine.discard(out)
                if not mine:
                    del self._owned[id(owner)]

    def call(self, fn: Callable[..., Any], *args: Any, owner: object = None) -> Any:
        """Run ``fn(*args)`` in a worker and return its value or raise its error (blocking)."""
        return self.submit(fn, *args, owner=owner).result()

    async def run(self, fn: Callable[..., Any], *args: Any, owner: object = None) -> Any:
        """``call`` from the event loop: the loop stays free while the worker runs."""
        return await asyncio.wrap_future(self.submit(fn, *args, owner=owner))

    def cancel(self, owner: object) -> bool:
        """Stop the tasks ``owner`` has queued or running (a closed session's run).

        pebble stops a running task's worker (and starts another) and drops a queued
        one; the task's future fails with WorkFailed("the run was stopped").
        """
        with self._lock:
            mine = [out for out in self._owned.pop(id(owner), ()) if not out.done()]
            for out in mine:
                out._stopped = True  # type: ignore[attr-defined]  # never scheduled again
            self.stats["cancelled"] += len(mine)
        for out in mine:  # outside the lock: a cancelled future runs its callbacks now
            inner = getattr(out, "_inner", None)
            if inner is not None:
                inner.cancel()
            self._settle(out, None, error=WorkFailed("the run was stopped"))
        return bool(mine)

    # ------------------------------------------------------------------ state

    def wait_ready(self, timeout: float = 60) -> bool:
        """Block until ``size`` workers have each answered a task (tests and benchmarks,
        after serving): every worker has started and loaded the card pool."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            futs = [self.submit(_sleep, 0.1) for _ in range(self.size)]
            try:
                seen = {f.result(timeout=max(0.1, deadline - time.monotonic())) for f in futs}
            except (concurrent.futures.TimeoutError, WorkFailed):
                continue
            if len(seen) >= self.size:
                return True
        return False

    def pids(self) -> list[int]:
        """Process ids of the live workers (for tests and the benchmark; read from pebble's
        worker table, which has no public accessor)."""
        with self._lock:
            pool = self._pool
        workers = pool._pool_manager.worker_manager.workers
        return [pid for pid, proc in list(workers.items()) if proc.is_alive()]

    def close(self) -> None:
        with self._lock:
            self._closed = True
            pool = self._pool
            pending = [out for mine in self._owned.values() for out in mine]
            self._owned.clear()
        _stop(pool)
        for out in pending:
            with contextlib.suppress(concurrent.futures.InvalidStateError):
                out.set_exception(WorkFailed("the worker processes are shut down"))


def _stop(pool: Any) -> None:
    """Stop a pebble pool and its workers now (running tasks fail)."""
    with contextlib.suppress(Exception):
        pool.stop()
        pool.join(timeout=10)


_POOL: WorkerPool | None = None
_ODDS_POOL: WorkerPool | None = None
_POOL_LOCK = threading.Lock()
_ENABLED = False


def enabled() -> bool:
    """True when heavy work goes to worker processes (a served app, not Pyodide)."""
    return _ENABLED and sys.platform != "emscripten"


def enable(flag: bool = True) -> None:
    """Turn the offloading on (``playground.serve`` does, before serving)."""
    global _ENABLED
    _ENABLED = flag and sys.platform != "emscripten"


def get_pool() -> WorkerPool:
    """The process-wide pool, started on first use (after any ``--num-procs`` fork)."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is None:
            _POOL = WorkerPool()
        return _POOL


def get_odds_pool() -> WorkerPool:
    """The Odds tab's own pool (``PLAYGROUND_ODDS_WORKERS``), started on first use, so odds
    work queues behind odds work only, never in front of another session's run."""
    global _ODDS_POOL
    with _POOL_LOCK:
        if _ODDS_POOL is None:
            _ODDS_POOL = WorkerPool(size=ODDS_WORKERS)
        return _ODDS_POOL


def shutdown() -> None:
    global _POOL, _ODDS_POOL
    with _POOL_LOCK:
        for pool in (_POOL, _ODDS_POOL):
            if pool is not None:
                pool.close()
        _POOL = _ODDS_POOL = None
