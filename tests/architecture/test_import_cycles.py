"""DESIGN.md: imports point down only, with no cycles.

The graph is built from the source with `ast`: every `import` and `from ... import` of a
`homegame` module counts, at module level or inside a function (a deferred import still runs),
except those under `if TYPE_CHECKING:`, which never run. An edge goes to the module named; the
implicit import of a module's parent packages is not an edge (a package's `__init__` finishes
before its submodules' imports of siblings run).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "homegame"


def module_name(path: Path, root: Path) -> str:
    """The dotted name of the module in `path` under `root` (a package is its `__init__`)."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST, type_checking: bool) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement in `tree` that can run, and those under `if TYPE_CHECKING:` only
    when `type_checking` (else their `else:` branch alone is kept)."""
    found: list[ast.Import | ast.ImportFrom] = []
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        elif not type_checking and isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))
    return found


def _absolute(node: ast.ImportFrom, importer: str, is_package: bool) -> str:
    """The absolute module a `from` import names, relative levels resolved."""
    if node.level == 0:
        return node.module or ""
    base = importer.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def import_graph(package: Path, type_checking: bool = False) -> dict[str, set[str]]:
    """Each module of the package under `package` mapped to the package's modules it imports
    when it runs (with `type_checking`, also those only the type checker reads)."""
    root = package.parent
    paths = {module_name(p, root): p for p in sorted(package.rglob("*.py"))}
    top = package.name
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        targets: set[str] = set()
        for node in _imports(ast.parse(path.read_text(encoding="utf-8")), type_checking):
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
                continue
            source = _absolute(node, name, path.name == "__init__.py")
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                targets.add(submodule if submodule in paths else source)
        graph[name] = {t for t in targets if t in paths and t != name and t.split(".")[0] == top}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of `graph` as a closed path [a, b, ..., a], or None when it has none."""
    done: set[str] = set()
    for start in sorted(graph):
        if start in done:
            continue
        path: list[str] = [start]
        on_path = {start}
        children = [iter(sorted(graph[start]))]
        while children:
            child = next(children[-1], None)
            if child is None:
                finished = path.pop()
                done.add(finished)
                on_path.discard(finished)
                children.pop()
            elif child in on_path:
                return [*path[path.index(child) :], child]
            elif child not in done:
                path.append(child)
                on_path.add(child)
                children.append(iter(sorted(graph[child])))
    return None


def tangles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected sets of two or more modules: each module in one reaches every
    other, so each holds at least one cycle (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    members = set()
                    while (member := stack.pop()) != node:
                        members.add(member)
                    members.add(node)
                    on_stack -= members
                    if len(members) > 1:
                        found.append(members)
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return found


def cycles(graph: dict[str, set[str]], allowed: set[frozenset[str]]) -> list[list[str]]:
    """One cycle from each tangle of `graph` whose set of modules is not in `allowed`."""
    found = []
    for members in tangles(graph):
        if frozenset(members) not in allowed:
            inside = {m: graph[m] & members for m in members}
            cycle = find_cycle(inside)
            assert cycle is not None
            found.append(cycle)
    return found


#: Cycles known and allowed (none: each new one is a finding).
ALLOWED: set[frozenset[str]] = set()


def test_homegame_has_no_import_cycle() -> None:
    found = cycles(import_graph(PACKAGE), ALLOWED)
    assert found == [], "import cycles:\n" + "\n".join(" -> ".join(c) for c in found)


#: Annotation-only cycles left: a `Session` names its capabilities, each a `Session` itself;
#: the table's answers to the driver's requests take the table screen, which calls them.
TYPED_ALLOWED = {
    *ALLOWED,
    frozenset({"homegame.engine.session_interface", "homegame.engine.capabilities"}),
    frozenset({"homegame.tui.screens.table", "homegame.tui.screens.table_answers"}),
}


def test_the_types_have_no_import_cycle_either() -> None:
    """The hand and its views, the app and its table: neither side names the other's types."""
    found = cycles(import_graph(PACKAGE, type_checking=True), TYPED_ALLOWED)
    assert found == [], "import cycles:\n" + "\n".join(" -> ".join(c) for c in found)


@pytest.mark.parametrize("path", sorted((PACKAGE / "store").glob("*.py")), ids=lambda p: p.name)
def test_the_store_never_imports_the_host_console(path: Path) -> None:
    """The store sits below the host's console, a front end: no import of it anywhere in the
    store, not in a function nor for types (`homegame.host.night` rebuilds a host game)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = [n for n in ast.walk(tree) if isinstance(n, ast.Import | ast.ImportFrom)]
    names = [a.name for n in found if isinstance(n, ast.Import) for a in n.names]
    names += [n.module or "" for n in found if isinstance(n, ast.ImportFrom)]
    assert [n for n in names if n.startswith("homegame.host")] == []


def _package(root: Path, **modules: str) -> Path:
    """A package `pkg` under `root` with each module's source (`__init__` for the package)."""
    for name, text in modules.items():
        path = root / "pkg" / f"{name}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root / "pkg"


def test_the_checker_finds_a_cycle_through_a_deferred_import(tmp_path: Path) -> None:
    deferred = "def f():\n    from . import c\n"
    package = _package(
        tmp_path, __init__="", a="from pkg.b import x\n", b=deferred, c="import pkg.a"
    )
    assert find_cycle(import_graph(package)) == ["pkg.a", "pkg.b", "pkg.c", "pkg.a"]


def test_the_checker_skips_type_checking_imports(tmp_path: Path) -> None:
    typed = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import pkg.b\n"
    package = _package(tmp_path, __init__="from pkg.a import x\n", a=typed, b="from pkg import a")
    assert import_graph(package)["pkg.b"] == {"pkg.a"}
    assert find_cycle(import_graph(package)) is None
    assert find_cycle(import_graph(package, type_checking=True)) == ["pkg.a", "pkg.b", "pkg.a"]


def test_the_checker_reports_each_tangle_once() -> None:
    graph = {"a": {"b"}, "b": {"a", "c"}, "c": {"b", "d"}, "d": set(), "e": {"e2"}, "e2": {"e"}}
    assert sorted(sorted(t) for t in tangles(graph)) == [["a", "b", "c"], ["e", "e2"]]
    assert cycles(graph, {frozenset({"e", "e2"})}) == [["a", "b", "a"]]
