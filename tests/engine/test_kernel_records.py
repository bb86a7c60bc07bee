"""The kernel's state records: ``Player`` (one per player), ``Turn`` (what happened this
turn, fresh at each turn's start), and frames that share what didn't change."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import Scenario
from engine.core.kernel import Kernel
from engine.core.registry import STATE_SLOTS, state_slot
from engine.core.state import Turn
from engine.keywords import cascade

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples" / "scenarios").glob("*.json"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_a_frame_sharing_unchanged_parts_equals_a_fresh_copy(path: Path, monkeypatch) -> None:
    """A snapshot reuses the last frame's objects and players until a primitive changes
    them; at every event of every example it equals one built anew from the kernel."""
    original = Kernel.snapshot

    def checked(self: Kernel):
        got = original(self)
        self._view_objects = None
        self._view_players = [None] * len(self.players)
        fresh = original(self)
        assert got == fresh
        return got

    monkeypatch.setattr(Kernel, "snapshot", checked)
    Scenario.load(path).run()


def test_frames_share_the_players_an_event_did_not_change() -> None:
    """Player 1's part of the frame is the same object while only player 0 acts."""
    tl = Scenario.from_dict(
        {
            "players": [
                {"name": "You", "hand": ["Lightning Bolt"]},
                {"name": "Opponent"},
            ],
            "actions": [{"do": "cast", "card": "Lightning Bolt"}],
            "choices": ["target:p0"],
        }
    ).run()
    first, last = tl.frames[0].state, tl.final
    assert last.players[0].life == 17  # CR 120.3a: damage to a player is life loss
    assert last.players[1] is first.players[1]
    assert last.players[0] is not first.players[0]


def test_a_new_turn_starts_a_fresh_turn_record() -> None:
    """CR 500: "this turn" facts (spells cast, life lost, lands played) start over."""
    turn = Turn.fresh(2)
    assert turn.spells_cast == [0, 0] and turn.life_lost == [0, 0]
    k = Kernel(pool=None, seed=1, turn=1)
    k.add_player("You", 20, 2, cards_drawn=1)
    k.add_player("Opponent", 20, 0)
    k.change_life(0, -3)
    k.note_land_played(0)
    before = k.this_turn
    assert before.spells_cast == [2, 0] and before.drawn == [1, 0]
    assert before.life_lost == [3, 0] and before.lands_played == [1, 0]
    k.begin_turn(1)
    assert k.this_turn is not before
    assert k.this_turn.spells_cast == [0, 0] and k.this_turn.life_lost == [0, 0]
    assert k.this_turn.lands_played == [0, 0] and k.players[0].life == 17


def test_a_mechanic_state_slot_starts_over_with_the_turn() -> None:
    """Cascade's grants ("your next spell this turn has cascade", 702.85a) live in the slot
    the cascade module registered: fresh each turn, written only through the kernel."""
    assert STATE_SLOTS[cascade.NEXT_SPELL].per_turn
    k = Kernel(pool=None, seed=1, turn=1)
    k.add_player("You", 20, 0)
    k.add_player("Opponent", 20, 0)
    assert k.slot(cascade.NEXT_SPELL) == ((), ())
    grant = {"source": "Dark Apostle", "filter": ""}
    k.set_slot(cascade.NEXT_SPELL, ((grant,), ()))
    assert k.slot(cascade.NEXT_SPELL)[0] == (grant,)
    k.begin_turn(1)
    assert k.slot(cascade.NEXT_SPELL) == ((), ())


def test_a_state_slot_name_is_registered_once() -> None:
    with pytest.raises(ValueError, match="registered twice"):
        state_slot(cascade.NEXT_SPELL, lambda players: (), per_turn=True)


def _replayed_and_resumed(path: Path):
    """Every decision of the example's recorded answers, answered two ways: the scenario
    with one more choice replayed from its start, and the paused timeline played on."""
    sc = Scenario.load(path)
    keys = [key for _, _, key in sc.run().answered]  # as chosen (a named target: its key)
    for d, key in enumerate(keys):
        paused = sc.with_choices(keys[:d]).run()
        assert paused.pending is not None and paused.pending.index == d
        assert paused._checkpoints  # it goes on from one (not a replay in disguise)
        yield paused.answer(key).run(), paused.continue_with(key)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_answering_from_a_checkpoint_plays_the_same_frames_as_replaying(path: Path) -> None:
    """A paused run goes on from the checkpoint at the start of the action its decision
    came up in: frame for frame (states, events, decisions) what replaying from the start
    gives, for every answer of every example."""
    for replayed, resumed in _replayed_and_resumed(path):
        assert resumed.fingerprint() == replayed.fingerprint()
        assert resumed.answered == replayed.answered
        assert (resumed.pending, resumed.finished) == (replayed.pending, replayed.finished)
        assert resumed.action_frames == replayed.action_frames
        assert resumed.priority_frames == replayed.priority_frames


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_checkpoint_of_a_run_plays_on_as_the_run_did(path: Path) -> None:
    """Restored at any action's start (same scenario, same choices), play gives the same
    frames as the run that took the checkpoint (the same random draws included, 701.24a)."""
    from engine.core.game import Game
    from engine.core.policy import ScriptedPolicy

    sc = Scenario.load(path)
    full = sc.run()
    pool = sc.pool(None)
    game = Game(sc, pool, ScriptedPolicy(sc.choices))
    game.play()
    assert game.checkpoints or not sc.actions
    for frames, answered, cp in game.checkpoints:
        again = Game.resumed(cp, sc, ScriptedPolicy(sc.choices))
        assert len(again.frames) == frames and len(again.decisions) == answered
        again.play()
        assert [s for s, _ in again.frames] == [f.state for f in full.frames]
        assert [e for _, e in again.frames] == [f.event for f in full.frames]
        assert again.decisions == game.decisions


def test_a_field_without_a_copy_rule_stops_the_checkpoint() -> None:
    """A new field of the game must say how a checkpoint copies it (not be shared
    silently between a run and the runs resumed from it)."""
    k = Kernel(pool=None, seed=1, turn=1)
    k.add_player("You", 20, 0)
    k.checkpoint()
    k.new_mechanic_field = []  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match="new_mechanic_field"):
        k.checkpoint()


def test_a_policy_that_never_pauses_keeps_no_checkpoint() -> None:
    """Odds and benchmarks answer every decision (AutoPolicy): nothing to go on from."""
    from engine import AutoPolicy
    from engine.core.game import Game

    sc = Scenario.load(EXAMPLES[0])
    game = Game(sc, sc.pool(None), AutoPolicy())
    game.play()
    assert game.checkpoints is None and game.finished


def test_an_object_evolves_as_dataclasses_replace_would() -> None:
    """CardObject.evolve (the kernel's fast copy) equals dataclasses.replace, and refuses
    a field the object doesn't have."""
    import dataclasses

    from engine import default_pool
    from engine.core.state import CardObject

    obj = CardObject(id=3, card=default_pool().get("Forest"), owner=1, controller=1)
    changes = {"tapped": True, "damage": 2, "controller": 0}
    assert obj.evolve(**changes) == dataclasses.replace(obj, **changes)
    assert obj.evolve() == obj and obj.tapped is False  # the original is unchanged
    with pytest.raises(TypeError, match="taped"):
        obj.evolve(taped=True)


def test_a_pickled_paused_timeline_goes_on_by_replaying() -> None:
    """A run sent from a worker process is pickled without its checkpoints; answering it
    still gives the replayed timeline."""
    import copyreg
    import io
    import pickle
    from types import MappingProxyType

    sc = Scenario.load(next(p for p in EXAMPLES if p.stem == "apex_devastator"))
    keys = [key for _, _, key in sc.run().answered]
    paused = sc.with_choices(keys[:1]).run()
    assert paused._checkpoints
    buf = io.BytesIO()
    pickler = pickle.Pickler(buf)  # as a worker sends it: read-only mappings as dicts
    pickler.dispatch_table = {
        **copyreg.dispatch_table,
        MappingProxyType: lambda m: (dict, (dict(m),)),
    }
    pickler.dump(paused)
    copy = pickle.loads(buf.getvalue())
    assert copy._checkpoints == [] and copy.fingerprint() == paused.fingerprint()
    assert copy.continue_with(keys[1]).fingerprint() == paused.answer(keys[1]).run().fingerprint()
