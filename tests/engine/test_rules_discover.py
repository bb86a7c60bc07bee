"""Discover N (CR 701.57; seed 001 calls it 701.55): every line of docs/RULES.md "Discover N".

Each test builds a scenario from plain data, runs it and checks the timeline: the
events (kind, rule, moves), the decisions offered and the final zones. Libraries are
"listed" (top first) so the exiled cards are known; only the bottom order is random.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from engine.core.game import Game
from engine.core.policy import ScriptedPolicy
from engine.rules import permanents

from boards import (
    board,
    card_name,
    finished,
    kinds,
    of_kind,
    opp,
    play,
    scenario,
    source_name,
    you,
)

# ----------------------------------------------------------------------------- helpers


def discover(n: int, library: Sequence[str], choices: Sequence[str] = (), **kw: Any):
    """Discover ``n`` as the only action (no spell cast), from a listed library."""
    return play(board(library, actions=[{"do": "discover", "n": n}], choices=choices, **kw))


def exiled_names(tl) -> list[str]:
    """Names exiled from the library by discover, in order (misses, then the hit)."""
    return [
        m.name
        for e in tl.events
        if e.kind in ("exile", "discover_hit")
        for m in e.moves
        if m.src == "library" and m.dst == "exile"
    ]


# ------------------------------------------------- 1. a keyword action, no stack of its own


def test_discover_is_a_keyword_action_without_the_stack_cr_701_57a() -> None:
    tl = discover(3, ["Forest", "Grizzly Bears"], ["hand"])
    assert tl.finished
    first = tl.events[0]
    assert first.kind == "discover" and first.rule == "701.57a"
    # Nothing was put on the stack for the discover itself: no trigger, no stack event.
    assert "stack" not in kinds(tl) and "trigger" not in kinds(tl)
    assert all(not f.state.stack for f in tl.frames)


def test_discover_happens_while_the_ability_resolves_cr_701_57a() -> None:
    """Geological Appraiser: the ETB ability is on the stack; discover happens as it resolves."""
    tl = scenario(
        library=["Mountain", "Grizzly Bears"],
        hand=["Geological Appraiser"],
        actions=[{"do": "cast", "card": "Geological Appraiser"}],
        choices=["hand"],
    ).run()
    ks = kinds(tl)
    resolve_etb = next(
        i for i, e in enumerate(tl.events) if e.kind == "resolve" and e.data.get("trigger") == "etb"
    )
    assert ks[resolve_etb + 1] == "discover"
    # The only abilities ever on the stack are the ETB trigger: the discover has none.
    for f in tl.frames:
        for item in f.state.stack:
            assert item.kind == "spell" or item.trigger == "etb"
    discover_frame = next(f for f in tl.frames if f.event and f.event.kind == "discover")
    assert discover_frame.state.stack == ()  # the ETB ability already left the stack


# --------------------------------------------- 2. exile until a nonland card with MV <= N


def test_exiles_one_at_a_time_until_nonland_mv_at_most_n_cr_701_57a() -> None:
    tl = discover(
        2, ["Forest", "Serra Angel", "Mountain", "Grizzly Bears", "Shock"], ["hand"], seed=3
    )
    assert exiled_names(tl) == ["Forest", "Serra Angel", "Mountain", "Grizzly Bears"]
    hit = of_kind(tl, "discover_hit")
    assert len(hit) == 1 and hit[0].moves[0].name == "Grizzly Bears"
    assert hit[0].rule == "701.57a"
    # Shock (below the hit) was never touched: it is still on top.
    assert you(tl)["library"][0] == "Shock"


def test_equal_mana_value_counts_unlike_cascade_cr_701_57a() -> None:
    # Serra Angel is MV 5: discover 5 stops on it (cascade from an MV-5 spell would not).
    tl = discover(5, ["Serra Angel", "Grizzly Bears"], ["hand"])
    assert exiled_names(tl) == ["Serra Angel"]
    assert you(tl)["hand"] == ["Serra Angel"]
    # ...while discover 4 goes past it.
    tl = discover(4, ["Serra Angel", "Grizzly Bears"], ["hand"])
    assert exiled_names(tl) == ["Serra Angel", "Grizzly Bears"]
    assert you(tl)["hand"] == ["Grizzly Bears"]


def test_lands_are_never_discovered_even_at_mv_0_cr_701_57a() -> None:
    tl = discover(0, ["Forest", "Hidden Volcano", "Memnite"], ["hand"])
    assert exiled_names(tl) == ["Forest", "Hidden Volcano", "Memnite"]
    assert you(tl)["hand"] == ["Memnite"]


def test_split_card_uses_combined_mana_value_in_the_library_cr_701_57a_709_4() -> None:
    # Fire // Ice is MV 4 in the library: discover 3 passes it although each half is MV 2.
    tl = discover(3, ["Fire // Ice", "Grizzly Bears"], ["hand"])
    assert exiled_names(tl) == ["Fire // Ice", "Grizzly Bears"]
    assert you(tl)["library"] == ["Fire // Ice"]


# ------------------------------------------------------- 3. cast it for free, or hand


def test_cast_without_paying_its_mana_cost_from_exile_cr_701_57a_118_9() -> None:
    tl = discover(3, ["Forest", "Grizzly Bears"], ["cast"])
    cast = of_kind(tl, "cast")
    assert len(cast) == 1
    assert cast[0].data["free"] is True and cast[0].data["by"] == "discover 3"
    assert "118.9" in cast[0].rule and "701.57a" in cast[0].rule
    assert cast[0].moves[0].src == "exile" and cast[0].moves[0].dst == "stack"
    assert you(tl)["battlefield"] == ["Grizzly Bears"]
    assert you(tl)["hand"] == []


def test_the_decision_offers_cast_or_hand_never_decline_cr_701_57a() -> None:
    tl = discover(3, ["Grizzly Bears"])
    d = tl.pending
    assert d is not None and d.kind == "discover_cast" and d.rule == "701.57a"
    assert d.keys() == ["cast", "hand"]


def test_not_casting_puts_the_card_into_hand_cr_701_57a() -> None:
    tl = discover(3, ["Forest", "Grizzly Bears", "Shock"], ["hand"])
    to_hand = of_kind(tl, "to_hand")
    assert len(to_hand) == 1
    m = to_hand[0].moves[0]
    assert (m.name, m.src, m.dst) == ("Grizzly Bears", "exile", "hand")
    assert you(tl)["hand"] == ["Grizzly Bears"]
    assert you(tl)["exile"] == []


def test_a_card_that_cant_be_cast_goes_to_hand_cr_701_57a_601_2c() -> None:
    # Counterspell needs a target spell; the stack is empty, so it can't be cast.
    tl = discover(2, ["Counterspell"])
    assert tl.pending is None and tl.finished
    assert "cast" not in kinds(tl)
    assert you(tl)["hand"] == ["Counterspell"]


def test_free_cast_sets_x_to_zero_cr_107_3b() -> None:
    # Walking Ballista ({X}{X}, enters with X +1/+1 counters) is MV 0: cast with X = 0.
    tl = discover(0, ["Walking Ballista"], ["cast"])
    cast = of_kind(tl, "cast")[0]
    assert (cast.data["has_x"], cast.data["x"], cast.amount) == (True, 0, 0)
    counters = of_kind(tl, "counters")[0]
    assert (counters.amount, counters.counter) == (0, "+1/+1")
    # A 0/0 with no counters is put into the graveyard (704.5f).
    sba = [e for e in tl.events if e.rule == "704.5f"]
    assert sba and sba[0].moves[0].name == "Walking Ballista"
    assert you(tl)["graveyard"] == ["Walking Ballista"]


def test_counters_count_toward_toughness_for_sba_cr_704_5f_613_4c() -> None:
    """The contrast: cast from hand with X = 2 it enters with two counters and survives."""
    tl = scenario(
        hand=["Walking Ballista"], actions=[{"do": "cast", "card": "Walking Ballista", "x": 2}]
    ).run()
    assert tl.finished
    assert you(tl)["battlefield"] == ["Walking Ballista"]
    assert not [e for e in tl.events if e.kind == "sba"]


def test_card_without_mana_cost_can_be_cast_for_free_cr_118_6() -> None:
    tl = discover(0, ["Crashing Footfalls"], ["cast"])
    assert of_kind(tl, "cast")
    assert you(tl)["battlefield"] == ["Rhino token", "Rhino token"]


def test_split_card_either_half_may_be_cast_cr_709_3() -> None:
    tl = discover(4, ["Fire // Ice", "Opt"], opponent_battlefield=["Grizzly Bears"])
    d = tl.pending
    assert d.keys() == ["cast:Fire", "cast:Ice", "hand"]
    # Ice: tap target permanent (the only one: chosen without asking), draw a card.
    tl = tl.answer("cast:Ice").run()
    assert tl.finished
    cast = of_kind(tl, "cast")[0]
    assert (cast.data["face"], cast.amount) == ("Ice", 2)
    assert tl.final.stack == ()
    assert you(tl)["graveyard"] == ["Fire // Ice"]
    assert you(tl)["hand"] == ["Opt"]
    (tap,) = of_kind(tl, "tap")
    assert [card_name(tl, o) for o in tap.objects] == ["Grizzly Bears"]
    assert [c.what for c in tap.changes] == ["tapped"]
    assert tl.final.zone(1, "battlefield")[0].tapped


def test_adventure_only_faces_with_mv_at_most_n_cr_715_3() -> None:
    # Giant Killer is MV 1 (creature); its Adventure Chop Down is MV 3.
    d = discover(1, ["Giant Killer"]).pending
    assert d.keys() == ["cast:Giant Killer", "hand"]
    assert "Chop Down (mana value 3) is not at most 1" in d.prompt
    # With N = 3, both the creature and the Adventure qualify by mana value; Chop Down
    # ("destroy target creature with power 4 or greater") also needs a legal target
    # (601.2c), so it is offered only with such a creature on the board. (Updated when the
    # imported card data gave Chop Down its target: it used to be offered regardless.)
    d = discover(3, ["Giant Killer"], opponent_battlefield=["Serra Angel"]).pending
    assert d.keys() == ["cast:Giant Killer", "cast:Chop Down", "hand"]


def test_giant_killer_chop_down_without_a_power_4_creature_is_not_offered_cr_601_2c() -> None:
    """Discover finds Giant Killer // Chop Down with no creature of power 4 or
    greater on the board: Chop Down can't be cast (no legal target, 601.2c), so only the
    creature is offered, and the log says why."""
    tl = discover(
        3, ["Giant Killer"], battlefield=["Grizzly Bears"], opponent_battlefield=["Llanowar Elves"]
    )
    d = tl.pending
    assert d.keys() == ["cast:Giant Killer", "hand"]
    assert "cast:Chop Down" not in d.keys()
    # Taking it to hand: the card goes to hand, nothing was cast.
    done = finished(
        board(
            ["Giant Killer"],
            actions=[{"do": "discover", "n": 3}],
            battlefield=["Grizzly Bears"],
            choices=["hand"],
        )
    )
    assert you(done)["hand"] == ["Giant Killer // Chop Down"]
    assert of_kind(done, "cast") == []
    # The prompt says why Chop Down isn't offered.
    assert "Chop Down has no legal target (601.2c)" in d.prompt


def test_adventure_cast_goes_on_an_adventure_cr_715_3d() -> None:
    tl = discover(3, ["Giant Killer"], ["cast:Chop Down"], opponent_battlefield=["Serra Angel"])
    assert opp(tl)["graveyard"] == ["Serra Angel"]  # its only legal target (601.2c)
    assert you(tl)["exile"] == ["Giant Killer // Chop Down"]
    assert [e.rule for e in of_kind(tl, "exile") if e.data.get("adventure")] == ["715.3d"]


def test_mdfc_front_mv_in_library_each_face_by_its_own_mv_cr_712() -> None:
    # Esika (front, MV 3) // The Prismatic Bridge (back, MV 5).
    assert discover(3, ["Esika, God of the Tree"]).pending.keys() == [
        "cast:Esika, God of the Tree",
        "hand",
    ]
    assert discover(5, ["Esika, God of the Tree"]).pending.keys() == [
        "cast:Esika, God of the Tree",
        "cast:The Prismatic Bridge",
        "hand",
    ]
    # Off the stack the card is its front face: MV 3, so discover 2 passes it.
    tl = discover(2, ["Esika, God of the Tree"])
    assert tl.pending is None
    assert exiled_names(tl) == ["Esika, God of the Tree // The Prismatic Bridge"]


# ----------------------------------------------- 4. the rest to the bottom, random order


def test_other_exiled_cards_go_to_the_bottom_in_a_random_order_cr_701_57a() -> None:
    misses = ["Forest", "Serra Angel", "Mountain", "Island", "Swamp"]
    orders = set()
    for seed in range(12):
        tl = discover(2, [*misses, "Grizzly Bears", "Shock", "Opt"], ["hand"], seed=seed)
        bottom = of_kind(tl, "bottom")
        assert len(bottom) == 1 and bottom[0].rule == "701.57a"
        assert bottom[0].data == {"mechanic": "discover", "order": "random"}
        assert "shuffle" not in kinds(tl)
        lib = you(tl)["library"]
        # The cards below the hit stay on top, in their order; the misses are below them.
        assert lib[:2] == ["Shock", "Opt"]
        assert sorted(lib[2:]) == sorted(misses)
        orders.add(tuple(lib[2:]))
    assert len(orders) > 1  # random, not the order they were exiled in


def test_cast_card_is_not_put_on_the_bottom_cr_701_57a() -> None:
    tl = discover(1, ["Forest", "Llanowar Elves", "Island"], ["cast"])
    bottom = of_kind(tl, "bottom")[0]
    assert [m.name for m in bottom.moves] == ["Forest"]
    # The free spell was cast before the other cards went to the bottom.
    assert kinds(tl).index("cast") < kinds(tl).index("bottom")
    assert you(tl)["library"] == ["Island", "Forest"]


# ----------------------------------------- 5. "discovered" even if nothing was found


def test_discovered_even_if_no_card_qualifies_cr_701_57b() -> None:
    library = ["Forest", "Serra Angel", "Mountain"]
    tl = discover(2, library)
    assert tl.finished and tl.pending is None
    none = of_kind(tl, "discover_none")
    assert len(none) == 1 and none[0].rule == "701.57b"
    assert of_kind(tl, "discovered")[0].rule == "701.57b"
    # The whole library was exiled and put back: nothing lost, nobody loses.
    assert sorted(you(tl)["library"]) == sorted(library)
    assert tl.final.lost == ()


def test_discovered_with_an_empty_library_cr_701_57b() -> None:
    tl = discover(3, [])
    assert kinds(tl) == ["discover", "discover_none", "discovered"]
    assert tl.final.lost == ()


def test_the_discovered_card_is_the_last_card_exiled_cr_701_57c() -> None:
    tl = discover(3, ["Forest", "Serra Angel", "Lightning Bolt", "Opt"], ["hand"])
    hit = of_kind(tl, "discover_hit")[0]
    assert hit.moves[0].name == "Lightning Bolt"
    assert exiled_names(tl)[-1] == "Lightning Bolt"


# ------------------------------------------------------------ 6. the seed's cards


def test_geological_appraiser_cast_discovers_3_cr_701_57a_603_6a() -> None:
    tl = scenario(
        library=["Mountain", "Trumpeting Carnosaur", "Lightning Bolt", "Forest"],
        hand=["Geological Appraiser"],
        opponent_battlefield=["Grizzly Bears"],
        actions=[{"do": "cast", "card": "Geological Appraiser"}],
        choices=["cast", "target:p1"],
        seed=1,
    ).run()
    assert tl.finished
    d = of_kind(tl, "discover")[0]
    assert (d.player, d.amount) == (0, 3)
    assert exiled_names(tl) == ["Mountain", "Trumpeting Carnosaur", "Lightning Bolt"]
    assert opp(tl)["life"] == 17
    assert you(tl)["battlefield"] == ["Geological Appraiser"]
    assert you(tl)["library"][0] == "Forest"


def test_geological_appraiser_not_cast_does_not_discover_cr_603_4() -> None:
    """ "When it enters, if you cast it": an intervening-if (603.4).

    The scenario format has no "put onto the battlefield" action, so (a) an Appraiser that
    starts on the battlefield never triggers, and (b) the engine's enter path is called
    directly with cast=False: the ability doesn't trigger.
    """
    s = scenario(
        library=["Grizzly Bears", "Forest"],
        battlefield=["Geological Appraiser"],
        actions=[{"do": "precombat_main"}],
    )
    tl = s.run()
    assert tl.finished and "discover" not in kinds(tl)

    game = Game(s.replace(actions=()), s.pool(), ScriptedPolicy([]))
    oid = game.players[0].zones["battlefield"][0]
    permanents.entered_battlefield(game, oid, cast=False)
    last = game.frames[-1][1]
    assert last.kind == "no_trigger" and last.rule == "603.4"
    assert game.pending == []
    # ...and the same call with cast=True does trigger the discover ability.
    permanents.entered_battlefield(game, oid, cast=True)
    assert [(p.trigger, p.source) for p in game.pending] == [("etb", oid)]


def test_appraiser_cast_for_free_by_discover_still_was_cast_cr_601_2() -> None:
    # Hidden Volcano discovers 4, hits Geological Appraiser; casting it for free is
    # still casting it, so its "if you cast it" ability discovers 3.
    tl = scenario(
        library=["Forest", "Geological Appraiser", "Mountain", "Grizzly Bears"],
        battlefield=["Hidden Volcano"],
        actions=[{"do": "activate", "card": "Hidden Volcano"}],
        choices=["cast", "cast"],
    ).run()
    assert tl.finished
    assert [(e.player, e.amount) for e in of_kind(tl, "discover")] == [(0, 4), (0, 3)]
    assert you(tl)["battlefield"] == ["Geological Appraiser", "Grizzly Bears"]


def test_trumpeting_carnosaur_discovers_5_cr_701_57a() -> None:
    tl = scenario(
        library=["Forest", "Apex Devastator", "Serra Angel", "Opt"],
        hand=["Trumpeting Carnosaur"],
        actions=[{"do": "cast", "card": "Trumpeting Carnosaur"}],
        choices=["cast"],
    ).run()
    assert tl.finished
    assert of_kind(tl, "discover")[0].amount == 5
    # MV 10 passed, MV 5 (= N) hit and cast for free.
    assert exiled_names(tl) == ["Forest", "Apex Devastator", "Serra Angel"]
    assert you(tl)["battlefield"] == ["Trumpeting Carnosaur", "Serra Angel"]


def test_hidden_volcano_sacrificed_as_a_cost_then_discover_4_cr_602_2b() -> None:
    """Seed 001's example: two basic lands, then Lightning Bolt (MV 1 <= 4), cast for free."""
    tl = scenario(
        library=["Mountain", "Forest", "Lightning Bolt", "Opt"],
        battlefield=["Hidden Volcano"],
        opponent_battlefield=["Serra Angel", "Grizzly Bears"],
        actions=[{"do": "activate", "card": "Hidden Volcano"}],
        choices=["cast", "target:o7"],
        seed=5,
    ).run()
    assert tl.finished, tl.text()
    ks = kinds(tl)
    sac = of_kind(tl, "sacrifice")[0]
    assert sac.rule == "602.2b" and sac.moves[0].name == "Hidden Volcano"
    # Sacrificed as the cost, before the ability is even on the stack.
    assert ks.index("sacrifice") < ks.index("stack") < ks.index("discover")
    stacked = next(f for f in tl.frames if f.event and f.event.kind == "stack")
    assert stacked.state.summary()["players"][0]["graveyard"] == ["Hidden Volcano"]
    assert of_kind(tl, "discover")[0].amount == 4
    assert exiled_names(tl) == ["Mountain", "Forest", "Lightning Bolt"]
    assert opp(tl)["graveyard"] == ["Grizzly Bears"]
    assert sorted(you(tl)["library"][1:]) == ["Forest", "Mountain"]


def test_curator_discovers_again_once_each_turn() -> None:
    """Curator of Sun's Creation: "Whenever you discover, discover again for the same
    value. This ability triggers only once each turn." (701.57b: it triggers on having
    discovered, even when nothing was found.)"""
    tl = scenario(
        library=["Forest"] * 12,
        battlefield=["Curator of Sun's Creation"],
        actions=[
            {"do": "discover", "n": 2},
            {"do": "discover", "n": 2},
            {"do": "precombat_main"},
            {"do": "discover", "n": 1},
        ],
    ).run()
    assert tl.finished
    said = [(e.player, e.amount) for e in of_kind(tl, "discover")]
    # Turn 1: 2 (Curator: 2 again), 2 (no trigger: once per turn); turn 2: 1, Curator 1.
    assert said == [(0, 2)] * 3 + [(0, 1)] * 2
    triggers = [
        e for e in of_kind(tl, "trigger") if source_name(tl, e) == "Curator of Sun's Creation"
    ]
    assert len(triggers) == 2 and all(e.data["trigger"] == "you_discover" for e in triggers)
    assert all(s.data["trigger"] == "triggered" for s in of_kind(tl, "stack"))


def test_curator_trigger_uses_the_stack_and_the_same_n_cr_603_2() -> None:
    tl = scenario(
        library=["Serra Angel", "Grizzly Bears", "Forest", "Shock"],
        battlefield=["Curator of Sun's Creation"],
        actions=[{"do": "discover", "n": 5}],
        choices=["hand", "hand"],
    ).run()
    assert tl.finished
    ks = kinds(tl)
    assert ks.index("discovered") < ks.index("trigger") < ks.index("stack")
    assert you(tl)["hand"] == ["Serra Angel", "Grizzly Bears"]


@pytest.mark.parametrize("n", [0, 1, 3, 6])
def test_discover_n_never_hits_above_n_cr_701_57a(n: int) -> None:
    library = ["Apex Devastator", "Serra Angel", "Grizzly Bears", "Memnite", "Forest"]
    tl = discover(n, library, ["hand"])
    hit = of_kind(tl, "discover_hit")
    from engine import default_pool

    for name in exiled_names(tl)[:-1] if hit else exiled_names(tl):
        card = default_pool().get(name)
        assert card.is_land or card.mana_value > n
    if hit:
        assert default_pool().get(hit[0].moves[0].name).mana_value <= n


@pytest.mark.parametrize(("choice", "damage"), [("kick", 4), ("no_kick", 2)])
def test_free_cast_may_pay_an_optional_additional_cost_cr_701_57a_118_9(
    choice: str, damage: int
) -> None:
    """Seed 001: casting "without paying its mana cost" still lets you pay additional
    costs (kicker). Discover 2 finds Burst Lightning: kicked it deals 4, unkicked 2; it is
    still MV 1 (202.3) and cast from exile for free."""
    tl = discover(2, ["Forest", "Burst Lightning", "Island"], ["cast", choice, "target:p1"])
    assert tl.pending is None and tl.finished
    [cast] = of_kind(tl, "cast")
    assert (cast.amount, cast.data["from"], cast.data["free"]) == (1, "exile", True)
    assert [e.rule for e in of_kind(tl, "kicker")] == ["601.2b"]
    assert opp(tl)["life"] == 20 - damage
    assert you(tl)["graveyard"] == ["Burst Lightning"]
    assert sorted(you(tl)["library"]) == ["Forest", "Island"]


def test_free_cast_uses_no_other_alternative_cost_no_evoke_cr_701_57a_118_9() -> None:
    """Seed 001: a free cast is already an alternative cost, so no other one (evoke) can
    be chosen. Discover 5 casts Mulldrifter: it is not evoked, so it stays on the
    battlefield after its enter trigger draws two."""
    tl = discover(5, ["Mulldrifter", "Island", "Island"], ["cast"])
    assert tl.pending is None and tl.finished
    assert [d.kind for _, d, _ in tl.answered] == ["discover_cast"]
    assert you(tl)["battlefield"] == ["Mulldrifter"]
    assert you(tl)["hand"] == ["Island", "Island"] and you(tl)["graveyard"] == []
