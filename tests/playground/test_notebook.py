"""Notebook and Python use: ``Playground(scenario)`` is a reusable object."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from playwright.sync_api import Page, expect

from engine import Scenario
from playground import Playground
from playground.defaults import PRESETS
from tests.playground.conftest import serve
from tests.playground.ui import button, expect_frame, open_app, step

ROOT = Path(__file__).resolve().parents[2]


def _scenario() -> Scenario:
    data = dict(PRESETS["Discover 3 (Geological Appraiser)"], title="Built in Python")
    return Scenario.from_dict(data)


def test_playground_is_a_servable_viewer() -> None:
    import panel as pn

    pg = Playground(_scenario())
    assert isinstance(pg, pn.viewable.Viewer)
    assert pg.model.scenario["title"] == "Built in Python"
    assert pg.model.timeline.pending is not None
    root = pn.panel(pg).get_root()  # renders to Bokeh models, as a notebook cell does
    assert root is not None
    assert isinstance(pg.servable(), pn.viewable.Viewable)


def test_notebook_renders_the_playground() -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell("import panel as pn\npn.extension()"),
        nbformat.v4.new_code_cell(
            "from engine import Scenario\nfrom playground import Playground\n"
            "from playground.defaults import PRESETS\n"
            "pg = Playground(Scenario.from_dict(PRESETS['Proliferate a Saga']))\npg"
        ),
        nbformat.v4.new_code_cell(
            "pg.model.last(); pg.model.answer('add'); pg.model.last(); "
            "print(pg.model.frame, pg.model.scenario['choices'])"
        ),
    ]
    NotebookClient(
        nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}}
    ).execute()
    outputs = nb.cells[1].outputs
    mimes = {k for o in outputs for k in o.get("data", {})}
    assert "application/vnd.holoviews_exec.v0+json" in mimes
    assert "text/html" in mimes
    assert "['add']" in nb.cells[2].outputs[0]["text"]


@pytest.mark.e2e
def test_python_built_playground_in_the_browser(page: Page, shot) -> None:
    base, server = serve({"nb": lambda: Playground(_scenario())})
    try:
        open_app(page, f"{base}/nb")
        expect(page.get_by_test_id("title")).to_have_text("Built in Python")
        step(page, "last")
        button(page, "Cast Kird Ape").click()
        step(page, "last")
        expect(page.get_by_test_id("zone-battlefield")).to_contain_text("Kird Ape")
        step(page, "first")
        expect_frame(page, 0)
        shot(page, "16-python-built-playground")
    finally:
        server.stop()


def test_playground_opens_a_file_or_a_token() -> None:
    path = ROOT / "examples" / "scenarios" / "basic_cascade.json"
    pg = Playground(str(path))
    assert pg.model.scenario == Scenario.load(path).to_dict()
    again = Playground(pg.model.token)
    assert again.model.scenario == pg.model.scenario
