"""The engine core: typed events, the kernel's primitive changes, the op registry and the
all-or-nothing check (docs/ENGINE_CORE.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import Scenario
from engine.core.events import Change, ChangeKind, DecisionKind, Event, EventKind, Move
from engine.lang import effects
from engine.lang.effects import OPS, Ctx, missing_parts, op

from boards import board, finished, of_kind, opp

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples" / "scenarios").glob("*.json"))

# The kind strings the JSON log has always used (before kinds were an enum).
OLD_EVENT_KINDS = """activate as_you_cascade bottom bounce cant_cast cascade cascade_hit cast cost
countered counters damage decline destroy discover discover_hit discover_none discovered draw
draw_empty exile fizzle game_draw grant graveyard kicker life lore lose mana no_target
no_trigger not_simulated proliferate resolve sacrifice sba stack tap target to_hand token
trigger turn whiff""".split()
OLD_DECISION_KINDS = """as_you_cascade cascade_cast choose_face choose_permanent discard_cost
discover_cast kicker order_triggers proliferate read_ahead target x_value""".split()


def test_kinds_are_enums_with_the_old_strings() -> None:
    # New kinds are appended; the old strings must all still be there.
    assert set(OLD_EVENT_KINDS) <= {k.value for k in EventKind}
    assert set(OLD_DECISION_KINDS) <= {k.value for k in DecisionKind}
    assert EventKind.CAST == "cast" and f"{EventKind.CAST}" == "cast"
    assert json.dumps({"k": EventKind.WHIFF}) == '{"k": "whiff"}'


def test_event_to_dict_keeps_its_keys_and_adds_fields_only_when_set() -> None:
    bare = Event(EventKind.TAP, "t", "701.26a").to_dict()
    assert bare == {"kind": "tap", "text": "t", "rule": "701.26a", "moves": [], "objects": []}
    assert type(bare["kind"]) is str
    full = Event(
        EventKind.COUNTERS,
        "t",
        "122.1",
        moves=(Move(1, "A", 0, "hand", "exile"),),
        source=3,
        amount=2,
        counter="+1/+1",
        instance=1,
        instances=2,
        changes=(Change(ChangeKind.COUNTERS, 1, 0, 2, "+1/+1"),),
        data={"x": 1},
    ).to_dict()
    assert full["moves"] == [{"obj": 1, "name": "A", "owner": 0, "from": "hand", "to": "exile"}]
    assert (full["source"], full["amount"], full["counter"]) == (3, 2, "+1/+1")
    assert (full["instance"], full["instances"], full["data"]) == (1, 2, {"x": 1})
    assert full["changes"] == [
        {"what": "counters", "subject": 1, "before": 0, "after": 2, "key": "+1/+1"}
    ]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_state_change_is_named_by_its_frames_event(path: Path) -> None:
    """A frame never changes a zone, a life total, counters, damage or tapped status that its
    event doesn't carry as a Move or a Change (the kernel records each primitive)."""
    tl = Scenario.load(path).run()
    for before, after in zip(tl.frames, tl.frames[1:], strict=False):
        e = after.event
        moved = {m.obj for m in e.moves}
        changed = {(c.what, c.subject) for c in e.changes}
        for oid, obj in after.state.objects.items():
            old = before.state.objects.get(oid)
            if old is None or before.state.where(oid) != after.state.where(oid):
                assert oid in moved, (e.kind, e.text, oid)
                continue
            if oid in moved:
                continue
            if old.counters != obj.counters:
                assert (ChangeKind.COUNTERS, oid) in changed, (e.kind, e.text)
            if old.damage != obj.damage:
                assert (ChangeKind.DAMAGE, oid) in changed, (e.kind, e.text)
            if old.tapped != obj.tapped:
                assert (ChangeKind.TAPPED, oid) in changed, (e.kind, e.text)
        for p, (p0, p1) in enumerate(zip(before.state.players, after.state.players, strict=True)):
            if p0.life != p1.life:
                assert (ChangeKind.LIFE, p) in changed, (e.kind, e.text)
            if p0.mana_pool != p1.mana_pool:
                assert (ChangeKind.MANA, p) in changed, (e.kind, e.text)


def test_damage_event_carries_its_life_change() -> None:
    tl = finished(board([], hand=("Lightning Bolt",), choices=("target:p1",)))
    (damage,) = of_kind(tl, "damage")
    assert damage.amount == 3 and damage.data["players"] == [1]
    assert [(c.what, c.subject, c.before, c.after) for c in damage.changes] == [("life", 1, 20, 17)]


# ---------------------------------------------------------------------- the op registry

BOLT_PLUS = {  # a spell with a simulated part and a part outside the vocabulary
    "name": "Bolt Plus",
    "mana_cost": "{R}",
    "type_line": "Instant",
    "effects": {
        "targets": [{"what": "any", "count": 1}],
        "spell": [
            {"op": "damage", "amount": 3, "to": "target"},
            # scry is simulated now (engine/ops/library.py); venture needs dungeons (309).
            {"op": "venture"},
        ],
    },
}


def _bolt_plus() -> dict:
    return board([], hand=("Bolt Plus",), cards=(BOLT_PLUS,), choices=("target:p1",))


def test_a_part_outside_the_vocabulary_is_named_before_anything_changes() -> None:
    ops = BOLT_PLUS["effects"]["spell"]
    assert missing_parts(ops) == ["venture"]
    assert not effects.is_simulated(ops) and effects.is_simulated(ops[:1])


def test_all_or_nothing_changes_nothing_and_names_the_missing_part(monkeypatch) -> None:
    monkeypatch.setattr(effects, "WHOLE_RESOLUTIONS", True)
    tl = finished(_bolt_plus())
    assert opp(tl)["life"] == 20 and not of_kind(tl, "damage")
    (skipped,) = of_kind(tl, "not_simulated")
    assert skipped.data["ops"] == ["venture"] and skipped.changes == () and skipped.moves == ()
    assert tl.final.summary()["players"][0]["graveyard"] == ["Bolt Plus"]


def test_whole_resolutions_are_the_default_part_by_part_only_on_request(monkeypatch) -> None:
    """All or nothing is the default (effects.WHOLE_RESOLUTIONS); the old
    part-by-part resolution is still there for whoever asks for it (whole=False)."""
    assert effects.WHOLE_RESOLUTIONS is True
    monkeypatch.setattr(effects, "WHOLE_RESOLUTIONS", False)
    tl = finished(_bolt_plus())
    assert opp(tl)["life"] == 17
    assert [e.data["ops"] for e in of_kind(tl, "not_simulated")] == [["venture"]]


def test_an_op_name_has_one_handler() -> None:
    with pytest.raises(ValueError, match="already registered"):

        @op("damage")
        def again(ctx: Ctx, o: dict) -> None:
            """A second damage handler."""

    assert OPS["damage"].family == "engine.ops.damage"


def test_a_handler_check_runs_up_front_with_or_without_a_game() -> None:
    assert OPS["destroy"].check({"op": "destroy", "what": "all_artifacts"}, None) == (
        "destroy all artifacts"
    )
    assert OPS["destroy"].check({"op": "destroy", "what": "target"}, None) is None
    assert "to" in OPS["damage"].fields and OPS["damage"].doc
