"""Every numeric limit on untrusted input, and the work budget of one run, in one place.

Links, pasted decklists, scenario files and Scryfall JSON come from strangers, so each
entry point checks its input against these numbers BEFORE doing work proportional to
it, and a run counts its work as it goes (``RunBudget``). The values are chosen so that
every real deck and every example under ``examples/`` runs with room to spare, while
no single input can take more than about a second of CPU or 100 MB of memory. They are
published in docs/ENGINE_API.md ("Limits"); change them here only.
"""

from __future__ import annotations

import re
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from engine.base.errors import BudgetExceeded

# ----------------------------------------------------------------- decklist text
DECKLIST_MAX_CHARS = 20_000  # the page's text boxes take the same; a 250-line list is ~6 KB
DECKLIST_MAX_LINE_CHARS = 200  # checked before any other work on a line; longest name ~140
DECKLIST_MAX_COUNT_PER_LINE = 250
DECKLIST_MAX_TOTAL_CARDS = 1000
DECKLIST_MAX_ERRORS = 50  # more than this and the paste is not a decklist
DECKLIST_MAX_SUGGESTED = 10  # errors that get (slower) name suggestions

# ------------------------------------------------------------ share tokens, JSON
TOKEN_MAX_CHARS = 8192
#: A token as pasted or read from a link, before %-unescaping (the page reads no more)
TOKEN_MAX_URL_CHARS = 16_384
TOKEN_MAX_JSON_BYTES = 256 * 1024  # decompressed; inflating stops here (zip bombs)
JSON_MAX_DEPTH = 32  # nesting of [ and {; real scenarios need ~12; checked before json.loads
JSON_MAX_NODES = 50_000  # values inside one free-form ("any JSON") field of a card

# -------------------------------------------------------------------- scenarios
SCENARIO_MAX_JSON_CHARS = 1024 * 1024  # a scenario file; a token holds at most 256 KB
SCENARIO_MAX_PLAYERS = 2
SCENARIO_MAX_LIBRARY = 1000  # cards in one library
SCENARIO_MAX_LIBRARY_ENTRIES = 1000  # entries in one library list
SCENARIO_MAX_COUNT = 250  # copies in one library entry
SCENARIO_MAX_ZONE = 200  # cards listed in hand / battlefield / graveyard / exile
SCENARIO_MAX_ACTIONS = 50
SCENARIO_MAX_CHOICES = 500
SCENARIO_MAX_USER_CARDS = 100
SCENARIO_MAX_TITLE = 200
SCENARIO_MAX_DESCRIPTION = 5000
SCENARIO_MAX_PLAYER_NAME = 40
SCENARIO_MAX_CHOICE_CHARS = 200
SCENARIO_LIFE = (-999, 9999)
SCENARIO_TURN = (1, 1000)
SCENARIO_SEED = (0, 2**63 - 1)
SCENARIO_SPELLS_CAST = (0, 100)
SCENARIO_CARDS_DRAWN = (0, 100)  # cards drawn this turn before the scenario began
SCENARIO_COUNTERS = (0, 99)  # counters of one kind on a card placed in a zone
SCENARIO_MAX_COUNTER_KINDS = 20
ACTION_X = (0, 99)
ACTION_N = (0, 99)  # discover N, lore counters added/removed
ACTION_ABILITY = (0, 9)
#: attackers and blocks of one `attack` action (508.1, 509.1)
COMBAT_MAX_CREATURES = 50

# ---------------------------------------------------- card definitions (user cards)
NAME_MAX_CHARS = 200  # card and face names
TEXT_MAX_CHARS = 1000  # any other string inside card data (type line, costs, op fields)
ORACLE_MAX_CHARS = 10_000  # Scryfall oracle text (read for cascade / discover counts)
CARD_MAX_FACES = 4
CARD_MAX_LIST = 50  # keywords, types, colors... in one list
CARD_MAX_KEYWORD_INSTANCES = 20  # cascade N on a card, instances of a cascade grant (real: 4)
CARD_MAX_DISCOVER = 20  # discover N (real: up to 10)
CARD_MAX_CHAPTERS = 20  # a Saga's chapter numbers and count (real: up to 7)
CARD_MAX_OPS = 50  # ops in one list (spell, etb, chapter, trigger ...)
CARD_MAX_OP_NESTING = 4  # "then" inside "then" ...
CARD_MAX_ABILITIES = 50  # triggers, activated abilities, chapter abilities, target specs
CARD_MAX_AMOUNT = 1000  # damage, life, cards drawn, counters added by one op
CARD_MAX_TOKENS = 100  # tokens created by one op
CARD_MAX_PT = 10  # characters of a power/toughness/loyalty ("*+1", "99")

# ------------------------------------------------------------ work budget of a run
#: Events (log lines, frames) one run may record. A 60-card cascade run records ~20-100.
RUN_MAX_EVENTS = 10_000
#: Object ids one run may hand out: cards, tokens and stack items (setup at most ~3,600).
RUN_MAX_OBJECTS = 10_000
#: The sum over all frames of the objects each frame's snapshot holds. A snapshot copies
#: the id -> object map and the zone lists (~50 bytes per object), so this bounds both
#: memory (measured ~46 bytes per object per frame: ~55 MB at the limit) and CPU. One
#: cascade that exiles a whole 1,000-card library (~1,000 frames of ~1,000 objects) fits;
#: Apex Devastator's four over that library (~4,000 frames) don't.
RUN_MAX_STATE_CELLS = 1_200_000
#: Work one run may do, in units of about a microsecond of CPU (CPython 3.11 here): what
#: the rules engine's inner loops touch, each weighted by its measured cost (WORK_WEIGHTS).
#: Counting it makes the stop deterministic: the same scenario stops at the same point on
#: every machine. ~0.6 s of CPU at the limit; the largest example needs ~1 % of it.
RUN_MAX_WORK = 600_000
#: The kinds of work counted, and what one of each costs in units (fitted by least squares
#: over the fuzz corpus and the slow boards: scripts/calibrate_work.py prints the fit).
WORK_EVENT = 0  # an event recorded (a frame: its bookkeeping, the trigger facts)
WORK_CELL = 1  # an object copied into a frame's snapshot
WORK_MATCH = 2  # one object tested against a filter (targets, "each creature", layers)
WORK_CHARS = 3  # one object's characteristics computed through the layers (613)
WORK_LISTENER = 4  # one object looked at for triggered abilities, for one event (603.2)
WORK_SBA = 5  # one permanent looked at by a state-based-action check (704.3)
WORK_OBJECT = 6  # an object id handed out (a card set up, a token, a stack item)
WORK_NAMES = (
    "events",
    "cells copied",
    "filter tests",
    "layer computations",
    "trigger listeners",
    "state-based checks",
    "objects created",
)
WORK_WEIGHTS = (135, 0, 16, 55, 12, 0, 9)
#: CPU seconds one run may take (time.process_time, read as the work is counted): the
#: backstop for work not counted above. Pyodide runs the same work ~3x slower, so there
#: the backstop is further away (the work budget stops the same scenarios everywhere).
RUN_MAX_CPU_SECONDS = 0.8 * (4 if sys.platform == "emscripten" else 1)
# ------------------------------------------------------------------- the odds
#: States the exact odds analysis may visit before it gives the Monte Carlo estimate
#: instead (~17 microseconds each: ~0.5 s at the cap).
ODDS_MAX_STATES = 30_000
#: CPU seconds the exact analysis may take (time.process_time) before it gives the
#: estimate instead: what one state costs varies with the library, this bounds it.
ODDS_MAX_EXACT_CPU_SECONDS = 0.35 * (4 if sys.platform == "emscripten" else 1)
#: Library positions the stand-alone Monte Carlo may scan (1 unit) and shuffle (4 units:
#: random.shuffle is Python code), over all its samples (~0.12 microseconds a unit:
#: ~0.3 s); it stops after the sample that passes it and reports the samples it took
#: (and their standard errors).
ODDS_MAX_SIM_WORK = 2_500_000
#: CPU seconds the game-engine Monte Carlo may take (each sample is a budgeted run):
#: sampling stops once passed, and the result says how many samples it took.
ODDS_MAX_ENGINE_CPU_SECONDS = 0.6 * (4 if sys.platform == "emscripten" else 1)
#: Units of work between two reads of the CPU clock (~2 ms).
WORK_CHECK_EVERY = 2_000
_OBJECT_WEIGHT = WORK_WEIGHTS[WORK_OBJECT]
_EVENT_WEIGHT = WORK_WEIGHTS[WORK_EVENT]
_CELL_WEIGHT = WORK_WEIGHTS[WORK_CELL]


_CPU_DEADLINE: ContextVar[float | None] = ContextVar("cpu_deadline", default=None)


@contextmanager
def cpu_allowance(seconds: float | None = None) -> Iterator[None]:
    """Every run started inside shares ``seconds`` of CPU time from here (nested allowances
    keep the earliest end): an entry point that plays several games for one input (the
    conformance runner tries a case again without a block the engine refused) keeps the
    promise of one run. A context variable, so it works in Pyodide and per thread.

    >>> from engine.base.errors import BudgetExceeded
    >>> with cpu_allowance(0.0):
    ...     budget = RunBudget()
    ...     try:
    ...         budget.spend(WORK_EVENT, WORK_CHECK_EVERY)
    ...     except BudgetExceeded as e:
    ...         print(e.budget)
    cpu_seconds
    """
    if seconds is None:
        seconds = RUN_MAX_CPU_SECONDS  # read now, not at import: the test suite scales it
    now = time.process_time()
    outer = _CPU_DEADLINE.get()
    end = now + seconds if outer is None else min(outer, now + seconds)
    token = _CPU_DEADLINE.set(end)
    try:
        yield
    finally:
        _CPU_DEADLINE.reset(token)


class RunBudget:
    """Counts the work of one run and raises ``BudgetExceeded`` naming the budget spent.

    The game calls ``event`` for every recorded event, ``new_object`` for every id it
    hands out and ``snapshot`` with the size of every state it copies; the inner loops of
    the rules call ``spend`` with the kind of work (``WORK_*``) and how much. ``work`` is
    the weighted total (``RUN_MAX_WORK``); every ``WORK_CHECK_EVERY`` units the CPU time
    since the run began is read too (``RUN_MAX_CPU_SECONDS``).
    """

    __slots__ = (
        "events",
        "objects",
        "state_cells",
        "max_events",
        "max_objects",
        "max_cells",
        "work",
        "max_work",
        "counts",
        "started",
        "max_cpu",
        "_next_check",
    )

    def __init__(
        self,
        max_events: int = RUN_MAX_EVENTS,
        max_objects: int = RUN_MAX_OBJECTS,
        max_cells: int = RUN_MAX_STATE_CELLS,
        max_work: int = RUN_MAX_WORK,
        max_cpu: float | None = None,
    ) -> None:
        self.events = 0
        self.objects = 0
        self.state_cells = 0
        self.max_events = max_events
        self.max_objects = max_objects
        self.max_cells = max_cells
        self.work = 0
        self.max_work = max_work
        self.counts = [0] * len(WORK_WEIGHTS)
        self.started = time.process_time()
        if max_cpu is None:
            max_cpu = RUN_MAX_CPU_SECONDS  # read now, not at import: the test suite scales it
        end = _CPU_DEADLINE.get()  # inside a cpu_allowance: what is left of it
        self.max_cpu = max_cpu if end is None else min(max_cpu, max(end - self.started, 0.0))
        self._next_check = min(WORK_CHECK_EVERY, max_work)

    def event(self) -> None:
        """An event recorded (``spend`` inlined: the kernel counts every one)."""
        self.events += 1
        if self.events > self.max_events:
            raise BudgetExceeded("events", self.max_events, "events")
        self.counts[WORK_EVENT] += 1
        self.work += _EVENT_WEIGHT
        if self.work >= self._next_check:
            self._check()

    def new_object(self, n: int = 1) -> None:
        """``n`` object ids handed out (``spend`` inlined: every card at setup counts)."""
        self.objects += n
        if self.objects > self.max_objects:
            raise BudgetExceeded("objects", self.max_objects, "objects (cards, tokens, spells)")
        self.counts[WORK_OBJECT] += n
        self.work += n * _OBJECT_WEIGHT
        if self.work >= self._next_check:
            self._check()

    def snapshot(self, size: int) -> None:
        self.state_cells += max(size, 1)
        if self.state_cells > self.max_cells:
            raise BudgetExceeded(
                "state_cells", self.max_cells, "objects copied into the timeline's frames"
            )
        self.counts[WORK_CELL] += size  # ``spend`` inlined: every frame counts
        self.work += size * _CELL_WEIGHT
        if self.work >= self._next_check:
            self._check()

    def spend(self, kind: int, n: int = 1) -> None:
        """Count ``n`` pieces of work of ``kind`` (one of ``WORK_*``)."""
        self.counts[kind] += n
        self.work += n * WORK_WEIGHTS[kind]
        if self.work >= self._next_check:
            self._check()

    def _check(self) -> None:
        if self.work > self.max_work:
            raise BudgetExceeded(
                "work",
                self.max_work,
                "units of work (about a microsecond of CPU each: " + self.breakdown() + ")",
            )
        if time.process_time() - self.started > self.max_cpu:
            raise BudgetExceeded(
                "cpu_seconds", self.max_cpu, "seconds of CPU time (" + self.breakdown() + ")"
            )
        self._next_check = min(self.work + WORK_CHECK_EVERY, self.max_work + 1)

    def breakdown(self) -> str:
        """The counted work, largest first: "40,000 filter tests, 9,000 events"."""
        parts = sorted(zip(self.counts, WORK_NAMES, strict=True), reverse=True)
        return ", ".join(f"{n:,} {name}" for n, name in parts if n) or "none"


_JSON_SPECIAL = re.compile(r'["\[\]{}]')  # one character class: no backtracking


def json_too_deep(text: str, limit: int = JSON_MAX_DEPTH) -> bool:
    """True when JSON text nests ``[``/``{`` deeper than ``limit`` (strings are skipped).

    Linear in the text, and run before ``json.loads``, whose recursion would otherwise
    raise ``RecursionError`` on a few thousand brackets. Malformed text that is not too
    deep returns False and is left to ``json.loads`` to reject.
    """
    depth = 0
    pos = 0
    search = _JSON_SPECIAL.search
    find = text.find
    while True:
        m = search(text, pos)
        if m is None:
            return False
        c = m.group()
        pos = m.end()
        if c == '"':
            while True:  # skip to the closing quote: one not preceded by an odd run of \
                end = find('"', pos)
                if end < 0:
                    return False
                k = end - 1
                while k >= pos and text[k] == "\\":
                    k -= 1
                pos = end + 1
                if (end - 1 - k) % 2 == 0:
                    break
        elif c in "[{":
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
