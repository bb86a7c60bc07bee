"""Stepper: first / back / next / last, a slider, arrow keys and a clickable event log.

The log and the keyboard listener are one small ESM component (no CDN, no
external JS): it draws the events with ``textContent`` (so names stay text),
highlights the current frame and sends "goto k" / "next" / "back" messages; the
model decides what the frame becomes. The buttons, slider and keys hint are another
(``StepperControls``): as Bokeh widgets they were a dozen models of every new session.
"""

from __future__ import annotations

from typing import Any

import panel as pn
import param
from panel.custom import JSComponent

from playground.html import HEADING_JS, MANA_CSS, SECTION_CSS, mana_text
from playground.model import PlaygroundModel
from playground.widgets import navigate

__all__ = ["EventLog", "EventLogPanel", "Stepper", "StepperControls"]


class EventLog(JSComponent):
    """The event log (one clickable line per frame) plus the ←/→/Home/End keys."""

    entries = param.List(default=[], doc="[{'html' (escaped), 'rule', 'decision'}] per frame")
    frame = param.Integer(default=0)
    heading = param.String(default="", doc='A heading over the log ("": none).')

    _esm = (
        HEADING_JS
        + """
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
  return withHeading(model.heading, box);
}
"""
    )

    _stylesheets = [
        MANA_CSS
        + SECTION_CSS
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


# A disabled step button must look it (paler alone was easy to miss).
DISABLED_CSS = """
button:disabled { opacity: .35; filter: grayscale(1); cursor: not-allowed; box-shadow: none; }
"""


class EventLogPanel(pn.viewable.Viewer):
    """The event log of the model's timeline, its current line following the frame."""

    model = param.ClassSelector(class_=PlaygroundModel, doc="The session's state.")
    heading = param.String(default="", constant=True, doc='A heading over the log ("": none).')

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self._log = EventLog(
            model=self.model,
            entries=log_entries(self.model),
            frame=self.model.frame,
            heading=self.heading,
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


class StepperControls(JSComponent):
    """First / back / next / last, the frame slider and the keys hint, drawn in the browser.

    The buttons and the slider send messages ({'step': ...}, {'goto': k}); which buttons
    can be pressed follows ``frame`` and ``n_frames`` (the model's, sent from Python).
    """

    frame = param.Integer(default=0, doc="The frame on screen.")
    n_frames = param.Integer(default=1, doc="How many frames the timeline has.")
    respond_label = param.String(default="", doc='A "respond" button under the row ("": none).')
    can_respond = param.Boolean(default=False, doc="Whether that button can be pressed.")

    _esm = """
const LABELS = {first: '\u00ab First', back: '\u2039 Back', next: 'Next \u203a',
                last: 'Last \u00bb'};
export function render({ model }) {
  const row = document.createElement('div');
  row.className = 'row';
  const buttons = {};
  for (const [k, text] of Object.entries(LABELS)) {
    const b = document.createElement('button');
    b.type = 'button'; b.className = 'step' + (k === 'next' ? ' primary' : '');
    b.textContent = text;
    b.addEventListener('click', () => model.send_msg({step: k}));
    buttons[k] = b; row.appendChild(b);
  }
  const box = document.createElement('div'); box.className = 'slider';
  const shown = document.createElement('span'); shown.className = 'value';
  shown.setAttribute('aria-hidden', 'true');
  const slider = document.createElement('input');
  slider.type = 'range'; slider.min = '0'; slider.step = '1';
  slider.setAttribute('aria-label', 'Frame');
  slider.addEventListener('input', () => {
    shown.textContent = slider.value;
    model.send_msg({goto: Number(slider.value)});
  });
  box.append(shown, slider);
  const keys = document.createElement('span');
  keys.className = 'keys pg-keys'; keys.title = 'Left/Right arrows step; Home/End jump';
  keys.textContent = '\u2190 \u2192 keys';
  row.append(box, keys);
  const out = document.createElement('div');
  out.appendChild(row);
  let respond = null;
  if (model.respond_label) {  // "Respond here…": its own line, under the buttons
    const line = document.createElement('div'); line.className = 'respond-row';
    respond = document.createElement('button');
    respond.type = 'button'; respond.className = 'respond';
    respond.textContent = model.respond_label;
    respond.addEventListener('click', () => model.send_msg({respond: true}));
    line.appendChild(respond); out.appendChild(line);
  }
  // Only what changed is written: a step changes the frame alone, and setting a range
  // input's max (or a button's disabled) again still makes the browser redo its style.
  const put = (el, key, v) => { if (el[key] !== v) el[key] = v; };
  function sync() {
    const k = model.frame, n = model.n_frames;
    put(buttons.first, 'disabled', k <= 0); put(buttons.back, 'disabled', k <= 0);
    put(buttons.next, 'disabled', k >= n - 1); put(buttons.last, 'disabled', k >= n - 1);
    put(slider, 'max', String(Math.max(1, n - 1)));
    put(slider, 'disabled', n <= 1);
    put(slider, 'value', String(k));
    put(shown, 'textContent', String(k));
    if (respond) put(respond, 'disabled', !model.can_respond);
  }
  sync();
  model.on('frame', sync);
  model.on('n_frames', sync);
  model.on('can_respond', sync);
  return out;
}
"""
    _stylesheets = [
        DISABLED_CSS
        + """
:host { width: 100%; }
.row { display: flex; flex-wrap: wrap; align-items: center; gap: 0 8px; padding: 3px 4px;
  font: 13px system-ui, sans-serif; }
.step { width: 80px; min-height: 31px; font: inherit; border: 1px solid #d0d7de;
  border-radius: 4px; background: #f6f8fa; color: #1f2328; cursor: pointer; }
.step:hover:not(:disabled) { background: #eaeef2; }
.step.primary { background: #0072b5; border-color: #0072b5; color: #fff; }
.step.primary:hover:not(:disabled) { background: #005f96; }
button:focus-visible, input:focus-visible { outline: 2px solid #0969da; outline-offset: 1px; }
.slider { flex: 1 1 110px; min-width: 100px; margin: 0 8px; display: flex;
  flex-direction: column; }
.slider .value { font-size: 12px; font-weight: 600; }
.slider input { width: 100%; margin: 2px 0; accent-color: #0072b5; }
.keys { font: 12px system-ui; color: #6e7781; white-space: nowrap; }
@media (max-width: 520px), (hover: none) { .keys { display: none; } }
@media (max-width: 520px) { .step { flex: 1 1 60px; width: auto; min-width: 0; } }
.respond-row { padding: 0 10px; }
.respond { width: 140px; font: 12px/17.1429px Helvetica, Arial, sans-serif; padding: 6px 12px;
  border: 1px solid #eea236; border-radius: 4px; background: transparent; color: #ffc107;
  cursor: pointer; }
.respond:hover:not(:disabled) { background: #fff8e1; }
.respond:disabled { opacity: .65; filter: none; }
"""
    ]

    def __init__(self, owner: Stepper | None = None, **params: Any) -> None:
        super().__init__(**params)
        self._owner = owner  # not a param: a JSComponent would sync it to the browser

    def _handle_msg(self, msg: Any) -> None:
        if self._owner is not None and isinstance(msg, dict):
            self._owner.on_message(msg)


class Stepper(pn.viewable.Viewer):
    """First / back / next / last and a slider. The controls (one browser component) edit
    this panel's own parameters; its reactions pass them to the model through
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
    respond = param.Event(doc="The respond button was pressed (shown with ``respond_label``).")
    respond_label = param.String(
        default="", constant=True, doc='A "respond" button under the controls ("": none).'
    )
    can_respond = param.Boolean(default=False, doc="Whether the respond button can be pressed.")

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self._controls = StepperControls(
            owner=self,
            frame=self.model.frame,
            n_frames=self.model.n_frames,
            respond_label=self.respond_label,
            can_respond=self.can_respond,
            sizing_mode="stretch_width",
            margin=0,
            css_classes=["pg-stepper"],
        )
        self._sync()

    def on_message(self, msg: dict[str, Any]) -> None:
        """A button press ({'step': 'first'|'back'|'next'|'last'}) or the slider ({'goto'})."""
        which = msg.get("step")
        if which in ("first", "back", "next", "last"):
            self.param.trigger(which)
        elif msg.get("respond") is True:
            if self.respond_label and self.can_respond:
                self.param.trigger("respond")
        elif "goto" in msg:
            try:
                k = int(msg["goto"])
            except (TypeError, ValueError):
                return
            lo, hi = self.param.frame.bounds
            self.frame = min(max(k, lo), hi)

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
        self.frame = k
        self._controls.param.update(frame=k, n_frames=n)

    @param.depends("can_respond", watch=True)
    def _can_respond(self) -> None:
        self._controls.can_respond = self.can_respond

    def __panel__(self) -> StepperControls:
        return self._controls
