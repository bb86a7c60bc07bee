"""The playground follows Panel's own best practice.

Each panel is a ``pn.viewable.Viewer`` holding the session's one ``PlaygroundModel``;
widgets come from ``.from_param``; reactions are ``@param.depends(..., watch=True)``
(no hand-wired ``.param.watch`` / ``on_click`` closures); engine work is handed to
``submit`` / ``navigate`` / ``run_async``, never called inline from a view; the token is
derived from the model's validated Scenario; one board renderer and one mana-symbol
function serve the notebook views (``_repr_html_``) and the app.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import panel as pn
import param
import pytest

import engine.views.render
from engine import Scenario
from engine.views.board_html import (
    PARTS,
    SKELETON,
    board_html,
    board_parts,
    inline_styles,
    mana_html,
    mana_symbol,
)
from playground import html as playground_html
from playground.board_editor import BoardEditor
from playground.board_view import BoardPanel
from playground.decision_view import DecisionPanel
from playground.examples import catalogue
from playground.library_view import LibraryEditor
from playground.model import PlaygroundModel
from playground.odds_view import OddsPanel
from playground.share import SharePanel
from playground.stepper_view import EventLogPanel, Stepper
from playground.ui import Playground

ROOT = Path(__file__).resolve().parents[2]
PANELS = [
    LibraryEditor,
    BoardEditor,
    BoardPanel,
    Stepper,
    EventLogPanel,
    DecisionPanel,
    OddsPanel,
    SharePanel,
    Playground,
]
CONVERTED = [
    "library_view.py",
    "board_editor.py",
    "stepper_view.py",
    "decision_view.py",
    "odds_view.py",
    "share.py",
    "board_view.py",
    "ui.py",
]
INPUT_WIDGETS = {
    "Button",
    "TextInput",
    "TextAreaInput",
    "Select",
    "IntInput",
    "IntSlider",
    "RadioButtonGroup",
    "FileInput",
    "Checkbox",
    "Toggle",
}
# Model methods that run the engine (directly or through set_scenario).
ENGINE_METHODS = {
    "set_scenario",
    "load_token",
    "load_preset",
    "load_json",
    "answer",
    "apply_title",
    "apply_order",
    "apply_decklist",
    "apply_board",
    "add_card",
    "set_count",
    "remove_card",
    "add_scryfall_card",
}


def _tree(name: str) -> ast.Module:
    path = ROOT / "playground" / name
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


@pytest.mark.parametrize("cls", PANELS, ids=lambda c: c.__name__)
def test_every_panel_is_a_viewer_holding_the_one_model(cls: type) -> None:
    assert issubclass(cls, pn.viewable.Viewer)
    p = cls.param["model"]
    assert isinstance(p, param.ClassSelector) and p.class_ is PlaygroundModel


def test_the_panels_of_one_page_share_one_model() -> None:
    page = Playground()
    page.__panel__()
    page._open_odds(1)  # the Odds tab is built on its first visit
    page._open_editor_tab(1)  # and so is the board editor
    kinds = {type(p) for p in page.panels.values()}
    assert kinds == set(PANELS) - {Playground}
    assert all(p.model is page.model for p in page.panels.values())


@pytest.mark.parametrize("name", CONVERTED)
def test_no_hand_wired_watchers_or_closures(name: str) -> None:
    """Reactions are @param.depends(watch=True) methods or pn.bind: no .param.watch,
    on_click or bind_value, and no callback defined inside a function that builds views."""
    tree = _tree(name)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            f = node.func
            assert f.attr not in {"on_click", "bind_value", "link"}, (name, node.lineno)
            if f.attr == "watch" and isinstance(f.value, ast.Attribute):
                assert f.value.attr != "param", (name, node.lineno)
        if isinstance(node, ast.Name):
            assert node.id != "bind_value", (name, node.lineno)
    for fn in ast.walk(tree):  # view code (it uses Panel): no callbacks defined inside
        if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef) and any(
            isinstance(n, ast.Name) and n.id == "pn" for n in ast.walk(fn)
        ):
            inner = [
                n
                for n in ast.walk(fn)
                if n is not fn and isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
            ]
            assert not inner, (name, fn.name, [n.name for n in inner])


@pytest.mark.parametrize("name", CONVERTED)
def test_input_widgets_are_made_from_parameters(name: str) -> None:
    for node in ast.walk(_tree(name)):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        if (
            isinstance(f, ast.Attribute)
            and f.attr in INPUT_WIDGETS
            and isinstance(f.value, ast.Attribute)
            and f.value.attr == "widgets"
        ):
            raise AssertionError(
                f"{name}:{node.lineno}: pn.widgets.{f.attr}(...) instead of .from_param"
            )


@pytest.mark.parametrize("name", CONVERTED)
def test_views_never_run_the_engine_inline(name: str) -> None:
    """A view hands engine work to submit / navigate / run_async (a worker process when
    served); it names the model's method, it doesn't call it. read_url opens a link
    inline only where nothing is offloaded (its served caller passes ``load``)."""
    tree = _tree(name)
    allowed = {
        id(n)
        for fn in ast.walk(tree)
        if isinstance(fn, ast.FunctionDef) and fn.name == "read_url"
        for n in ast.walk(fn)
    }
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ENGINE_METHODS
            and id(node) not in allowed
        ):
            raise AssertionError(f"{name}:{node.lineno}: calls {node.func.attr}() inline")


def test_one_mana_symbol_function() -> None:
    """engine.views.board_html.mana_symbol draws every mana symbol: the playground and the
    notebook views use the same functions, and nothing else draws a symbol."""
    assert playground_html.mana_html is mana_html is engine.views.render.mana_html
    assert playground_html.mana_symbol is mana_symbol
    card = Scenario.from_dict(catalogue()[next(iter(catalogue()))]).pool().get("Fire // Ice")
    notebook = card._repr_html_()
    assert mana_symbol("R") in notebook and mana_symbol("U") in notebook
    drawers = re.compile(r"""class=["']ms\b|def _pip\b|def _symbol_span\b""")
    for path in [*(ROOT / "playground").glob("*.py"), *(ROOT / "engine").rglob("*.py")]:
        if path.name == "board_html.py" and path.parent.name == "engine":
            continue
        assert not drawers.search(path.read_text(encoding="utf-8")), path


def _examples() -> list[str]:
    names = list(catalogue())
    return names[:: max(1, len(names) // 4)]


@pytest.mark.parametrize("name", _examples())
def test_the_notebook_and_the_app_draw_the_same_board(name: str) -> None:
    """Frame._repr_html_ (with its timeline) holds exactly the app's board HTML for that
    frame, its classes' look written inline (notebooks drop <style>); the app's board
    component shows the same parts."""
    model = PlaygroundModel(catalogue()[name])
    tl = model.timeline
    board = BoardPanel(model=model)
    for k in sorted({0, 1, len(tl) // 2, len(tl) - 1}):
        model.go(k)
        app = board_html(tl, k)
        notebook = engine.views.render.frame_html(tl[k], tl)
        assert inline_styles(app) in notebook
        assert _unstyled(inline_styles(app)) == _unstyled(app)  # styles only, same markup
        view = board.__panel__()
        parts = {p: getattr(view, p) for p in PARTS}
        assert parts == board_parts(tl, k)
        assert SKELETON.format(frame=view.frame, **parts) == app
    assert tl[len(tl) - 1]._repr_html_().count('data-testid="board"') == 1


def _unstyled(markup: str) -> str:
    return re.sub(r' style="[^"]*"', "", markup)


def test_the_token_is_derived_from_the_scenario_in_one_place() -> None:
    model = PlaygroundModel()
    assert model.token == model.scenario_obj.to_token()
    with pytest.raises(TypeError):
        model.token = "v1.something"
    name = list(catalogue())[3]
    model.load_preset(name)
    assert model.token == model.scenario_obj.to_token()
    assert Scenario.from_token(model.token).to_dict() == model.scenario
