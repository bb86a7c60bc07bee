"""Paying mana for real (CR 106, 107.4, 302.6, 305.6, 500.4, 601.2f-h, 605.3a): a scenario
with ``"mana": "paid"`` taps lands and other mana sources into the pool and spends it; what
was spent is recorded on the spell. Zones, tapped status, pools and events' fields, never
wording."""

from __future__ import annotations

import pytest

from engine import Scenario
from engine.base.errors import ScenarioError
from engine.rules import payment

from boards import answered, board, finished, game_of, of_kind, play, user_spell


def paid(*args, **kw) -> dict:
    """A board that pays mana for real."""
    return {**board(*args, **kw), "mana": "paid"}


def tapped(tl, player: int = 0) -> list[str]:
    state = tl.final
    return sorted(
        state.objects[o].name for o in state.players[player].battlefield if state.objects[o].tapped
    )


def mana_costs(tl) -> list[dict]:
    """The mana payments (601.2h): the cost events whose data says cost "mana"."""
    return [e.data for e in of_kind(tl, "cost") if e.data.get("cost") == "mana"]


LANDS = ["Forest", "Mountain", "Forest", "Mountain"]


# ------------------------------------------------------------------ the setting
def test_a_scenario_without_the_setting_assumes_mana_paid_and_taps_nothing() -> None:
    tl = finished(board([], hand=["Grizzly Bears"], battlefield=["Forest"]))
    assert Scenario.from_dict(board([], hand=["Grizzly Bears"])).mana == "assumed"
    assert tapped(tl) == [] and not mana_costs(tl)
    assert tl.final.players[0].battlefield  # Grizzly Bears resolved with one land


def test_the_setting_round_trips_and_is_absent_when_assumed() -> None:
    d = paid([], hand=["Grizzly Bears"])
    sc = Scenario.from_dict(d)
    assert sc.mana == "paid" and sc.to_dict()["mana"] == "paid"
    assert Scenario.from_token(sc.to_token()).mana == "paid"
    assert "mana" not in Scenario.from_dict(board([], hand=["Grizzly Bears"])).to_dict()
    with pytest.raises(ScenarioError, match="mana"):
        Scenario.from_dict({**d, "mana": "free"})


# -------------------------------------------------------------------- paying
def test_lands_tap_for_the_cost_and_the_pool_is_spent_cr_601_2g_h_605_3a() -> None:
    tl = finished(
        paid(["Grizzly Bears"], hand=["Bloodbraid Elf"], battlefield=LANDS, choices=["cast"])
    )
    assert tapped(tl) == sorted(LANDS)
    [pay] = mana_costs(tl)
    assert pay["mana"] == "{2}{R}{G}"
    assert pay["spent"]["amount"] == 4 and pay["spent"]["by_color"] == {"R": 2, "G": 2}
    assert len(pay["spent"]["sources"]) == 4
    [made] = [e for e in of_kind(tl, "mana") if e.data.get("tapped")]
    assert sorted(made.data["tapped"]) == sorted(pay["spent"]["sources"])
    assert tl.final.players[0].mana_pool == ""


def test_the_spell_records_the_mana_spent_cr_601_2h() -> None:
    tl = finished(paid([], hand=["Grizzly Bears"], battlefield=["Forest", "Mountain"]))
    [item] = next(f.state.stack for f in reversed(tl.frames) if f.state.stack)
    assert item.data["mana_spent"]["colors"] == ["R", "G"]
    assert item.data["mana_spent"]["amount"] == 2


def test_a_cost_that_cant_be_paid_refuses_the_spell_naming_what_is_missing_cr_601_2h() -> None:
    d = paid([], hand=["Bloodbraid Elf"], battlefield=["Forest", "Mountain", "Mountain"])
    game = game_of(d)
    why = payment.problem(game, 0, "{2}{R}{G}")
    assert why is not None and why.why == "unpayable_mana" and why.missing == "{1}"
    assert payment.problem(game, 0, "{R}{G}{G}").missing == "{G}"
    with pytest.raises(ScenarioError, match="601.2h"):
        play(d)


def test_an_unpayable_spell_moves_nothing_cr_601_2h() -> None:
    game = game_of(paid([], hand=["Bloodbraid Elf"], battlefield=["Forest"]))
    from engine.play import actions

    with pytest.raises(payment.ManaUnpayable):
        actions.cast(game, {"do": "cast", "card": "Bloodbraid Elf"})
    assert not game.stack and [game.obj(o).name for o in game.players[0].zones["hand"]] == [
        "Bloodbraid Elf"
    ]
    assert not any(p.tapped for p in game.battlefield(0))


def test_the_choice_of_lands_is_asked_when_it_matters_cr_601_2g() -> None:
    d = paid([], hand=["Grizzly Bears"], battlefield=["Forest", "Mountain", "Island"])
    tl = play(d)
    assert tl.pending is not None and tl.pending.kind == "pay_mana"
    assert len(tl.pending.options) == 2  # Forest + Mountain, or Forest + Island
    tl = answered(d, "Island")
    assert tapped(tl) == ["Forest", "Island"]


def test_identical_sources_are_tapped_without_asking_cr_601_2g() -> None:
    tl = finished(paid([], hand=["Grizzly Bears"], battlefield=["Forest"] * 3))
    assert tapped(tl) == ["Forest", "Forest"]
    assert not [d for _, d, _ in tl.answered if d.kind == "pay_mana"]


def test_the_color_of_a_dual_land_is_a_choice_when_it_matters_cr_106_4() -> None:
    d = paid([], hand=["Grizzly Bears"], battlefield=["Stomping Ground", "Forest"])
    tl = finished(d)  # {1}{G}: both are tapped, and the color spent doesn't matter here
    assert tapped(tl) == ["Forest", "Stomping Ground"]
    # Painful Truths reads the colors spent: {R} or {G} from the Stomping Ground is asked
    d = paid(
        ["Opt"] * 3, hand=["Painful Truths"], battlefield=["Stomping Ground", "Swamp", "Forest"]
    )
    tl = play(d)
    assert tl.pending is not None and tl.pending.kind == "pay_mana"
    assert len(tl.pending.options) == 2
    d = paid([], hand=["Grizzly Bears"], battlefield=["Stomping Ground", "Forest", "Mountain"])
    tl = play(d)
    assert tl.pending is not None and tl.pending.kind == "pay_mana"
    labels = [o.label for o in tl.pending.options]
    assert any("Stomping Ground ({G})" in lab for lab in labels)
    assert any("Stomping Ground ({R})" in lab for lab in labels)


def test_basic_land_types_give_intrinsic_mana_abilities_cr_305_6() -> None:
    game = game_of(paid([], battlefield=["Plains", "Island", "Swamp", "Mountain", "Forest"]))
    outs = sorted(s.outputs for s in payment.sources(game, 0))
    assert outs == [(("B",),), (("G",),), (("R",),), (("U",),), (("W",),)]


def test_a_lands_intrinsic_mana_ability_is_activated_by_an_action_cr_305_6_605_3a() -> None:
    """An activate action with "mana": true names a basic land's intrinsic ability (after
    the card's printed mana abilities): it taps the land and its mana waits in the pool."""
    d = paid([], battlefield=["Forest", "Dryad Arbor"])
    d["actions"] = [
        {"do": "activate", "card": "Forest", "mana": True},
        {"do": "activate", "card": "Dryad Arbor", "mana": True, "ability": 0},
    ]
    tl = finished(d)
    assert tapped(tl) == ["Dryad Arbor", "Forest"]
    assert tl.final.players[0].mana_pool == "{G}{G}"
    d["actions"] = [{"do": "activate", "card": "Forest", "mana": True, "ability": 1}]
    with pytest.raises(ScenarioError):
        play(d)  # a Forest has one mana ability


def test_a_creature_that_just_arrived_cant_tap_for_mana_cr_302_6() -> None:
    d = paid(
        [],
        hand=["Llanowar Elves", "Grizzly Bears"],
        battlefield=["Forest", "Forest"],
        actions=[{"do": "cast", "card": "Llanowar Elves"}, {"do": "cast", "card": "Grizzly Bears"}],
    )
    with pytest.raises(ScenarioError, match="601.2h"):
        play(d)  # one Forest left; the Elves entered this turn
    tl = finished(paid([], hand=["Grizzly Bears"], battlefield=["Forest", "Llanowar Elves"]))
    assert tapped(tl) == ["Forest", "Llanowar Elves"]  # on the battlefield since before


def test_mana_in_the_pool_is_spent_before_tapping_more_cr_601_2h_106_4() -> None:
    d = paid(
        [],
        hand=["Grizzly Bears"],
        battlefield=["Llanowar Elves", "Forest", "Forest"],
        actions=[
            {"do": "activate", "card": "Llanowar Elves", "mana": True},
            {"do": "cast", "card": "Grizzly Bears"},
        ],
    )
    tl = finished(d)
    assert tapped(tl) == ["Forest", "Llanowar Elves"]
    [pay] = mana_costs(tl)
    assert pay["spent"]["amount"] == 2 and len(pay["spent"]["sources"]) == 2


def test_mana_pools_empty_as_each_step_and_phase_ends_cr_500_4() -> None:
    game = game_of(paid([], battlefield=["Forest"]))
    game.add_mana(0, "{G}{G}", source=None)
    assert game.players[0].mana == "{G}{G}" and len(game.players[0].mana_units) == 2
    game.set_phase("beginning of combat")
    assert game.players[0].mana == "" and game.players[0].mana_units == []
    d = paid(
        [],
        battlefield=["Llanowar Elves"],
        actions=[
            {"do": "activate", "card": "Llanowar Elves", "mana": True},
            {"do": "precombat_main"},
        ],
    )
    tl = finished(d)
    pools = [f.state.players[0].mana_pool for f in tl.frames]
    assert "{G}" in pools and pools[-1] == ""
    first_step = next(f for f in tl.frames if f.event and f.event.kind == "turn")
    assert first_step.state.players[0].mana_pool == ""


def test_x_is_paid_as_generic_mana_cr_107_3() -> None:
    d = paid(
        [],
        hand=["Prismatic Ending"],
        battlefield=["Plains", "Island", "Swamp"],
        opponent_battlefield=["Grizzly Bears"],
        actions=[{"do": "cast", "card": "Prismatic Ending", "x": 2}],
    )
    tl = finished(d)
    assert tapped(tl) == ["Island", "Plains", "Swamp"]
    [pay] = mana_costs(tl)
    assert pay["x"] == 2 and pay["spent"]["amount"] == 3
    with pytest.raises(ScenarioError, match="601.2h"):
        play({**d, "actions": [{"do": "cast", "card": "Prismatic Ending", "x": 3}]})


# -------------------------------------------------------------- free casts, kicker
def test_a_free_cast_pays_no_mana_cost_cr_118_9() -> None:
    tl = finished(
        paid(
            ["Lightning Bolt"],
            hand=["Bloodbraid Elf"],
            battlefield=LANDS,
            choices=["cast", "target:p1"],
        )
    )
    bolt = [e for e in of_kind(tl, "cast") if e.data["face"] == "Lightning Bolt"]
    assert bolt and bolt[0].data["free"]
    assert [p["mana"] for p in mana_costs(tl)] == ["{2}{R}{G}"]  # only Bloodbraid Elf's
    assert tl.final.players[1].life == 17


def test_a_free_cast_still_pays_its_additional_cost_cr_601_2f_118_9() -> None:
    d = paid(
        ["Thrill of Possibility", "Forest", "Forest"],
        hand=["Bloodbraid Elf", "Opt"],
        battlefield=LANDS,
        choices=["cast"],
    )
    tl = finished(d)
    assert "Opt" in tl.final.summary()["players"][0]["graveyard"]
    assert [p["mana"] for p in mana_costs(tl)] == ["{2}{R}{G}"]


def test_kicker_is_paid_with_the_rest_of_the_cost_cr_601_2f_702_33a() -> None:
    d = paid(
        [], hand=["Burst Lightning"], battlefield=["Mountain"] * 5, choices=["kick", "target:p1"]
    )
    tl = finished(d)
    assert tapped(tl) == ["Mountain"] * 5 and tl.final.players[1].life == 16
    [pay] = mana_costs(tl)
    assert pay["mana"] == "{R}{4}" and pay["spent"]["amount"] == 5


def test_kicker_isnt_offered_when_it_cant_be_paid_too_cr_601_2h() -> None:
    tl = finished(
        paid([], hand=["Burst Lightning"], battlefield=["Mountain"] * 2, choices=["target:p1"])
    )
    [kick] = of_kind(tl, "kicker")
    assert kick.data["kicked"] is False and tl.final.players[1].life == 18
    assert not [d for _, d, _ in tl.answered if d.kind == "kicker"]


# ------------------------------------------------------------ activated abilities
def test_an_activated_abilitys_mana_cost_is_paid_cr_602_2b() -> None:
    ravine = {"name": "Raging Ravine", "tapped": True}  # (untapped, it could pay for itself)
    d = paid(
        [],
        battlefield=[ravine, "Forest", "Mountain", "Forest", "Mountain"],
        actions=[{"do": "activate", "card": "Raging Ravine", "ability": 0}],
    )
    tl = finished(d)
    assert tapped(tl) == sorted([*LANDS, "Raging Ravine"])
    [pay] = mana_costs(tl)
    assert pay["mana"] == "{2}{R}{G}"


def test_an_ability_that_cant_be_paid_isnt_activated_cr_602_2b_601_2h() -> None:
    d = paid(
        [],
        battlefield=["Raging Ravine", "Forest", "Mountain"],
        actions=[{"do": "activate", "card": "Raging Ravine", "ability": 0}],
    )
    with pytest.raises(ScenarioError, match="601.2h"):
        play(d)


# ---------------------------------------------------------- what was spent matters
def test_converge_counts_the_colors_of_mana_spent_cr_702_44a() -> None:
    # Painful Truths: draw X cards and lose X life, X = colors of mana spent (converge)
    d = paid(
        ["Opt", "Opt", "Opt", "Opt"],
        hand=["Painful Truths"],
        battlefield=["Swamp", "Island", "Mountain"],
    )
    tl = finished(d)
    assert tl.final.players[0].life == 17 and len(tl.final.players[0].hand) == 3
    d = paid(
        ["Opt", "Opt", "Opt"], hand=["Painful Truths"], battlefield=["Swamp", "Swamp", "Swamp"]
    )
    tl = finished(d)
    assert tl.final.players[0].life == 19 and len(tl.final.players[0].hand) == 1


def test_colors_spent_arent_known_when_mana_is_assumed_paid_cr_601_2h() -> None:
    tl = finished(board(["Opt"], hand=["Painful Truths"]))
    missing = [m for e in of_kind(tl, "not_simulated") for m in e.data["missing"]]
    assert missing and all("mana spent" in m for m in missing)
    assert tl.final.players[0].life == 20


def test_adamant_needs_three_mana_of_one_color_cr_207_2c() -> None:
    # Searing Barrage: 5 damage to target creature; adamant (red): 3 to its controller
    red = paid(
        [],
        hand=["Searing Barrage"],
        opponent_battlefield=["Serra Angel"],
        battlefield=["Mountain"] * 3 + ["Forest"] * 2,
    )
    assert finished(red).final.players[1].life == 17
    two = paid(
        [],
        hand=["Searing Barrage"],
        opponent_battlefield=["Serra Angel"],
        battlefield=["Mountain"] * 2 + ["Forest"] * 3,
    )
    assert finished(two).final.players[1].life == 20


def test_if_mana_of_a_color_was_spent_cr_601_2h() -> None:
    card = user_spell(
        "Red Test",
        [
            {
                "op": "if",
                "cond": {"cond": "mana_spent", "color": "R"},
                "then": [{"op": "gain_life", "n": 3}],
            }
        ],
    )
    card["mana_cost"] = "{1}"
    with_red = finished(paid([], hand=["Red Test"], battlefield=["Mountain"], cards=[card]))
    assert with_red.final.players[0].life == 23
    green = finished(paid([], hand=["Red Test"], battlefield=["Forest"], cards=[card]))
    assert green.final.players[0].life == 20


def test_if_two_mana_of_a_color_was_spent_cr_601_2h() -> None:
    """ "If {U}{U} was spent to cast it" (Deceit, Vibrance: n=2) counts that color's mana."""
    card = user_spell(
        "Blue Test",
        [
            {
                "op": "if",
                "cond": {"cond": "mana_spent", "color": "U", "n": 2},
                "then": [{"op": "gain_life", "n": 3}],
            }
        ],
    )
    card["mana_cost"] = "{2}"
    two = finished(paid([], hand=["Blue Test"], battlefield=["Island", "Island"], cards=[card]))
    assert two.final.players[0].life == 23
    one = finished(paid([], hand=["Blue Test"], battlefield=["Island", "Forest"], cards=[card]))
    assert one.final.players[0].life == 20


def test_a_mana_spent_count_that_is_no_number_is_refused() -> None:
    from engine.lang import conditions

    for n in (0, True, "2"):
        cond = {"cond": "mana_spent", "color": "U", "n": n}
        assert conditions.condition_missing(cond) is not None, n


def test_a_permanent_keeps_the_mana_spent_to_cast_it_cr_400_7() -> None:
    # Springmantle Cleric: enters with a +1/+1 counter for each color of mana spent
    d = paid(
        [],
        hand=["Springmantle Cleric"],  # {4}{G}: every land is tapped
        battlefield=["Forest", "Plains", "Island", "Swamp", "Mountain"],
    )
    tl = finished(d)
    [cleric] = [
        o
        for o in tl.final.players[0].battlefield
        if tl.final.objects[o].name == "Springmantle Cleric"
    ]
    assert tl.final.objects[cleric].counter("+1/+1") == 5


def test_the_paid_cascade_example_taps_its_lands_and_casts_the_hit_free_cr_601_2h_118_9() -> None:
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "examples/scenarios/cascade_paid_with_lands.json"
    tl = Scenario.load(path).run()
    assert tl.finished and tl.scenario.mana == "paid"
    assert tapped(tl) == ["Forest", "Island", "Mountain", "Stomping Ground"]  # Mountain was
    [pay] = mana_costs(tl)  # only Shardless Agent's cost is paid; Living End is free
    assert pay["mana"] == "{1}{G}{U}" and pay["spent"]["amount"] == 3
    names = sorted(tl.final.objects[o].name for o in pay["spent"]["sources"])
    assert names == ["Forest", "Island", "Stomping Ground"]
    [free] = [e for e in of_kind(tl, "cast") if e.data["face"] == "Living End"]
    assert free.data["free"]


def test_prismatic_ending_exiles_only_up_to_the_colors_spent_converge_cr_702_44a() -> None:
    # {X}{W}, X = 2: exile target nonland permanent if its mana value <= colors spent
    cast = [{"do": "cast", "card": "Prismatic Ending", "x": 2}]
    three = finished(
        paid(
            [],
            hand=["Prismatic Ending"],
            battlefield=["Plains", "Island", "Swamp"],
            opponent_battlefield=["Grizzly Bears"],
            actions=cast,
        )
    )
    assert three.final.summary()["players"][1]["exile"] == ["Grizzly Bears"]
    one = finished(
        paid(
            [],
            hand=["Prismatic Ending"],
            battlefield=["Plains"] * 3,
            opponent_battlefield=["Grizzly Bears"],
            actions=cast,
        )
    )
    assert one.final.summary()["players"][1]["battlefield"] == ["Grizzly Bears"]
    assert of_kind(one, "condition_false")


def test_phyrexian_mana_is_paid_with_its_color_or_two_life_cr_107_4f_119_4() -> None:
    # Gitaxian Probe {U/P}: with no Island, 2 life is the only way
    tl = finished(paid(["Opt"], hand=["Gitaxian Probe"], choices=[]))
    assert tl.final.players[0].life == 18
    [life] = [e.data for e in of_kind(tl, "cost") if e.data.get("cost") == "life"]
    assert life["amount"] == 2 and life["for"] == ["{U/P}"]
    # with an Island it is a choice: the mana, or the life
    d = paid(["Opt"], hand=["Gitaxian Probe"], battlefield=["Island"])
    tl = play(d)
    assert tl.pending is not None and tl.pending.kind == "pay_mana"
    assert len(tl.pending.options) == 2
    by_mana = answered(d, "Tap Island")
    assert by_mana.final.players[0].life == 20 and tapped(by_mana) == ["Island"]
    # 119.4: with 1 life, the life can't be paid
    with pytest.raises(ScenarioError, match="601.2h"):
        play(paid(["Opt"], hand=["Gitaxian Probe"], life=1))


def test_counter_unless_its_controller_pays_is_paid_with_their_lands_cr_608_2c() -> None:
    # Mana Leak ({1}{U}, the opponent's): counter target spell unless its controller pays {3}
    def leak(lands: list[str], choices: list[str]) -> dict:
        return paid(
            [],
            hand=["Lightning Bolt"],
            battlefield=["Mountain", *lands],
            opponent_hand=["Mana Leak"],
            opponent_battlefield=["Island", "Island"],
            actions=[
                {"do": "cast", "card": "Lightning Bolt"},
                {"do": "counter", "target": "Lightning Bolt", "with": "Mana Leak"},
            ],
            choices=["target:p1", *choices],
        )

    tl = finished(leak(["Mountain"] * 3, ["pay"]))
    assert tl.final.players[1].life == 17  # paid: Lightning Bolt resolved
    assert tapped(tl) == ["Mountain"] * 4 and tapped(tl, 1) == ["Island", "Island"]
    poor = finished(leak(["Mountain"], []))  # two lands short of {3}: not asked, countered
    assert poor.final.players[1].life == 20
    assert not [d for _, d, _ in poor.answered if d.kind == "unless_pay"]


def test_you_may_pay_mana_is_paid_with_your_sources_or_not_offered_cr_118_12_601_2h() -> None:
    card = user_spell(
        "Pay Test",
        [
            {
                "op": "pay",
                "cost": [{"cost": "mana", "mana": "{2}"}],
                "then": [{"op": "gain_life", "n": 5}],
            }
        ],
    )
    rich = finished(
        paid([], hand=["Pay Test"], battlefield=["Forest"] * 3, cards=[card], choices=["pay"])
    )
    assert rich.final.players[0].life == 25 and tapped(rich) == ["Forest"] * 3
    assert [p["mana"] for p in mana_costs(rich)] == ["{1}", "{2}"]
    poor = finished(paid([], hand=["Pay Test"], battlefield=["Forest"], cards=[card]))
    assert poor.final.players[0].life == 20
    assert not [d for _, d, _ in poor.answered if d.kind == "pay_cost"]


ZIGGURAT = {
    "name": "Test Ziggurat",
    "type_line": "Land",
    "effects": {
        "activated": [
            {
                "cost": "{T}",
                "costs": [{"cost": "tap"}],
                "mana_ability": True,
                "ops": [
                    {"op": "add_mana", "mana": "any_color", "spend_only": {"types": ["Creature"]}}
                ],
            }
        ]
    },
}


def test_mana_spent_only_on_some_spells_pays_only_for_them_cr_106_6() -> None:
    # "{T}: Add one mana of any color. Spend this mana only to cast a creature spell."
    bears = finished(
        paid([], hand=["Grizzly Bears"], battlefield=["Test Ziggurat", "Forest"], cards=[ZIGGURAT])
    )
    assert tapped(bears) == ["Forest", "Test Ziggurat"]
    bolt = paid(
        [],
        hand=["Lightning Bolt"],
        battlefield=["Test Ziggurat"],
        cards=[ZIGGURAT],
        choices=["target:p1"],
    )
    with pytest.raises(ScenarioError, match="601.2h"):
        play(bolt)
    # its mana waiting in the pool keeps the restriction (activated by hand first)
    first = {"do": "activate", "card": "Test Ziggurat", "mana": True}
    with pytest.raises(ScenarioError, match="601.2h"):
        play({**bolt, "actions": [first, *bolt["actions"]], "choices": ["color:R", "target:p1"]})
    tl = finished(
        paid(
            [],
            hand=["Grizzly Bears"],
            battlefield=["Test Ziggurat", "Forest"],
            cards=[ZIGGURAT],
            actions=[first, {"do": "cast", "card": "Grizzly Bears"}],
            choices=["color:G"],
        )
    )
    [pay] = mana_costs(tl)
    assert pay["spent"]["amount"] == 2 and tl.final.players[0].mana_pool == ""


def test_an_alternative_cost_is_paid_instead_of_the_mana_cost_cr_118_9_702_74a() -> None:
    # Mulldrifter ({4}{U}) evoked for {2}{U}: three Islands pay it
    d = paid(
        ["Opt", "Opt"],
        hand=["Mulldrifter"],
        battlefield=["Island"] * 3,
        actions=[{"do": "cast", "card": "Mulldrifter", "evoke": True}],
        choices=["first:Evoke sacrifice of Mulldrifter"],
    )  # draw first, then sacrifice
    tl = finished(d)
    assert len(tl.final.players[0].hand) == 2
    assert tapped(tl) == ["Island"] * 3
    assert [p["mana"] for p in mana_costs(tl)] == ["{2}{U}"]


def test_no_mana_spent_reads_the_payment_cr_601_2h() -> None:
    # the opponent's Lavinia counters a spell cast with no mana spent
    d = paid(
        [],
        hand=["Memnite", "Grizzly Bears"],
        battlefield=["Forest", "Forest"],
        opponent_battlefield=["Lavinia, Azorius Renegade"],
        actions=[{"do": "cast", "card": "Memnite"}, {"do": "cast", "card": "Grizzly Bears"}],
    )
    tl = finished(d)
    summary = tl.final.summary()["players"][0]
    assert summary["graveyard"] == ["Memnite"] and "Grizzly Bears" in summary["battlefield"]


def test_seed_spark_makes_saprolings_only_if_green_was_spent_cr_601_2h() -> None:
    """Bundled Seed Spark (XMage's ManaWasSpentCondition.GREEN): destroy target artifact or
    enchantment; if {G} was spent to cast it, create two 1/1 Saprolings."""
    for land, saprolings in (("Forest", 2), ("Plains", 0)):
        d = paid(
            [],
            hand=["Seed Spark"],
            battlefield=["Plains", "Plains", "Plains", land],
            opponent_battlefield=["Bonesplitter"],
            actions=[{"do": "cast", "card": "Seed Spark", "targets": [{"card": "Bonesplitter"}]}],
        )
        tl = finished(d)
        names = [tl.final.objects[o].name for o in tl.final.players[0].battlefield]
        assert names.count("Saproling token") == saprolings, land
        assert not tl.final.players[1].battlefield  # Bonesplitter destroyed
