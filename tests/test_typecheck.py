"""The engine type-checks: ``mypy`` (configured in pyproject.toml's [tool.mypy], files =
engine) finds no error. Outside tests/engine: it runs a subprocess, which Pyodide can't."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_finds_no_error_in_the_engine() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-error-summary"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, f"mypy engine:\n{run.stdout}{run.stderr}"
