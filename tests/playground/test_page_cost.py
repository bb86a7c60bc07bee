"""What a session costs the server: what the first page builds, and what a step sends.

A session that opens a link and steps through it never looks at the board editor or the
Odds tab, so neither is built until its tab is first opened (the board editor alone was
over half of the page's Bokeh models). Counted on a page built into a Bokeh document, as
the server builds it; timings are the benchmarks' business (benchmarks/bench_crowd.py).
"""

from __future__ import annotations

from bokeh.document import Document

from playground.board_editor import BoardEditor
from playground.library_view import LibraryForm
from playground.ui import Playground


def _page() -> tuple[Playground, Document]:
    page = Playground(sync_url=False)
    doc = Document()
    doc.add_root(page.__panel__().get_root(doc))
    return page, doc


def _kinds(doc: Document) -> list[str]:
    return [type(m).__name__ for m in doc.models]


def test_the_board_editor_is_built_when_its_tab_is_first_opened() -> None:
    page, doc = _page()
    assert "board_editor" not in page.panels
    assert _kinds(doc).count("TextAreaInput") == 0  # the library's boxes are in its one form
    before = len(doc.models)
    page._editor_tabs.active = 1
    editor = page.panels["board_editor"]
    assert isinstance(editor, BoardEditor) and editor.model is page.model
    assert _kinds(doc).count("TextAreaInput") == 9  # both players' zone boxes
    assert len(doc.models) > before + 40
    page._editor_tabs.active = 0
    page._editor_tabs.active = 1
    assert page.panels["board_editor"] is editor  # built once, kept


def test_the_library_editor_is_one_component() -> None:
    """The library builder (title, decklist, search, matches, table, order, seed, Scryfall
    box) is one browser component: built as widgets it was some thirty Bokeh models of
    every new session; now it is its form and that form's stylesheets."""
    page, doc = _page()
    library = page.panels["library"].__panel__()
    assert isinstance(library, LibraryForm)
    mine = [m for m, _parent in library._models.values()]
    assert len(mine) == 1
    subtree = [type(m).__name__ for m in mine[0].references()]
    assert sorted(set(subtree)) == ["ImportedStyleSheet", "LibraryForm1", "ReactiveESM"], subtree
    assert subtree.count("ReactiveESM") == subtree.count("LibraryForm1") == 1
    # and nothing else on the first page is one of the widgets it used to be built of
    widgets = {"TextInput", "TextAreaInput", "Spinner", "SingleSelect", "RadioButtonGroup", "Card"}
    assert not widgets & set(_kinds(doc))


def test_respond_here_builds_the_board_editor_with_the_new_row() -> None:
    """117.3c: with Bloodbraid Elf's cascade trigger on the stack (frame 3) a player gets
    priority; "Respond here…" opens the editor on a new response row."""
    page, _doc = _page()
    page.model.go(3)
    assert page.panels["stepper"].can_respond  # its button, drawn by the stepper controls
    assert page.panels["stepper"].__panel__().can_respond
    page.param.trigger("respond")
    editor = page.panels["board_editor"]
    assert page._editor_tabs.active == 1
    assert len(page.model.action_rows) == 2
    new = [e for e in editor.row_editors if e.new]
    assert len(new) == 1 and new[0].open and new[0].row.player == "1"


def test_pages_and_steps_skip_bokehs_error_diagnostics(monkeypatch) -> None:
    """With Bokeh's diagnostics off (what the server sets), building a page checks no
    callback signature, and a step builds no "did you mean" message: Panel looks each
    custom-component property a step changes up on the wrong model, and Bokeh used to run
    difflib over every property name before the AttributeError was swallowed."""
    import difflib
    import sys

    from bokeh.settings import settings
    from bokeh.util import callback_manager

    from playground.serve import skip_bokeh_diagnostics

    skip_bokeh_diagnostics()
    assert settings.perform_error_diagnostics() is False
    signatures: list[object] = []
    close: list[str] = []
    real_signature = callback_manager.signature

    def counted_signature(fn, *args, **kwargs):
        if sys._getframe(1).f_code.co_name == "_check_callback":  # not _nargs (needed)
            signatures.append(fn)
        return real_signature(fn, *args, **kwargs)

    monkeypatch.setattr(callback_manager, "signature", counted_signature)
    monkeypatch.setattr(difflib, "get_close_matches", lambda word, *a, **k: close.append(word))
    page, doc = _page()
    board = next(m for m in doc.models if type(m).__name__ == "BoardView1")  # its data
    page.model.step(1)
    assert board.frame == 1 == page.model.frame
    assert close == []
    assert signatures == []
    # the page still works as before: a change that brings new models registers them
    page._editor_tabs.active = 1
    assert any(type(m).__name__ == "TextAreaInput" and m.title == "Your hand" for m in doc.models)
