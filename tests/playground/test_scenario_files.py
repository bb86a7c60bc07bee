"""Scenario files: the picker lists every example file with a one-line
description; a scenario JSON file can be opened from disk and the current one saved."""

from __future__ import annotations

import importlib.util
import json
import zipfile
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from engine import Scenario
from playground.examples import (
    FILE_LINES,
    PRESET_LINES,
    catalogue,
    description_of,
    example_files,
    picker_groups,
)
from playground.model import MAX_FILE, PlaygroundModel
from tests.playground.ui import button, expect_frame, open_app, open_tab, scenario_in_url, step

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples" / "scenarios").glob("*.json"))


# ----------------------------------------------------------------------------- catalogue


def test_picker_lists_every_example_file_with_a_one_line_description() -> None:
    files = example_files()
    assert sorted(stem for stem, _ in files.values()) == [p.stem for p in EXAMPLES]
    assert len(EXAMPLES) == 39
    assert set(FILE_LINES) == {p.stem for p in EXAMPLES}  # no file without a line, no stale one
    assert set(PRESET_LINES) == set(picker_groups()["Starter boards"])
    labels = [label for group in picker_groups().values() for label in group]
    assert len(labels) == len(set(labels)) == len(EXAMPLES) + len(PRESET_LINES)
    for label in labels:
        line = description_of(label)
        assert line and "\n" not in line and len(line) <= 110, (label, line)
    for stem, data in files.values():  # the picker shows the file as it is on disk
        assert data == json.loads((ROOT / "examples" / "scenarios" / f"{stem}.json").read_text())


@pytest.mark.parametrize("label", list(example_files()))
def test_every_example_file_opens_from_the_picker(label: str) -> None:
    model = PlaygroundModel()
    model.load_preset(label)
    stem, data = example_files()[label]
    assert model.scenario == Scenario.from_dict(data).to_dict()
    assert model.timeline is not None and model.timeline.pending is None  # answers recorded
    assert catalogue()[label] is data


def test_example_files_are_in_the_hosted_wheel(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("build_site", ROOT / "scripts/build_site.py")
    assert spec and spec.loader
    build_site = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_site)
    wheel = build_site.build_wheel(ROOT, tmp_path)
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        for path in EXAMPLES:
            assert zf.read(f"playground/scenarios/{path.name}") == path.read_bytes()
    assert "playground/examples.py" in names


# ------------------------------------------------------------------------ open and save


def test_open_a_scenario_file() -> None:
    model = PlaygroundModel()
    text = (ROOT / "examples/scenarios/first_eruption.json").read_bytes()
    assert model.load_json(text, "first_eruption.json")
    assert model.scenario["title"] == "The First Eruption, from cast to sacrifice"
    assert model.file_errors == []
    assert model.hand_text == "The First Eruption"  # the forms follow the file
    assert Scenario.from_json(model.scenario_json()) == Scenario.load(
        ROOT / "examples/scenarios/first_eruption.json"
    )


@pytest.mark.parametrize(
    "data, problem",
    [
        (b'{"version": 1, "players": [', "not valid JSON (line 1, column 28"),
        (b"\xff\xfe\x00garbage", "not UTF-8"),
        (b'["a list"]', "ScenarioError: a scenario must be a JSON object"),
        (
            b'{"version": 1, "players": [{"name": "You", "hand": ["<img src=x onerror=alert(1)>"]}]}',  # noqa: E501
            "ScenarioError",
        ),
        (b'{"version": 7, "players": []}', "version 7 is not supported"),
        (b" " * (MAX_FILE + 1), "at most"),
    ],
)
def test_a_bad_file_says_why_and_keeps_everything(data: bytes, problem: str) -> None:
    model = PlaygroundModel()
    model.library_text = "4 Lightning Bolt\n2 Mountain"  # typed, not yet loaded
    before = (model.scenario, model.token, model.hand_text)
    assert not model.load_json(data, "mine.json")
    assert len(model.file_errors) == 1
    assert "'mine.json' was not opened" in model.file_errors[0]
    assert problem in model.file_errors[0]
    assert (model.scenario, model.token, model.hand_text) == before
    assert model.library_text == "4 Lightning Bolt\n2 Mountain"


# ------------------------------------------------------------------------------ browser


@pytest.mark.e2e
def test_picker_in_the_page_lists_every_example(page: Page, app_url: str, shot) -> None:
    open_app(page, app_url)
    picker = page.get_by_label("Example scenarios")
    options = picker.locator("option")
    expect(options).to_have_count(1 + len(PRESET_LINES) + len(EXAMPLES))
    label = "Violent Outburst into Living End"
    picker.select_option(label)
    expect(page.get_by_test_id("title")).to_have_text(label)
    expect(page.get_by_test_id("example-description")).to_have_text(description_of(label))
    expect_frame(page, 0)
    shot(page, "30-picker-example-file")


@pytest.mark.e2e
def test_open_and_save_scenario_files_in_the_page(
    page: Page, app_url: str, shot, tmp_path: Path
) -> None:
    open_app(page, app_url)
    upload = page.locator("input[type=file]")
    # a bad file: a typed, escaped message; the board and the typed decklist stay
    deck = page.get_by_label("Decklist (MTGA, MTGO or '4 Card Name' lines)")
    deck.fill("4 Lightning Bolt\n2 Mountain")
    bad = tmp_path / "bad.json"
    bad.write_text(
        '{"version": 1, "players": [{"name": "You", "hand": ["<img src=x onerror=alert(1)>"]}]}'
    )
    upload.set_input_files(str(bad))
    errors = page.get_by_test_id("file-errors")
    expect(errors).to_contain_text("'bad.json' was not opened: ScenarioError")
    expect(errors).to_contain_text("<img src=x onerror=alert(1)>")  # shown as text
    expect(errors.locator("img")).to_have_count(0)
    expect(page.get_by_test_id("title")).to_have_text("Bloodbraid Elf cascades")
    expect(deck).to_have_value("4 Lightning Bolt\n2 Mountain")
    shot(page, "31-open-bad-scenario-file")

    # a good file opens with its answers, at frame 0
    upload.set_input_files(str(ROOT / "examples/scenarios/first_eruption.json"))
    expect(page.get_by_test_id("title")).to_have_text("The First Eruption, from cast to sacrifice")
    expect(errors).to_have_text("")
    expect_frame(page, 0)
    step(page, "last")
    expect(page.get_by_test_id("zone-graveyard")).to_contain_text("The First Eruption")
    opened = scenario_in_url(page)
    assert opened == Scenario.load(ROOT / "examples/scenarios/first_eruption.json").to_dict()

    # save: the download is the current scenario (after an edit: the new title)
    open_tab(page, "Library")
    title = page.get_by_label("Scenario title")
    title.fill("My eruption")
    title.press("Enter")
    expect(page.get_by_test_id("title")).to_have_text("My eruption")
    with page.expect_download() as info:
        button(page, "Save scenario").click()
    download = info.value
    assert download.suggested_filename == "my-eruption.json"
    saved = json.loads(Path(download.path()).read_text(encoding="utf-8"))
    assert saved == scenario_in_url(page)
    assert saved["title"] == "My eruption"
    assert Scenario.from_dict(saved).run().finished
    shot(page, "32-saved-scenario-file")
