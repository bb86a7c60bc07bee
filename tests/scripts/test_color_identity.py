"""Color identity (CR 903.4) read by the importer (scripts/xmage/identity.py).

Unit cases on small Java texts (what the reader counts, what makes it unsure), then the
committed import output against identities known from the printed cards.
"""

from __future__ import annotations

import gzip
import json

import pytest
from conftest import ROOT
from xmage.identity import IdentityReader, literal_colors

FRAMEWORK = {
    # an ability class with a colored symbol of its own in code: unsure
    "PayWhiteOrElseEffect": 'class PayWhiteOrElseEffect { String t = "pay {W}"; }',
    # a token class: its abilities are rules text quoted on the card
    "ElfDruidManaToken": "class ElfDruidManaToken extends TokenImpl { "
    "ElfDruidManaToken() { color.setGreen(true); addAbility(new GreenManaAbility()); } }",
    "SaprolingToken": "class SaprolingToken extends TokenImpl { "
    "SaprolingToken() { color.setGreen(true); } }",
}
PACKAGES = {
    "PayWhiteOrElseEffect": "abilities.effects.common",
    "ElfDruidManaToken": "game.permanent.token",
    "SaprolingToken": "game.permanent.token",
}


def reader(cards: dict[str, str] | None = None) -> IdentityReader:
    return IdentityReader(FRAMEWORK.get, (cards or {}).get, lambda c: PACKAGES.get(c, ""))


def card(body: str) -> str:
    return f"public final class X extends CardImpl {{ public X() {{ {body} }} }}"


def rec(cost: str = "", colors: list[str] | None = None, faces: list | None = None) -> dict:
    return {"name": "X", "mana_cost": cost, "colors": colors or [], "faces": faces}


def test_a_colored_activated_ability_on_a_colorless_card_counts_cr_903_4() -> None:
    text = card(
        "addAbility(new SimpleActivatedAbility(new DrawCardSourceControllerEffect(1), "
        'new ManaCostsImpl<>("{1}{U}")));'
    )
    assert reader().identity(text, rec("{3}")) == ("U", None)


def test_hybrid_and_phyrexian_symbols_count_both_colors() -> None:
    assert literal_colors('x("{G/W}{2/B}{R/P}{C/U}")') == {"G", "W", "B", "R", "U"}
    assert reader().identity(card(""), rec("{1}{G/W}{G/W}", ["W", "G"])) == ("WG", None)


def test_reminder_text_and_comments_are_ignored_cr_903_4c() -> None:
    text = card('// {R}: pump\n staticText = "Flying <i>(reminder {B})</i> (Add {U}.)";')
    assert reader().identity(text, rec("{2}")) == ("", None)


def test_the_back_face_and_a_color_indicator_count_cr_903_4d() -> None:
    faces = [
        {"name": "Front", "mana_cost": "{1}", "colors": []},
        {"name": "Back", "mana_cost": "", "colors": ["B"]},
    ]
    assert reader().identity(card(""), rec("{1}", [], faces)) == ("B", None)


def test_fixed_mana_abilities_and_mana_objects_count() -> None:
    text = card(
        "addAbility(new GreenManaAbility()); "
        "addAbility(new SimpleManaAbility(Zone.BATTLEFIELD, new Mana(1, 0, 0, 1, 0, 0, "
        "0, 0), new GenericManaCost(1))); addAbility(new BasicManaEffect("
        "Mana.BlackMana(2)));"
    )
    assert reader().identity(text, rec("")) == ("WBRG", None)


def test_a_token_the_card_creates_is_read_its_color_word_is_not_a_symbol() -> None:
    makes_mana = card(
        "addAbility(new EntersBattlefieldTriggeredAbility("
        "new CreateTokenEffect(new ElfDruidManaToken())));"
    )
    assert reader().identity(makes_mana, rec("{3}")) == ("G", None)
    saproling = card("new CreateTokenEffect(new SaprolingToken());")
    assert reader().identity(saproling, rec("{3}")) == ("", None)


def test_what_the_reader_cannot_be_sure_of_is_unknown_never_guessed() -> None:
    unsure = card("FilterMana f = new FilterMana(); f.setBlue(true);")
    ident, why = reader().identity(unsure, rec("{2}"))
    assert ident is None and why
    assert reader().identity(unsure, rec("{U}", ["U"])) == ("U", None)  # decides nothing
    by_type = card("new Mana(ManaType.RED)")  # a Mana object: printed as {R}
    assert reader().identity(by_type, rec("")) == ("R", None)
    assert reader().identity(card("x(ManaType.RED);"), rec(""))[0] is None
    framework = card("addAbility(new SimpleStaticAbility(new PayWhiteOrElseEffect()));")
    assert reader().identity(framework, rec("{2}"))[0] is None
    assert reader().identity(card(""), None)[0] is None  # no cards.json record


def test_a_melded_back_face_is_read() -> None:
    cards = {
        "Melded": card('addAbility(new SimpleActivatedAbility(null, new ManaCostsImpl<>("{R}")));')
    }
    text = card(
        "this.meldsWithClazz = mage.cards.o.Other.class; "
        "this.meldsToClazz = mage.cards.m.Melded.class;"
    )
    assert reader(cards).identity(text, rec("{1}")) == ("R", None)


def test_the_fixture_import_fills_identities(fixture_import) -> None:
    import import_xmage
    from conftest import FIXTURE
    from xmage.source import MageSource

    got: dict = {}
    cards = json.loads((FIXTURE / "cards.json").read_text(encoding="utf-8"))
    import_xmage.run_import(MageSource(FIXTURE), cards, identities=got)
    # listed: only what the rules text adds to the faces' colors and costs
    assert got == {"Hidden Volcano": "R"}  # a colorless land: "{T}: Add {R}."


# --------------------------------------------------- the committed import, known cards
KNOWN = {
    "Arcane Signet": "",  # "any color in your commander's color identity": no symbol
    "Command Tower": "",
    "Chromatic Lantern": "",
    "The First Sliver": "WUBRG",
    "Reaper King": "WUBRG",  # {2/W}{2/U}{2/B}{2/R}{2/G}
    "Kitchen Finks": "WG",  # hybrid
    "Delver of Secrets // Insectile Aberration": "U",
    "Avacyn's Pilgrim": "WG",  # {G} cost, "{T}: Add {W}"
    "Birds of Paradise": "G",
    "Boros Signet": "WR",  # colorless cost, "Add {R}{W}"
    "Forest": "G",  # its mana ability "{T}: Add {G}" (305.6)
    "Tundra": "WU",
    "Dryad Arbor": "G",  # color indicator
    "Crypt Ghast": "B",  # extort's {W/B} is reminder text (903.4c)
    "Eldrazi Displacer": "W",  # devoid: colorless, the cost still counts
    "Transguild Courier": "WUBRG",  # a color-setting characteristic-defining ability
    "Hanweir Battlements": "R",  # melds into Hanweir, the Writhing Township
    "Fire // Ice": "UR",
    "Maelstrom Nexus": "WUBRG",
    "Bloodbraid Elf": "RG",
}


@pytest.mark.parametrize("name", sorted(KNOWN))
def test_bundled_identity_of_a_known_card(name: str) -> None:
    """The bundled pool (built from the committed import) has the printed card's identity."""
    from engine import default_pool

    ident = default_pool().get(name).color_identity
    assert ident is not None and "".join(ident) == KNOWN[name]


def test_the_import_lists_only_identities_beyond_colors_and_costs() -> None:
    data = gzip.decompress((ROOT / "data" / "xmage_effects.json.gz").read_bytes())
    listed = json.loads(data)["color_identity"]
    assert listed["Boros Signet"] == "WR" and listed["Forest"] == "G"
    assert "The First Sliver" not in listed  # its cost says it all
    assert len(listed) < 5_000


def test_almost_every_bundled_card_has_a_known_identity() -> None:
    from engine import default_pool

    pool = default_pool()
    names = pool.names
    unknown = sum(pool.get(n).color_identity is None for n in names)
    assert unknown < len(names) * 0.01, unknown


def test_the_card_db_keeps_identities_in_one_compact_table() -> None:
    """Only what the faces don't show is stored (a list per card would slow every cold
    pool load); engine/cards/carddb.py puts the identities back as cards are built."""
    import build_card_db

    compact = [
        {
            "name": "Gold",
            "type_line": "Creature",
            "mana_cost": "{G}{W}",
            "color_identity": ["W", "G"],
        },  # the faces show it: not listed
        {
            "name": "Signet",
            "type_line": "Artifact",
            "mana_cost": "{2}",
            "color_identity": ["W", "R"],
        },  # "Add {R}{W}": listed
        {"name": "Unread", "type_line": "Artifact", "mana_cost": "{2}"},  # not known
    ]
    table = build_card_db.identity_table(compact)
    assert table == {"unknown": [2], "listed": [[1, "WR"]]}
    assert all("color_identity" not in c for c in compact)
