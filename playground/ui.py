"""The playground as a reusable object: ``Playground(scenario)`` for servers and notebooks.

Each instance owns its own model (one per browser session when served), so two
sessions never share state. Only browser-neutral Panel APIs are used, which
keeps the app convertible with ``panel convert --to pyodide-worker``.
"""

from __future__ import annotations

import asyncio
import functools
import io
import re
from pathlib import Path
from typing import Any

import panel as pn
import param

from engine import Scenario
from playground import offload
from playground.board_editor import BoardEditor
from playground.board_view import BoardPanel
from playground.card_facts import CardFacts, facts_map, timeline_cards
from playground.decision_view import DecisionPanel
from playground.examples import catalogue, description_of, picker_groups
from playground.html import esc
from playground.library_view import LibraryEditor
from playground.model import PlaygroundModel
from playground.odds_view import odds_view
from playground.responses import can_respond
from playground.share import Deferred, SharePanel, finish_link, read_url
from playground.stepper_view import EventLogPanel, Stepper
from playground.widgets import batched, errors_pane, offloading_here, submit, wrap_row

__all__ = ["Playground", "create_app"]

APP_TITLE = "Cascade rules playground"

_HEADER_CSS = """
:host { width: 100%; }
.bar { display: flex; flex-wrap: wrap; align-items: baseline; gap: 2px 12px; padding: 10px 14px;
  border-radius: 8px; background: #24292f; color: #fff; font: 14px system-ui, sans-serif; }
.bar h1 { font-size: 18px; margin: 0; font-weight: 650; }
.bar .title { color: #d0d7de; overflow-wrap: anywhere; }
.bar .busy { margin-left: auto; color: #ffd33d; font-size: 13px; }
@media (max-width: 600px) { .bar { padding: 8px 10px; } .bar h1 { font-size: 16px; } }
.notice { margin-top: 6px; padding: 6px 10px; border-radius: 6px; background: #fff0f1;
  border: 1px solid #ffc1c7; color: #a40e26; font: 13px system-ui, sans-serif;
  overflow-wrap: anywhere; }
.broken { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 8px; margin-top: 4px; }
.broken input { flex: 1 1 200px; min-width: 0; font: 12px ui-monospace, monospace; padding: 4px;
  border: 1px solid #ffc1c7; border-radius: 4px; color: #57606a; background: #fff; }
.broken button { font: 12px system-ui, sans-serif; padding: 4px 10px; border-radius: 4px;
  border: 1px solid #a40e26; background: #fff; color: #a40e26; cursor: pointer; }
"""

# Responsive layout. Wide: editor | board | log side by side; medium: the
# log wraps under the board; narrow (tablet, phone): one column with the board and log first
# and the editors after them. Flex items may shrink to any width (min-width: 0), so nothing
# forces a horizontal scroll; the widths below are only where wrapping starts.
_BODY_CSS = """
:host { width: 100%; gap: 0; }
.pg-editor { flex: 0 1 370px; min-width: 0; }
.pg-main { flex: 1 1 560px; min-width: 0; }
@media (max-width: 900px) {
  .pg-editor { flex: 1 1 100%; order: 2; }
  .pg-main { flex: 1 1 100%; order: 1; }
}
"""
_PLAY_CSS = """
:host { width: 100%; }
.pg-resolution { flex: 1 1 470px; min-width: 0; }
.pg-side { flex: 1 1 290px; min-width: 0; max-width: 420px; }
@media (max-width: 1180px) { .pg-side { max-width: none; } }
"""
_ROOT_CSS = ":host { width: 100%; min-width: 0; max-width: 100vw; }"


def _header_html(model: PlaygroundModel, *_changed: Any) -> str:
    title = model.scenario.get("title") or "Untitled scenario"
    link = ""
    if model.notice and model.broken_link:
        # The broken link stays on the page (the address bar moves on to a working one).
        link = (
            '<div class="broken"><label for="broken-link">The link you opened:</label>'
            f'<input id="broken-link" readonly data-testid="broken-link" '
            f'value="{esc(model.broken_link)}" onfocus="this.select()">'
            '<button type="button" data-testid="copy-broken-link" onclick="'
            "const i = this.previousElementSibling; i.select(); "
            "if (navigator.clipboard &amp;&amp; window.isSecureContext) "
            "{ navigator.clipboard.writeText(i.value); } "
            "else { document.execCommand('copy'); } "
            "this.textContent = 'Copied';"
            '">Copy</button></div>'
        )
    notice = (
        f'<div class="notice" role="alert" data-testid="notice">{esc(model.notice)}{link}</div>'
        if model.notice
        else ""
    )
    busy = (
        f'<span class="busy" role="status" data-testid="busy">{esc(model.busy)}</span>'
        if model.busy
        else ""
    )
    return (
        f'<div class="bar"><h1>{APP_TITLE}</h1><span class="title" data-testid="title">'
        f"{esc(title)}</span>{busy}</div>{notice}"
    )


class Playground(pn.viewable.Viewer):
    """Build a library, set the board, step through the resolution, decide, share.

    >>> import panel as pn; pn.extension()
    >>> Playground()                      # the default Bloodbraid Elf scenario
    >>> Playground("examples/scenarios/basic_cascade.json").servable()   # or a Scenario,
    >>> Playground("v1.eJy...")                                      # a dict, a share token

    Each panel is a Viewer holding this session's one model; the page's own controls
    (example picker, scenario file) are parameters of this Viewer with ``from_param``
    widgets, and its reactions are ``@param.depends(..., watch=True)`` methods.
    """

    model = param.ClassSelector(class_=PlaygroundModel, doc="The session's state.")
    example = param.Selector(
        default=None,
        objects=[],
        label="Example scenarios",
        doc="The picked example (CUSTOM when the board is the user's).",
    )
    upload = param.Bytes(default=None, doc="A scenario JSON file opened from disk.")
    respond = param.Event(
        label="Respond here…", doc="Add a response at the shown frame (the board editor's action)."
    )

    def __init__(
        self,
        scenario: Scenario | dict | str | Path | None = None,
        *,
        sync_url: bool | None = None,
        **params: Any,
    ) -> None:
        if isinstance(scenario, str | Path):  # a share token or a scenario JSON file
            text = str(scenario)
            is_token = isinstance(scenario, str) and text.startswith("v") and "." in text[:4]
            scenario = Scenario.from_token(text) if is_token else Scenario.load(text)
        params.setdefault("model", PlaygroundModel(scenario))
        super().__init__(**params)
        self.param.example.objects = [CUSTOM, *(n for g in picker_groups().values() for n in g)]
        self.example = _preset_of(self.model.scenario)
        if sync_url is None:
            sync_url = _served()
        self._sync_url = sync_url
        self._layout: pn.viewable.Viewable | None = None
        self._odds: pn.Column | None = None
        self._odds_built = False
        self._facts: CardFacts | None = None
        self._save: pn.widgets.FileDownload | None = None
        self._upload: pn.widgets.FileInput | None = None
        self._editor_tabs: pn.Tabs | None = None
        self._board_tab: pn.Column | None = None
        self.panels: dict[str, pn.viewable.Viewer] = {}  # built with the page

    def _build(self) -> pn.viewable.Viewable:
        model = self.model
        deferred: list[Deferred] = []
        if self._sync_url:
            # served: the link's scenario is run in a worker once the page is up, so a
            # heavy link never holds the server while the session is being created
            read_url(model, load=deferred.append if offloading_here() else None)
        mp = model.param
        header = pn.pane.HTML(
            pn.bind(
                functools.partial(_header_html, model),
                mp.scenario,
                mp.notice,
                mp.broken_link,
                mp.busy,
            ),
            stylesheets=[_HEADER_CSS],
            sizing_mode="stretch_width",
            margin=(5, 5, 0, 5),
        )
        groups = {"": [CUSTOM], **picker_groups()}
        examples = pn.widgets.Select.from_param(
            self.param.example,
            description=None,
            sizing_mode="stretch_width",
            min_width=200,
            styles={"flex": "0 1 560px"},
        )
        examples.param.update(options=[], groups=groups)  # the same names, shown in groups
        about = pn.pane.HTML(
            pn.bind(_about_html, self.param.example),
            sizing_mode="stretch_width",
            margin=(0, 10, 4, 10),
        )
        toolbar = wrap_row(
            examples,
            *self._file_widgets(),
            align_items="flex-end",
            sizing_mode="stretch_width",
            margin=(0, 5),
        )
        self._facts = CardFacts(
            facts=_facts_of(model), sizing_mode="stretch_width", margin=(0, 10, 4, 10)
        )
        file_errors = errors_pane(model, "file_errors", "file-errors")

        # One Viewer per panel, each holding this session's model. The board editor (the
        # page's largest panel: some sixty Bokeh models) is built when its tab is first
        # opened, so a session that only steps through a link never pays for it.
        self.panels = panels = {
            "library": LibraryEditor(model=model),
            "stepper": Stepper(model=model, respond_label=self.param.respond.label),
            "decision": DecisionPanel(model=model),
            "board": BoardPanel(model=model),
            "log": EventLogPanel(model=model, heading="Event log"),
            "share": SharePanel(model=model, sync_url=self._sync_url, heading="Share"),
        }
        # Not dynamic: re-rendering the Library tab on the way back from "Board & action"
        # left its collapsed Scryfall card opening with an empty, zero-size body.
        self._board_tab = pn.Column(sizing_mode="stretch_width", margin=0)
        editor = pn.Tabs(
            ("Library", panels["library"]),
            ("Board & action", self._board_tab),
            sizing_mode="stretch_width",
            dynamic=False,
            margin=(5, 5),
            css_classes=["pg-editor"],
        )
        self._editor_tabs = editor
        pn.bind(self._open_editor_tab, editor.param.active, watch=True)
        # Where a player gets priority with something on the stack, a response can be added
        # right from the stepper (its button, under the step buttons): the editor's action
        # row opens for the card and the player.
        pn.bind(self._stepper_respond, panels["stepper"].param.respond, watch=True)
        self._respond_state()
        resolution = pn.Column(
            panels["stepper"],
            panels["decision"],
            panels["board"],
            sizing_mode="stretch_width",
            css_classes=["pg-resolution"],
        )
        share = panels["share"]
        right = pn.Column(  # each draws its own heading
            panels["log"],
            share,
            sizing_mode="stretch_width",
            css_classes=["pg-side"],
        )
        play = wrap_row(
            resolution, right, sizing_mode="stretch_width", stylesheets=[_PLAY_CSS], margin=0
        )
        # The odds view is built on the tab's first visit, keeping it off the first-board path.
        self._odds = pn.Column(pn.pane.HTML("Loading odds…"), sizing_mode="stretch_width")
        main = pn.Tabs(
            ("Resolution", play),
            ("Odds", self._odds),
            sizing_mode="stretch_width",
            dynamic=True,
            css_classes=["pg-main"],
            margin=(5, 5),
        )
        pn.bind(self._open_odds, main.param.active, watch=True)
        if deferred:
            self._open_link_later(share, deferred[0])
        if offloading_here():
            # a closed session's running task is stopped, not left to use a worker
            pn.state.curdoc.on_session_destroyed(self._cancel_work)
        body = wrap_row(
            editor, main, sizing_mode="stretch_width", stylesheets=[_BODY_CSS], margin=0
        )
        return pn.Column(
            header,
            toolbar,
            about,
            self._facts,
            file_errors,
            body,
            sizing_mode="stretch_width",
            stylesheets=[_ROOT_CSS],
        )

    def _file_widgets(self) -> tuple[pn.widgets.Widget, ...]:
        """Open a scenario JSON file from disk, and save the current scenario as one."""
        self._upload = pn.widgets.FileInput.from_param(
            self.param.upload,
            accept=".json,application/json",
            multiple=False,
            label="Open a scenario file",
            margin=(5, 10),
            styles={"flex": "0 1 260px", "min-width": "0"},
            description="Load a scenario .json file from your computer",
        )
        self._save = pn.widgets.FileDownload(
            callback=self._scenario_file,
            filename=_file_name(self.model.scenario),
            label="Save scenario",
            margin=(5, 10),
            styles={"flex": "0 0 auto"},
        )
        return self._upload, self._save

    def _scenario_file(self) -> io.StringIO:
        """What "Save scenario" downloads: the current scenario as JSON."""
        return io.StringIO(self.model.scenario_json())

    @param.depends("upload", watch=True)
    def _open_file(self) -> None:
        if self.upload is None:
            return
        name = (self._upload.filename if self._upload is not None else "") or "the file"
        submit(self.model, self.model.load_json, self.upload, name)

    @param.depends("model.frame", "model.timeline", watch=True)
    def _respond_state(self) -> None:
        stepper = self.panels.get("stepper")
        if isinstance(stepper, Stepper):
            tl, k = self.model.timeline, self.model.frame
            stepper.can_respond = tl is not None and can_respond(tl, k)

    def _stepper_respond(self, _pressed: bool) -> None:
        self.param.trigger("respond")

    @param.depends("respond", watch=True)
    def _respond_here(self) -> None:
        """The board editor's "Respond here", then its tab, where the new row is open."""
        if self._editor_tabs is not None:
            with pn.io.hold():  # the editor (built now if need be), its new row and the tab
                self._board_editor().param.trigger("respond")
                self._editor_tabs.active = 1

    def _board_editor(self) -> BoardEditor:
        """The board editor, built (into its tab) the first time it is needed."""
        editor = self.panels.get("board_editor")
        if editor is None:
            editor = self.panels["board_editor"] = BoardEditor(model=self.model)
            if self._board_tab is not None:
                self._board_tab.objects = [editor]
        return editor

    def _open_editor_tab(self, active: int) -> None:
        if active == 1:
            self._board_editor()

    @param.depends("example", watch=True)
    def _pick(self) -> None:
        if self.example != CUSTOM and self.example != _preset_of(self.model.scenario):
            submit(self.model, batched(self.model.load_preset), self.example)  # one message

    @param.depends("model.scenario", watch=True)
    def _scenario_changed(self) -> None:
        self.example = _preset_of(self.model.scenario)
        if self._save is not None:
            self._save.filename = _file_name(self.model.scenario)

    @param.depends("model.timeline", "model.scenario", watch=True)
    def _update_facts(self) -> None:
        """Card details on hover / tap everywhere: the facts of every card on the page."""
        if self._facts is None:
            return
        facts = _facts_of(self.model)
        if facts != self._facts.facts:
            self._facts.facts = facts

    def _open_odds(self, active: int) -> None:
        if active == 1 and self._odds is not None and not self._odds_built:
            self._odds_built = True
            self.panels["odds"] = odds_view(self.model)
            self._odds.objects = [self.panels["odds"]]

    def _cancel_work(self, _ctx: Any) -> None:
        offload.get_pool().cancel(self.model)

    def _open_link_later(self, share: SharePanel, link: Deferred) -> None:
        """Open the link's scenario right after the session is built, as a task on the
        server's loop whose run is in a worker process (the loop is never held); the page
        URL is left alone until then, so a reload keeps the link. A task, not an onload
        callback: a page whose load event arrived early never got its link opened."""
        share.url_read = False
        self.model.busy = "Opening the link's scenario…"
        pn.state.execute(functools.partial(self._open_link, share, link))

    async def _open_link(self, share: SharePanel, link: Deferred) -> None:
        token, frame, frame_note, href = link
        doc = pn.state.curdoc
        try:
            loaded = await self.model.run_async(
                self.model.load_token, token, frame, ready=functools.partial(_page_loaded, doc)
            )
            finish_link(self.model, loaded, frame, frame_note, href)
        finally:
            share.url_read = True

    def __panel__(self) -> pn.viewable.Viewable:
        if self._layout is None:
            self._layout = self._build()
        return self._layout


CUSTOM = "(your own scenario)"
#: How long a link's board waits for the page to finish loading before it is set anyway.
PAGE_LOAD_WAIT = 30.0


async def _page_loaded(doc: Any) -> None:
    """Wait until the browser has rendered the session's page (Panel's "loaded").

    A change made after the browser connected but before the page was drawn never
    reaches a custom component (Panel 1.9: the board kept the first board's parts while
    the server held the link's), so a link's board is set once the page is up.
    """
    from panel.io.state import set_curdoc

    deadline = asyncio.get_running_loop().time() + PAGE_LOAD_WAIT
    while asyncio.get_running_loop().time() < deadline:
        with set_curdoc(doc):
            if pn.state.loaded:
                return
        await asyncio.sleep(0.02)


def _facts_of(model: PlaygroundModel) -> dict[str, str]:
    """The facts of every card on the page: the library and every card of the timeline."""
    pool = model.pool
    library = [pool.find(e["name"]) for e in model.library_cards]
    return facts_map([*timeline_cards(model.timeline), *library])


def _about_html(label: str) -> str:
    """The picked example's one-line description, under the picker."""
    text = description_of(label) if label != CUSTOM else ""
    return (
        f"<div data-testid='example-description' style='font:13px system-ui;"
        f"color:#57606a'>{esc(text)}</div>"
    )


def _file_name(scenario: dict) -> str:
    """A safe file name from the scenario's title ("my-board.json")."""
    stem = re.sub(r"[^A-Za-z0-9]+", "-", scenario.get("title") or "").strip("-").lower()
    return f"{stem[:60] or 'scenario'}.json"


@functools.cache
def _preset_keys() -> dict[str, str]:
    """Each example's token without answers (immutable, so shared by all sessions)."""
    return {
        Scenario.from_dict(dict(d, choices=[])).to_token(): name for name, d in catalogue().items()
    }


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
