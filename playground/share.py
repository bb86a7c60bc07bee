"""Share links: the URL holds ``?s=<scenario token>&f=<frame>`` at all times.

On session start the token and frame are read from the URL (a broken or
oversized token gives a notice and the default scenario, never a blank page);
afterwards every change of scenario or frame is written back, and the copy-link
box shows the same link. Uses only ``pn.state.location``, which also exists in
a Pyodide-converted page.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import panel as pn
import param
from panel.custom import JSComponent

if TYPE_CHECKING:
    from playground.model import PlaygroundModel

__all__ = ["CopyButton", "read_url", "share_view", "sync_url"]

MAX_URL_TOKEN = 16_384  # characters read from the URL before even trying to decode


def _location() -> Any:
    loc = pn.state.location
    return loc if loc is not None else None


def read_url(model: PlaygroundModel) -> None:
    """Load the scenario and frame named by the page URL, if any."""
    loc = _location()
    if loc is None:
        return
    query = loc.query_params
    token = query.get("s")
    frame_raw = query.get("f", 0)
    try:
        frame = max(0, int(frame_raw))
    except (TypeError, ValueError):
        frame = 0
    if token is None or token == "":
        model.go(frame)
        return
    token = str(token)
    if len(token) > MAX_URL_TOKEN:
        model.notice = (f"The link's scenario token is too long ({len(token)} characters). "
                        "Showing the default scenario instead.")
        return
    model.load_token(token, frame=frame)


def sync_url(model: PlaygroundModel) -> None:
    """Write ``s`` and ``f`` into the URL now and whenever the scenario or frame changes."""
    loc = _location()
    if loc is None:
        return

    def push(*_: Any) -> None:
        loc.update_query(s=model.token, f=model.frame)

    model.param.watch(push, ["token", "frame"])
    # The browser reports its own (empty) query once connected; write ours after that.
    if pn.state.curdoc is not None and pn.state.curdoc.session_context is not None:
        pn.state.onload(push)
    else:
        push()


def base_url() -> str:
    """The page address without its query (empty in a notebook)."""
    loc = _location()
    href = getattr(loc, "href", "") or ""
    return href.split("?", 1)[0].split("#", 1)[0]


def share_link(model: PlaygroundModel, base: str) -> str:
    return f"{base}?s={model.token}&f={model.frame}"


class CopyButton(JSComponent):
    """A "Copy link" button that copies in the browser (clipboard API, textarea fallback)."""

    link = param.String(default="")

    _esm = """
export function render({ model }) {
  const wrap = document.createElement('span');
  const btn = document.createElement('button');
  btn.type = 'button';
  btn.textContent = 'Copy link';
  const status = document.createElement('span');
  status.className = 'status';
  status.setAttribute('role', 'status');
  status.setAttribute('data-testid', 'copy-status');
  const done = (ok) => {
    status.textContent = ok ? 'Link copied' : 'Select the link and copy it';
    setTimeout(() => { status.textContent = ''; }, 2000);
  };
  btn.addEventListener('click', () => {
    const text = model.link;
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(() => done(true), () => done(false));
    } else {
      const ta = document.createElement('textarea');
      ta.value = text; document.body.appendChild(ta); ta.select();
      let ok = false;
      try { ok = document.execCommand('copy'); } catch (e) { ok = false; }
      ta.remove(); done(ok);
    }
  });
  wrap.append(btn, status);
  return wrap;
}
"""
    _stylesheets = ["""
button { font: 13px system-ui, sans-serif; padding: 6px 12px; border-radius: 4px; cursor: pointer;
  border: 1px solid #0072b5; background: #0072b5; color: #fff; }
button:hover { background: #005f96; }
.status { margin-left: 8px; font: 12px system-ui, sans-serif; color: #1a7f37; }
"""]


def share_view(model: PlaygroundModel) -> pn.Row:
    """The link box and a copy button (copying happens in the browser, no round trip)."""
    base = base_url()
    link = pn.widgets.TextInput(value=share_link(model, base), sizing_mode="stretch_width",
                                min_width=160)
    copy = CopyButton(link=link.value, width=170, height=34)
    def update(*_: Any) -> None:
        link.value = copy.link = share_link(model, base)

    model.param.watch(update, ["token", "frame"])
    return pn.Row(link, copy, sizing_mode="stretch_width", margin=0)
