"""Translated cards resolved on random boards keep the invariants.

A deterministic sample of the bundled pool's nonland cards that coverage calls fully
simulated (the XMage import and the hand-written entries) is cast, each on a random
board of both players (creatures, graveyards, hands, libraries), every decision answered
by AutoPolicy or a drawn option. For every frame: each player owns the same number of
cards and no object is in two zones (card conservation); and all or nothing: an event
that says a part is not simulated changed nothing itself.
"""

from __future__ import annotations

import random
import sys
from functools import cache

from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

from engine import ScenarioError, default_pool
from engine.core.state import PLAYER_ZONES
from engine.views.coverage import FULL, card_coverage
from test_invariants import pickers, play

from boards import board

IN_PYODIDE = sys.platform == "emscripten"
SAMPLE = 500  # translated cards in the sample (at least 500)

CREATURES = [
    "Grizzly Bears",
    "Serra Angel",
    "Llanowar Elves",
    "Memnite",
    "Tarmogoyf",
    "Thragtusk",
    "Walking Ballista",
    "Birds of Paradise",
]
OTHERS = [
    "Lightning Bolt",
    "Opt",
    "Counterspell",
    "Forest",
    "Mountain",
    "Island",
    "Swamp",
    "Sol Ring",
    "Kird Ape",
    "Shock",
]


@cache
def translated() -> list[str]:
    """SAMPLE fully simulated nonland cards, drawn with a fixed seed from the pool."""
    pool = default_pool()
    names = sorted(pool.names)
    rng = random.Random(8)
    rng.shuffle(names)
    out: list[str] = []
    for name in names:
        card = pool.get(name)
        if card.is_land or card.effects is None:
            continue
        if card_coverage(card).status == FULL:
            out.append(name)
            if len(out) == SAMPLE:
                break
    return out


@st.composite
def boards(draw) -> dict:
    name = draw(st.sampled_from(translated()), label="card")
    some = st.lists(st.sampled_from(CREATURES + OTHERS), max_size=3)
    creatures = st.lists(st.sampled_from(CREATURES), max_size=3)
    d = board(
        library=draw(st.lists(st.sampled_from(CREATURES + OTHERS), min_size=3, max_size=8)),
        hand=[name, *draw(some, label="hand")],
        battlefield=["Forest", "Mountain", "Island", "Swamp", *draw(creatures, label="yours")],
        graveyard=draw(some, label="your graveyard"),
        opponent_library=draw(st.lists(st.sampled_from(OTHERS), max_size=5)),
        opponent_hand=draw(some, label="their hand"),
        opponent_battlefield=draw(creatures, label="theirs"),
        actions=[{"do": "cast", "card": name}],
        seed=draw(st.integers(0, 2**16)),
    )
    d["players"][1]["graveyard"] = draw(some, label="their graveyard")
    return d


@settings(
    max_examples=60 if IN_PYODIDE else SAMPLE,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
    ],
)
@given(boards(), st.data())
def test_translated_cards_keep_conservation_and_all_or_nothing(d: dict, data) -> None:
    from engine import Scenario

    try:
        scenario = Scenario.from_dict(d)
        tl = play(scenario, pickers(data))
    except ScenarioError as e:
        # A card the board can't cast (no legal target, 601.2c; an unpayable cost) is
        # refused with a typed error, which is the rule, not a failure.
        if "cast" in str(e) or "target" in str(e) or "cost" in str(e):
            reject()
        raise
    start = tl[0].state
    counts = [start.card_count(p) for p in range(len(start.players))]
    for frame in tl:
        state = frame.state
        assert [state.card_count(p) for p in range(len(state.players))] == counts, frame.index
        ids = [oid for p in state.players for z in PLAYER_ZONES for oid in p.zone(z)]
        ids += [s.card_id for s in state.stack if s.card_id is not None]
        assert len(ids) == len(set(ids)), f"an object is in two zones at frame {frame.index}"
        event = frame.event
        if event is not None and event.kind == "not_simulated":
            # all or nothing: saying a part is missing changes nothing
            assert not event.moves and not event.changes, (d["actions"], event.to_dict())


def test_the_sample_is_large_enough() -> None:
    assert len(translated()) == SAMPLE
