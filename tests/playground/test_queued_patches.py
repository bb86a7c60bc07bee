"""A session's queued patch messages always reach its page (playground.serve.send_queued_patches).

The intermittent browser-test failures (a page missing one update after a worker run, one
or two of ~200 tests per full run): Panel queues a session's patch messages while the
socket is busy and a task sends them. When a new message was queued right as that task's
writes completed, the first task cleared the "queue in use" flag on its way out and the
task started for the new message returned without sending it. At such a failure the
session's queue still held the messages (seen with a probe in a full run).

Here the interleaving is forced, no browser and no timing: task 1 sends message A and
waits for its write; the write completes and, before task 1 resumes, B is queued the way
Panel queues it (flag set, message stored, a second task started).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import Callable, Coroutine
from typing import Any

import pytest
from bokeh.document import Document
from panel.io import document as pdoc

from playground.serve import send_queued_patches


class _Socket:  # not a tornado WebSocketHandler: Panel writes through dispatch_django
    pass


class _Conn:
    def __init__(self) -> None:
        self._socket = _Socket()


def _run(coro: Coroutine[Any, Any, None]) -> None:
    """On a thread of its own: Playwright's sync API may hold this thread's event loop."""
    with concurrent.futures.ThreadPoolExecutor(1) as ex:
        ex.submit(asyncio.run, coro).result(timeout=30)


def _interleave(dispatch: Callable[[Any], Any], monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Messages written, in order, when B is queued between A's write completing and
    A's sender resuming."""
    sent: list[str] = []
    writes: list[asyncio.Future] = []

    def write(conn: Any, events: Any = None, msg: Any = None) -> list[asyncio.Future]:
        sent.append(msg)
        fut = asyncio.get_running_loop().create_future()
        writes.append(fut)
        return [fut]

    monkeypatch.setattr(pdoc, "dispatch_django", write)

    async def scenario() -> None:
        doc, conn = Document(), _Conn()
        pdoc._WRITE_BLOCK[doc] = True  # what schedule_write_events does for A
        pdoc._WRITE_MSGS[doc] = {conn: ["A"]}
        first = asyncio.ensure_future(dispatch(doc))
        for _ in range(5):  # task 1 writes A and waits for the write
            await asyncio.sleep(0)
        assert sent == ["A"] and not writes[0].done()
        writes[0].set_result(None)  # A's write completes: task 1's resumption is queued
        pdoc._WRITE_BLOCK[doc] = True  # ... and B is queued before it resumes
        pdoc._WRITE_MSGS.setdefault(doc, {}).setdefault(conn, []).append("B")
        second = asyncio.ensure_future(dispatch(doc))
        for _ in range(10):
            await asyncio.sleep(0)
            for fut in writes:
                if not fut.done():
                    fut.set_result(None)
        await asyncio.wait_for(asyncio.gather(first, second), 5)
        left = pdoc._WRITE_MSGS.pop(doc, {})
        pdoc._WRITE_BLOCK.pop(doc, None)
        if left:
            sent.append(f"stranded: {left[conn]}")

    _run(scenario())
    return sent


def test_a_message_queued_while_the_sender_finishes_is_sent() -> None:
    send_queued_patches()
    with pytest.MonkeyPatch.context() as mp:
        assert _interleave(pdoc._dispatch_msgs, mp) == ["A", "B"]


def test_panels_own_sender_strands_it() -> None:
    """The bug the fix is for, in the Panel version installed. When this fails, Panel's
    own sender no longer strands the message: drop send_queued_patches."""
    send_queued_patches()
    original = getattr(pdoc._dispatch_msgs, "panel_original", None)
    assert original is not None, "send_queued_patches did not replace Panel's sender"
    with pytest.MonkeyPatch.context() as mp:
        assert _interleave(original, mp) == ["A", "stranded: ['B']"]


def test_the_queue_is_sent_in_order_while_bokeh_holds_the_socket() -> None:
    """While Bokeh writes (its socket lock held) nothing is sent; then all of it, in order."""
    send_queued_patches()
    sent: list[str] = []

    class _Lock:
        class _block:
            _value = 0  # held

    async def scenario() -> None:
        doc, conn = Document(), _Conn()
        conn._socket.write_lock = _Lock()  # type: ignore[attr-defined]
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(
                pdoc, "dispatch_django", lambda conn, events=None, msg=None: sent.append(msg) or []
            )
            pdoc._WRITE_BLOCK[doc] = True
            pdoc._WRITE_MSGS[doc] = {conn: ["A"]}
            task = asyncio.ensure_future(pdoc._dispatch_msgs(doc))
            await asyncio.sleep(0.05)
            assert sent == []
            pdoc._WRITE_MSGS[doc][conn].append("B")  # queued meanwhile, behind A
            conn._socket.write_lock._block._value = 1  # Bokeh is done
            await asyncio.wait_for(task, 5)
        assert doc not in pdoc._WRITE_MSGS and doc not in pdoc._WRITE_BLOCK

    _run(scenario())
    assert sent == ["A", "B"]
