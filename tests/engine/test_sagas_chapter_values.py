"""More dynamic values and chapter vocabulary for Saga chapters: totals and
per-opponent counts over a filter (202.3, 800.4a), random chapter modes (700.2, 603.3c).

Boards before and after, through the real chapters (data/saga_chapters_manual.json);
fields, not wording. Stdlib + engine: runs under Pyodide.
"""

from __future__ import annotations

from engine import AutoPolicy, Scenario
from engine.lang import values

from boards import Q, board, game_of, opp, you

BAHAMUT = "Summon: Bahamut"
YOJIMBO = "Summon: Yojimbo"
BIRTH = "Birth of the Imperium"
VAULT = "Vault 12: The Necropolis"
RING = "One Ring to Rule Them All"


def _chapter(saga: str, lore: int, **kw):
    """The Saga at ``lore`` counters gets one more: that chapter triggers and resolves."""
    d = board(
        battlefield=[{"name": saga, "counters": {"lore": lore}}, *kw.pop("battlefield", [])],
        actions=[{"do": "add_lore", "card": saga, "n": 1}],
        **kw,
    )
    tl = Scenario.from_dict(d).run(policy=AutoPolicy())
    assert tl.finished
    return tl


def _not_simulated(tl) -> list:
    return [e for e in tl.events if e.kind == "not_simulated"]


# ------------------------------------------------------------------------------ total_mv
def test_bahamut_iv_deals_the_total_mana_value_of_your_other_permanents_cr_202_3() -> None:
    tl = _chapter(
        BAHAMUT,
        3,
        battlefield=["Memnite", "Grizzly Bears", "Serra Angel", "Forest"],
        opponent_battlefield=["Llanowar Elves"],  # an opponent's permanent doesn't count
    )
    # Memnite 0 + Grizzly Bears 2 + Serra Angel 5 + Forest 0; Bahamut's own 9 excluded
    assert opp(tl)["life"] == 20 - 7
    assert you(tl)["life"] == 20
    assert not _not_simulated(tl)


def test_total_mv_counts_only_the_filter() -> None:
    game = game_of(
        board(battlefield=["Serra Angel", "Grizzly Bears"], opponent_battlefield=["Serra Angel"])
    )
    q = Q(game)
    assert values.value_missing({"dv": "total_mv", "filter": {"controller": "you"}}, q) is None
    assert values.value_of(q, {"dv": "total_mv", "filter": {"controller": "you"}}) == 7
    assert values.value_of(q, {"dv": "total_mv", "filter": {}}) == 12
    assert values.value_of(q, {"dv": "total_mv", "filter": {"types": ["Land"]}}) == 0


# ------------------------------------------------------------------ opponents_controlling
def test_yojimbo_iv_a_treasure_per_opponent_with_a_creature_of_power_4_or_more() -> None:
    tl = _chapter(YOJIMBO, 3, opponent_battlefield=["Serra Angel", "Grizzly Bears"])
    assert you(tl)["battlefield"].count("Treasure token") == 1
    assert not _not_simulated(tl)


def test_yojimbo_iv_no_treasure_when_no_opponent_has_one() -> None:
    # Yojimbo itself is a 5/5 creature you control: only opponents count
    tl = _chapter(YOJIMBO, 3, opponent_battlefield=["Grizzly Bears", "Llanowar Elves"])
    assert "Treasure token" not in you(tl)["battlefield"]


def test_opponents_controlling_counts_each_opponent_once_and_not_those_who_lost() -> None:
    game = game_of(board(opponent_battlefield=["Serra Angel", "Serra Angel"]))
    q = Q(game)
    v = {"dv": "opponents_controlling", "filter": {"types": ["Creature"]}}
    assert values.value_of(q, v) == 1
    game.lost.append(1)
    assert values.value_of(q, v) == 0  # 800.4a: a player who left is no opponent in the game


# ------------------------------------------------------------ opponents_controlling_fewer
def test_birth_iii_draws_two_for_each_opponent_with_fewer_creatures() -> None:
    tl = _chapter(
        BIRTH,
        2,
        library=["Island"] * 5,
        battlefield=["Grizzly Bears", "Memnite"],
        opponent_battlefield=["Serra Angel"],
    )
    assert len(you(tl)["hand"]) == 2
    assert len(you(tl)["library"]) == 3


def test_birth_iii_draws_nothing_when_creature_counts_tie() -> None:
    tl = _chapter(
        BIRTH,
        2,
        library=["Island"] * 5,
        battlefield=["Grizzly Bears"],
        opponent_battlefield=["Serra Angel"],
    )
    assert you(tl)["hand"] == []
    assert len(you(tl)["library"]) == 5


# ------------------------------------------------------------ player_counters (Vault 12)
def test_vault_12_i_and_ii_tokens_equal_to_the_rad_counters_among_players() -> None:
    # chapter I: each player gets three rad counters; chapter II: X = 3 + 3 tokens
    d = board(
        battlefield=[{"name": VAULT, "counters": {"lore": 0}}],
        actions=[{"do": "add_lore", "card": VAULT, "n": 1}] * 2,
    )
    tl = Scenario.from_dict(d).run(policy=AutoPolicy())
    assert tl.finished
    assert you(tl)["battlefield"].count("Zombie Mutant token") == 6
    assert tl.final.players[0].counters["rad"] == 3
    assert tl.final.players[1].counters["rad"] == 3
    [tok] = {
        tl.final.characteristics(o).pt
        for o in tl.final.players[0].zone("battlefield")
        if tl.final.objects[o].is_token
    }
    assert tok == "2/2"


# -------------------------------------------------------- the Ring-bearer's power (One Ring)
def test_one_ring_i_each_player_mills_your_ring_bearers_power_cr_701_54() -> None:
    tl = _chapter(
        RING, 0, library=["Island"] * 6, opponent_library=["Swamp"] * 6, battlefield=["Serra Angel"]
    )
    assert len(you(tl)["graveyard"]) == 4 and len(you(tl)["library"]) == 2
    assert len(opp(tl)["graveyard"]) == 4 and len(opp(tl)["library"]) == 2
    assert not _not_simulated(tl)


def test_one_ring_i_mills_nothing_without_a_ring_bearer() -> None:
    tl = _chapter(RING, 0, library=["Island"] * 6, opponent_library=["Swamp"] * 6)
    assert you(tl)["graveyard"] == [] and opp(tl)["graveyard"] == []


# ------------------------------------------------------------- random modes (Magus Sisters)
MAGUS = "Summon: Magus Sisters"


def _magus(seed: int):
    d = board(
        battlefield=[{"name": MAGUS, "counters": {"lore": 0}}],
        opponent_battlefield=["Grizzly Bears"],
        seed=seed,
        actions=[{"do": "add_lore", "card": MAGUS, "n": 1}],
    )
    tl = Scenario.from_dict(d).run(policy=AutoPolicy())
    assert tl.finished
    [modes_ev] = [e for e in tl.events if e.kind == "modes"]
    return tl, modes_ev.data["modes"]


def _counters(tl, kind: str) -> int:
    return sum(
        tl.final.objects[o].counter(kind)
        for p in (0, 1)
        for o in tl.final.players[p].zone("battlefield")
    )


def test_magus_sisters_chapter_mode_is_random_not_chosen_cr_700_2() -> None:
    seen = set()
    for seed in range(12):
        tl, [mode] = _magus(seed)
        seen.add(mode)
        # nobody was asked to choose a mode
        assert not [
            e for e in tl.events if e.kind == "decision" and e.data.get("decision") == "choose_mode"
        ]
        if mode == 0:  # Combine Powers!: three +1/+1 counters on target creature
            assert _counters(tl, "+1/+1") == 3 and you(tl)["life"] == 20
        elif mode == 1:  # Defense!: a shield counter on target creature, you gain 3 life
            assert _counters(tl, "shield") == 1 and you(tl)["life"] == 23
        else:  # Fight!: up to one target creature an opponent controls
            assert _counters(tl, "+1/+1") == 0 and you(tl)["life"] == 20
    assert len(seen) >= 2  # the seeded generator picks, not always the first mode


def test_magus_sisters_random_mode_is_the_same_on_replay() -> None:
    assert _magus(5)[1] == _magus(5)[1]


# ---------------------------------------------------------------- lose_game (104.3e)
CURSE = {
    "name": "Test Doom",
    "mana_cost": "{0}",
    "type_line": "Sorcery",
    "effects": {"spell": [{"op": "lose_game"}], "targets": [{"what": "opponent", "count": 1}]},
}


def test_target_player_loses_the_game_cr_104_3e() -> None:
    tl = Scenario.from_dict(board(hand=["Test Doom"], cards=[CURSE])).run(policy=AutoPolicy())
    assert tl.final.lost == (1,)
    assert [e.rule for e in tl.events if e.kind == "lose"] == ["104.3e"]


def test_primal_odin_ii_grants_the_lose_the_game_trigger() -> None:
    tl = _chapter("Summon: Primal Odin", 1)
    [odin] = [
        o
        for o in tl.final.players[0].zone("battlefield")
        if tl.final.objects[o].card.name == "Summon: Primal Odin"
    ]
    granted = [a for a in tl.final.characteristics(odin).abilities if a.get("kind") == "triggered"]
    assert [a["when"] for a in granted] == ["self_combat_damage_to_player"]
    assert granted[0]["ops"] == [{"op": "lose_game", "who": "trigger_player"}]
    assert tl.final.lost == ()
    assert not _not_simulated(tl)


# ------------------------------------------- {"target": n, "nth": i}: one spec, two objects
HEIST = "The Trickster-God's Heist"


def test_heist_i_exchanges_control_of_two_target_creatures_of_one_spec_cr_701_12a() -> None:
    tl = _chapter(HEIST, 0, battlefield=["Grizzly Bears"], opponent_battlefield=["Serra Angel"])
    assert "Serra Angel" in you(tl)["battlefield"]
    assert "Grizzly Bears" in opp(tl)["battlefield"]
    assert "Grizzly Bears" not in you(tl)["battlefield"]
    assert not _not_simulated(tl)


def test_heist_i_same_controller_nothing_happens_cr_701_12b() -> None:
    tl = _chapter(HEIST, 0, battlefield=["Grizzly Bears", "Serra Angel"])
    assert {"Grizzly Bears", "Serra Angel"} <= set(you(tl)["battlefield"])
    assert opp(tl)["battlefield"] == []


class _Chosen:
    """The two things a ctx tells a reference: what was chosen per spec, what is legal."""

    def __init__(self, groups: list[tuple[str, ...]], illegal: set[str]) -> None:
        self.groups = groups
        self.illegal = illegal

    def refs(self, spec: int = 0) -> tuple[str, ...]:
        return self.groups[spec] if spec < len(self.groups) else ()

    def legal(self, ref: str) -> bool:
        return ref not in self.illegal

    def target_refs(self, op=None) -> list[str]:
        return [r for r in self.refs((op or {}).get("target") or 0) if self.legal(r)]


def test_nth_target_ref_keeps_its_place_when_the_other_becomes_illegal_cr_608_2b() -> None:
    from engine.lang import refs

    ctx = _Chosen([("o5", "o9")], illegal={"o5"})
    assert refs.nth_target_refs(ctx, {"target": 0, "nth": 0}) == []
    assert refs.nth_target_refs(ctx, {"target": 0, "nth": 1}) == ["o9"]
    assert refs.nth_target_refs(ctx, {"target": 0, "nth": 2}) == []
    assert refs.nth_target_refs(ctx, {"target": 0}) == ["o9"]
    assert refs.is_target_ref({"target": 0, "nth": 1})
    assert not refs.is_target_ref({"target": 0, "nth": -1})
    assert not refs.is_target_ref({"target": 0, "nth": True})
    assert not refs.is_target_ref({"target": 0, "other": 1})


# ------------------------------------------------- add_types over a filter (611.2c, 613.1d)
def _pt_types(tl, player: int, name: str) -> tuple[str, tuple[str, ...]]:
    [oid] = [
        o
        for o in tl.final.players[player].zone("battlefield")
        if tl.final.objects[o].card.name == name
    ]
    ch = tl.final.characteristics(oid)
    return ch.pt, tuple(sorted(ch.types))


def test_antiquities_war_iii_your_artifacts_become_5_5_artifact_creatures() -> None:
    tl = _chapter(
        "The Antiquities War",
        2,
        battlefield=["Memnite", "Sol Ring", "Forest"],
        opponent_battlefield=["Memnite"],
    )
    assert _pt_types(tl, 0, "Memnite") == ("5/5", ("Artifact", "Creature"))
    assert _pt_types(tl, 0, "Sol Ring") == ("5/5", ("Artifact", "Creature"))
    assert _pt_types(tl, 0, "Forest") == ("", ("Land",))
    assert _pt_types(tl, 1, "Memnite") == ("1/1", ("Artifact", "Creature"))  # not yours
    assert not _not_simulated(tl)


# ------------------------------------------- "other target" across two specs (other_than)
GILGALAD = "Fall of Gil-galad"


def test_gil_galad_iii_your_creature_fights_another_target_creature_cr_701_14a() -> None:
    tl = _chapter(
        GILGALAD, 2, battlefield=["Grizzly Bears"], opponent_battlefield=["Llanowar Elves"]
    )
    assert "Llanowar Elves" in opp(tl)["graveyard"]
    [bears] = [
        o
        for o in tl.final.players[0].zone("battlefield")
        if tl.final.objects[o].card.name == "Grizzly Bears"
    ]
    assert tl.final.objects[bears].damage == 1
    assert not _not_simulated(tl)


def test_gil_galad_iii_when_it_dies_you_draw_two_cr_603_10a() -> None:
    tl = _chapter(
        GILGALAD,
        2,
        library=["Island"] * 4,
        battlefield=["Grizzly Bears"],
        opponent_battlefield=["Serra Angel"],
    )
    assert "Grizzly Bears" in you(tl)["graveyard"]
    assert len(you(tl)["hand"]) == 2  # the granted "when this creature dies" (603.10a)


def test_gil_galad_iii_the_other_target_cant_be_the_first_cr_115_3() -> None:
    tl = _chapter(GILGALAD, 2, battlefield=["Grizzly Bears"])
    [bears] = [
        o
        for o in tl.final.players[0].zone("battlefield")
        if tl.final.objects[o].card.name == "Grizzly Bears"
    ]
    assert tl.final.objects[bears].damage == 0  # it didn't fight itself
    assert you(tl)["hand"] == []


def test_other_than_needs_two_distinct_objects_for_two_required_targets() -> None:
    from engine.lang import targets

    specs = [{"what": "creature", "count": 1}, {"what": "creature", "count": 1, "other_than": 0}]
    one = game_of(board(battlefield=["Grizzly Bears"]))
    two = game_of(board(battlefield=["Grizzly Bears"], opponent_battlefield=["Serra Angel"]))
    assert not targets.has_legal_targets(one, specs, 0)
    assert targets.has_legal_targets(two, specs, 0)
    assert targets.has_legal_targets(one, specs[:1] + [{**specs[1], "min": 0}], 0)
    assert targets.target_missing({"what": "creature", "other_than": "first"})


FENRIC_MUTANT = {
    "name": "Test Mutant",
    "mana_cost": "{2}",
    "type_line": "Creature — Mutant",
    "power": 3,
    "toughness": 3,
}
FENRIC = {
    "name": "Fenric",
    "mana_cost": "{2}",
    "type_line": "Legendary Creature — Horror",
    "power": 2,
    "toughness": 2,
}


def test_curse_of_fenric_iii_a_mutant_fights_another_target_named_fenric() -> None:
    tl = _chapter(
        "The Curse of Fenric",
        2,
        battlefield=["Test Mutant"],
        opponent_battlefield=["Fenric"],
        cards=[FENRIC_MUTANT, FENRIC],
    )
    assert "Fenric" in opp(tl)["graveyard"]
    [mutant] = [
        o
        for o in tl.final.players[0].zone("battlefield")
        if tl.final.objects[o].card.name == "Test Mutant"
    ]
    assert tl.final.objects[mutant].damage == 2
    assert not _not_simulated(tl)
