"""One session's pathological inputs while another steps, shared by the browser
test (tests/playground/test_isolation.py) and benchmarks/bench_isolation.py.

Session A submits each input of the issue's list; session B presses "Next ›" and times
each step inside the page (click -> board showing the next frame), so the numbers include
the websocket round trip and the server's callback: a blocked event loop shows up there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect

from engine import encode_token
from tests.playground.ui import button, expect_frame, frame, open_tab

# B's scenario: Bloodbraid Elf over 150 listed lands then a hit -> 157 frames.
LONG_SCENARIO: dict[str, Any] = {
    "version": 1,
    "title": "Benchmark: a long cascade",
    "seed": 1,
    "players": [
        {
            "name": "You",
            "life": 20,
            "library": {
                "order": "listed",
                "cards": [{"name": "Forest", "count": 150}, {"name": "Kird Ape", "count": 1}],
            },
            "hand": ["Bloodbraid Elf"],
            "battlefield": ["Forest", "Forest", "Mountain", "Mountain"],
        },
        {"name": "Opponent", "life": 20, "library": {"order": "listed", "cards": []}},
    ],
    "actions": [{"do": "cast", "card": "Bloodbraid Elf"}],
    "choices": [],
}


def apex_scenario(casts: int = 8) -> dict[str, Any]:
    """Apex Devastator (cascade x4) cast ``casts`` times over a 1,000-land library: every
    cascade exiles the whole library (8 casts took 22 s and 1.47 GB)."""
    lands = [{"name": n, "count": 250} for n in ("Forest", "Mountain", "Island", "Plains")]
    return {
        "version": 1,
        "title": f"Apex Devastator x{casts}",
        "seed": 1,
        "players": [
            {
                "name": "You",
                "life": 20,
                "library": {"order": "random", "cards": lands},
                "hand": ["Apex Devastator"] * casts,
                "battlefield": [],
            },
            {"name": "Opponent", "life": 20, "library": {"order": "listed", "cards": []}},
        ],
        "actions": [{"do": "cast", "card": "Apex Devastator"}] * casts,
        "choices": [],
    }


def big_cascade_scenario(instances: int = 3000) -> dict[str, Any]:
    """A user card with ``cascade: 3000`` (blocked another session for 4.3 s)."""
    return {
        "version": 1,
        "title": f"Cascade {instances}",
        "seed": 1,
        "cards": [
            {
                "name": "Huge Cascader",
                "mana_cost": "{7}",
                "type_line": "Sorcery",
                "keywords": ["Cascade"],
                "cascade": instances,
            }
        ],
        "players": [
            {
                "name": "You",
                "life": 20,
                "library": {
                    "order": "random",
                    "cards": [{"name": "Forest", "count": 60}, {"name": "Kird Ape", "count": 4}],
                },
                "hand": ["Huge Cascader"],
                "battlefield": [],
            },
            {"name": "Opponent", "life": 20, "library": {"order": "listed", "cards": []}},
        ],
        "actions": [{"do": "cast", "card": "Huge Cascader"}],
        "choices": [],
    }


def token_of(data: dict[str, Any]) -> str:
    """The raw link a stranger could craft: encoded as is, not validated first."""
    return encode_token(data)


# --------------------------------------------------------------------------- A's inputs
# Each starts the input and returns at once (the server works on it while B steps);
# the matching ``settled`` check waits until A shows the outcome.


def paste_decklist(a: Page, url: str) -> None:
    open_tab(a, "Library")
    a.get_by_label("Decklist (MTGA, MTGO or '4 Card Name' lines)").fill("a" + " " * 2000 + "!")
    button(a, "Load decklist").click()


def form_line(a: Page, url: str) -> None:
    open_tab(a, "Board & action")
    a.get_by_label("Your hand").fill("a" + " " * 2000 + "x")
    button(a, "Set up board").click()


def apex_link(a: Page, url: str) -> None:
    a.goto(f"{url}?s={token_of(apex_scenario(8))}", wait_until="commit")


def cascade_link(a: Page, url: str) -> None:
    a.goto(f"{url}?s={token_of(big_cascade_scenario(3000))}", wait_until="commit")


def long_query(a: Page, url: str) -> None:
    a.goto(f"{url}?s=v1.{'A' * 1_000_000}", wait_until="commit")


def _errors_shown(testid: str) -> Callable[[Page, float], None]:
    def check(a: Page, timeout: float) -> None:
        expect(a.get_by_test_id(testid)).to_have_class("errors", timeout=timeout)

    return check


def _notice_shown(a: Page, timeout: float) -> None:
    expect(a.get_by_test_id("notice")).to_be_visible(timeout=timeout)
    expect(a.get_by_test_id("busy")).to_have_count(0, timeout=timeout)


#: name -> (start the input, wait until A shows its outcome)
INPUTS: dict[str, tuple[Callable[[Page, str], None], Callable[[Page, float], None]]] = {
    "form line 'a'+2000 spaces+'x'": (form_line, _errors_shown("board-errors")),
    "decklist 'a'+2000 spaces+'!'": (paste_decklist, _errors_shown("library-errors")),
    "Apex Devastator x8 link": (apex_link, _notice_shown),
    "user card cascade 3000 link": (cascade_link, _notice_shown),
    "?s= of 1 MB": (long_query, _notice_shown),
}

# --------------------------------------------------------------------------- B's steps

# Runs in B's page: press "Next ›" n times, each time waiting until the board (found
# through open shadow roots) shows the next frame; returns each step's milliseconds.
STEP_JS = """
async ([n]) => {
  function deep(root, pred) {
    for (const el of root.querySelectorAll('*')) {
      if (pred(el)) return el;
      if (el.shadowRoot) { const f = deep(el.shadowRoot, pred); if (f) return f; }
    }
    return null;
  }
  const btn = deep(document, el => el.tagName === 'BUTTON' && el.textContent.trim() === 'Next ›');
  let board = deep(document, el => el.dataset && el.dataset.testid === 'board');
  const root = board.getRootNode();
  const times = [];
  for (let i = 0; i < n; i++) {
    const want = String(Number(board.dataset.frame) + 1);
    const t0 = performance.now();
    await new Promise((resolve) => {
      const check = () => {
        const b = root.querySelector('[data-testid=board]');
        if (b && b.dataset.frame === want) { obs.disconnect(); board = b; resolve(); }
      };
      const obs = new MutationObserver(check);
      obs.observe(root, {subtree: true, childList: true, attributes: true});
      btn.click();
    });
    times.push(performance.now() - t0);
  }
  return times;
}
"""


def rewind(b: Page) -> None:
    """Back to B's first frame (the "« First" button is disabled when already there)."""
    if frame(b) != 0:
        button(b, "« First").click()
    expect_frame(b, 0)


def step_times(b: Page, n: int) -> list[float]:
    """Milliseconds of ``n`` "Next ›" steps in B (B must have ``n`` frames ahead)."""
    return list(b.evaluate(STEP_JS, [n]))


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(q * (len(s) - 1))))]
