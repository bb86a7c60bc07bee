"""A fresh-eyes rules audit: each test pins down a bug that was found and fixed.

XMage style: set a board (libraries LISTED, top first), act, answer the decisions,
then assert the end state and the events. Each name cites the CR rule it checks.
Pure pytest (no files, no subprocess): runs under Pyodide.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import AutoPolicy, Scenario, ScenarioError
from engine.play.timeline import Timeline

from boards import board, card_name, finished, of_kind, source_name, zone

# ---------------------------------------------------------------------------- helpers


def obj_id(tl: Timeline, name: str) -> int:
    state = tl.frames[0].state
    return next(i for i, o in state.objects.items() if o.card.name == name)


# ------------------------------------------------- 608.2b: a target that changed zones


def test_target_that_left_the_battlefield_is_illegal_spell_doesnt_resolve_cr_608_2b_400_7():
    """Bituminous Blast targets Grizzly Bears; its cascade casts Fire, which kills the
    Bears first. The Bears in the graveyard are a new object (400.7): the Blast's only
    target is illegal, so it doesn't resolve and deals no damage (608.2b)."""
    d = board(
        ["Mountain", "Fire // Ice", "Forest"],
        hand=("Bituminous Blast",),
        opponent_battlefield=("Grizzly Bears",),
    )
    bears = "o5"
    tl = finished({**d, "choices": ["cast:Fire", f"target:{bears}", "target:none"]})
    assert zone(tl, "graveyard", 1) == ["Grizzly Bears"]
    fizzles = of_kind(tl, "fizzle")
    assert [e.rule for e in fizzles] == ["608.2b"]
    assert source_name(tl, fizzles[0]) == "Bituminous Blast"
    assert [(m.src, m.dst) for m in fizzles[0].moves] == [("stack", "graveyard")]
    assert not [e for e in of_kind(tl, "damage") if source_name(tl, e) == "Bituminous Blast"]
    assert "Bituminous Blast" in zone(tl, "graveyard")
    assert tl.final.obj(5).damage == 0


# --------------------------------------------------------- 608.3: the Move says "stack"


def test_permanent_spell_moves_from_the_stack_to_the_battlefield_cr_608_3():
    tl = finished(board([], hand=("Grizzly Bears",)))
    (resolve,) = [e for e in of_kind(tl, "resolve") if e.moves]
    assert [(m.src, m.dst) for m in resolve.moves] == [("stack", "battlefield")]


# ------------------------------------- 603.3d: no legal target, never put on the stack

DOOM_SAGA = {
    "name": "Doom Saga",
    "mana_cost": "{1}",
    "type_line": "Enchantment — Saga",
    "chapters": {
        "count": 1,
        "abilities": [
            {
                "chapters": [1],
                "ops": [{"op": "destroy", "what": "target", "targets": [{"what": "artifact"}]}],
            }
        ],
    },
}


def test_trigger_without_legal_target_is_removed_never_stacked_cr_603_3d_704_5s():
    """Chapter I (the final chapter) needs a target artifact and there is none: the
    ability is removed (603.3d) -- it is never put on the stack and never resolves -- and
    the Saga is then sacrificed (704.5s) since no chapter ability of it is waiting."""
    tl = finished(board([], hand=("Doom Saga",), cards=(DOOM_SAGA,)))
    assert [e.rule for e in of_kind(tl, "no_target")] == ["603.3d"]
    chapter = [
        e
        for e in tl.events
        if e.kind in ("stack", "resolve") and e.data.get("trigger") == "chapter"
    ]
    assert chapter == []
    assert [e.rule for e in of_kind(tl, "sacrifice")] == ["704.5s"]
    assert zone(tl, "graveyard") == ["Doom Saga"]


def test_ability_without_legal_target_cant_be_activated_cr_602_2b_601_2c():
    """No cost is paid for an ability that can't be activated: the scenario says why."""
    relic = {
        "name": "Scrap Relic",
        "mana_cost": "{1}",
        "type_line": "Enchantment",
        "effects": {
            "activated": [
                {
                    "cost": "{T}, sacrifice this",
                    "ops": [{"op": "destroy", "what": "target"}],
                    "targets": [{"what": "artifact", "count": 1}],
                }
            ]
        },
    }
    d = board(
        [],
        battlefield=("Scrap Relic",),
        cards=(relic,),
        actions=[{"do": "activate", "card": "Scrap Relic"}],
    )
    with pytest.raises(ScenarioError, match="no legal target"):
        Scenario.from_dict(d).run()


# ---------------------------------------------------------------- 115.1 / 601.2c targets


def test_essence_scatter_can_only_target_a_creature_spell_cr_601_2c():
    d = board(
        [],
        hand=("Lightning Bolt",),
        opponent_hand=("Essence Scatter",),
        actions=[
            {"do": "cast", "card": "Lightning Bolt"},
            {"do": "counter", "target": "Lightning Bolt", "with": "Essence Scatter"},
        ],
        choices=("target:p1",),
    )
    with pytest.raises(ScenarioError, match="Essence Scatter can't target Lightning Bolt"):
        Scenario.from_dict(d).run()
    d["players"][0]["hand"] = ["Grizzly Bears"]
    d["actions"] = [
        {"do": "cast", "card": "Grizzly Bears"},
        {"do": "counter", "target": "Grizzly Bears", "with": "Essence Scatter"},
    ]
    tl = finished({**d, "choices": []})
    assert zone(tl, "graveyard") == ["Grizzly Bears"]


def test_spell_snare_targets_only_a_mana_value_2_spell_cr_601_2c_202_3():
    d = board(
        [],
        hand=("Lightning Bolt",),
        opponent_hand=("Spell Snare",),
        actions=[
            {"do": "cast", "card": "Lightning Bolt"},
            {"do": "counter", "target": "Lightning Bolt", "with": "Spell Snare"},
        ],
        choices=("target:p1",),
    )
    with pytest.raises(ScenarioError, match="can't target"):
        Scenario.from_dict(d).run()


# --------------------------------------------------------------------- losing the game

BLAST_EACH = {
    "name": "Mutual Blast",
    "mana_cost": "{R}",
    "type_line": "Instant",
    "effects": {"spell": [{"op": "damage", "amount": 5, "to": "each_player"}]},
}
DEEP_DRAW = {
    "name": "Deep Draw",
    "mana_cost": "{U}",
    "type_line": "Sorcery",
    "effects": {"spell": [{"op": "draw", "n": 2}, {"op": "gain_life", "n": 3}]},
}


def test_both_players_at_zero_life_at_once_is_a_draw_cr_104_4a_704_5a():
    tl = Scenario.from_dict(
        board([], hand=("Mutual Blast",), life=3, opponent_life=3, cards=(BLAST_EACH,))
    ).run()
    assert tl.finished
    (end,) = of_kind(tl, "game_draw")
    assert end.rule == "104.4a" and end.data["players"] == [0, 1]
    assert not of_kind(tl, "lose")
    assert set(tl.final.lost) == {0, 1}


def test_drawing_from_an_empty_library_loses_at_the_next_sba_check_cr_704_5b_121_4():
    """The loss is a state-based action: the rest of the spell still happens first."""
    tl = Scenario.from_dict(board(["Island"], hand=("Deep Draw",), cards=(DEEP_DRAW,))).run()
    assert tl.finished
    kinds = [e.kind for e in tl.events]
    assert kinds.index("draw_empty") < kinds.index("life") < kinds.index("lose")
    (lose,) = of_kind(tl, "lose")
    assert lose.rule == "704.5b"
    assert tl.final.players[0].life == 23
    assert zone(tl, "hand") == ["Island"]


def test_draw_step_with_an_empty_library_loses_before_the_main_phase_cr_704_5b():
    d = board(
        [],
        battlefield=({"name": "History of Benalia", "counters": {"lore": 1}},),
        actions=[{"do": "precombat_main"}],
    )
    tl = Scenario.from_dict(d).run()
    (lose,) = of_kind(tl, "lose")
    assert lose.rule == "704.5b"
    assert not of_kind(tl, "chapter") and not of_kind(tl, "lore")


def test_log_doesnt_claim_an_empty_stack_when_the_game_ends_mid_stack_cr_104_3a():
    """Bloodbraid Elf cascades into Lightning Bolt, which kills the opponent while the
    Elf is still on the stack: the game ends there, the stack is not empty."""
    d = board(
        ["Lightning Bolt"], hand=("Bloodbraid Elf",), opponent_life=3, choices=("cast", "target:p1")
    )
    tl = Scenario.from_dict(d).run()
    assert tl.finished and tl.final.lost == (1,)
    assert [s.text for s in tl.final.stack] == ["Bloodbraid Elf"]
    text = tl.text()
    assert "the stack is empty" not in text
    assert "the game is over" in text


# ------------------------------------------------------------------ sentences in the log


def test_discover_to_hand_says_your_hand_cr_701_57a():
    d = board(["Anger of the Gods"], actions=[{"do": "discover", "n": 3}], choices=("hand",))
    tl = finished(d)
    (to_hand,) = of_kind(tl, "to_hand")
    assert [(m.name, m.src, m.dst) for m in to_hand.moves] == [
        ("Anger of the Gods", "exile", "hand")
    ]
    # A wording test: the audit fixed this sentence ("You puts ...").
    assert to_hand.text == "You put Anger of the Gods into your hand instead of casting it."
    assert zone(tl, "hand") == ["Anger of the Gods"]


@pytest.mark.parametrize("library", [[], ["Forest"], ["Forest", "Forest"]])
def test_nothing_found_sentences_count_cards_right_cr_701_57b_702_85a(library):
    tl = finished(board(library, actions=[{"do": "discover", "n": 3}]))
    (none,) = of_kind(tl, "discover_none")
    assert none.amount == len(library)  # the fact; the rest of this test is the wording
    assert "all 0" not in none.text and "all 1 " not in none.text
    tl = finished(board(library, hand=("Bloodbraid Elf",)))
    (whiff,) = of_kind(tl, "whiff")
    assert whiff.amount == len(library)
    assert "all 0" not in whiff.text and "all 1 " not in whiff.text
    if not library:
        assert "library is empty" in whiff.text and "library is empty" in none.text


# ----------------------------------------------------------------------- CR citations


def test_sacrifice_cites_701_21a_the_first_eruption_chapter_iii():
    """CR 701.21a: chapter III sacrifices a Mountain (701.21a); the Saga itself goes by the
    state-based action (704.5s)."""
    d = board(
        [],
        battlefield=({"name": "The First Eruption", "counters": {"lore": 2}}, "Mountain"),
        actions=[{"do": "add_lore", "card": "The First Eruption"}],
    )
    tl = finished(d)
    sacs = of_kind(tl, "sacrifice")
    assert [e.rule for e in sacs] == ["701.21a", "704.5s"]


def test_adventure_spell_is_exiled_as_it_resolves_cr_715_3d():
    d = board(
        [],
        hand=("Bonecrusher Giant",),
        opponent_battlefield=("Grizzly Bears",),
        actions=[{"do": "cast", "card": "Bonecrusher Giant", "face": "Stomp"}],
        choices=("target:p1",),
    )
    tl = finished(d)
    adventure = [e for e in of_kind(tl, "exile") if e.data.get("adventure")]
    assert [e.rule for e in adventure] == ["715.3d"]


def test_saga_sacrifice_sentence_is_true_when_no_chapter_ever_resolved_cr_117_5_704_5s():
    """A Saga that starts at its final chapter never had a chapter ability on the stack:
    the log must not say "its final chapter ability has left the stack". State-based
    actions are checked before the first action too (a player would get priority, 117.5),
    so it is gone before the proliferate, which then finds nothing with counters."""
    d = board(
        [],
        battlefield=({"name": "History of Benalia", "counters": {"lore": 3}},),
        actions=[{"do": "proliferate"}],
    )
    tl = finished(d)
    assert [e.kind for e in tl.events] == ["sacrifice", "proliferate"]
    (sac,) = of_kind(tl, "sacrifice")
    assert sac.rule == "704.5s"
    assert (sac.data["reason"], sac.data["lore"], sac.data["final_chapter"]) == ("saga", 3, 3)


def test_exile_until_sentences_say_what_is_exiled_cr_702_85a_701_57a():
    tl = finished(board(["Grizzly Bears"], hand=("Bloodbraid Elf",), choices=("cast",)))
    (cascade,) = of_kind(tl, "cascade")
    assert cascade.amount == 4 and cascade.data["last_known"] is False
    tl = finished(board(["Grizzly Bears"], actions=[{"do": "discover", "n": 3}], choices=("hand",)))
    (discover,) = [e for e in of_kind(tl, "discover")]
    assert discover.amount == 3


# ------------------------------------------------------------------------- costs and X


def test_remove_a_counter_cost_is_really_paid_cr_602_2b_601_2h_704_5f_113_7a():
    """Walking Ballista (0/0, one +1/+1 counter) removes its counter to activate: it dies
    to the SBA at once (704.5f), and its ability, independent of its source, still
    deals 1 damage (113.7a)."""
    d = board(
        [],
        battlefield=({"name": "Walking Ballista", "counters": {"+1/+1": 1}},),
        opponent_battlefield=("Llanowar Elves",),
        actions=[{"do": "activate", "card": "Walking Ballista", "ability": 1}],
        choices=("target:o2",),
    )
    tl = finished(d)
    kinds = [e.kind for e in tl.events]
    assert kinds.index("sba") < kinds.index("damage")
    (sba,) = of_kind(tl, "sba")
    assert sba.rule == "704.5f" and sba.data["reason"] == "toughness"
    assert [m.name for m in sba.moves] == ["Walking Ballista"]
    assert zone(tl, "graveyard") == ["Walking Ballista"]
    assert zone(tl, "graveyard", 1) == ["Llanowar Elves"]


def test_x_counters_when_cast_from_hand_cite_107_3m():
    d = board(
        [], hand=("Walking Ballista",), actions=[{"do": "cast", "card": "Walking Ballista", "x": 2}]
    )
    tl = finished(d)
    (counters,) = of_kind(tl, "counters")
    assert (counters.rule, counters.amount, counters.counter) == ("107.3m", 2, "+1/+1")
    assert tl.final.zone(0, "battlefield")[0].counter("+1/+1") == 2


def test_tap_ability_of_a_creature_that_just_entered_cant_be_activated_cr_302_6():
    elf = {
        "name": "Tap Pinger",
        "mana_cost": "{1}",
        "type_line": "Creature — Elf",
        "power": "1",
        "toughness": "1",
        "effects": {
            "activated": [
                {
                    "cost": "{T}",
                    "ops": [{"op": "damage", "amount": 1, "to": "target"}],
                    "targets": [{"what": "any", "count": 1}],
                }
            ]
        },
    }
    d = board(
        [],
        hand=("Tap Pinger",),
        cards=(elf,),
        choices=("target:p1",),
        actions=[{"do": "cast", "card": "Tap Pinger"}, {"do": "activate", "card": "Tap Pinger"}],
    )
    with pytest.raises(ScenarioError, match="302.6"):
        Scenario.from_dict(d).run()
    d["players"][0]["hand"] = []
    d["players"][0]["battlefield"] = ["Tap Pinger"]
    d["actions"] = [{"do": "activate", "card": "Tap Pinger"}]
    tl = finished(d)
    assert tl.final.players[1].life == 19


def test_token_leaving_the_battlefield_ceases_to_exist_and_the_log_says_so_cr_704_5d():
    d = board(
        [],
        hand=("Unsummon",),
        battlefield=({"name": "History of Benalia", "counters": {"lore": 0}},),
        actions=[
            {"do": "add_lore", "card": "History of Benalia"},
            {"do": "cast", "card": "Unsummon"},
        ],
    )
    tl = finished(d)
    (bounce,) = of_kind(tl, "bounce")
    assert [m.name for m in bounce.moves] == ["Knight token"]
    assert [(m.src, m.dst) for m in bounce.moves] == [("battlefield", "none")]
    assert zone(tl, "hand") == [] and zone(tl, "battlefield") == ["History of Benalia"]


# ------------------------------------------------ edge cases the audit checked (correct)


def test_both_players_chapters_apnap_nonactive_resolves_first_cr_603_3b():
    d = board(
        [],
        battlefield=({"name": "History of Benalia", "counters": {"lore": 1}},),
        opponent_battlefield=({"name": "History of Benalia", "counters": {"lore": 1}},),
        actions=[{"do": "proliferate"}],
        choices=("add", "add"),
    )
    tl = finished(d)
    stacked = [f for f in tl.frames if f.event and f.event.kind == "stack"]
    assert [f.state.stack[-1].controller for f in stacked] == [0, 1]  # AP first, NAP on top
    tokens = [e for e in of_kind(tl, "token")]
    assert len(tokens) == 2
    first = next(f for f in tl.frames if f.event is tokens[0])
    assert any(o.is_token and o.controller == 1 for o in first.state.zone(1, "battlefield"))


def test_two_cascade_triggers_both_use_last_known_mv_after_counter_cr_702_85a_702_85c():
    d = board(
        ["Forest", "Grizzly Bears", "Island", "Llanowar Elves"],
        hand=("Bloodbraid Elf",),
        battlefield=("Maelstrom Nexus",),
        opponent_hand=("Counterspell",),
        actions=[
            {"do": "cast", "card": "Bloodbraid Elf"},
            {"do": "counter", "target": "Bloodbraid Elf", "with": "Counterspell"},
        ],
        choices=("cast", "cast"),
    )
    tl = finished(d)
    cascades = of_kind(tl, "cascade")
    assert len(cascades) == 2 and all(e.data["last_known"] for e in cascades)
    assert [e.amount for e in cascades] == [4, 4]
    assert sorted(zone(tl, "battlefield")) == ["Grizzly Bears", "Llanowar Elves", "Maelstrom Nexus"]
    assert zone(tl, "graveyard") == ["Bloodbraid Elf"]


def test_discover_hits_a_cascade_card_its_cascade_triggers_after_discover_ends_cr_701_57a():
    d = board(
        ["Mountain", "Bloodbraid Elf", "Forest", "Grizzly Bears"],
        battlefield=("Hidden Volcano",),
        actions=[{"do": "activate", "card": "Hidden Volcano"}],
        choices=("cast", "cast"),
    )
    tl = finished(d)
    kinds = [e.kind for e in tl.events]
    assert kinds.index("discovered") < kinds.index("stack", kinds.index("discovered"))
    assert kinds.index("trigger") < kinds.index("discovered")  # triggered when cast
    assert sorted(zone(tl, "battlefield")) == ["Bloodbraid Elf", "Grizzly Bears"]


def test_discover_into_a_split_card_either_half_cr_701_57a_709_3():
    d = board(
        ["Fire // Ice"],
        opponent_battlefield=("Grizzly Bears",),
        actions=[{"do": "discover", "n": 4}],
        choices=("cast:Fire", "target:o2", "target:none"),
    )
    tl = finished(d)
    (cast,) = of_kind(tl, "cast")
    assert (cast.player, cast.data["face"], cast.data["from"], cast.amount) == (
        0,
        "Fire",
        "exile",
        2,
    )
    assert zone(tl, "graveyard", 1) == ["Grizzly Bears"]
    assert zone(tl, "graveyard") == ["Fire // Ice"]


def test_proliferate_a_saga_twice_then_it_is_sacrificed_cr_701_34a_704_5s():
    d = board(
        [],
        battlefield=({"name": "History of Benalia", "counters": {"lore": 1}},),
        actions=[{"do": "proliferate"}, {"do": "proliferate"}],
        choices=("add", "add"),
    )
    tl = finished(d)
    chapters = [(source_name(tl, e), e.data["chapter"]) for e in of_kind(tl, "trigger")]
    assert chapters == [("History of Benalia", 2), ("History of Benalia", 3)]
    kinds = [e.kind for e in tl.events]
    assert kinds[-1] == "sacrifice" and zone(tl, "graveyard") == ["History of Benalia"]


def test_x_spell_cast_from_hand_uses_the_chosen_x_cr_107_3a_202_3e():
    d = board(
        [],
        hand=("Fireball",),
        actions=[{"do": "cast", "card": "Fireball", "x": 4}],
        choices=("target:p1", "target:none"),
    )
    tl = finished(d)
    (cast,) = of_kind(tl, "cast")
    assert (cast.amount, cast.data["x"]) == (5, 4)
    assert tl.final.players[1].life == 16


def test_sacrifice_a_creature_cost_is_really_paid_cr_601_2h_602_2b():
    """Sloppity Bilepiper: "{2}, {T}, Sacrifice a creature: ..." -- the log said the cost
    was paid but nothing was sacrificed."""
    d = board(
        [],
        battlefield=("Sloppity Bilepiper", "Grizzly Bears"),
        actions=[{"do": "activate", "card": "Sloppity Bilepiper"}],
        choices=("sacrifice:o2",),
    )
    tl = finished(d)
    (sac,) = of_kind(tl, "sacrifice")
    assert [m.name for m in sac.moves] == ["Grizzly Bears"]
    assert zone(tl, "graveyard") == ["Grizzly Bears"]
    assert zone(tl, "battlefield") == ["Sloppity Bilepiper"]
    (grant,) = of_kind(tl, "grant")
    assert (grant.data["filter"], grant.data["scope"], grant.player) == (
        "creature",
        "next_spell",
        0,
    )


def test_sacrifice_a_creature_cost_may_use_the_source_itself_cr_601_2h_701_21a():
    d = board(
        [],
        battlefield=("Sloppity Bilepiper",),
        actions=[{"do": "activate", "card": "Sloppity Bilepiper"}],
    )
    tl = finished(d)  # its only creature is itself, and that is a legal choice
    assert zone(tl, "graveyard") == ["Sloppity Bilepiper"]


def test_sacrifice_an_artifact_cost_without_an_artifact_cant_be_paid_cr_601_2h():
    altar = {
        "name": "Scrap Altar",
        "mana_cost": "{1}",
        "type_line": "Enchantment",
        "effects": {
            "activated": [{"cost": "{1}, sacrifice an artifact", "ops": [{"op": "draw", "n": 1}]}]
        },
    }
    d = board(
        ["Island"],
        battlefield=("Scrap Altar",),
        cards=(altar,),
        actions=[{"do": "activate", "card": "Scrap Altar"}],
    )
    with pytest.raises(ScenarioError, match="no artifact to sacrifice"):
        Scenario.from_dict(d).run()


def test_cascade_grant_sentence_agrees_with_you_cr_702_85a():
    d = board(
        [], battlefield=("Dark Apostle",), actions=[{"do": "activate", "card": "Dark Apostle"}]
    )
    tl = finished(d)
    (grant,) = of_kind(tl, "grant")
    assert (grant.data["filter"], grant.data["scope"], grant.player) == (
        "noncreature",
        "next_spell",
        0,
    )


# ------------------------------------- every sentence and citation, over random boards

_POOL = [
    "Bloodbraid Elf",
    "Fire // Ice",
    "Lightning Bolt",
    "Counterspell",
    "Grizzly Bears",
    "Walking Ballista",
    "Fireball",
    "The First Eruption",
    "History of Benalia",
    "Geological Appraiser",
    "Giant Killer",
    "Shatterskull Smashing",
    "Unsummon",
    "Jace, the Mind Sculptor",
    "Forest",
    "Mountain",
    "Ornithopter",
    "Thrill of Possibility",
]
_BOARD = [
    "Maelstrom Nexus",
    "Hidden Volcano",
    "Grizzly Bears",
    "Mountain",
    "Dark Apostle",
    "Curator of Sun's Creation",
    {"name": "The First Eruption", "counters": {"lore": 2}},
    {"name": "History of Benalia", "counters": {"lore": 1}},
]
_RULE = re.compile(r"^\d{3}(\.\d+[a-z]?)?(, \d{3}(\.\d+[a-z]?)?)*$")
_BAD_GRAMMAR = re.compile(
    r"\bYou (casts|has|loses|draws|sacrifices|puts|discovers|adds|gains|"
    r"removes|activates|proliferates|chooses|controls|untaps)\b|their hand|"
    r"You's|\ball [01] cards?\b"
)


@st.composite
def _random_board(draw) -> dict:
    actions = draw(
        st.lists(
            st.one_of(
                st.builds(
                    lambda c, x: {"do": "cast", "card": c, "x": x},
                    st.sampled_from(_POOL),
                    st.integers(0, 3),
                ),
                st.builds(lambda n: {"do": "discover", "n": n}, st.integers(0, 4)),
                st.just({"do": "proliferate"}),
                st.just({"do": "precombat_main"}),
                st.just({"do": "activate", "card": "Hidden Volcano"}),
            ),
            min_size=1,
            max_size=3,
        )
    )
    return board(
        draw(st.lists(st.sampled_from(_POOL), max_size=8)),
        hand=tuple(a["card"] for a in actions if a["do"] == "cast"),
        battlefield=tuple(draw(st.lists(st.sampled_from(_BOARD), max_size=3, unique_by=str))),
        opponent_battlefield=tuple(draw(st.lists(st.sampled_from(_BOARD[:4]), max_size=2))),
        life=draw(st.sampled_from([1, 3, 20])),
        opponent_life=draw(st.sampled_from([1, 3, 20])),
        actions=actions,
    )


@settings(max_examples=40, deadline=None, derandomize=True, database=None)
@given(_random_board())
def test_every_log_line_is_grammatical_and_cites_a_cr_number_cr_100_1(d: dict) -> None:
    try:
        tl = Scenario.from_dict(d).run(policy=AutoPolicy())
    except ScenarioError:
        return  # an action the board doesn't allow, named in a sentence: fine
    for e in tl.events:
        assert _RULE.match(e.rule), (e.rule, e.text)
        assert not _BAD_GRAMMAR.search(e.text), e.text
    for player in range(2):
        assert len({f.state.card_count(player) for f in tl.frames}) == 1
    if "the stack is empty" in tl.text():
        assert not tl.final.stack


def test_no_mountain_sentence_agrees_with_you_the_first_eruption_iii_cr_701_21a():
    d = board(
        [],
        battlefield=({"name": "The First Eruption", "counters": {"lore": 2}}, "Forest"),
        actions=[{"do": "add_lore", "card": "The First Eruption"}],
    )
    tl = finished(d)
    nothing = of_kind(tl, "sacrifice")[0]
    assert (nothing.player, nothing.amount, nothing.data["what"], nothing.moves) == (
        0,
        0,
        "Mountain",
        (),
    )


def test_chapter_and_cascade_trigger_in_the_same_settle_are_ordered_cr_603_3b_704_5s():
    """Chapter I discovers into Bloodbraid Elf (its cascade triggers) and then adds a lore
    counter (chapter II triggers): both wait together, their controller orders them; the
    Saga stays until chapter II has left the stack."""
    saga = {
        "name": "Delve Saga",
        "mana_cost": "{1}",
        "type_line": "Enchantment — Saga",
        "chapters": {
            "count": 2,
            "abilities": [
                {
                    "chapters": [1],
                    "ops": [{"op": "discover", "n": 4}, {"op": "lore_counter", "n": 1}],
                },
                {"chapters": [2], "ops": [{"op": "gain_life", "n": 3}]},
            ],
        },
    }
    choices = ("cast", "first:Chapter II of Delve Saga", "cast")
    library = ["Mountain", "Bloodbraid Elf", "Forest", "Grizzly Bears"]
    d = board(library, hand=("Delve Saga",), cards=(saga,), choices=choices)
    tl = finished(d)
    (order,) = [d for _, d, _ in tl.answered if d.kind == "order_triggers"]
    assert order.rule == "603.3b" and len(order.options) == 2
    resolved = [
        (e.data.get("trigger"), source_name(tl, e), e.data.get("chapter")) for e in tl.events
    ]
    i_cascade = next(
        i
        for i, e in enumerate(tl.events)
        if e.kind == "resolve" and resolved[i] == ("cascade", "Bloodbraid Elf", None)
    )
    i_chapter = next(
        i
        for i, e in enumerate(tl.events)
        if e.kind == "resolve" and resolved[i] == ("chapter", "Delve Saga", 2)
    )
    i_sac = next(i for i, e in enumerate(tl.events) if e.kind == "sacrifice")
    assert i_cascade < i_chapter < i_sac
    assert tl.final.players[0].life == 23
    assert sorted(zone(tl, "battlefield")) == ["Bloodbraid Elf", "Grizzly Bears"]


def test_memory_lapse_puts_the_spell_on_top_of_its_owners_library_cr_701_6a():
    d = board(
        ["Forest"],
        hand=("Grizzly Bears",),
        opponent_hand=("Memory Lapse",),
        actions=[
            {"do": "cast", "card": "Grizzly Bears"},
            {"do": "counter", "target": "Grizzly Bears", "with": "Memory Lapse"},
        ],
    )
    tl = finished(d)
    (countered,) = of_kind(tl, "countered")
    assert countered.data["destination"] == "library"
    assert [(m.src, m.dst) for m in countered.moves] == [("stack", "library")]
    assert zone(tl, "library") == ["Grizzly Bears", "Forest"]


def test_haste_creature_may_use_its_tap_ability_the_turn_it_enters_cr_302_6_702_10():
    pinger = {
        "name": "Hasty Pinger",
        "mana_cost": "{1}",
        "type_line": "Creature — Goblin",
        "power": "1",
        "toughness": "1",
        "keywords": ["Haste"],
        "effects": {
            "activated": [
                {
                    "cost": "{T}",
                    "targets": [{"what": "any", "count": 1}],
                    "ops": [{"op": "damage", "amount": 1, "to": "target"}],
                }
            ]
        },
    }
    d = board(
        [],
        hand=("Hasty Pinger",),
        cards=(pinger,),
        choices=("target:p1",),
        actions=[
            {"do": "cast", "card": "Hasty Pinger"},
            {"do": "activate", "card": "Hasty Pinger"},
        ],
    )
    tl = finished(d)
    assert tl.final.players[1].life == 19


# ------------------------------------------- 601.2c: printed target restrictions apply


@pytest.mark.parametrize(
    ("spell", "targets", "hit"),
    [
        ("Doom Blade", ("Dark Confidant", "Grizzly Bears"), "Grizzly Bears"),  # nonblack
        ("Go for the Throat", ("Ornithopter", "Grizzly Bears"), "Grizzly Bears"),  # nonartifact
        ("Roast", ("Serra Angel", "Grizzly Bears"), "Grizzly Bears"),  # without flying
        ("Putrefy", ("Mountain", "Grizzly Bears"), "Grizzly Bears"),  # artifact or creature
    ],
)
def test_only_legal_targets_are_offered_cr_601_2c_115_1(spell, targets, hit):
    """With exactly one legal target there is nothing to choose: that one is targeted."""
    tl = finished(board([], hand=(spell,), opponent_battlefield=targets))
    (target,) = of_kind(tl, "target")
    assert [card_name(tl, int(t[1:])) for t in target.data["targets"]] == [hit]
    assert hit in zone(tl, "graveyard", 1)
    assert len(zone(tl, "battlefield", 1)) == 1


def test_krosan_grip_without_artifact_or_enchantment_cant_be_cast_cr_601_2c():
    d = board([], hand=("Krosan Grip",), opponent_battlefield=("Grizzly Bears", "Mountain"))
    with pytest.raises(ScenarioError, match="no legal target"):
        Scenario.from_dict(d).run()


def test_acidic_slime_enter_trigger_targets_an_artifact_enchantment_or_land_cr_603_3d():
    d = board([], hand=("Acidic Slime",), opponent_battlefield=("Grizzly Bears", "Mountain"))
    tl = finished(d)
    assert zone(tl, "graveyard", 1) == ["Mountain"]
    assert zone(tl, "battlefield", 1) == ["Grizzly Bears"]


def test_x_defined_by_card_text_is_not_faked_as_0_reanimate_cr_107_3_608_2():
    """Reanimate: "You lose life equal to its mana value" -- X is not the spell's X (there
    is none): the log must not say "You lose 0 life"; it says the part isn't simulated."""
    d = board([], hand=("Reanimate",), graveyard=("Thragtusk",))
    tl = finished(d)
    # No life event of Reanimate itself (Thragtusk's own enter trigger may gain 5 once the
    # return part is simulated and resolutions go part by part).
    assert not [e for e in of_kind(tl, "life") if source_name(tl, e) == "Reanimate"]
    assert "lose_life" in [op for e in of_kind(tl, "not_simulated") for op in e.data["ops"]]
    thragtusk_entered = "Thragtusk" in zone(tl, "battlefield")
    assert tl.final.players[0].life == (25 if thragtusk_entered else 20)


def test_triggered_ability_target_is_in_the_log_cr_603_3d():
    """Spells say what they target (601.2c); a triggered ability must too (603.3d), or a
    judge reading the log can't tell what Acidic Slime's trigger destroys until it does."""
    d = board(
        [],
        hand=("Acidic Slime",),
        opponent_battlefield=("Mountain", "Forest"),
        choices=("target:o3",),
    )
    tl = finished(d)
    (target,) = of_kind(tl, "target")
    assert target.rule == "603.3d" and target.data["targets"] == ["o3"]
    assert source_name(tl, target) == "Acidic Slime" and card_name(tl, 3) == "Forest"
    # A wording test too: the sentence a judge reads names the target and its controller.
    assert (
        target.text == "Acidic Slime's enter-the-battlefield ability targets Forest (Opponent's)."
    )
    kinds = [e.kind for e in tl.events]
    assert kinds.index("target") == kinds.index("stack", kinds.index("trigger")) + 1


def test_snapcaster_mage_targets_only_an_instant_or_sorcery_card_cr_601_2c_603_3d():
    d = board([], hand=("Snapcaster Mage",), graveyard=("Grizzly Bears", "Lightning Bolt"))
    tl = Scenario.from_dict(d).run()
    assert tl.pending is not None and tl.pending.kind == "target"
    labels = [o.label for o in tl.pending.options]
    assert labels == ["Target Lightning Bolt (your graveyard)", "No target"]


def test_damage_to_a_planeswalker_removes_only_the_counters_it_has_cr_120_3c_704_5i():
    fireball = [{"do": "cast", "card": "Fireball", "x": 5}]
    jace = ("Jace, the Mind Sculptor",)
    d = board([], hand=("Fireball",), opponent_battlefield=jace, actions=fireball)
    d["choices"] = ["target:o2", "target:none"]
    tl = finished(d)
    (damage,) = of_kind(tl, "damage")
    assert [
        (card_name(tl, h["obj"]), h["damage"], h["loyalty_removed"]) for h in damage.data["hits"]
    ] == [("Jace, the Mind Sculptor", 5, 3)]
    assert [e.rule for e in of_kind(tl, "sba")] == ["704.5i"]
    assert zone(tl, "graveyard", 1) == ["Jace, the Mind Sculptor"]


def test_cascade_into_counterspell_counters_the_cascading_spell_cr_702_85a_701_6a():
    """The free Counterspell goes on the stack above Bloodbraid Elf, whose only legal
    target it is (a spell can't target itself): the Elf is countered, never enters."""
    tl = finished(board(["Counterspell", "Forest"], hand=("Bloodbraid Elf",), choices=("cast",)))
    (countered,) = of_kind(tl, "countered")
    assert countered.data["spell"] == "Bloodbraid Elf"
    assert source_name(tl, countered) == "Counterspell"
    assert sorted(zone(tl, "graveyard")) == ["Bloodbraid Elf", "Counterspell"]
    assert zone(tl, "battlefield") == []


def test_respond_with_a_spell_that_cant_target_a_spell_is_refused_cr_601_2c():
    respond = {"do": "counter", "target": "Grizzly Bears", "with": "Divination"}
    actions = [{"do": "cast", "card": "Grizzly Bears"}, respond]
    d = board([], hand=("Grizzly Bears",), opponent_hand=("Divination",), actions=actions)
    with pytest.raises(ScenarioError, match="can't target Grizzly Bears"):
        Scenario.from_dict(d).run()
