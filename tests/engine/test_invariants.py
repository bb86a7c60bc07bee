"""Property tests of docs/RULES.md "Invariants" (hypothesis over random libraries and scenarios).

- card conservation: in every frame, every player owns the same number of cards, and no
  object id is in two zones (all zones of both players plus the stack);
- determinism: the same scenario (seed and choices) gives the same ``fingerprint()``, also
  after a round trip through ``to_token``/``from_token`` and ``to_json``/``from_json``;
- stepping back then forward returns the identical state: frames are immutable snapshots,
  and re-running the scenario cut to the choices made before frame k reproduces frames 0..k.

Scenarios draw from ~40 real cards (lands, cheap spells, split/adventure/MDFC/X cards,
cascade, discover, Sagas) and play a few actions (cast a cascade spell, discover N, advance
a Saga...). Pending decisions are answered with an option index drawn by hypothesis, or by
``AutoPolicy``; the answers go into the scenario's ``choices`` like a user's would.

Settings are given per test with decorators (no global profile file, no example database:
nothing is written, so this also runs under Pyodide).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable

from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

from engine import AutoPolicy, Scenario, ScenarioError
from engine.base.errors import BudgetExceeded
from engine.core.events import Decision
from engine.core.state import PLAYER_ZONES

from boards import board

IN_PYODIDE = sys.platform == "emscripten"

PROPERTY = settings(
    max_examples=15 if IN_PYODIDE else 40,
    deadline=None,
    database=None,
    derandomize=True,  # the same examples on every run: the suite stays deterministic
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

LANDS = ["Forest", "Mountain", "Island", "Swamp", "Hidden Volcano", "Stomping Ground"]
SPELLS = [
    "Lightning Bolt",
    "Shock",
    "Opt",
    "Counterspell",
    "Grizzly Bears",
    "Llanowar Elves",
    "Birds of Paradise",
    "Memnite",
    "Serra Angel",
    "Ancestral Vision",  # no mana cost
    "Crashing Footfalls",  # no mana cost
    "Walking Ballista",  # {X}{X}
    "Fireball",  # {X}{R}
    "Fire // Ice",  # split
    "Expansion // Explosion",  # split
    "Bonecrusher Giant",  # adventure
    "Giant Killer",  # adventure
    "Brazen Borrower",  # adventure
    "Lovestruck Beast",  # adventure
    "Esika, God of the Tree",  # MDFC
    "Valakut Awakening",  # MDFC, land back
    "Shatterskull Smashing",  # MDFC, X, land back
]
CASCADERS = [
    "Bloodbraid Elf",
    "Shardless Agent",
    "Ardent Plea",
    "Violent Outburst",
    "Apex Devastator",
]
DISCOVERERS = ["Geological Appraiser", "Trumpeting Carnosaur"]
SAGAS = ["The First Eruption", "History of Benalia", "The Elder Dragon War", "Summon: G.F. Ifrit"]
CARDS = LANDS + SPELLS + CASCADERS + DISCOVERERS + SAGAS + ["Curator of Sun's Creation"]

MAX_DECISIONS = 40


# ------------------------------------------------------------------------ scenarios


@st.composite
def scenarios(draw) -> Scenario:
    library = draw(st.lists(st.sampled_from(CARDS), max_size=22))
    hand: list[str] = []
    battlefield: list = ["Mountain"]
    actions: list[dict] = []
    saga = draw(st.sampled_from(SAGAS))
    battlefield.append({"name": saga, "counters": {"lore": draw(st.integers(1, 2))}})
    if draw(st.booleans()):
        battlefield.append("Curator of Sun's Creation")
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(
            st.sampled_from(
                ["cascade", "discover", "discover_card", "volcano", "saga", "saga_cast", "counter"]
            )
        )
        if kind == "cascade":
            card = draw(st.sampled_from(CASCADERS))
            hand.append(card)
            actions.append({"do": "cast", "card": card})
        elif kind == "counter":  # a cascade spell, countered in response (last known MV)
            card = draw(st.sampled_from(CASCADERS))
            hand.append(card)
            actions += [
                {"do": "cast", "card": card},
                {"do": "counter", "target": card, "with": "Counterspell"},
            ]
        elif kind == "discover":
            actions.append({"do": "discover", "n": draw(st.integers(0, 6))})
        elif kind == "discover_card":
            card = draw(st.sampled_from(DISCOVERERS))
            hand.append(card)
            actions.append({"do": "cast", "card": card})
        elif kind == "volcano":
            battlefield.append("Hidden Volcano")
            actions.append({"do": "activate", "card": "Hidden Volcano"})
        elif kind == "saga_cast":
            card = draw(st.sampled_from(SAGAS[:3]))
            hand.append(card)
            actions.append({"do": "cast", "card": card})
        else:
            step = draw(
                st.sampled_from(["precombat_main", "add_lore", "remove_lore", "proliferate"])
            )
            if step in ("add_lore", "remove_lore"):
                actions.append({"do": step, "card": saga, "n": draw(st.integers(0, 2))})
            else:
                actions.append({"do": step})
    opp_hand = ["Counterspell"] * sum(1 for a in actions if a["do"] == "counter")
    return Scenario.from_dict(
        board(
            library,
            seed=draw(st.integers(0, 2**32)),  # draw order matters: keeps the same examples
            library_order=draw(st.sampled_from(["random", "listed"])),
            hand=hand,
            battlefield=battlefield,
            opponent_library=["Island"] * 3,
            opponent_hand=opp_hand,
            opponent_battlefield=["Grizzly Bears", "Grizzly Bears", "Serra Angel"],
            actions=actions,
        )
    )


# Errors that only mean "this random scenario asks for something the board no longer
# allows" (the Saga was already sacrificed, a target died): not engine bugs.
_IMPOSSIBLE = ("is not in", "has no legal target", "no spell", "the stack must be empty")


def play(scenario: Scenario, pick: Callable[[Decision], str]):
    """Run, answer the pending decision with ``pick``, re-run... as a user would."""
    try:
        tl = scenario.run()
        for _ in range(MAX_DECISIONS):
            if tl.pending is None:
                break
            tl = tl.answer(pick(tl.pending)).run()
    except BudgetExceeded as e:
        _set_aside_clock_stop(e)
        raise
    except ScenarioError as e:
        if any(s in str(e) for s in _IMPOSSIBLE):
            reject()
        raise
    return tl


def _set_aside_clock_stop(e: BudgetExceeded) -> None:
    """The CPU-seconds backstop (engine.base.limits) is the one budget that reads a clock:
    on a loaded machine it can stop one run of a game and not its replay. Such a game says
    nothing about the engine's determinism, so hypothesis sets it aside (the fuzz script's
    entry points are what check the time bound); every other budget counts work, so a stop
    by it must repeat exactly and fails the test when it doesn't."""
    if e.budget == "cpu_seconds":
        reject()


def rerun(scenario: Scenario, **kw):
    """``scenario.run(**kw)`` again, where a budget stop is its own finding, not a
    different fingerprint."""
    try:
        return scenario.run(**kw)
    except BudgetExceeded as e:
        _set_aside_clock_stop(e)
        raise AssertionError(
            f"the replay was stopped by the {e.budget!r} budget, the first run was not"
        ) from e


def random_picker(data) -> Callable[[Decision], str]:
    def pick(d: Decision) -> str:
        keys = d.keys()
        return keys[data.draw(st.integers(0, len(keys) - 1), label=f"answer to {d.kind}")]

    return pick


def auto_picker(d: Decision) -> str:
    key = AutoPolicy().answer(d)
    assert key is not None
    return key


def pickers(data) -> Callable[[Decision], str]:
    return auto_picker if data.draw(st.booleans(), label="AutoPolicy?") else random_picker(data)


def frame_key(frame) -> str:
    """Everything in one frame, canonically (the per-frame part of ``fingerprint``)."""
    state = frame.state
    return json.dumps(
        {
            "event": frame.event.to_dict() if frame.event else None,
            "state": state.summary(),
            "objects": {str(k): v.to_dict() for k, v in sorted(state.objects.items())},
            "stack": [
                [s.id, s.kind, s.controller, s.text, s.source, s.card_id, s.mana_value, s.x]
                for s in state.stack
            ],
            "lost": list(state.lost),
        },
        sort_keys=True,
    )


# ------------------------------------------------------------- (a) card conservation


@PROPERTY
@given(scenarios(), st.data())
def test_no_card_is_lost_duplicated_or_in_two_zones(scenario: Scenario, data) -> None:
    """Invariant: every card is in exactly one zone (CR 400.1), and no card appears or
    vanishes, through cascade, discover and Saga steps."""
    tl = play(scenario, pickers(data))
    start = tl[0].state
    counts = [start.card_count(p) for p in range(len(start.players))]
    assert counts[0] == scenario.players[0].library.size + len(scenario.players[0].hand) + len(
        scenario.players[0].battlefield
    )
    for frame in tl:
        state = frame.state
        assert [state.card_count(p) for p in range(len(state.players))] == counts, frame.index
        ids = [oid for p in state.players for z in PLAYER_ZONES for oid in p.zone(z)]
        ids += [s.card_id for s in state.stack if s.card_id is not None]
        assert len(ids) == len(set(ids)), f"an object is in two zones at frame {frame.index}"
        assert all(oid in state.objects for oid in ids)
        # Every card ever created is somewhere: exactly once (tokens may cease to exist).
        cards = {oid for oid, obj in state.objects.items() if not obj.is_token}
        assert cards <= set(ids), f"cards {cards - set(ids)} are in no zone at {frame.index}"


# ------------------------------------------------------------------ (b) determinism


@PROPERTY
@given(scenarios(), st.data())
def test_same_scenario_same_fingerprint_also_after_round_trips(scenario: Scenario, data) -> None:
    """Invariant: the random orders the rules ask for (CR 702.85a and 701.57a: exiled cards
    go to the bottom in a random order) come from the scenario's seed, so the same scenario
    replays the same timeline."""
    tl = play(scenario, pickers(data))
    played = tl.scenario  # the scenario with every answer given
    fp = tl.fingerprint()
    assert rerun(played).fingerprint() == fp
    assert rerun(Scenario.from_token(played.to_token())).fingerprint() == fp
    assert rerun(Scenario.from_json(played.to_json())).fingerprint() == fp
    assert rerun(Scenario.from_json(played.to_json(indent=None))).fingerprint() == fp


@PROPERTY
@given(scenarios())
def test_auto_policy_run_equals_the_same_answers_given_as_choices(scenario: Scenario) -> None:
    try:
        auto = scenario.run(policy=AutoPolicy())
    except BudgetExceeded as e:
        _set_aside_clock_stop(e)
        raise
    except ScenarioError as e:
        if any(s in str(e) for s in _IMPOSSIBLE):
            reject()
        raise
    scripted = play(scenario, auto_picker)
    assert auto.fingerprint() == scripted.fingerprint()
    assert rerun(scenario, policy=AutoPolicy()).fingerprint() == auto.fingerprint()


# ----------------------------------------------------- (c) back then forward, identical


@PROPERTY
@given(scenarios(), st.data())
def test_stepping_back_then_forward_gives_the_identical_state(scenario: Scenario, data) -> None:
    """Invariant (a playground guarantee, not a CR rule): frame k is the same state whether
    reached directly or by re-running the choices made before it, including the random
    bottom orders of CR 702.85a / 701.57a."""
    tl = play(scenario, pickers(data))
    k = data.draw(st.integers(0, len(tl) - 1), label="frame k")
    before = frame_key(tl[k])
    state_k = tl[k].state
    # Visit every other frame (back to the start, forward to the end) and come back.
    keys = [frame_key(f) for f in tl]
    for f in reversed(tl.frames):
        frame_key(f)
    assert tl[k].state is state_k
    assert frame_key(tl[k]) == before == keys[k]
    # Re-running with only the answers given before frame k reproduces frames 0..k.
    cut = [key for frame, _d, key in tl.answered if frame < k]
    again = rerun(tl.scenario.with_choices(cut))
    assert len(again) > k
    for i in range(k + 1):
        assert frame_key(again[i]) == keys[i], f"frame {i} differs after re-running to {k}"


# ------------------------------------------------------------- budget stops, told apart


def test_a_clock_stop_sets_the_game_aside_and_a_work_stop_fails_the_replay(monkeypatch) -> None:
    """The properties tell a budget stop from a different fingerprint: the CPU-seconds
    backstop reads a clock, so a game it stops is set aside (hypothesis ``reject``: a
    property that only ever meets such games is unsatisfiable, not passed); a counted
    budget that stops a replay but not the first run is a determinism failure, reported
    as such."""
    import pytest
    from hypothesis.errors import Unsatisfiable

    scenario = Scenario.from_dict(board(["Forest"] * 3, hand=["Bloodbraid Elf"]))

    def stopped_by(budget: str) -> None:
        def run(self, **kw):
            raise BudgetExceeded(budget, 1, budget)

        monkeypatch.setattr(Scenario, "run", run)

    def prop(call: Callable[[], object]) -> Callable[[], None]:
        @settings(max_examples=3, database=None, deadline=None)
        @given(st.just(None))
        def inner(_: None) -> None:
            call()

        return inner

    stopped_by("cpu_seconds")
    for call in (lambda: rerun(scenario), lambda: play(scenario, auto_picker)):
        with pytest.raises(Unsatisfiable):
            prop(call)()
    stopped_by("work")
    with pytest.raises(AssertionError, match="stopped by the 'work' budget"):
        prop(lambda: rerun(scenario))()
    with pytest.raises(BudgetExceeded):
        prop(lambda: play(scenario, auto_picker))()
