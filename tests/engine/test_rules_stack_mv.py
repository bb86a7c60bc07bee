"""Mana value on the stack (CR 202.3, docs/RULES.md "Mana value").

Off the stack a card's mana value comes from the card (tested in test_cards.py); here
a spell is CAST and the stack item's ``mana_value`` is checked:
- X is the chosen value on the stack, 0 everywhere else (202.3e, 107.3b);
- a split card on the stack is only the chosen half (709.3);
- an MDFC cast as its back face has the back face's mana value (712.8);
- an Adventure spell has the Adventure's characteristics (715.3);
- casting without paying the mana cost (an alternative cost) doesn't change it (118.9,
  seed 002: "A spell's mana value is determined only by its mana cost").
Pure pytest, deterministic, no files: runs under Pyodide.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import Scenario
from engine.play.timeline import Timeline

from boards import board, finished, zone


def casting(card: str, *, face: str | None = None, x: int | None = None, **kw: Any) -> dict:
    """A board whose one action casts ``card``, its only hand card, as ``face`` / with X = ``x``."""
    action: dict = {"do": "cast", "card": card}
    if face is not None:
        action["face"] = face
    if x is not None:
        action["x"] = x
    return board(hand=(card,), actions=[action], **kw)


def cast_items(tl: Timeline) -> list:
    """The stack item each cast event created (the top of the stack right after it)."""
    return [f.state.stack[-1] for f in tl.frames if f.event is not None and f.event.kind == "cast"]


# ------------------------------------------------------------------------------ X (202.3e)


@pytest.mark.parametrize(("x", "mv"), [(0, 1), (1, 2), (5, 6)])
def test_x_is_the_chosen_value_on_the_stack_cr_202_3e(x: int, mv: int) -> None:
    tl = finished(casting("Fireball", x=x, choices=("target:p1", "target:none")))
    item = cast_items(tl)[0]
    assert (item.text, item.x, item.mana_value) == ("Fireball", x, mv)
    assert (tl.events[0].amount, tl.events[0].data["x"], tl.events[0].data["has_x"]) == (
        mv,
        x,
        True,
    )
    assert tl.final.players[1].life == 20 - x
    # Back in the graveyard, X is 0 again: the card's mana value is 1.
    graveyard = tl.final.zone(0, "graveyard")
    assert [o.name for o in graveyard] == ["Fireball"]
    assert graveyard[0].card.mana_value == 1


def test_x_not_given_is_asked_cr_107_3a() -> None:
    tl = Scenario.from_dict(casting("Fireball")).run()
    assert tl.pending.kind == "x_value" and tl.pending.rule == "107.3a"
    assert tl.pending.keys()[:3] == ["x:0", "x:1", "x:2"]


def test_double_x_counts_twice_on_the_stack_cr_202_3e() -> None:
    """Walking Ballista {X}{X} with X = 2: MV 4 as a spell, 0 as a card."""
    tl = finished(casting("Walking Ballista", x=2))
    item = cast_items(tl)[0]
    assert (item.x, item.mana_value) == (2, 4)
    ballista = tl.final.zone(0, "battlefield")[0]
    assert ballista.counters == {"+1/+1": 2}
    assert ballista.card.mana_value == 0


def test_x_given_for_a_spell_without_x_is_ignored_cr_107_3() -> None:
    """An "x" in the action means nothing for a spell with no {X} in its mana cost."""
    tl = finished(casting("Lightning Bolt", x=3, choices=("target:p1",)))
    item = cast_items(tl)[0]
    assert (item.x, item.mana_value) == (0, 1)
    assert tl.events[0].data["has_x"] is False


# ---------------------------------------------------------------------------- split (709.3)


@pytest.mark.parametrize("half", ["Fire", "Ice"])
def test_split_card_on_the_stack_is_only_the_chosen_half_cr_709_3(half: str) -> None:
    tl = finished(
        casting(
            "Fire // Ice",
            face=half,
            library=("Island",),  # Ice draws a card
            opponent_battlefield=("Grizzly Bears",),
            choices=("target:p1", "target:none") if half == "Fire" else (),
        )
    )
    item = cast_items(tl)[0]
    assert (item.text, item.face, item.mana_value) == (half, half, 2)
    assert [(m.name, m.src, m.dst) for m in tl.events[0].moves] == [(half, "hand", "stack")]
    # In the graveyard it is the whole card again: mana value 2 + 2 = 4 (709.4).
    card = tl.final.zone(0, "graveyard")[0]
    assert card.name == "Fire // Ice" and card.card.mana_value == 4


def test_split_card_without_face_asks_which_half_cr_709_3() -> None:
    tl = Scenario.from_dict(casting("Fire // Ice")).run()
    assert tl.pending.kind == "choose_face" and tl.pending.rule == "709.3"
    assert tl.pending.keys() == ["face:Fire", "face:Ice"]


# ----------------------------------------------------------------------------- MDFC (712.8)


@pytest.mark.parametrize(
    ("face", "mv"),
    [("Valki, God of Lies", 2), ("Tibalt, Cosmic Impostor", 7)],
)
def test_mdfc_cast_face_has_that_face_mv_cr_712_8(face: str, mv: int) -> None:
    tl = finished(casting("Valki, God of Lies", face=face))
    item = cast_items(tl)[0]
    assert (item.text, item.mana_value) == (face, mv)
    permanent = tl.final.zone(0, "battlefield")[0]
    assert permanent.name == face
    assert permanent.card.mana_value == 2  # the card off the stack: its front face


def test_mdfc_back_face_cheaper_than_front_cr_712_8() -> None:
    """Alrund (front, MV 5) // Hakka (back, MV 2): cast as Hakka the spell is MV 2."""
    tl = finished(casting("Alrund, God of the Cosmos", face="Hakka, Whispering Raven"))
    assert cast_items(tl)[0].mana_value == 2
    assert zone(tl, "battlefield") == ["Hakka, Whispering Raven"]


# ------------------------------------------------------------------------- Adventure (715.3)


def test_adventure_spell_has_the_adventure_mv_cr_715_3() -> None:
    tl = finished(casting("Bonecrusher Giant", face="Stomp", choices=("target:p1",)))
    item = cast_items(tl)[0]
    assert (item.text, item.mana_value) == ("Stomp", 2)
    assert zone(tl, "exile") == ["Bonecrusher Giant // Stomp"]  # 715.3d


def test_adventure_can_cost_more_than_the_creature_cr_715_3() -> None:
    """Giant Killer is MV 1 as a card; cast as Chop Down the spell is MV 3.

    Chop Down needs a creature with power 4 or greater to target (601.2c): updated when the
    imported card data gave it that target; before, it was cast with nothing to target."""
    tl = finished(casting("Giant Killer", face="Chop Down", opponent_battlefield=["Serra Angel"]))
    item = cast_items(tl)[0]
    assert (item.text, item.mana_value) == ("Chop Down", 3)
    assert tl.final.zone(0, "exile")[0].card.mana_value == 1


def test_adventurer_cast_as_creature_cr_715_3() -> None:
    tl = finished(casting("Bonecrusher Giant", face="Bonecrusher Giant"))
    assert (cast_items(tl)[0].text, cast_items(tl)[0].mana_value) == ("Bonecrusher Giant", 3)
    assert zone(tl, "battlefield") == ["Bonecrusher Giant"]


# --------------------------------------------- cost changes never change MV (118.9, seed 002)


def test_free_cast_keeps_the_mana_cost_mv_cr_118_9() -> None:
    """Cast without paying its mana cost (cascade), Shardless Agent is still MV 3 — and so
    its own cascade looks for MV less than 3, not less than 0."""
    tl = finished(
        casting(
            "Enlisted Wurm",
            library=("Shardless Agent", "Lightning Bolt"),
            choices=("cast", "decline"),
        )
    )
    wurm, agent = cast_items(tl)
    assert (wurm.mana_value, agent.text, agent.mana_value) == (6, "Shardless Agent", 3)
    assert [e for e in tl.events if e.kind == "cast"][1].data["free"] is True
    assert [e for e in tl.events if e.kind == "cascade"][1].amount == 3


def test_free_cast_with_x_is_x_0_mv_of_the_rest_cr_107_3b() -> None:
    tl = finished(
        casting(
            "Shardless Agent", library=("Fireball",), choices=("cast", "target:p1", "target:none")
        )
    )
    fireball = cast_items(tl)[1]
    assert (fireball.text, fireball.x, fireball.mana_value) == ("Fireball", 0, 1)


def test_no_mana_cost_spell_is_mv_0_on_the_stack_cr_202_3a() -> None:
    tl = finished(casting("Shardless Agent", library=("Crashing Footfalls",), choices=("cast",)))
    footfalls = cast_items(tl)[1]
    assert (footfalls.text, footfalls.mana_value) == ("Crashing Footfalls", 0)


@pytest.mark.parametrize(("choice", "damage"), [("kick", 4), ("no_kick", 2)])
def test_paying_an_additional_cost_does_not_change_mv_cr_202_3_seed_002(
    choice: str, damage: int
) -> None:
    """Seed 002: "A spell's mana value is determined only by its mana cost. Ignore any
    ... additional costs". Burst Lightning cast from hand, kicked or not (601.2b): the
    spell on the stack is MV 1 either way; only the damage differs."""
    tl = finished(casting("Burst Lightning", choices=(choice, "target:p1")))
    [bolt] = cast_items(tl)
    assert (bolt.text, bolt.mana_value) == ("Burst Lightning", 1)
    assert tl.final.summary()["players"][1]["life"] == 20 - damage
    assert zone(tl, "graveyard") == ["Burst Lightning"]


def test_a_cost_increase_does_not_change_mv_cr_202_3_seed_002() -> None:
    """Seed 002: cost increases don't count toward mana value. A (user) artifact makes
    instants cost {1} more (601.2f); Lightning Bolt cast under it is still MV 1. The
    playground pays no mana, so the increase itself changes nothing else either."""
    totem = {
        "name": "Tax Totem",
        "mana_cost": "{1}",
        "type_line": "Artifact",
        "effects": {
            "static": [{"op": "cost_change", "spells": {"types": ["Instant"]}, "amount": 1}]
        },
    }
    tl = finished(
        board(
            hand=("Lightning Bolt",),
            battlefield=("Tax Totem",),
            cards=(totem,),
            choices=("target:p1",),
        )
    )
    [bolt] = cast_items(tl)
    assert (bolt.text, bolt.mana_value) == ("Lightning Bolt", 1)
    assert tl.final.summary()["players"][1]["life"] == 17
