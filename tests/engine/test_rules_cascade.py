"""Cascade (CR 702.85), docs/RULES.md "Cascade" 1-10, tested the way XMage tests read.

Each test sets a board (a scenario dict whose library is LISTED, top first, so the
order is known), acts (cast, counter), answers the decisions in order, then checks
the end state and the events. Names and docstrings cite the rule.

CR 702.85a  "When you cast this spell, exile cards from the top of your library until
            you exile a nonland card whose mana value is less than this spell's mana
            value. You may cast that card without paying its mana cost if the resulting
            spell's mana value is less than this spell's mana value. Then put all cards
            exiled this way that weren't cast on the bottom of your library in a random
            order."
CR 702.85b  "As you cascade" actions: after exiling, before the cast decision.
CR 702.85c  Multiple instances each trigger separately.

Copies: a scenario has no copy action, but a "copy it" effect (op ``copy_spell``) can copy
a spell; a copy is created, never cast (CR 707.10), so it does not cascade.
Not modelled (so not tested): restrictions printed on a card such as "cast only during
combat" (item 7; the imported data lists them as untranslated and the engine does not
enforce them, see docs/RULES.md) and morph/face-down casting (item 6; the engine has no
face-down spells). Timing of player-taken casts (307.1) is enforced; free casts during a
resolution are exempt, which the item-7 tests check.
Pure pytest (no files, no subprocess), deterministic: runs under Pyodide.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import AutoPolicy, Scenario, ScenarioError, default_pool
from engine.core.events import Event
from engine.play.timeline import Timeline

from boards import (
    board,
    cascade_triggers,
    finished,
    kinds,
    of_kind,
    play,
    reasons,
    source_name,
    zone,
)

# ---------------------------------------------------------------------------- helpers


def index_of(tl: Timeline, kind: str, start: int = 0) -> int:
    """Position in tl.events of the first event of ``kind`` at or after ``start``."""
    return next(i for i, e in enumerate(tl.events) if i >= start and e.kind == kind)


def frame_of(tl: Timeline, event: Event):
    return next(f for f in tl.frames if f.event is event)


def exiled_from_library(tl: Timeline) -> list[str]:
    """Names of cards moved library -> exile, in event order."""
    return [m.name for e in tl.events for m in e.moves if m.src == "library" and m.dst == "exile"]


def bottomed(tl: Timeline) -> list[list[str]]:
    """For each "bottom" event, the cards it put on the bottom, in the order they went."""
    return [[m.name for m in e.moves] for e in of_kind(tl, "bottom")]


LANDS_10 = [
    "Plains",
    "Island",
    "Swamp",
    "Mountain",
    "Forest",
    "Wastes",
    "Snow-Covered Plains",
    "Snow-Covered Island",
    "Snow-Covered Swamp",
    "Snow-Covered Mountain",
]


# ------------------------------------------- item 1: triggers on cast, above the spell


def test_cascade_triggers_when_the_spell_is_cast_cr_702_85a() -> None:
    tl = play(board(["Mountain", "Lightning Bolt"], hand=("Bloodbraid Elf",)))
    assert kinds(tl)[:3] == ["cast", "trigger", "stack"]
    cast, trig = tl.events[0], tl.events[1]
    assert cast.moves[0].src == "hand" and cast.moves[0].dst == "stack"
    assert trig.rule == "702.85a"
    assert trig.data["keyword"] == "cascade" and trig.data["spell"] == "Bloodbraid Elf"
    assert trig.source == cast.source and trig.data["granted_by"] is None


def test_cascade_trigger_goes_above_spell_cr_702_85a() -> None:
    tl = play(board(["Mountain", "Lightning Bolt"], hand=("Bloodbraid Elf",)))
    stacked = frame_of(tl, of_kind(tl, "stack")[0]).state.stack  # bottom -> top
    assert [s.kind for s in stacked] == ["spell", "ability"]
    assert stacked[0].text == "Bloodbraid Elf" and stacked[1].trigger == "cascade"


def test_cascade_trigger_resolves_before_the_spell_cr_702_85a() -> None:
    tl = finished(
        board(["Mountain", "Lightning Bolt"], hand=("Bloodbraid Elf",), choices=("decline",))
    )
    cascade_at = index_of(tl, "cascade")
    enters = [
        i
        for i, e in enumerate(tl.events)
        if e.kind == "resolve" and e.data.get("spell") == "Bloodbraid Elf"
    ]
    assert enters and enters[-1] > cascade_at
    assert [m.dst for m in tl.events[enters[-1]].moves] == ["battlefield"]
    assert zone(tl, "battlefield") == ["Bloodbraid Elf"]


def test_free_spell_without_cascade_triggers_nothing_cr_702_85a() -> None:
    """The hit is cast, but has no cascade: only the Elf's one trigger ever happens."""
    tl = finished(
        board(
            ["Mountain", "Lightning Bolt"],
            hand=("Bloodbraid Elf",),
            choices=("cast", "target:p1"),
        )
    )
    assert len(of_kind(tl, "cast")) == 2
    assert len(cascade_triggers(tl)) == 1
    assert tl.final.players[1].life == 17


def test_counterspell_cast_in_response_does_not_cascade_cr_702_85a() -> None:
    tl = finished(
        board(
            ["Lightning Bolt"],
            hand=("Bloodbraid Elf",),
            opponent_hand=("Counterspell",),
            actions=[
                {"do": "cast", "card": "Bloodbraid Elf"},
                {"do": "counter", "target": "Bloodbraid Elf", "with": "Counterspell"},
            ],
            choices=("decline",),
        )
    )
    assert len(cascade_triggers(tl)) == 1


def test_only_casting_makes_cascade_trigger_no_copy_action_cr_702_85a() -> None:
    """A card drawn or already on the battlefield never cascades; there is no copy action.

    The engine creates cascade triggers only in ``Game.cast`` (a copy is created, not
    cast, CR 707.10, so it would not cascade): a scenario can't even ask for a copy.
    """
    with pytest.raises(ScenarioError, match="unknown action 'copy'"):
        Scenario.from_dict(
            board(["Forest"], hand=("Bloodbraid Elf",), actions=[{"do": "copy", "card": "x"}])
        )
    tl = finished(
        board(
            ["Bloodbraid Elf", "Lightning Bolt"],
            battlefield=("Shardless Agent",),
            actions=[{"do": "precombat_main"}],
        )
    )
    assert zone(tl, "hand") == ["Bloodbraid Elf"]
    assert cascade_triggers(tl) == []
    assert "cascade" not in kinds(tl)


# A user card (scenario "cards"): "Whenever you cast an instant, copy it" (707.10).
ECHO = {
    "name": "Echo",
    "mana_cost": "{1}",
    "type_line": "Enchantment",
    "effects": {
        "triggers": [
            {
                "when": "you_cast_spell",
                "filter": {"types": ["Instant"]},
                "ops": [{"op": "copy_spell", "what": "trigger_object"}],
            }
        ]
    },
}


def test_a_copy_of_a_cascade_spell_does_not_cascade_cr_702_85a_707_10() -> None:
    """Violent Outburst (an instant with cascade) is copied by a "copy it" trigger: the
    copy is created on the stack, not cast (707.10), so only the cast original cascades
    (seed 000: copying a cascade spell triggers nothing). Both the copy and the original
    resolve; one cascade trigger, one free cast."""
    d = board(
        ["Forest", "Grizzly Bears", "Island"],
        hand=("Violent Outburst",),
        battlefield=("Echo",),
        cards=(ECHO,),
        choices=("first:Cascade of Violent Outburst", "cast"),
    )
    tl = finished(d)
    [trigger] = cascade_triggers(tl)
    assert source_name(tl, trigger) == "Violent Outburst"
    assert [e.rule for e in of_kind(tl, "copy")] == ["707.10"]
    casts = of_kind(tl, "cast")
    assert [e.data["from"] for e in casts] == ["hand", "exile"]
    assert len(of_kind(tl, "cascade")) == 1
    assert zone(tl, "battlefield") == ["Echo", "Grizzly Bears"]
    assert zone(tl, "graveyard") == ["Violent Outburst"]
    assert sorted(zone(tl, "library")) == ["Forest", "Island"]


# ------------------------------------------------------ item 2: each instance separately


APEX_LIBRARY = [
    "Mountain",
    "Grizzly Bears",
    "Forest",
    "Lightning Bolt",
    "Island",
    "Llanowar Elves",
    "Swamp",
    "Pyroclasm",
    "Plains",
]


def test_apex_devastator_four_separate_triggers_cr_702_85c() -> None:
    tl = finished(board(APEX_LIBRARY, hand=("Apex Devastator",), choices=("decline",) * 4))
    trig = cascade_triggers(tl)
    assert len(trig) == 4
    assert all(e.rule == "702.85c" for e in trig)
    assert len(of_kind(tl, "cascade")) == 4
    assert [e.moves[0].name for e in of_kind(tl, "cascade_hit")] == [
        "Grizzly Bears",
        "Lightning Bolt",
        "Llanowar Elves",
        "Pyroclasm",
    ]
    assert zone(tl, "battlefield") == ["Apex Devastator"]


def test_apex_devastator_each_instance_bottoms_before_the_next_resolves_cr_702_85c() -> None:
    tl = finished(board(APEX_LIBRARY, hand=("Apex Devastator",), choices=("decline",) * 4))
    events = tl.events
    cascades = [i for i, e in enumerate(events) if e.kind == "cascade"]
    bottoms = [i for i, e in enumerate(events) if e.kind == "bottom"]
    assert len(bottoms) == 4
    for k in range(3):
        assert cascades[k] < bottoms[k] < cascades[k + 1]
    # When the second instance starts, the first one's two cards are already at the bottom.
    second = tl.frames[cascades[1] + 1].state
    lib = [second.obj(i).name for i in second.players[0].library]
    assert Counter(lib[-2:]) == Counter(["Mountain", "Grizzly Bears"])
    assert lib[0] == "Forest"
    # Final library: the untouched Plains, then each instance's pair in resolution order.
    final = zone(tl, "library")
    assert final[0] == "Plains"
    pairs = [Counter(final[1 + 2 * k : 3 + 2 * k]) for k in range(4)]
    assert pairs == [
        Counter(["Mountain", "Grizzly Bears"]),
        Counter(["Forest", "Lightning Bolt"]),
        Counter(["Island", "Llanowar Elves"]),
        Counter(["Swamp", "Pyroclasm"]),
    ]


def test_maelstrom_nexus_gives_cascade_to_the_first_spell_each_turn_cr_702_85a() -> None:
    tl = finished(
        board(
            ["Mountain", "Llanowar Elves", "Forest"],
            hand=("Grizzly Bears",),
            battlefield=("Maelstrom Nexus",),
            choices=("decline",),
        )
    )
    trig = cascade_triggers(tl)
    assert len(trig) == 1 and trig[0].data["granted_by"] == "Maelstrom Nexus"
    assert of_kind(tl, "cascade_hit")[0].moves[0].name == "Llanowar Elves"


def test_maelstrom_nexus_no_cascade_after_a_spell_this_turn_cr_702_85a() -> None:
    tl = finished(
        board(
            ["Mountain", "Llanowar Elves"],
            hand=("Grizzly Bears",),
            battlefield=("Maelstrom Nexus",),
            spells_cast=1,
        )
    )
    assert cascade_triggers(tl) == []
    assert zone(tl, "library") == ["Mountain", "Llanowar Elves"]


def test_maelstrom_nexus_adds_an_instance_to_own_cascade_cr_702_85c() -> None:
    tl = finished(
        board(
            ["Mountain", "Llanowar Elves", "Forest", "Lightning Bolt"],
            hand=("Shardless Agent",),
            battlefield=("Maelstrom Nexus",),
            choices=("decline", "decline"),
        )
    )
    trig = cascade_triggers(tl)
    assert len(trig) == 2 and all(e.rule == "702.85c" for e in trig)
    assert [e.data["granted_by"] for e in trig] == [None, "Maelstrom Nexus"]
    assert [(e.instance, e.instances) for e in trig] == [(1, 2), (2, 2)]
    assert len(of_kind(tl, "cascade")) == 2


def test_maelstrom_nexus_free_spell_is_the_second_spell_cr_702_85a() -> None:
    """Enlisted Wurm is the first spell (two instances); the cascaded Shardless Agent is
    the second spell this turn, so it has only its own cascade."""
    tl = finished(
        board(
            ["Shardless Agent", "Forest", "Llanowar Elves", "Mountain", "Lightning Bolt"],
            hand=("Enlisted Wurm",),
            battlefield=("Maelstrom Nexus",),
            choices=("cast", "decline", "decline"),
        )
    )
    trig = cascade_triggers(tl)
    assert [(e.data["spell"], e.data["granted_by"]) for e in trig] == [
        ("Enlisted Wurm", None),
        ("Enlisted Wurm", "Maelstrom Nexus"),
        (trig[2].data["spell"], None),
    ]
    assert "Wurm" not in trig[2].data["spell"]
    assert sorted(zone(tl, "battlefield")) == [
        "Enlisted Wurm",
        "Maelstrom Nexus",
        "Shardless Agent",
    ]


# ----------------------------------------------------------- item 3: exiling, mandatory


def test_exile_one_at_a_time_face_up_until_a_hit_cr_702_85a() -> None:
    library = [
        "Forest",
        "Enlisted Wurm",
        "Bloodbraid Elf",
        "Mountain",
        "Lightning Bolt",
        "Grizzly Bears",
    ]
    tl = play(board(library, hand=("Bloodbraid Elf",)))
    assert exiled_from_library(tl) == library[:5]
    exiles = [e for e in tl.events if e.kind in ("exile", "cascade_hit")]
    assert all(len(e.moves) == 1 and e.moves[0].dst == "exile" for e in exiles)
    assert all(e.rule == "702.85a" for e in exiles)
    assert exiles[0].data["land"] is True
    assert (exiles[1].amount, exiles[1].data["limit"], exiles[1].data["land"]) == (6, 4, False)
    assert exiles[-1].kind == "cascade_hit" and exiles[-1].moves[0].name == "Lightning Bolt"
    # The hit waits for the decision; Grizzly Bears is never exiled.
    assert tl.pending.kind == "cascade_cast"
    assert zone(tl, "library") == ["Grizzly Bears"]
    assert zone(tl, "exile") == library[:5]


@pytest.mark.parametrize(
    ("card", "is_hit"),
    [
        ("Forest", False),  # a land
        ("Dryad Arbor", False),  # a land creature is still a land
        ("Bloodbraid Elf", False),  # MV 4 is not LESS than 4
        ("Fire // Ice", False),  # split card: MV 2 + 2 = 4 in the library (709.4)
        ("Alrund, God of the Cosmos", False),  # MDFC: front face MV 5 (712.8)
        ("Bonecrusher Giant", True),  # MV 3
        ("Stonecoil Serpent", True),  # {X}: MV 0 off the stack (202.3e)
    ],
)
def test_hit_is_first_nonland_card_with_mv_strictly_less_cr_702_85a(
    card: str, is_hit: bool
) -> None:
    tl = play(board([card, "Llanowar Elves"], hand=("Bloodbraid Elf",)))
    full = default_pool().get(card).name
    hit = of_kind(tl, "cascade_hit")[0].moves[0].name
    assert hit == (full if is_hit else "Llanowar Elves")
    assert exiled_from_library(tl) == ([full] if is_hit else [full, "Llanowar Elves"])


def test_exiling_is_mandatory_even_if_the_player_declines_cr_702_85a() -> None:
    """No "may" before exiling: the first decision is whether to cast the hit."""
    d = board(["Mountain", "Lightning Bolt", "Forest"], hand=("Bloodbraid Elf",))
    tl = play(d)
    assert tl.pending.kind == "cascade_cast" and tl.pending.index == 0
    assert tl.pending.keys() == ["cast", "decline"]
    assert exiled_from_library(tl) == ["Mountain", "Lightning Bolt"]
    done = finished(tl.answer("decline").to_dict())
    assert of_kind(done, "decline")[0].rule == "702.85a"
    assert zone(done, "library")[0] == "Forest"
    assert Counter(zone(done, "library")[1:]) == Counter(["Mountain", "Lightning Bolt"])
    assert zone(done, "exile") == []


# ----------------------------------------------- item 4: the cascading spell's mana value

X_CASCADER = {
    "name": "Cascading Blaze",
    "mana_cost": "{X}{R}",
    "type_line": "Sorcery",
    "keywords": ["Cascade"],
    "effects": {"spell": [{"op": "damage", "amount": "X", "to": "each_opponent"}]},
}


def test_x_spell_with_cascade_uses_the_chosen_x_cr_702_85a_202_3e() -> None:
    """A (user-defined) {X}{R} sorcery with cascade, X = 3: MV 4 on the stack."""
    tl = play(
        board(
            ["Bloodbraid Elf", "Bonecrusher Giant"],
            hand=("Cascading Blaze",),
            actions=[{"do": "cast", "card": "Cascading Blaze", "x": 3}],
            cards=(X_CASCADER,),
        )
    )
    spell = frame_of(tl, tl.events[0]).state.stack[0]
    assert (spell.mana_value, spell.x) == (4, 3)
    assert (tl.events[0].amount, tl.events[0].data["x"]) == (4, 3)
    assert of_kind(tl, "cascade")[0].amount == 4
    assert exiled_from_library(tl) == ["Bloodbraid Elf", "Bonecrusher Giant // Stomp"]


def test_x_spell_given_cascade_by_imoti_uses_mv_with_x_cr_702_85a_202_3e() -> None:
    """Hydroid Krasis {X}{G}{U} with X = 4 is MV 6 on the stack: Imoti grants cascade
    (spells with MV 6 or greater) and the limit is 6."""
    tl = play(
        board(
            ["Enlisted Wurm", "Alrund, God of the Cosmos"],
            hand=("Hydroid Krasis",),
            battlefield=("Imoti, Celebrant of Bounty",),
            actions=[{"do": "cast", "card": "Hydroid Krasis", "x": 4}],
        )
    )
    spell = frame_of(tl, tl.events[0]).state.stack[0]
    assert (spell.mana_value, spell.x) == (6, 4)
    assert cascade_triggers(tl)[0].data["granted_by"] == "Imoti, Celebrant of Bounty"
    first = of_kind(tl, "exile")[0]
    assert (first.amount, first.data["limit"], first.data["inclusive"]) == (6, 6, False)
    assert of_kind(tl, "cascade_hit")[0].moves[0].name.startswith("Alrund")


def test_x_spell_below_imoti_threshold_gets_no_cascade_cr_702_85a() -> None:
    tl = finished(
        board(
            ["Enlisted Wurm"],
            hand=("Hydroid Krasis",),
            battlefield=("Imoti, Celebrant of Bounty",),
            actions=[{"do": "cast", "card": "Hydroid Krasis", "x": 3}],
        )
    )
    assert (tl.events[0].amount, tl.events[0].data["x"]) == (5, 3)
    assert cascade_triggers(tl) == []


def test_countered_cascading_spell_cascade_still_resolves_with_last_known_mv_cr_702_85a() -> None:
    tl = finished(
        board(
            ["Enlisted Wurm", "Bloodbraid Elf", "Bonecrusher Giant"],
            hand=("Bloodbraid Elf",),
            opponent_hand=("Counterspell",),
            actions=[
                {"do": "cast", "card": "Bloodbraid Elf"},
                {"do": "counter", "target": "Bloodbraid Elf", "with": "Counterspell"},
            ],
            choices=("decline",),
        )
    )
    countered = index_of(tl, "countered")
    cascade = index_of(tl, "cascade")
    assert countered < cascade
    assert tl.events[cascade].data["last_known"] is True
    assert tl.events[cascade].amount == 4
    assert exiled_from_library(tl) == [
        "Enlisted Wurm",
        "Bloodbraid Elf",
        "Bonecrusher Giant // Stomp",
    ]
    assert of_kind(tl, "cascade_hit")[0].moves[0].name == "Bonecrusher Giant // Stomp"
    assert zone(tl, "graveyard") == ["Bloodbraid Elf"]
    assert zone(tl, "graveyard", 1) == ["Counterspell"]
    assert zone(tl, "battlefield") == []


# ------------------------------------------------- item 5: the resulting spell's mana value


def test_split_card_hit_either_half_never_both_cr_702_85a_709_3() -> None:
    """Imoti (MV 5) hits Fire // Ice (MV 4): Fire or Ice (MV 2 each) may be cast."""
    d = board(
        ["Fire // Ice"],
        hand=("Imoti, Celebrant of Bounty",),
        opponent_battlefield=("Grizzly Bears",),
    )
    tl = play(d)
    assert tl.pending.kind == "cascade_cast"
    assert tl.pending.keys() == ["cast:Fire", "cast:Ice", "decline"]
    done = finished(
        tl.answer("cast:Fire").with_choices(["cast:Fire", "target:p1", "target:none"]).to_dict()
    )
    casts = of_kind(done, "cast")
    assert [e.moves[0].name for e in casts] == ["Imoti, Celebrant of Bounty", "Fire"]
    assert casts[1].amount == 2
    assert not any(e.kind == "cast" and e.data["face"] == "Ice" for e in done.events)
    assert done.final.players[1].life == 18
    assert zone(done, "graveyard") == ["Fire // Ice"]


def test_adventurer_hit_creature_or_adventure_cr_702_85a_715_3() -> None:
    d = board(["Bonecrusher Giant"], hand=("Bloodbraid Elf",))
    tl = play(d)
    assert tl.pending.keys() == ["cast:Bonecrusher Giant", "cast:Stomp", "decline"]
    done = finished(d | {"choices": ["cast:Stomp", "target:p1"]})
    stomp = of_kind(done, "cast")[1]
    assert stomp.moves[0].name == "Stomp" and stomp.amount == 2
    # (What Stomp does — 2 damage that can't be prevented, 615.12 — is tested with the
    # prevention ops; here: the Adventure's way to exile.)
    adventure = of_kind(done, "exile")[-1]
    assert adventure.rule == "715.3d" and adventure.data["adventure"] is True
    assert zone(done, "exile") == ["Bonecrusher Giant // Stomp"]  # the card again, in exile


def test_cascade_hit_chop_down_without_a_legal_target_is_not_offered_cr_601_2c() -> None:
    """An MV-4 cascade hits Giant Killer // Chop Down; Chop Down (MV 3) fits, but
    with no creature of power 4 or greater it has no legal target, so it is not offered."""
    tl = play(
        board(["Giant Killer"], hand=("Bloodbraid Elf",), opponent_battlefield=("Llanowar Elves",))
    )
    assert tl.pending.keys() == ["cast:Giant Killer", "decline"]
    assert "Chop Down has no legal target (601.2c)" in tl.pending.prompt
    tl = play(
        board(["Giant Killer"], hand=("Bloodbraid Elf",), opponent_battlefield=("Serra Angel",))
    )
    assert tl.pending.keys() == ["cast:Giant Killer", "cast:Chop Down", "decline"]


def test_adventure_too_expensive_giant_killer_only_cr_702_85a() -> None:
    """An MV-3 cascade hits Giant Killer (MV 1); Chop Down (MV 3) may NOT be cast."""
    tl = play(board(["Giant Killer"], hand=("Shardless Agent",)))
    assert tl.pending.keys() == ["cast:Giant Killer", "decline"]
    assert "Chop Down (mana value 3) is not less than 3" in tl.pending.prompt
    done = finished(tl.answer("cast:Giant Killer").to_dict())
    assert zone(done, "battlefield") == ["Giant Killer", "Shardless Agent"]


def test_mdfc_hit_only_faces_that_qualify_cr_702_85a_712_8() -> None:
    """Valki (MV 2) is a hit for MV 4; its back face Tibalt (MV 7) can't be cast."""
    tl = play(board(["Valki, God of Lies"], hand=("Bloodbraid Elf",)))
    assert tl.pending.keys() == ["cast:Valki, God of Lies", "decline"]
    assert "Tibalt, Cosmic Impostor (mana value 7) is not less than 4" in tl.pending.prompt


def test_mdfc_hit_either_face_back_face_cast_cr_702_85a_712_8() -> None:
    """Enlisted Wurm (MV 6) hits Alrund (front MV 5): Alrund or Hakka (MV 2) may be cast."""
    d = board(["Alrund, God of the Cosmos"], hand=("Enlisted Wurm",))
    tl = play(d)
    assert tl.pending.keys() == [
        "cast:Alrund, God of the Cosmos",
        "cast:Hakka, Whispering Raven",
        "decline",
    ]
    done = finished(tl.answer("cast:Hakka, Whispering Raven").to_dict())
    hakka = of_kind(done, "cast")[1]
    assert hakka.moves[0].name == "Hakka, Whispering Raven"
    assert hakka.amount == 2
    assert zone(done, "battlefield") == ["Hakka, Whispering Raven", "Enlisted Wurm"]


@pytest.mark.parametrize("card", ["Living End", "Crashing Footfalls"])
def test_no_mana_cost_hit_is_mv_0_and_castable_cr_702_85a_118_6(card: str) -> None:
    done = finished(board(["Forest", card], hand=("Shardless Agent",), choices=("cast",)))
    hit = of_kind(done, "cascade_hit")[0]
    assert hit.moves[0].name == card and (hit.amount, hit.data["limit"]) == (0, 3)
    free = of_kind(done, "cast")[1]
    assert free.data["mana_cost"] is None and free.amount == 0
    assert card in zone(done, "graveyard")
    if card == "Crashing Footfalls":
        assert zone(done, "battlefield").count("Rhino token") == 2


def test_mdfc_hit_with_x_front_face_cast_with_x_0_cr_702_85a_107_3b() -> None:
    """Agadeem's Awakening {X}{B}{B}{B} is MV 3 in the library; its land back face is
    never a spell (712.11)."""
    d = board(["Agadeem's Awakening"], hand=("Bloodbraid Elf",))
    tl = play(d)
    assert tl.pending.keys() == ["cast:Agadeem's Awakening", "decline"]
    done = finished(tl.answer("cast:Agadeem's Awakening").to_dict())
    free = of_kind(done, "cast")[1]
    assert (free.amount, free.data["x"], free.data["has_x"]) == (3, 0, True)


# --------------------------------------------------- item 6: free cast, X = 0, no alt cost


def test_x_cost_hit_cast_with_x_0_fireball_deals_0_cr_107_3b() -> None:
    done = finished(
        board(["Fireball"], hand=("Shardless Agent",), choices=("cast", "target:p1", "target:none"))
    )
    free = of_kind(done, "cast")[1]
    assert free.data["free"] and free.data["has_x"] and free.data["x"] == 0
    spell = frame_of(done, free).state.stack[-1]
    assert (spell.text, spell.x, spell.mana_value) == ("Fireball", 0, 1)
    assert of_kind(done, "damage")[0].amount == 0
    assert done.final.players[1].life == 20


def test_x_counters_creature_hit_enters_with_none_cr_107_3b() -> None:
    done = finished(board(["Walking Ballista"], hand=("Shardless Agent",), choices=("cast",)))
    counters = of_kind(done, "counters")[0]
    assert (counters.amount, counters.counter, counters.rule) == (0, "+1/+1", "107.3b")
    assert zone(done, "graveyard") == ["Walking Ballista"]  # 0/0: 704.5f
    assert zone(done, "battlefield") == ["Shardless Agent"]


def test_free_cast_is_the_only_cost_no_evoke_cr_118_9() -> None:
    """Mulldrifter has evoke; cast "without paying its mana cost" it can't be evoked, so it
    stays on the battlefield after drawing two."""
    d = board(
        ["Mulldrifter", "Forest", "Island", "Swamp"],
        hand=("Enlisted Wurm",),
        choices=("cast",),
    )
    assert play(d | {"choices": []}).pending.keys() == ["cast", "decline"]
    done = finished(d)
    assert of_kind(done, "cast")[1].data["free"] is True
    assert zone(done, "hand") == ["Forest", "Island"]
    assert zone(done, "battlefield") == ["Mulldrifter", "Enlisted Wurm"]


def test_mandatory_additional_cost_is_paid_on_a_free_cast_cr_702_85a_601_2h() -> None:
    """Thrill of Possibility ("as an additional cost, discard a card") cast by cascade:
    the mana cost is free, the discard is not (seed 002)."""
    d = board(
        ["Thrill of Possibility", "Island", "Swamp"],
        hand=("Bloodbraid Elf", "Forest", "Mountain"),
        choices=("cast",),
    )
    tl = play(d)
    assert tl.pending.kind == "discard_cost" and tl.pending.rule == "601.2h"
    assert tl.pending.keys() == ["discard:Forest", "discard:Mountain"]
    done = finished(d | {"choices": ["cast", "discard:Mountain"]})
    cost = of_kind(done, "cost")[0]
    assert [(m.name, m.src, m.dst) for m in cost.moves] == [("Mountain", "hand", "graveyard")]
    assert cost.data == {"cost": "discard a card", "free": True}
    assert index_of(done, "cost") < index_of(done, "resolve", index_of(done, "cost"))
    assert zone(done, "hand") == ["Forest", "Island", "Swamp"]
    assert zone(done, "graveyard") == ["Mountain", "Thrill of Possibility"]


@pytest.mark.parametrize(("kick", "damage"), [("kick", 4), ("no_kick", 2)])
def test_optional_additional_cost_may_be_paid_on_a_free_cast_cr_702_85a_702_33a(
    kick: str, damage: int
) -> None:
    """Burst Lightning cast by cascade may be kicked (4 damage) or not (2 damage)."""
    d = board(["Burst Lightning"], hand=("Bloodbraid Elf",), choices=("cast",))
    tl = play(d)
    assert tl.pending.kind == "kicker" and tl.pending.keys() == ["kick", "no_kick"]
    assert "without paying its mana cost" in tl.pending.prompt
    done = finished(d | {"choices": ["cast", kick, "target:p1"]})
    assert of_kind(done, "kicker")[0].rule == "601.2b"
    assert done.final.players[1].life == 20 - damage


def test_hit_with_unpayable_additional_cost_is_not_cast_cr_702_85a_601_2h() -> None:
    done = finished(board(["Thrill of Possibility", "Island"], hand=("Bloodbraid Elf",)))
    assert done.answered == []
    assert reasons(of_kind(done, "cant_cast")[0]) == ["unpayable_cost"]
    assert zone(done, "library") == ["Island", "Thrill of Possibility"]


# ---------------------------------------------- item 7: timing ignored, can't cast = not cast


def test_timing_ignored_instant_cascade_into_creature_cr_702_85a() -> None:
    """Violent Outburst (an instant) cascades into Grizzly Bears: sorcery timing doesn't apply."""
    done = finished(board(["Grizzly Bears"], hand=("Violent Outburst",), choices=("cast",)))
    assert zone(done, "battlefield") == ["Grizzly Bears"]


def test_hit_without_legal_target_is_not_cast_cr_702_85a_601_2c() -> None:
    """Murder needs a creature; the cascading Elf is still a spell. No decision is asked."""
    done = finished(board(["Murder", "Forest"], hand=("Bloodbraid Elf",)))
    assert done.scenario.choices == () and done.answered == []
    cant = of_kind(done, "cant_cast")[0]
    assert reasons(cant) == ["no_legal_target"] and cant.rule == "702.85a"
    assert len(of_kind(done, "cast")) == 1
    assert zone(done, "library") == ["Forest", "Murder"]
    assert zone(done, "battlefield") == ["Bloodbraid Elf"]


def test_split_hit_half_without_legal_target_is_not_offered_cr_702_85a_601_2c() -> None:
    """Ice needs a permanent to target and there is none: only Fire may be cast."""
    tl = play(board(["Fire // Ice"], hand=("Imoti, Celebrant of Bounty",)))
    assert tl.pending.keys() == ["cast:Fire", "decline"]
    assert "Ice has no legal target" in tl.pending.prompt


# ----------------------------------------------------- item 8: cast from exile, above the spell


def test_hit_is_cast_from_exile_cr_702_85a() -> None:
    done = finished(
        board(["Lightning Bolt"], hand=("Bloodbraid Elf",), choices=("cast", "target:p1"))
    )
    free = of_kind(done, "cast")[1]
    assert [(m.name, m.src, m.dst) for m in free.moves] == [("Lightning Bolt", "exile", "stack")]
    assert free.data["from"] == "exile" and free.data["free"] is True
    assert "118.9" in free.rule


def test_free_spell_goes_above_the_cascading_spell_cr_702_85a() -> None:
    done = finished(
        board(["Lightning Bolt"], hand=("Bloodbraid Elf",), choices=("cast", "target:p1"))
    )
    stack = frame_of(done, of_kind(done, "cast")[1]).state.stack
    assert [s.text for s in stack] == ["Bloodbraid Elf", "Lightning Bolt"]  # bottom -> top
    order = [e.data["spell"] for e in of_kind(done, "resolve") if e.data["item"] == "spell"]
    assert order == ["Lightning Bolt", "Bloodbraid Elf"]


def test_aura_hit_cant_enchant_the_cascading_creature_cr_702_85a_303_4a() -> None:
    """Pacifism needs a creature to enchant; Bloodbraid Elf is still on the stack."""
    done = finished(board(["Pacifism"], hand=("Bloodbraid Elf",)))
    assert reasons(of_kind(done, "cant_cast")[0]) == ["no_legal_target"]
    assert zone(done, "library") == ["Pacifism"]
    assert zone(done, "battlefield") == ["Bloodbraid Elf"]


def test_aura_hit_targets_only_creatures_on_the_battlefield_cr_702_85a_303_4a() -> None:
    d = board(
        ["Pacifism"],
        hand=("Bloodbraid Elf",),
        battlefield=("Llanowar Elves",),
        opponent_battlefield=("Grizzly Bears",),
        choices=("cast",),
    )
    tl = play(d)
    assert tl.pending.kind == "target"
    elf_id = tl.events[0].moves[0].obj
    names = [o.label for o in tl.pending.options]
    assert names == ["Target Llanowar Elves (yours)", "Target Grizzly Bears (Opponent's)"]
    assert f"target:o{elf_id}" not in tl.pending.keys()
    done = finished(d | {"choices": ["cast", tl.pending.keys()[1]]})
    assert zone(done, "battlefield", 1) == ["Grizzly Bears"]
    assert "Pacifism" in zone(done, "battlefield")


def test_board_wipe_hit_resolves_before_the_cascading_creature_enters_cr_702_85a() -> None:
    done = finished(
        board(
            ["Pyroclasm"],
            hand=("Bloodbraid Elf",),
            battlefield=("Llanowar Elves",),
            opponent_battlefield=("Grizzly Bears",),
            choices=("cast",),
        )
    )
    assert zone(done, "battlefield") == ["Bloodbraid Elf"]
    assert zone(done, "battlefield", 1) == []
    assert zone(done, "graveyard") == ["Pyroclasm", "Llanowar Elves"]
    assert zone(done, "graveyard", 1) == ["Grizzly Bears"]
    elf = done.final.zone(0, "battlefield")[0]
    assert elf.damage == 0


def test_cascade_chain_free_spell_with_cascade_triggers_again_cr_702_85a() -> None:
    """Enlisted Wurm (MV 6) -> Shardless Agent (MV 3, cast for free: still MV 3) -> Bolt."""
    done = finished(
        board(
            ["Mountain", "Shardless Agent", "Forest", "Lightning Bolt", "Island"],
            hand=("Enlisted Wurm",),
            choices=("cast", "cast", "target:p1"),
        )
    )
    trig = cascade_triggers(done)
    assert [e.data["spell"] for e in trig] == ["Enlisted Wurm", "Shardless Agent"]
    assert [e.amount for e in of_kind(done, "cascade")] == [6, 3]
    # The Agent's trigger goes on the stack above the Agent, above the Wurm.
    second = [e for e in of_kind(done, "stack") if source_name(done, e) == "Shardless Agent"][0]
    stack = frame_of(done, second).state.stack
    assert [s.text for s in stack] == [
        "Enlisted Wurm",
        "Shardless Agent",
        "Cascade of Shardless Agent",
    ]
    assert done.final.players[1].life == 17
    assert zone(done, "battlefield") == ["Shardless Agent", "Enlisted Wurm"]
    assert zone(done, "library") == ["Island", "Mountain", "Forest"]


def test_cascade_into_same_mv_cascader_is_not_a_hit_cr_702_85a() -> None:
    done = finished(
        board(["Bloodbraid Elf", "Llanowar Elves"], hand=("Bloodbraid Elf",), choices=("cast",))
    )
    assert len(cascade_triggers(done)) == 1
    assert zone(done, "library") == ["Bloodbraid Elf"]


def test_cascaded_spell_was_cast_if_you_cast_it_triggers_cr_702_85a_603_4() -> None:
    """Geological Appraiser ("when it enters, if you cast it, discover 3") cast by cascade
    WAS cast: it discovers."""
    done = finished(
        board(
            ["Geological Appraiser", "Forest", "Lightning Bolt", "Mountain"],
            hand=("Enlisted Wurm",),
            choices=("cast", "cast", "target:p1"),
        )
    )
    assert "no_trigger" not in kinds(done)
    assert len(of_kind(done, "discover")) == 1
    assert done.final.players[1].life == 17
    assert zone(done, "battlefield") == ["Geological Appraiser", "Enlisted Wurm"]


# --------------------------------------------------- item 9: bottom in a random order, whiff


def _ten_lands_then_bolt(seed: int) -> Timeline:
    return finished(
        board(
            [*LANDS_10, "Lightning Bolt", "Grizzly Bears"],
            hand=("Bloodbraid Elf",),
            choices=("decline",),
            seed=seed,
        )
    )


def test_exiled_cards_go_to_the_bottom_in_a_random_order_cr_702_85a() -> None:
    a = _ten_lands_then_bolt(1)
    assert zone(a, "library")[0] == "Grizzly Bears"
    assert Counter(zone(a, "library")[1:]) == Counter([*LANDS_10, "Lightning Bolt"])
    assert bottomed(a) == [zone(a, "library")[1:]]
    orders = {tuple(zone(_ten_lands_then_bolt(seed), "library")) for seed in (1, 2, 3)}
    assert len(orders) > 1, "the order depends on the seed"


def test_same_seed_gives_the_same_bottom_order_cr_702_85a() -> None:
    a, b = _ten_lands_then_bolt(7), _ten_lands_then_bolt(7)
    assert zone(a, "library") == zone(b, "library")
    assert a.fingerprint() == b.fingerprint()


def test_random_bottom_order_is_not_a_shuffle_cr_702_85a() -> None:
    tl = _ten_lands_then_bolt(3)
    assert "shuffle" not in kinds(tl)
    bottom = of_kind(tl, "bottom")[0]
    assert bottom.data["order"] == "random" and bottom.rule == "702.85a"
    assert all(m.src == "exile" and m.dst == "library" for m in bottom.moves)


def test_declined_hit_goes_to_the_bottom_too_cr_702_85a() -> None:
    done = finished(
        board(
            ["Island", "Lightning Bolt", "Forest"], hand=("Bloodbraid Elf",), choices=("decline",)
        )
    )
    assert Counter(bottomed(done)[0]) == Counter(["Island", "Lightning Bolt"])
    assert zone(done, "graveyard") == []


def test_cast_hit_does_not_go_to_the_bottom_cr_702_85a() -> None:
    done = finished(
        board(
            ["Island", "Lightning Bolt", "Forest"],
            hand=("Bloodbraid Elf",),
            choices=("cast", "target:p1"),
        )
    )
    assert bottomed(done) == [["Island"]]
    assert zone(done, "library") == ["Forest", "Island"]


def test_whiff_exiles_the_whole_library_and_puts_it_back_nobody_loses_cr_702_85a() -> None:
    library = ["Mountain", "Enlisted Wurm", "Forest", "Bloodbraid Elf", "Island"]
    done = finished(board(library, hand=("Bloodbraid Elf",)))
    assert exiled_from_library(done) == library
    whiff = of_kind(done, "whiff")[0]
    assert whiff.amount == 5 and not of_kind(done, "lose")
    assert Counter(zone(done, "library")) == Counter(library)
    assert zone(done, "exile") == []
    assert done.final.lost == ()
    assert zone(done, "battlefield") == ["Bloodbraid Elf"]
    assert done.answered == []


def test_whiff_on_an_empty_library_nobody_loses_cr_702_85a() -> None:
    done = finished(board([], hand=("Bloodbraid Elf",)))
    assert of_kind(done, "whiff")[0].amount == 0
    assert done.final.lost == ()
    assert "bottom" not in kinds(done)
    assert zone(done, "battlefield") == ["Bloodbraid Elf"]


def test_no_card_lost_or_duplicated_through_a_cascade_chain_cr_702_85a() -> None:
    """Every card the player owns is in exactly one zone at every frame (RULES invariant)."""
    done = finished(
        board(
            ["Mountain", "Shardless Agent", "Forest", "Lightning Bolt", "Island"],
            hand=("Enlisted Wurm",),
            choices=("cast", "cast", "target:p1"),
        )
    )
    assert {f.state.card_count(0) for f in done.frames} == {6}


# ------------------------------------------------------------- item 10: "as you cascade"


AVERNA_LIB = ["Mountain", "Forest", "Lightning Bolt", "Island"]


def test_as_you_cascade_averna_acts_after_exiling_before_the_cast_decision_cr_702_85b() -> None:
    tl = play(board(AVERNA_LIB, hand=("Bloodbraid Elf",), battlefield=("Averna, the Chaos Bloom",)))
    assert tl.pending.kind == "as_you_cascade" and tl.pending.rule == "702.85b"
    assert tl.pending.keys() == ["land:Mountain", "land:Forest", "none"]
    assert exiled_from_library(tl) == ["Mountain", "Forest", "Lightning Bolt"]
    d = tl.answer("land:Forest").to_dict()
    tl2 = play(d)
    assert tl2.pending.kind == "cascade_cast"
    done = finished(d | {"choices": ["land:Forest", "decline"]})
    put = of_kind(done, "as_you_cascade")[0]
    assert [(m.name, m.src, m.dst) for m in put.moves] == [("Forest", "exile", "battlefield")]
    assert put.rule == "702.85b"
    assert index_of(done, "as_you_cascade") < index_of(done, "decline")
    forest = next(o for o in done.final.zone(0, "battlefield") if o.name == "Forest")
    assert forest.tapped
    assert Counter(bottomed(done)[0]) == Counter(["Mountain", "Lightning Bolt"])


def test_as_you_cascade_on_a_whiff_before_the_bottom_cr_702_85b() -> None:
    done = finished(
        board(
            ["Mountain", "Forest", "Island"],
            hand=("Bloodbraid Elf",),
            battlefield=("Averna, the Chaos Bloom",),
            choices=("land:Island",),
        )
    )
    assert index_of(done, "as_you_cascade") < index_of(done, "bottom")
    assert "Island" in zone(done, "battlefield")
    assert Counter(zone(done, "library")) == Counter(["Mountain", "Forest"])


def test_as_you_cascade_is_optional_cr_702_85b() -> None:
    done = finished(
        board(
            AVERNA_LIB,
            hand=("Bloodbraid Elf",),
            battlefield=("Averna, the Chaos Bloom",),
            choices=("none", "decline"),
        )
    )
    assert zone(done, "battlefield") == ["Averna, the Chaos Bloom", "Bloodbraid Elf"]
    assert Counter(bottomed(done)[0]) == Counter(["Mountain", "Forest", "Lightning Bolt"])


def test_as_you_cascade_with_no_land_exiled_asks_nothing_cr_702_85b() -> None:
    tl = play(
        board(
            ["Lightning Bolt"], hand=("Bloodbraid Elf",), battlefield=("Averna, the Chaos Bloom",)
        )
    )
    assert tl.pending.kind == "cascade_cast" and tl.pending.index == 0
    assert of_kind(tl, "as_you_cascade")[0].data["lands_exiled"] == 0


def test_averna_has_no_cascade_and_grants_none_cr_702_85b() -> None:
    tl = finished(
        board(["Lightning Bolt"], hand=("Grizzly Bears",), battlefield=("Averna, the Chaos Bloom",))
    )
    assert cascade_triggers(tl) == []


# -------------------------------------------------------- property: 702.85a on any library

POOL = [
    "Forest",
    "Dryad Arbor",
    "Llanowar Elves",
    "Grizzly Bears",
    "Crashing Footfalls",
    "Walking Ballista",
    "Bonecrusher Giant",
    "Fire // Ice",
    "Bloodbraid Elf",
    "Alrund, God of the Cosmos",
    "Mulldrifter",
    "Enlisted Wurm",
]
CASCADERS = {
    "Shardless Agent": 3,
    "Bloodbraid Elf": 4,
    "Imoti, Celebrant of Bounty": 5,
    "Enlisted Wurm": 6,
}


@given(
    library=st.lists(st.sampled_from(POOL), max_size=12),
    cascader=st.sampled_from(sorted(CASCADERS)),
    seed=st.integers(0, 2**32),
)
def test_cascade_exiles_exactly_up_to_the_first_hit_and_bottoms_the_rest_cr_702_85a(
    library: list[str], cascader: str, seed: int
) -> None:
    """Declining every hit: the exiled cards are the library's prefix up to the first
    nonland card with MV < the spell's; they all end at the bottom; the rest keeps its order."""
    pool = default_pool()
    limit = CASCADERS[cascader]
    d = board(library, hand=(cascader,), seed=seed)
    tl = Scenario.from_dict(d).run(policy=AutoPolicy(decline=[pool.get(n).name for n in POOL]))
    assert tl.finished and tl.pending is None
    cards = [pool.get(n) for n in library]
    first = next((i for i, c in enumerate(cards) if not c.is_land and c.mana_value < limit), None)
    n = len(cards) if first is None else first + 1
    full = [c.name for c in cards]
    assert exiled_from_library(tl) == full[:n]
    assert bool(of_kind(tl, "whiff")) is (first is None)
    final = zone(tl, "library")
    assert final[: len(full) - n] == full[n:]
    assert Counter(final[len(full) - n :]) == Counter(full[:n])
    assert zone(tl, "exile") == [] and tl.final.lost == ()
    assert zone(tl, "battlefield") == [cascader]
