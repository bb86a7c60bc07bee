"""Carnosaur dinosaur cards written by hand (data/cards_manual) from their XMage classes:
Pantlaza, Sun-Favored ("discover X, where X is that creature's toughness; do this only once
each turn"), Bonehoard Dracosaur. Boards before/after: zones, tokens, life.
"""

from __future__ import annotations

from boards import board, finished, of_kind


def _zones(tl, player: int = 0) -> dict:
    return tl.final.summary()["players"][player]


def test_pantlaza_discovers_its_own_toughness_cr_701_57a() -> None:
    # Pantlaza is 4/4: discover 4 skips Zetalpa (mv 8) ... the first card is Llanowar Elves.
    d = board(
        ["Zetalpa, Primal Dawn", "Llanowar Elves", "Lightning Strike"],
        hand=("Pantlaza, Sun-Favored",),
        choices=["yes", "hand"],
    )
    tl = finished(d)
    [e] = of_kind(tl, "discover")
    assert e.amount == 4
    [hit] = of_kind(tl, "discover_hit")
    assert tl.final.objects[hit.objects[0]].name == "Llanowar Elves"
    assert _zones(tl)["hand"] == ["Llanowar Elves"]
    assert _zones(tl)["library"] == ["Lightning Strike", "Zetalpa, Primal Dawn"]  # bottom


def test_pantlaza_does_it_only_once_each_turn() -> None:
    # Pantlaza enters (discover 4: Llanowar Elves to hand), then Zetalpa, a Dinosaur with
    # toughness 8, enters: the ability triggers but was already done this turn.
    d = board(
        ["Llanowar Elves", "Lightning Strike"],
        hand=("Pantlaza, Sun-Favored", "Zetalpa, Primal Dawn"),
        actions=[
            {"do": "cast", "card": "Pantlaza, Sun-Favored"},
            {"do": "cast", "card": "Zetalpa, Primal Dawn"},
        ],
        choices=["yes", "hand"],
    )
    tl = finished(d)
    assert len(of_kind(tl, "discover")) == 1
    assert _zones(tl)["library"] == ["Lightning Strike"]


def test_pantlaza_declined_once_may_still_be_done_later_that_turn() -> None:
    # "Do this only once each turn" counts doing it, not triggering: declined for Pantlaza,
    # it is done for Zetalpa (discover 8: Llanowar Elves, the first nonland card).
    d = board(
        ["Llanowar Elves", "Lightning Strike"],
        hand=("Pantlaza, Sun-Favored", "Zetalpa, Primal Dawn"),
        actions=[
            {"do": "cast", "card": "Pantlaza, Sun-Favored"},
            {"do": "cast", "card": "Zetalpa, Primal Dawn"},
        ],
        choices=["no", "yes", "hand"],
    )
    tl = finished(d)
    [e] = of_kind(tl, "discover")
    assert e.amount == 8
    assert _zones(tl)["hand"] == ["Llanowar Elves"]


def _tokens(tl, player: int = 0) -> list[str]:
    state = tl.final
    return sorted(
        state.objects[o].card.name
        for o in state.players[player].battlefield
        if state.objects[o].is_token
    )


def _to_your_upkeep(library: list[str], **kw) -> dict:
    # The turn passes (the playground's next turn is yours): upkeep (the trigger), draw step.
    return board(
        library, battlefield=("Bonehoard Dracosaur",), actions=[{"do": "precombat_main"}], **kw
    )


def test_bonehoard_dracosaur_land_and_nonland_make_a_dinosaur_and_a_treasure() -> None:
    d = _to_your_upkeep(["Forest", "Lightning Bolt", "Mountain"])
    d["actions"].append({"do": "cast", "card": "Lightning Bolt"})  # played from exile
    d["choices"] = ["target:p1"]
    tl = finished(d)
    assert _tokens(tl) == ["Dinosaur token", "Treasure token"]
    assert _zones(tl)["exile"] == ["Forest"]
    assert _zones(tl)["hand"] == ["Mountain"]  # the draw step's card
    assert _zones(tl, 1)["life"] == 17  # the exiled Bolt was cast this turn
    state = tl.final
    [dino] = [
        o for o in state.players[0].battlefield if state.objects[o].card.name == "Dinosaur token"
    ]
    ch = state.characteristics(dino)
    assert (ch.power, ch.toughness, ch.colors) == (3, 1, ("R",))


def test_bonehoard_dracosaur_two_lands_make_only_a_dinosaur() -> None:
    tl = finished(_to_your_upkeep(["Forest", "Mountain", "Forest"]))
    assert _tokens(tl) == ["Dinosaur token"]
    assert sorted(_zones(tl)["exile"]) == ["Forest", "Mountain"]


def test_bonehoard_dracosaur_two_nonlands_make_only_a_treasure() -> None:
    tl = finished(_to_your_upkeep(["Lightning Bolt", "Lightning Strike", "Forest"]))
    assert _tokens(tl) == ["Treasure token"]
