"""Decisions inline: at a frame that asks something, one button per option.

A pending decision pauses the timeline; an answered one shows the choice made
(filled button) and lets the user pick another, which drops later answers.
A small ESM component draws the buttons (labels via ``textContent``), so a new
decision costs one message and no new Bokeh models.
"""

from __future__ import annotations

from typing import Any

import panel as pn
import param
from panel.custom import JSComponent

from playground.html import MANA_CSS, mana_text
from playground.model import PlaygroundModel
from playground.widgets import batched, submit

__all__ = ["DecisionBox", "DecisionPanel"]


class DecisionBox(JSComponent):
    """The prompt, its CR number and a button per option; a click answers."""

    prompt_html = param.String(default="", doc="The prompt, escaped on the server.")
    rule = param.String(default="")
    answered = param.Boolean(default=False)
    options = param.List(default=[], doc="[{'key', 'label', 'chosen'}]")

    _esm = """
export function render({ model }) {
  const box = document.createElement('div');
  box.className = 'decision';
  const draw = () => {
    box.replaceChildren();
    const p = document.createElement('div');
    p.className = 'prompt';
    p.setAttribute('data-testid', 'decision');
    const head = document.createElement('b');
    head.textContent = model.answered ? 'Decided ' : 'Decision ';
    const text = document.createElement('span');
    text.innerHTML = model.prompt_html;  // escaped on the server (mana symbols as spans)
    const rule = document.createElement('span');
    rule.className = 'rule';
    rule.textContent = 'CR ' + model.rule;
    p.append(head, text, rule);
    box.appendChild(p);
    if (model.answered) {
      const hint = document.createElement('div');
      hint.className = 'hint';
      hint.textContent = 'Pick another option to change the answer; later answers are dropped.';
      box.appendChild(hint);
    }
    const row = document.createElement('div');
    row.className = 'options';
    for (const opt of model.options) {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = opt.label;
      b.className = (opt.chosen || !model.answered) ? 'solid' : 'outline';
      if (opt.chosen) b.setAttribute('aria-pressed', 'true');
      b.addEventListener('click', () => model.send_msg({answer: opt.key}));
      row.appendChild(b);
    }
    box.appendChild(row);
  };
  draw();
  for (const k of ['prompt_html', 'rule', 'answered', 'options']) model.on(k, draw);
  return box;
}
"""
    _stylesheets = [MANA_CSS + """
.decision { background: #eef6ff; border: 1px solid #9cc7ff; border-radius: 8px;
  padding: 8px 12px; font: 14px/1.4 system-ui, sans-serif; }
.prompt b { color: #0a3069; }
.rule { font: 600 11px/1.6 ui-monospace, monospace; background: #3d4b5c; color: #fff;
  border-radius: 10px; padding: 1px 8px; margin-left: 6px; }
.hint { color: #57606a; font-size: 12px; margin-top: 2px; }
.options { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 8px; }
button { font: 13px system-ui, sans-serif; padding: 6px 12px; border-radius: 4px;
  cursor: pointer; border: 1px solid #0072b5; }
button.solid { background: #0072b5; color: #fff; }
button.solid:hover { background: #005f96; }
button.outline { background: #fff; color: #0072b5; }
button.outline:hover { background: #eef6ff; }
"""]

    def __init__(self, model: PlaygroundModel | None = None, **params: Any) -> None:
        super().__init__(**params)
        self._model = model  # not a param: a JSComponent would sync it to the browser

    def _handle_msg(self, msg: Any) -> None:
        if self._model is not None and isinstance(msg, dict) and "answer" in msg:
            submit(self._model, batched(self._model.answer), str(msg["answer"]))


class DecisionPanel(pn.viewable.Viewer):
    """The current frame's decision (hidden when there is none); an answer is engine
    work, so the box hands it to ``submit`` (a worker process when served)."""

    model = param.ClassSelector(class_=PlaygroundModel, doc="The session's state.")

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self._box = DecisionBox(model=self.model, visible=False, sizing_mode="stretch_width",
                                margin=(6, 5))
        self._shown: tuple[Any, int] | None = None  # (timeline, frame) on screen
        self._update()

    @param.depends("model.timeline", "model.frame", "model.scenario", watch=True)
    def _update(self) -> None:
        m = self.model
        here = m.decision_here()
        key = None if here is None else (m.timeline, m.frame)  # one timeline per scenario
        if key == self._shown or (key and self._shown and key[0] is self._shown[0]
                                  and key[1] == self._shown[1]):
            return
        self._shown = key
        if here is None:
            self._box.visible = False
            return
        decision, chosen = here
        self._box.param.update(
            prompt_html=mana_text(decision.prompt), rule=decision.rule[:40],
            answered=chosen is not None,
            options=[{"key": o.key, "label": o.label, "chosen": o.key == chosen}
                     for o in decision.options],
            visible=True)

    def __panel__(self) -> DecisionBox:
        return self._box
