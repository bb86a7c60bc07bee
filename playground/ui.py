"""The playground as a reusable object: ``Playground(scenario)`` for servers and notebooks.

Each instance owns its own model (one per browser session when served), so two
sessions never share state. Only browser-neutral Panel APIs are used, which
keeps the app convertible with ``panel convert --to pyodide-worker``.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import panel as pn
import param

from engine import Scenario
from playground import offload
from playground.board_view import board_view
from playground.decision_view import decision_view
from playground.defaults import PRESETS
from playground.html import esc
from playground.library_view import library_view
from playground.model import PlaygroundModel
from playground.odds_view import odds_view
from playground.setup_view import setup_view
from playground.share import read_url, share_view
from playground.stepper_view import stepper_view
from playground.widgets import offloading_here, submit

__all__ = ["Playground", "create_app"]

APP_TITLE = "Cascade rules playground"

_HEADER_CSS = """
:host { width: 100%; }
.bar { display: flex; align-items: baseline; gap: 12px; padding: 10px 14px; border-radius: 8px;
  background: #24292f; color: #fff; font: 14px system-ui, sans-serif; }
.bar h1 { font-size: 18px; margin: 0; font-weight: 650; }
.bar .title { color: #d0d7de; }
.bar .busy { margin-left: auto; color: #ffd33d; font-size: 13px; }
.notice { margin-top: 6px; padding: 6px 10px; border-radius: 6px; background: #fff0f1;
  border: 1px solid #ffc1c7; color: #a40e26; font: 13px system-ui, sans-serif; }
"""

_SECTION_CSS = ":host{width:100%} h3{font:600 13px system-ui;margin:6px 0 2px;color:#57606a;" \
               "text-transform:uppercase;letter-spacing:.04em}"


def _header_html(model: PlaygroundModel) -> str:
    title = model.scenario.get("title") or "Untitled scenario"
    notice = (f'<div class="notice" role="alert" data-testid="notice">{esc(model.notice)}</div>'
              if model.notice else "")
    busy = (f'<span class="busy" role="status" data-testid="busy">{esc(model.busy)}</span>'
            if model.busy else "")
    return (f'<div class="bar"><h1>{APP_TITLE}</h1><span class="title" data-testid="title">'
            f'{esc(title)}</span>{busy}</div>{notice}')


def _section(text: str) -> pn.pane.HTML:
    return pn.pane.HTML(f"<h3>{esc(text)}</h3>", stylesheets=[_SECTION_CSS], margin=(4, 5, 0, 5))


class Playground(pn.viewable.Viewer):
    """Build a library, set the board, step through the resolution, decide, share.

    >>> import panel as pn; pn.extension()
    >>> Playground()                      # the default Bloodbraid Elf scenario
    >>> Playground("examples/scenarios/basic_cascade.json").servable()   # or a Scenario,
    >>> Playground("v1.eJy...")                                      # a dict, a share token
    """

    model = param.ClassSelector(class_=PlaygroundModel, doc="The session's state.")

    def __init__(self, scenario: Scenario | dict | str | Path | None = None, *,
                 sync_url: bool | None = None, **params: Any) -> None:
        if isinstance(scenario, str | Path):  # a share token or a scenario JSON file
            text = str(scenario)
            is_token = isinstance(scenario, str) and text.startswith("v") and "." in text[:4]
            scenario = Scenario.from_token(text) if is_token else Scenario.load(text)
        params.setdefault("model", PlaygroundModel(scenario))
        super().__init__(**params)
        if sync_url is None:
            sync_url = _served()
        self._sync_url = sync_url
        self._layout: pn.viewable.Viewable | None = None

    def _build(self) -> pn.viewable.Viewable:
        model = self.model
        deferred: list[tuple[str, int]] = []
        if self._sync_url:
            # served: the link's scenario is run in a worker once the page is up, so a
            # heavy link never holds the server while the session is being created
            read_url(model, load=(lambda t, f: deferred.append((t, f)))
                     if offloading_here() else None)
        header = pn.pane.HTML(_header_html(model), stylesheets=[_HEADER_CSS],
                              sizing_mode="stretch_width", margin=(5, 5, 0, 5))
        model.param.watch(lambda *_: setattr(header, "object", _header_html(model)),
                          ["scenario", "notice", "busy"])

        examples = pn.widgets.Select(label="Example scenarios", options=[CUSTOM, *PRESETS],
                                     value=_preset_of(model.scenario),
                                     sizing_mode="stretch_width")

        def pick(event: param.parameterized.Event) -> None:
            if event.new != CUSTOM and event.new != _preset_of(model.scenario):
                submit(model, model.load_preset, event.new)

        examples.param.watch(pick, "value")
        model.param.watch(lambda _e: setattr(examples, "value", _preset_of(model.scenario)),
                          "scenario")

        controls, log = stepper_view(model)
        board = board_view(model)
        decision = decision_view(model)

        # Not dynamic: re-rendering the Library tab on the way back from "Board & action"
        # left its collapsed Scryfall card opening with an empty, zero-size body.
        sidebar = pn.Column(
            examples,
            pn.Tabs(("Library", library_view(model)), ("Board & action", setup_view(model)),
                    sizing_mode="stretch_width", dynamic=False),
            width=400, margin=(5, 10, 5, 5),
        )
        resolution = pn.Column(
            controls, decision, board, sizing_mode="stretch_width", min_width=520)
        share = share_view(model, sync_url=self._sync_url)
        right = pn.Column(_section("Event log"), log, _section("Share"), share,
                          width=360, margin=(5, 5))
        # The odds view is built on the tab's first visit, keeping it off the first-board path.
        odds = pn.Column(pn.pane.HTML("Loading odds…"), sizing_mode="stretch_width")
        odds_built: list[bool] = []
        main = pn.Tabs(("Resolution", pn.Row(resolution, right, sizing_mode="stretch_width")),
                       ("Odds", odds), sizing_mode="stretch_width", dynamic=True)

        def open_odds(event: param.parameterized.Event) -> None:
            if event.new == 1 and not odds_built:
                odds_built.append(True)
                odds.objects = [odds_view(model)]

        main.param.watch(open_odds, "active")
        if deferred:
            self._open_link_later(model, share, *deferred[0])
        if offloading_here():
            # a closed session's running task is stopped, not left to use a worker
            pn.state.curdoc.on_session_destroyed(lambda _ctx: offload.get_pool().cancel(model))
        return pn.Column(header, pn.Row(sidebar, main, sizing_mode="stretch_width"),
                         sizing_mode="stretch_width", min_width=1200)

    @staticmethod
    def _open_link_later(model: PlaygroundModel, share: Any, token: str, frame: int) -> None:
        """Open the link's scenario once the page is up (its run in a worker process);
        the page URL is left alone until then, so a reload keeps the link."""
        share.url_read = False
        model.busy = "Opening the link's scenario…"

        async def load() -> None:
            try:
                await model.run_async(model.load_token, token, frame)
            finally:
                share.url_read = True

        pn.state.onload(load)

    def __panel__(self) -> pn.viewable.Viewable:
        if self._layout is None:
            self._layout = self._build()
        return self._layout


CUSTOM = "(your own scenario)"


@functools.cache
def _preset_keys() -> dict[str, str]:
    """Each example's token without answers (immutable, so shared by all sessions)."""
    return {Scenario.from_dict(dict(d, choices=[])).to_token(): name
            for name, d in PRESETS.items()}


def _preset_of(scenario: dict) -> str:
    """The example this scenario is (answers aside), else CUSTOM."""
    try:
        key = Scenario.from_dict(dict(scenario, choices=[])).to_token()
    except ValueError:
        return CUSTOM
    return _preset_keys().get(key, CUSTOM)


def _served() -> bool:
    """True inside a server session or a Pyodide page (where the URL can be synced)."""
    doc = pn.state.curdoc
    if getattr(pn.state, "_is_pyodide", False):
        return True
    return bool(doc is not None and doc.session_context is not None)


def create_app() -> pn.viewable.Viewable:
    """One fresh app per session (what ``pn.serve`` and ``panel serve`` call)."""
    return Playground(sync_url=True).__panel__()
