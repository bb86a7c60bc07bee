"""Serving the playground with Bokeh/Panel's server (not used in notebooks or Pyodide).

One server fix lives here: Bokeh's websocket handler leaves Nagle's algorithm on,
and a Bokeh message is several small websocket frames, so with the client's
delayed ACKs every update waits ~40 ms. ``enable_tcp_nodelay`` turns Nagle off
for the websocket (measured: a bare button round trip drops from ~48 ms to ~6 ms;
see benchmarks/bench_playground.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["enable_tcp_nodelay", "serve"]

_PATCHED = False


def enable_tcp_nodelay() -> None:
    """Make Bokeh's websocket handler set TCP_NODELAY on each connection (idempotent)."""
    global _PATCHED
    if _PATCHED:
        return
    try:
        from bokeh.server.views.ws import WSHandler
    except Exception:  # no Bokeh server here (e.g. Pyodide, no tornado): nothing to fix
        return
    original = WSHandler.open

    def open_with_nodelay(self: Any, *args: Any, **kwargs: Any) -> Any:
        self.set_nodelay(True)
        return original(self, *args, **kwargs)

    WSHandler.open = open_with_nodelay  # type: ignore[method-assign]
    _PATCHED = True


def serve(apps: dict[str, Callable[[], Any]], *, port: int = 5006, address: str = "localhost",
          show: bool = False, websocket_origin: Sequence[str] | None = None,
          threaded: bool = False, title: str | None = None) -> Any:
    """``pn.serve`` with the websocket fix; returns the server (a thread when ``threaded``)."""
    import panel as pn

    enable_tcp_nodelay()
    origins = list(websocket_origin or [f"localhost:{port}", f"127.0.0.1:{port}"])
    return pn.serve(apps, port=port, address=address, show=show, websocket_origin=origins,
                    threaded=threaded, title=title)
