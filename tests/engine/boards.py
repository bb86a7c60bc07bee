"""Scenario boards for the rules tests, and readers of the timelines they play.

The tests read the way XMage tests do: set a board, act, answer the decisions, then
check the end state and the events. ``board(...)`` builds the scenario dict (a plain
dict, so a test can still edit it or spread it: ``{**d, "choices": [...]}``); the
readers pick events and zones out of the resulting ``Timeline``.

Test modules import it as a sibling: ``from boards import board, play, ...``. tests/engine
has no ``__init__.py``, so pytest's default ("prepend") import mode puts tests/engine on
``sys.path``; that holds under ``python -m pytest tests/engine``, ``python -m pytest`` over
all of tests/, and inside Pyodide (tests/pyodide/run_tests.mjs). conftest.py registers
this module for pytest's assertion rewriting. Stdlib + engine only: runs under Pyodide.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine import Scenario
from engine.core.events import Event
from engine.play.timeline import Timeline

# ------------------------------------------------------------------------------ building


def board(
    library: Sequence[str] = (),
    *,
    hand: Sequence[Any] = (),
    battlefield: Sequence[Any] = (),
    graveyard: Sequence[Any] = (),
    library_order: str = "listed",
    opponent_library: Sequence[str] = (),
    opponent_hand: Sequence[Any] = (),
    opponent_battlefield: Sequence[Any] = (),
    life: int = 20,
    opponent_life: int = 20,
    spells_cast: int = 0,
    actions: Sequence[dict] | None = None,
    choices: Sequence[str] = (),
    seed: int = 0,
    cards: Sequence[dict] = (),
    commander: str | None = None,
    opponent_commander: str | None = None,
) -> dict:
    """A two-player scenario dict: "You" (player 0) against "Opponent" (player 1).

    Libraries are listed top first (``library_order="random"`` shuffles yours with the
    seed). Zone entries are card names or zone-card dicts (``{"name", "counters", ...}``).
    ``actions`` defaults to casting ``hand[0]`` (no action with an empty hand). ``cards``
    is user card data (the scenario's "cards" list). ``commander``: a player's commander
    (CR 903.3), in the command zone.
    """
    if actions is None:
        actions = [{"do": "cast", "card": hand[0]}] if hand else []
    d: dict = {
        "version": 1,
        "seed": seed,
        "players": [
            {
                "name": "You",
                "life": life,
                "library": {"order": library_order, "cards": [{"name": n} for n in library]},
                "hand": list(hand),
                "battlefield": list(battlefield),
                "graveyard": list(graveyard),
                "spells_cast": spells_cast,
            },
            {
                "name": "Opponent",
                "life": opponent_life,
                "library": {"order": "listed", "cards": [{"name": n} for n in opponent_library]},
                "hand": list(opponent_hand),
                "battlefield": list(opponent_battlefield),
            },
        ],
        "actions": list(actions),
        "choices": list(choices),
    }
    if cards:
        d["cards"] = list(cards)
    for p, name in enumerate((commander, opponent_commander)):
        if name is not None:
            d["players"][p]["commander"] = name
    return d


def scenario(library: Sequence[str] = (), **kw: Any) -> Scenario:
    """``board(...)`` as a ``Scenario``: for tests that re-run it (``with_choices``...)."""
    return Scenario.from_dict(board(library, **kw))


def play(d: dict) -> Timeline:
    """Run the board as far as its choices go (it may stop at a pending decision)."""
    return Scenario.from_dict(d).run()


def finished(d: dict) -> Timeline:
    """Run to the end: every decision must have been answered."""
    tl = play(d)
    assert tl.pending is None and tl.finished, tl.text()
    return tl


def answered(d: dict, *answers: str) -> Timeline:
    """Play, answering each decision in turn with the option whose key equals the answer or
    whose label contains it; every decision must be answered and every answer used."""
    d = {**d, "choices": list(d.get("choices", []))}
    todo = list(answers)
    while True:
        tl = play(d)
        if tl.pending is None:
            assert tl.finished and not todo, (todo, tl.text())
            return tl
        assert todo, tl.text()
        want = todo.pop(0)
        keys = [o.key for o in tl.pending.options if o.key == want or want in o.label]
        assert keys, (want, tl.pending.keys(), tl.text())
        d["choices"].append(keys[0])


# ------------------------------------------------------------------------------- reading


def you(tl: Timeline) -> dict:
    """Player 0's zones and life at the end, as ``State.summary()`` gives them."""
    return tl.final.summary()["players"][0]


def opp(tl: Timeline) -> dict:
    """Player 1's zones and life at the end."""
    return tl.final.summary()["players"][1]


def zone(tl: Timeline, name: str, player: int = 0) -> list[str]:
    """The card names in one zone of one player at the end."""
    return tl.final.summary()["players"][player][name]


def of_kind(tl: Timeline, kind: str) -> list[Event]:
    return [e for e in tl.events if e.kind == kind]


def kinds(tl: Timeline) -> list[str]:
    return [e.kind for e in tl.events]


def cascade_triggers(tl: Timeline) -> list[Event]:
    """The trigger events of cascade (CR 702.85a), one per instance that triggered."""
    return [e for e in of_kind(tl, "trigger") if e.data.get("keyword") == "cascade"]


def card_name(tl: Timeline, oid: int | None) -> str | None:
    """The card name of an object id an event names (``source``, ``objects``)."""
    return None if oid is None else tl.final.objects[oid].card.name


def source_name(tl: Timeline, e: Event) -> str | None:
    """The card name of the event's source object."""
    return card_name(tl, e.source)


def reasons(e: Event) -> list[str]:
    """Why a hit was not cast: the codes of a cant_cast / to_hand event ("no_legal_target"...)."""
    return [r["why"] for r in e.data.get("reasons", [])]


# ------------------------------------------------------------------ a game to query
def game_of(d: dict):
    """The ``Game`` of a board after setup, before any action: for tests that query it
    (filters, values, conditions) or drive kernel primitives directly."""
    from engine.core.game import Game
    from engine.core.policy import ScriptedPolicy

    sc = Scenario.from_dict({**d, "actions": []})
    return Game(sc, sc.pool(None), ScriptedPolicy(sc.choices))


class Q:
    """The minimal context the filters/values/conditions read (an effects ``Ctx`` has these)."""

    def __init__(
        self,
        game,
        controller: int = 0,
        source: int | None = None,
        targets: Sequence[str] = (),
        x: int = 0,
        event: dict | None = None,
    ) -> None:
        self.game = game
        self.controller = controller
        self.source = source
        self.targets = tuple(targets)
        self.x = x
        self.event = event or {}
        self.stamps = None
        self.label = ""


def ids(game, name: str, zone: str = "battlefield", player: int = 0) -> list[int]:
    """Object ids of the cards called ``name`` in a zone."""
    return [o for o in game.players[player].zones[zone] if game.obj(o).name == name]


def user_spell(
    name: str, ops: list[dict], targets: list[dict] | None = None, type_line: str = "Sorcery"
) -> dict:
    """A user card (the scenario's ``cards``) whose spell ability is ``ops``: the op tests
    cast one to run an op on a board."""
    effects: dict = {"spell": ops}
    if targets:
        effects["targets"] = targets
    return {"name": name, "mana_cost": "{1}", "type_line": type_line, "effects": effects}


def perm_id(tl: Timeline, name: str, player: int = 0) -> int:
    """The one permanent of this name (its name now, or its card's) ``player`` ends with."""
    state = tl.final
    [oid] = [
        o
        for o in state.players[player].battlefield
        if name in (state.objects[o].name, state.objects[o].card.name)
    ]
    return oid
