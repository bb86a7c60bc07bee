"""Odds tab: the data functions against engine.odds.exact, +1/-1 deltas, escaping, and the page."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
from fractions import Fraction
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from engine import default_pool
from engine.odds.exact import cascade, chain_odds, discover_odds, spell_odds
from playground import odds_view as ov
from playground.defaults import DEFAULT_SCENARIO, PRESETS, SAMPLE_LIBRARY
from playground.model import PlaygroundModel
from tests.playground.ui import TIMEOUT, button, open_app, open_tab

ROOT = Path(__file__).resolve().parents[2]
EVIL = "<img src=x onerror=alert(1)>"


def _library(entries) -> list:
    pool = default_pool()
    return [pool.get(e["name"]) for e in entries for _ in range(e["count"])]


def _key(model: PlaygroundModel) -> ov.OddsKey:
    return ov.odds_key(model.scenario, model.pool, model.timeline)


def _model(
    library: list[dict],
    *,
    hand="Bloodbraid Elf",
    battlefield=(),
    cast="Bloodbraid Elf",
    spells_cast: int = 0,
) -> PlaygroundModel:
    data = json.loads(json.dumps(DEFAULT_SCENARIO))
    you = data["players"][0]
    you["library"]["cards"] = library
    you["hand"] = [hand]
    you["battlefield"] = list(battlefield)
    if spells_cast:
        you["spells_cast"] = spells_cast
    data["actions"] = [{"do": "cast", "card": cast}]
    return PlaygroundModel(data)


SMALL = [
    {"name": "Lightning Bolt", "count": 6},
    {"name": "Tarmogoyf", "count": 2},
    {"name": "Mountain", "count": 12},
]


# --------------------------------------------------------------------------- data


def test_default_scenario_rows_match_engine_odds_exactly() -> None:
    model = PlaygroundModel()
    key = _key(model)
    assert key.action.kind == "spell" and key.action.card == "Bloodbraid Elf"
    assert key.action.steps == (cascade(4),)
    assert dict(key.library) == {e["name"]: e["count"] for e in SAMPLE_LIBRARY}
    result = ov.compute_odds(key, model.pool)
    pool = default_pool()
    expected = spell_odds(_library(SAMPLE_LIBRARY), pool.get("Bloodbraid Elf"))
    assert result.exact and expected.exact
    assert result.hit == expected.hit and result.cast == expected.cast
    assert result.whiff == expected.whiff and result.exiled == expected.exiled
    assert result.expected_bottom == expected.expected_bottom
    rows = ov.hit_rows(result)
    assert [(r["card"], r["hit"], r["cast"]) for r in rows] == [
        (r["card"], r["hit"], r["cast"]) for r in expected.table()
    ]
    # Violent Outburst chains, so the numbers are expected counts per cast
    assert not ov.is_single(result)
    top = rows[0]
    assert (top["card"], top["hit"], top["fraction"], top["hit_text"]) == (
        "Kird Ape",
        Fraction(19, 120),
        "19/120",
        "0.158",
    )
    assert rows[-1]["whiff"] and rows[-1]["hit"] == 0
    assert [r["p"] for r in ov.exiled_rows(result)] == list(expected.exiled.values())
    html = ov.summary_html(key, result)
    assert 'data-testid="odds-method">exact<' in html
    assert "57 cards" in html


def test_single_cascade_is_shown_as_percentages_with_fractions() -> None:
    model = _model(SMALL)
    result = ov.compute_odds(_key(model), model.pool)
    assert ov.is_single(result)
    rows = ov.hit_rows(result)
    assert [(r["card"], r["hit_text"], r["fraction"]) for r in rows] == [
        ("Lightning Bolt", "75.00%", "3/4"),
        ("Tarmogoyf", "25.00%", "1/4"),
        (ov.WHIFF, "0%", "0"),
    ]
    table = ov.table_html(result)
    assert 'data-card="Lightning Bolt" data-fraction="3/4"' in table
    assert 'data-testid="odds-whiff"' in table
    # exiled: negative hypergeometric over 20 cards with 8 hits
    ex = ov.exiled_rows(result)
    assert ex[0]["exiled"] == 1 and ex[0]["p"] == Fraction(8, 20)
    assert sum(r["p"] for r in ex) == 1
    # a listed library: the odds are for the same cards shuffled, and the page says so
    model.set_scenario(model._with_library(SMALL, order="listed"))
    key = _key(model)
    assert key.order == "listed"
    assert "these odds are for the same cards shuffled" in ov.summary_html(key, result)


def test_maelstrom_nexus_grant_for_the_first_spell_only() -> None:
    model = PlaygroundModel(PRESETS["Maelstrom Nexus gives the first spell cascade"])
    key = _key(model)
    assert key.action.granted_by == ("Maelstrom Nexus",)
    assert key.action.steps == (cascade(2),)
    assert "Maelstrom Nexus" in key.action.text
    goyf = default_pool().get("Tarmogoyf")
    expected = spell_odds(_library(SAMPLE_LIBRARY), goyf, extra_cascade=1)
    assert ov.compute_odds(key, model.pool).hit == expected.hit
    # the board fallback (timeline not cast yet) agrees with the engine
    assert ov.odds_action(model.scenario, model.pool, None).granted_by == ("Maelstrom Nexus",)
    # a second spell this turn gets nothing from the Nexus: no odds, said plainly
    later = _model(
        SAMPLE_LIBRARY,
        hand="Tarmogoyf",
        cast="Tarmogoyf",
        battlefield=["Maelstrom Nexus", "Forest", "Forest"],
        spells_cast=1,
    )
    action = _key(later).action
    assert not action.has_odds and "neither cascades nor discovers" in action.text
    assert ov.odds_action(later.scenario, later.pool, None).granted_by == ()


def test_bloodbraid_elf_with_nexus_is_two_instances() -> None:
    model = _model(SMALL, battlefield=["Maelstrom Nexus", "Forest", "Forest"])
    key = _key(model)
    assert key.action.steps == (cascade(4), cascade(4))
    result = ov.compute_odds(key, model.pool)
    expected = chain_odds(_library(SMALL), [cascade(4), cascade(4)])
    assert result.hit == expected.hit and result.instances == 2
    assert not ov.is_single(result)
    assert "several instances" in ov.summary_html(key, result).lower()


def test_discover_actions_use_discover_odds() -> None:
    model = PlaygroundModel(PRESETS["Activate a discover land (Hidden Volcano)"])
    key = _key(model)
    assert key.action.kind == "discover" and key.action.steps[0].value == 4
    lib = [{"name": n, "count": c} for n, c in key.library]
    assert ov.compute_odds(key, model.pool).hit == discover_odds(_library(lib), 4).hit
    data = dict(model.scenario, actions=[{"do": "discover", "n": 1}])
    key = ov.odds_key(data, model.pool)
    assert key.action.text == "Discover 1"
    assert ov.compute_odds(key, model.pool).whiff == 1  # Tarmogoyf has mana value 2


def _bare(actions: list[dict], battlefield: tuple = ()) -> dict:
    data = json.loads(json.dumps(DEFAULT_SCENARIO))
    data["players"][0]["battlefield"] = list(battlefield)
    data["actions"] = actions
    return data


def test_x_in_the_cast_counts_for_cascade_and_discover_x_is_explained() -> None:
    pool = default_pool()
    burn = ov.odds_action(_bare([{"do": "cast", "card": "Let the Galaxy Burn", "x": 3}]), pool)
    assert burn.steps == (cascade(9),)  # {X}{5}{R} with X = 3 has mana value 9 on the stack
    assert "X = 3" in burn.text
    claws = ov.odds_action(_bare([{"do": "cast", "card": "Contest of Claws"}]), pool)
    assert not claws.has_odds and "Discover N (no card)" in claws.text


def test_actions_without_odds_say_so() -> None:
    model = PlaygroundModel(PRESETS["Proliferate a Saga"])
    key = _key(model)
    assert ov.compute_odds(key, model.pool) is None
    html = ov.summary_html(key, None)
    assert "neither cascades nor discovers" in html and 'data-testid="odds-none"' in html


def test_plus_minus_one_copy_deltas() -> None:
    model = _model(SMALL)
    key = _key(model)
    pool = model.pool
    base = ov.compute_odds(key, pool)
    minus = ov.compute_odds(key.with_count("Tarmogoyf", -1), pool)
    plus = ov.compute_odds(key.with_count("Tarmogoyf", +1), pool)
    assert dict(key.with_count("Tarmogoyf", -1).library)["Tarmogoyf"] == 1
    rows = {r["card"]: r for r in ov.compare_rows(base, minus, plus)}
    bolt, goyf, whiff = rows["Lightning Bolt"], rows["Tarmogoyf"], rows[ov.WHIFF]
    assert bolt["now"] == Fraction(3, 4)
    assert bolt["minus"] == Fraction(6, 7) - Fraction(3, 4)  # 6 of 7 hits are Bolts
    assert bolt["plus"] == Fraction(6, 9) - Fraction(3, 4)
    assert (bolt["minus_text"], bolt["plus_text"]) == ("+10.71 pp", "-8.33 pp")
    assert goyf["plus"] == Fraction(1, 3) - Fraction(1, 4)
    assert whiff["plus_text"] == "±0"
    bottom = rows["Expected cards put on the bottom"]
    assert bottom["now"] == base.expected_bottom
    # removing the last copy of the only hits makes every cast whiff
    only = _model([{"name": "Tarmogoyf", "count": 1}, {"name": "Mountain", "count": 3}])
    k = _key(only)
    gone = ov.compute_odds(k.with_count("Tarmogoyf", -1), only.pool)
    rows = {r["card"]: r for r in ov.compare_rows(ov.compute_odds(k, only.pool), gone, None)}
    assert rows[ov.WHIFF]["minus_text"] == "+100.00 pp"
    assert rows[ov.WHIFF]["plus_text"] == "—"
    # a card not in the library: +1 only
    k2 = key.with_count("Kird Ape", +1)
    assert dict(k2.library)["Kird Ape"] == 1
    plus_ape = ov.compute_odds(k2, pool)
    rows = {r["card"]: r for r in ov.compare_rows(base, None, plus_ape)}
    assert rows["Kird Ape"]["plus"] == Fraction(1, 9) and rows["Kird Ape"]["minus_text"] == "—"
    html = ov.compare_html("Kird Ape", dict(key.library), list(rows.values()))
    assert "+1 Kird Ape (1)" in html and 'data-testid="compare-plus"' in html


def test_chains_past_the_state_budget_are_labelled_estimates(monkeypatch) -> None:
    monkeypatch.setattr(ov, "MAX_STATES", 2_000)  # fast; the real budget is in the cache key
    monkeypatch.setattr(ov, "SAMPLES", 4_000)
    model = _model(SAMPLE_LIBRARY, hand="Apex Devastator", cast="Apex Devastator")
    key = _key(model)
    assert key.action.steps == (cascade(10),) * 4
    result = ov.compute_odds(key, model.pool)
    assert not result.exact and result.stderr is not None
    rows = ov.hit_rows(result)
    assert rows[0]["stderr"].startswith("± ") and rows[0]["cast_stderr"].startswith("± ")
    assert rows[0]["fraction"] == ""
    html = ov.summary_html(key, result)
    assert "estimate ± stderr" in html and "4,000 samples" in html
    assert "Hits ± stderr" in ov.table_html(result)
    assert "within the noise" in ov.noise_note([result])
    assert ov.noise_note([ov.compute_odds(_key(_model(SMALL)), model.pool)]) == ""


def _run(coro):
    """asyncio.run in a fresh thread (Playwright's sync API may own this thread's loop)."""
    with concurrent.futures.ThreadPoolExecutor(1) as ex:
        return ex.submit(asyncio.run, coro).result()


def test_async_compute_runs_once_per_key_and_agrees() -> None:
    ov.clear_cache()
    model = _model(SMALL)
    key = _key(model)

    async def both():
        return await asyncio.gather(
            ov.compute_odds_async(key, model.pool), ov.compute_odds_async(key, model.pool)
        )

    a, b = _run(both())
    assert a is b  # one computation shared by the views that asked at the same time
    assert a is ov.compute_odds(key, model.pool)
    assert not ov._INFLIGHT
    assert _run(ov.compute_odds_async(key, model.pool)) is a  # cached: no thread


def test_key_changes_only_with_library_or_action_and_results_are_cached() -> None:
    model = PlaygroundModel()
    key = _key(model)
    model.title = "Another title"
    model.apply_title()
    assert _key(model) == key
    assert ov.compute_odds(key, model.pool) is ov.compute_odds(_key(model), model.pool)
    model.set_count("Forest", 7)
    assert _key(model) != key
    assert _key(model).size == key.size - 1


def test_card_names_are_escaped_everywhere() -> None:
    model = PlaygroundModel()
    card = {
        "object": "card",
        "name": EVIL,
        "layout": "normal",
        "mana_cost": "{1}{G}",
        "cmc": 2,
        "type_line": "Creature — Elf",
        "keywords": [],
    }
    assert model.add_scryfall_card(json.dumps(card))
    key = _key(model)
    assert key.user_cards and dict(key.library)[EVIL] == 1
    result = ov.compute_odds(key, model.pool)
    assert EVIL in result.hit
    rows = ov.compare_rows(result, None, ov.compute_odds(key.with_count(EVIL, 1), model.pool))
    for html in (
        ov.table_html(result),
        ov.summary_html(key, result),
        ov.compare_html(EVIL, dict(key.library), rows),
    ):
        assert "<img" not in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in ov.table_html(result)
    ov.hit_figure(result)  # Bokeh draws names as text on a canvas and in tooltips


def test_odds_view_builds_and_follows_the_model() -> None:
    model = _model(SMALL)
    view = ov.odds_view(model)
    assert view is not None
    model.set_count("Tarmogoyf", 6)
    assert dict(_key(model).library)["Tarmogoyf"] == 6


# --------------------------------------------------------------------------- browser

DECK = "6 Lightning Bolt\n2 Tarmogoyf\n12 Mountain\n"


@pytest.mark.e2e
def test_odds_tab_charts_table_and_library_change(page: Page, app_url: str) -> None:
    open_app(page, app_url)
    open_tab(page, "Odds")
    action = page.get_by_test_id("odds-action")
    expect(action).to_contain_text("Cast Bloodbraid Elf", timeout=TIMEOUT)
    expect(page.get_by_test_id("odds-method")).to_have_text("exact")
    expect(page.locator(".odds-hit-chart canvas").first).to_be_visible()
    expect(page.locator(".odds-exiled-chart canvas").first).to_be_visible()
    first = page.get_by_test_id("odds-row").first
    expect(first).to_have_attribute("data-card", "Kird Ape")
    expect(first).to_have_attribute("data-fraction", "19/120")
    expect(first).to_contain_text("0.158")
    expect(page.get_by_test_id("odds-whiff")).to_contain_text("0")

    # paste a decklist in the library builder, as a person would
    page.get_by_label("Decklist (MTGA, MTGO or '4 Card Name' lines)").fill(DECK)
    button(page, "Load decklist").click()
    expect(page.get_by_test_id("library-summary")).to_contain_text("20 cards in library")
    expect(first).to_have_attribute("data-card", "Lightning Bolt", timeout=TIMEOUT)
    expect(first).to_contain_text("75.00%")
    expect(first).to_have_attribute("data-fraction", "3/4")
    expect(page.get_by_test_id("odds-row")).to_have_count(2)
    expect(page.get_by_test_id("odds-summary")).to_contain_text("20 cards")

    # one copy more or fewer of Tarmogoyf
    page.get_by_label("What changes if I add / remove one copy of").select_option("Tarmogoyf")
    bolt = page.get_by_test_id("compare-row").filter(has_text="Lightning Bolt")
    expect(bolt.get_by_test_id("compare-minus")).to_have_text("+10.71 pp", timeout=TIMEOUT)
    expect(bolt.get_by_test_id("compare-plus")).to_have_text("-8.33 pp")
    # a card that is not in the library: a typo is answered with suggestions, then +1 only
    other = page.get_by_label("…or a card not in the library")
    other.fill("Kird Apee")
    other.press("Enter")
    expect(page.get_by_test_id("odds-compare")).to_contain_text("did you mean", timeout=TIMEOUT)
    other.fill("kird ape")
    other.press("Enter")
    ape = page.get_by_test_id("compare-row").filter(has_text="Kird Ape")
    expect(ape.get_by_test_id("compare-plus")).to_have_text("+11.11 pp", timeout=TIMEOUT)
    expect(ape.get_by_test_id("compare-minus")).to_have_text("—")
    expect(page.get_by_label("What changes if I add / remove one copy of")).to_have_value(
        "Kird Ape"
    )
    page.get_by_label("What changes if I add / remove one copy of").select_option("Tarmogoyf")
    expect(page.get_by_test_id("odds-compare")).to_have_attribute(
        "data-card", "Tarmogoyf", timeout=TIMEOUT
    )
    goyf = page.get_by_test_id("compare-row").filter(has_text="Tarmogoyf")
    expect(goyf.get_by_test_id("compare-plus")).to_have_text("+8.33 pp")
    page.mouse.move(10, 10)
    artifacts = ROOT / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    page.screenshot(path=str(artifacts / "odds.png"), full_page=True)

    # an example with a granted cascade, then one without odds
    examples = page.get_by_label("Example scenarios")  # the board is hidden: don't wait for it
    examples.select_option("Maelstrom Nexus gives the first spell cascade")
    expect(action).to_contain_text("cascade given by Maelstrom Nexus", timeout=TIMEOUT)
    examples.select_option("Proliferate a Saga")
    expect(page.get_by_test_id("odds-none")).to_contain_text(
        "neither cascades nor discovers", timeout=TIMEOUT
    )
