"""The JupyterLite lab of the static site (site/lab, scripts/build_lab.py), in Chromium,
with every request that would leave this machine blocked: offline is what these test.

The lab is built once per session with the rest of the site (the ``site`` fixture) and
served by a plain static file server. Each test asserts that nothing was fetched from
anywhere else: Pyodide, its kernel wheels and the project's wheel all come from the site.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from engine import Scenario
from tests.hosted.test_share_links import PRESET, STATIC_PAGE, hosted

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "lab"
# A kernel start loads Pyodide (14 MB) and installs ipython & co. from the site's wheels:
# 5-25 s on a quiet machine, about a minute on a busy 2-core one.
KERNEL_TIMEOUT = 240_000
TIMEOUT = 30_000


class Offline:
    """Routes a browser context: requests to the site pass, every other one is aborted and
    recorded (``blocked``)."""

    def __init__(self, context: BrowserContext, site_url: str) -> None:
        self.blocked: list[str] = []
        self.served: list[str] = []
        self._origin = site_url.rstrip("/") + "/"
        context.route("**/*", self._route)

    def _route(self, route: Any) -> None:
        url = route.request.url
        if url.startswith(self._origin):
            self.served.append(url)
            route.continue_()
        elif url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            self.blocked.append(url)
            route.abort("internetdisconnected")


@pytest.fixture
def offline(page: Page, static_url: str) -> Iterator[Offline]:
    off = Offline(page.context, static_url)
    yield off
    assert off.blocked == [], f"the lab tried to reach other hosts: {off.blocked[:10]}"


@pytest.fixture(scope="session")
def lab_timings() -> Iterator[dict[str, float]]:
    timings: dict[str, float] = {}
    yield timings
    if timings:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        (ARTIFACTS / "timings.json").write_text(json.dumps(timings, indent=2), encoding="utf-8")


def run_all(page: Page) -> None:
    """Run, Run All Cells: the menu a person uses, once the kernel shows it is ready (the
    toolbar's green check). Run All before the kernel has connected queues nothing: the
    cells stay unrun, as a person would see."""
    expect(page.locator(".jp-KernelStatus-success")).to_be_visible(timeout=KERNEL_TIMEOUT)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()


def outputs(page: Page) -> Any:
    return page.locator(".jp-OutputArea-output")


def assert_no_errors(page: Page) -> None:
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    texts = errors.all_inner_texts()
    assert not [t for t in texts if "Error" in t or "Traceback" in t], texts


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=False)


def test_lab_build_serves_its_own_pyodide_and_wheels(site: dict[str, Any]) -> None:
    """The kernel loads Pyodide from the lab (never a CDN), the project's wheel before the
    first cell, and every served wheel has its real sha256 in the lock (Pyodide checks it)."""
    lab = site["out"] / "lab"
    config = json.loads((lab / "jupyter-lite.json").read_text(encoding="utf-8"))
    data = config["jupyter-config-data"]
    kernel = data["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["loadPyodideOptions"]["packages"] == ["cascade-playground"]
    assert kernel["disablePyPIFallback"] is True
    pyodide = lab / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))["packages"]
    served = {p.name: p for p in pyodide.glob("*.whl")}
    by_file = {e["file_name"]: e for e in lock.values() if e["file_name"] in served}
    assert set(by_file) == set(served)
    for name, path in served.items():
        assert by_file[name]["sha256"] == hashlib.sha256(path.read_bytes()).hexdigest(), name
    ours = lock["cascade-playground"]
    assert ours["file_name"] == Path(site["wheel"]).name and ours["depends"] == []
    for needed in ("micropip", "ipython", "jedi", "comm", "traitlets"):
        assert lock[needed]["file_name"] in served, needed
    # The file browser: both example notebooks and every example scenario, same layout.
    files = lab / "files" / "examples"
    assert sorted(p.name for p in (files / "notebooks").glob("*.ipynb")) == [
        "quick_start.ipynb",
        "rules_tour.ipynb",
    ]
    assert sorted(p.name for p in (files / "scenarios").glob("*.json")) == sorted(
        p.name for p in (ROOT / "examples" / "scenarios").glob("*.json")
    )
    # Only the kernel's extension: not this environment's others (Panel's fails in the lab).
    assert [p.name for p in (lab / "extensions").iterdir()] == ["@jupyterlite"]
    assert (lab / "open" / "index.html").is_file()
    print(f"\nlab build: {site['seconds'].get('lab')} s")


def test_quick_start_notebook_runs_offline(
    page: Page, static_url: str, offline: Offline, lab_timings: dict[str, float]
) -> None:
    """The quick start in a fresh kernel, no install step: its engine cells run, the
    timeline and the board render as the engine's own HTML, and the Panel cell says what
    it needs instead of hanging."""
    t0 = time.perf_counter()
    page.goto(f"{static_url}/lab/notebooks/index.html?path=examples/notebooks/quick_start.ipynb")
    expect(page.locator(".jp-Notebook .jp-Cell").first).to_be_visible(timeout=TIMEOUT)
    run_all(page)
    out = outputs(page)
    expect(out.filter(has_text="needs Panel")).to_have_count(1, timeout=KERNEL_TIMEOUT)
    lab_timings["quick_start_run_all_s"] = round(time.perf_counter() - t0, 1)
    timeline = page.locator(".jp-OutputArea-output [data-engine='timeline']").first
    expect(timeline).to_be_visible()
    expect(timeline).to_contain_text("My first cascade")
    # the cascade hit's frame, drawn by the app's board renderer
    board = page.locator(".jp-OutputArea-output [data-engine='frame'] [data-testid='board']")
    expect(board.first).to_be_visible()
    assert int(board.first.get_attribute("data-frame") or 0) > 0
    expect(out.filter(has_text="characters")).to_have_count(1)  # the share token cell
    # a GameState (the answered run's last) is the board's table: every zone title whole
    # under the lab's stylesheet (which gives tables a fixed layout: a table's labels were
    # cut to "lib", "ba")
    state = page.locator(".jp-OutputArea-output [data-engine='state']").last
    state.scroll_into_view_if_needed()
    titles = state.locator("section.zone h4")
    expect(titles).to_have_count(11)  # five zones of each player and the stack
    cut = titles.evaluate_all(
        "hs => hs.filter(h => h.scrollWidth > h.clientWidth + 1"
        " || h.getBoundingClientRect().height > 24).map(h => h.textContent)"
    )
    assert cut == [], cut
    assert_no_errors(page)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    state.screenshot(path=str(ARTIFACTS / "quick_start_state.png"))
    timeline.scroll_into_view_if_needed()
    shot(page, "quick_start.png")
    print(f"\nquick start, open to last cell done: {lab_timings['quick_start_run_all_s']} s")


def test_repl_with_code_in_its_url(
    page: Page, static_url: str, offline: Offline, lab_timings: dict[str, float]
) -> None:
    """``repl/index.html?kernel=python&code=...``: import engine (preinstalled), load an
    example scenario from the lab's file browser (the kernel's /drive) and run its cascade;
    the REPL prints what CPython computes for the same file."""
    scenario = Scenario.load(ROOT / "examples/scenarios/cascade_split_card.json")
    timeline = scenario.run()
    hit = next(f.event.text for f in timeline if f.event and f.event.kind == "cascade_hit")
    expected = (
        f"CASCADE frames={len(timeline)} "
        f"fingerprint={hashlib.sha256(timeline.fingerprint().encode()).hexdigest()[:16]}"
    )
    code = "\n".join(
        [
            "import hashlib, engine",
            "from engine import Scenario",
            "t = Scenario.load('/drive/examples/scenarios/cascade_split_card.json').run()",
            "print('CASCADE', f'frames={len(t)}', 'fingerprint=' + "
            "hashlib.sha256(t.fingerprint().encode()).hexdigest()[:16])",
            "print('HIT', next(f.event.text for f in t if f.event and f.event.kind == 'cascade_hit'))",  # noqa: E501
            "print('ENGINE', engine.__file__)",
        ]
    )
    t0 = time.perf_counter()
    page.goto(f"{static_url}/lab/repl/index.html?kernel=python&code={urllib.parse.quote(code)}")
    out = outputs(page)
    expect(out.filter(has_text="CASCADE")).to_have_count(1, timeout=KERNEL_TIMEOUT)
    lab_timings["repl_printed_s"] = round(time.perf_counter() - t0, 1)
    text = "\n".join(out.all_inner_texts())
    assert expected in text, text
    assert f"HIT {hit}" in text
    # the wheel installed in the kernel's site-packages, not a path of this machine
    assert re.search(r"ENGINE /lib/python3\.\d+/site-packages/engine/__init__\.py", text), text
    shot(page, "repl.png")
    print(f"\nREPL, open to printed: {lab_timings['repl_printed_s']} s")


def test_open_in_notebook_from_the_hosted_page(
    page: Page,
    site: dict[str, Any],
    static_url: str,
    offline: Offline,
    lab_timings: dict[str, float],
) -> None:
    """The hosted page's "Open in notebook" (its own code path, tests/hosted/hosted_session.py)
    points at the lab beside it with the page's scenario and frame; followed on the static
    host, the lab writes the notebook twin (token in the first cell), and running it shows
    the board at that frame."""
    got = hosted(site, STATIC_PAGE, "--preset", PRESET, "--next", "3")
    q = {k: v[0] for k, v in parse_qs(urlsplit(got["link"]).query).items()}
    assert got["frame"] == 3 and q["f"] == "3"
    link = got["notebook"]
    assert link == f"https://cards.example.org/playground/lab/open/index.html?s={q['s']}&f=3"
    # The same folder on our static host: the page's lab/ is the site's lab/.
    parts = urlsplit(link)
    local = f"{static_url}{parts.path.removeprefix('/playground')}?{parts.query}"
    t0 = time.perf_counter()
    page.goto(local)
    expect(page).to_have_url(
        re.compile(
            r"/lab/notebooks/index\.html\?path=links%2Fscenario-"
            r"[0-9a-f]{8}-f3\.ipynb$"
        ),
        timeout=TIMEOUT,
    )
    first_code = page.locator(".jp-CodeCell").first
    expect(first_code).to_contain_text(f'TOKEN = "{q["s"]}"', timeout=TIMEOUT)
    expect(first_code).to_contain_text("FRAME = 3")
    run_all(page)
    scenario = Scenario.from_token(q["s"])
    timeline = scenario.run()
    out = outputs(page)
    expect(out.filter(has_text=f"{scenario.title}: frame 3 of {len(timeline) - 1}")).to_have_count(
        1, timeout=KERNEL_TIMEOUT
    )
    board = page.locator(".jp-OutputArea-output [data-engine='frame'] [data-testid='board']")
    expect(board).to_have_attribute("data-frame", "3")
    expect(page.locator(".jp-OutputArea-output [data-engine='timeline']")).to_contain_text(
        scenario.title
    )
    lab_timings["open_in_notebook_s"] = round(time.perf_counter() - t0, 1)
    assert_no_errors(page)
    board.scroll_into_view_if_needed()
    shot(page, "open_in_notebook.png")
    # The file browser keeps it: the same link opens the same notebook (edits kept).
    page.goto(local)
    expect(page).to_have_url(re.compile(r"path=links%2Fscenario-"), timeout=TIMEOUT)
    print(f"\nopen in notebook, link to board: {lab_timings['open_in_notebook_s']} s")


@pytest.mark.parametrize(
    ("query", "says"),
    [
        ("", "has no scenario"),
        ("?s=v1.abc%3Cscript%3E&f=0", "characters a share token never has"),
        ("?s=v1.abc&f=-2", "not a frame number"),
        ("?s=" + "a" * 16_385, "too long"),
    ],
)
def test_open_page_says_what_is_wrong_with_a_link(
    page: Page, static_url: str, offline: Offline, query: str, says: str
) -> None:
    page.goto(f"{static_url}/lab/open/index.html{query}")
    expect(page.get_by_test_id("open-error")).to_contain_text(says, timeout=TIMEOUT)
    assert "/open/index.html" in page.url  # it stays: nothing written, nothing opened
