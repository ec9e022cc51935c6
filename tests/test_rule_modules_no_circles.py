"""The rule modules import each other in one direction only (issue 19, review §1.1.4): no circle
among a table's modules or the core, counting the imports written inside functions (they hide a
circle, they do not remove it), and the core imports no table."""

from __future__ import annotations

import ast
from pathlib import Path

import dealer_assist

ROOT = Path(dealer_assist.__file__).parent
PACKAGES = ("core", "tables/onemillion", "tables/casino")


def _modules() -> dict[str, Path]:
    out = {}
    for package in PACKAGES:
        for path in (ROOT / package).glob("*.py"):
            out["dealer_assist." + ".".join(path.relative_to(ROOT).with_suffix("").parts)] = path
    return out


def _imports(path: Path, known: dict[str, Path]) -> set[str]:
    """Every module of ``known`` that ``path`` imports, anywhere in it (functions too)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found |= {name for name in (node.module, *(f"{node.module}.{a.name}" for a in node.names))
                      if name in known}  # fmt: skip
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name in known}
    return found


def _graph() -> dict[str, set[str]]:
    known = _modules()
    return {name: _imports(path, known) - {name} for name, path in known.items()}


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in graph:
        if v not in index:
            visit(v)
    return out


def test_the_finder_finds_a_circle():
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_circle_among_the_rule_modules_and_the_core():
    graph = _graph()
    assert "dealer_assist.tables.onemillion.flow" in graph and "dealer_assist.core.play" in graph
    assert _circles(graph) == []


def test_the_core_imports_no_table():
    for name, imported in _graph().items():
        if name.startswith("dealer_assist.core."):
            assert not {m for m in imported if m.startswith("dealer_assist.tables.")}, name


def test_one_million_rule_modules_never_call_back_into_the_orchestrator():
    """``flow`` calls the rule modules; they return to it (bets, settlement, end, jokers, the
    shoe and the step context import no ``flow``)."""
    graph = _graph()
    for rule in ("bets", "settlement", "end", "jokers", "shoe", "step", "hole", "skills"):
        assert "dealer_assist.tables.onemillion.flow" not in graph[f"dealer_assist.tables.onemillion.{rule}"], rule
