"""scripts/import_xmage.py: XMage card classes (read as text) -> our effect vocabulary.

Fixture cards are real XMage classes (tests/fixtures/xmage, MIT). Assertions read fields
of the produced entries; the committed output is checked against the schema and against
the hand-written reference entries of the bundled pool.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import import_xmage
import pytest
from reference_compare import compare
from xmage import java as J
from xmage.framework import Framework
from xmage.source import MageSource
from xmage.translate import Translator

from engine.lang import vocabulary

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixtures" / "xmage"
DATA = ROOT / "data" / "xmage_effects.json.gz"
REPORT = ROOT / "data" / "xmage_report.json"
POOL = ROOT / "engine" / "data" / "cards.json.gz"

#: cards whose imported ops differ from the hand-written reference, and why (each checked:
#: the difference is real and the importer's version is a faithful reading of XMage)
EXPLAINED = {
    "Anger of the Gods": "hand-written folds 614.1a into damage's exile_if_dies flag; the "
    "importer keeps XMage's separate replacement as the exile_instead op",
    "Living End": "hand-written lists exile / sacrifice / return as three ops; the importer "
    "uses the single living_death op so the three steps happen together or not at all",
    "Bigger on the Inside": "Aura spell: the importer states the attach (303.4f) as an op, "
    "hand-written leaves it to the engine's Aura handling",
    "Etali's Favor": "Aura spell: attach op made explicit (as Bigger on the Inside)",
    "Zoetic Glyph": "Aura spell: attach op made explicit (as Bigger on the Inside)",
    "Blasphemous Act": "hand-written keeps the cost reduction as cost_note text; the importer "
    "writes it as the structured cost_change op",
    "Smoldering Stagecoach": "hand-written 'other'; the importer reads the base-power setting "
    "as set_base_pt",
    "Thalia, Guardian of Thraben": "hand-written 'other' (tax); the importer reads it as "
    "cost_change +1 for noncreature spells",
    "Averna, the Chaos Bloom": "hand-written models the land drop as a trigger; XMage "
    "implements it as a card-specific replacement effect, which the importer lists as "
    "untranslated (static)",
    "Monstrous Carabid": "hand-written 'other' (forced attack); the vocabulary now has must_attack",
    "Engineered Explosives": "hand-written spells out sunburst as enters_with_counters; the "
    "importer treats Sunburst as the keyword it is in cards.json",
}


# ------------------------------------------------------------------ java reader
def test_tokenizer_skips_comments_and_unescapes_strings() -> None:
    toks = J.tokenize('a /* x */ = "q\\"u" + // c\n \'\\n\';')
    assert [t.text for t in toks] == ["a", "=", 'q"u', "+", "\n", ";"]


def test_expression_parser_builds_new_trees_with_generics_and_chains() -> None:
    e = J.parse_expr(
        'new SimpleActivatedAbility(new TapTargetEffect().setText("x"), '
        'new ManaCostsImpl<>("{1}{W}"))'
    )
    assert isinstance(e, J.New) and e.cls == "SimpleActivatedAbility"
    inner, cost = e.args
    assert isinstance(inner, J.Call) and inner.name == "setText"
    assert isinstance(cost, J.New) and cost.args == (J.Lit("{1}{W}"),)


def test_lambda_and_if_statements_parse() -> None:
    b = J.parse_block("{ if (x != null) { add(x); } else { y = 2; } f(a -> { g(a); }); }")
    assert isinstance(b.stmts[0], J.If)
    assert isinstance(b.stmts[1].expr.args[0], J.Lambda)


def test_unparseable_java_is_a_typed_error() -> None:
    with pytest.raises(J.JavaError):
        J.parse_file("public class X { void f( {")


# ---------------------------------------------------------------- translations
def test_spell_with_target(fixture_import) -> None:
    cards, _ = fixture_import
    bolt = cards["Lightning Bolt"]
    assert bolt["spell"] == [{"op": "damage", "amount": 3, "to": "target"}]
    assert bolt["targets"] == [{"what": "any", "count": 1}]
    assert "untranslated" not in bolt


def test_modal_spell_choose_two_with_mode_targets(fixture_import) -> None:
    cards, _ = fixture_import
    kc = cards["Kolaghan's Command"]
    assert kc["choose"] == 2 and "choose_min" not in kc
    assert [m[0]["op"] for m in kc["modes"]] == [
        "return_from_graveyard",
        "discard",
        "destroy",
        "damage",
    ]
    assert kc["mode_targets"][0] == [
        {"what": "card_in_your_graveyard", "count": 1, "filter": {"types": ["Creature"]}}
    ]
    assert kc["mode_targets"][2] == [{"what": "artifact", "count": 1}]
    assert kc["modes"][1] == [{"op": "discard", "n": 1, "who": "target_player"}]


def test_etb_trigger(fixture_import) -> None:
    cards, _ = fixture_import
    assert cards["Siege Rhino"]["etb"] == [
        {"op": "lose_life", "n": 3, "who": "each_opponent"},
        {"op": "gain_life", "n": 3},
    ]


def test_saga_chapters_with_a_token_definition(fixture_import) -> None:
    cards, report = fixture_import
    ch = cards["History of Benalia"]["chapters"]
    assert [c["chapters"] for c in ch] == [[1, 2], [3]]
    token = ch[0]["ops"][0]
    assert token == {
        "op": "create_token",
        "token": "Knight",
        "pt": "2/2",
        "count": 1,
        "types": ["Creature"],
        "subtypes": ["Knight"],
        "colors": ["W"],
        "keywords": ["Vigilance"],
    }
    pump = ch[1]["ops"][0]
    assert pump["op"] == "pump" and (pump["power"], pump["toughness"]) == (2, 1)
    assert pump["filter"] == {"types": ["Creature"], "subtypes": ["Knight"], "controller": "you"}
    assert report["sagas"]["chapter_abilities"] == 5  # History 2 + Fable 3


def test_activated_abilities_with_costs_mana_and_enters_tapped(fixture_import) -> None:
    cards, _ = fixture_import
    hv = cards["Hidden Volcano"]
    assert hv["enters_tapped"] is True
    mana, discover = hv["activated"]
    assert mana["mana_ability"] and mana["ops"] == [{"op": "add_mana", "mana": "{R}"}]
    assert discover["costs"] == [
        {"cost": "mana", "mana": "{4}{R}"},
        {"cost": "tap"},
        {"cost": "sacrifice_self"},
    ]
    assert discover["cost"] == "{4}{R}, {T}, sacrifice this"  # the string the engine reads
    assert discover["sorcery_speed"] is True
    assert discover["ops"] == [{"op": "discover", "n": 4}]


def test_counter_costs_and_x_counters(fixture_import) -> None:
    cards, _ = fixture_import
    wb = cards["Walking Ballista"]
    assert wb["static"] == [{"op": "enters_with_counters", "counter": "+1/+1", "n": "X"}]
    ping = wb["activated"][1]
    assert ping["costs"] == [{"cost": "remove_counters", "counter": "+1/+1", "n": 1}]
    assert ping["targets"] == [{"what": "any", "count": 1}]


def test_living_end_is_one_op_and_anger_exiles_instead(fixture_import) -> None:
    cards, _ = fixture_import
    assert cards["Living End"]["spell"] == [
        {"op": "living_death", "filter": {"types": ["Creature"]}}
    ]
    assert cards["Living End"]["keyword_costs"] == {"Suspend": {"time": 3, "cost": "{2}{B}{B}"}}
    anger = cards["Anger of the Gods"]["spell"]
    assert anger[0] == {"op": "damage", "amount": 3, "to": "all", "filter": {"types": ["Creature"]}}
    assert anger[1] == {
        "op": "exile_instead",
        "what": "dealt_damage_by_source",
        "duration": "end_of_turn",
    }


def test_multi_face_cards_keep_faces_and_filters(fixture_import) -> None:
    cards, _ = fixture_import
    chop = cards["Giant Killer // Chop Down"]["faces"]["Chop Down"]
    assert chop["targets"] == [{"what": "creature", "count": 1, "filter": {"power": [">", 3]}}]
    fire = cards["Fire // Ice"]["faces"]["Fire"]
    assert fire["targets"] == [{"what": "any", "count": 2, "min": 1, "divided": 2}]
    ice = cards["Fire // Ice"]["faces"]["Ice"]
    assert [o["op"] for o in ice["spell"]] == ["tap", "draw"]


def test_effect_acting_for_the_targets_controller(fixture_import) -> None:
    cards, _ = fixture_import
    exile, search = cards["Path to Exile"]["spell"]
    assert exile == {"op": "exile", "what": "target"}
    assert search["who"] == "controller_of_target" and search["to"] == "battlefield_tapped"
    assert search["filter"] == {"supertypes": ["Basic"], "types": ["Land"]}


def test_unknown_class_leaves_only_that_ability_untranslated(fixture_import) -> None:
    cards, report = fixture_import
    fable = cards["Fable of the Mirror-Breaker // Reflection of Kiki-Jiki"]
    missing = {u["class"] for u in fable["untranslated"]}
    # Reflection of Kiki-Jiki's card-specific effect stays untranslated; the chapters don't.
    assert missing == {"card-specific OneShotEffect"}
    chapters = fable["faces"]["Fable of the Mirror-Breaker"]["chapters"]
    # II: DiscardAndDrawThatManyEffect(2): discard up to two, then draw that many (608.2c)
    assert chapters[1] == {
        "chapters": [2],
        "ops": [
            {"op": "discard", "n": 2, "who": "you", "up_to": True},
            {"op": "draw", "n": {"dv": "that_many"}},
        ],
    }
    assert chapters[2]["ops"] == [{"op": "exile_and_return_transformed"}]
    assert chapters[0]["ops"][0]["token"] == "Goblin Shaman"
    assert report["sagas"]["chapter_abilities_translated"] == 5


def _translate_text(java: str, cls: str):
    fw = Framework(MageSource(FIXTURE))
    return Translator(fw).card(java, cls)


_CARD = """package mage.cards.t;
import java.util.UUID;
public final class TestCard extends CardImpl {
    public TestCard(UUID ownerId, CardSetInfo setInfo) {
        super(ownerId, setInfo, new CardType[]{CardType.CREATURE}, "{1}{G}");
        this.addAbility(new EntersBattlefieldTriggeredAbility(new GainLifeEffect(3)));
        %s
    }
}
"""


def test_an_unknown_framework_class_is_named_and_the_rest_kept() -> None:
    res = _translate_text(
        _CARD % "this.addAbility(new SimpleActivatedAbility(new FooBarEffect(), "
        "new GenericManaCost(1)));",
        "TestCard",
    )
    assert res.status == "partial"
    assert res.entry["etb"] == [{"op": "gain_life", "n": 3}]
    assert "activated" not in res.entry
    assert res.entry["untranslated"] == [
        {"ability": "activated", "class": "FooBarEffect", "in": "SimpleActivatedAbility"}
    ]


def test_a_static_helper_wiring_abilities_is_never_taken_for_vanilla() -> None:
    res = _translate_text(
        _CARD % "OverloadAbility.implementOverloadAbility(this, null);", "TestCard"
    )
    assert "vanilla" not in res.entry
    assert res.status == "partial"
    assert res.entry["untranslated"][0]["class"].endswith("implementOverloadAbility")


def test_a_card_with_no_abilities_is_vanilla_and_full() -> None:
    res = _translate_text(
        _CARD.replace(
            "this.addAbility(new EntersBattlefieldTriggeredAbility(new GainLifeEffect(3)));", ""
        )
        % "",
        "TestCard",
    )
    assert res.entry == {"vanilla": True} and res.status == "full"


def test_report_counts(fixture_import) -> None:
    _, report = fixture_import
    n = report["nonland"]
    assert n["total"] == 14  # Hidden Volcano is the land
    assert n["full"] + n["partial"] + n["none"] == n["total"]
    assert report["importer_errors"] == 0
    top = {r["class"] for r in report["top_untranslated"]}
    assert "card-specific OneShotEffect" in top  # Reflection of Kiki-Jiki's ability
    assert "DiscardAndDrawThatManyEffect" not in top  # translated (Fable II)


# ------------------------------------------------------------------ determinism
def test_same_input_gives_the_same_bytes(tmp_path: Path) -> None:
    cards = json.loads((FIXTURE / "cards.json").read_text(encoding="utf-8"))
    meta = {"repository": "fixture", "commit": "x"}
    a = import_xmage.encode(import_xmage.run_import(MageSource(FIXTURE), cards)[0], meta)
    b = import_xmage.encode(import_xmage.run_import(MageSource(FIXTURE), cards)[0], meta)
    assert a == b
    import_xmage.write(tmp_path / "one.json.gz", a)
    import_xmage.write(tmp_path / "two.json.gz", b)
    assert (tmp_path / "one.json.gz").read_bytes() == (tmp_path / "two.json.gz").read_bytes()


def test_fixture_output_matches_the_committed_full_import(fixture_import) -> None:
    """The fixture tree is a faithful excerpt: same entries as the full snapshot's run."""
    cards, _ = fixture_import
    committed = _committed()["cards"]
    assert {k: committed[k] for k in cards} == cards


# --------------------------------------------------------- the committed output
def _committed() -> dict:
    return json.loads(gzip.decompress(DATA.read_bytes()))


def test_committed_output_names_its_source_and_validates() -> None:
    payload = _committed()
    assert payload["format"] == 1
    src = payload["source"]
    assert src["repository"] == "magefree/mage" and src["license"] == "MIT"
    assert len(src["commit"]) == 40
    cards = payload["cards"]
    assert len(cards) > 31000
    problems = {n: vocabulary.validate_entry(e) for n, e in cards.items()}
    assert {n: p for n, p in problems.items() if p} == {}


def test_committed_report_matches_the_committed_output() -> None:
    report = json.loads(REPORT.read_text(encoding="utf-8"))
    cards = _committed()["cards"]
    assert report["output"]["cards"] == len(cards)
    assert report["importer_errors"] == 0
    n = report["nonland"]
    assert n["full"] + n["partial"] + n["none"] == n["total"]
    partial_or_none = sum(1 for e in cards.values() if "untranslated" in e)
    assert partial_or_none >= n["partial"] + n["none"]


def _hand_written() -> dict[str, dict]:
    pool = json.loads(gzip.decompress(POOL.read_bytes()))
    # The entries are in a second file, line i for card i (read lazily by the engine).
    lines = gzip.decompress(POOL.with_name(pool["effects_file"]).read_bytes()).decode().split("\n")
    entries = {
        c["name"]: json.loads(line) for c, line in zip(pool["cards"], lines, strict=True) if line
    }
    # data/cards_manual replaces a card's import and its shared entry: not the reference
    return {name: e for name, e in entries.items() if e.get("source") not in ("xmage", "manual")}


def _manual_names() -> set[str]:
    return {
        json.loads(p.read_text(encoding="utf-8"))["card"]
        for p in (ROOT / "data" / "cards_manual").glob("*.json")
    }


def test_hand_written_reference_entries_validate() -> None:
    hand = _hand_written()
    # 273 shared reference entries, less those a data/cards_manual file replaced
    assert 273 - len(_manual_names()) <= len(hand) <= 273
    assert not set(hand) & _manual_names()
    problems = {n: vocabulary.validate_entry(e) for n, e in hand.items()}
    assert {n: p for n, p in problems.items() if p} == {}


def test_imported_entries_agree_with_the_hand_written_reference() -> None:
    """Cards in both: op names per part agree, except the explained differences."""
    hand, imported = _hand_written(), _committed()["cards"]
    # the shared reference entries (whole cards written by hand, data/cards_manual, aside)
    hand = {n: e for n, e in hand.items() if e.get("source") != "manual"}
    both = sorted(set(hand) & set(imported))
    assert len(both) == len(hand)
    differing = {n: compare(hand[n], imported[n]) for n in both}
    differing = {n: d for n, d in differing.items() if d}
    unexplained = {n: d for n, d in differing.items() if n not in EXPLAINED}
    assert unexplained == {}
    stale = sorted(set(EXPLAINED) - set(differing) - _manual_names())
    assert stale == []


# --------------------------------------------------------------- build merge
def test_build_merge_keeps_hand_written_entries() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "build_card_db", ROOT / "scripts" / "build_card_db.py"
    )
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    cards = [{"name": "A", "effects": {"spell": []}}, {"name": "B"}, {"name": "C"}]
    n = mod.merge_xmage(cards, {"A": {"vanilla": True}, "B": {"spell": [{"op": "scry", "n": 1}]}})
    assert n == 1
    assert cards[0]["effects"] == {"spell": []}
    assert cards[1]["effects"] == {"spell": [{"op": "scry", "n": 1}], "source": "xmage"}
    assert "effects" not in cards[2]


_FILTERED = """package mage.cards.t;
import java.util.UUID;
public final class TestCard extends CardImpl {
    private static final FilterPermanent filter = new FilterCreaturePermanent("creature");
    static {
        filter.%s.add(new PowerPredicate(ComparisonType.MORE_THAN, 3));
    }
    public TestCard(UUID ownerId, CardSetInfo setInfo) {
        super(ownerId, setInfo, new CardType[]{CardType.INSTANT}, "{2}{W}");
        this.getSpellAbility().addEffect(new DestroyTargetEffect());
        this.getSpellAbility().addTarget(new TargetPermanent(filter));
    }
}
"""


def test_a_predicate_added_to_a_part_of_a_filter_is_kept_never_dropped() -> None:
    """``filter.getPlayerFilter().add(p)`` narrows the filter (Needle Drop: "any target
    that was dealt damage this turn", 115.1): it reaches the filter's reader, which names
    it when it can't read it, instead of the target being read as the whole filter."""
    plain = _translate_text(_FILTERED.replace("filter.%s.add", "filter.add"), "TestCard")
    assert plain.entry["targets"][0]["filter"]["power"] == [">", 3]
    part = _translate_text(_FILTERED % "getPermanentFilter()", "TestCard")
    assert "targets" not in part.entry
    assert part.entry["untranslated"][0]["class"].endswith("getPermanentFilter().add")
