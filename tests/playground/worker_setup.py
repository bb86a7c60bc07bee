"""Functions a test pool's workers run as they start (``WorkerPool(setup=...)``).

Kept apart from the test modules so a spawned worker imports only this and the engine.
"""

from __future__ import annotations

import os
from pathlib import Path


def fail_first_start() -> None:
    """Fail the first worker start of a run (a busy machine, a crash); start fine after.

    The runs are counted in files under ``$PLAYGROUND_TEST_STARTS`` (one per start).
    """
    root = Path(os.environ["PLAYGROUND_TEST_STARTS"])
    n = len(list(root.iterdir()))
    (root / f"start-{n}-{os.getpid()}").touch()
    if n == 0:
        raise OSError("no process this time")


_HELD: list[bytearray] = []


def grow(mb: int) -> int:
    """Keep ``mb`` MB alive in this worker (touched, so resident); its process id."""
    block = bytearray(mb * 2**20)
    for i in range(0, len(block), 4096):
        block[i] = 1
    _HELD.append(block)
    return os.getpid()


def allocate(mb: int) -> int:
    """Allocate ``mb`` MB at once (past a worker's address-space cap: MemoryError)."""
    return len(bytearray(mb * 2**20))


def big_result(mb: int) -> bytes:
    """A result of ``mb`` MB to send back."""
    return os.urandom(mb * 2**20)


def pid() -> int:
    return os.getpid()


def niceness() -> int:
    return os.nice(0)
