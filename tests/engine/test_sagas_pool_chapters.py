"""Saga chapters of the bundled pool, each as the pool
has it (imported from XMage, or hand-written in data/saga_chapters_manual.json), played on a
board: a local Effects list (Of Herbs and Stewed Rabbit I, Phyrexian Scriptures I, Song of
Freyalise III, Vault 112 I-II), "doesn't untap for as long as you control" (Time of Ice I-II,
502.3, 611.2b), earthbend (The Cave of Two Lovers III, The Legend of Kyoshi II) and Role
tokens (Gadwick's First Duel I, The Witch's Vanity III; 303.7). Fields, not wording.
"""

from __future__ import annotations

from engine import AutoPolicy, Scenario

from boards import board, opp, zone


def _play(saga: str, lore: int, *, extra: list[dict] | None = None, n: int = 1, **kw):
    """The Saga at ``lore`` counters gets ``n`` more (one at a time); then ``extra``."""
    d = board(
        battlefield=[{"name": saga, "counters": {"lore": lore}}, *kw.pop("battlefield", [])],
        actions=[{"do": "add_lore", "card": saga, "n": 1}] * n + list(extra or []),
        **kw,
    )
    tl = Scenario.from_dict(d).run(policy=AutoPolicy())
    assert tl.finished, tl.text()
    assert not [e for e in tl.events if e.kind == "not_simulated"], tl.text()
    return tl


def _ids(tl, name: str, player: int = 0) -> list[int]:
    state = tl.final
    return [o for o in state.players[player].battlefield if state.objects[o].name == name]


def test_of_herbs_and_stewed_rabbit_i_counter_and_a_food() -> None:
    tl = _play("Of Herbs and Stewed Rabbit", 0, battlefield=["Grizzly Bears"])
    [bears] = _ids(tl, "Grizzly Bears")
    assert tl.final.objects[bears].counter("+1/+1") == 1
    assert zone(tl, "battlefield").count("Food token") == 1


def test_phyrexian_scriptures_i_makes_it_an_artifact_for_good_cr_611_2a() -> None:
    # I: +1/+1 counter and an artifact; II: destroy all nonartifact creatures (it survives);
    # III, then the Saga is sacrificed (714.4): the creature stays an artifact.
    tl = _play(
        "Phyrexian Scriptures",
        0,
        n=3,
        battlefield=["Grizzly Bears"],
        opponent_battlefield=["Grizzly Bears"],
        choices=["target:o2"],
    )
    [bears] = _ids(tl, "Grizzly Bears")
    assert bears == 2  # the target chosen for chapter I (yours)
    assert tl.final.objects[bears].counter("+1/+1") == 1
    assert "Artifact" in tl.final.characteristics(bears).types
    assert zone(tl, "exile", 1) == ["Grizzly Bears"]  # destroyed by II, exiled from there by III
    assert "Phyrexian Scriptures" in zone(tl, "graveyard")  # sacrificed after III


def test_song_of_freyalise_iii_counters_and_keywords_until_end_of_turn() -> None:
    tl = _play(
        "Song of Freyalise",
        2,
        battlefield=["Grizzly Bears", "Llanowar Elves"],
        opponent_battlefield=["Grizzly Bears"],
    )
    for oid in _ids(tl, "Grizzly Bears") + _ids(tl, "Llanowar Elves"):
        assert tl.final.objects[oid].counter("+1/+1") == 1
        kws = tl.final.characteristics(oid).keywords
        assert {"Vigilance", "Trample", "Indestructible"} <= set(kws)
    [theirs] = _ids(tl, "Grizzly Bears", 1)
    assert tl.final.objects[theirs].counter("+1/+1") == 0
    assert "Trample" not in tl.final.characteristics(theirs).keywords


def test_time_of_ice_i_it_stays_tapped_in_its_controllers_untap_step_cr_502_3() -> None:
    kw = {
        "opponent_battlefield": ["Grizzly Bears"],
        "opponent_library": ["Island"],
        "library": ["Forest"],
    }
    tl = _play("Time of Ice", 0, extra=[{"do": "next_main", "player": 1}], **kw)
    [bears] = _ids(tl, "Grizzly Bears", 1)
    assert tl.final.turn == 2 and tl.final.active == 1
    assert tl.final.objects[bears].tapped  # didn't untap: you still control Time of Ice


def test_time_of_ice_the_bears_untap_once_you_no_longer_control_it_cr_611_2b() -> None:
    kw = {
        "opponent_battlefield": ["Grizzly Bears"],
        "opponent_library": ["Island"],
        "library": ["Forest"],
        "hand": ["Disenchant"],
    }
    extra = [
        {"do": "cast", "card": "Disenchant", "targets": [{"card": "Time of Ice"}]},
        {"do": "next_main", "player": 1},
    ]
    tl = _play("Time of Ice", 0, extra=extra, **kw)
    [bears] = _ids(tl, "Grizzly Bears", 1)
    assert "Time of Ice" in zone(tl, "graveyard")
    assert not tl.final.objects[bears].tapped


def test_vault_112_i_taps_stuns_and_gives_two_energy() -> None:
    tl = _play("Vault 112: Sadistic Simulation", 0, opponent_battlefield=["Grizzly Bears"])
    [bears] = _ids(tl, "Grizzly Bears", 1)
    obj = tl.final.objects[bears]
    assert obj.tapped and obj.counter("stun") == 1
    assert tl.final.players[0].counters.get("energy") == 2


def test_the_cave_of_two_lovers_iii_earthbends_3() -> None:
    tl = _play("The Cave of Two Lovers", 2, battlefield=["Mountain"])
    [mountain] = _ids(tl, "Mountain")
    ch = tl.final.characteristics(mountain)
    assert {"Land", "Creature"} <= set(ch.types) and ch.has_keyword("Haste")
    assert (ch.power, ch.toughness) == (3, 3)


def test_the_legend_of_kyoshi_ii_earthbends_x_and_the_land_becomes_an_island() -> None:
    tl = _play(
        "The Legend of Kyoshi // Avatar Kyoshi",
        1,
        battlefield=["Forest"],
        hand=["Island", "Island"],
    )
    [forest] = _ids(tl, "Forest")
    ch = tl.final.characteristics(forest)
    assert {"Forest", "Island"} <= set(ch.subtypes) and "Creature" in ch.types
    assert (ch.power, ch.toughness) == (2, 2)  # two cards in hand on resolution


def _roles(tl, player: int = 0) -> list[int]:
    state = tl.final
    return [
        o for o in state.players[player].battlefield if "Role" in state.characteristics(o).subtypes
    ]


def test_gadwicks_first_duel_i_a_cursed_role_makes_it_base_1_1() -> None:
    tl = _play("Gadwick's First Duel", 0, opponent_battlefield=["Serra Angel"])
    [angel] = _ids(tl, "Serra Angel", 1)
    [role] = _roles(tl)
    assert tl.final.objects[role].attached_to == angel
    assert tl.final.characteristics(angel).pt == "1/1"


def test_the_witchs_vanity_iii_a_wicked_role_on_your_creature() -> None:
    tl = _play("The Witch's Vanity", 2, battlefield=["Grizzly Bears"])
    [bears] = _ids(tl, "Grizzly Bears")
    [role] = _roles(tl)
    assert tl.final.objects[role].attached_to == bears
    assert tl.final.characteristics(bears).pt == "3/3"
    assert opp(tl)["life"] == 20
