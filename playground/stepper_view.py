"""Stepper: first / back / next / last, a slider, arrow keys and a clickable event log.

The log and the keyboard listener are one small ESM component (no CDN, no
external JS): it draws the events with ``textContent`` (so names stay text),
highlights the current frame and sends "goto k" / "next" / "back" messages; the
model decides what the frame becomes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import panel as pn
import param
from panel.custom import JSComponent

from playground.html import MANA_CSS, mana_text
from playground.widgets import navigate

if TYPE_CHECKING:
    from playground.model import PlaygroundModel

__all__ = ["EventLog", "stepper_view"]


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

    _stylesheets = [MANA_CSS + """
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
"""]

    def __init__(self, model: PlaygroundModel | None = None, **params: Any) -> None:
        super().__init__(**params)
        self._model = model

    def _handle_msg(self, msg: Any) -> None:
        m = self._model
        if m is None or not isinstance(msg, dict):
            return
        if "goto" in msg:
            try:
                navigate(m, m.go, int(msg["goto"]))
            except (TypeError, ValueError):
                return
        step = {"next": (m.step, 1), "back": (m.step, -1), "first": (m.first,),
                "last": (m.last,)}.get(msg.get("step"))
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


def stepper_view(model: PlaygroundModel) -> tuple[pn.viewable.Viewable, EventLog]:
    """The stepper controls row and the event log, both kept in step with the model."""
    first = pn.widgets.Button(label="« First", width=80, margin=(5, 4),
                              css_classes=["pg-step"], stylesheets=[DISABLED_CSS])
    back = pn.widgets.Button(label="‹ Back", width=80, margin=(5, 4),
                              css_classes=["pg-step"], stylesheets=[DISABLED_CSS])
    # No tooltips here: a button's tooltip would cover its neighbour while stepping.
    nxt = pn.widgets.Button(label="Next ›", width=80, color="primary", margin=(5, 4),
                             css_classes=["pg-step"], stylesheets=[DISABLED_CSS])
    last = pn.widgets.Button(label="Last »", width=80, margin=(5, 4),
                              css_classes=["pg-step"], stylesheets=[DISABLED_CSS])
    first.on_click(lambda _e: navigate(model, model.first))
    back.on_click(lambda _e: navigate(model, model.step, -1))
    nxt.on_click(lambda _e: navigate(model, model.step, 1))
    last.on_click(lambda _e: navigate(model, model.last))
    n = model.n_frames
    slider = pn.widgets.IntSlider(start=0, end=max(1, n - 1), value=model.frame,
                                  disabled=n <= 1, min_width=100, margin=(0, 12))
    log = EventLog(model=model, entries=log_entries(model), frame=model.frame,
                   sizing_mode="stretch_width")

    def on_slider(event: param.parameterized.Event) -> None:
        navigate(model, model.go, event.new)

    slider.param.watch(on_slider, "value")

    def sync_frame(*_: Any) -> None:
        k, n = model.frame, model.n_frames
        if slider.end != max(1, n - 1):
            slider.end = max(1, n - 1)
            slider.disabled = n <= 1
        slider.value = k
        log.frame = k
        first.disabled = back.disabled = k == 0
        nxt.disabled = last.disabled = k >= n - 1

    def sync_timeline(*_: Any) -> None:
        log.entries = log_entries(model)
        sync_frame()

    model.param.watch(sync_timeline, ["timeline"])
    model.param.watch(sync_frame, ["frame"])
    sync_frame()
    # The row wraps on narrow screens: buttons first, then the slider on its own line. The keys
    # hint is hidden where there is no room (and on touch screens, which have no arrow keys).
    keys = pn.pane.HTML("<span class='keys' title='Left/Right arrows step; Home/End jump'>"
                        "← → keys</span>", margin=(10, 4), stylesheets=[_KEYS_CSS],
                        css_classes=["pg-keys"])
    slider.styles = {"flex": "1 1 110px"}
    controls = pn.FlexBox(first, back, nxt, last, slider, keys, flex_wrap="wrap",
                          align_items="center", sizing_mode="stretch_width",
                          stylesheets=[_CONTROLS_CSS], margin=0, css_classes=["pg-stepper"])
    return controls, log
