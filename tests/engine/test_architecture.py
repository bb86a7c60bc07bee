"""The engine's import graph: downward only, no cycle; and only the kernel writes the state.

Every engine module is parsed with ``ast`` (not imported) and EVERY import counts: at the
top, inside functions, and under ``if TYPE_CHECKING:`` (a type-only import may not go
upward either; a lower module annotates with a type of its own layer or ``Any``, and a
higher layer registers what a lower one needs: engine.registry, engine.display,
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

# Lowest first. A module may import modules of its own layer or of a lower one.
LAYERS: list[tuple[str, set[str]]] = [
    ("card facts", {"engine.errors", "engine.limits", "engine.schema", "engine.ops_schema",
                    "engine.mana", "engine.display", "engine.cards", "engine.carddb",
                    "engine.card_names", "engine.creature_types",
                    "engine.changeling"}),  # 702.73a: every creature type
    ("input", {"engine.token", "engine.decklist", "engine.scenario"}),
    ("state", {"engine.events", "engine.continuous", "engine.state", "engine.policy",
               "engine.responses", "engine.objref"}),
    ("kernel", {"engine.kernel", "engine.registry", "engine.game"}),
    (
        "mechanics",
        {
            "engine.spell_filter",
            "engine.refs",
            "engine.layers",
            "engine.shields",
            "engine.filters",
            "engine.values",
            "engine.conditions",
            "engine.targets",
            "engine.modes",
            "engine.costs",
            "engine.effects",
            "engine.stack",
            "engine.saga",
            "engine.permanents",
            "engine.freecast",
            "engine.cascade",
            "engine.discover",
            "engine.proliferate",
            "engine.sba",
            "engine.actions",
            "engine.ability_costs",  # structured costs (602.2b, 601.2h)
            "engine.spell_costs",  # a spell's additional costs (601.2b, 601.2h)
            "engine.storm",  # CR 702.40
            "engine.persist",  # CR 702.79
            "engine.undying",  # CR 702.93
            "engine.escape",  # CR 702.138
            "engine.flashback",  # CR 702.34
            "engine.prowess",  # CR 702.108
            "engine.triggers",  # the trigger `when` registry (603)
            "engine.evoke",  # CR 702.74
            "engine.suspend",  # CR 702.62
            "engine.retrace",  # CR 702.81, emblems that give it (114)
            "engine.restrictions",  # can't cast / can't activate / as though it had flash
            "engine.op_common",  # helpers the op families share (refs, choices, filters)
            "engine.warp",  # CR 702.185
            "engine.draws",  # draw replacements (614.1a), read wherever a player draws
            "engine.land_play",  # playing a land (305.1-305.2)
            "engine.cast_only",  # printed casting restrictions (601.3)
            "engine.legend",  # the legend rule (704.5j)
            "engine.hand_size",  # maximum hand size (402.2), cleanup discard (514.1)
            "engine.target_groups",  # targets chosen together: share a type, total mana value
            "engine.stun",  # stun counters replace untapping (122.1d)
        },
    ),
    ("ops", {"engine.ops"}),  # and every engine.ops.<family>
    ("rules", {"engine.rules"}),
    ("runner", {"engine.timeline"}),
    (
        "views, odds, CLI",
        {
            "engine.render",
            "engine.board_html",  # the board and mana symbols (notebook and app)
            "engine.odds",
            "engine.odds_cli",
            "engine.coverage",
            "engine.keyword_coverage",  # the pool's keywords and their state
            "engine.describe",
            "engine.__main__",
        },
    ),
    ("package", {"engine"}),
]

MUTATORS = frozenset(
    {"append", "extend", "insert", "remove", "pop", "clear", "add", "discard", "update",
     "setdefault", "sort", "reverse", "popitem"}
)  # fmt: skip
# Modules that may write the kernel's fields: the kernel, and Game's own setup.
WRITERS = {"engine.kernel"}


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
    if module.startswith("engine.ops."):
        module = "engine.ops"
    for i, (_, names) in enumerate(LAYERS):
        if module in names:
            return i
    raise AssertionError(f"{module} is in no layer: add it to LAYERS in {__name__}")


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
                bad.append(f"{m} ({LAYERS[layer_of(m)][0]}) imports {t} ({LAYERS[layer_of(t)][0]})")
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
                if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name)
                and t.value.id == "self"
            }  # fmt: skip
    raise AssertionError("Kernel.__init__ not found")


def _state_field(node: ast.AST, fields: set[str]) -> str | None:
    """``game.zones[0]["hand"]`` / ``ctx.game.life`` -> the field name, else None."""
    while isinstance(node, ast.Subscript) or (
        isinstance(node, ast.Attribute) and node.attr not in fields
    ):
        node = node.value
    if not isinstance(node, ast.Attribute) or node.attr not in fields:
        return None
    base = node.value
    if (isinstance(base, ast.Name) and base.id == "game") or (
        isinstance(base, ast.Attribute) and base.attr == "game"
    ):
        return node.attr
    return None


def state_writes(tree: ast.Module, fields: set[str]) -> list[str]:
    """Assignments to, or mutating calls on, a game's state fields (line: field)."""
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
            name = _state_field(t, fields)
            if name:
                out.append((node.lineno, name))
    return [f"line {line}: {name}" for line, name in sorted(out)]


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
    fields = kernel_fields(trees["engine.kernel"])
    assert {"zones", "objects", "life", "stack", "mana", "turn"} <= fields
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
    assert upward({"engine.kernel": {"engine.cascade"}}) == [
        "engine.kernel (kernel) imports engine.cascade (mechanics)"
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
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from engine.cascade import resolve\n"
        "def f():\n    from engine import stack\n    import engine.rules\n"
    )
    known = {"engine.cascade", "engine.stack", "engine.rules"}
    assert imports("engine.kernel", tree, known) == known
    # a family importing a helper module inside its own package imports the package too:
    # the cycle engine.ops -> engine.ops.cards -> engine.ops (its __init__) is found
    family = ast.parse("from engine.ops import _common\n")
    known = {"engine.ops", "engine.ops.cards", "engine.ops._common"}
    edges = {"engine.ops": {"engine.ops.cards"},
             "engine.ops.cards": imports("engine.ops.cards", family, known)}  # fmt: skip
    assert edges["engine.ops.cards"] == {"engine.ops", "engine.ops._common"}
    assert find_cycle(edges) == ["engine.ops", "engine.ops.cards", "engine.ops"]


def test_every_op_family_is_registered_and_every_op_has_one_handler() -> None:
    """Adding a family = one module in engine/ops + one import line in engine/ops/__init__."""
    from engine.effects import OPS

    # Helpers the families share live outside the package (engine/op_common.py), so no
    # family imports the package that imports it.
    families = {p.stem for p in (ROOT / "ops").glob("*.py") if not p.stem.startswith("_")}
    registered = {spec.family.rpartition(".")[2] for spec in OPS.values()}
    assert registered == families
    for name, spec in OPS.items():
        assert spec.name == name and spec.doc, f"op {name!r} needs a docstring"


def test_every_scenario_action_and_hook_is_registered() -> None:
    """engine.rules wires every mechanic: the game finds each action and hook it calls."""
    from engine import registry, scenario

    wired = registry.describe()
    assert wired["actions"] == sorted(scenario.ACTIONS)
    assert wired["state_based"] == ["engine.legend.check", "engine.sba.check",
                                    "engine.ops.zones.return_exiled_until",
                                    "engine.ops.roles.one_role_each"]  # fmt: skip
    assert wired["on_cast"] == ["engine.cascade.on_cast", "engine.triggers.on_cast",
                                "engine.storm.on_cast", "engine.prowess.on_cast"]  # fmt: skip
    assert wired["on_enter"] == [
        "engine.permanents.entered_battlefield",
        "engine.evoke.on_enter",
        "engine.warp.on_enter",
        "engine.triggers.on_enter",
    ]
    assert wired["ability_resolvers"] == [
        "", "cascade", "copy", "etb", "evoke", "persist", "storm", "suspend", "suspend_cast",
        "triggered", "undying",
    ]  # fmt: skip
    assert wired["on_event"] == [
        "engine.triggers.on_event", "engine.ops.zones.return_when_source_leaves",
        "engine.persist.on_event", "engine.undying.on_event",
        "engine.suspend.on_event", "engine.ops.earthbend.on_event",
    ]  # fmt: skip
