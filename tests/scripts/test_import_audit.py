"""Importer fixes from a correctness audit: token classes written with
``this.cardType.add(..)`` / ``this.color..`` / ``this.power = ..`` and delegating with
``this(..)`` are read whole (111.3: the effect defines the token's characteristics), and
``Duration.WhileOnBattlefield`` in a one-shot effect on another object is indefinite.

Checked on inline Java (the offline fixture framework) and on the committed import.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from test_import_xmage import _translate_text
from xmage.durations import one_shot_durations

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data" / "xmage_effects.json.gz"

# the fixture's SubType.java holds only the constants its cards name: Knight stands in
_CARD = """package mage.cards.t;
import java.util.UUID;
public final class TestCard extends CardImpl {
    public TestCard(UUID ownerId, CardSetInfo setInfo) {
        super(ownerId, setInfo, new CardType[]{CardType.CREATURE}, "{1}{U}");
        this.addAbility(new EntersBattlefieldTriggeredAbility(new CreateTokenEffect(%s)));
    }
}
%s
"""

_THIS_FORM = """
final class TestWaveToken extends TokenImpl {
    TestWaveToken() {
        super("Knight Token", "1/0 blue Knight creature");
        this.cardType.add(CardType.CREATURE);
        this.subtype.add(SubType.KNIGHT);
        this.color.setBlue(true);
        this.power = new MageInt(1);
        this.toughness = new MageInt(0);
    }
}
"""

_DELEGATING = """
final class TestHornetToken extends TokenImpl {
    TestHornetToken() {
        this("DDE");
    }
    TestHornetToken(String setCode) {
        super("Hornet Token", "1/1 colorless Knight artifact creature token");
        cardType.add(CardType.ARTIFACT);
        cardType.add(CardType.CREATURE);
        subtype.add(SubType.KNIGHT);
        power = new MageInt(1);
        toughness = new MageInt(1);
    }
}
"""

_X_PLACEHOLDER = """
final class TestXToken extends TokenImpl {
    TestXToken() {
        this(1);
    }
    TestXToken(int x) {
        super("Spirit Token", "X/X green Knight creature token");
        cardType.add(CardType.CREATURE);
        subtype.add(SubType.KNIGHT);
        color.setGreen(true);
        power = new MageInt(x);
        toughness = new MageInt(x);
    }
}
"""


def _etb_token(cls: str, body: str) -> tuple[dict, object]:
    res = _translate_text(_CARD % (f"new {cls}()", body), "TestCard")
    return res.entry, res


def test_this_dot_fields_of_a_token_constructor_are_read_cr_111_3() -> None:
    """``this.cardType.add`` wrote nowhere: the token came out typeless with no P/T."""
    entry, res = _etb_token("TestWaveToken", _THIS_FORM)
    assert res.status == "full", entry
    [tok] = entry["etb"]
    assert tok["token"] == "Knight" and tok["types"] == ["Creature"]
    assert tok["subtypes"] == ["Knight"] and tok["colors"] == ["U"] and tok["pt"] == "1/0"


def test_a_delegating_token_constructor_runs_the_one_it_calls() -> None:
    """``this("DDE")`` is a call of the other constructor, not the token's name."""
    entry, res = _etb_token("TestHornetToken", _DELEGATING)
    assert res.status == "full", entry
    [tok] = entry["etb"]
    assert tok["token"] == "Hornet" and tok["types"] == ["Artifact", "Creature"]
    assert tok["subtypes"] == ["Knight"] and tok["pt"] == "1/1" and "colors" not in tok


def test_an_x_x_token_made_by_its_placeholder_constructor_is_not_translated() -> None:
    """An "X/X" token from the no-argument constructor has a placeholder P/T (1/1 here)
    a card-specific effect replaces: the ability stays untranslated, never 1/1."""
    entry, res = _etb_token("TestXToken", _X_PLACEHOLDER)
    assert res.status != "full" and "etb" not in entry
    assert entry["untranslated"][0]["class"] == "TestXToken"


def test_one_shot_while_on_battlefield_on_another_object_is_permanent_cr_611_2a() -> None:
    entry = {
        "spell": [
            {
                "op": "pump",
                "who": "target",
                "power": 2,
                "toughness": 2,
                "duration": "while_on_battlefield",
            }
        ],
        "activated": [
            {
                "ops": [
                    {
                        "op": "grant",
                        "who": "self",
                        "keywords": ["Flying"],
                        "duration": "while_on_battlefield",
                    },
                    {
                        "op": "grant",
                        "who": "self",
                        "duration": "while_on_battlefield",
                        "ability": {
                            "kind": "static",
                            "ops": [
                                {
                                    "op": "pump",
                                    "who": "all",
                                    "power": 1,
                                    "toughness": 1,
                                    "duration": "while_on_battlefield",
                                }
                            ],
                        },
                    },
                ]
            }
        ],
        "static": [
            {
                "op": "pump",
                "who": "all",
                "power": 1,
                "toughness": 1,
                "duration": "while_on_battlefield",
            }
        ],
    }
    assert one_shot_durations(entry) == 1
    assert entry["spell"][0]["duration"] == "permanent"
    # the source itself (400.7), a granted static ability and a static keep theirs
    grant_self, grant_static = entry["activated"][0]["ops"]
    assert grant_self["duration"] == "while_on_battlefield"
    assert grant_static["ability"]["ops"][0]["duration"] == "while_on_battlefield"
    assert entry["static"][0]["duration"] == "while_on_battlefield"


def _committed() -> dict:
    return json.loads(gzip.decompress(DATA.read_bytes()))["cards"]


def _walk(v: object):
    if isinstance(v, dict):
        yield v
        for x in v.values():
            yield from _walk(x)
    elif isinstance(v, list):
        for x in v:
            yield from _walk(x)


def test_no_imported_token_is_typeless_or_a_creature_without_pt() -> None:
    bad = []
    for name, entry in _committed().items():
        for o in _walk(entry):
            if o.get("op") == "create_token" and "token" in o:
                if not o.get("types") or ("Creature" in o["types"]) != (o.get("pt") is not None):
                    bad.append(name)
    assert bad == []


def test_committed_tokens_of_the_audit_cards() -> None:
    cards = _committed()
    [waves] = cards["Master of Waves"]["etb"]
    assert (waves["pt"], waves["types"], waves["subtypes"], waves["colors"]) == (
        "1/0",
        ["Creature"],
        ["Elemental"],
        ["U"],
    )
    [merfolk] = cards["Aquatic Incursion"]["etb"]
    assert (merfolk["count"], merfolk["pt"], merfolk["subtypes"], merfolk["keywords"]) == (
        2,
        "1/1",
        ["Merfolk"],
        ["Hexproof"],
    )


def test_committed_one_shot_durations_on_other_objects() -> None:
    cards = _committed()
    assert {o["duration"] for o in cards["Riding the Dilu Horse"]["spell"]} == {"permanent"}
    [types] = [
        o for o in cards["Ashnod's Transmogrant"]["activated"][0]["ops"] if o["op"] == "add_types"
    ]
    assert types["what"] == "target" and types["duration"] == "permanent"
    [control] = cards["Memnarch"]["activated"][0]["ops"]
    assert control["op"] == "gain_control" and control["duration"] == "permanent"


_VARARGS_AND_ABILITIES_ADD = """
final class TestGoblinShamanToken extends TokenImpl {
    TestGoblinShamanToken() {
        super("Goblin Shaman Token", "2/2 black Goblin Shaman creature token with trample");
        cardType.add(CardType.CREATURE);
        subtype.add(SubType.GOBLIN, SubType.SHAMAN);
        color.setBlack(true);
        power = new MageInt(2);
        toughness = new MageInt(2);
        abilities.add(TrampleAbility.getInstance());
    }
}
"""

_TEXT_DISAGREES = """
final class TestRogueToken extends TokenImpl {
    TestRogueToken() {
        super("Rogue Token", "1/1 black Goblin Rogue creature token");
        cardType.add(CardType.CREATURE);
        subtype.add(SubType.ROGUE);
        color.setBlack(true);
        power = new MageInt(1);
        toughness = new MageInt(1);
    }
}
"""

_MANA_COST = """
final class TestNamedToken extends TokenImpl {
    TestNamedToken() {
        super("Rhino", "Rhino token");
        manaCost = new ManaCostsImpl<>("{1}{G}");
        cardType.add(CardType.CREATURE);
        subtype.add(SubType.RHINO);
        color.setGreen(true);
        power = new MageInt(4);
        toughness = new MageInt(4);
    }
}
"""


def test_every_subtype_of_a_varargs_add_and_abilities_add_are_read() -> None:
    """``subtype.add(A, B)`` kept only A; ``abilities.add(X)`` (not ``addAbility``) was
    dropped: the Goblin Shaman token lost Shaman and trample."""
    entry, res = _etb_token("TestGoblinShamanToken", _VARARGS_AND_ABILITIES_ADD)
    assert res.status == "full", entry
    [tok] = entry["etb"]
    assert tok["subtypes"] == ["Goblin", "Shaman"] and tok["keywords"] == ["Trample"]


def test_a_token_whose_text_and_code_disagree_or_with_a_mana_cost_is_untranslated() -> None:
    for cls, body in (("TestRogueToken", _TEXT_DISAGREES), ("TestNamedToken", _MANA_COST)):
        entry, res = _etb_token(cls, body)
        assert res.status != "full" and "etb" not in entry
        assert entry["untranslated"][0]["class"] == cls


def test_the_great_synthesis_no_maximum_hand_size_while_you_control_it() -> None:
    """Chapter I: "You have no maximum hand size for as long as you control The Great
    Synthesis" (hand-written: XMage's one-shot WhileOnBattlefield would be indefinite)."""
    entry = _committed()["Jin-Gitaxias // The Great Synthesis"]
    [chapter_i] = [
        c for c in entry["faces"]["The Great Synthesis"]["chapters"] if c["chapters"] == [1]
    ]
    [hand_size] = [o for o in chapter_i["ops"] if o["op"] == "max_hand_size"]
    assert hand_size == {"op": "max_hand_size", "set": "none", "duration": "while_controlled"}
