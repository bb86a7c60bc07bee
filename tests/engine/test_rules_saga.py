"""Sagas (CR 714), read ahead (CR 702.155) and seed 003 (The First Eruption's rulings).

Every "Sagas" line of docs/RULES.md is a test here. Sagas are cast from hand (they enter
with one lore counter), or start on the battlefield with lore counters and are
advanced with the actions ``precombat_main``, ``add_lore``, ``remove_lore`` and
``proliferate``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine import Scenario
from engine.rules.saga import roman

from boards import board, kinds, of_kind, opp, source_name, you

ERUPTION = "The First Eruption"
BENALIA = "History of Benalia"
ELDER = "The Elder Dragon War"  # read ahead; I: 2 damage to each creature and each opponent

# A Saga without chapter abilities (user card data: the scenario's "cards" list).
BLANK_SAGA = {"name": "Blank Saga", "mana_cost": "{1}", "type_line": "Enchantment — Saga"}


def saga(name: str, lore: int) -> dict:
    return {"name": name, "counters": {"lore": lore}}


def scenario(
    *, library: Sequence[str] = ("Forest",) * 6, actions: Sequence[dict] = (), **kw: Any
) -> Scenario:
    """A board with six Forests to draw (precombat_main has a draw step); no action by default."""
    return Scenario.from_dict(board(library, actions=actions, **kw))


def _chapter(tl, e) -> str:
    """ "Chapter II of X", from the event's fields (its chapter number and source card)."""
    return f"Chapter {roman(e.data['chapter'])} of {source_name(tl, e)}"


def chapter_triggers(tl) -> list[str]:
    """ "Chapter II of X" for each chapter that triggered, in order."""
    return [_chapter(tl, e) for e in of_kind(tl, "trigger") if e.data.get("trigger") == "chapter"]


def resolved_chapters(tl) -> list[str]:
    return [_chapter(tl, e) for e in of_kind(tl, "resolve") if e.data.get("trigger") == "chapter"]


def on_battlefield(state, name: str):
    for p in range(len(state.players)):
        for obj in state.zone(p, "battlefield"):
            if obj.name == name:
                return obj
    return None


def lore(state, name: str) -> int | None:
    obj = on_battlefield(state, name)
    return None if obj is None else obj.counter("lore")


def damage_of(tl, name: str) -> int | None:
    obj = on_battlefield(tl.final, name)
    return None if obj is None else obj.damage


# ------------------------------------------------------ 1. enters with one lore counter


def test_saga_enters_with_one_lore_counter_cr_714_3a() -> None:
    tl = scenario(hand=[ERUPTION], actions=[{"do": "cast", "card": ERUPTION}]).run()
    assert tl.finished
    first_lore = of_kind(tl, "lore")[0]
    assert first_lore.rule == "714.3a" and first_lore.data == {"before": 0, "after": 1}
    # Putting the counter as it enters doesn't use the stack: it follows the resolve directly.
    ks = kinds(tl)
    assert ks[ks.index("lore") - 1] == "resolve"
    assert chapter_triggers(tl) == [f"Chapter I of {ERUPTION}"]
    assert lore(tl.final, ERUPTION) == 1


def test_read_ahead_offers_chapters_one_to_final_cr_702_155b() -> None:
    tl = scenario(hand=[ELDER], actions=[{"do": "cast", "card": ELDER}]).run()
    d = tl.pending
    assert d.kind == "read_ahead" and d.rule == "702.155b"
    assert d.keys() == ["chapter:1", "chapter:2", "chapter:3"]


def test_read_ahead_enters_with_the_chosen_number_cr_702_155b() -> None:
    tl = scenario(hand=[ELDER], actions=[{"do": "cast", "card": ELDER}], choices=["chapter:2"])
    tl = tl.run()
    assert tl.finished
    entered = of_kind(tl, "lore")[0]
    assert entered.rule == "702.155b" and entered.data == {"before": 0, "after": 2}
    assert lore(tl.final, ELDER) == 2
    # Chapter I was skipped (702.155a): no damage to the opponent.
    assert chapter_triggers(tl) == [f"Chapter II of {ELDER}"]
    assert opp(tl)["life"] == 20


def test_read_ahead_choosing_one_is_an_ordinary_start_cr_702_155b() -> None:
    tl = scenario(
        hand=[ELDER],
        opponent_battlefield=["Grizzly Bears"],
        actions=[{"do": "cast", "card": ELDER}],
        choices=["chapter:1"],
    ).run()
    assert chapter_triggers(tl) == [f"Chapter I of {ELDER}"]
    assert opp(tl)["life"] == 18
    assert opp(tl)["graveyard"] == ["Grizzly Bears"]


def test_read_ahead_final_chapter_then_sacrificed_cr_702_155_704_5s() -> None:
    tl = scenario(hand=[ELDER], actions=[{"do": "cast", "card": ELDER}], choices=["chapter:3"])
    tl = tl.run()
    assert chapter_triggers(tl) == [f"Chapter III of {ELDER}"]
    skipped = [e for e in of_kind(tl, "no_trigger")]
    assert [e.rule for e in skipped] == ["702.155a", "702.155a"]
    assert you(tl)["battlefield"] == ["Dragon token"]
    assert you(tl)["graveyard"] == [ELDER]
    assert of_kind(tl, "sacrifice")[-1].rule == "704.5s"


# ------------------------------------------- 2. precombat main: turn-based, no stack


def test_precombat_main_lore_counter_is_a_turn_based_action_cr_714_3b() -> None:
    tl = scenario(
        battlefield=[saga(ERUPTION, 1)],
        actions=[{"do": "precombat_main"}],
    ).run()
    assert tl.finished
    ks = kinds(tl)
    # Turn begins, draw step, then the counter: no stack event in between.
    assert ks[:4] == ["turn", "draw", "lore", "trigger"]
    tb = of_kind(tl, "lore")[0]
    assert tb.rule == "714.3b" and tb.data == {"before": 1, "after": 2}
    assert (tb.counter, tb.amount, [c.key for c in tb.changes]) == ("lore", 1, ["lore"])
    lore_frame = next(f for f in tl.frames if f.event and f.event.kind == "lore")
    assert lore_frame.state.stack == ()
    assert lore_frame.state.phase == "precombat main"
    # The chapter ability it triggers does use the stack.
    assert ks.index("stack") > ks.index("trigger")
    assert you(tl)["mana_pool"] == "{R}{R}"


def test_precombat_main_each_saga_you_control_gets_a_counter_cr_714_3b() -> None:
    tl = scenario(
        battlefield=[saga(ERUPTION, 1), saga(BENALIA, 1)],
        opponent_battlefield=[saga(BENALIA, 1)],
        actions=[{"do": "precombat_main"}],
        choices=[f"first:Chapter II of {ERUPTION}"],
    ).run()
    assert tl.finished
    assert [e.rule for e in of_kind(tl, "lore")] == ["714.3b", "714.3b"]
    mine = {o.name: o.counter("lore") for o in tl.final.zone(0, "battlefield") if o.counters}
    assert mine == {ERUPTION: 2, BENALIA: 2}
    # The opponent's Saga waits for its controller's own precombat main phase.
    assert tl.final.zone(1, "battlefield")[0].counter("lore") == 1


def test_saga_without_chapter_abilities_gets_no_counter_and_stays_cr_714_3b_714_4() -> None:
    tl = scenario(
        battlefield=[saga("Blank Saga", 5)],
        actions=[{"do": "precombat_main"}, {"do": "precombat_main"}],
        cards=[BLANK_SAGA],
    ).run()
    assert tl.finished
    assert lore(tl.final, "Blank Saga") == 5
    assert "sacrifice" not in kinds(tl)
    assert all(e.rule == "714.3b" and (e.amount, e.objects) == (0, ()) for e in of_kind(tl, "lore"))


# ------------------------------------------------------------ 3. triggering chapters


def test_chapter_triggers_when_count_reaches_its_number_cr_714_2b() -> None:
    tl = scenario(
        battlefield=[saga(BENALIA, 1)],
        actions=[{"do": "add_lore", "card": BENALIA, "n": 1}],
    ).run()
    # 1 -> 2 crosses chapter II only: chapter I (already passed) doesn't trigger again.
    assert chapter_triggers(tl) == [f"Chapter II of {BENALIA}"]
    assert you(tl)["battlefield"] == [BENALIA, "Knight token"]


def test_several_chapters_from_one_event_controller_orders_them_cr_714_2b_603_3b() -> None:
    s = scenario(
        battlefield=["Mountain", saga(ERUPTION, 1), "Grizzly Bears"],
        actions=[{"do": "add_lore", "card": ERUPTION, "n": 2}],
    )
    tl = s.run()
    assert chapter_triggers(tl) == [f"Chapter II of {ERUPTION}", f"Chapter III of {ERUPTION}"]
    d = tl.pending
    assert d.kind == "order_triggers" and d.rule == "603.3b"
    assert d.keys() == [f"first:Chapter II of {ERUPTION}", f"first:Chapter III of {ERUPTION}"]
    # Put II first: III is put on the stack last and resolves first.
    tl = tl.answer(f"first:Chapter II of {ERUPTION}").run()
    assert resolved_chapters(tl) == [f"Chapter III of {ERUPTION}", f"Chapter II of {ERUPTION}"]
    # The other order.
    tl = s.with_choices([f"first:Chapter III of {ERUPTION}"]).run()
    assert resolved_chapters(tl) == [f"Chapter II of {ERUPTION}", f"Chapter III of {ERUPTION}"]


def test_one_ability_for_chapters_i_and_ii_is_two_triggers_cr_714_2c() -> None:
    tl = scenario(
        battlefield=[saga(BENALIA, 0)],
        actions=[{"do": "add_lore", "card": BENALIA, "n": 2}],
        choices=[f"first:Chapter I of {BENALIA}"],
    ).run()
    assert tl.finished
    assert chapter_triggers(tl) == [f"Chapter I of {BENALIA}", f"Chapter II of {BENALIA}"]
    assert you(tl)["battlefield"].count("Knight token") == 2


def test_proliferate_lore_counter_triggers_a_chapter_cr_701_34a_714_2b() -> None:
    tl = scenario(
        battlefield=[saga(BENALIA, 1)],
        actions=[{"do": "proliferate"}],
        choices=["add"],
    ).run()
    assert tl.finished
    assert of_kind(tl, "lore")[0].rule == "701.34a"
    assert chapter_triggers(tl) == [f"Chapter II of {BENALIA}"]


def test_proliferate_skip_adds_nothing_cr_701_34a() -> None:
    tl = scenario(
        battlefield=[saga(BENALIA, 1)],
        actions=[{"do": "proliferate"}],
        choices=["skip"],
    ).run()
    assert tl.finished and chapter_triggers(tl) == []
    assert lore(tl.final, BENALIA) == 1


def test_proliferate_chooses_only_permanents_with_a_counter_cr_701_34a() -> None:
    # Engineered Explosives cast with X = 0 enters with no charge counters: it can't be
    # chosen; the Saga can.
    tl = scenario(
        hand=["Engineered Explosives"],
        battlefield=[saga(BENALIA, 1)],
        actions=[
            {"do": "cast", "card": "Engineered Explosives", "x": 0},
            {"do": "proliferate"},
        ],
        choices=["add"],
    ).run()
    assert tl.finished
    assert [d.subject for _f, d, _k in tl.answered] == [BENALIA]
    explosives = on_battlefield(tl.final, "Engineered Explosives")
    assert explosives.counter("charge") == 0
    assert chapter_triggers(tl) == [f"Chapter II of {BENALIA}"]


def test_passed_chapter_does_not_trigger_again_seed_003() -> None:
    # At 2, chapters I and II have passed: one more counter triggers only III.
    tl = scenario(
        battlefield=[saga(BENALIA, 2)],
        actions=[{"do": "add_lore", "card": BENALIA, "n": 1}],
    ).run()
    assert chapter_triggers(tl) == [f"Chapter III of {BENALIA}"]
    assert "Knight token" not in you(tl)["battlefield"]


def test_removing_counters_triggers_nothing_adding_back_retriggers_seed_003() -> None:
    tl = scenario(
        battlefield=[saga(BENALIA, 2)],
        actions=[
            {"do": "remove_lore", "card": BENALIA, "n": 1},
            {"do": "add_lore", "card": BENALIA, "n": 1},
        ],
    ).run()
    assert tl.finished
    removed = of_kind(tl, "lore")[0]
    assert removed.data == {"before": 2, "after": 1} and removed.amount == -1
    ks = kinds(tl)
    assert ks[ks.index("lore") + 1] == "lore"  # nothing triggered between removal and adding
    assert chapter_triggers(tl) == [f"Chapter II of {BENALIA}"]
    assert you(tl)["battlefield"] == [BENALIA, "Knight token"]


def test_chapter_target_is_chosen_as_it_goes_on_the_stack_cr_603_3d() -> None:
    name = "Origin of the Hidden Ones"  # I: 4 damage to target
    s = scenario(
        battlefield=[saga(name, 0)],
        opponent_battlefield=["Serra Angel"],
        actions=[{"do": "add_lore", "card": name, "n": 1}],
    )
    tl = s.run()
    d = tl.pending
    assert d is not None and d.kind == "target"
    assert tl.frames[-1].event.kind == "trigger"  # triggered, not yet on the stack
    angel = next(k for k in d.keys() if "o" in k.split(":")[1])
    tl = tl.answer(angel).run()
    assert tl.finished
    assert opp(tl)["graveyard"] == ["Serra Angel"]


# ------------------------------------------------------------------- 4. read ahead


def test_read_ahead_skipped_chapters_never_trigger_cr_702_155a() -> None:
    tl = scenario(
        hand=[ELDER],
        actions=[{"do": "cast", "card": ELDER}, {"do": "precombat_main"}],
        choices=["chapter:2"],
    ).run()
    assert tl.finished
    assert chapter_triggers(tl) == [f"Chapter II of {ELDER}", f"Chapter III of {ELDER}"]
    assert opp(tl)["life"] == 20  # chapter I never happened


def test_read_ahead_entry_turn_only_the_exact_count_triggers_cr_702_155a() -> None:
    """The turn it entered, a chapter triggers only if the Saga has EXACTLY its number:
    chapter I chosen, then two more counters (1 -> 3): II is skipped, III triggers."""
    tl = scenario(
        hand=[ELDER],
        actions=[{"do": "cast", "card": ELDER}, {"do": "add_lore", "card": ELDER, "n": 2}],
        choices=["chapter:1"],
    ).run()
    assert tl.finished, tl.text()
    assert chapter_triggers(tl) == [f"Chapter I of {ELDER}", f"Chapter III of {ELDER}"]
    skipped = of_kind(tl, "no_trigger")
    assert len(skipped) == 1 and skipped[0].rule == "702.155a"
    assert skipped[0].data == {"chapter": 2, "lore": 3}


def test_read_ahead_entry_turn_exact_count_from_an_effect_triggers_cr_702_155a() -> None:
    tl = scenario(
        hand=[ELDER],
        actions=[{"do": "cast", "card": ELDER}, {"do": "proliferate"}],
        choices=["chapter:1", "add"],
    ).run()
    assert tl.finished
    assert chapter_triggers(tl) == [f"Chapter I of {ELDER}", f"Chapter II of {ELDER}"]


def test_without_read_ahead_all_crossed_chapters_trigger_on_entry_turn_cr_714_2b() -> None:
    tl = scenario(
        hand=[ERUPTION],
        battlefield=["Mountain"],
        actions=[{"do": "cast", "card": ERUPTION}, {"do": "add_lore", "card": ERUPTION, "n": 2}],
        choices=[f"first:Chapter II of {ERUPTION}"],
    ).run()
    assert tl.finished
    assert chapter_triggers(tl) == [
        f"Chapter I of {ERUPTION}",
        f"Chapter II of {ERUPTION}",
        f"Chapter III of {ERUPTION}",
    ]


def test_read_ahead_saga_after_its_entry_turn_triggers_normally_cr_714_2b() -> None:
    tl = scenario(
        battlefield=[saga(ELDER, 1)],  # entered on an earlier turn
        actions=[{"do": "add_lore", "card": ELDER, "n": 2}],
        choices=[f"first:Chapter II of {ELDER}"],
    ).run()
    assert tl.finished
    assert chapter_triggers(tl) == [f"Chapter II of {ELDER}", f"Chapter III of {ELDER}"]


# ---------------------------------------- 5. chapters use the stack; unaffected after


def test_chapter_ability_uses_the_stack_seed_003() -> None:
    tl = scenario(battlefield=[saga(BENALIA, 0)], actions=[{"do": "precombat_main"}]).run()
    ks = kinds(tl)
    assert ks[ks.index("trigger") :][:4] == ["trigger", "stack", "resolve", "token"]
    on_stack = next(f for f in tl.frames if f.event and f.event.kind == "stack")
    assert [s.text for s in on_stack.state.stack] == [f"Chapter I of {BENALIA}"]
    assert on_stack.state.stack[0].kind == "ability"


def test_chapter_resolves_although_the_saga_gained_counters_since_seed_003() -> None:
    # II and III trigger together; III resolves first. II still adds {R}{R} although the
    # Saga now has 3 counters, and the Saga waits for II before it is sacrificed (714.4).
    tl = scenario(
        battlefield=["Mountain", saga(ERUPTION, 1)],
        actions=[{"do": "add_lore", "card": ERUPTION, "n": 2}],
        choices=[f"first:Chapter II of {ERUPTION}"],
    ).run()
    assert tl.finished
    assert resolved_chapters(tl) == [f"Chapter III of {ERUPTION}", f"Chapter II of {ERUPTION}"]
    assert you(tl)["mana_pool"] == "{R}{R}"
    ks = kinds(tl)
    second = max(
        i
        for i, e in enumerate(tl.events)
        if e.kind == "resolve" and e.data.get("chapter") == 2 and source_name(tl, e) == ERUPTION
    )
    sac = next(i for i, e in enumerate(tl.events) if e.rule == "704.5s")
    assert sac > second
    # Between the two resolutions the Saga (3 lore) is still on the battlefield.
    mid = tl.frames[second]  # frame just before II resolves (frame k = after event k)
    assert lore(mid.state, ERUPTION) == 3
    assert ks.count("sacrifice") == 2  # the Mountain (III) and the Saga (704.5s)


def test_chapter_resolves_after_its_saga_left_the_battlefield_seed_003() -> None:
    """Summon: G.F. Ifrit is a 3/2 creature Saga (I, II: you may discard a card; if you do,
    draw a card). Proliferate puts a counter on both Sagas; The First Eruption's III
    resolves first and kills Ifrit, whose chapter II still resolves (113.7a). With an empty
    hand there is nothing to discard, so nothing is drawn (the card data's chapter, not the
    old summary "draw a card")."""
    ifrit = "Summon: G.F. Ifrit"
    tl = scenario(
        library=["Opt", "Forest"],
        battlefield=["Mountain", saga(ERUPTION, 2), saga(ifrit, 1)],
        actions=[{"do": "proliferate"}],
        choices=["add", "add", f"first:Chapter II of {ifrit}"],
    ).run()
    assert tl.finished
    died = next(i for i, e in enumerate(tl.events) if e.rule == "704.5g")
    resolved = next(
        i
        for i, e in enumerate(tl.events)
        if e.kind == "resolve" and e.data.get("chapter") == 2 and source_name(tl, e) == ifrit
    )
    assert died < resolved
    assert ifrit in you(tl)["graveyard"]
    assert you(tl)["hand"] == [] and you(tl)["library"] == ["Opt", "Forest"]


# ------------------------------------------------------ 6. the state-based action


def test_saga_sacrificed_only_after_final_chapter_left_the_stack_cr_704_5s_714_4() -> None:
    tl = scenario(
        battlefield=["Mountain", "Mountain", saga(ERUPTION, 2)],
        actions=[{"do": "precombat_main"}],
    ).run()
    assert tl.finished
    on_stack = next(f for f in tl.frames if f.event and f.event.kind == "stack")
    assert lore(on_stack.state, ERUPTION) == 3  # final chapter reached, but still there
    ks = kinds(tl)
    sba = of_kind(tl, "sacrifice")[-1]
    assert sba.rule == "704.5s" and sba.moves[0].name == ERUPTION
    assert [e for e in tl.events].index(sba) > ks.index("damage")
    assert you(tl)["graveyard"][-1] == ERUPTION


def test_saga_at_or_past_final_chapter_with_nothing_waiting_is_sacrificed_cr_704_5s() -> None:
    tl = scenario(
        battlefield=[saga(ERUPTION, 4)],
        actions=[{"do": "precombat_main"}],
    ).run()
    assert tl.finished
    assert chapter_triggers(tl) == []  # 4 -> 5 crosses no chapter
    assert of_kind(tl, "sacrifice")[0].rule == "704.5s"
    assert you(tl)["graveyard"] == [ERUPTION]


def test_saga_without_chapter_abilities_is_never_sacrificed_cr_714_4() -> None:
    tl = scenario(
        hand=["Blank Saga"],
        actions=[{"do": "cast", "card": "Blank Saga"}, {"do": "precombat_main"}],
        cards=[BLANK_SAGA],
    ).run()
    assert tl.finished
    assert "sacrifice" not in kinds(tl)
    assert you(tl)["battlefield"] == ["Blank Saga"]


# ------------------------------------------------------------- 7. The First Eruption


def test_first_eruption_i_damages_each_creature_without_flying() -> None:
    """Seed 003 / CR 714.2b: The First Eruption's chapter I deals 1 damage to each creature
    without flying; a creature with flying takes none."""
    tl = scenario(
        hand=[ERUPTION],
        battlefield=["Birds of Paradise", "Grizzly Bears"],
        opponent_battlefield=["Llanowar Elves", "Serra Angel"],
        actions=[{"do": "cast", "card": ERUPTION}],
    ).run()
    assert tl.finished
    dmg = of_kind(tl, "damage")[0]
    assert dmg.rule == "120.3"
    # The 0/1 flyer takes nothing; the 1-toughness ground creature dies.
    assert damage_of(tl, "Birds of Paradise") == 0
    assert damage_of(tl, "Serra Angel") == 0
    assert damage_of(tl, "Grizzly Bears") == 1
    assert opp(tl)["graveyard"] == ["Llanowar Elves"]
    assert [e.rule for e in of_kind(tl, "destroy")] == ["704.5g"]


def test_first_eruption_ii_adds_two_red_mana_cr_106_4() -> None:
    tl = scenario(
        battlefield=[saga(ERUPTION, 1)],
        actions=[{"do": "add_lore", "card": ERUPTION, "n": 1}],
    ).run()
    mana = of_kind(tl, "mana")
    assert len(mana) == 1 and mana[0].rule == "106.4"
    assert you(tl)["mana_pool"] == "{R}{R}"


def test_first_eruption_iii_sacrifices_exactly_one_of_two_mountains_seed_003() -> None:
    tl = scenario(
        battlefield=["Mountain", "Mountain", saga(ERUPTION, 2), "Grizzly Bears"],
        opponent_battlefield=["Serra Angel", "Birds of Paradise"],
        actions=[{"do": "add_lore", "card": ERUPTION, "n": 1}],
    ).run()
    assert tl.finished
    sacs = [e for e in of_kind(tl, "sacrifice") if e.rule == "701.21a"]
    assert len(sacs) == 1 and sacs[0].moves[0].name == "Mountain"
    assert you(tl)["battlefield"] == ["Mountain"]
    # 3 damage to each creature, flying or not: Bears and Birds die, the 4/4 Angel lives.
    assert you(tl)["graveyard"] == ["Mountain", "Grizzly Bears", ERUPTION]
    assert opp(tl)["graveyard"] == ["Birds of Paradise"]
    assert damage_of(tl, "Serra Angel") == 3


def test_first_eruption_iii_asks_which_mountain_but_takes_only_one_seed_003() -> None:
    s = scenario(
        battlefield=["Mountain", {"name": "Mountain", "tapped": True}, saga(ERUPTION, 2)],
        actions=[{"do": "add_lore", "card": ERUPTION, "n": 1}],
    )
    d = s.run().pending
    assert d.kind == "choose_permanent" and len(d.keys()) == 2
    assert "exactly one" in d.prompt
    for key in d.keys():
        tl = s.with_choices([key]).run()
        assert tl.finished
        assert you(tl)["graveyard"] == ["Mountain", ERUPTION]
        assert you(tl)["battlefield"] == ["Mountain"]


def test_first_eruption_iii_any_permanent_with_subtype_mountain_seed_003() -> None:
    tl = scenario(
        battlefield=["Stomping Ground", saga(ERUPTION, 2), "Grizzly Bears"],
        actions=[{"do": "add_lore", "card": ERUPTION, "n": 1}],
    ).run()
    assert you(tl)["graveyard"] == ["Stomping Ground", "Grizzly Bears", ERUPTION]


def test_first_eruption_iii_without_a_mountain_deals_no_damage_seed_003() -> None:
    tl = scenario(
        battlefield=["Forest", saga(ERUPTION, 2), "Grizzly Bears"],
        opponent_battlefield=["Birds of Paradise"],
        actions=[{"do": "add_lore", "card": ERUPTION, "n": 1}],
    ).run()
    assert tl.finished
    assert "damage" not in kinds(tl)
    nothing = of_kind(tl, "sacrifice")[0]
    assert nothing.rule == "701.21a" and (nothing.amount, nothing.moves) == (0, ())
    assert damage_of(tl, "Grizzly Bears") == 0
    assert you(tl)["battlefield"] == ["Forest", "Grizzly Bears"]
    assert you(tl)["graveyard"] == [ERUPTION]  # the Saga itself still goes (704.5s)


def test_first_eruption_full_story_over_three_turns_cr_714() -> None:
    tl = scenario(
        hand=[ERUPTION],
        battlefield=["Mountain", "Grizzly Bears"],
        actions=[
            {"do": "cast", "card": ERUPTION},
            {"do": "precombat_main"},
            {"do": "precombat_main"},
        ],
    ).run()
    assert tl.finished
    assert resolved_chapters(tl) == [f"Chapter {n} of {ERUPTION}" for n in ("I", "II", "III")]
    assert [e.rule for e in of_kind(tl, "lore")] == ["714.3a", "714.3b", "714.3b"]
    assert you(tl)["graveyard"] == ["Mountain", "Grizzly Bears", ERUPTION]


UNKNOWN_DAMAGE = {
    "name": "Test Unknown Hunt",
    "mana_cost": "{3}{G}",
    "type_line": "Enchantment — Saga",
    # the card facts' summary only (an untranslated chapter: no effect entry), its damage
    # amount unknown
    "chapters": {
        "count": 1,
        "abilities": [
            {
                "chapters": [1],
                "approx": True,
                "ops": [{"op": "mill", "n": 5}, {"op": "damage", "to": "target"}],
            }
        ],
    },
}


def test_chapter_damage_of_unknown_amount_is_shown_not_simulated_not_zero() -> None:
    """A chapter known only by its summary ("mill five cards. When you do, this Saga deals
    damage equal to the greatest power among creature cards in your graveyard to target
    creature", as an untranslated card-specific XMage class leaves it): the log says "not
    simulated", naming it, and nothing of the chapter happens (all or nothing) instead of
    dealing 0. (Summon: Kujata III and Kraven's Last Hunt I, the pool's examples before,
    are simulated now: tests/engine/test_sagas_chosen_on_resolution_cards.py.)"""
    tl = scenario(
        library=["Serra Angel", "Island", "Forest", "Mountain", "Swamp", "Plains"],
        battlefield=[saga("Test Unknown Hunt", 0)],
        opponent_battlefield=["Grizzly Bears"],
        actions=[{"do": "add_lore", "card": "Test Unknown Hunt", "n": 1}],
        cards=[UNKNOWN_DAMAGE],
        choices=["target:o8"],  # the Bears: a chapter's targets are chosen first (603.3d)
    ).run()
    assert tl.finished
    assert "damage" not in kinds(tl)
    missing = [m for e in of_kind(tl, "not_simulated") for m in e.data["missing"]]
    assert len(missing) == 1 and "Chapter I of Test Unknown Hunt" in missing[0]
    # nothing milled, nobody damaged
    assert len(you(tl)["library"]) == 6 and "Serra Angel" not in you(tl)["graveyard"]
    assert opp(tl)["battlefield"] == ["Grizzly Bears"]


# ------------------------------------------------------------ History of Benalia


def test_history_of_benalia_tokens_then_knights_get_2_1_cr_714_2b_613_4c() -> None:
    """I, II: a 2/2 white Knight token with vigilance each; III: Knights you control get
    +2/+1 until end of turn (the card data's chapter, layer 7c), then the Saga is
    sacrificed (714.4)."""
    tl = scenario(
        hand=[BENALIA],
        actions=[
            {"do": "cast", "card": BENALIA},
            {"do": "precombat_main"},
            {"do": "precombat_main"},
        ],
    ).run()
    assert tl.finished
    tokens = of_kind(tl, "token")
    assert len(tokens) == 2
    assert all((e.amount, e.data["token"], e.data["pt"]) == (1, "Knight", "2/2") for e in tokens)
    assert [m.dst for e in tokens for m in e.moves] == ["battlefield", "battlefield"]
    assert of_kind(tl, "not_simulated") == []
    assert you(tl)["battlefield"] == ["Knight token", "Knight token"]
    state = tl.final
    knights = state.players[0].zone("battlefield")
    assert [state.characteristics(oid).pt for oid in knights] == ["4/3", "4/3"]
    assert you(tl)["graveyard"] == [BENALIA]
    # Tokens are not cards: the card count is unchanged from the start.
    assert tl.final.card_count(0) == tl.frames[0].state.card_count(0)


# ------------------------------------------ chapters from the card data


def test_chapter_from_card_data_targets_as_it_triggers_cr_603_3d() -> None:
    """Elspeth Conquers Death I: "Exile target permanent an opponent controls with mana
    value 3 or greater." The card data's chapter (ops + target spec) is what goes on the
    stack: Serra Angel (mana value 5) is the only legal target, Grizzly Bears (2) is not."""
    from engine import AutoPolicy

    ecd = "Elspeth Conquers Death"
    tl = scenario(
        battlefield=[saga(ecd, 0)],
        opponent_battlefield=["Serra Angel", "Grizzly Bears"],
        actions=[{"do": "add_lore", "card": ecd, "n": 1}],
    ).run(policy=AutoPolicy())
    assert tl.finished
    assert resolved_chapters(tl) == [f"Chapter I of {ecd}"]
    assert opp(tl)["exile"] == ["Serra Angel"]
    assert opp(tl)["battlefield"] == ["Grizzly Bears"]


def test_untranslated_chapter_changes_nothing_and_names_its_class() -> None:
    """The Raven's Warning III (WishEffect: "a card you own from outside the game"; the
    playground has no outside-the-game zone) is not translated: the chapter triggers and
    resolves, changes nothing, and the log names what is not simulated (all or nothing).
    (Day of the Moon, the example before, is simulated now.)"""
    raven = "The Raven's Warning"
    tl = scenario(
        battlefield=[saga(raven, 2), "Grizzly Bears"],
        actions=[{"do": "add_lore", "card": raven, "n": 1}],
    ).run()
    assert tl.finished
    assert resolved_chapters(tl) == [f"Chapter III of {raven}"]
    missing = [m for e in of_kind(tl, "not_simulated") for m in e.data["missing"]]
    assert missing and all(f"Chapter III of {raven}" in m for m in missing)
    assert "Grizzly Bears" in you(tl)["battlefield"] and len(you(tl)["library"]) == 6


def test_the_akroan_war_iii_each_tapped_creature_deals_damage_to_itself_cr_120_3() -> None:
    """The Akroan War III (TheAkroanWarEffect, written by hand): each tapped creature deals
    damage to itself equal to its power; an untapped one is untouched."""
    war = "The Akroan War"
    tl = scenario(
        battlefield=[saga(war, 2), {"name": "Grizzly Bears", "tapped": True}, "Memnite"],
        actions=[{"do": "add_lore", "card": war, "n": 1}],
    ).run()
    assert tl.finished
    assert resolved_chapters(tl) == [f"Chapter III of {war}"]
    assert of_kind(tl, "not_simulated") == []
    assert "Grizzly Bears" in you(tl)["graveyard"] and "Memnite" in you(tl)["battlefield"]
    assert [e.amount for e in of_kind(tl, "damage")] == [2]
