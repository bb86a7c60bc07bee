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

from engine.base.errors import BudgetExceeded

# ----------------------------------------------------------------- decklist text
DECKLIST_MAX_CHARS = 200 * 1024  # a 1000-card list with long names is ~40 KB
DECKLIST_MAX_LINE_CHARS = 200  # checked before any other work on a line; longest name ~140
DECKLIST_MAX_COUNT_PER_LINE = 250
DECKLIST_MAX_TOTAL_CARDS = 1000
DECKLIST_MAX_ERRORS = 50  # more than this and the paste is not a decklist
DECKLIST_MAX_SUGGESTED = 10  # errors that get (slower) name suggestions

# ------------------------------------------------------------ share tokens, JSON
TOKEN_MAX_CHARS = 8192
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


class RunBudget:
    """Counts the work of one run and raises ``BudgetExceeded`` naming the budget spent.

    The game calls ``event`` for every recorded event, ``new_object`` for every id it
    hands out and ``snapshot`` with the size of every state it copies.
    """

    __slots__ = ("events", "objects", "state_cells", "max_events", "max_objects", "max_cells")

    def __init__(
        self,
        max_events: int = RUN_MAX_EVENTS,
        max_objects: int = RUN_MAX_OBJECTS,
        max_cells: int = RUN_MAX_STATE_CELLS,
    ) -> None:
        self.events = 0
        self.objects = 0
        self.state_cells = 0
        self.max_events = max_events
        self.max_objects = max_objects
        self.max_cells = max_cells

    def event(self) -> None:
        self.events += 1
        if self.events > self.max_events:
            raise BudgetExceeded("events", self.max_events, "events")

    def new_object(self) -> None:
        self.objects += 1
        if self.objects > self.max_objects:
            raise BudgetExceeded("objects", self.max_objects, "objects (cards, tokens, spells)")

    def snapshot(self, size: int) -> None:
        self.state_cells += max(size, 1)
        if self.state_cells > self.max_cells:
            raise BudgetExceeded(
                "state_cells", self.max_cells, "objects copied into the timeline's frames"
            )


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
