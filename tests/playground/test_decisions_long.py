"""Long decisions: a creature type out of ~300 (Long List of the Ents, CR 205.3m) or a card
name out of every creature name in the game (Day of the Moon, CR 201.3) get a filter box
and a scrollable list instead of a wall of buttons, at desktop and phone widths.

Each test loads a board that pauses at the long decision, filters, picks (by keyboard and
by click) and checks what follows on the board and in the link. Screenshots go to
test-artifacts/playground/ (40-*, 41-*).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from engine import Scenario
from engine.cards.creature_types import CREATURE_TYPES
from tests.playground.ui import (
    TIMEOUT,
    button,
    expect_frame,
    frame,
    open_app,
    scenario_in_url,
    step,
    wait_scenario,
)

pytestmark = pytest.mark.e2e

WIDTHS = {1400: 900, 390: 844}

ENTS = {
    "version": 1,
    "title": "Long List of the Ents notes a creature type",
    "players": [
        {
            "name": "You",
            "library": {"order": "listed", "cards": [{"name": "Island"}] * 3},
            "hand": ["Grizzly Bears"],
            "battlefield": [{"name": "Long List of the Ents", "counters": {"lore": 0}}],
        },
        {"name": "Opponent", "library": {"order": "listed", "cards": []}},
    ],
    "actions": [
        {"do": "add_lore", "card": "Long List of the Ents", "n": 1},
        {"do": "cast", "card": "Grizzly Bears"},
    ],
}

# A user card whose name is markup: the option list must show it as text.
EVIL = '<img src=x onerror="window.__pwned=1">Ogre & "Co"'
ACCENTED = "Ûnstable Ögre"  # the pool spells names in ASCII; a user card may not
CREATURES = [
    "Grizzly Bears",
    "Llanowar Elves",
    "Savannah Lions",
    "Goblin Guide",
    "Tarmogoyf",
    "Serra Angel",
    "Shivan Dragon",
    "Elvish Mystic",
    "Wild Nacatl",
    "Ornithopter",
    "Memnite",
    "Birds of Paradise",
    "Lim-Dul the Necromancer",
    "Aether Adept",
    "Storm Crow",
    "Hill Giant",
]
MOON = {
    "version": 1,
    "title": "Day of the Moon names a card",
    "players": [
        {
            "name": "You",
            "library": {"order": "listed", "cards": [{"name": "Island"}] * 2},
            "battlefield": [{"name": "Day of the Moon", "counters": {"lore": 0}}],
        },
        {
            "name": "Opponent",
            "library": {"order": "listed", "cards": []},
            "battlefield": [*CREATURES, EVIL, ACCENTED],
        },
    ],
    "actions": [{"do": "add_lore", "card": "Day of the Moon", "n": 1}],
    "cards": [
        {
            "name": name,
            "mana_cost": "{2}",
            "type_line": "Creature — Ogre",
            "power": "2",
            "toughness": "2",
        }
        for name in (EVIL, ACCENTED)
    ],
}


def _phone_or_desktop(browser: Browser, width: int) -> Page:
    ctx = browser.new_context(viewport={"width": width, "height": WIDTHS[width]})
    page = ctx.new_page()
    page.set_default_timeout(10_000)
    return page


def _fits(page: Page, width: int) -> None:
    """No sideways scrolling of the page; the filter, the list and every shown option are
    inside the screen; the list scrolls itself instead of growing the page."""
    scroll, inner = page.evaluate("[document.scrollingElement.scrollWidth, window.innerWidth]")
    assert scroll <= inner, f"page scrolls sideways at {width} px: {scroll} > {inner}"
    for testid in ("decision", "decision-filter", "decision-options"):
        box = page.get_by_test_id(testid).bounding_box()
        assert box is not None and box["width"] > 100, (testid, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (testid, box, width)
    listed = page.get_by_test_id("decision-options")
    sizes = listed.evaluate("e => [e.scrollWidth, e.clientWidth, e.clientHeight]")
    assert sizes[0] <= sizes[1], f"options scroll sideways at {width} px: {sizes}"
    assert sizes[2] <= 300, f"the list is not bounded: {sizes}"
    for b in listed.get_by_role("button").all()[:40]:
        box = b.bounding_box()
        assert box is not None and box["x"] + box["width"] <= width + 0.5, (box, width)


def _bears_counters(page: Page):
    bears = (
        page.get_by_test_id("zone-battlefield")
        .get_by_test_id("card")
        .filter(has_text="Grizzly Bears")
    )
    expect(bears).to_have_count(1, timeout=TIMEOUT)
    return bears.get_by_test_id("counter")


@pytest.mark.parametrize("width", list(WIDTHS))
def test_creature_type_out_of_300_by_filter(
    browser: Browser, app_url: str, shot, width: int
) -> None:
    page = _phone_or_desktop(browser, width)
    open_app(page, f"{app_url}?s={Scenario.from_dict(ENTS).to_token()}")
    step(page, "last")
    decision = page.get_by_test_id("decision")
    expect(decision).to_contain_text("note a creature type")
    listed = page.get_by_test_id("decision-options")
    n = len(CREATURE_TYPES)
    assert n > 250
    expect(listed.get_by_role("button")).to_have_count(n)
    expect(page.get_by_test_id("decision-count")).to_have_text(f"{n} options")
    at = frame(page)
    page.wait_for_timeout(300)
    _fits(page, width)
    shot(page, f"40-decision-long-{width}")

    # typing narrows the list (case ignored); a filter that matches nothing says so
    box = page.get_by_test_id("decision-filter")
    box.fill("zzzq")
    expect(listed.get_by_role("button")).to_have_count(0)
    expect(page.get_by_test_id("decision-no-match")).to_be_visible()
    box.fill("TREEFOL")
    expect(listed.get_by_role("button")).to_have_count(1)
    expect(page.get_by_test_id("decision-count")).to_have_text(f"1 of {n} match")
    page.wait_for_timeout(200)
    _fits(page, width)
    shot(page, f"40-decision-long-{width}-filtered")
    # Enter picks the only match: Treefolk is noted, so the Bear spell gets no counter
    box.press("Enter")
    expect_frame(page, at + 1)
    assert scenario_in_url(page)["choices"] == ["type:Treefolk"]
    step(page, "last")
    expect(_bears_counters(page)).to_have_count(0)

    # back at the decision: the answer is shown, and another can be picked by keyboard
    page.get_by_test_id("log-line").nth(at).click()
    expect(decision).to_contain_text("Decided")
    expect(page.get_by_test_id("decision-chosen")).to_have_text("Chosen: Treefolk")
    expect(page.get_by_test_id("decision-filter")).to_have_value("")
    shot(page, f"40-decision-long-{width}-answered")
    box.fill("bea")
    shown = listed.get_by_role("button")
    labels = shown.all_inner_texts()
    assert labels and all("bea" in x.lower() for x in labels) and "Bear" in labels, labels
    assert len(labels) == sum("bea" in t.lower() for t in CREATURE_TYPES)
    box.press("ArrowDown")  # into the list, on the first match: Bear (listed first)
    expect(button(page, "Bear")).to_be_focused()
    page.keyboard.press("Enter")
    expect_frame(page, at + 1)
    wait_scenario(page, lambda s: s.get("choices") == ["type:Bear"])
    step(page, "last")
    expect(_bears_counters(page)).to_have_count(1)
    expect(_bears_counters(page)).to_contain_text("+1/+1")
    page.context.close()


@pytest.mark.parametrize("width", list(WIDTHS))
def test_card_name_choice_filters_and_escapes(
    browser: Browser, app_url: str, shot, width: int
) -> None:
    page = _phone_or_desktop(browser, width)
    open_app(page, f"{app_url}?s={Scenario.from_dict(MOON).to_token()}")
    step(page, "last")
    expect(page.get_by_test_id("decision")).to_contain_text("choose a card name")
    listed = page.get_by_test_id("decision-options")
    expect(listed.get_by_role("button")).to_have_count(len(CREATURES) + 2)
    # the markup in a card's name is text on its button, never an element
    expect(button(page, EVIL)).to_be_visible()
    assert listed.locator("img").count() == 0
    assert page.evaluate("window.__pwned === undefined")
    at = frame(page)
    page.wait_for_timeout(300)
    _fits(page, width)
    shot(page, f"41-decision-card-name-{width}")

    # accents and case are ignored: "UNSTABLE og" finds the Ûnstable Ögre
    box = page.get_by_test_id("decision-filter")
    box.fill("UNSTABLE og")
    expect(listed.get_by_role("button")).to_have_count(1)
    expect(button(page, ACCENTED)).to_be_visible()
    box.fill("ogre &")
    expect(listed.get_by_role("button")).to_have_count(1)
    box.fill("")
    box.press("Escape")  # Escape on an empty filter keeps every option
    expect(listed.get_by_role("button")).to_have_count(len(CREATURES) + 2)
    box.fill("elv")
    expect(listed.get_by_role("button")).to_have_count(2)  # Llanowar Elves, Elvish Mystic
    box.press("Escape")
    expect(box).to_have_value("")
    expect(listed.get_by_role("button")).to_have_count(len(CREATURES) + 2)
    box.fill("llanowar")
    button(page, "Llanowar Elves").click()
    expect_frame(page, at + 1)
    assert scenario_in_url(page)["choices"] == ["name:Llanowar Elves"]
    page.context.close()


def test_few_options_stay_plain_buttons(page: Page, app_url: str) -> None:
    """Two options out of a tiny board: no filter, no list (as before)."""
    small = {
        **MOON,
        "players": [MOON["players"][0], {**MOON["players"][1], "battlefield": CREATURES[:2]}],
    }
    small.pop("cards")
    open_app(page, f"{app_url}?s={Scenario.from_dict(small).to_token()}")
    step(page, "last")
    expect(button(page, "Grizzly Bears")).to_be_visible()
    expect(button(page, "Llanowar Elves")).to_be_visible()
    expect(page.get_by_test_id("decision-filter")).to_have_count(0)
    expect(page.get_by_test_id("decision-options")).to_have_count(0)
