"""Serving the playground with Bokeh/Panel's server (not used in notebooks or Pyodide).

Three server fixes live here, all applied by :func:`serve` (and ``python -m playground``):

- Bokeh's websocket handler leaves Nagle's algorithm on, and a Bokeh message is several
  small websocket frames, so with the client's delayed ACKs every update waits ~40 ms.
  ``enable_tcp_nodelay`` turns Nagle off for the websocket (measured: a bare button
  round trip drops from ~48 ms to ~6 ms; see benchmarks/bench_playground.py).
- A share link's query travels in the request line, then again inside Bokeh's session
  token (the websocket handshake header). Past Tornado's 64 KB header limit the server
  closed the connection without a response: a long ``?s=`` showed a blank page.
  ``limit_query_length`` answers a page request whose query is longer than the app
  reads (``MAX_QUERY``) with a redirect to ``?too_long=<length>``, which the app shows
  as its "too long" notice; ``MAX_HEADER_SIZE`` lets a request line as long as a browser
  sends (Chromium: 2 MB URLs) reach that check instead of being cut off.
- Panel (1.9) queues a session's patch messages while the socket is busy and a task
  sends them. A new message queued while that task awaits its writes started a second
  task, and if the first one finished first it cleared the "queue in use" flag, so the
  second returned without sending: the page missed the update (often the last one after
  a worker run: a title, a summary) until the session's next change. The intermittent
  browser-test failures were this; at a failure the session's queue still held the
  messages with no task left to send them. ``send_queued_patches`` sends until the queue
  is empty and clears the flag only then.

Two settings are for speed. ``freeze_startup_heap`` (served only): the objects alive when
the server starts (the card pool, the imported modules: some 200,000) are moved out of the
garbage collector's reach with ``gc.freeze``; a full collection walked them all again and
again while sessions were built (a link's page allocates enough to run one every few
loads). Measured: the collector's time per page load 87-95 -> 17-36 ms (bench scenario
link, 2-core machine under load). The other applies wherever Panel runs
(``skip_bokeh_diagnostics``):

- Bokeh's "error diagnostics" (on by default) check every callback's signature with
  ``inspect.signature`` when it is registered (Panel registers some 260 for one page),
  and build a "did you mean" message (difflib over every property name) for every
  failed attribute lookup. Panel (1.9) looks up each changed property of a custom
  component on the wrong model and swallows the ``AttributeError``: a step changes some
  six such properties (board parts, the log's and the share box's frame). Measured: a
  fifth of the server's time per step and a tenth of building a page.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from playground.share import MAX_URL_TOKEN, TOO_LONG_PARAM

__all__ = [
    "LAB_PATH",
    "MAX_HEADER_SIZE",
    "MAX_QUERY",
    "enable_tcp_nodelay",
    "freeze_startup_heap",
    "lab_patterns",
    "limit_query_length",
    "send_queued_patches",
    "serve",
    "skip_bokeh_diagnostics",
]

#: Tornado's limit on a request's header block (request line included). Browsers send
#: URLs up to 2 MB (Chromium); past the limit Tornado drops the connection silently.
#: Buffering 3 MB per connection while it is read is far below Tornado's default body
#: limit (100 MB), and the app never reads more than ``MAX_QUERY`` of it.
MAX_HEADER_SIZE = 3 * 1024 * 1024

#: Longest query string a page request may carry into a session: the longest token the
#: app tries to decode plus room for ``&f=<frame>`` and other short parameters.
MAX_QUERY = MAX_URL_TOKEN + 256

_PATCHED: set[str] = set()

#: Where a served app serves the JupyterLite lab that `make site` built (site/lab).
LAB_PATH = "/lab/"


def lab_patterns(lab_dir: str | Path) -> list[tuple[str, Any, dict[str, Any]]]:
    """Tornado routes serving a built lab folder at ``LAB_PATH`` as a static host would
    (``index.html`` for a folder: the lab's own links name folders, ``notebooks/?path=``)."""
    from tornado.web import StaticFileHandler

    lab = Path(lab_dir).resolve()
    if not (lab / "jupyter-lite.json").is_file():
        raise FileNotFoundError(f"no JupyterLite lab at {lab} (build it with `make site`)")
    return [
        (
            rf"{LAB_PATH}(.*)",
            StaticFileHandler,
            {"path": str(lab), "default_filename": "index.html"},
        )
    ]


def enable_tcp_nodelay() -> None:
    """Make Bokeh's websocket handler set TCP_NODELAY on each connection (idempotent)."""
    if "nodelay" in _PATCHED:
        return
    try:
        from bokeh.server.views.ws import WSHandler
    except ImportError:  # no Bokeh server here (e.g. Pyodide, no tornado): nothing to fix
        return
    original = WSHandler.open

    def open_with_nodelay(self: Any, *args: Any, **kwargs: Any) -> Any:
        self.set_nodelay(True)
        return original(self, *args, **kwargs)

    WSHandler.open = open_with_nodelay  # type: ignore[method-assign]
    _PATCHED.add("nodelay")


def too_long_location(query_length: int) -> str:
    """Where an over-long page request is sent: the same page, only the query's length.

    A relative reference (``?...``) keeps the path, so it works behind a proxy prefix.
    """
    return f"?{TOO_LONG_PARAM}={int(query_length)}"


def limit_query_length() -> None:
    """Redirect page requests whose query exceeds ``MAX_QUERY`` to the notice (idempotent).

    Checked before Panel builds a session, so an over-long link costs one redirect and
    never reaches the session token or the engine.
    """
    if "query" in _PATCHED or sys.platform == "emscripten":
        return
    try:
        from panel.io.server import DocHandler
    except ImportError:
        return
    original = DocHandler.get

    async def get_with_limit(self: Any, *args: Any, **kwargs: Any) -> Any:
        query = self.request.query or ""
        if len(query) > MAX_QUERY:
            self.set_header("Cache-Control", "no-store")
            self.redirect(too_long_location(len(query)))
            return None
        return await original(self, *args, **kwargs)

    DocHandler.get = get_with_limit  # type: ignore[method-assign]
    _PATCHED.add("query")


def send_queued_patches() -> None:
    """Replace Panel's sender of a session's queued patch messages (idempotent).

    Panel's ``_dispatch_msgs`` returns at once when the "queue in use" flag
    (``_WRITE_BLOCK``) is unset, and clears that flag after sending what it took, even if
    more messages were queued while it awaited its writes. This version sends until the
    session's queue is empty (waiting while Bokeh itself writes to the socket) and clears
    the flag in the same step as it finds the queue empty, so a queued message always has
    a sender. Skipped (with the bug left in place) if Panel's internals are not the ones
    this was written for.
    """
    if "patches" in _PATCHED or sys.platform == "emscripten":
        return
    try:
        from panel.io import document as pdoc
    except ImportError:
        return
    needed = (
        "_dispatch_msgs",
        "_WRITE_MSGS",
        "_WRITE_BLOCK",
        "_WRITE_FUTURES",
        "_run_write_futures",
        "dispatch_tornado",
        "dispatch_django",
        "extra_socket_handlers",
    )
    if not all(hasattr(pdoc, name) for name in needed):
        return

    async def dispatch_msgs(doc: Any) -> None:
        import asyncio

        from tornado.websocket import WebSocketHandler

        while True:
            conn_msgs = pdoc._WRITE_MSGS.pop(doc, None)
            if not conn_msgs:  # nothing queued: the queue is free (no await since the pop)
                pdoc._WRITE_BLOCK.pop(doc, None)
                return
            pdoc._WRITE_BLOCK[doc] = True  # new patches queue behind these
            remaining, futures = {}, []
            for conn, msgs in conn_msgs.items():
                socket = conn._socket
                if hasattr(socket, "write_lock") and socket.write_lock._block._value == 0:
                    remaining[conn] = msgs  # Bokeh is writing to this socket: wait
                    continue
                for msg in msgs:
                    if isinstance(socket, WebSocketHandler):
                        futures += pdoc.dispatch_tornado(conn, msg=msg)
                    elif (kind := type(socket)) in pdoc.extra_socket_handlers:
                        futures += pdoc.extra_socket_handlers[kind](conn, msg=msg)
                    else:
                        futures += pdoc.dispatch_django(conn, msg=msg)
            for conn, msgs in remaining.items():  # ahead of anything queued meanwhile
                queued = pdoc._WRITE_MSGS.setdefault(doc, {})
                queued[conn] = msgs + queued.get(conn, [])
            if futures:
                pdoc._WRITE_FUTURES.setdefault(doc, []).extend(futures)
                await pdoc._run_write_futures(doc)
            if remaining:
                await asyncio.sleep(0.01)

    dispatch_msgs.panel_original = pdoc._dispatch_msgs  # type: ignore[attr-defined]
    pdoc._dispatch_msgs = dispatch_msgs
    _PATCHED.add("patches")


def skip_bokeh_diagnostics() -> None:
    """Turn off Bokeh's "expensive error diagnostics" setting (idempotent).

    Bokeh's documented ``perform_error_diagnostics`` setting (env
    ``BOKEH_PERFORM_ERROR_DIAGNOSTICS``); left as it is when that variable is set, so a
    developer can still turn the diagnostics on.
    """
    if "diagnostics" in _PATCHED:
        return
    import os

    try:
        from bokeh.settings import settings
    except ImportError:
        return
    if "BOKEH_PERFORM_ERROR_DIAGNOSTICS" not in os.environ:
        settings.perform_error_diagnostics.set_value(False)
    _PATCHED.add("diagnostics")


def freeze_startup_heap() -> None:
    """Collect once, then keep every object alive now out of later collections (``gc.freeze``).

    Called when the server starts, after the card pool is loaded: those objects live as
    long as the process, and a full collection would otherwise traverse them each time.
    Objects made later (sessions, timelines) are collected as usual.
    """
    import gc

    gc.collect()
    gc.freeze()


#: How long a session whose page never connected is kept (Bokeh's default is 15 s).
UNUSED_SESSION_LIFETIME_MS = 120_000


def serve(
    apps: dict[str, Callable[[], Any]],
    *,
    port: int = 5006,
    address: str = "localhost",
    show: bool = False,
    websocket_origin: Sequence[str] | None = None,
    threaded: bool = False,
    title: str | None = None,
    num_procs: int = 1,
    lab_dir: str | Path | None = None,
    **kwargs: Any,
) -> Any:
    """``pn.serve`` with the fixes above; returns the server (a thread when ``threaded``).

    ``num_procs`` > 1 forks that many server processes sharing the port (sessions are
    per process; put a proxy with sticky sessions in front, see the README).
    ``lab_dir``: a built JupyterLite lab (site/lab) to serve at ``LAB_PATH``, which the
    app's "Open in notebook" then opens.
    """
    import panel as pn

    from playground import offload
    from playground.share import set_served_lab

    if lab_dir is not None:
        kwargs["extra_patterns"] = [*kwargs.get("extra_patterns", []), *lab_patterns(lab_dir)]
        set_served_lab(LAB_PATH)

    enable_tcp_nodelay()
    limit_query_length()
    send_queued_patches()
    skip_bokeh_diagnostics()
    offload.enable()  # sessions' engine work goes to worker processes
    if num_procs == 1:
        offload.get_pool()  # start the workers now (forked servers start theirs on first use)
    freeze_startup_heap()  # after the card pool is loaded (python -m playground loads it first)
    # A page whose websocket comes late (a crowd, a slow phone) keeps its session: Bokeh
    # drops one unused for 15 s, and the late page then builds the app a second time.
    kwargs.setdefault("unused_session_lifetime_milliseconds", UNUSED_SESSION_LIFETIME_MS)
    origins = list(websocket_origin or [f"localhost:{port}", f"127.0.0.1:{port}"])
    http = {"max_header_size": MAX_HEADER_SIZE, **kwargs.pop("http_server_kwargs", {})}
    if num_procs != 1:
        kwargs["num_procs"] = num_procs
    return pn.serve(
        apps,
        port=port,
        address=address,
        show=show,
        websocket_origin=origins,
        threaded=threaded,
        title=title,
        http_server_kwargs=http,
        **kwargs,
    )
