"""Small helpers shared by the views: two-way widget <-> model binding, error lists."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import panel as pn
import param

from playground.html import esc

__all__ = ["ERROR_CSS", "batched", "bind_value", "errors_pane"]

ERROR_CSS = """
:host { width: 100%; }
.errors { color: #a40e26; background: #fff0f1; border: 1px solid #ffc1c7; border-radius: 6px;
  padding: 4px 8px; font: 12.5px/1.4 system-ui, sans-serif; }
.errors ul { margin: 0; padding-left: 16px; }
"""


def bind_value(widget: pn.widgets.Widget, model: param.Parameterized, name: str,
               attr: str = "value") -> pn.widgets.Widget:
    """Keep ``widget.<attr>`` and ``model.<name>`` equal in both directions."""
    setattr(widget, attr, getattr(model, name))

    def to_model(event: param.parameterized.Event) -> None:
        if getattr(model, name) != event.new:
            setattr(model, name, event.new)

    def to_widget(event: param.parameterized.Event) -> None:
        if getattr(widget, attr) != event.new:
            setattr(widget, attr, event.new)

    widget.param.watch(to_model, attr)
    model.param.watch(to_widget, name)
    return widget


def errors_html(errors: list[str], testid: str) -> str:
    if not errors:
        return f'<div data-testid="{esc(testid)}"></div>'
    items = "".join(f"<li>{esc(e)}</li>" for e in errors)
    return f'<div class="errors" role="alert" data-testid="{esc(testid)}"><ul>{items}</ul></div>'


def errors_pane(model: param.Parameterized, name: str, testid: str) -> pn.pane.HTML:
    """An HTML pane listing ``model.<name>`` (a list of messages), escaped, next to its input."""
    pane = pn.pane.HTML(errors_html(getattr(model, name), testid), stylesheets=[ERROR_CSS],
                        sizing_mode="stretch_width", margin=(0, 5))

    def redraw(event: Any) -> None:
        pane.object = errors_html(event.new, testid)

    model.param.watch(redraw, name)
    return pane


def batched(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Run ``fn`` holding the document's events, so one step sends one combined message."""

    def run(*args: Any, **kwargs: Any) -> Any:
        with pn.io.hold():
            return fn(*args, **kwargs)

    return run
