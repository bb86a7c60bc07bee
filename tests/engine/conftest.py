"""Shared settings for the engine tests; stdlib + pytest + hypothesis only (runs in Pyodide).

Hypothesis profiles:
- "pyodide" (chosen automatically under Pyodide): fewer examples, no deadline
  (WebAssembly is several times slower) and no example database (nothing to keep).
- "ci" is Hypothesis's own profile, chosen automatically when CI is set.
- "local" (everywhere else): Hypothesis's defaults without the per-example deadline. A
  deadline is a wall-clock assertion, and these machines are shared and noisy: the first
  example of a test pays for warm caches (300 ms under load against a 200 ms deadline).
  Speed is measured in benchmarks/, never asserted in tests.
HYPOTHESIS_PROFILE=<name> overrides the choice.
"""

from __future__ import annotations

import os
import sys

import pytest
from hypothesis import HealthCheck, settings

# boards.py holds the scenario builders and timeline readers the rules tests share; its
# asserts (``finished``) get pytest's detailed messages like the tests' own.
pytest.register_assert_rewrite("boards")

IN_PYODIDE = sys.platform == "emscripten"

settings.register_profile(
    "pyodide",
    max_examples=25,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)

settings.register_profile("local", deadline=None)

if "HYPOTHESIS_PROFILE" in os.environ:
    settings.load_profile(os.environ["HYPOTHESIS_PROFILE"])
elif IN_PYODIDE:
    settings.load_profile("pyodide")
elif not os.environ.get("CI"):
    settings.load_profile("local")
