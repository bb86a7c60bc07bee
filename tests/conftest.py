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


# A browser test that fails is run once more, and only browser tests are (engine tests are
# deterministic and never rerun). Under load, a served page has now and then missed one
# update of its header after a run finished in a worker (one or two browser tests in
# a full run of ~200; the server's state was right); the rerun shows as "R" in the summary (-ra)
# and a test failing twice still fails. Remove this once that update is understood.
BROWSER_RERUNS = 1


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if {"page", "browser"} & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.flaky(reruns=BROWSER_RERUNS, reruns_delay=1))
