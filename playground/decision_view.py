"""Decisions inline: at a frame that asks something, one button per option.

A pending decision pauses the timeline; an answered one shows the choice made
(primary colour) and lets the user pick another, which drops later answers.
The panel is only rebuilt when the decision on screen changes, not every step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import panel as pn

from playground.html import MANA_CSS, esc, mana_text
from playground.widgets import batched

if TYPE_CHECKING:
    from playground.model import PlaygroundModel

__all__ = ["decision_view"]

_CSS = """
:host { width: 100%; }
.prompt { font: 14px/1.4 system-ui, sans-serif; }
.prompt b { color: #0a3069; }
.rule { font: 600 11px/1.6 ui-monospace, monospace; background: #3d4b5c; color: #fff;
  border-radius: 10px; padding: 1px 8px; margin-left: 6px; }
.hint { color: #57606a; font-size: 12px; }
"""


def decision_view(model: PlaygroundModel) -> pn.Column:
    """A column that holds the current frame's decision (hidden when there is none)."""
    box = pn.Column(pn.Spacer(height=0), visible=False, sizing_mode="stretch_width", margin=(6, 5),
                    styles={"background": "#eef6ff", "border": "1px solid #9cc7ff",
                            "border-radius": "8px", "padding": "6px 10px"})
    shown: dict[str, Any] = {"key": None}

    def rebuild(*_: Any) -> None:
        here = model.decision_here()
        key = None if here is None else (model.token, model.frame)
        if key == shown["key"]:
            return
        shown["key"] = key
        if here is None:
            box.visible = False
            box.objects = [pn.Spacer(height=0)]  # (an empty layout trips a Bokeh warning)
            return
        decision, chosen = here
        if chosen is None:
            head = "<b>Decision</b> "
            hint = ""
        else:
            head = "<b>Decided</b> "
            hint = ('<div class="hint">Pick another option to change the answer; '
                    "later answers are dropped.</div>")
        prompt = pn.pane.HTML(
            f'<div class="prompt" data-testid="decision">{head}{mana_text(decision.prompt)}'
            f'<span class="rule">CR {esc(decision.rule)}</span></div>{hint}',
            stylesheets=[MANA_CSS + _CSS], sizing_mode="stretch_width", margin=(2, 0))
        buttons = []
        for opt in decision.options:
            is_chosen = chosen == opt.key
            strong = is_chosen or chosen is None
            b = pn.widgets.Button(label=opt.label, color="primary",
                                  variant="solid" if strong else "outline",
                                  margin=(4, 6, 4, 0))
            b.on_click(batched(lambda _e, k=opt.key: model.answer(k)))
            buttons.append(b)
        box.objects = [prompt, pn.Row(*buttons, margin=0)]
        box.visible = True

    model.param.watch(rebuild, ["timeline", "frame", "scenario"])
    rebuild()
    return box
