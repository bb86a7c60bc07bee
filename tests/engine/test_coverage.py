"""engine.views.coverage: cards classified full / partly / not from the registries at run time,
and ``python -m engine coverage`` (called in-process, as Pyodide can).

The ops used here are registered by the tests themselves (``zz_cov_*``), so the results
don't change as helpers add handlers to the real registries.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from engine.__main__ import main
from engine.cards.carddb import default_pool
from engine.cards.definitions import CardDef
from engine.lang import effects
from engine.views import coverage
from engine.views.coverage import FULL, NOT, PARTLY, Checkers, card_coverage

KNOWN, UNKNOWN = "zz_cov_known", "zz_cov_unknown"


@pytest.fixture(autouse=True)
def known_op(monkeypatch):
    """A registered op (and make sure the unknown one is not registered)."""
    spec = effects.OpSpec(KNOWN, run=lambda ctx, o: None, doc="test op", family="tests")
    monkeypatch.setitem(effects.OPS, KNOWN, spec)
    assert UNKNOWN not in effects.OPS


def _all_known(_part) -> None:
    return None


def checks(**over) -> Checkers:
    """Checks where every trigger/cost/condition/value/filter/target is handled, except
    what the test overrides."""
    base = Checkers(
        op=coverage._op_problem,
        trigger=_all_known,
        costs=_all_known,
        condition=_all_known,
        value=_all_known,
        filter=_all_known,
        target=_all_known,
    )
    return replace(base, **over)


def card(effects_entry: dict | None, *, type_line: str = "Instant", **extra) -> CardDef:
    d = {"name": extra.pop("name", "Test Card"), "mana_cost": "{1}{R}", "type_line": type_line}
    if effects_entry is not None:
        d["effects"] = effects_entry
    d.update(extra)
    return CardDef.from_dict(d)


def test_a_card_with_an_unknown_op_is_not_simulated() -> None:
    c = card_coverage(card({"spell": [{"op": UNKNOWN}]}), checks())
    assert c.status == NOT
    assert c.missing == [f"op: {UNKNOWN}"]
    assert [a.label for a in c.abilities] == ["spell"]


def test_a_card_whose_ops_are_all_known_is_fully_simulated() -> None:
    entry = {"spell": [{"op": KNOWN}], "etb": [{"op": KNOWN, "then": [{"op": KNOWN}]}]}
    c = card_coverage(card(entry), checks())
    assert c.status == FULL and c.missing == []
    assert [a.kind for a in c.abilities] == ["spell", "etb"]


def test_one_known_and_one_unknown_ability_is_partly_simulated() -> None:
    entry = {"etb": [{"op": KNOWN}], "triggers": [{"when": "self_dies", "ops": [{"op": UNKNOWN}]}]}
    c = card_coverage(card(entry, type_line="Creature — Elf", power="1", toughness="1"), checks())
    assert c.status == PARTLY
    assert [a.simulated for a in c.abilities] == [True, False]
    assert c.type == "Creature"


def test_a_nested_unknown_op_counts() -> None:
    c = card_coverage(card({"spell": [{"op": KNOWN, "then": [{"op": UNKNOWN}]}]}), checks())
    assert c.status == NOT and c.missing == [f"op: {UNKNOWN}"]


def test_no_effect_data_is_not_simulated_and_vanilla_is_full() -> None:
    none = card_coverage(card(None), checks())
    assert none.status == NOT and none.missing == ["card data"]
    vanilla = card_coverage(card({"vanilla": True}, type_line="Creature — Bear"), checks())
    assert vanilla.status == FULL and vanilla.abilities == ()


def test_every_part_kind_is_asked_of_its_registry() -> None:
    """A trigger id, cost, condition, dynamic value, filter key and target kind each need
    their handler: one missing makes the ability not simulated and is named."""
    entry = {
        "triggers": [
            {
                "when": "zz_when",
                "condition": {"cond": "zz_cond"},
                "filter": {"zz_key": True},
                "ops": [{"op": KNOWN, "n": {"dv": "zz_dv"}}],
            }
        ],
        "activated": [
            {
                "cost": "x",
                "costs": [{"cost": "zz_cost"}],
                "ops": [{"op": KNOWN}],
                "targets": [{"what": "zz_target", "count": 1}],
            }
        ],
    }

    def no(kind: str, key: str):
        return lambda part: f"{part[key] if isinstance(part, dict) else part}"

    assert card_coverage(card(entry), checks()).status == FULL
    strict = checks(
        trigger=no("trigger", "when"),
        costs=lambda cs: ", ".join(c["cost"] for c in cs),
        condition=no("condition", "cond"),
        value=no("value", "dv"),
        filter=lambda f: ", ".join(f),
        target=no("target", "what"),
    )
    c = card_coverage(card(entry), strict)
    assert c.status == NOT
    assert c.abilities[0].missing == (
        "trigger: zz_when",
        "filter: zz_key",
        "condition: zz_cond",
        "dynamic value: zz_dv",
    )
    assert c.abilities[1].missing == ("cost: zz_cost", "target: zz_target")


def test_modes_are_abilities_and_chapters_are_counted() -> None:
    modal = {"choose": 1, "modes": [[{"op": KNOWN}], [{"op": UNKNOWN}]]}
    c = card_coverage(card(modal), checks())
    assert c.status == PARTLY and [a.label for a in c.abilities] == ["spell mode 1", "spell mode 2"]
    # chapters as the Saga rules run them (CardDef.chapters): "I, II" is one ability
    saga = card(
        None,
        type_line="Enchantment — Saga",
        chapters={
            "count": 3,
            "abilities": [
                {"chapters": [1, 2], "ops": [{"op": KNOWN}]},
                {"chapters": [3], "ops": [{"op": UNKNOWN}]},
            ],
        },
    )
    s = card_coverage(saga, checks())
    assert [a.label for a in s.chapters] == ["chapter I, II", "chapter III"]
    assert s.status == PARTLY and s.missing == [f"op: {UNKNOWN}"]
    rep = coverage.report([saga], checks=checks())
    assert rep.chapters() == {"abilities": 2, "simulated": 1, "sagas": 1, "sagas_complete": 0}


def test_chapter_data_the_saga_rules_do_not_read_is_not_counted() -> None:
    """Imported chapters in the effect entry count once saga.chapters reads them; what
    the engine resolves today are the card facts' summaries (and saga.OVERRIDES)."""
    entry = {
        "chapters": [{"chapters": [1], "untranslated": "X"}],
        "untranslated": [{"ability": "chapter", "class": "X"}],
    }
    c = card_coverage(card(entry, type_line="Enchantment — Saga"), checks())
    assert c.chapters == () and c.missing == []
    first = default_pool().get("The First Eruption")
    chapters = coverage.chapter_abilities(first)
    assert [a["chapters"] for a in chapters] == [[1], [2], [3]]
    assert chapters[2]["ops"][0]["op"] == "sacrifice" and "approx" not in chapters[2]


def test_untranslated_abilities_are_named() -> None:
    entry = {"etb": [{"op": KNOWN}], "untranslated": [{"ability": "trigger", "class": "FooEffect"}]}
    c = card_coverage(card(entry), checks())
    assert c.status == PARTLY and c.missing == ["untranslated: FooEffect"]


def test_combat_only_abilities_count_as_simulated_but_apart() -> None:
    entry = {"triggers": [{"when": "self_attacks", "ops": [{"op": KNOWN}]}]}
    c = card_coverage(card(entry, type_line="Creature — Elf", power="1", toughness="1"), checks())
    assert c.status == FULL and c.combat_only
    rep = coverage.report(
        [c_def := card(entry, type_line="Creature — Elf", power="1", toughness="1")],
        checks=checks(),
    )
    assert rep.summary()["combat_only"] == 1 and rep.combat_only_abilities() == 1
    unhandled = checks(trigger=lambda t: t["when"])
    c2 = card_coverage(c_def, unhandled)
    assert c2.status == NOT and not c2.combat_only


def test_face_entries_are_abilities_of_the_card() -> None:
    d = {
        "name": "Hit // Run",
        "layout": "split",
        "faces": [
            {"name": "Hit", "mana_cost": "{R}", "type_line": "Instant"},
            {"name": "Run", "mana_cost": "{G}", "type_line": "Sorcery"},
        ],
        "effects": {
            "faces": {"Hit": {"spell": [{"op": KNOWN}]}, "Run": {"spell": [{"op": UNKNOWN}]}}
        },
    }
    c = card_coverage(CardDef.from_dict(d), checks())
    assert c.status == PARTLY and c.layout == "split"
    assert [(a.face, a.simulated) for a in c.abilities] == [("Hit", True), ("Run", False)]


def test_deck_mode_counts_copies_and_names() -> None:
    full = card({"spell": [{"op": KNOWN}]}, name="Full Spell")
    nope = card({"spell": [{"op": UNKNOWN}]}, name="No Spell")
    land = card(None, name="Some Land", type_line="Land")
    rep = coverage.report([(full, 4), (nope, 3), (land, 20)], scope="deck", checks=checks())
    s = rep.summary()
    assert (s["total"], s["names"], s[FULL], s[PARTLY], s[NOT]) == (7, 2, 4, 0, 3)
    assert rep.totals(lambda c: c.type) == {
        "Instant": {"total": 7, FULL: 4, PARTLY: 0, NOT: 3, "combat_only": 0}
    }
    assert rep.top_missing() == [(f"op: {UNKNOWN}", 1)]  # card names, not copies


def test_deck_cards_sums_copies_of_one_name() -> None:
    pool = default_pool()
    cards = coverage.deck_cards([(4, "Lightning Bolt"), (3, "lightning bolt")], pool)
    assert [(c.name, n) for c, n in cards] == [("Lightning Bolt", 7)]


def test_coverage_asks_the_registry_at_run_time(monkeypatch) -> None:
    """Registering a handler changes the answer: nothing is decided by a fixed list."""
    c = card({"spell": [{"op": "zz_cov_later"}]})
    assert card_coverage(c, checks()).status == NOT
    spec = effects.OpSpec("zz_cov_later", run=lambda ctx, o: None, doc="later", family="tests")
    monkeypatch.setitem(effects.OPS, "zz_cov_later", spec)
    assert card_coverage(c, checks()).status == FULL
    assert card_coverage(c).status == FULL  # the current registries too


# ------------------------------------------------------------------------------- CLI
DECK = "4 Lightning Bolt\n2 Living End\n3 lightning bolt\n20 Mountain\n"
SCHEMA_KEYS = {
    "scope",
    "nonland",
    "by_type",
    "by_layout",
    "saga_chapters",
    "combat_only_abilities",
    "top_missing",
    "cards",
}


def test_cli_deck_json_schema_and_counts(capsys, tmp_path) -> None:
    path = tmp_path / "deck.txt"
    path.write_text(DECK, encoding="utf-8")
    assert main(["coverage", "--deck", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == SCHEMA_KEYS and data["scope"] == "deck"
    nonland = data["nonland"]
    assert set(nonland) == {"total", "names", FULL, PARTLY, NOT, "combat_only"}
    assert nonland["total"] == 9 and nonland["names"] == 2
    assert nonland[FULL] + nonland[PARTLY] + nonland[NOT] == 9
    assert set(data["saga_chapters"]) == {"abilities", "simulated", "sagas", "sagas_complete"}
    rows = {c["name"]: c for c in data["cards"]}
    assert rows["Lightning Bolt"]["count"] == 7 and rows["Mountain"]["land"] is True
    for row in data["cards"]:
        assert row["status"] in (FULL, PARTLY, NOT)
        assert {"label", "kind", "face", "simulated", "combat_only", "missing"} <= set(
            row["abilities"][0]
            if row["abilities"]
            else {"label", "kind", "face", "simulated", "combat_only", "missing"}
        )
    for group in (data["by_type"], data["by_layout"]):
        assert sum(r["total"] for r in group.values()) == 9


def test_cli_text_report(capsys, tmp_path) -> None:
    path = tmp_path / "deck.txt"
    path.write_text(DECK, encoding="utf-8")
    assert main(["coverage", "--deck", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Lightning Bolt" in out and "Mountain" not in out.split("Cards:")[1]


def test_cli_bad_deck_file_is_an_error(capsys, tmp_path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("4 Lightnin Blt\n", encoding="utf-8")
    assert main(["coverage", "--deck", str(bad)]) == 2
    assert "error:" in capsys.readouterr().err
    assert main(["coverage", "--deck", str(tmp_path / "missing.txt")]) == 2
    assert "error: can't read" in capsys.readouterr().err


def test_a_check_that_raises_names_the_part_instead_of_stopping() -> None:
    def boom(_trig):
        raise TypeError("unhashable type: 'dict'")

    entry = {
        "triggers": [
            {"when": "self_dies", "also": [{"when": "self_attacks"}], "ops": [{"op": KNOWN}]}
        ]
    }
    c = card_coverage(card(entry), checks(trigger=boom))
    assert c.status == NOT
    assert c.missing == ["trigger: trigger check failed (TypeError: unhashable type: 'dict')"]
    # ``also`` items may be {when: ...} objects: the fallback names their ids
    assert coverage._unregistered_trigger(entry["triggers"][0]) == "self_dies, self_attacks"


def test_costs_in_words_are_asked_of_the_engine_that_pays_them() -> None:
    """Without a structured-cost registry, an activated ability's cost in words is what
    the engine pays (engine.play.actions): its unpaid parts are the missing ones."""
    words = checks(cost_words=lambda text, name: [p for p in text.split(", ") if p == "exert"])
    tap = {"activated": [{"cost": "{T}", "costs": [{"cost": "tap"}], "ops": [{"op": KNOWN}]}]}
    assert card_coverage(card(tap), words).status == FULL
    exert = {"activated": [{"cost": "Exert, {T}", "ops": [{"op": KNOWN}]}]}
    assert card_coverage(card(exert), words).missing == ["cost: exert"]
    structured = checks(ability_costs=lambda a: a["costs"], costs=lambda cs: cs[0]["cost"])
    assert card_coverage(card(tap), structured).missing == ["cost: tap"]


def test_a_back_face_saga_is_counted_from_its_saga_face() -> None:
    """The Argent Etchings is the back face of Elesh Norn: its chapters are the ones the Saga
    rules run (the permanent's face), not the front face's (which has none)."""
    from engine.cards.carddb import default_pool
    from engine.rules import saga

    card = default_pool().get("Elesh Norn // The Argent Etchings")
    assert saga.saga_face(card) == "The Argent Etchings"
    rows = {n: (ops, missing) for n, ops, _t, missing in saga.chapter_abilities(card)}
    assert [o["op"] for o in rows[2][0]] == ["pump", "grant"] and rows[2][1] is None
    # chapter I, by hand: incubate 2 five times, then transform all Incubator tokens
    assert [o["op"] for o in rows[1][0]] == ["incubate"] * 5 + ["transform_all"]
    assert rows[1][1] is None
    chapters = {a.label: a.simulated for a in coverage.card_coverage(card).chapters}
    assert chapters["chapter II"] and chapters["chapter I"]


def test_enters_with_is_judged_by_its_nested_ops_cr_614_1c() -> None:
    """Coverage hands an op's own check the op without its nested lists (they are walked
    apart): "enters with" counters was reported as "nothing in the data" for 172 cards."""
    counters = [{"op": "add_counters", "what": "self", "counter": "+1/+1", "n": 3}]
    creature = {"type_line": "Creature — Shapeshifter", "power": "1", "toughness": "1"}
    ok = card_coverage(card({"static": [{"op": "enters_with", "ops": counters}]}, **creature))
    assert ok.status == FULL and ok.missing == []
    bad = card_coverage(
        card({"static": [{"op": "enters_with", "ops": [{"op": UNKNOWN}]}]}, **creature)
    )
    assert bad.status == NOT and bad.missing == [f"op: {UNKNOWN}"]
    assert effects.missing_parts([{"op": "enters_with", "ops": []}])  # an empty list is not
