"""Fixtures for the static-site tests: one build per session, a static file server,
the served app, and Chromium from the system (as in tests/playground)."""

from __future__ import annotations

import contextlib
import functools
import http.server
import importlib.util
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.browser import free_port

ROOT = Path(__file__).resolve().parents[2]


def load_build_site() -> ModuleType:
    """scripts/build_site.py as a module (scripts/ is not a package)."""
    spec = importlib.util.spec_from_file_location("build_site", ROOT / "scripts" / "build_site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def build_site() -> ModuleType:
    return load_build_site()


@pytest.fixture(scope="session")
def site(build_site: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The site built once for the session into a temp dir (what `make site` does)."""
    tmp = tmp_path_factory.mktemp("site_build")
    t0 = time.perf_counter()
    result = build_site.build(out=tmp / "site", dist=tmp / "dist", report=False)
    result["out"] = tmp / "site"
    result["build_seconds"] = round(time.perf_counter() - t0, 2)
    return result


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass


@pytest.fixture(scope="session")
def static_url(site: dict[str, Any]) -> Iterator[str]:
    """The built folder served by a plain static file server (as any static host would)."""
    handler = functools.partial(_QuietHandler, directory=str(site["out"]))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="module")
def served_url(site: dict[str, Any]) -> Iterator[str]:
    """The playground served by Panel (the `make serve` path) at /app on a free port, with
    the built lab at /lab/ (as `python -m playground` serves site/lab once it is built)."""
    import panel as pn
    from panel.io.state import state

    from engine import default_pool
    from playground.serve import LAB_PATH, lab_patterns
    from playground.share import set_served_lab
    from playground.ui import create_app

    default_pool()
    port = free_port()
    origins = [f"127.0.0.1:{port}", f"localhost:{port}"]
    set_served_lab(LAB_PATH)
    server = pn.serve(
        {"app": create_app},
        port=port,
        address="127.0.0.1",
        threaded=True,
        show=False,
        websocket_origin=origins,
        extra_patterns=lab_patterns(site["out"] / "lab"),
    )
    base = f"http://127.0.0.1:{port}/app"
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(base, timeout=5):
                break
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)
    yield base
    set_served_lab("")
    server.stop()
    with contextlib.suppress(RuntimeError):  # "Thread already stopping": it is stopped
        state.kill_all_servers()
