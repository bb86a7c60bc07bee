"""Settings shared by every test: the engine's CPU backstop widened, and the browser
settings of tests/playground and tests/hosted (never copied into Pyodide)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.base import limits
from tests.browser import launch_args

#: How much further the CPU-seconds backstop is in the suite than for users.
CPU_BACKSTOP_SCALE = 4


@pytest.fixture(scope="session", autouse=True)
def _cpu_backstop_widened() -> Iterator[None]:
    """The run budget's CPU-seconds backstop (engine.base.limits.RUN_MAX_CPU_SECONDS) is
    the one stop that reads a clock: on a loaded CI machine (2 cores, browser tests in a
    second process) a board that takes 0.45 s alone can pass 0.8 s and stop, which says
    nothing about the engine. Tests assert on the work budget, which counts work and stops
    the same scenarios on every machine; the backstop's own tests pass their allowance
    explicitly (``RunBudget(max_cpu=...)``, ``cpu_allowance(0.0)``) and still run."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(limits, "RUN_MAX_CPU_SECONDS", limits.RUN_MAX_CPU_SECONDS * CPU_BACKSTOP_SCALE)
        yield


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    return launch_args(browser_type_launch_args)


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, "viewport": {"width": 1500, "height": 1000}}
