"""Small helpers shared by the views: error lists, handing engine work to a worker
(``submit``, ``navigate``), and the board form's widget <-> model binding."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import panel as pn
import param

from playground import offload
from playground.html import esc

__all__ = [
    "ERROR_CSS",
    "batched",
    "errors_pane",
    "navigate",
    "offloading_here",
    "submit",
    "wrap_row",
]

ERROR_CSS = """
:host { width: 100%; }
.errors { color: #a40e26; background: #fff0f1; border: 1px solid #ffc1c7; border-radius: 6px;
  padding: 4px 8px; font: 12.5px/1.4 system-ui, sans-serif; }
.errors ul { margin: 0; padding-left: 16px; }
"""


def wrap_row(
    *objects: Any, align_items: str = "flex-start", stylesheets: tuple | list = (), **params: Any
) -> pn.Row:
    """A row whose items wrap onto more lines when there is no room (CSS ``flex-wrap``).

    What ``pn.FlexBox`` draws, as Bokeh's own flex layout: Panel's FlexBox is a
    ReactiveHTML template, whose children the browser renders one by one through it
    (measured the slowest part of drawing the page, and heavier on the server too).
    """
    css = (
        f":host {{ flex-wrap: wrap; align-items: {align_items}; align-content: flex-start;"
        f" min-width: 0; }} :host > * {{ align-self: {align_items}; }}"
    )
    if params.get("sizing_mode") == "stretch_width":  # Bokeh sizes a row to its content
        sides = _side_margins(params.get("margin"))
        css += f" :host {{ width: calc(100% - {sides}px) !important; }}"
    return pn.Row(*objects, stylesheets=[css, *stylesheets], **params)


def _side_margins(margin: Any) -> int:
    """Left + right of a Panel ``margin`` (a number, (vertical, horizontal) or four sides)."""
    if margin is None:
        return 10  # Panel's default margin is 5 on every side
    if isinstance(margin, int | float):
        return int(2 * margin)
    if len(margin) == 2:
        return int(2 * margin[1])
    return int(margin[1] + margin[3])


def errors_html(errors: list[str], testid: str) -> str:
    if not errors:
        return f'<div data-testid="{esc(testid)}"></div>'
    items = "".join(f"<li>{esc(e)}</li>" for e in errors)
    return f'<div class="errors" role="alert" data-testid="{esc(testid)}"><ul>{items}</ul></div>'


def errors_pane(model: param.Parameterized, name: str, testid: str) -> pn.pane.HTML:
    """An HTML pane listing ``model.<name>`` (a list of messages), escaped, next to its input."""
    return pn.pane.HTML(
        pn.bind(errors_html, model.param[name], testid),
        stylesheets=[ERROR_CSS],
        sizing_mode="stretch_width",
        margin=(0, 5),
    )


def batched(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Run ``fn`` holding the document's events, so one step sends one combined message."""

    def run(*args: Any, **kwargs: Any) -> Any:
        with pn.io.hold():
            return fn(*args, **kwargs)

    return run


def offloading_here() -> bool:
    """True in a served session with worker processes (not a notebook, test or Pyodide)."""
    if not offload.enabled() or getattr(pn.state, "_is_pyodide", False):
        return False
    doc = pn.state.curdoc
    return doc is not None and doc.session_context is not None


def submit(
    model: Any, method: Callable[..., Any], *args: Any, then: Callable[[Any], Any] | None = None
) -> None:
    """Call a model method from a view; ``then(result)`` afterwards.

    Served, the call becomes a task on the session's event loop whose engine work
    runs in a worker process (``model.run_async``), so a heavy scenario never blocks
    the other sessions; inline otherwise (notebooks, Pyodide, direct tests).
    """
    if not offloading_here():
        result = method(*args)
        if then is not None:
            then(result)
        return

    async def task() -> None:
        try:
            result = await model.run_async(method, *args)
        finally:
            model.scheduled(-1)
        if then is not None:
            then(result)

    model.scheduled(+1)  # until the task starts, steps must queue behind it too
    pn.state.execute(task)


def navigate(model: Any, method: Callable[..., Any], *args: Any) -> None:
    """A step / jump: at once, unless this session's engine work is in flight, then
    after it (in order), so "Last" pressed right after picking an example goes to the
    example's last frame, not the old scenario's."""
    if offloading_here() and model.working():
        submit(model, batched(method), *args)
    else:
        with pn.io.hold():
            method(*args)
