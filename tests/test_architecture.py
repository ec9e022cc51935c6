"""The tree's rules (docs/TABLES.md), read from the code itself: a table is one package and one
registration — no shared module imports a table's package or names a table, and nothing outside
a table's package asks which table a state is."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from dealer_assist import rulesets
from dealer_assist.tables import TABLES

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "dealer_assist"
TABLE_DIR = PACKAGE / "tables"
SHARED = sorted(p for p in PACKAGE.rglob("*.py") if TABLE_DIR not in p.parents)
TESTS = sorted(p for p in (ROOT / "tests").rglob("*.py") if "tinytable" not in p.parts)
NAMES = set(TABLES) | {"onemillion", "casino"}


def _imports(path: Path) -> list[tuple[int, str]]:
    """Every module ``path`` imports (function-level imports too), as dotted names."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            out += [(node.lineno, node.module)] + [(node.lineno, f"{node.module}.{a.name}") for a in node.names]
    return out


def _strings(path: Path) -> list[tuple[int, str]]:
    """The string constants of ``path`` that are not docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docs.add(id(first.value))
    return [(n.lineno, n.value) for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs]  # fmt: skip


@pytest.mark.parametrize("path", SHARED, ids=[str(p.relative_to(PACKAGE)) for p in SHARED])
def test_no_shared_module_imports_a_table(path):
    found = [(line, name) for line, name in _imports(path)
             if name.startswith("dealer_assist.tables.") and name != "dealer_assist.tables.TABLES"
             and name != "dealer_assist.tables.DEFAULT" and name != "dealer_assist.tables.ENV_TABLES"]  # fmt: skip
    assert found == [], found


@pytest.mark.parametrize("path", SHARED, ids=[str(p.relative_to(PACKAGE)) for p in SHARED])
def test_no_shared_module_names_a_table(path):
    """No table's name as a string in the shell (its docstrings may mention the tables)."""
    found = [(line, value) for line, value in _strings(path) if value in NAMES]
    assert found == [], found


def test_only_the_registry_imports_the_registration():
    importers = {str(p.relative_to(PACKAGE)) for p in SHARED
                 if any(name in ("dealer_assist.tables", "dealer_assist.tables.TABLES") for _, name in _imports(p))}  # fmt: skip
    assert importers <= {"rulesets.py"}, importers


@pytest.mark.parametrize("path", TESTS, ids=[p.name for p in TESTS])
def test_no_test_asks_which_table_a_state_is(path):
    """No branch on ``isinstance(state, CasinoState)`` and the like: the shared tests ask the
    table's record (a table's own tests may assert what type its states are)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = {alias.asname or alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                and (node.module or "").startswith("dealer_assist.tables.") for alias in node.names}  # fmt: skip
    tests = [node.test for node in ast.walk(tree) if isinstance(node, (ast.If, ast.IfExp, ast.While))]
    found = [node.lineno for test in tests for node in ast.walk(test) if isinstance(node, ast.Call)
             and getattr(node.func, "id", None) == "isinstance" and len(node.args) == 2
             and any(getattr(n, "id", None) in imported for n in ast.walk(node.args[1]))]  # fmt: skip
    assert found == [], found


def test_the_core_and_the_notation_import_no_table_and_no_shell():
    shell = ("dealer_assist.live", "dealer_assist.prompt", "dealer_assist.overlay", "dealer_assist.render",
             "dealer_assist.report", "dealer_assist.store", "dealer_assist.cli", "dealer_assist.audit", "rich",
             "prompt_toolkit", "sqlite3", "sqlite_utils", "click")  # fmt: skip
    for folder in ("core", "notation"):
        for path in sorted((PACKAGE / folder).glob("*.py")):
            bad = [(line, name) for line, name in _imports(path)
                   if name.startswith(shell) or name.startswith("dealer_assist.tables.")]  # fmt: skip
            assert bad == [], (path.name, bad)


@pytest.mark.parametrize("name", rulesets.names())
def test_every_table_is_complete(name):
    """Its record, and its screens checked against the capabilities it declares."""
    table = rulesets.get(name)
    screens = rulesets.screens(name)
    assert table.examples.setup and table.secrets is not None
    assert screens.schema() is not None and callable(screens.panel)


def test_no_two_tables_claim_one_command():
    """Every registered table's grammar merged at once: a head two tables claim is refused (the
    parser merges the loaded tables first, so a clash could hide until the other is loaded)."""
    from dealer_assist import notation as n

    assert set(n.grammar()) >= {head for name in rulesets.names() for head in rulesets.get(name).grammar}


def test_a_head_two_tables_claim_is_refused_when_the_grammars_merge(monkeypatch):
    from dataclasses import replace

    from dealer_assist.notation import parser

    casino = rulesets.get("casino")
    clash = replace(casino, grammar={**casino.grammar, "bet": casino.grammar["ins"]})
    monkeypatch.setitem(rulesets._LOADED, "casino", clash)
    monkeypatch.setattr(parser, "_MERGED", {})
    with pytest.raises(TypeError, match="'bet'"):
        parser.grammar()


def test_a_tables_hand_action_that_reads_as_a_card_is_refused(monkeypatch):
    """``3a 9`` is a split hand's card: a table's own hand action may not be a card word, or
    the same text would mean two things depending on which tables are loaded."""
    from dataclasses import replace

    from dealer_assist.notation import parser

    million = rulesets.get("onemillion")
    clash = replace(million, hand_grammar={**million.hand_grammar, "jk": million.hand_grammar["foresight"]})
    monkeypatch.setitem(rulesets._LOADED, "onemillion", clash)
    monkeypatch.setattr(parser, "_MERGED", {})
    with pytest.raises(TypeError, match="reads as a card"):
        parser.grammar()


def test_a_member_without_its_capability_or_a_capability_without_its_member_is_refused():
    """The shell tests a table's flags, never probes for a member: the two must agree."""
    from dataclasses import replace

    from dealer_assist.core.table import Capabilities

    casino = rulesets.get("casino")
    with pytest.raises(TypeError, match="capability hands=False but its member is set"):
        replace(casino, capabilities=Capabilities(hint=True, simulation=True))
    with pytest.raises(TypeError, match="capability hands=True but its member is missing"):
        replace(casino, hand_actions=None)
    with pytest.raises(TypeError, match="capability hint=True but screens.hint is missing"):
        from dealer_assist.core.table import check_screens

        check_screens(casino, replace(rulesets.screens(casino), hint=None))
