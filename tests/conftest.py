"""Browser settings shared by tests/playground and tests/hosted (never copied into Pyodide)."""

from __future__ import annotations

import pytest

from tests.browser import launch_args


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    return launch_args(browser_type_launch_args)


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, "viewport": {"width": 1500, "height": 1000}}
