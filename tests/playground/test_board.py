"""Board and action: Sagas, discover abilities, proliferate, X, a counter."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.playground.ui import (
    button,
    expect_frame,
    open_app,
    scenario_in_url,
    set_board,
    step,
)

pytestmark = pytest.mark.e2e


def test_first_eruption_advanced_to_its_sacrifice(page: Page, app_url: str, shot) -> None:
    open_app(page, app_url)
    set_board(
        page,
        battlefield="The First Eruption [lore=2]\n2 Mountain",
        action="Begin the next precombat main phase",
    )
    expect(page.get_by_test_id("zone-battlefield").get_by_test_id("counter")).to_have_text("lore 2")
    page.get_by_test_id("log-line").filter(has_text="gets 1 lore counter").click()
    expect(page.get_by_test_id("zone-battlefield").get_by_test_id("counter")).to_have_text("lore 3")
    step(page, "last")
    graveyard = page.get_by_test_id("zone-graveyard")
    expect(graveyard).to_contain_text("The First Eruption")
    expect(page.get_by_test_id("zone-battlefield")).not_to_contain_text("The First Eruption")
    expect(page.get_by_test_id("event-text")).to_contain_text("sacrifice The First Eruption")
    expect(page.get_by_test_id("rule")).to_have_text("CR 704.5s")
    expect(graveyard.locator(".chip.moved")).to_have_attribute("data-name", "The First Eruption")
    shot(page, "07-saga-first-eruption-sacrificed")


def test_opponent_counters_the_spell(page: Page, app_url: str, shot) -> None:
    open_app(page, app_url)
    set_board(
        page,
        hand="Bloodbraid Elf",
        battlefield="2 Forest\n2 Mountain",
        opp_hand="Counterspell",
        card="Bloodbraid Elf",
        counter=True,
    )
    log = page.get_by_test_id("event-log")
    expect(log).to_contain_text("Counterspell")
    step(page, "last")
    expect(page.get_by_test_id("zone-graveyard")).to_contain_text("Bloodbraid Elf")
    expect(page.get_by_test_id("opp-zone-graveyard")).to_contain_text("Counterspell")
    actions = scenario_in_url(page)["actions"]
    assert actions[1] == {"do": "counter", "target": "Bloodbraid Elf", "with": "Counterspell"}
    shot(page, "08-board-counterspell")


def test_activate_a_discover_ability(page: Page, app_url: str) -> None:
    open_app(page, app_url)
    set_board(
        page,
        battlefield="Hidden Volcano\n2 Mountain",
        action="Activate a discover ability",
        card="Hidden Volcano",
    )
    expect(page.get_by_test_id("zone-battlefield")).to_contain_text("Hidden Volcano")
    step(page, "last")
    expect(page.get_by_test_id("decision")).to_contain_text("cast it without paying")
    expect(page.get_by_test_id("zone-graveyard")).to_contain_text("Hidden Volcano")


def test_cast_with_x_and_proliferate(page: Page, app_url: str) -> None:
    open_app(page, app_url)
    set_board(page, hand="Fireball", battlefield="Mountain", card="Fireball", x=3)
    step(page, "next")
    expect(page.get_by_test_id("zone-stack")).to_contain_text("X=3")
    expect(button(page, "Target Opponent")).to_be_visible()

    set_board(
        page, battlefield="Maelstrom Nexus\nThe First Eruption [lore=1]", action="Proliferate"
    )
    expect_frame(page, 0)
    expect(page.get_by_test_id("zone-battlefield")).to_contain_text("Maelstrom Nexus")
    step(page, "last")
    button(page, "Add to The First Eruption").click()
    step(page, "last")
    expect(page.get_by_test_id("zone-battlefield").get_by_test_id("counter")).to_have_text("lore 2")


def test_board_errors_keep_the_board(page: Page, app_url: str) -> None:
    open_app(page, app_url)
    set_board(
        page,
        hand="Bloodbraid Elff",
        battlefield="2 Mountain\nForest [lore=x]",
        card="Bloodbraid Elf",
    )
    errors = page.get_by_test_id("board-errors")
    expect(errors).to_contain_text("unknown card 'Bloodbraid Elff'")
    expect(errors).to_contain_text("did you mean")
    expect(page.get_by_label("Your hand")).to_have_value("Bloodbraid Elff")
    expect(page.get_by_test_id("zone-hand")).to_contain_text("Bloodbraid Elf")
    expect(page.get_by_test_id("zone-battlefield").get_by_test_id("card")).to_have_count(4)
