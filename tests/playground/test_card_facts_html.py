"""Card facts, marks and the Odds tab's "not simulated" line as HTML (no browser)."""

from __future__ import annotations

from engine import CardDef, default_pool
from engine.odds.exact import cascade, chain_odds
from playground.card_facts import facts_html, facts_map, mark_html, marked_status
from playground.odds_view import simulation_html, table_html

HOSTILE = '<img src=x onerror=alert(1)> "Bolt"'


def _card(name: str = HOSTILE, **extra) -> CardDef:
    return CardDef.from_dict({"name": name, "mana_cost": "{R}", "type_line": "Instant", **extra})


def test_facts_are_escaped_and_say_not_simulated() -> None:
    html = facts_html(_card(effects={"spell": [{"op": "other", "hint": "<script>x</script>"}]}))
    assert "<img" not in html and "<script>" not in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html and "&lt;script&gt;" in html
    plain = facts_html(_card())
    assert "What it does is not simulated." in plain and 'data-testid="facts-status"' in plain


def test_facts_show_cost_type_and_numbers() -> None:
    pool = default_pool()
    html = facts_html(pool.get("Bloodbraid Elf"))
    assert 'aria-label="{2}{R}{G}"' in html and "Creature — Elf Berserker" in html
    assert ">3/2<" in html
    assert "Deals 3 damage to any target." in facts_html(pool.get("Lightning Bolt"))
    assert set(facts_map([pool.get("Lightning Bolt"), pool.get("Lightning Bolt"), None])) == {
        "Lightning Bolt"
    }


def test_marks_only_for_nonland_cards_not_fully_simulated() -> None:
    assert marked_status(_card()) == "not"
    assert 'aria-label="what it does is not simulated"' in mark_html("not")
    assert 'aria-label="partly simulated"' in mark_html("partly")
    assert mark_html("full") == ""
    land = CardDef.from_dict({"name": "Some Land", "type_line": "Land"})
    assert marked_status(land) == "full"  # coverage counts nonland cards; lands get no mark


def test_odds_line_counts_hits_that_resolve_not_simulated() -> None:
    pool = default_pool()
    mystery = _card("Mystery")
    library = [pool.get("Lightning Bolt"), mystery, mystery, pool.get("Mountain")]
    result = chain_odds(library, [cascade(4)], seed=0)
    marks = {"Lightning Bolt": "full", "Mystery": "not"}
    html = simulation_html(result, marks)
    assert 'data-count="1"' in html and 'data-partly="0"' in html and 'data-hits="2"' in html
    assert "66.67%" in html  # 2 of the 3 nonland cards are the mystery card
    table = table_html(result, marks)
    assert table.count('data-testid="sim-mark"') == 1 and table.count("data-facts=") == 2
