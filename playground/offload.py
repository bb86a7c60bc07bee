"""Heavy engine work off the server's event loop: a small pool of worker processes.

Why processes, not threads: the engine is pure Python, so a run in a thread holds the
GIL and slows every other session's step (and a regular expression in C holds it for
its whole match); a thread can't be stopped or have its memory capped either. A worker
process is stopped when it overruns ``TIMEOUT`` (the session gets a typed error and
keeps its input), has its address space capped at ``MEMORY_LIMIT`` (a MemoryError in
the worker, not in the server), and is replaced after a task that left it big, so the
server's memory returns to its baseline when a heavy session is done.

Only what a task needs crosses the pipe: a function of :mod:`playground.work` and its
arguments (a Scenario, a decklist, an odds key), and the result (a Timeline is ~10 KB
pickled for a 7-frame resolution, ~250 KB for 157 frames; over ``MAX_RESULT`` it is
refused). One task at a time per worker; ``owner`` (a session's model) lets a closed
session's running task be stopped at once.

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
import queue
import sys
import threading
import time
from collections.abc import Callable
from types import MappingProxyType
from typing import Any

from engine import ScenarioError

__all__ = [
    "MAX_RESULT",
    "MEMORY_LIMIT",
    "TIMEOUT",
    "ODDS_WORKERS",
    "WORKERS",
    "WorkFailed",
    "WorkTimeout",
    "WorkerPool",
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
#: A worker whose resident memory is above this after a task is replaced by a fresh one.
RECYCLE_RSS = 400 * 1024 * 1024
#: Largest pickled result sent back (a timeline of some thousands of frames).
MAX_RESULT = 16 * 1024 * 1024
#: Tries to start a worker before the pool gives that one up.
SPAWN_ATTEMPTS = 5


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
    p.dispatch_table = {**copyreg.dispatch_table,  # type: ignore[misc]
                        MappingProxyType: lambda m: (_proxy, (dict(m),))}
    p.dump(obj)
    return f.getvalue()


def _error_payload(e: BaseException) -> bytes:
    """The exception itself when it survives a pickle round trip unchanged, else a
    WorkFailed with its message (a typed engine error keeps its words)."""
    try:
        data = _dumps(("err", e))
        _tag, back = pickle.loads(data)
        if type(back) is type(e) and str(back) == str(e):
            return data
    except Exception:  # noqa: BLE001 - any pickling problem: send the message instead
        pass
    text = str(e) if isinstance(e, ValueError) else f"{type(e).__name__}: {e}"
    return _dumps(("err", WorkFailed(text)))


# ----------------------------------------------------------------------------- worker


def _rss() -> int:
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def _worker_main(conn: Any, memory_limit: int) -> None:
    """Answer (function, args) messages with pickled ("ok", value) / ("err", exception)."""
    with contextlib.suppress(ImportError, ValueError, OSError):
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (memory_limit, memory_limit))
    from engine import default_pool

    default_pool()  # loaded once per worker, before the first task waits for it
    conn.send_bytes(_dumps(("ready", os.getpid())))
    while True:
        try:
            fn, args = pickle.loads(conn.recv_bytes())
        except (EOFError, OSError):
            return
        retire = False
        try:
            payload = _dumps(("ok", fn(*args)))
            if len(payload) > MAX_RESULT:
                payload = _dumps(("err", WorkFailed(
                    f"the result is too large to show ({len(payload) // 2**20} MB; "
                    f"at most {MAX_RESULT // 2**20} MB)")))
        except MemoryError:
            payload = _dumps(("err", WorkFailed(
                f"it needs more than {memory_limit // 2**20} MB of memory")))
            retire = True
        except RecursionError as e:
            payload = _error_payload(WorkFailed(f"RecursionError: {e}"))
        except Exception as e:  # noqa: BLE001 - the worker reports, never dies of, a task
            payload = _error_payload(e)
        retire = retire or _rss() > RECYCLE_RSS
        try:
            conn.send_bytes(_dumps(("retire", payload)) if retire else payload)
        except (OSError, ValueError):
            return
        if retire:
            return


class _Worker:
    """One worker process and the parent's end of its pipe."""

    def __init__(self, ctx: Any, memory_limit: int) -> None:
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_worker_main, args=(child, memory_limit),
                                daemon=True, name="playground-worker")
        self.proc.start()
        child.close()
        self.ready = False

    def wait_ready(self, timeout: float) -> None:
        if self.ready:
            return
        if not self.conn.poll(timeout):
            raise WorkFailed("a worker process did not start in time")
        tag, _pid = pickle.loads(self.conn.recv_bytes())
        self.ready = tag == "ready"

    def kill(self) -> None:
        with contextlib.suppress(Exception):
            self.proc.kill()
        with contextlib.suppress(Exception):
            self.proc.join(2)
        with contextlib.suppress(Exception):
            self.conn.close()


class WorkerPool:
    """``size`` worker processes; ``await pool.run(fn, *args)`` from the event loop."""

    def __init__(self, size: int = WORKERS, timeout: float = TIMEOUT,
                 memory_limit: int = MEMORY_LIMIT) -> None:
        self.size, self.timeout, self.memory_limit = size, timeout, memory_limit
        self._ctx = multiprocessing.get_context("spawn")  # no fork of a threaded server
        self._idle: queue.Queue[_Worker] = queue.Queue()
        self._threads = concurrent.futures.ThreadPoolExecutor(
            size, thread_name_prefix="playground-work")  # one waiting thread per worker
        self._busy: dict[int, tuple[_Worker, int]] = {}  # id(owner) -> (worker, task no)
        self._lock = threading.Lock()
        self._closed = False
        self.stats = {"tasks": 0, "timeouts": 0, "recycled": 0, "cancelled": 0,
                      "failed_starts": 0, "dead_idle": 0}
        for _ in range(size):
            self._spawn()

    def _spawn(self) -> None:
        """Start a worker on its own thread: never queued behind tasks waiting for one."""
        threading.Thread(target=self._start_worker, daemon=True,
                         name="playground-worker-start").start()

    def _start_worker(self) -> None:
        """Start one worker; a start that fails (a busy machine, a crash) is tried again
        a few times, spaced out, so the pool doesn't quietly shrink by one worker."""
        for attempt in range(SPAWN_ATTEMPTS):
            if self._closed:
                return
            w: _Worker | None = None
            try:
                w = _Worker(self._ctx, self.memory_limit)
                w.wait_ready(60)
                if not w.ready:
                    raise WorkFailed("a worker process did not say it was ready")
            except Exception:  # noqa: BLE001 - any failure to start: try again
                if w is not None:
                    w.kill()
                with self._lock:
                    self.stats["failed_starts"] += 1
                time.sleep(min(10.0, 0.5 * 2 ** attempt))
                continue
            if self._closed:
                w.kill()
                return
            self._idle.put(w)
            return

    def _take(self) -> _Worker:
        """An idle, live worker. One that died while idle (killed from outside, out of
        memory) is replaced and never handed a task, which would fail for no reason of
        its own."""
        deadline = time.monotonic() + 60
        while True:
            try:
                w = self._idle.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise WorkFailed("no worker process is available") from None
            if w.proc.is_alive():
                return w
            w.kill()
            with self._lock:
                self.stats["dead_idle"] += 1
            if not self._closed:
                self._spawn()

    def call(self, fn: Callable[..., Any], *args: Any, owner: object = None) -> Any:
        """Run ``fn(*args)`` in a worker and return its value or raise its error (blocking)."""
        w = self._take()
        key = id(owner) if owner is not None else None
        with self._lock:
            self.stats["tasks"] += 1
            task = self.stats["tasks"]
            if key is not None:
                self._busy[key] = (w, task)
        keep = False
        try:
            try:
                w.conn.send_bytes(_dumps((fn, args)))
                deadline = time.monotonic() + self.timeout
                while not w.conn.poll(0.05):
                    if not w.proc.is_alive():
                        raise WorkFailed("the run was stopped" if key is not None and
                                         self._cancelled(key, task) else
                                         "the worker process stopped "
                                         f"(exit code {w.proc.exitcode})")
                    if time.monotonic() > deadline:
                        with self._lock:
                            self.stats["timeouts"] += 1
                        raise WorkTimeout(
                            f"it took longer than {self.timeout:g} s, so it was stopped")
                raw = w.conn.recv_bytes()
            except (EOFError, OSError, BrokenPipeError) as e:
                raise WorkFailed("the run was stopped" if key is not None and
                                 self._cancelled(key, task) else
                                 f"the worker process failed ({type(e).__name__})") from None
            tag, value = pickle.loads(raw)
            if tag == "retire":
                self.stats["recycled"] += 1
                tag, value = pickle.loads(value)
            else:
                keep = True
            if tag == "err":
                raise value
            return value
        finally:
            cancelled = False
            with self._lock:  # decided under the lock that ``cancel`` kills under
                if key is not None and abs(self._busy.get(key, (None, 0))[1]) == task:
                    cancelled = self._busy.pop(key)[1] < 0
            if keep and not cancelled and w.proc.is_alive():
                self._idle.put(w)
            else:
                w.kill()
                if not self._closed:
                    self._spawn()

    def _cancelled(self, key: int, task: int) -> bool:
        return self._busy.get(key, (None, 0))[1] == -task

    def submit(self, fn: Callable[..., Any], *args: Any,
               owner: object = None) -> concurrent.futures.Future:
        """``call`` in a waiting thread: a future of the worker's answer."""
        return self._threads.submit(self.call, fn, *args, owner=owner)

    async def run(self, fn: Callable[..., Any], *args: Any, owner: object = None) -> Any:
        """``call`` from the event loop: the loop stays free while the worker runs."""
        return await asyncio.wrap_future(self.submit(fn, *args, owner=owner))

    def cancel(self, owner: object) -> bool:
        """Stop the task ``owner`` is running, if any (a closed session's run).

        The process is killed under the lock ``call`` takes to put a worker back, so a
        task finishing at that moment can't put back a worker this then kills (the next
        task, another session's, failed on it); the pipe is left to ``call``'s thread,
        which reads it and replaces the worker.
        """
        with self._lock:
            busy = self._busy.get(id(owner))
            if busy is None or busy[1] < 0:
                return False
            w, task = busy
            self._busy[id(owner)] = (w, -task)
            self.stats["cancelled"] += 1
            with contextlib.suppress(Exception):
                w.proc.kill()  # a signal: quick
        return True

    def wait_ready(self, timeout: float = 60) -> bool:
        """Block until every worker has started (tests and benchmarks, after serving)."""
        deadline = time.monotonic() + timeout
        while self._idle.qsize() + len(self._busy) < self.size:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.05)
        return True

    def pids(self) -> list[int]:
        """Process ids of the live workers (for tests and the benchmark)."""
        with self._lock:
            busy = [w for w, _ in self._busy.values()]
        idle = list(self._idle.queue)
        return [w.proc.pid for w in [*busy, *idle] if w.proc.pid is not None]

    def close(self) -> None:
        self._closed = True
        while True:
            try:
                self._idle.get_nowait().kill()
            except queue.Empty:
                break
        with self._lock:
            for w, _ in self._busy.values():
                w.kill()
        self._threads.shutdown(wait=False, cancel_futures=True)


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
