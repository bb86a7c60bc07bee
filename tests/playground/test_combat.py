"""Combat in the page (CR 506-511): an attack set up in the board editor, the defending
player's block answered on the page, and the stepper walking declare attackers, blockers,
combat damage and end of combat with their rule numbers, at desktop and phone widths.
Screenshots go to test-artifacts/playground/ (50-*)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.playground.ui import (
    TIMEOUT,
    button,
    fill_row,
    open_app,
    open_tab,
    set_actions,
    step,
    wait_scenario,
)

pytestmark = pytest.mark.e2e

WIDTHS = {1400: 900, 390: 844}


def _page(browser: Browser, width: int) -> Page:
    ctx = browser.new_context(viewport={"width": width, "height": WIDTHS[width]})
    page = ctx.new_page()
    page.set_default_timeout(10_000)
    return page


@pytest.mark.parametrize("width", list(WIDTHS))
def test_an_attack_set_up_in_the_editor_is_walked_step_by_step_cr_506_1(
    browser: Browser, app_url: str, shot, width: int
) -> None:
    page = _page(browser, width)
    open_app(page, app_url)
    open_tab(page, "Board & action")
    page.get_by_label("Your hand", exact=True).fill("")
    page.get_by_label("Your battlefield", exact=True).fill("Grizzly Bears\nHill Giant")
    page.get_by_label("Opponent's battlefield", exact=True).fill("Wall of Stone")
    set_actions(page, 1)
    fill_row(
        page, 0, do="Attack (the combat phase)", card="", attackers="Grizzly Bears; Hill Giant"
    )
    expect(page.get_by_test_id("action-summary").first).to_contain_text(
        "with Grizzly Bears; Hill Giant, the defending player chooses blocks"
    )
    shot(page, f"50-combat-editor-{width}")
    button(page, "Set up board").click()
    wait_scenario(
        page,
        lambda d: d["actions"] == [{"do": "attack", "attackers": ["Grizzly Bears", "Hill Giant"]}],
    )
    # the run pauses at the defending player's block (509.1a): answer it on the page
    step(page, "last")
    decision = page.get_by_test_id("decision")
    expect(decision).to_contain_text("does Wall of Stone block?", timeout=TIMEOUT)
    shot(page, f"50-combat-block-decision-{width}")
    button(page, "Wall of Stone blocks Hill Giant").click()
    wait_scenario(page, lambda d: len(d.get("choices") or []) == 1)
    lines = page.get_by_test_id("log-line")
    for rule in ("507.1", "508.1", "509.1", "510.2", "511.3", "505.1"):
        expect(lines.filter(has_text=rule).first).to_be_visible()
    # walk from the start: at the block, the board says who attacks and who blocks
    step(page, "first")
    seen_block = False
    for _ in range(30):
        if not button(page, "Next ›").is_enabled():
            break
        step(page, "next")
        page.wait_for_timeout(150)
        combat = page.get_by_test_id("combat")
        if combat.count() == 3 and not seen_block:
            expect(page.get_by_test_id("zone-battlefield")).to_contain_text(
                "attacking Opponent (blocked)"
            )
            expect(page.get_by_test_id("opp-zone-battlefield")).to_contain_text(
                "blocking Hill Giant"
            )
            shot(page, f"50-combat-blockers-{width}")
            seen_block = True
    assert seen_block
    assert not button(page, "Last »").is_enabled()  # walked to the end
    expect(page.get_by_test_id("combat")).to_have_count(0)  # 511.3: removed from combat
    expect(page.get_by_test_id("player-opp")).to_contain_text("18 life")
    expect(page.get_by_test_id("opp-zone-battlefield").get_by_test_id("damage")).to_have_text(
        "3 damage"
    )
    scroll, inner = page.evaluate("[document.scrollingElement.scrollWidth, window.innerWidth]")
    assert scroll <= inner, f"page scrolls sideways at {width} px"
    shot(page, f"50-combat-after-{width}")
    page.context.close()
