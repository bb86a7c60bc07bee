"""Explore (CR 701.44) and connive (701.50) on real cards: Cenote Scout, Jadelight Ranger
(explores twice), Raffine's Informant. Zones and counters before and after; the decisions
(graveyard or top, which card to discard) answered the way a player would."""

from __future__ import annotations

from engine.cards.carddb import default_pool
from engine.views import coverage

from boards import answered, board, finished, play


def _names(state, ids) -> list[str]:
    return [state.objects[i].name for i in ids]


def _counters(tl, name: str) -> int:
    state = tl.final
    [oid] = [o for o in state.players[0].battlefield if state.objects[o].name == name]
    return state.objects[oid].counter("+1/+1")


def test_exploring_into_a_land_puts_it_into_your_hand_cr_701_44a() -> None:
    tl = finished(board(["Forest", "Lightning Bolt"], hand=["Cenote Scout"]))
    you = tl.final.players[0]
    assert _names(tl.final, you.hand) == ["Forest"]
    assert _counters(tl, "Cenote Scout") == 0
    assert _names(tl.final, you.library) == ["Lightning Bolt"]


def test_exploring_into_a_nonland_gives_a_counter_and_a_choice_cr_701_44a() -> None:
    d = board(["Lightning Bolt", "Forest"], hand=["Cenote Scout"])
    tl = play(d)
    assert tl.pending is not None and [o.label for o in tl.pending.options] == [
        "Put Lightning Bolt into the graveyard",
        "Leave Lightning Bolt on top",
    ]
    to_yard = answered(d, "Put Lightning Bolt")
    you = to_yard.final.players[0]
    assert _names(to_yard.final, you.graveyard) == ["Lightning Bolt"] and not you.hand
    assert _counters(to_yard, "Cenote Scout") == 1
    on_top = answered(d, "Leave Lightning Bolt")
    you = on_top.final.players[0]
    assert _names(on_top.final, you.library) == ["Lightning Bolt", "Forest"]
    assert _counters(on_top, "Cenote Scout") == 1


def test_exploring_an_empty_library_still_gives_the_counter_cr_701_44a_701_44b() -> None:
    tl = finished(board([], hand=["Cenote Scout"]))
    assert _counters(tl, "Cenote Scout") == 1 and not tl.final.players[0].hand


def test_jadelight_ranger_explores_twice_cr_701_44a() -> None:
    d = board(["Forest", "Lightning Bolt", "Island"], hand=["Jadelight Ranger"])
    tl = answered(d, "Put Lightning Bolt")
    you = tl.final.players[0]
    assert _names(tl.final, you.hand) == ["Forest"]
    assert _names(tl.final, you.graveyard) == ["Lightning Bolt"]
    assert _counters(tl, "Jadelight Ranger") == 1


def test_conniving_with_a_nonland_discard_gives_a_counter_cr_701_50a() -> None:
    d = board(["Island"], hand=["Raffine's Informant", "Lightning Bolt"])
    tl = answered(d, "Discard Lightning Bolt")
    you = tl.final.players[0]
    assert _names(tl.final, you.hand) == ["Island"] and not you.library
    assert _names(tl.final, you.graveyard) == ["Lightning Bolt"]
    assert _counters(tl, "Raffine's Informant") == 1
    tl = answered(d, "Discard Island")
    assert _names(tl.final, tl.final.players[0].graveyard) == ["Island"]
    assert _counters(tl, "Raffine's Informant") == 0


def test_a_creature_that_left_still_connives_without_a_counter_cr_701_50c() -> None:
    """The opponent bolts Raffine's Informant with its enter trigger on the stack: you
    still draw and discard (701.50c), and there is no counter to put."""
    d = board(
        ["Island"],
        hand=["Raffine's Informant", "Lightning Bolt"],
        opponent_hand=["Lightning Bolt"],
        actions=[
            {"do": "cast", "card": "Raffine's Informant"},
            {
                "do": "cast",
                "card": "Lightning Bolt",
                "player": 1,
                "targets": [{"card": "Raffine's Informant"}],
                "when": {"on_stack": "Raffine's Informant", "kind": "ability"},
            },
        ],
    )
    tl = answered(d, "Discard Lightning Bolt")
    you = tl.final.players[0]
    assert not you.battlefield
    assert sorted(_names(tl.final, you.graveyard)) == ["Lightning Bolt", "Raffine's Informant"]
    assert _names(tl.final, you.hand) == ["Island"]


def test_explore_and_connive_cards_are_fully_simulated() -> None:
    pool = default_pool()
    for name in ("Cenote Scout", "Raffine's Informant"):
        assert coverage.card_coverage(pool.get(name)).status == coverage.FULL, name


def test_a_creature_that_left_still_explores_for_path_of_discovery_cr_701_44c() -> None:
    """Path of Discovery: 'whenever a creature you control enters, it explores'. The
    opponent bolts the creature with the trigger on the stack: it still explores
    (701.44c), so the land on top still goes to your hand; there is no counter to put."""
    d = board(
        ["Forest", "Island"],
        hand=["Grizzly Bears"],
        battlefield=["Path of Discovery"],
        opponent_hand=["Lightning Bolt"],
        actions=[
            {"do": "cast", "card": "Grizzly Bears"},
            {
                "do": "cast",
                "card": "Lightning Bolt",
                "player": 1,
                "targets": [{"card": "Grizzly Bears"}],
                "when": {"on_stack": "Path of Discovery", "kind": "ability"},
            },
        ],
    )
    tl = finished(d)
    you = tl.final.players[0]
    assert _names(tl.final, you.graveyard) == ["Grizzly Bears"]
    assert _names(tl.final, you.hand) == ["Forest"]
    assert _names(tl.final, you.library) == ["Island"]
