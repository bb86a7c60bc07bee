"""Browser-test setup: Chromium from the system, the app served in-process, screenshots.

- Chromium: $PLAYWRIGHT_CHROMIUM, else /usr/bin/chromium (Debian), else Playwright's own
  download. If none can launch, the tests fail loudly: they are never skipped.
- The app is served with ``pn.serve(threaded=True)`` on a free port per test module;
  every server is killed at the end of the session so pytest can exit.
- Screenshots go to ``test-artifacts/playground/`` (git-ignored).
"""

from __future__ import annotations

import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from panel.io.state import state

from tests.browser import free_port

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "playground"


def serve(apps: dict[str, Callable]) -> tuple[str, object]:
    """Serve ``apps`` on a free port; returns (base URL, server) once it answers."""
    from playground.serve import serve as serve_apps

    port = free_port()
    server = serve_apps(
        apps,
        port=port,
        address="127.0.0.1",
        threaded=True,
        websocket_origin=[f"127.0.0.1:{port}", f"localhost:{port}"],
    )
    base = f"http://127.0.0.1:{port}"
    from playground import offload

    assert offload.get_pool().wait_ready(60), "the engine's worker processes did not start"
    deadline = time.monotonic() + 20
    first = next(iter(apps))
    while True:
        try:
            with urllib.request.urlopen(f"{base}/{first}", timeout=5):
                break
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)
    return base, server


@pytest.fixture(scope="session", autouse=True)
def _kill_servers_at_exit() -> Iterator[None]:
    """Threaded Panel servers keep the interpreter alive; stop them all at the end."""
    yield
    state.kill_all_servers()


@pytest.fixture(scope="module")
def app_url() -> Iterator[str]:
    """The playground served for this test module: ``{app_url}`` is the page to open."""
    from engine import default_pool
    from playground.ui import create_app

    default_pool()
    base, server = serve({"app": create_app})
    yield f"{base}/app"
    server.stop()
    server.join(timeout=10)  # else the session-end kill_all_servers finds it still stopping


@pytest.fixture
def shot(request: pytest.FixtureRequest) -> Callable:
    """``shot(page, "name")`` saves a full-page screenshot under test-artifacts/playground/."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)

    def take(page, name: str) -> Path:
        path = ARTIFACTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take


@pytest.fixture(autouse=True)
def _short_timeouts(request: pytest.FixtureRequest) -> None:
    """Fail a browser test in seconds, not Playwright's default 30 s per action.

    Assertions wait as long as actions (10 s, not expect's 5 s): served engine work runs in
    worker processes, which a machine shared with other jobs can slow past 5 s; a real hang
    still fails.
    """
    if "page" in request.fixturenames:
        from playwright.sync_api import expect

        expect.set_options(timeout=10_000)
        request.getfixturevalue("page").set_default_timeout(10_000)
