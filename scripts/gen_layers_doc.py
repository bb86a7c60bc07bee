"""Write the engine's layer table into docs/ENGINE_CORE.md, generated from the code.

The layers are the packages of ``engine/``, lowest first, in the order the architecture
test keeps (``PACKAGES`` in tests/engine/test_architecture.py, read with ``ast``); each
row is the package's docstring and its modules. The table sits between the markers
``<!-- layers:begin -->`` and ``<!-- layers:end -->``; tests/scripts/test_gen_layers_doc.py
checks the doc equals this output.

    python scripts/gen_layers_doc.py          # rewrite the block
    python scripts/gen_layers_doc.py --check  # exit 1 if the doc is out of date
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "ENGINE_CORE.md"
TEST = ROOT / "tests" / "engine" / "test_architecture.py"
BEGIN, END = "<!-- layers:begin -->", "<!-- layers:end -->"


def packages() -> list[str]:
    """The ordered package names, lowest first, as the architecture test has them."""
    for node in ast.parse(TEST.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.AnnAssign | ast.Assign):
            targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
            if any(isinstance(t, ast.Name) and t.id == "PACKAGES" for t in targets):
                return list(ast.literal_eval(node.value))
    raise SystemExit(f"PACKAGES not found in {TEST}")


def _doc(path: Path) -> str:
    """The docstring's first paragraph on one line, ````x```` as Markdown's ``x``."""
    text = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    return " ".join(text.split("\n\n")[0].split()).replace("``", "`")


def _modules(pkg: Path) -> str:
    names = [f"`{p.stem}`" for p in sorted(pkg.glob("*.py")) if p.stem != "__init__"]
    subs = [
        f"`{d.name}/` ({len([p for p in d.glob('*.py') if p.stem != '__init__'])} modules)"
        for d in sorted(pkg.iterdir())
        if (d / "__init__.py").is_file()
    ]
    return ", ".join(names + subs)


def table() -> str:
    rows = ["| # | package | what it holds | modules |", "|---|---|---|---|"]
    for i, name in enumerate(packages(), 1):
        pkg = ROOT / "engine" / name
        rows.append(f"| {i} | `engine.{name}` | {_doc(pkg / '__init__.py')} | {_modules(pkg)} |")
    rows.append(
        f"| {len(rows) - 1} | `engine` | {_doc(ROOT / 'engine' / '__init__.py')}"
        " | `__init__` (the public names), `__main__` (the command line) |"
    )
    return "\n".join(rows)


def render(doc: str) -> str:
    if BEGIN not in doc or END not in doc:
        raise SystemExit(f"{DOC}: the markers {BEGIN} / {END} are missing")
    head, rest = doc.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{BEGIN}\n{table()}\n{END}{tail}"


def main(argv: list[str]) -> int:
    doc = DOC.read_text(encoding="utf-8")
    new = render(doc)
    if "--check" in argv:
        if new != doc:
            print(f"{DOC} is out of date: run python scripts/gen_layers_doc.py", file=sys.stderr)
            return 1
        return 0
    DOC.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
