"""The playground's state: one ``param.Parameterized`` model per browser session.

The scenario dict is the single source of truth (it is what the share link
holds); the timeline is derived from it by running the engine, and every view
is a function of (scenario, timeline, frame). Editing the library or the board
validates the new scenario first, so a bad input leaves the previous state, the
user's text and the errors side by side.
"""

from __future__ import annotations

import asyncio
import copy
import json
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import param

from engine import CardDef, Scenario, ScenarioError, Timeline, UnknownCardError
from engine.base import limits
from playground import offload, responses
from playground.board_form import (
    MAX_FORM_ERRORS,
    ActionRow,
    action_of,
    library_text,
    parse_commander,
    parse_library,
    parse_zone,
    row_of,
    zone_counter,
    zone_line,
    zone_text,
)
from playground.defaults import DEFAULT_SCENARIO
from playground.examples import catalogue, scenario_of
from playground.work import DeckProblems, parse_deck, run_scenario

__all__ = ["PlaygroundModel", "zone_counter", "zone_line", "zone_text"]

ZONES = ("hand", "battlefield", "graveyard", "exile")
MAX_ACTIONS = limits.SCENARIO_MAX_ACTIONS

MAX_TEXT = limits.DECKLIST_MAX_CHARS  # characters accepted from a text box (decklists, JSON)
MAX_FILE = 512 * 1024  # bytes accepted from an uploaded scenario file
_TIMELINE_CACHE = 8  # timelines kept per session (answer / change answer / back)
_RETRIES = 8  # engine tasks one model call may wait for (each edit needs one or two)
# What a stranger's link can raise today besides the engine's typed (ValueError) errors;
# the engine validates at the boundary, so these become unreachable.
_LINK_ERRORS = (ValueError, TypeError, AttributeError, KeyError, RecursionError)

T = TypeVar("T")


class _NeedWork(Exception):  # noqa: N818 - a signal, not an error; never a ValueError
    """Raised inside a model method that needs engine work not done yet (offloaded mode)."""

    def __init__(self, key: tuple, fn: Callable[..., Any], args: tuple) -> None:
        super().__init__(key[0])
        self.key, self.fn, self.args = key, fn, args


class PlaygroundModel(param.Parameterized):
    """Scenario, timeline, current frame, form texts and the errors shown next to inputs."""

    scenario = param.Dict(default={}, doc="The scenario as plain data (what the link holds).")
    token = param.String(
        default="",
        constant=True,
        doc="The scenario's URL token: derived from it (_derive_token), never set on its own.",
    )
    timeline = param.Parameter(default=None, precedence=-1, doc="engine.Timeline of the scenario.")
    frame = param.Integer(default=0, bounds=(0, None), doc="Index of the frame on screen.")
    notice = param.String(default="", doc="A page-level message (e.g. a broken share link).")
    file_errors = param.List(default=[], doc="Why an opened scenario file was not loaded.")
    broken_link = param.String(default="", doc="The link that could not be opened (to copy).")

    # library builder
    title = param.String(default="", doc="Scenario title (user text; always escaped).")
    library_text = param.String(default="", doc="The decklist text box.")
    library_errors = param.List(default=[], doc="Problems with the decklist / card inputs.")
    library_note = param.String(default="", doc="What a pasted decklist left out (sideboard).")
    search = param.String(default="", doc="Search-as-you-type fragment.")
    add_count = param.Integer(default=1, bounds=(1, 99))
    order = param.Selector(default="random", objects=["random", "listed"])
    seed = param.Integer(default=7, bounds=(0, 2**31 - 1))
    scryfall_text = param.String(default="", doc="Scryfall card JSON pasted by the user.")

    # board editor (every zone of both players, the players, the turn and the actions)
    player_name = param.String(default="You", label="Your name")
    life = param.Integer(default=20, bounds=(-999, 9999), label="Your life")
    spells_cast = param.Integer(default=0, bounds=(0, 100), label="Spells you cast this turn")
    cards_drawn = param.Integer(
        default=0, bounds=(0, 100), label="Cards you drew this turn (before the start)"
    )
    commander = param.String(default="", label="Your commander (command zone)")
    hand_text = param.String(default="", label="Your hand")
    battlefield_text = param.String(default="", label="Your battlefield")
    graveyard_text = param.String(default="", label="Your graveyard")
    exile_text = param.String(default="", label="Your exile")
    opp_player_name = param.String(default="Opponent", label="Opponent's name")
    opp_life = param.Integer(default=20, bounds=(-999, 9999), label="Opponent's life")
    opp_spells_cast = param.Integer(
        default=0, bounds=(0, 100), label="Spells the opponent cast this turn"
    )
    opp_cards_drawn = param.Integer(
        default=0, bounds=(0, 100), label="Cards the opponent drew this turn (before the start)"
    )
    opp_commander = param.String(default="", label="Opponent's commander (command zone)")
    opp_hand_text = param.String(default="", label="Opponent's hand")
    opp_battlefield_text = param.String(default="", label="Opponent's battlefield")
    opp_graveyard_text = param.String(default="", label="Opponent's graveyard")
    opp_exile_text = param.String(default="", label="Opponent's exile")
    opp_library_text = param.String(default="", label="Opponent's library")
    opp_library_order = param.Selector(
        default="listed", objects=["random", "listed"], label="Opponent's library order"
    )
    turn = param.Integer(default=1, bounds=(1, 1000), label="Turn")
    pay_mana = param.Boolean(
        default=False,
        label="Pay mana with lands (601.2g-h)",
        doc='The scenario\'s "mana" setting: "paid" when on; off, '
        "every cost is assumed paid (as older scenarios do).",
    )
    action_rows = param.List(default=[], item_type=ActionRow, doc="The actions, in order.")
    board_errors = param.List(default=[])
    busy = param.String(default="", doc="What the engine is working on for this session.")

    def __init__(self, scenario: Scenario | dict | None = None, **params: Any) -> None:
        super().__init__(**params)
        self._cache: OrderedDict[str, Timeline] = OrderedDict()
        self._scenario_obj: Scenario | None = None
        self._tokens: tuple[Scenario | None, str] = (None, "")
        self._offloading = False  # inside run_async: engine work raises _NeedWork
        self._done: dict[tuple, tuple[bool, Any]] = {}  # work done for the running call
        self._lock: asyncio.Lock | None = None
        self._scheduled = 0
        if isinstance(scenario, Scenario):
            scenario = scenario.to_dict()
        try:
            self.set_scenario(scenario or DEFAULT_SCENARIO, fill_forms=True)
        except ScenarioError as e:
            self.notice = f"The scenario could not be loaded: {e}. Showing the default scenario."
            self.set_scenario(DEFAULT_SCENARIO, fill_forms=True)

    # ------------------------------------------------------------------ scenario
    @property
    def scenario_obj(self) -> Scenario:
        """The validated engine Scenario behind ``scenario``."""
        assert self._scenario_obj is not None
        return self._scenario_obj

    @property
    def pool(self):
        """The bundled pool plus the scenario's user cards (Scryfall JSON)."""
        return self.scenario_obj.pool()

    def _work(self, key: tuple, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)``: inline, or (inside ``run_async``) the result a worker computed."""
        if not self._offloading:
            return fn(*args)
        if key not in self._done:
            raise _NeedWork(key, fn, args)
        ok, value = self._done[key]
        if not ok:
            raise value
        return value

    def working(self) -> bool:
        """True while a ``run_async`` call of this session is scheduled, running or waiting."""
        return self._scheduled > 0 or (self._lock is not None and self._lock.locked())

    def scheduled(self, delta: int) -> None:
        """Count calls handed to the event loop that haven't started yet (``submit``)."""
        self._scheduled += delta

    async def run_async(
        self,
        method: Callable[..., T],
        *args: Any,
        ready: Callable[[], Awaitable[None]] | None = None,
    ) -> T:
        """Call a model method with its engine work done in a worker process.

        The method runs on the event loop until it needs engine work (a run, a decklist
        parse); that raises ``_NeedWork`` before any state changed, the work is awaited
        off the loop, and the method is called again, now finding the result. Each
        session's calls run one after another; other sessions keep being served.
        ``ready()``, when given, is awaited after the work and before the call that
        changes state (a link's run starts at once; its board waits for the page).
        """
        if self._lock is None:
            self._lock = asyncio.Lock()
        async with self._lock:
            try:
                for _ in range(_RETRIES):
                    self._offloading = True
                    try:
                        return method(*args)
                    except _NeedWork as e:
                        need = e
                    finally:
                        self._offloading = False
                    self.busy = (
                        "Running the scenario…" if need.key[0] == "run" else "Reading the decklist…"
                    )
                    try:
                        value = await offload.get_pool().run(need.fn, *need.args, owner=self)
                        self._done[need.key] = (True, value)
                    except ValueError as err:  # typed engine errors, WorkTimeout, WorkFailed
                        self._done[need.key] = (False, err)
                    if ready is not None:
                        await ready()
                raise ScenarioError("the scenario kept changing while it was being run")
            finally:
                self._done.clear()
                self.busy = ""

    def _run(self, scn: Scenario) -> tuple[str, Timeline]:
        token = scn.to_token()
        tl = self._cache.get(token)
        if tl is None:
            tl = self._work(("run", token), run_scenario, scn)
            self._cache[token] = tl
            while len(self._cache) > _TIMELINE_CACHE:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(token)
        return token, tl

    def set_scenario(
        self, data: dict | Scenario, *, frame: int = 0, fill_forms: bool = False
    ) -> None:
        """Validate and run ``data``; on success it replaces the scenario (ScenarioError if not)."""
        scn = data if isinstance(data, Scenario) else Scenario.from_dict(data)
        token, tl = self._run(scn)  # raises ScenarioError / TokenError: state untouched
        self._scenario_obj = scn
        self._tokens = (scn, token)  # the run's cache key is the token: don't encode twice
        frame = max(0, min(frame, len(tl) - 1))
        with param.parameterized.batch_call_watchers(self):
            self.scenario = scn.to_dict()
            self.timeline = tl
            self.frame = frame
            if fill_forms:
                self._fill_forms()

    @param.depends("scenario", watch=True)
    def _derive_token(self) -> None:
        """The token is a function of the validated Scenario (the one source of state)."""
        if self._scenario_obj is None:
            return
        scn, token = self._tokens
        if scn is not self._scenario_obj:
            token = self._scenario_obj.to_token()
        if token != self.token:
            with param.edit_constant(self):
                self.token = token

    def load_token(self, token: str, frame: int = 0) -> bool:
        """Open a share-link token; a bad one leaves a notice and the default scenario."""
        try:
            scn = Scenario.from_token(token)
            self.set_scenario(scn, frame=frame, fill_forms=True)
            self.notice = ""
            return True
        except _LINK_ERRORS as e:  # whatever is wrong with a stranger's link: default
            self.notice = (
                f"The link's scenario could not be opened ({e}). "
                "Showing the default scenario instead."
            )
            self.set_scenario(DEFAULT_SCENARIO, fill_forms=True)
            return False

    def load_preset(self, name: str) -> None:
        """Load one of the picker's examples (a starter board or an example file)."""
        self.notice = ""
        self.library_errors = []
        self.board_errors = []
        self.file_errors = []
        self.set_scenario(scenario_of(name), fill_forms=True)

    def load_json(self, data: bytes | str, filename: str = "the file") -> bool:
        """Open a scenario JSON file (the page's upload). A bad file changes nothing:
        the reason goes to ``file_errors`` and the scenario and forms stay as they were."""
        where = f"{filename!r} was not opened"
        if len(data) > MAX_FILE:
            self.file_errors = [
                f"{where}: it is {len(data):,} bytes; a scenario file is at "
                f"most {MAX_FILE:,} bytes."
            ]
            return False
        try:
            text = data.decode("utf-8-sig") if isinstance(data, bytes) else data
            raw = json.loads(text)
        except UnicodeDecodeError:
            self.file_errors = [f"{where}: it is not UTF-8 text (is it a scenario .json file?)."]
            return False
        except json.JSONDecodeError as e:
            self.file_errors = [
                f"{where}: it is not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})."
            ]
            return False
        try:
            self.set_scenario(raw, fill_forms=True)
        except _NeedWork:  # served: the run goes to a worker, then this is called again
            raise
        except Exception as e:  # whatever is wrong with a stranger's file: say it, keep ours
            self.file_errors = [f"{where}: {type(e).__name__}: {e}"]
            return False
        self.file_errors = []
        self.notice = ""
        self.library_errors = []
        self.board_errors = []
        return True

    def scenario_json(self) -> str:
        """The current scenario as a JSON file's text (what "Save" downloads)."""
        return self.scenario_obj.to_json()

    def _edited(self, data: dict, errors_param: str) -> bool:
        """Apply an edited scenario dict (choices reset); errors go next to the input."""
        data = dict(data, choices=[])
        try:
            self.set_scenario(data)
        except (ScenarioError, ValueError) as e:
            setattr(self, errors_param, [str(e)])
            return False
        setattr(self, errors_param, [])
        return True

    def _copy(self) -> dict:
        return copy.deepcopy(self.scenario)

    # ------------------------------------------------------------------ stepping
    @property
    def n_frames(self) -> int:
        return len(self.timeline) if self.timeline is not None else 1

    def go(self, k: int) -> None:
        """Show frame ``k`` (clamped)."""
        self.frame = max(0, min(int(k), self.n_frames - 1))

    def step(self, delta: int) -> None:
        self.go(self.frame + delta)

    def first(self) -> None:
        self.go(0)

    def last(self) -> None:
        self.go(self.n_frames - 1)

    # ----------------------------------------------------------------- decisions
    def decision_here(self) -> tuple[Any, str | None] | None:
        """The decision asked at the current frame and the answer given (None if pending)."""
        tl = self.timeline
        if tl is None:
            return None
        d = tl.decision_frames.get(self.frame)
        if d is None:
            return None
        choices = self.scenario.get("choices", [])
        chosen = choices[d.index] if d.index < len(choices) and d is not tl.pending else None
        return d, chosen

    def answer(self, key: str) -> None:
        """Answer (or re-answer) the decision at the current frame and show what follows."""
        here = self.decision_here()
        if here is None:
            return
        d, _ = here
        at = self.frame
        choices = list(self.scenario.get("choices", []))[: d.index] + [key]
        try:
            self.set_scenario(dict(self.scenario, choices=choices), frame=at + 1)
        except ValueError as e:  # e.g. the run past this answer is over a work budget
            self.notice = f"That answer could not be played out: {e}"
            return
        if self.notice.startswith("That answer"):
            self.notice = ""

    # ------------------------------------------------------------------ library
    @property
    def library_cards(self) -> list[dict]:
        return list(self.scenario["players"][0]["library"]["cards"])

    def library_summary(self) -> tuple[int, int, int]:
        """(size, lands, nonlands) of the library."""
        pool = self.pool
        lands = size = 0
        for entry in self.library_cards:
            size += entry["count"]
            card = pool.find(entry["name"])
            if card is not None and card.is_land:
                lands += entry["count"]
        return size, lands, size - lands

    def _with_library(self, cards: list[dict], order: str | None = None) -> dict:
        data = self._copy()
        lib = data["players"][0]["library"]
        lib["cards"] = cards
        if order is not None:
            lib["order"] = order
        return data

    def _after_library_change(self) -> None:
        self.library_text = "\n".join(f"{c['count']} {c['name']}" for c in self.library_cards)

    def apply_decklist(self, text: str | None = None) -> bool:
        """Parse the decklist box into the library; errors keep both text and library."""
        text = self.library_text if text is None else text
        self.library_text = text
        if len(text) > MAX_TEXT:
            self.library_errors = [
                f"The decklist is too long ({len(text)} characters; at most {MAX_TEXT})."
            ]
            return False
        try:
            deck = self._work(("deck", text, self.token), parse_deck, text, self.scenario_obj)
        except ValueError as e:  # the worker stopped it (time, memory)
            self.library_errors = [f"The decklist could not be read: {e}"]
            return False
        if isinstance(deck, DeckProblems):
            self.library_errors = list(deck)
            return False
        if not deck.main:
            self.library_errors = ["The decklist has no cards in its main deck."]
            return False
        cards = [{"name": n, "count": c} for c, n in deck.main]
        data = self._with_library(cards)
        if not data.get("title") or _is_example_title(data["title"]):
            # an example's title no longer fits a library the user pasted
            data["title"] = _deck_title(sum(c for c, _ in deck.main), data.get("actions", []))
        if self._edited(data, "library_errors"):
            self.title = self.scenario.get("title", "")
            self._after_library_change()
            left = [
                (label, sum(c for c, _ in part))
                for label, part in (
                    ("sideboard", deck.sideboard),
                    ("commander", deck.commander),
                    ("companion", deck.companion),
                    ("maybeboard", deck.maybeboard),
                )
                if part
            ]
            self.library_note = (
                "Not in the library (it holds the main deck only): "
                + ", ".join(f"{label} ({n} card{'s' if n != 1 else ''})" for label, n in left)
                + "."
                if left
                else ""
            )
            return True
        return False

    def search_results(self, fragment: str | None = None, limit: int = 12) -> list[str]:
        fragment = self.search if fragment is None else fragment
        if len(fragment.strip()) < 2:
            return []
        return self.pool.search(fragment.strip()[:100], limit=limit)

    def add_card(self, name: str, count: int | None = None) -> bool:
        """Add ``count`` copies of a card (merging with an existing row)."""
        count = self.add_count if count is None else count
        try:
            canonical = self.pool.get(name).name
        except UnknownCardError as e:
            hint = f"; did you mean: {', '.join(e.suggestions)}" if e.suggestions else ""
            self.library_errors = [f"Unknown card {name!r}{hint}"]
            return False
        cards = self.library_cards
        for i, c in enumerate(cards):
            if c["name"] == canonical:
                cards[i] = {"name": canonical, "count": c["count"] + count}
                break
        else:
            cards.append({"name": canonical, "count": count})
        ok = self._edited(self._with_library(cards), "library_errors")
        if ok:
            self._after_library_change()
        return ok

    def set_count(self, name: str, count: Any) -> bool:
        """Change a row's count; 0 removes it; a bad count is reported, not applied."""
        try:
            n = int(count)
        except (TypeError, ValueError):
            self.library_errors = [f"{name}: count {count!r} is not a whole number"]
            return False
        if n < 0:
            self.library_errors = [f"{name}: count {n} is out of range (0 to 250)"]
            return False
        cards = [c if c["name"] != name else {"name": name, "count": n} for c in self.library_cards]
        cards = [c for c in cards if c["count"] > 0]
        ok = self._edited(self._with_library(cards), "library_errors")
        if ok:
            self._after_library_change()
        return ok

    def remove_card(self, name: str) -> bool:
        return self.set_count(name, 0)

    def apply_order(self) -> bool:
        """Apply the library order and seed chosen in the form (no-op when unchanged)."""
        if self.order == self.scenario["players"][0]["library"][
            "order"
        ] and self.seed == self.scenario.get("seed", 0):
            return True
        data = self._with_library(self.library_cards, order=self.order)
        data["seed"] = self.seed
        return self._edited(data, "library_errors")

    def apply_title(self) -> bool:
        data = self._copy()
        data["title"] = self.title[:200]
        try:
            self.set_scenario(data, frame=self.frame)
        except ScenarioError as e:
            self.library_errors = [str(e)]
            return False
        return True

    def add_scryfall_card(self, text: str | None = None) -> bool:
        """Add a card given as Scryfall JSON to the scenario's cards and one copy to the library."""
        text = self.scryfall_text if text is None else text
        if len(text) > MAX_TEXT:
            self.library_errors = ["The card JSON is too long."]
            return False
        try:
            card = CardDef.from_scryfall(json.loads(text))
        except (ValueError, TypeError, KeyError, AttributeError) as e:
            self.library_errors = [f"Could not read the Scryfall JSON: {e}"]
            return False
        data = self._copy()
        user = [c for c in data.get("cards", []) if c.get("name") != card.name]
        data["cards"] = [*user, card.to_dict(compact=True)]
        cards = data["players"][0]["library"]["cards"]
        cards.append({"name": card.name, "count": 1})
        if self._edited(data, "library_errors"):
            self._after_library_change()
            return True
        return False

    # -------------------------------------------------------------------- board
    def _zone_boxes(self) -> list[tuple[int, str, str, str]]:
        """(player, zone, form param, label) of every zone box of the board editor."""
        return [
            (p, z, f"{pre}{z}_text", f"{who}{z}")
            for p, pre, who in ((0, "", ""), (1, "opp_", "Opponent's "))
            for z in ZONES
        ]

    def board_from_form(self, errors: list[str]) -> dict | None:
        """The scenario the board editor describes (title, seed, cards and your library
        from the current one), or None with the problems in ``errors``."""
        pool = self.pool
        data = self._copy()
        players = data["players"]
        for p, zone, name, label in self._zone_boxes():
            shown = label if p else label.capitalize()
            players[p][zone] = parse_zone(getattr(self, name), shown, pool, errors)
        players[1]["library"] = {
            "order": self.opp_library_order,
            "cards": parse_library(self.opp_library_text, "Opponent's library", pool, errors),
        }
        for p, pre in ((0, ""), (1, "opp_")):
            players[p]["name"] = getattr(self, f"{pre}player_name").strip()
            players[p]["life"] = getattr(self, f"{pre}life")
            spells = getattr(self, f"{pre}spells_cast")
            players[p].pop("spells_cast", None)
            if spells:
                players[p]["spells_cast"] = spells
            drawn = getattr(self, f"{pre}cards_drawn")
            players[p].pop("cards_drawn", None)
            if drawn:
                players[p]["cards_drawn"] = drawn
            label = "Your commander" if p == 0 else "Opponent's commander"
            commander = parse_commander(getattr(self, f"{pre}commander"), label, pool, errors)
            players[p].pop("commander", None)
            if commander is not None:  # CR 903.3; none: the box is empty
                players[p]["commander"] = commander
        if self.turn != 1:
            data["turn"] = self.turn
        else:
            data.pop("turn", None)
        if self.pay_mana:
            data["mana"] = "paid"
        else:
            data.pop("mana", None)
        actions = [action_of(row, i, errors) for i, row in enumerate(self.action_rows, 1)]
        data["actions"] = actions
        return None if errors else data

    def apply_board(self) -> bool:
        """Build every zone, the players and the actions from the editor; errors keep the
        old board. Nothing edited: the scenario and its answers stay exactly as they were."""
        errors: list[str] = []
        data = self.board_from_form(errors)
        if data is None:
            self.board_errors = errors[: MAX_FORM_ERRORS + 4]
            return False
        try:
            same = Scenario.from_dict(data).to_dict() == self.scenario
        except (ScenarioError, ValueError) as e:
            self.board_errors = [str(e)]
            return False
        if same:  # "Set up board" without edits: same scenario, same answers, same frame
            self.board_errors = []
            return True
        actions = data["actions"]
        if not data.get("title") or _is_example_title(data["title"]):
            data["title"] = (
                _board_title(actions[0]) if actions else "Your board"
            )  # an example's title no longer fits
        return self._edited(data, "board_errors")

    def new_board_form(self) -> None:
        """Start a new board in the editor: every zone box and action emptied (your library,
        edited in the Library tab, stays), the players and the turn back to their defaults,
        one empty "cast" row, and real payment on. A board built from nothing pays its costs
        with its lands (601.2g-h); an example, edited, keeps its own setting, so it plays
        as it did. The board on screen changes on "Set up board", as with any edit."""
        for _p, _zone, name, _label in self._zone_boxes():
            setattr(self, name, "")
        self.opp_library_text = ""
        for pre, name in (("", "You"), ("opp_", "Opponent")):
            setattr(self, f"{pre}player_name", name)
            setattr(self, f"{pre}life", 20)
            setattr(self, f"{pre}spells_cast", 0)
            setattr(self, f"{pre}cards_drawn", 0)
            setattr(self, f"{pre}commander", "")
        self.title = ""  # "Set up board" names it after its first action
        self.turn = 1
        self.pay_mana = True
        self.action_rows = [ActionRow()]
        self.board_errors = []

    # ------------------------------------------------------------------ actions
    def add_action(self, at: int | None = None, action: dict | None = None) -> int:
        """Insert a row (a new "cast" if no action is given) at ``at`` (default: the end);
        returns its index. The scenario changes on "Set up board"."""
        rows = list(self.action_rows)
        if len(rows) >= MAX_ACTIONS:
            self.board_errors = [f"A scenario holds at most {MAX_ACTIONS} actions."]
            return -1
        at = len(rows) if at is None else max(0, min(at, len(rows)))
        rows.insert(at, row_of(action) if action is not None else ActionRow())
        self.action_rows = rows
        return at

    def remove_action(self, i: int) -> None:
        rows = list(self.action_rows)
        if 0 <= i < len(rows):
            del rows[i]
            self.action_rows = rows

    def move_action(self, i: int, delta: int) -> None:
        """Move row ``i`` up (-1) or down (+1)."""
        rows = list(self.action_rows)
        j = i + delta
        if 0 <= i < len(rows) and 0 <= j < len(rows):
            rows[i], rows[j] = rows[j], rows[i]
            self.action_rows = rows

    def response_point(self, frame: int | None = None) -> tuple[int, dict] | None:
        """(where the response goes in the action list, its ``when``) at a frame where a
        player could respond, or None (an empty stack, or not a priority moment)."""
        tl = self.timeline
        k = self.frame if frame is None else frame
        if tl is None or not 0 <= k < len(tl):
            return None
        return responses.point_of(tl, k)

    def respond_here(self) -> int:
        """Add a response row at the shown frame's response point ("Respond here"); the
        user then picks the card and the player. Returns the row's index, or -1."""
        point = self.response_point()
        if point is None:
            self.board_errors = [
                "Nothing can be responded to here: the stack is empty or "
                "no player gets priority at this moment."
            ]
            return -1
        at, when = point
        i = self.add_action(at, {"do": "cast", "player": 1, "when": when})
        if i >= 0:
            self.board_errors = []
        return i

    # -------------------------------------------------------------------- forms
    def _fill_forms(self, d: dict | None = None) -> None:
        """Show the scenario (``d``, default the current one) in the form fields."""
        d = self.scenario if d is None else d
        players = d["players"]
        self.title = d.get("title", "")
        self.order = players[0]["library"]["order"]
        self.seed = int(d.get("seed", 0)) if d.get("seed", 0) < 2**31 else 0
        self._after_library_change()
        for p, zone, name, _label in self._zone_boxes():
            setattr(self, name, zone_text(players[p].get(zone, [])))
        self.opp_library_text = library_text(players[1]["library"]["cards"])
        self.opp_library_order = players[1]["library"]["order"]
        for p, pre in ((0, ""), (1, "opp_")):
            setattr(self, f"{pre}player_name", players[p]["name"])
            setattr(self, f"{pre}life", players[p]["life"])
            setattr(self, f"{pre}spells_cast", players[p].get("spells_cast", 0))
            setattr(self, f"{pre}cards_drawn", players[p].get("cards_drawn", 0))
            setattr(self, f"{pre}commander", players[p].get("commander") or "")
        self.turn = d.get("turn", 1)
        self.pay_mana = d.get("mana") == "paid"
        self.action_rows = [row_of(a) for a in d.get("actions", [])]


def _is_example_title(title: str) -> bool:
    """True if ``title`` is an example's own title (so it no longer fits an edited board)."""
    return title in {d.get("title") for d in catalogue().values()}


def _board_title(action: dict[str, Any]) -> str:
    """A title for a board the user built, named after its action (they can edit it)."""
    return f"Your board: {_action_words(action)}"


def _deck_title(size: int, actions: list[dict[str, Any]]) -> str:
    """A title for a pasted decklist: its size and what the board does with it."""
    head = f"Your decklist ({size} card{'s' if size != 1 else ''})"
    return f"{head}: {_action_words(actions[0])}" if actions else head


def _action_words(action: dict[str, Any]) -> str:
    do = action["do"]
    return {
        "cast": f"{action.get('card', 'a spell')} is cast",
        "activate": f"{action.get('card', 'a permanent')}'s ability is activated",
        "discover": f"Discover {action.get('n', 0)}",
        "precombat_main": "The next precombat main phase begins",
        "next_main": "On to the next precombat main phase",
        "proliferate": "Proliferate",
        "counter": f"{action.get('target', 'a spell')} is countered",
        "cycle": f"{action.get('card', 'a card')} is cycled",
        "suspend": f"{action.get('card', 'a card')} is suspended",
        "add_lore": f"Lore counters on {action.get('card', 'a Saga')}",
        "remove_lore": f"Lore counters removed from {action.get('card', 'a Saga')}",
        "play_land": f"{action.get('card', 'a land')} is played",
        "attack": "Attack with "
        + (
            ", ".join(
                a if isinstance(a, str) else str(a.get("card"))
                for a in action.get("attackers") or []
            )
            or "no creature"
        ),
    }.get(do, do)
