"""The engine's import graph: downward only, no cycle; and only the kernel writes the state.

Every engine module is parsed with ``ast`` (not imported) and EVERY import counts: at the
top, inside functions, and under ``if TYPE_CHECKING:`` (a type-only import may not go
upward either; a lower module annotates with a type of its own layer or ``Any``, and a
higher layer registers what a lower one needs: engine.core.registry, engine.base.display,
``scenario.register_runner``). Importing a module of a subpackage runs the subpackage's
``__init__`` first, so ``engine.ops.cards`` importing ``engine.ops._x`` also imports
``engine.ops`` (whose ``__init__`` imports every family): that parent counts, or a family
importing its own package's helpers is a cycle the graph would not show. The root
package (``import engine.x`` runs ``engine/__init__``) is Python's mechanics and doesn't
count.
The sources are found next to ``engine/__init__.py``, so this runs inside Pyodide too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import engine

ROOT = Path(engine.__file__).resolve().parent

# The layers are the engine's packages, lowest first: a module may import modules of its own
# package or of a lower one. The modules at the root (``engine/__main__.py``, the command
# line, and ``engine/__init__.py``, the public names) sit above every package.
PACKAGES: list[str] = [
    "base",
    "cards",
    "scenario",
    "core",
    "lang",
    "rules",
    "keywords",
    "ops",
    "play",
    "views",
    "odds",
    "conformance",
]
TOP = ("engine.__main__", "engine")

MUTATORS = frozenset(
    {
        "append",
        "extend",
        "insert",
        "remove",
        "pop",
        "clear",
        "add",
        "discard",
        "update",
        "setdefault",
        "sort",
        "reverse",
        "popitem",
    }
)
# Modules that may write the kernel's fields: the kernel, and Game's own setup.
WRITERS = {"engine.core.kernel"}


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def sources() -> dict[str, ast.Module]:
    out = {}
    for path in sorted(ROOT.rglob("*.py")):
        out[module_name(path)] = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return out


def layer_of(module: str) -> int:
    if module in TOP:
        return len(PACKAGES)
    parts = module.split(".")
    if len(parts) < 2 or parts[1] not in PACKAGES:
        raise AssertionError(
            f"{module} is in no layer: engine modules live in a package of PACKAGES "
            f"in {__name__} ({', '.join(PACKAGES)})"
        )
    return PACKAGES.index(parts[1])


def layer_name(i: int) -> str:
    return PACKAGES[i] if i < len(PACKAGES) else "top"


def test_the_layers_are_the_packages() -> None:
    """Every package directory of engine/ is a layer, and every layer a package."""
    found = {p.parent.name for p in ROOT.glob("*/__init__.py")}
    assert found == set(PACKAGES)


def imports(module: str, tree: ast.Module, known: set[str]) -> set[str]:
    """Every engine module ``module`` imports, wherever the import statement is."""
    is_package = module == "engine" or (ROOT.parent / module.replace(".", "/")).is_dir()
    package = module if is_package else module.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.split(".")[0] == "engine")
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] != "engine":
                continue
            subs = [f"{target}.{a.name}" for a in node.names if f"{target}.{a.name}" in known]
            if subs:
                out.update(subs)
            if len(subs) < len(node.names):
                out.add(target)
    out.update(parent for name in list(out) for parent in _parents(name) if parent in known)
    out.discard(module)
    return out


def _parents(name: str) -> list[str]:
    """The subpackages importing ``name`` runs first (not the root package ``engine``)."""
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(2, len(parts))]


def graph() -> dict[str, set[str]]:
    trees = sources()
    known = set(trees)
    return {m: imports(m, t, known) for m, t in trees.items()}


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        stack.append(m)
        for n in sorted(edges.get(m, ())):
            if state.get(n) == 1:
                return stack[stack.index(n) :] + [n]
            if n not in state:
                found = visit(n)
                if found:
                    return found
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(edges):
        if m not in state:
            found = visit(m)
            if found:
                return found
    return None


def upward(edges: dict[str, set[str]]) -> list[str]:
    bad = []
    for m, targets in sorted(edges.items()):
        for t in sorted(targets):
            if layer_of(t) > layer_of(m):
                lm, lt = layer_name(layer_of(m)), layer_name(layer_of(t))
                bad.append(f"{m} ({lm}) imports {t} ({lt})")
    return bad


def kernel_fields(tree: ast.Module) -> set[str]:
    """The attributes ``Kernel.__init__`` assigns on self: the game state."""
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == "__init__":
            return {
                t.attr
                for stmt in ast.walk(node)
                if isinstance(stmt, (ast.Assign, ast.AnnAssign))
                for t in (stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target])
                if isinstance(t, ast.Attribute)
                and isinstance(t.value, ast.Name)
                and t.value.id == "self"
            }
    raise AssertionError("Kernel.__init__ not found")


def _state_field(node: ast.AST, fields: set[str], selves: tuple[str, ...] = ()) -> str | None:
    """``game.zones[0]["hand"]`` / ``ctx.game.life`` -> the field name, else None; in a
    subclass of ``Kernel`` (``selves == ("self",)``) ``self.life`` is the state too."""
    while isinstance(node, ast.Subscript) or (
        isinstance(node, ast.Attribute) and node.attr not in fields
    ):
        node = node.value
    if not isinstance(node, ast.Attribute) or node.attr not in fields:
        return None
    base = node.value
    if (isinstance(base, ast.Name) and base.id in ("game", *selves)) or (
        isinstance(base, ast.Attribute) and base.attr == "game"
    ):
        return node.attr
    return None


def state_writes(tree: ast.AST, fields: set[str]) -> list[str]:
    """Assignments to, or mutating calls on, a game's state fields (line: field), ``self``'s
    included in a class that subclasses ``Kernel`` (``Game``'s setup)."""
    out: list[tuple[int, str]] = []
    subclasses = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
        and any(isinstance(b, ast.Name) and b.id == "Kernel" for b in node.bases)
    ]
    for cls in subclasses:
        out += _writes(cls, fields, ("self",))
    seen = set(out)
    out += [w for w in _writes(tree, fields, ()) if w not in seen]
    return [f"line {line}: {name}" for line, name in sorted(out)]


def _writes(tree: ast.AST, fields: set[str], selves: tuple[str, ...]) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        targets: list[ast.AST] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = list(node.targets)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in MUTATORS
        ):
            targets = [node.func.value]
        for t in targets:
            name = _state_field(t, fields, selves)
            if name:
                out.append((node.lineno, name))
    return out


# ---------------------------------------------------------------------------------- tests
def test_every_engine_module_is_in_a_layer() -> None:
    for m in graph():
        layer_of(m)


def test_engine_imports_have_no_cycle() -> None:
    assert find_cycle(graph()) is None, " -> ".join(find_cycle(graph()) or [])


def test_engine_imports_go_downward_only() -> None:
    assert upward(graph()) == []


def test_only_the_kernel_writes_the_game_state() -> None:
    trees = sources()
    fields = kernel_fields(trees["engine.core.kernel"])
    assert {"players", "this_turn", "objects", "stack", "turn"} <= fields
    found = {
        m: writes
        for m, tree in trees.items()
        if m not in WRITERS and (writes := state_writes(tree, fields))
    }
    assert found == {}


def test_the_checks_catch_what_they_look_for() -> None:
    """The checkers themselves can fail: a cycle, an upward import, a direct write."""
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
    assert upward({"engine.core.kernel": {"engine.keywords.cascade"}}) == [
        "engine.core.kernel (core) imports engine.keywords.cascade (keywords)"
    ]
    fields = {"zones", "life", "stack"}
    bad = ast.parse(
        "def f(game, ctx):\n"
        "    game.life[0] -= 3\n"
        "    ctx.game.zones[0]['hand'].append(1)\n"
        "    game.stack = []\n"
        "    x = game.zones[0]['hand'][0]\n"
        "    game.move(1, 'exile')\n"
    )
    assert state_writes(bad, fields) == ["line 2: life", "line 3: zones", "line 4: stack"]
    setup = ast.parse(
        "class Game(Kernel):\n"
        "    def _setup(self):\n"
        "        self.life[0] = 20\n"
        "        self.policy = None\n"
        "def f(self):\n"
        "    self.life = 3\n"
    )
    assert state_writes(setup, fields) == ["line 3: life"]
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from engine.keywords.cascade import resolve\n"
        "def f():\n    from engine.rules import stack\n    import engine.play.wiring\n"
    )
    known = {"engine.keywords.cascade", "engine.rules.stack", "engine.play.wiring"}
    assert imports("engine.core.kernel", tree, known) == known
    # a family importing a helper module inside its own package imports the package too:
    # the cycle engine.ops -> engine.ops.cards -> engine.ops (its __init__) is found
    family = ast.parse("from engine.ops import _common\n")
    known = {"engine.ops", "engine.ops.cards", "engine.ops._common"}
    edges = {
        "engine.ops": {"engine.ops.cards"},
        "engine.ops.cards": imports("engine.ops.cards", family, known),
    }
    assert edges["engine.ops.cards"] == {"engine.ops", "engine.ops._common"}
    assert find_cycle(edges) == ["engine.ops", "engine.ops.cards", "engine.ops"]


def test_every_op_family_is_registered_and_every_op_has_one_handler() -> None:
    """Adding a family = one module in engine/ops (engine/ops/cards for an op shaped to one
    card) + one import line in engine/ops/__init__;
    a keyword's ops live in its module of engine/keywords, imported there too."""
    from engine.lang.effects import OPS

    # Helpers the families share live outside the package (engine/rules/op_common.py), so no
    # family imports the package that imports it.
    families = {module_name(p) for p in (ROOT / "ops").rglob("*.py") if not p.stem.startswith("_")}
    registered = {spec.family for spec in OPS.values()}
    assert families <= registered
    assert {f for f in registered - families if not f.startswith("engine.keywords.")} == set()
    for name, spec in OPS.items():
        assert spec.name == name and spec.doc, f"op {name!r} needs a docstring"


def test_every_scenario_action_and_hook_is_registered() -> None:
    """engine.play.wiring wires every mechanic: the game finds each action and hook it calls."""
    from engine.core import registry
    from engine.scenario import scenario

    wired = registry.describe()
    assert wired["actions"] == sorted(scenario.ACTIONS)
    assert wired["state_based"] == [
        "engine.rules.legend.check",
        "engine.rules.sba.check",
        "engine.ops.zones.return_exiled_until",
        "engine.ops.roles.one_role_each",
    ]
    assert wired["on_cast"] == [
        "engine.keywords.cascade.on_cast",
        "engine.rules.triggers.on_cast",
        "engine.keywords.storm.on_cast",
        "engine.keywords.prowess.on_cast",
    ]
    assert wired["on_enter"] == [
        "engine.rules.permanents.entered_battlefield",
        "engine.keywords.evoke.on_enter",
        "engine.keywords.warp.on_enter",
        "engine.rules.triggers.on_enter",
    ]
    assert wired["ability_resolvers"] == [
        "",
        "cascade",
        "copy",
        "cumulative_upkeep",
        "echo",
        "etb",
        "evoke",
        "persist",
        "storm",
        "suspend",
        "suspend_cast",
        "triggered",
        "undying",
    ]
    assert wired["on_event"] == [
        "engine.rules.triggers.on_event",
        "engine.ops.zones.return_when_source_leaves",
        "engine.keywords.persist.on_event",
        "engine.keywords.undying.on_event",
        "engine.keywords.suspend.on_event",
        "engine.keywords.echo.on_event",
        "engine.ops.earthbend.on_event",
    ]
