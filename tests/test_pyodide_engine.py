"""The engine's whole test suite also passes inside real Pyodide (Node, offline).

The engine promises to run in the browser, so tests/engine runs twice: here in
CPython as usual, and through tests/pyodide/run_tests.mjs in Pyodide. The test
also checks that Pyodide collected exactly as many tests as CPython does, so a
file that fails to import there, or a test that skips itself, cannot hide.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
HARNESS = ROOT / "tests" / "pyodide"
RESULT_PREFIX = "PYODIDE_PYTEST_RESULT "
TIMEOUT_SECONDS = 1800


def _cpython_collected() -> int:
    """How many tests CPython collects in tests/engine (without running them)."""
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"]
        + ["tests/engine"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    match = re.search(r"^(\d+) tests? collected", proc.stdout, re.MULTILINE)
    if proc.returncode != 0 or match is None:
        pytest.fail(f"CPython could not collect tests/engine:\n{proc.stdout[-4000:]}{proc.stderr}")
    return int(match.group(1))


def _preconditions() -> str:
    """The node binary, after checking what `make setup` should have provided."""
    node = shutil.which("node")
    if node is None:
        pytest.fail(
            "node is not installed: the Pyodide run needs Node.js >= 18 (apt-get install nodejs)"
        )
    if not (HARNESS / "node_modules" / "pyodide").is_dir():
        pytest.fail(
            "tests/pyodide/node_modules is missing: run `make setup` (npm ci in tests/pyodide)"
        )
    if not list((HARNESS / "wheels").glob("*.whl")):
        pytest.fail(
            "tests/pyodide/wheels is empty: run `make setup` (tests/pyodide/fetch_wheels.sh)"
        )
    return node


def test_engine_suite_passes_in_pyodide() -> None:
    node = _preconditions()
    # Pyodide boots for a few seconds; collect with CPython meanwhile.
    proc = subprocess.Popen(
        [node, str(HARNESS / "run_tests.mjs")],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        expected = _cpython_collected()
        output, _ = proc.communicate(timeout=TIMEOUT_SECONDS)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()

    lines = [line for line in output.splitlines() if line.startswith(RESULT_PREFIX)]
    assert lines, f"the Pyodide run printed no result (exit {proc.returncode}):\n{output[-6000:]}"
    result = json.loads(lines[-1].removeprefix(RESULT_PREFIX))
    print(f"pyodide: {result}")

    assert result["platform"] == "emscripten"
    assert result["exit_code"] == 0 and proc.returncode == 0, (
        f"tests/engine failed inside Pyodide:\n{output[-6000:]}"
    )
    assert result["collected"] == expected, (
        f"Pyodide collected {result['collected']} tests, CPython {expected}: "
        f"some tests/engine file does not import under Pyodide?\n{output[-6000:]}"
    )
    assert not result["skipped"], f"tests skipped inside Pyodide: {result['skipped']}"
