"""Where "Open in notebook" points (playground.share.lab_url), and that a served app with no
lab shows no link (a link to nothing would be a dead end). The lab side, offline, and the
served app with a lab are tested in tests/hosted/test_lab.py and test_hosted_page.py."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from playground import __main__ as cli
from playground import share
from playground.serve import LAB_PATH, lab_patterns
from tests.playground.ui import open_app


@pytest.fixture
def no_lab(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv(share.LAB_URL_ENV, raising=False)
    share.set_served_lab("")
    yield
    share.set_served_lab("")


def test_lab_url_served_hosted_and_configured(
    no_lab: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert share.lab_url() == ""  # a notebook, or a server without a lab: no link
    share.set_served_lab(LAB_PATH)
    assert share.lab_url() == "/lab/"  # the lab this server serves
    monkeypatch.setenv(share.LAB_URL_ENV, "https://cards.example.org/lab")
    assert share.lab_url() == "https://cards.example.org/lab/"  # a lab hosted elsewhere wins
    monkeypatch.delenv(share.LAB_URL_ENV)
    share.set_served_lab("")
    monkeypatch.setattr(type(share.pn.state), "_is_pyodide", property(lambda self: True))
    assert share.lab_url() == share.HOSTED_LAB == "lab/"  # the static site's lab beside it


def test_served_lab_folder_is_checked(
    tmp_path: Path, no_lab: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(FileNotFoundError, match="no JupyterLite lab"):
        lab_patterns(tmp_path)
    with pytest.raises(SystemExit, match="no JupyterLite lab"):
        cli._lab_dir(str(tmp_path))
    assert cli._lab_dir("none") is None
    (tmp_path / "site" / "lab").mkdir(parents=True)
    (tmp_path / "site" / "lab" / "jupyter-lite.json").write_text("{}")
    monkeypatch.chdir(tmp_path)
    assert cli._lab_dir(None) == Path("site") / "lab"  # `make site` built it: served
    monkeypatch.setenv(share.LAB_URL_ENV, "https://cards.example.org/lab/")
    assert cli._lab_dir(None) is None  # a hosted lab is configured: nothing served here
    ((pattern, _handler, opts),) = lab_patterns(tmp_path / "site" / "lab")
    assert pattern.startswith(LAB_PATH) and opts["default_filename"] == "index.html"


def test_no_lab_no_link(page: Page, app_url: str, no_lab: None) -> None:
    open_app(page, app_url)
    expect(page.get_by_role("button", name="Copy link")).to_be_visible()
    expect(page.get_by_test_id("open-notebook")).to_be_hidden()
