"""Decisions inline: at a frame that asks something, one button per option
(a filter box and a scrollable list when there are many).

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
    """The prompt, its CR number and a button per option; a click answers.

    Past ``filter_above`` options (a creature type out of ~300, a card name out of every
    name in the game, a library search) the buttons sit in a scrollable grid under a filter
    box: typing narrows them (case and accents ignored), ↓ moves into the list, the arrow
    keys walk it, Enter picks the only match and Escape clears the filter.
    """

    prompt_html = param.String(default="", doc="The prompt, escaped on the server.")
    rule = param.String(default="")
    answered = param.Boolean(default=False)
    options = param.List(default=[], doc="[{'key', 'label', 'chosen'}]")
    filter_above = param.Integer(
        default=12, bounds=(0, None), doc="More options than this get the filter and the list."
    )

    _esm = """
const fold = (s) => String(s).normalize('NFD').replace(/[\\u0300-\\u036f]/g, '').toLowerCase();

export function render({ model }) {
  const box = document.createElement('div');
  box.className = 'decision';
  let query = '';     // the filter's text, kept across redraws of the same decision
  let drawnFor = ''; // which decision (and answer) the filter belongs to
  const draw = () => {
    // a decision shown anew (another prompt, options or answer) starts unfiltered
    const seen = [model.prompt_html, model.answered,
                  ...model.options.map((o) => (o.chosen ? '*' : '') + o.key)].join('\\n');
    if (seen !== drawnFor) { query = ''; drawnFor = seen; }
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
    const long = model.options.length > model.filter_above;
    const row = document.createElement('div');
    row.className = long ? 'options long' : 'options';
    const buttons = [];
    for (const opt of model.options) {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = opt.label;  // text, never HTML
      b.className = (opt.chosen || !model.answered) ? 'solid' : 'outline';
      if (opt.chosen) b.setAttribute('aria-pressed', 'true');
      b.addEventListener('click', () => model.send_msg({answer: opt.key}));
      b._folded = fold(opt.label);
      row.appendChild(b);
      buttons.push(b);
    }
    if (!long) {
      box.appendChild(row);
      return;
    }
    const n = buttons.length;
    row.setAttribute('data-testid', 'decision-options');
    row.setAttribute('role', 'group');
    row.setAttribute('aria-label', 'Options');
    const chosen = model.options.find((o) => o.chosen);
    if (chosen) {
      const was = document.createElement('div');
      was.className = 'chosen';
      was.setAttribute('data-testid', 'decision-chosen');
      was.textContent = 'Chosen: ' + chosen.label;
      box.appendChild(was);
    }
    const bar = document.createElement('div');
    bar.className = 'filter';
    const input = document.createElement('input');
    input.type = 'search';
    input.placeholder = 'Type to filter the ' + n + ' options';
    input.setAttribute('aria-label', 'Filter the options');
    input.setAttribute('data-testid', 'decision-filter');
    input.autocomplete = 'off';
    input.spellcheck = false;
    input.value = query;
    const count = document.createElement('span');
    count.className = 'count';
    count.setAttribute('data-testid', 'decision-count');
    count.setAttribute('aria-live', 'polite');
    bar.append(input, count);
    const none = document.createElement('div');
    none.className = 'none';
    none.setAttribute('data-testid', 'decision-no-match');
    const visible = () => buttons.filter((b) => !b.hidden);
    const apply = () => {
      const q = fold(query.trim());
      let shown = 0;
      for (const b of buttons) {
        b.hidden = q !== '' && !b._folded.includes(q);
        if (!b.hidden) shown += 1;
      }
      count.textContent = q === '' ? n + ' options' : shown + ' of ' + n + ' match';
      none.hidden = shown > 0;
      none.textContent = shown > 0 ? '' : 'No option matches \\u201c' + query.trim() + '\\u201d.';
    };
    input.addEventListener('input', () => { query = input.value; apply(); row.scrollTop = 0; });
    input.addEventListener('keydown', (e) => {
      const vis = visible();
      if (e.key === 'ArrowDown' && vis.length) { e.preventDefault(); vis[0].focus(); }
      else if (e.key === 'Enter') {
        e.preventDefault();
        if (vis.length === 1) vis[0].click();
        else if (vis.length) vis[0].focus();
      } else if (e.key === 'Escape' && input.value !== '') {
        e.preventDefault(); input.value = ''; query = ''; apply();
      }
    });
    row.addEventListener('keydown', (e) => {
      const vis = visible();
      const i = vis.indexOf(e.target);
      if (i < 0) return;
      let to = null;
      if (e.key === 'ArrowDown' || e.key === 'ArrowRight') to = vis[i + 1];
      else if (e.key === 'ArrowUp' || e.key === 'ArrowLeft') to = i === 0 ? input : vis[i - 1];
      else if (e.key === 'Home') to = vis[0];
      else if (e.key === 'End') to = vis[vis.length - 1];
      else if (e.key === 'Escape') to = input;
      if (to) { e.preventDefault(); to.focus(); }
    });
    const keys_hint = document.createElement('div');
    keys_hint.className = 'hint keys';
    keys_hint.textContent = '\\u2193 into the list, arrow keys to move, '
      + 'Enter picks the only match, Esc clears.';
    box.append(bar, keys_hint, row, none);
    apply();
  };
  draw();
  for (const k of ['prompt_html', 'rule', 'answered', 'options', 'filter_above']) model.on(k, draw);
  return box;
}
"""
    _stylesheets = [
        MANA_CSS
        + """
.decision { background: #eef6ff; border: 1px solid #9cc7ff; border-radius: 8px;
  padding: 8px 12px; font: 14px/1.4 system-ui, sans-serif; box-sizing: border-box;
  max-width: 100%; min-width: 0; }
.prompt { overflow-wrap: anywhere; }
.prompt b { color: #0a3069; }
.rule { font: 600 11px/1.6 ui-monospace, monospace; background: #3d4b5c; color: #fff;
  border-radius: 10px; padding: 1px 8px; margin-left: 6px; white-space: nowrap; }
.hint { color: #57606a; font-size: 12px; margin-top: 2px; }
.chosen { margin-top: 4px; font-weight: 600; color: #0a3069; overflow-wrap: anywhere; }
.options { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 8px; }
.options.long { display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 150px), 1fr));
  max-height: min(280px, 45vh); overflow-y: auto; overflow-x: hidden; padding: 6px;
  background: #fff; border: 1px solid #c8ddf5; border-radius: 6px; align-content: start;
  overscroll-behavior: contain; }
.options.long button { text-align: left; min-width: 0; overflow-wrap: anywhere; padding: 5px 8px; }
.options.long button[hidden] { display: none; }
.filter { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 10px; margin-top: 8px; }
.filter input { flex: 1 1 200px; min-width: 0; max-width: 420px; box-sizing: border-box;
  font: 14px system-ui, sans-serif; padding: 6px 8px; border: 1px solid #0072b5;
  border-radius: 4px; background: #fff; }
.filter input:focus-visible, button:focus-visible { outline: 2px solid #0a3069;
  outline-offset: 1px; }
.count { color: #57606a; font-size: 12px; white-space: nowrap; }
.none { color: #57606a; font-style: italic; margin-top: 6px; overflow-wrap: anywhere; }
.none[hidden] { display: none; }
@media (max-width: 600px) { .hint.keys { display: none; }
  .filter input { font-size: 16px; } }  /* 16 px: phones don't zoom into the box */
button { font: 13px system-ui, sans-serif; padding: 6px 12px; border-radius: 4px;
  cursor: pointer; border: 1px solid #0072b5; }
button.solid { background: #0072b5; color: #fff; }
button.solid:hover { background: #005f96; }
button.outline { background: #fff; color: #0072b5; }
button.outline:hover { background: #eef6ff; }
"""
    ]

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
        self._box = DecisionBox(
            model=self.model, visible=False, sizing_mode="stretch_width", margin=(6, 5)
        )
        self._shown: tuple[Any, int] | None = None  # (timeline, frame) on screen
        self._update()

    @param.depends("model.timeline", "model.frame", "model.scenario", watch=True)
    def _update(self) -> None:
        m = self.model
        here = m.decision_here()
        key = None if here is None else (m.timeline, m.frame)  # one timeline per scenario
        if key == self._shown or (
            key and self._shown and key[0] is self._shown[0] and key[1] == self._shown[1]
        ):
            return
        self._shown = key
        if here is None:
            self._box.visible = False
            return
        decision, chosen = here
        self._box.param.update(
            prompt_html=mana_text(decision.prompt),
            rule=decision.rule[:40],
            answered=chosen is not None,
            options=[
                {"key": o.key, "label": o.label, "chosen": o.key == chosen}
                for o in decision.options
            ],
            visible=True,
        )

    def __panel__(self) -> DecisionBox:
        return self._box
