"""Stepper: first / back / next / last, a slider, arrow keys and a clickable event log.

The log and the keyboard listener are one small ESM component (no CDN, no
external JS): it draws the events with ``textContent`` (so names stay text),
highlights the current frame and sends "goto k" / "next" / "back" messages; the
model decides what the frame becomes.
"""

from __future__ import annotations

from typing import Any

import panel as pn
import param
from panel.custom import JSComponent

from playground.html import MANA_CSS, mana_text
from playground.model import PlaygroundModel
from playground.widgets import navigate, wrap_row

__all__ = ["EventLog", "EventLogPanel", "Stepper"]


class EventLog(JSComponent):
    """The event log (one clickable line per frame) plus the ←/→/Home/End keys."""

    entries = param.List(default=[], doc="[{'html' (escaped), 'rule', 'decision'}] per frame")
    frame = param.Integer(default=0)

    _esm = """
export function render({ model, el }) {
  const box = document.createElement('div');
  box.className = 'log';
  const ol = document.createElement('ol');
  ol.setAttribute('data-testid', 'event-log');
  ol.setAttribute('aria-label', 'Event log');
  box.appendChild(ol);
  function draw() {
    ol.replaceChildren();
    marked = null;
    model.entries.forEach((e, i) => {
      const li = document.createElement('li');
      li.dataset.frame = String(i);
      li.setAttribute('data-testid', 'log-line');
      li.setAttribute('role', 'button');
      li.tabIndex = -1;
      const n = document.createElement('span'); n.className = 'n'; n.textContent = String(i);
      const t = document.createElement('span'); t.className = 't';
      t.innerHTML = e.html;  // escaped on the server (mana symbols drawn as spans)
      li.append(n, t);
      if (e.rule) {
        const r = document.createElement('span'); r.className = 'r';
        r.textContent = 'CR ' + e.rule; li.appendChild(r);
      }
      if (e.decision) {
        const br = document.createElement('span'); br.className = 'br'; li.appendChild(br);
        const d = document.createElement('span'); d.className = 'd';
        d.textContent = e.decision; li.appendChild(d);
      }
      li.addEventListener('click', () => model.send_msg({goto: i}));
      ol.appendChild(li);
    });
    mark();
  }
  let marked = null;
  let scrollQueued = false;
  function mark() {
    // Touch only the old and new current lines; scroll in the next frame, so reading
    // positions never forces an extra layout in the middle of a redraw.
    if (marked) { marked.classList.remove('current'); marked.removeAttribute('aria-current'); }
    marked = ol.children[model.frame] || null;
    if (!marked) return;
    marked.classList.add('current');
    marked.setAttribute('aria-current', 'step');
    if (scrollQueued) return;
    scrollQueued = true;
    requestAnimationFrame(() => {
      scrollQueued = false;
      const cur = marked;
      if (!cur) return;
      const top = cur.offsetTop - box.offsetTop, h = box.clientHeight;
      if (top < box.scrollTop || top + cur.offsetHeight > box.scrollTop + h)
        box.scrollTop = Math.max(0, top - h / 2);
    });
  }
  draw();
  model.on('entries', draw);
  model.on('frame', mark);
  const typing = (e) => {
    const t = e.composedPath()[0];
    if (!t || !t.tagName) return false;
    const tag = t.tagName.toUpperCase();
    const role = t.getAttribute ? t.getAttribute('role') : null;
    return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || t.isContentEditable
      || role === 'slider' || role === 'listbox' || role === 'tab';
  };
  const onkey = (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || typing(e)) return;
    const map = {ArrowRight: 'next', ArrowLeft: 'back', Home: 'first', End: 'last'};
    const cmd = map[e.key];
    if (cmd) { e.preventDefault(); model.send_msg({step: cmd}); }
  };
  document.addEventListener('keydown', onkey);
  model.on('remove', () => document.removeEventListener('keydown', onkey));
  return box;
}
"""

    _stylesheets = [
        MANA_CSS
        + """
.log { max-height: min(560px, 62vh); overflow-y: auto; border: 1px solid #d8dee4;
  border-radius: 8px;
  background: #fff; font: 12.5px/1.4 system-ui, sans-serif; }
ol { list-style: none; margin: 0; padding: 2px 0; }
li { display: flex; gap: 6px; align-items: baseline; padding: 3px 8px; cursor: pointer;
  border-left: 3px solid transparent; }
li:hover { background: #f3f6f9; }
li.current { background: #fff3b0; border-left-color: #e0a800; }
.n { color: #8c959f; width: 22px; text-align: right; flex: none;
  font-variant-numeric: tabular-nums; }
.t { flex: 1; }
.r { flex: none; font: 600 10.5px/1.5 ui-monospace, monospace; color: #3d4b5c;
  background: #eaeef2; border-radius: 8px; padding: 0 6px; }
li { flex-wrap: wrap; }
.br { flex-basis: 100%; height: 0; }
.d { margin-left: 28px; font-size: 11px; color: #0a3069; background: #ddf4ff;
  border-radius: 8px; padding: 0 6px; }
"""
    ]

    def __init__(self, model: PlaygroundModel | None = None, **params: Any) -> None:
        super().__init__(**params)
        self._model = model  # not a param: a JSComponent would sync it to the browser

    def _handle_msg(self, msg: Any) -> None:
        m = self._model
        if m is None or not isinstance(msg, dict):
            return
        if "goto" in msg:
            try:
                navigate(m, m.go, int(msg["goto"]))
            except (TypeError, ValueError):
                return
        step = {
            "next": (m.step, 1),
            "back": (m.step, -1),
            "first": (m.first,),
            "last": (m.last,),
        }.get(msg.get("step"))
        if step is not None:
            navigate(m, *step)


def log_entries(model: PlaygroundModel) -> list[dict[str, str]]:
    """One line per frame: the event sentence, its CR number and any decision taken there."""
    tl = model.timeline
    if tl is None:
        return []
    decisions = tl.decision_frames
    choices = model.scenario.get("choices", [])
    out = []
    for f in tl.frames:
        e = f.event
        text = e.text if e else "Start: the board before anything happens"
        entry = {"html": mana_text(text), "rule": e.rule if e else "", "decision": ""}
        d = decisions.get(f.index)
        if d is not None:
            if d is tl.pending:
                entry["decision"] = "decision needed"
            elif d.index < len(choices):
                try:
                    entry["decision"] = "chose: " + d.label_of(choices[d.index])
                except KeyError:
                    entry["decision"] = "chose: " + choices[d.index]
        out.append(entry)
    return out


_KEYS_CSS = ".keys { font: 12px system-ui; color: #6e7781; white-space: nowrap; }"
# A disabled step button must look it (Bokeh's default only pales it a little).
DISABLED_CSS = """
.bk-btn:disabled, .bk-btn[disabled] { opacity: .35; filter: grayscale(1); cursor: not-allowed;
  box-shadow: none; }
"""
_CONTROLS_CSS = """
:host { width: 100%; }
@media (max-width: 520px), (hover: none) { .pg-keys { display: none; } }
@media (max-width: 520px) {
  .pg-step { flex: 1 1 60px; width: auto !important; min-width: 0 !important; }
}
"""


class EventLogPanel(pn.viewable.Viewer):
    """The event log of the model's timeline, its current line following the frame."""

    model = param.ClassSelector(class_=PlaygroundModel, doc="The session's state.")

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self._log = EventLog(
            model=self.model,
            entries=log_entries(self.model),
            frame=self.model.frame,
            sizing_mode="stretch_width",
        )

    @param.depends("model.timeline", watch=True)
    def _entries(self) -> None:
        self._log.param.update(entries=log_entries(self.model), frame=self.model.frame)

    @param.depends("model.frame", watch=True)
    def _frame(self) -> None:
        self._log.frame = self.model.frame

    def __panel__(self) -> EventLog:
        return self._log


class Stepper(pn.viewable.Viewer):
    """First / back / next / last and a slider. The widgets edit this panel's own
    parameters (``from_param``); its reactions pass them to the model through
    ``navigate`` (queued behind the session's engine work, never blocking the loop)."""

    model = param.ClassSelector(class_=PlaygroundModel, doc="The session's state.")
    first = param.Event(label="« First")
    back = param.Event(label="‹ Back")
    next = param.Event(label="Next ›")
    last = param.Event(label="Last »")
    frame = param.Integer(
        default=0,
        bounds=(0, 1),
        label="Frame",
        doc="The slider: the frame asked for (the model's, once shown).",
    )

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        step = dict(width=80, margin=(5, 4), css_classes=["pg-step"], stylesheets=[DISABLED_CSS])
        # No tooltips here: a button's tooltip would cover its neighbour while stepping.
        self._buttons = {
            "first": pn.widgets.Button.from_param(self.param.first, **step),
            "back": pn.widgets.Button.from_param(self.param.back, **step),
            "next": pn.widgets.Button.from_param(self.param.next, color="primary", **step),
            "last": pn.widgets.Button.from_param(self.param.last, **step),
        }
        self._sync()
        self._slider = pn.widgets.IntSlider.from_param(
            self.param.frame,
            name="",
            min_width=100,
            margin=(0, 12),
            disabled=self.model.n_frames <= 1,
            styles={"flex": "1 1 110px"},
        )
        # The row wraps on narrow screens: buttons first, then the slider on its own line.
        # The keys hint is hidden where there is no room (and on touch screens, which have
        # no arrow keys).
        keys = pn.pane.HTML(
            "<span class='keys' title='Left/Right arrows step; Home/End jump'>← → keys</span>",
            margin=(10, 4),
            stylesheets=[_KEYS_CSS],
            css_classes=["pg-keys"],
        )
        self._layout = wrap_row(
            *self._buttons.values(),
            self._slider,
            keys,
            align_items="center",
            sizing_mode="stretch_width",
            stylesheets=[_CONTROLS_CSS],
            margin=0,
            css_classes=["pg-stepper"],
        )

    @param.depends("first", watch=True)
    def _first(self) -> None:
        navigate(self.model, self.model.first)

    @param.depends("back", watch=True)
    def _back(self) -> None:
        navigate(self.model, self.model.step, -1)

    @param.depends("next", watch=True)
    def _next(self) -> None:
        navigate(self.model, self.model.step, 1)

    @param.depends("last", watch=True)
    def _last(self) -> None:
        navigate(self.model, self.model.last)

    @param.depends("frame", watch=True)
    def _go(self) -> None:
        if self.frame != self.model.frame:
            navigate(self.model, self.model.go, self.frame)

    @param.depends("model.frame", "model.timeline", watch=True)
    def _sync(self) -> None:
        """Slider range and value, and which buttons can be pressed, from the model."""
        k, n = self.model.frame, self.model.n_frames
        end = max(1, n - 1)
        if self.param.frame.bounds[1] != end:
            self.param.frame.bounds = (0, end)
            if hasattr(self, "_slider"):
                self._slider.disabled = n <= 1
        self.frame = k
        b = self._buttons
        b["first"].disabled = b["back"].disabled = k == 0
        b["next"].disabled = b["last"].disabled = k >= n - 1

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
