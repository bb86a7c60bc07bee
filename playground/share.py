"""Share links: the URL holds ``?s=<scenario token>&f=<frame>`` at all times.

On session start the token and frame are read from the URL (``pn.state.location``;
a broken or oversized token gives a notice and the default scenario, never a
blank page). Afterwards the browser keeps the URL current itself: the share box
component receives the token and frame and calls ``history.replaceState``, so a
step costs no extra round trip and the back button is not flooded with frames.
Works the same in a Pyodide-converted page; in a notebook the URL is left alone.

"Open in notebook" (next to the share link) opens the same ``?s=&f=`` in the JupyterLite
lab's ``open/`` page, which writes the link's notebook twin and opens it. Where the lab is:
see :func:`lab_url`.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs

import panel as pn
import param
from panel.custom import JSComponent

from engine.base import limits
from playground.html import HEADING_JS, SECTION_CSS
from playground.model import PlaygroundModel

__all__ = [
    "LAB_URL_ENV",
    "MAX_URL_TOKEN",
    "TOO_LONG_PARAM",
    "ShareBox",
    "SharePanel",
    "finish_link",
    "lab_url",
    "read_url",
    "set_served_lab",
]

MAX_URL_TOKEN = limits.TOKEN_MAX_URL_CHARS  # characters read from the URL before decoding
#: Set by the server (playground/serve.py) when it turned away a page request whose query
#: was too long to carry into a session: the value is the query's length.
TOO_LONG_PARAM = "too_long"


def _too_long_notice(length: object) -> str:
    try:
        n = f" ({int(str(length)[:12]):,} characters)"
    except ValueError:
        n = ""
    return (
        f"The link's scenario token is too long{n}; at most {MAX_URL_TOKEN:,} characters. "
        "Showing the default scenario instead."
    )


#: The JupyterLite lab's URL for "Open in notebook", overriding the defaults of ``lab_url``.
LAB_URL_ENV = "PLAYGROUND_LAB_URL"
#: The lab folder of the static site (scripts/build_site.py LAB_DIR), relative to the page.
HOSTED_LAB = "lab/"
_served_lab = {"url": ""}


def set_served_lab(url: str) -> None:
    """Called by the server (playground/serve.py) when it serves a built lab at ``url``."""
    _served_lab["url"] = url if not url or url.endswith("/") else url + "/"


def lab_url() -> str:
    """Where "Open in notebook" sends the link ("" = no lab: the link is not shown).

    ``$PLAYGROUND_LAB_URL`` when set (e.g. the hosted site's lab, for a served app that has
    none); else a hosted (Pyodide) page's lab built beside it (``lab/``); else the lab the
    server serves itself (``python -m playground`` serves ``site/lab`` at ``/lab/`` once
    ``make site`` has built it); else none (a notebook, a server without a lab).
    """
    env = os.environ.get(LAB_URL_ENV, "").strip()
    if env:
        return env if env.endswith("/") else env + "/"
    if pn.state._is_pyodide:
        return HOSTED_LAB
    return _served_lab["url"]


#: What ``read_url`` hands a deferred loader: the token, the frame, the frame's note, the link.
Deferred = tuple[str, int, str, str]


def read_url(model: PlaygroundModel, load: Callable[[Deferred], Any] | None = None) -> None:
    """Load the scenario and frame named by the page URL, if any.

    What can't be used is said in the page's notice, never dropped silently: a broken or
    oversized token (the link itself stays in the notice, to copy), and an ``f=`` that is
    not a frame number of the scenario. ``load((token, frame, note, link))`` takes over the
    opening (a served app opens the link's scenario after the page is up, its run in a
    worker process) and then calls :func:`finish_link`.
    """
    loc = pn.state.location
    if loc is None:
        return
    query = loc.query_params
    if TOO_LONG_PARAM in query:
        model.notice = _too_long_notice(query[TOO_LONG_PARAM])
        return
    token = query.get("s")
    # The raw text of f= (query_params has already turned "-2" into -2.0)
    raw_frame = parse_qs((loc.search or "").lstrip("?")).get("f", [query.get("f")])[-1]
    frame, frame_note = _frame_of(raw_frame)
    href = loc.href or ""
    if token is None or token == "":
        finish_link(model, True, frame, frame_note, href)
        return
    token = str(token)
    if len(token) > MAX_URL_TOKEN:
        model.notice = _too_long_notice(len(token))
        model.broken_link = href
        return
    if load is not None:
        load((token, frame, frame_note, href))
        return
    finish_link(model, model.load_token(token, frame=frame), frame, frame_note, href)


def finish_link(
    model: PlaygroundModel, loaded: bool, frame: int, frame_note: str, href: str
) -> None:
    """Say what of the link could not be used, once its scenario is open (or failed)."""
    if not loaded:  # the model's notice says why; the broken link stays visible to copy
        model.broken_link = href
        return
    notes: list[str] = []
    last = model.n_frames - 1
    if frame_note:
        notes.append(frame_note)
    elif frame > last:
        notes.append(
            f"The link asks for frame {frame}, but this scenario ends at frame {last}: "
            f"showing frame {last}."
        )
    model.go(frame)
    model.notice = " ".join(notes)


def _frame_of(raw: Any) -> tuple[int, str]:
    """The frame an ``f=`` value names, and a note when it is not a frame number."""
    if raw is None or raw == "":
        return 0, ""
    text = str(raw)
    if text.isdecimal() and len(text) <= 9:
        return int(text), ""
    shown = text if len(text) <= 40 else text[:40] + "…"
    return 0, f"The link's frame {shown!r} is not a frame number: showing frame 0."


#: The page URL follows the scenario and frame at most this often (ms): see ShareBox.
URL_EVERY_MS = 250


class ShareBox(JSComponent):
    """The share link, a "Copy link" button, and (when served) the page URL kept in sync."""

    token = param.String(default="")
    frame = param.Integer(default=0)
    sync_url = param.Boolean(default=False, doc="Write ?s=&f= into the page URL.")
    url_read = param.Boolean(default=False, doc="Python has read the page URL: now keep it.")
    lab_url = param.String(default="", doc='The JupyterLite lab ("Open in notebook"); "": none.')
    heading = param.String(default="", doc='A heading over the box ("": none).')

    _esm = (
        HEADING_JS
        + """
export function render({ model }) {
  const wrap = document.createElement('div');
  wrap.className = 'share';
  const input = document.createElement('input');
  input.readOnly = true;
  input.setAttribute('aria-label', 'Share link');
  input.setAttribute('data-testid', 'share-link');
  input.addEventListener('focus', () => input.select());
  const btn = document.createElement('button');
  btn.type = 'button';
  btn.textContent = 'Copy link';
  const status = document.createElement('span');
  status.className = 'status';
  status.setAttribute('role', 'status');
  status.setAttribute('data-testid', 'copy-status');
  const notebook = document.createElement('a');
  notebook.textContent = 'Open in notebook';
  notebook.className = 'notebook';
  notebook.target = '_blank';
  notebook.rel = 'noopener';
  notebook.title = 'The same scenario and frame as a notebook in the in-browser JupyterLite lab';
  notebook.setAttribute('data-testid', 'open-notebook');
  const query = () => '?s=' + encodeURIComponent(model.token) + '&f=' + model.frame;
  const link = () => window.location.origin + window.location.pathname + query();
  const notebookLink = () => model.lab_url
    ? new URL(model.lab_url + 'open/index.html' + query(), window.location.href).href : '';
  // The address bar follows at most every URL_EVERY ms (and at once before the page is
  // left): history.replaceState with a long link costs the browser more than the rest
  // of a step together, so writing it on every step doubled the step's time.
  let pending = null;
  const writeUrl = () => {
    if (pending !== null) { clearTimeout(pending); pending = null; }
    // Never overwrite the address before Python has read the link in it (a hosted,
    // Pyodide page only learns the address after this first render).
    if (model.sync_url && model.url_read && window.location.search !== query()) {
      window.history.replaceState(window.history.state, '', query() + window.location.hash);
    }
  };
  const update = () => {
    if (pending === null) pending = setTimeout(writeUrl, __URL_EVERY__);
    input.value = model.sync_url ? link() : query();
    notebook.href = notebookLink();
    notebook.hidden = !model.lab_url;
  };
  window.addEventListener('pagehide', writeUrl);
  model.on('remove', () => window.removeEventListener('pagehide', writeUrl));
  update();
  model.on('token', update);
  model.on('frame', update);
  model.on('url_read', update);
  model.on('lab_url', update);
  const done = (ok) => {
    status.textContent = ok ? 'Link copied' : 'Select the link and copy it';
    setTimeout(() => { status.textContent = ''; }, 2000);
  };
  btn.addEventListener('click', () => {
    writeUrl();
    const text = input.value;
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
  wrap.append(input, btn, notebook, status);
  return withHeading(model.heading, wrap);
}
""".replace("__URL_EVERY__", str(URL_EVERY_MS))
    )
    _stylesheets = [
        SECTION_CSS
        + """
.share { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; }
input { flex: 1 1 100%; min-width: 120px; font: 12px ui-monospace, monospace; padding: 6px;
  border: 1px solid #d0d7de; border-radius: 4px; color: #57606a; }
button { font: 13px system-ui, sans-serif; padding: 6px 12px; border-radius: 4px; cursor: pointer;
  border: 1px solid #0072b5; background: #0072b5; color: #fff; }
button:hover { background: #005f96; }
a.notebook { font: 13px system-ui, sans-serif; padding: 6px 12px; border-radius: 4px;
  border: 1px solid #0072b5; color: #0072b5; text-decoration: none; white-space: nowrap; }
a.notebook:hover { background: #eef6fb; }
a.notebook[hidden] { display: none; }
.status { flex-basis: 100%; min-height: 16px; font: 12px system-ui, sans-serif; color: #1a7f37; }
"""
    ]


class SharePanel(pn.viewable.Viewer):
    """The share box, following the model's token (derived from its Scenario) and frame.

    With ``sync_url`` the page URL is only rewritten once the link in it was read
    (``url_read``): served, the request carries it (read_url at start-up, or the app's
    deferred opening); a Pyodide page learns the address only after its first render
    (the page posts window.location), so it is read then.
    """

    model = param.ClassSelector(class_=PlaygroundModel, doc="The session's state.")
    sync_url = param.Boolean(default=False, constant=True, doc="Keep ?s=&f= in the page URL.")
    url_read = param.Boolean(default=False, doc="The page URL's link was read: now keep it.")
    heading = param.String(default="", constant=True, doc='A heading over the box ("": none).')

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        loc = pn.state.location
        pyodide = self.sync_url and loc is not None and pn.state._is_pyodide
        self._box = ShareBox(
            token=self.model.token,
            frame=self.model.frame,
            sync_url=self.sync_url,
            url_read=self.url_read,
            lab_url=lab_url(),
            heading=self.heading,
            sizing_mode="stretch_width",
        )
        if not pyodide:  # served: the app already read the URL the request carried
            self.url_read = True
        if pyodide:
            pn.bind(self._on_location, loc.param.href, loc.param.search, watch=True)

    def _on_location(self, _href: str, _search: str) -> None:
        if not self.url_read:
            read_url(self.model)
            self.url_read = True

    @param.depends("url_read", watch=True)
    def _url_read(self) -> None:
        self._box.url_read = self.url_read

    @param.depends("model.token", "model.frame", watch=True)
    def _update(self) -> None:
        self._box.param.update(token=self.model.token, frame=self.model.frame)

    def __panel__(self) -> ShareBox:
        return self._box
