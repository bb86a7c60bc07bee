"""docs/RULES.md, the rules checklist, is kept honest: every checklist line names the tests
that check it, and those tests exist and cite the rule.

A checklist line is a list item (``- `` or ``N. `` at the start of a line, continued by
indented lines) anywhere after the page's first ``## `` heading. Each must name at least
one test as ``tests/<dir>/<file>.py::<test_function>``; the function must exist in that
file (read with ``ast``, the test module is never imported) and its name (``cr_`` or
``seed_`` followed by a number) or its docstring (a rule number such as ``702.85a``, or
"seed 00N") must cite a CR number or a seed.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "RULES.md"

ITEM = re.compile(r"^(?:- |(\d+)\. )")
REF = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")
NAME_CITES = re.compile(r"(?:^|_)(?:cr|seed)_\d")
DOC_CITES = re.compile(r"\b\d{3}\.\d+[a-z]?\b|\bseeds? \d{3}\b", re.IGNORECASE)


@dataclass(frozen=True)
class Item:
    line: int  # 1-based line number of the item's first line
    section: str  # the nearest "## " / "### " heading above it
    number: int | None  # "N." items keep their number
    text: str
    refs: tuple[tuple[str, str], ...]


def parse(text: str) -> list[Item]:
    """The checklist lines of a RULES.md text (list items after the first ``## `` heading)."""
    items: list[Item] = []
    section = ""
    started = False
    current: list[str] = []
    start = 0
    number: int | None = None

    def close() -> None:
        if current:
            body = " ".join(part.strip() for part in current)
            items.append(Item(start, section, number, body, tuple(REF.findall(body))))
            current.clear()

    for i, line in enumerate(text.splitlines(), 1):
        if line.startswith("#"):
            close()
            if line.startswith("## ") or line.startswith("### "):
                started = True
                section = line.lstrip("#").strip()
            continue
        if not started:
            continue
        m = ITEM.match(line)
        if m:
            close()
            start, number = i, (int(m.group(1)) if m.group(1) else None)
            current.append(line[m.end() :])
        elif current and line[:1].isspace() and line.strip():
            current.append(line)
        else:
            close()
    close()
    return items


@cache
def _functions(path: Path) -> dict[str, str]:
    """Test function name -> docstring ("" if none) of a test file, top level only."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return {
        node.name: ast.get_docstring(node) or ""
        for node in tree.body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    }


def cites(name: str, doc: str) -> bool:
    """True if a test's name or docstring cites a CR number or a seed."""
    return bool(NAME_CITES.search(name) or DOC_CITES.search(doc))


def problems(items: list[Item], root: Path) -> list[str]:
    """Every way the checklist lines fail the rules above, one message each."""
    out: list[str] = []
    for item in items:
        where = f"line {item.line} ({item.section})"
        if not item.refs:
            out.append(f"{where}: names no test")
        for file, name in item.refs:
            path = root / file
            if not path.is_file():
                out.append(f"{where}: {file} does not exist")
                continue
            functions = _functions(path)
            if name not in functions:
                out.append(f"{where}: {file} has no test function {name}")
            elif not cites(name, functions[name]):
                out.append(f"{where}: {file}::{name} cites no CR number or seed")
    return out


# ------------------------------------------------------------------------ the real page
def test_every_checklist_line_names_existing_tests_that_cite_the_rule() -> None:
    items = parse(RULES.read_text(encoding="utf-8"))
    assert len(items) >= 60, f"only {len(items)} checklist lines parsed"
    assert problems(items, ROOT) == []


def test_the_brief_sections_keep_their_numbering() -> None:
    """Cascade items 1-10, discover 1-6, Sagas 1-7, as the brief's checklist numbers them."""
    items = parse(RULES.read_text(encoding="utf-8"))

    def numbers(prefix: str) -> list[int | None]:
        return [i.number for i in items if i.section.startswith(prefix)]

    assert numbers("Cascade (CR 702.85)") == list(range(1, 11))
    assert numbers("Discover N (CR 701.57)") == list(range(1, 7))
    assert numbers("Sagas (CR 714)") == list(range(1, 8))
    assert len(numbers("Mana value (CR 202.3)")) >= 6
    assert len(numbers("Invariants")) == 3


def test_the_discover_number_disagreement_is_stated() -> None:
    """Seed 001 calls discover 701.55; the CR numbers it 701.57: the line must say so."""
    [first] = [
        i
        for i in parse(RULES.read_text(encoding="utf-8"))
        if i.section.startswith("Discover") and i.number == 1
    ]
    assert "701.55" in first.text and "701.57" in first.text and "Differs" in first.text


def test_readme_points_at_the_checklist() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/RULES.md" in readme


# --------------------------------------------------------------- the checker can fail
def _fake_repo(tmp_path: Path) -> Path:
    (tmp_path / "tests" / "engine").mkdir(parents=True)
    (tmp_path / "tests" / "engine" / "test_x.py").write_text(
        "def test_a_cr_702_85a():\n    pass\n\n\n"
        'def test_b():\n    """Seed 003: a ruling."""\n\n\n'
        'def test_c():\n    """No rule here."""\n\n\n'
        'def test_d():\n    """Checks 714.3b."""\n',
        encoding="utf-8",
    )
    return tmp_path


PAGE = """# Title

- an intro bullet before any section is not a checklist line

## Section (CR 1)

1. Cited twice.
   Tests: `tests/engine/test_x.py::test_a_cr_702_85a`,
   `tests/engine/test_x.py::test_d`
2. Cited by a seed docstring. Tests: `tests/engine/test_x.py::test_b`
"""


def test_a_good_page_has_no_problems(tmp_path: Path) -> None:
    items = parse(PAGE)
    assert [(i.line, i.number, len(i.refs)) for i in items] == [(7, 1, 2), (10, 2, 1)]
    assert problems(items, _fake_repo(tmp_path)) == []


def test_a_line_without_a_test_fails(tmp_path: Path) -> None:
    page = PAGE + "3. A rule nobody checks.\n   Its second line.\n"
    [msg] = problems(parse(page), _fake_repo(tmp_path))
    assert msg.startswith("line 11 (Section (CR 1))") and "names no test" in msg


def test_a_missing_test_or_file_fails(tmp_path: Path) -> None:
    page = PAGE + (
        "- Gone. Tests: `tests/engine/test_x.py::test_gone_cr_100_1`\n"
        "- No file. Tests: `tests/engine/test_nope.py::test_a_cr_702_85a`\n"
    )
    msgs = problems(parse(page), _fake_repo(tmp_path))
    assert len(msgs) == 2
    assert "has no test function test_gone_cr_100_1" in msgs[0]
    assert "test_nope.py does not exist" in msgs[1]


def test_a_test_that_cites_no_rule_fails(tmp_path: Path) -> None:
    page = PAGE + "- Uncited. Tests: `tests/engine/test_x.py::test_c`\n"
    [msg] = problems(parse(page), _fake_repo(tmp_path))
    assert "test_c cites no CR number or seed" in msg


def test_citations_in_names_and_docstrings() -> None:
    assert cites("test_x_cr_702_85a", "")
    assert cites("test_passed_chapter_does_not_trigger_again_seed_003", "")
    assert cites("test_x", "Discover (701.57b) ...")
    assert cites("test_x", "as seed 002 says")
    assert not cites("test_x", "no rule number here, CR only")
    assert not cites("test_crop_2", "")  # "cr" must be its own word of the name
