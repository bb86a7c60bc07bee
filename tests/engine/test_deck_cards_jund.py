"""Bloodbraid Jund cards written by hand (data/cards_manual) from their XMage classes:
Fatal Push (revolt), Maelstrom Pulse (same name), Scavenging Ooze, Dark Confidant, and
the planeswalkers (loyalty abilities 606, Liliana's piles, Wrenn and Six's emblem 114).
Boards before/after: zones, counters, life, P/T.
"""

from __future__ import annotations

from boards import board, finished, play


def _ids(tl, name: str, player: int = 0, zone: str = "battlefield") -> list[int]:
    state = tl.final
    return [o for o in state.players[player].zone(zone) if state.objects[o].name == name]


def _zones(tl, player: int = 0) -> dict:
    return tl.final.summary()["players"][player]


# Fatal Push --------------------------------------------------------------------------
def test_fatal_push_destroys_a_creature_with_mana_value_2() -> None:
    d = board([], hand=("Fatal Push",), opponent_battlefield=("Tarmogoyf",))
    tl = finished(d)
    assert _zones(tl, 1)["graveyard"] == ["Tarmogoyf"]


def test_fatal_push_leaves_a_mana_value_4_creature_without_revolt_cr_608_2c() -> None:
    d = board([], hand=("Fatal Push",), opponent_battlefield=("Bloodbraid Elf",))
    tl = finished(d)
    assert _zones(tl, 1)["battlefield"] == ["Bloodbraid Elf"]
    assert _zones(tl)["graveyard"] == ["Fatal Push"]


def test_fatal_push_with_revolt_destroys_mana_value_4() -> None:
    # Revolt: a permanent you controlled left the battlefield this turn.
    # Hand o1 Bolt, o2 Push; your Memnite o3 (bolted: it left the battlefield); theirs o4.
    d = board([], hand=("Lightning Bolt", "Fatal Push"), battlefield=("Memnite",),
              opponent_battlefield=("Bloodbraid Elf",),
              actions=[{"do": "cast", "card": "Lightning Bolt"},
                       {"do": "cast", "card": "Fatal Push"}],
              choices=["target:o3"])  # fmt: skip
    tl = finished(d)
    assert _zones(tl, 1)["graveyard"] == ["Bloodbraid Elf"]


def test_fatal_push_with_revolt_still_misses_mana_value_5() -> None:
    # Hand o1 Bolt, o2 Push; your Memnite o3 (bolted: it left the battlefield); theirs o4.
    d = board([], hand=("Lightning Bolt", "Fatal Push"), battlefield=("Memnite",),
              opponent_battlefield=("Maelstrom Colossus",),
              actions=[{"do": "cast", "card": "Lightning Bolt"},
                       {"do": "cast", "card": "Fatal Push"}],
              choices=["target:o3"])  # fmt: skip
    tl = finished(d)
    assert _zones(tl, 1)["battlefield"] == ["Maelstrom Colossus"]


# Maelstrom Pulse ---------------------------------------------------------------------
def test_maelstrom_pulse_destroys_the_target_and_every_permanent_with_its_name_cr_701_8a(
) -> None:  # fmt: skip
    d = board([], hand=("Maelstrom Pulse",), battlefield=("Grizzly Bears", "Memnite"),
              opponent_battlefield=("Grizzly Bears", "Grizzly Bears", "Ornithopter"))
    tl = play(d)
    opp_bear = _ids(tl, "Grizzly Bears", 1)[0]
    d["choices"] = [f"target:o{opp_bear}"]
    tl = finished(d)
    assert _zones(tl)["battlefield"] == ["Memnite"]  # your Bears share the name
    assert _zones(tl, 1)["battlefield"] == ["Ornithopter"]
    assert _zones(tl, 1)["graveyard"].count("Grizzly Bears") == 2


# Scavenging Ooze ---------------------------------------------------------------------
def test_scavenging_ooze_eats_a_creature_card_grows_and_gains_life() -> None:
    d = board([], battlefield=("Scavenging Ooze",), opponent_battlefield=(),
              actions=[{"do": "activate", "card": "Scavenging Ooze"}])  # fmt: skip
    d["players"][1]["graveyard"] = ["Grizzly Bears", "Lightning Bolt"]
    tl = play(d)
    [bears] = [o.key for o in tl.pending.options
               if tl.final.objects[int(o.key.split(":o")[1])].name == "Grizzly Bears"]
    d["choices"] = [bears]
    tl = finished(d)
    [ooze] = _ids(tl, "Scavenging Ooze")
    assert tl.final.objects[ooze].counters.get("+1/+1") == 1
    assert tl.final.characteristics(ooze).pt == "3/3"
    assert _zones(tl)["life"] == 21
    assert _zones(tl, 1)["exile"] == ["Grizzly Bears"]


def test_scavenging_ooze_eats_a_noncreature_card_without_growing() -> None:
    d = board([], battlefield=("Scavenging Ooze",),
              actions=[{"do": "activate", "card": "Scavenging Ooze"}])  # fmt: skip
    d["players"][1]["graveyard"] = ["Lightning Bolt"]
    tl = finished(d)
    [ooze] = _ids(tl, "Scavenging Ooze")
    assert not tl.final.objects[ooze].counters.get("+1/+1")
    assert _zones(tl)["life"] == 20 and _zones(tl, 1)["exile"] == ["Lightning Bolt"]
