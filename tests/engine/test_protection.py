"""Protection (CR 702.16) on real cards: the qualities come from the card data, and every
part of "DEBT" reads the same answer (engine.lang.protection): damage (702.16e),
enchanting and equipping (702.16c-d, 704.5m), blocking (702.16f, also in
test_rules_combat) and targeting (702.16b, 608.2b).

Pure pytest: runs under Pyodide.
"""

from __future__ import annotations

import pytest

from engine import CardDef, ScenarioError, default_pool
from engine.core.events import DecisionKind
from engine.views.coverage import card_coverage

from boards import board, finished, play, zone


def _options(tl) -> list[str]:
    assert tl.pending is not None and tl.pending.kind == DecisionKind.TARGET
    return [o.label for o in tl.pending.options]


def test_a_spell_of_the_quality_cant_target_it_cr_702_16b():
    """Black Knight has protection from white: Swords to Plowshares (white) can't target
    it; the opponent's other creature is still a legal target."""
    d = board(
        hand=("Swords to Plowshares",),
        opponent_battlefield=("Black Knight", "Grizzly Bears", "Hill Giant"),
        actions=[{"do": "cast", "card": "Swords to Plowshares"}],
    )
    options = " | ".join(_options(play(d)))
    assert "Grizzly Bears" in options and "Hill Giant" in options
    assert "Black Knight" not in options
    named = {
        **d,
        "actions": [
            {"do": "cast", "card": "Swords to Plowshares", "targets": [{"card": "Black Knight"}]}
        ],
    }
    with pytest.raises(ScenarioError):
        finished(named)


def test_a_spell_without_the_quality_can_target_it_cr_702_16b():
    """Lightning Bolt is red, not white: it can target Black Knight and kill it."""
    d = board(
        hand=("Lightning Bolt",),
        opponent_battlefield=("Black Knight",),
        actions=[{"do": "cast", "card": "Lightning Bolt", "targets": [{"card": "Black Knight"}]}],
    )
    tl = finished(d)
    assert "Black Knight" in zone(tl, "graveyard", 1)


def test_protection_from_everything_cr_702_16j():
    """Progenitus: protection from everything, so Lightning Bolt can't target it."""
    d = board(
        hand=("Lightning Bolt",),
        opponent_battlefield=("Progenitus",),
        actions=[{"do": "cast", "card": "Lightning Bolt", "targets": [{"card": "Progenitus"}]}],
    )
    with pytest.raises(ScenarioError):
        finished(d)


def test_damage_from_a_source_of_the_quality_is_prevented_cr_702_16e():
    """Pyroclasm (red) deals 2 damage to each creature: Auriok Champion (protection from
    black and from red) takes none; Grizzly Bears dies."""
    d = board(
        hand=("Pyroclasm",),
        opponent_battlefield=("Auriok Champion", "Grizzly Bears"),
    )
    tl = finished(d)
    assert zone(tl, "battlefield", 1) == ["Auriok Champion"]
    assert "Grizzly Bears" in zone(tl, "graveyard", 1)
    prevented = [e for e in tl.events if e.rule == "702.16e"]
    assert len(prevented) == 1 and prevented[0].amount == 2


def test_an_ability_whose_source_has_the_quality_cant_target_it_cr_702_16b():
    """Tel-Jilad Chosen has protection from artifacts: Bonesplitter's equip ability (its
    source is an artifact) can't target it, so there is nothing to equip."""
    d = board(
        battlefield=("Bonesplitter", "Tel-Jilad Chosen"),
        actions=[
            {"do": "activate", "card": "Bonesplitter", "targets": [{"card": "Tel-Jilad Chosen"}]}
        ],
    )
    with pytest.raises(ScenarioError):
        finished(d)


def test_an_aura_of_the_quality_falls_off_when_protection_is_gained_cr_702_16c_704_5m():
    """Firebreathing (a red Aura) on Keeper of Kookus; then Keeper's "{R}: protection from
    red until end of turn": the Aura is attached illegally and goes to the graveyard."""
    d = board(
        hand=("Firebreathing",),
        battlefield=("Keeper of Kookus",),
        actions=[
            {"do": "cast", "card": "Firebreathing", "targets": [{"card": "Keeper of Kookus"}]},
            {"do": "activate", "card": "Keeper of Kookus"},
        ],
    )
    tl = finished(d)
    assert "Firebreathing" in zone(tl, "graveyard")
    assert zone(tl, "battlefield") == ["Keeper of Kookus"]
    assert any(e.rule == "704.5m" for e in tl.events)


def test_a_role_token_it_cant_be_enchanted_by_isnt_created_cr_303_4g_702_16c():
    """Monstrous Rage on Azorius First-Wing (protection from enchantments): it gets +2/+0,
    but the Monster Role (an Aura) isn't created, so Nexus Wardens (whenever an
    enchantment enters under your control, gain 2 life) never triggers."""
    d = board(
        hand=("Monstrous Rage",),
        battlefield=("Azorius First-Wing", "Nexus Wardens"),
        actions=[
            {"do": "cast", "card": "Monstrous Rage", "targets": [{"card": "Azorius First-Wing"}]}
        ],
    )
    tl = finished(d)
    assert not any("Role" in n for n in zone(tl, "battlefield"))
    assert tl.final.players[0].life == 20
    first_wing = next(
        i for i in tl.final.players[0].battlefield if tl.final.obj(i).name == "Azorius First-Wing"
    )
    assert tl.final.characteristics(first_wing).power == 4


def test_printed_protection_is_simulated_only_with_its_quality_in_the_data_cr_702_16a():
    """Coverage: Black Knight's quality is in the card data, so it is fully simulated; a
    user card whose Protection names no quality is not, and coverage says why."""
    assert card_coverage(default_pool().get("Black Knight")).status == "full"
    bare = CardDef.from_dict(
        {
            "name": "Vague Knight",
            "mana_cost": "{1}{B}",
            "type_line": "Creature — Human Knight",
            "power": "2",
            "toughness": "2",
            "keywords": ["Protection"],
            "effects": {"vanilla": True},
        }
    )
    report = card_coverage(bare)
    assert report.status != "full"
    assert any("Protection" in str(m) for m in report.missing)


def test_a_granted_protection_has_its_quality_cr_702_16a_613_1f():
    """Artifact Ward gives the enchanted creature protection from artifacts (613.1f, a
    filter quality, not a color): Bonesplitter's equip (an artifact source) can't target
    the enchanted Grizzly Bears any more; before the Aura it can."""
    equip = {"do": "activate", "card": "Bonesplitter", "targets": [{"card": "Grizzly Bears"}]}
    ward = {"do": "cast", "card": "Artifact Ward", "targets": [{"card": "Grizzly Bears"}]}
    d = board(hand=("Artifact Ward",), battlefield=("Bonesplitter", "Grizzly Bears"))
    tl = finished({**d, "actions": [equip]})
    splitter = next(o for o in tl.final.objects.values() if o.name == "Bonesplitter")
    assert splitter.attached_to is not None
    with pytest.raises(ScenarioError):
        finished({**d, "actions": [ward, equip]})
