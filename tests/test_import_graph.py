"""No module of `bot/` or `games/` imports, even indirectly, a module that imports it back.

The graph is read from the source with `ast`, nothing is imported: every import counts, at the
top of a module, inside a function, or under `if TYPE_CHECKING:`. `from a.b import c` is an
edge to the module `a.b.c` when there is one, else to `a.b`. The parent package that Python
runs before a submodule is not an edge of its own.
"""

from __future__ import annotations

import ast
from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("bot", "games")

Graph = dict[str, set[str]]


def modules(root: Path, packages: Iterable[str]) -> dict[str, Path]:
    """Each module's dotted name, and its file."""
    found: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def _base(name: str, path: Path, node: ast.ImportFrom) -> str:
    """The module a `from … import` names, its relative dots resolved."""
    if node.level == 0:
        return node.module or ""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    anchor = package[: len(package) - (node.level - 1)]
    return ".".join([*anchor, *([node.module] if node.module else [])])


def _known(name: str, known: Mapping[str, Path]) -> str | None:
    """The deepest module of the project that `name` is, or lies in."""
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        candidate = ".".join(parts[:end])
        if candidate in known:
            return candidate
    return None


def _targets(name: str, path: Path, node: ast.AST, known: Mapping[str, Path]) -> Iterator[str]:
    if isinstance(node, ast.Import):
        for alias in node.names:
            target = _known(alias.name, known)
            if target is not None:
                yield target
    elif isinstance(node, ast.ImportFrom):
        base = _base(name, path, node)
        for alias in node.names:
            target = _known(f"{base}.{alias.name}", known) or _known(base, known)
            if target is not None:
                yield target


def import_graph(root: Path, packages: Iterable[str]) -> Graph:
    """Every module, and the project modules it imports."""
    known = modules(root, packages)
    graph: Graph = {}
    for name, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        graph[name] = {
            target
            for node in ast.walk(tree)
            for target in _targets(name, path, node, known)
            if target != name
        }
    return graph


def components(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of `graph` with more than one module (Tarjan's
    algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            following = next(successors, None)
            if following is None:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
            elif following not in index:
                index[following] = low[following] = len(index)
                stack.append(following)
                on_stack.add(following)
                work.append((following, iter(sorted(graph.get(following, ())))))
            elif following in on_stack:
                low[node] = min(low[node], index[following])
    return found


def shortest_cycle(graph: Mapping[str, set[str]], start: str, within: set[str]) -> list[str]:
    """The shortest chain of imports from `start` back to it, through `within` only."""
    came_from: dict[str, str] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for following in sorted(graph[node] & within):
            if following == start:
                chain = [node]
                while chain[-1] != start:
                    chain.append(came_from[chain[-1]])
                return [*reversed(chain), start]
            if following not in came_from:
                came_from[following] = node
                queue.append(following)
    return []


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """For each component, the shortest cycle through each of its modules, each told once."""
    told: set[tuple[str, ...]] = set()
    found: list[list[str]] = []
    for component in components(graph):
        for module in component:
            chain = shortest_cycle(graph, module, set(component))
            turn = chain.index(min(chain[:-1]))
            key = tuple(chain[turn:-1] + chain[:turn])
            if key not in told:
                told.add(key)
                found.append([*key, key[0]])
    return found


def _write(root: Path, files: Mapping[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def test_every_kind_of_import_is_an_edge(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "app/__init__.py": "from app.b import thing\n",
            "app/a.py": "from typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n    from app.b import Thing\n",
            "app/b.py": "def f():\n    import app.sub.c\n",
            "app/sub/__init__.py": "from . import c\nfrom .. import a\n",
            "app/sub/c.py": "from ..a import name\nfrom app import sub\nimport os\n",
        },
    )
    assert import_graph(tmp_path, ["app"]) == {
        "app": {"app.b"},
        "app.a": {"app.b"},
        "app.b": {"app.sub.c"},
        "app.sub": {"app.sub.c", "app.a"},
        "app.sub.c": {"app.a", "app.sub"},
    }


def test_cycles_are_told_as_chains() -> None:
    graph = {
        "s": {"d", "a", "x"},
        "d": {"s", "p"},
        "a": {"s", "p"},
        "p": set(),
        "x": {"y"},
        "y": set(),
    }
    assert cycles(graph) == [["a", "s", "a"], ["d", "s", "d"]]
    assert cycles({"p": {"q"}, "q": {"r"}, "r": {"p"}}) == [["p", "q", "r", "p"]]


def test_bot_and_games_have_no_import_cycles() -> None:
    found = cycles(import_graph(ROOT, PACKAGES))
    assert not found, "import cycles:\n" + "\n".join(" → ".join(chain) for chain in found)
