"""Triggered abilities of the card data (CR 603): every `when` id that can fire in the
playground fires on its event, with the board before and after; combat-only ids never do.

Cards are user cards (the scenario's "cards") whose effects use the imported entry
format, so each test names exactly the trigger it exercises. Assertions read zones, life,
counters and event fields, never the log's wording.
"""

from __future__ import annotations

import pytest

from engine import Scenario
from engine.core.policy import AutoPolicy
from engine.lang.vocabulary import TRIGGER_WHEN
from engine.play.timeline import run
from engine.rules.triggers import WHEN, is_combat_only, trigger_missing

from boards import board, finished, of_kind, play, zone

GAIN = [{"op": "gain_life", "n": 1}]


def card(
    name: str,
    type_line: str = "Creature — Test",
    *,
    effects: dict,
    cost: str = "{1}",
    pt: tuple[str, str] | None = ("2", "2"),
    keywords=(),
) -> dict:
    d = {"name": name, "mana_cost": cost, "type_line": type_line, "effects": effects}
    if "Creature" in type_line and pt:
        d["power"], d["toughness"] = pt
    if keywords:
        d["keywords"] = list(keywords)
    return d


def watcher(
    when: str, ops=GAIN, name: str = "Watcher", type_line: str = "Enchantment", **trig
) -> dict:
    return card(name, type_line, effects={"triggers": [{"when": when, "ops": ops, **trig}]})


def fired(tl, when: str) -> list:
    return [e for e in of_kind(tl, "trigger") if e.data.get("trigger") == when]


BOLT_IT = {"name": "Lightning Bolt"}
DIES_KINDS = (
    "self_dies",
    "self_to_graveyard_from_battlefield",
    "self_to_your_graveyard_from_battlefield",
    "self_leaves_battlefield",
    "self_enters_or_dies",
)


# ------------------------------------------------------------- the registry (603.2)


def test_every_trigger_id_has_a_registry_entry_cr_603_2():
    assert set(TRIGGER_WHEN) <= set(WHEN)
    kinds = {w.kind for w in WHEN.values()}
    assert kinds <= {"event", "cast", "step", "mechanic", "combat", "unsupported", "structural"}


def test_combat_only_triggers_are_labelled_and_never_fire():
    for when in ("self_attacks", "self_blocks", "self_combat_damage_to_player", "you_attack"):
        trig = {"when": when, "ops": GAIN}
        assert WHEN[when].kind == "combat"
        assert is_combat_only(trig) and trigger_missing(trig) is None
    # an OR-trigger with a non-combat part is not combat-only
    assert not is_combat_only({"when": "self_attacks", "also": ["self_enters"], "ops": GAIN})
    raider = card("Raider", effects={"triggers": [{"when": "self_attacks", "ops": GAIN}]})
    d = board(
        ["Island"], battlefield=("Raider",), cards=(raider,), actions=[{"do": "precombat_main"}]
    )
    tl = finished(d)
    assert of_kind(tl, "trigger") == [] and tl.final.players[0].life == 20


def test_unsupported_trigger_says_what_is_missing_and_changes_nothing():
    odd = watcher("self_turned_face_up")
    assert trigger_missing(odd["effects"]["triggers"][0])
    assert trigger_missing({"when": "no_such_event", "ops": GAIN})


# ------------------------------------------------------- leaving the battlefield (700.4)


@pytest.mark.parametrize("when", DIES_KINDS)
def test_self_dies_and_leave_triggers_look_back_cr_700_4_603_10a(when):
    bear = card("Doomed Bear", effects={"triggers": [{"when": when, "ops": GAIN}]})
    d = board(
        [],
        hand=("Lightning Bolt",),
        battlefield=("Doomed Bear",),
        cards=(bear,),
        choices=("target:o2",),
    )
    tl = finished(d)
    assert sorted(zone(tl, "graveyard")) == ["Doomed Bear", "Lightning Bolt"]
    assert len(fired(tl, when)) == 1
    assert tl.final.players[0].life == 21


def test_leaves_but_does_not_die_when_bounced_cr_603_6c():
    bear = card(
        "Bouncy",
        effects={
            "triggers": [
                {"when": "self_leaves_battlefield", "ops": GAIN},
                {"when": "self_dies", "ops": [{"op": "gain_life", "n": 5}]},
            ]
        },
    )
    d = board(
        [], hand=("Unsummon",), battlefield=("Bouncy",), cards=(bear,), choices=("target:o1",)
    )
    tl = finished(d)
    assert zone(tl, "hand") == ["Bouncy"]
    assert len(fired(tl, "self_leaves_battlefield")) == 1 and fired(tl, "self_dies") == []
    assert tl.final.players[0].life == 21


@pytest.mark.parametrize(
    ("when", "extra"),
    [
        ("creature_dies", {"filter": {"types": ["Creature"]}}),
        ("self_or_other_dies", {"filter": {"types": ["Creature"], "other": True}}),
        ("permanent_to_graveyard_from_battlefield", {"filter": {"types": ["Creature"]}}),
    ],
)
def test_another_creature_dies_cr_700_4(when, extra):
    d = board(
        [],
        hand=("Lightning Bolt",),
        battlefield=("Watcher",),
        opponent_battlefield=("Grizzly Bears",),
        cards=(watcher(when, **extra),),
        choices=("target:o3",),
    )
    tl = finished(d)
    assert zone(tl, "graveyard", 1) == ["Grizzly Bears"]
    assert len(fired(tl, when)) == 1 and tl.final.players[0].life == 21
    ev = fired(tl, when)[0]
    assert ev.data["event"]["object"] == 3


def test_creature_dies_filter_that_does_not_match_does_not_trigger():
    d = board(
        [],
        hand=("Lightning Bolt",),
        battlefield=("Watcher",),
        opponent_battlefield=("Grizzly Bears",),
        cards=(watcher("creature_dies", filter={"types": ["Creature"], "controller": "you"}),),
        choices=("target:o3",),
    )
    tl = finished(d)
    assert fired(tl, "creature_dies") == [] and tl.final.players[0].life == 20


def test_permanent_sacrificed_cr_701_21a():
    altar = card(
        "Altar",
        "Artifact",
        effects={
            "activated": [
                {
                    "cost": "sacrifice a creature",
                    "costs": [{"cost": "sacrifice", "n": 1, "filter": {"types": ["Creature"]}}],
                    "ops": [{"op": "draw", "n": 1}],
                }
            ]
        },
    )
    d = board(
        ["Island"],
        battlefield=("Altar", "Watcher", "Grizzly Bears"),
        cards=(altar, watcher("permanent_sacrificed", who="you", filter={"types": ["Creature"]})),
        actions=[{"do": "activate", "card": "Altar"}],
    )
    tl = finished(d)
    assert zone(tl, "graveyard") == ["Grizzly Bears"] and zone(tl, "hand") == ["Island"]
    assert len(fired(tl, "permanent_sacrificed")) == 1 and tl.final.players[0].life == 21


# ------------------------------------------------------------------ entering (603.6a)


@pytest.mark.parametrize(
    "when",
    [
        "self_enters",
        "self_enters_or_dies",
        "self_enters_or_attacks",
        "self_or_your_dinosaur_enters",
    ],
)
def test_self_enters_triggers_cr_603_6a(when):
    elf = card("Greeter", effects={"triggers": [{"when": when, "ops": GAIN}]})
    tl = finished(board([], hand=("Greeter",), cards=(elf,)))
    assert zone(tl, "battlefield") == ["Greeter"]
    assert len(fired(tl, when)) == 1 and tl.final.players[0].life == 21


@pytest.mark.parametrize(
    ("when", "extra"),
    [
        ("permanent_enters", {"filter": {"types": ["Creature"], "controller": "you"}}),
        ("self_or_other_enters", {"filter": {"types": ["Creature"]}}),
    ],
)
def test_another_permanent_enters_cr_603_6a(when, extra):
    tl = finished(
        board(
            [], hand=("Grizzly Bears",), battlefield=("Watcher",), cards=(watcher(when, **extra),)
        )
    )
    assert len(fired(tl, when)) == 1 and tl.final.players[0].life == 21


def test_landfall_a_land_entering_under_your_control_cr_603_2():
    maker = card(
        "Land Maker",
        "Sorcery",
        effects={
            "spell": [{"op": "create_token", "token": "Wastes", "pt": None, "types": ["Land"]}]
        },
    )
    tl = finished(
        board(
            [], hand=("Land Maker",), battlefield=("Watcher",), cards=(maker, watcher("landfall"))
        )
    )
    assert zone(tl, "battlefield") == ["Watcher", "Wastes token"]
    assert len(fired(tl, "landfall")) == 1 and tl.final.players[0].life == 21
    # a creature entering is not landfall
    tl = finished(
        board([], hand=("Grizzly Bears",), battlefield=("Watcher",), cards=(watcher("landfall"),))
    )
    assert fired(tl, "landfall") == []


# ----------------------------------------------------------- players' events (603.2)


def test_you_gain_life_and_event_amount_cr_119_9():
    pridemate = watcher(
        "you_gain_life", ops=[{"op": "add_counters", "counter": "+1/+1", "n": 1, "what": "self"}]
    )
    healer = card("Healer", "Instant", effects={"spell": [{"op": "gain_life", "n": 3}]})
    tl = finished(board([], hand=("Healer",), battlefield=("Watcher",), cards=(pridemate, healer)))
    (ev,) = fired(tl, "you_gain_life")
    assert ev.data["event"]["amount"] == 3
    assert tl.final.zone(0, "battlefield")[0].counter("+1/+1") == 1


def test_you_draw_cr_121_1():
    d = board(
        ["Island", "Island"],
        battlefield=("Watcher",),
        cards=(watcher("you_draw"),),
        actions=[{"do": "precombat_main"}],
    )
    tl = finished(d)
    assert zone(tl, "hand") == ["Island"] and len(fired(tl, "you_draw")) == 1
    assert tl.final.players[0].life == 21


def test_you_discard_and_you_cycle_or_discard_other_cr_701_9():
    looter = card(
        "Looter",
        "Sorcery",
        effects={
            "spell": [{"op": "draw", "n": 1}],
            "spell_costs": [],
            "additional_cost": "discard a card",
        },
    )
    d = board(
        ["Island"],
        hand=("Looter", "Mountain"),
        battlefield=("Watcher", "Curator"),
        cards=(
            looter,
            watcher("you_discard"),
            watcher("you_cycle_or_discard_other", name="Curator"),
        ),
        choices=("first:Watcher's triggered ability (you discard)",),
    )
    tl = finished(d)
    assert "Mountain" in zone(tl, "graveyard")
    assert len(fired(tl, "you_discard")) == 1
    assert len(fired(tl, "you_cycle_or_discard_other")) == 1
    assert tl.final.players[0].life == 22


def test_self_cycled_and_cycling_discard_counts_once_cr_702_29c():
    cycler = card(
        "Cycler",
        effects={
            "keyword_costs": {"Cycling": "{2}"},
            "triggers": [{"when": "self_cycled", "ops": GAIN, "zone": "hand"}],
        },
    )
    d = board(
        ["Island"],
        hand=("Cycler",),
        battlefield=("Curator",),
        cards=(cycler, watcher("you_cycle_or_discard_other", name="Curator")),
        actions=[{"do": "cycle", "card": "Cycler"}],
        choices=("first:Cycler's triggered ability (self cycled)",),
    )
    tl = finished(d)
    assert zone(tl, "graveyard") == ["Cycler"] and zone(tl, "hand") == ["Island"]
    assert len(fired(tl, "self_cycled")) == 1
    assert len(fired(tl, "you_cycle_or_discard_other")) == 1
    assert tl.final.players[0].life == 22


def test_self_becomes_tapped_cr_701_26a():
    tapper = card(
        "Tapper",
        "Artifact",
        effects={
            "activated": [{"cost": "{T}", "costs": [{"cost": "tap"}], "ops": GAIN}],
            "triggers": [{"when": "self_becomes_tapped", "ops": GAIN}],
        },
    )
    d = board(
        [], battlefield=("Tapper",), cards=(tapper,), actions=[{"do": "activate", "card": "Tapper"}]
    )
    tl = finished(d)
    assert tl.final.zone(0, "battlefield")[0].tapped
    assert len(fired(tl, "self_becomes_tapped")) == 1 and tl.final.players[0].life == 22


def test_self_dealt_damage_cr_120_3():
    wall = card(
        "Wall", pt=("0", "5"), effects={"triggers": [{"when": "self_dealt_damage", "ops": GAIN}]}
    )
    tl = finished(
        board(
            [],
            hand=("Lightning Bolt",),
            battlefield=("Wall",),
            cards=(wall,),
            choices=("target:o2",),
        )
    )
    assert zone(tl, "battlefield") == ["Wall"] and len(fired(tl, "self_dealt_damage")) == 1


def test_creature_damage_to_player_noncombat_cr_120_3():
    pinger = card(
        "Pinger",
        effects={
            "activated": [
                {
                    "cost": "{T}",
                    "costs": [{"cost": "tap"}],
                    "targets": [{"what": "any", "count": 1}],
                    "ops": [{"op": "damage", "amount": 1, "to": "target"}],
                }
            ]
        },
    )
    d = board(
        [],
        battlefield=("Pinger", "Watcher"),
        cards=(pinger, watcher("creature_damage_to_player")),
        actions=[{"do": "activate", "card": "Pinger"}],
        choices=("target:p1",),
    )
    tl = finished(d)
    assert tl.final.players[1].life == 19
    (ev,) = fired(tl, "creature_damage_to_player")
    assert ev.data["event"]["player"] == 1 and ev.data["event"]["amount"] == 1


@pytest.mark.parametrize(
    ("when", "fires"),
    [
        ("self_becomes_target", True),
        ("self_targeted_by_spell", True),
        ("self_targeted_by_your_spell", False),
    ],
)
def test_becomes_the_target_cr_115_603_2(when, fires):
    hero = card("Hero", pt=("1", "5"), effects={"triggers": [{"when": when, "ops": GAIN}]})
    d = board(
        [],
        battlefield=("Hero",),
        opponent_hand=("Lightning Bolt",),
        cards=(hero,),
        actions=[{"do": "cast", "card": "Lightning Bolt", "player": 1}],
        choices=("target:o1",),
    )
    tl = finished(d)
    assert len(fired(tl, when)) == int(fires)
    assert tl.final.players[0].life == 20 + int(fires)


# ------------------------------------------------------------------------ cast (601.2i)


def test_bloodbraid_style_self_cast_trigger_goes_above_the_spell_cr_603_2_601_2i():
    """ "When you cast this spell, draw a card" (like Bloodbraid Elf's cascade): it triggers
    on casting and resolves before the spell."""
    elf = card(
        "Braid Elf",
        effects={"triggers": [{"when": "self_cast", "ops": [{"op": "draw", "n": 1}]}]},
        keywords=("Haste",),
    )
    tl = finished(board(["Island"], hand=("Braid Elf",), cards=(elf,)))
    assert zone(tl, "battlefield") == ["Braid Elf"] and zone(tl, "hand") == ["Island"]
    kinds = [(e.kind, e.data.get("item")) for e in tl.events if e.kind in ("resolve",)]
    assert kinds == [("resolve", "ability"), ("resolve", "spell")]


def test_bloodbraid_elf_cascade_and_a_cast_trigger_are_ordered_cr_603_3b():
    """Casting Bloodbraid Elf triggers its cascade and a "whenever you cast a creature
    spell" ability together; its controller orders them (the last put there resolves first)."""
    d = board(
        ["Lightning Bolt"],
        hand=("Bloodbraid Elf",),
        battlefield=("Watcher",),
        cards=(watcher("you_cast_spell", filter={"types": ["Creature"]}),),
        choices=("first:Cascade of Bloodbraid Elf", "cast", "target:p1"),
    )
    tl = finished(d)
    (ev,) = fired(tl, "you_cast_spell")
    assert ev.data["event"]["object"] == 2  # the spell that was cast
    abilities = [e for e in of_kind(tl, "resolve") if e.data.get("item") == "ability"]
    assert [e.data["trigger"] for e in abilities] == ["triggered", "cascade"]
    assert tl.final.players[0].life == 21 and tl.final.players[1].life == 17
    assert zone(tl, "battlefield") == ["Watcher", "Bloodbraid Elf"]


@pytest.mark.parametrize(
    ("when", "caster", "n"),
    [
        ("you_cast_spell", 0, 1),
        ("opponent_casts_spell", 1, 1),
        ("any_player_casts_spell", 1, 1),
        ("opponent_casts_spell", 0, 0),
    ],
)
def test_cast_spell_triggers_by_player_cr_601_2i(when, caster, n):
    hand = {"hand": ("Lightning Bolt",)} if caster == 0 else {"opponent_hand": ("Lightning Bolt",)}
    d = board(
        [],
        battlefield=("Watcher",),
        cards=(watcher(when),),
        actions=[{"do": "cast", "card": "Lightning Bolt", "player": caster}],
        choices=("target:p1" if caster == 0 else "target:p0",),
        **hand,
    )
    tl = finished(d)
    assert len(fired(tl, when)) == n


def test_second_spell_each_turn_cr_601_2i():
    d = board(
        [],
        hand=("Lightning Bolt", "Lightning Bolt"),
        battlefield=("Watcher",),
        cards=(watcher("you_cast_second_spell_each_turn"),),
        actions=[{"do": "cast", "card": "Lightning Bolt"}] * 2,
        choices=("target:p1", "target:p1"),
    )
    tl = finished(d)
    (ev,) = fired(tl, "you_cast_second_spell_each_turn")
    assert ev.data["event"]["amount"] == 2 and tl.final.players[0].life == 21


# ------------------------------------------------------------ steps of the turn (503-513)


def test_upkeep_trigger_across_the_precombat_main_turn_pass_cr_503_1():
    """As Foretold style: "at the beginning of your upkeep, put a time counter on this"."""
    fore = watcher(
        "your_upkeep", ops=[{"op": "add_counters", "counter": "time", "n": 1, "what": "self"}]
    )
    d = board(
        ["Island", "Island"],
        opponent_library=["Island"],
        battlefield=("Watcher",),
        cards=(fore,),
        actions=[
            {"do": "precombat_main"},
            {"do": "precombat_main", "player": 1},
            {"do": "precombat_main"},
        ],
    )
    tl = finished(d)
    assert tl.final.zone(0, "battlefield")[0].counter("time") == 2  # not on the opponent's turn
    kinds = [e.kind for e in tl.events]
    first_turn = kinds.index("turn")
    assert kinds.index("trigger") > first_turn
    assert kinds.index("resolve") < kinds.index("draw")  # resolved in the upkeep, before the draw


STEP_IDS = [
    (who + step, 2 if who == "each_" else 1)
    for step in (
        "upkeep",
        "draw_step",
        "precombat_main",
        "beginning_of_combat",
        "postcombat_main",
        "end_step",
    )
    for who in ("your_", "each_", "each_opponent_")
]


@pytest.mark.parametrize(("when", "n"), STEP_IDS)
def test_beginning_of_step_triggers_cr_503_1_513_1(when, n):
    """Two turn passes from your precombat main: the rest of your turn (beginning of combat,
    postcombat main, end step), the opponent's whole turn, your next turn up to its
    precombat main. Each step begins once for you and once for the opponent."""
    d = board(
        ["Island"] * 3,
        opponent_library=["Island"] * 3,
        battlefield=("Watcher",),
        cards=(watcher(when),),
        actions=[{"do": "precombat_main", "player": 1}, {"do": "precombat_main"}],
    )
    tl = finished(d)
    assert len(fired(tl, when)) == n
    assert tl.final.players[0].life == 20 + n


def test_apnap_order_active_players_triggers_go_on_the_stack_first_cr_603_3b():
    """Both players' upkeep triggers: the active player's are put on the stack first, so the
    non-active player's resolve first."""
    mine = watcher("each_upkeep", ops=[{"op": "gain_life", "n": 1}], name="Mine")
    theirs = watcher("each_upkeep", ops=[{"op": "gain_life", "n": 2}], name="Theirs")
    d = board(
        ["Island"],
        battlefield=("Mine",),
        opponent_battlefield=("Theirs",),
        cards=(mine, theirs),
        actions=[{"do": "precombat_main"}],
    )
    tl = finished(d)
    order = [tl.final.objects[e.source].name for e in of_kind(tl, "resolve")]
    assert order == ["Theirs", "Mine"]
    assert (tl.final.players[0].life, tl.final.players[1].life) == (21, 22)


# ---------------------------------------------------- intervening if, may, limit (603)


def test_intervening_if_checked_on_trigger_cr_603_4():
    rich = watcher("your_upkeep", condition={"cond": "life", "who": "you", "cmp": [">=", 25]})
    d = board(
        ["Island"], battlefield=("Watcher",), cards=(rich,), actions=[{"do": "precombat_main"}]
    )
    tl = finished(d)
    assert fired(tl, "your_upkeep") == []
    (no,) = of_kind(tl, "no_trigger")
    assert no.rule == "603.4" and tl.final.players[0].life == 20


def test_intervening_if_checked_again_on_resolution_cr_603_4():
    """Two upkeep triggers; the one resolving first makes the other's condition false."""
    rich = watcher(
        "your_upkeep",
        name="Rich",
        ops=[{"op": "draw", "n": 1}],
        condition={"cond": "life", "who": "you", "cmp": [">=", 20]},
    )
    tax = watcher("your_upkeep", name="Tax", ops=[{"op": "lose_life", "n": 1}])
    d = board(
        ["Island", "Island"],
        battlefield=("Rich", "Tax"),
        cards=(rich, tax),
        actions=[{"do": "precombat_main"}],
        choices=("first:Rich's triggered ability (your upkeep)",),
    )
    tl = finished(d)
    cond = [e for e in of_kind(tl, "condition") if e.data.get("when") == "resolution"]
    assert [e.data["holds"] for e in cond] == [False]
    assert zone(tl, "hand") == ["Island"]  # only the draw step's card
    assert tl.final.players[0].life == 19


@pytest.mark.parametrize(("answer", "life"), [("yes", 21), ("no", 20)])
def test_optional_trigger_is_a_decision_cr_603_5(answer, life):
    d = board(
        [],
        hand=("Grizzly Bears",),
        battlefield=("Watcher",),
        cards=(watcher("permanent_enters", optional=True),),
        choices=(answer,),
    )
    tl = finished(d)
    assert tl.final.players[0].life == life


def test_once_each_turn_limit_cr_603_2():
    d = board(
        [],
        hand=("Grizzly Bears", "Grizzly Bears"),
        battlefield=("Watcher",),
        cards=(
            watcher("permanent_enters", limit="once each turn", filter={"types": ["Creature"]}),
        ),
        actions=[{"do": "cast", "card": "Grizzly Bears"}] * 2,
    )
    tl = finished(d)
    assert len(fired(tl, "permanent_enters")) == 1 and tl.final.players[0].life == 21


@pytest.mark.parametrize(("answer", "life"), [("pay", 19), ("decline", 20)])
def test_optional_cost_of_a_trigger_if_you_do_cr_118_12(answer, life):
    w = watcher(
        "permanent_enters",
        ops=[{"op": "draw", "n": 1}],
        optional_cost=[{"cost": "pay_life", "n": 1}],
    )
    d = board(
        ["Island"], hand=("Grizzly Bears",), battlefield=("Watcher",), cards=(w,), choices=(answer,)
    )
    tl = finished(d)
    assert tl.final.players[0].life == life
    assert zone(tl, "hand") == (["Island"] if answer == "pay" else [])


def test_graveyard_zone_trigger_bloodghast_style():
    ghast = card(
        "Ghast",
        effects={
            "triggers": [
                {
                    "when": "landfall",
                    "zone": "graveyard",
                    "ops": [{"op": "return_from_graveyard", "to": "battlefield", "what": "self"}],
                }
            ]
        },
    )
    maker = card(
        "Land Maker",
        "Sorcery",
        effects={
            "spell": [{"op": "create_token", "token": "Wastes", "pt": None, "types": ["Land"]}]
        },
    )
    tl = play(board([], hand=("Land Maker",), graveyard=("Ghast",), cards=(ghast, maker)))
    assert len(fired(tl, "landfall")) == 1


def test_scenario_token_keeps_the_new_action_fields():
    d = board([], hand=("Grief",), actions=[{"do": "cast", "card": "Grief", "evoke": True}])
    s = Scenario.from_dict(d)
    assert Scenario.from_token(s.to_token()).actions[0]["evoke"] is True


def test_a_filter_in_words_the_engine_cant_read_is_named_not_guessed():
    """Aurora Phoenix-style hand-written filter "has cascade": the trigger doesn't fire
    silently either way; the log names the filter as not simulated."""
    d = board(
        [],
        hand=("Grizzly Bears",),
        battlefield=("Watcher",),
        cards=(watcher("you_cast_spell", filter="has cascade"),),
    )
    tl = finished(d)
    assert fired(tl, "you_cast_spell") == [] and tl.final.players[0].life == 20
    (ns,) = of_kind(tl, "not_simulated")
    assert ns.data["trigger"] == "you_cast_spell" and ns.data["missing"]


@pytest.mark.parametrize(("mode", "life", "hand"), [("mode:1", 21, 1), ("mode:2", 20, 2)])
def test_modal_trigger_modes_chosen_as_it_goes_on_the_stack_cr_603_3c(mode, life, hand):
    w = watcher("your_upkeep", ops=None, modes=[GAIN, [{"op": "draw", "n": 1}]], choose=1)
    w["effects"]["triggers"][0].pop("ops")
    d = board(
        ["Island", "Island"],
        battlefield=("Watcher",),
        cards=(w,),
        actions=[{"do": "precombat_main"}],
        choices=(mode,),
    )
    tl = finished(d)
    assert tl.final.players[0].life == life and len(zone(tl, "hand")) == hand


def test_modal_activated_ability_cr_602_2b_700_2():
    charm = card(
        "Charm Rock",
        "Artifact",
        effects={
            "activated": [
                {"costs": [{"cost": "tap"}], "modes": [GAIN, [{"op": "draw", "n": 1}]], "choose": 1}
            ]
        },
    )
    d = board(
        ["Island"],
        battlefield=("Charm Rock",),
        cards=(charm,),
        actions=[{"do": "activate", "card": "Charm Rock"}],
        choices=("mode:2",),
    )
    tl = finished(d)
    assert zone(tl, "hand") == ["Island"] and tl.final.players[0].life == 20


def test_or_trigger_also_fires_on_its_other_event():
    """``also``: Bant Sojourners-style "when you cycle this or it dies" (each variant with its
    own zone)."""
    bear = card(
        "Sojourner",
        effects={
            "triggers": [{"when": "self_enters", "ops": GAIN, "also": [{"when": "self_dies"}]}]
        },
    )
    d = board(
        [],
        hand=("Sojourner", "Lightning Bolt"),
        cards=(bear,),
        actions=[{"do": "cast", "card": "Sojourner"}, {"do": "cast", "card": "Lightning Bolt"}],
        choices=("target:o1",),
    )
    tl = finished(d)
    assert sorted(zone(tl, "graveyard")) == ["Lightning Bolt", "Sojourner"]
    assert len(fired(tl, "self_enters")) == 1 and len(fired(tl, "self_dies")) == 1
    assert tl.final.players[0].life == 22


def test_creatures_destroyed_together_see_each_other_die_cr_603_10a():
    """A "destroy all creatures" kills two creatures with "whenever a creature dies, you gain
    1 life": they die at once, so each sees both deaths (four triggers), although the log
    has one destroy event for each."""
    mourner = card(
        "Mourner",
        effects={
            "triggers": [{"when": "creature_dies", "filter": {"types": ["Creature"]}, "ops": GAIN}]
        },
    )
    wrath = card(
        "Wrath", "Sorcery", effects={"spell": [{"op": "destroy", "what": "all_creatures"}]}
    )
    d = board([], hand=("Wrath",), battlefield=("Mourner", "Mourner"), cards=(mourner, wrath))
    tl = run(Scenario.from_dict(d), policy=AutoPolicy())  # the trigger order doesn't matter
    assert tl.finished and tl.pending is None
    assert zone(tl, "battlefield") == [] and len(fired(tl, "creature_dies")) == 4
    assert tl.final.players[0].life == 24


def test_creatures_dying_one_after_the_other_are_not_together():
    mourner = card(
        "Mourner",
        effects={
            "triggers": [
                {
                    "when": "creature_dies",
                    "filter": {"types": ["Creature"], "other": True},
                    "ops": GAIN,
                }
            ]
        },
    )
    d = board(
        [],
        hand=("Lightning Bolt", "Lightning Bolt"),
        battlefield=("Mourner", "Mourner"),
        cards=(mourner,),
        actions=[{"do": "cast", "card": "Lightning Bolt"}] * 2,
        choices=("target:o3", "target:o4"),
    )
    tl = finished(d)
    # the first Mourner dies alone: the second sees it; then the second dies alone
    assert len(fired(tl, "creature_dies")) == 1 and tl.final.players[0].life == 21


def test_upkeep_trigger_from_the_graveyard_zone_cr_603_2():
    """ "At the beginning of your upkeep, if this card is in your graveyard, ..." works from the
    graveyard (its ``zone``), and not from the battlefield."""
    ghoul = card(
        "Ghoul", effects={"triggers": [{"when": "your_upkeep", "zone": "graveyard", "ops": GAIN}]}
    )
    d = board(["Island"], graveyard=("Ghoul",), cards=(ghoul,), actions=[{"do": "precombat_main"}])
    assert finished(d).final.players[0].life == 21
    d = board(
        ["Island"], battlefield=("Ghoul",), cards=(ghoul,), actions=[{"do": "precombat_main"}]
    )
    assert finished(d).final.players[0].life == 20


def test_heroic_self_targeted_by_your_spell_cr_603_2():
    hero = card(
        "Hero",
        pt=("1", "5"),
        effects={"triggers": [{"when": "self_targeted_by_your_spell", "ops": GAIN}]},
    )
    d = board(
        [], hand=("Lightning Bolt",), battlefield=("Hero",), cards=(hero,), choices=("target:o2",)
    )
    tl = finished(d)
    assert len(fired(tl, "self_targeted_by_your_spell")) == 1
    assert tl.final.players[0].life == 21 and zone(tl, "battlefield") == ["Hero"]
