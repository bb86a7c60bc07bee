"""Responses at a chosen point of a resolution: ``when`` (117.3-117.5),
timing for player-taken casts (307.1, 117.1a) and targets named by card (601.2c).

In the style of XMage's CascadeTest: set a board, act (including the opponent's response
at a named moment), then check zones, counts and event fields (never log wording).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine import AutoPolicy, Scenario, ScenarioError
from engine.core.events import EventKind
from engine.core.responses import actions_before, point_of

from boards import board, finished, kinds, of_kind, opp, play, zone

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "scenarios"
BOLT_CASCADE = ["Forest", "Lightning Bolt", "Mountain"]  # BBE (mv 4) hits the Bolt


def _bbe(actions_after: list[dict], **kw) -> dict:
    kw.setdefault("opponent_hand", ["Counterspell"])
    kw.setdefault("choices", ["cast", "target:p1"])
    kw.setdefault("hand", ["Bloodbraid Elf"])
    return board(
        BOLT_CASCADE,
        actions=[{"do": "cast", "card": "Bloodbraid Elf"}, *actions_after],
        **kw,
    )


def _entered(tl, name: str) -> int:
    """The first frame where a permanent of this name is on your battlefield."""
    return next(
        f.index
        for f in tl.frames
        if name in [f.state.obj(i).name for i in f.state.players[0].battlefield]
    )


# ------------------------------------------------------------ responding during cascade
def test_the_opponent_counters_the_spell_you_cascaded_into_cr_701_6a_702_85a() -> None:
    """The Bolt cast by cascade (during the resolution of the trigger) is countered at
    the next priority moment; Bloodbraid Elf itself still resolves (its cascade trigger
    was independent of it, and the counterspell targeted the Bolt only)."""
    tl = finished(
        _bbe(
            [
                {
                    "do": "counter",
                    "player": 1,
                    "with": "Counterspell",
                    "when": {"on_stack": "Lightning Bolt", "kind": "spell"},
                }
            ]
        )
    )
    countered = of_kind(tl, "countered")
    assert len(countered) == 1
    assert tl.final.obj(countered[0].objects[0]).name == "Lightning Bolt"
    assert zone(tl, "graveyard") == ["Lightning Bolt"]
    assert zone(tl, "battlefield") == ["Bloodbraid Elf"]
    assert zone(tl, "graveyard", 1) == ["Counterspell"]
    assert opp(tl)["life"] == 20  # the Bolt never resolved
    # the counterspell was cast after the Bolt's cast and before the Elf resolved
    casts = [
        (f.index, f.event.data["face"])
        for f in tl.frames
        if f.event is not None and f.event.kind == EventKind.CAST
    ]
    assert [name for _, name in casts] == ["Bloodbraid Elf", "Lightning Bolt", "Counterspell"]
    assert casts[2][0] < _entered(tl, "Bloodbraid Elf")


def test_counter_with_when_targets_the_named_spell_not_the_top_one_cr_601_2c() -> None:
    """'when' names Bloodbraid Elf while its cascade trigger is on top (117.3b: priority
    after the trigger is put on the stack): the counter targets the Elf, the trigger still
    resolves (702.85a) and its Bolt is cast."""
    tl = finished(
        _bbe(
            [
                {
                    "do": "counter",
                    "player": 1,
                    "when": {"on_stack": "Bloodbraid Elf", "kind": "spell"},
                }
            ]
        )
    )
    assert zone(tl, "graveyard") == ["Bloodbraid Elf", "Lightning Bolt"]
    assert opp(tl)["life"] == 17  # the cascaded Bolt resolved
    assert len(of_kind(tl, "countered")) == 1


def test_a_response_to_the_response_counter_the_counter_cr_117_3c() -> None:
    tl = finished(
        _bbe(
            [
                {"do": "counter", "player": 1, "when": "Lightning Bolt"},
                {"do": "counter", "player": 0, "with": "Counterspell", "when": "Counterspell"},
            ],
            hand=["Bloodbraid Elf", "Counterspell"],
        )
    )
    assert opp(tl)["life"] == 17  # the opponent's Counterspell was countered
    assert sorted(zone(tl, "graveyard", 1)) == ["Counterspell"]
    assert sorted(zone(tl, "graveyard")) == ["Counterspell", "Lightning Bolt"]


def test_top_names_the_moment_the_elf_is_on_top_again() -> None:
    """With "top", the Elf is countered only after the Bolt resolved (the Elf is on top)."""
    tl = finished(
        _bbe([{"do": "counter", "player": 1, "when": {"on_stack": "Bloodbraid Elf", "top": True}}])
    )
    assert opp(tl)["life"] == 17
    assert zone(tl, "graveyard") == ["Lightning Bolt", "Bloodbraid Elf"]


def test_a_response_to_a_discovered_spell_cr_702_163a() -> None:
    """Geological Appraiser's discover 3 casts Lightning Bolt during the resolution of the
    ability; the opponent counters the Bolt, the Appraiser stays."""
    d = board(
        ["Mountain", "Lightning Bolt"],
        hand=["Geological Appraiser"],
        opponent_hand=["Counterspell"],
        opponent_battlefield=["Grizzly Bears"],
        actions=[
            {"do": "cast", "card": "Geological Appraiser"},
            {"do": "counter", "player": 1, "when": {"on_stack": "Lightning Bolt", "kind": "spell"}},
        ],
        choices=["cast", "target:card=Grizzly Bears,owner=1"],
    )
    tl = finished(d)
    assert len(of_kind(tl, "discover")) == 1
    assert zone(tl, "battlefield", 1) == ["Grizzly Bears"]
    assert zone(tl, "graveyard") == ["Lightning Bolt"]
    assert zone(tl, "battlefield") == ["Geological Appraiser"]
    assert zone(tl, "graveyard", 1) == ["Counterspell"]


# ---------------------------------------------------------------- responding to a Saga
def test_saga_destroyed_in_response_to_its_final_chapter_cr_113_7a_714_4() -> None:
    """Disenchant on The First Eruption while chapter III is on the stack: the chapter
    ability still resolves (113.7a: independent of its source) and there is no Saga left
    to sacrifice (714.4)."""
    d = board(
        battlefield=[
            {"name": "The First Eruption", "counters": {"lore": 2}},
            "Mountain",
            "Thragtusk",
        ],
        opponent_hand=["Disenchant"],
        actions=[
            {"do": "add_lore", "card": "The First Eruption"},
            {
                "do": "cast",
                "player": 1,
                "card": "Disenchant",
                "when": {"on_stack": "The First Eruption", "kind": "ability", "chapter": 3},
                "targets": [{"card": "The First Eruption", "owner": 0, "zone": "battlefield"}],
            },
        ],
    )
    tl = finished(d)
    assert "The First Eruption" in zone(tl, "graveyard")
    destroyed = [e for e in of_kind(tl, "destroy") if e.source is not None]
    assert any(tl.final.obj(e.objects[0]).name == "The First Eruption" for e in destroyed)
    # chapter III resolved: one Mountain sacrificed, 3 damage to Thragtusk
    assert "Mountain" in zone(tl, "graveyard") and "Thragtusk" in zone(tl, "graveyard")
    sacrificed = [tl.final.obj(e.objects[0]).name for e in of_kind(tl, "sacrifice")]
    assert sacrificed == ["Mountain"]  # not the Saga: it is gone already (714.4)
    frames = {
        k: [f.index for f in tl.frames if f.event is not None and f.event.kind == k]
        for k in (EventKind.STACK, EventKind.DESTROY, EventKind.RESOLVE)
    }
    chapter_on_stack = frames[EventKind.STACK][0]
    saga_destroyed = frames[EventKind.DESTROY][0]
    chapter_resolves = frames[EventKind.RESOLVE][-1]
    assert chapter_on_stack < saga_destroyed < chapter_resolves


def test_an_activated_ability_as_a_response_cr_602_2() -> None:
    """Prodigal Pyromancer pings you in response to your Lightning Bolt at it: the ability
    resolves first (405.5), then the Bolt."""
    d = board(
        hand=["Lightning Bolt"],
        opponent_battlefield=["Prodigal Pyromancer"],
        actions=[
            {
                "do": "cast",
                "card": "Lightning Bolt",
                "targets": [{"card": "Prodigal Pyromancer", "owner": 1}],
            },
            {
                "do": "activate",
                "player": 1,
                "card": "Prodigal Pyromancer",
                "when": "Lightning Bolt",
                "targets": [{"player": 0}],
            },
        ],
    )
    tl = finished(d)
    assert tl.final.players[0].life == 19
    assert zone(tl, "graveyard", 1) == ["Prodigal Pyromancer"]
    order = [
        f.event.kind
        for f in tl.frames
        if f.event is not None and f.event.kind in (EventKind.ACTIVATE, EventKind.RESOLVE)
    ]
    assert order[0] == EventKind.ACTIVATE


def test_a_response_point_that_never_comes_is_a_typed_error() -> None:
    """A 'when' naming a priority moment (117.3b) that never comes in the run is a
    ScenarioError naming the action, never a silently skipped response."""
    d = _bbe([{"do": "counter", "player": 1, "when": {"on_stack": "Tarmogoyf", "kind": "spell"}}])
    with pytest.raises(ScenarioError, match=r"action 2: the response point 'Tarmogoyf \(spell"):
        play(d)
    d = _bbe([{"do": "counter", "player": 1, "when": {"on_stack": "Lightning Bolt", "nth": 2}}])
    with pytest.raises(ScenarioError, match="never came"):
        play(d)


def test_a_response_inside_next_main_answers_the_opponents_chapter_cr_714_3b() -> None:
    """In the opponent's turn (next_main), you Disenchant their History of Benalia with its
    chapter I on the stack: the Knight is still made (113.7a), the Saga is gone."""
    d = board(
        hand=["Disenchant"],
        library=["Forest"],
        opponent_library=["Island"],
        opponent_battlefield=["History of Benalia"],
        actions=[
            {"do": "next_main"},
            {
                "do": "cast",
                "card": "Disenchant",
                "when": {"on_stack": "History of Benalia", "chapter": 1},
                "targets": [{"card": "History of Benalia"}],
            },
        ],
    )
    tl = finished(d)
    assert zone(tl, "graveyard", 1) == ["History of Benalia"]
    assert "Knight token" in zone(tl, "battlefield", 1)
    cast = next(f for f in tl.frames if f.event is not None and f.event.kind == EventKind.CAST)
    assert (cast.state.turn, cast.state.active) == (2, 1)  # in the opponent's turn


# ------------------------------------------------------------------ timing, 307.1
def test_a_sorcery_cannot_be_cast_as_a_response_cr_307_1() -> None:
    d = _bbe(
        [{"do": "cast", "player": 1, "card": "Blightning", "when": "Lightning Bolt"}],
        opponent_hand=["Blightning"],
    )
    with pytest.raises(ScenarioError, match=r"307\.1"):
        play(d)


def test_a_sorcery_cannot_be_cast_in_the_opponents_turn_cr_307_1() -> None:
    d = board(
        opponent_hand=["Divination"],
        opponent_library=["Island", "Island"],
        actions=[{"do": "cast", "player": 1, "card": "Divination"}],
    )
    with pytest.raises(ScenarioError, match=r"307\.1"):
        play(d)
    # in the opponent's own main phase (after next_main to player 1) it can
    d["actions"] = [
        {"do": "next_main", "player": 1},
        {"do": "cast", "player": 1, "card": "Divination"},
    ]
    d["players"][1]["library"]["cards"] = [{"name": "Island"}] * 3
    tl = finished(d)
    assert "Divination" in zone(tl, "graveyard", 1)


def test_flash_and_instants_can_respond_cr_702_8a() -> None:
    d = _bbe(
        [{"do": "cast", "player": 1, "card": "Snapcaster Mage", "when": "Lightning Bolt"}],
        opponent_hand=["Snapcaster Mage"],
    )
    tl = finished(d)
    assert "Snapcaster Mage" in zone(tl, "battlefield", 1)


def test_free_casts_during_a_resolution_are_not_limited_by_timing_cr_702_85a() -> None:
    """Cascade casts a sorcery (Blightning's mana value 3 < 4) with the Elf on the stack."""
    d = board(
        ["Blightning"],
        hand=["Bloodbraid Elf"],
        opponent_hand=["Island", "Island"],
        choices=["cast"],
    )
    tl = finished(d)
    assert "Blightning" in zone(tl, "graveyard")


# ------------------------------------------------------------------ next_main, 500-505
def test_next_main_plays_the_opponents_turn_with_real_turn_numbers_cr_500_1() -> None:
    d = board(
        ["Forest", "Forest"],
        battlefield=[{"name": "Mountain", "tapped": True}],
        opponent_library=["Island", "Island"],
        opponent_battlefield=[{"name": "Island", "tapped": True}, "History of Benalia"],
        actions=[{"do": "next_main"}],
    )
    tl = finished(d)
    turns = [(e.amount, e.player) for e in of_kind(tl, "turn")]
    assert turns == [(2, 1), (3, 0)]
    assert tl.final.turn == 3 and tl.final.active == 0 and tl.final.phase == "precombat main"
    # both players untapped in their own untap step (502.3) and drew (504.1)
    assert [e.player for e in of_kind(tl, "draw")] == [1, 0]
    assert len(zone(tl, "hand", 1)) == 1 and len(zone(tl, "hand")) == 1
    # the opponent's Saga got its lore counter in THEIR precombat main (714.3b)
    lore = [
        f
        for f in tl.frames
        if f.event is not None and f.event.kind == EventKind.LORE and f.event.changes
    ]
    assert [(f.state.turn, f.state.active) for f in lore] == [(2, 1)]
    assert zone(tl, "battlefield", 1).count("Knight token") == 1  # chapter I resolved
    knight = next(o for o in tl.final.objects.values() if o.name == "Knight token")
    assert knight.controller == 1


def test_the_opponents_chapter_asks_the_opponent_cr_714_3b_603_3() -> None:
    """Summon: G.F. Ifrit's chapter I ("you may discard...") in the opponent's turn asks
    the opponent (player 1), in turn 2."""
    d = board(
        ["Forest"],
        opponent_library=["Island"],
        opponent_hand=["Island"],
        opponent_battlefield=["Summon: G.F. Ifrit"],
        actions=[{"do": "next_main"}],
    )
    tl = play(d)
    assert tl.pending is not None and tl.pending.player == 1
    assert (tl.final.turn, tl.final.active) == (2, 1)


def test_next_main_to_the_opponent_stops_at_their_precombat_main() -> None:
    d = board(opponent_library=["Island"], actions=[{"do": "next_main", "player": 1}])
    tl = finished(d)
    assert (tl.final.turn, tl.final.active) == (2, 1)


def test_the_opponent_loses_drawing_from_an_empty_library_cr_704_5b() -> None:
    d = board(["Forest"], actions=[{"do": "next_main"}])
    tl = play(d)
    assert tl.finished
    assert tl.final.lost == (1,)
    assert len(of_kind(tl, "draw_empty")) == 1
    assert "lose" in kinds(tl)
    assert tl.final.turn == 2  # the game ended in the opponent's draw step


def test_the_legacy_precombat_main_still_skips_the_opponents_turn() -> None:
    d = board(["Forest"], actions=[{"do": "precombat_main"}])
    tl = finished(d)
    assert [(e.amount, e.player) for e in of_kind(tl, "turn")] == [(2, 0)]


# --------------------------------------------------------------- targets, 601.2c
def test_targets_by_card_name_owner_and_zone_cr_601_2c() -> None:
    d = board(
        hand=["Lightning Bolt"],
        battlefield=["Grizzly Bears"],
        opponent_battlefield=["Grizzly Bears"],
        actions=[
            {
                "do": "cast",
                "card": "Lightning Bolt",
                "targets": [{"card": "Grizzly Bears", "owner": 1, "zone": "battlefield"}],
            }
        ],
    )
    tl = finished(d)
    assert zone(tl, "graveyard", 1) == ["Grizzly Bears"]
    assert zone(tl, "battlefield") == ["Grizzly Bears"]
    assert tl.answered == []  # the ref answered the target choice: no decision asked


def test_targets_nth_picks_among_equal_names() -> None:
    d = board(
        hand=["Lightning Bolt"],
        opponent_battlefield=[{"name": "Grizzly Bears", "tapped": True}, "Grizzly Bears"],
        actions=[
            {
                "do": "cast",
                "card": "Lightning Bolt",
                "targets": [{"card": "Grizzly Bears", "owner": 1, "nth": 2}],
            }
        ],
    )
    tl = finished(d)
    left = [
        o
        for o in tl.final.objects.values()
        if o.name == "Grizzly Bears" and tl.final.where(o.id) == "battlefield"
    ]
    assert len(left) == 1 and left[0].tapped  # the second (untapped) one died


@pytest.mark.parametrize(
    "ref",
    [
        {"card": "Grizzly Bears", "owner": 0},
        {"card": "Grizzly Bears", "zone": "graveyard"},
        {"card": "Serra Angel"},
        {"card": "Grizzly Bears", "owner": 1, "nth": 2},
    ],
)
def test_a_ref_naming_no_legal_target_is_a_typed_error_listing_them(ref: dict) -> None:
    d = board(
        hand=["Lightning Bolt"],
        opponent_battlefield=["Grizzly Bears"],
        actions=[{"do": "cast", "card": "Lightning Bolt", "targets": [ref]}],
    )
    with pytest.raises(
        ScenarioError,
        match=r"not a legal target.*legal targets: Grizzly Bears "
        r"\(owner 1, battlefield",
    ):
        play(d)


def test_too_many_targets_is_an_error() -> None:
    d = board(
        hand=["Lightning Bolt"],
        opponent_battlefield=["Grizzly Bears"],
        actions=[
            {"do": "cast", "card": "Lightning Bolt", "targets": [{"player": 1}, {"player": 0}]}
        ],
    )
    with pytest.raises(ScenarioError, match="more targets than asked"):
        play(d)


def test_object_id_targets_and_legacy_choices_still_work() -> None:
    base = board(hand=["Lightning Bolt"], opponent_battlefield=["Grizzly Bears"])
    tl = play(base)
    assert tl.pending is not None and tl.pending.kind == "target"
    bears = next(
        o.key for o in tl.pending.options if o.ref and o.ref.get("card") == "Grizzly Bears"
    )
    assert finished({**base, "choices": [bears]}).final.players[1].graveyard
    by_id = board(
        hand=["Lightning Bolt"],
        opponent_battlefield=["Grizzly Bears"],
        actions=[{"do": "cast", "card": "Lightning Bolt", "targets": [bears.split(":", 1)[1]]}],
    )
    assert zone(finished(by_id), "graveyard", 1) == ["Grizzly Bears"]


def test_a_named_target_choice_matches_the_options_symbolic_refs() -> None:
    base = board(
        hand=["Lightning Bolt"],
        battlefield=["Grizzly Bears"],
        opponent_battlefield=["Grizzly Bears"],
    )
    tl = finished({**base, "choices": ["target:card=Grizzly Bears,owner=1,zone=battlefield"]})
    assert zone(tl, "graveyard", 1) == ["Grizzly Bears"] and zone(tl, "battlefield")
    with pytest.raises(ScenarioError, match="names no option"):
        play({**base, "choices": ["target:card=Grizzly Bears,owner=1,zone=graveyard"]})
    with pytest.raises(ScenarioError, match="key=value"):
        play({**base, "choices": ["target:card=Grizzly Bears,colour=red"]})


# ------------------------------------------------------------------ the UI's helper
def test_point_of_names_each_priority_moment_and_round_trips() -> None:
    """For every frame where a player would have priority, point_of's 'when' given to an
    action inserted after the actions taken by then is taken at that same frame."""
    d = _bbe([])
    tl = finished(d)
    assert tl.priority_frames
    assert point_of(tl, 0) is None
    for k in tl.priority_frames:
        when = point_of(tl, k)
        assert when is not None
        n = actions_before(tl, k)
        actions = [*d["actions"][:n], {"do": "proliferate", "when": when}]
        again = Scenario.from_dict({**d, "actions": actions}).run()
        assert again.action_frames[-1] == k, (k, when)
        assert [f.event for f in again.frames[: k + 1]] == [f.event for f in tl.frames[: k + 1]]


CASCADE_POOL = [
    "Forest",
    "Mountain",
    "Lightning Bolt",
    "Tarmogoyf",
    "Blightning",
    "Bloodbraid Elf",
    "Counterspell",
    "Shock",
]


@settings(max_examples=20, deadline=None)
@given(
    library=st.lists(st.sampled_from(CASCADE_POOL), min_size=2, max_size=8),
    seed=st.integers(0, 10_000),
    data=st.data(),
)
def test_a_when_naming_the_top_item_at_a_priority_frame_lands_there(library, seed, data) -> None:
    """Property: at a random priority frame of a random cascade run, point_of's 'when' on
    an action inserted after the actions taken by then is taken at that very frame, and
    the run up to there is the same (engine and UI count stack items alike)."""
    d = board(
        library,
        hand=["Bloodbraid Elf"],
        library_order="random",
        seed=seed,
        opponent_battlefield=["Grizzly Bears"],
    )
    tl = Scenario.from_dict(d).run(policy=AutoPolicy())
    assume(tl.priority_frames)
    k = data.draw(st.sampled_from(tl.priority_frames))
    when = point_of(tl, k)
    assert when is not None
    actions = [*d["actions"][: actions_before(tl, k)], {"do": "proliferate", "when": when}]
    again = Scenario.from_dict({**d, "actions": actions}).run(policy=AutoPolicy())
    assert again.action_frames[-1] == k
    assert [f.event for f in again.frames[: k + 1]] == [f.event for f in tl.frames[: k + 1]]


def test_point_of_in_a_legacy_countered_cascade_example() -> None:
    """The legacy counter (no 'when') is taken at a priority moment too: point_of names it."""
    tl = Scenario.load(EXAMPLES / "countered_cascade.json").run()
    k = tl.action_frames[1]  # where the legacy counter was taken
    assert k in tl.priority_frames
    assert point_of(tl, k) == {"on_stack": "Bloodbraid Elf", "kind": "ability", "nth": 1}


def test_untap_step_untaps_only_the_active_players_permanents_cr_502_3() -> None:
    """Your turn begins (legacy ``precombat_main``: the opponent's turn is not played):
    in your untap step your tapped permanents untap, the opponent's stay tapped (502.3);
    then you draw one card (504.1)."""
    d = board(
        ["Forest", "Forest"],
        battlefield=[{"name": "Mountain", "tapped": True}, {"name": "Island", "tapped": True}],
        opponent_battlefield=[{"name": "Swamp", "tapped": True}],
        actions=[{"do": "precombat_main"}],
    )
    tl = finished(d)
    st_ = tl.final
    mine = [st_.obj(i) for i in st_.players[0].battlefield]
    theirs = [st_.obj(i) for i in st_.players[1].battlefield]
    assert sorted((o.name, o.tapped) for o in mine) == [("Island", False), ("Mountain", False)]
    assert [(o.name, o.tapped) for o in theirs] == [("Swamp", True)]
    [turn] = of_kind(tl, "turn")
    assert (turn.amount, turn.player, len(turn.objects)) == (2, 0, 2)
    assert zone(tl, "hand") == ["Forest"] and zone(tl, "library") == ["Forest"]
