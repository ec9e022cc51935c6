"""Every clause the engine enforces has a test named after it (e.g. `test_draw_3_…`)."""

from __future__ import annotations

import re
from pathlib import Path

CLAUSES = (
    [f"CARD-{i}" for i in range(1, 7)] + [f"BASE-{i}" for i in range(1, 11)]
    + [f"BET-{i}" for i in range(1, 7)] + [f"BOX-{i}" for i in range(1, 4)]
    + [f"DRAW-{i}" for i in range(1, 7)] + [f"SURR-{i}" for i in range(1, 6)]
    + [f"SET-{c}" for c in "ABCDE"] + [f"SET-{i}" for i in range(1, 6)]
    + ["HEAL-1", "HEAL-2", "END-S", "END-F1", "END-F2", "END-F3", "END-1", "END-2", "ANN-1", "SETUP"]
    + [f"JK-{i}" for i in range(1, 10)] + [f"DSK-{i}" for i in range(0, 8)]
    + [f"GUILD-{i}" for i in range(1, 8)] + ["TIME-1", "TIME-3"]
)  # fmt: skip


def test_every_clause_has_a_named_test():
    names = set()
    for path in Path(__file__).parent.glob("test_*.py"):
        names.update(re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    missing = []
    for clause in CLAUSES:
        token = clause.lower().replace("-", "_")
        pattern = re.compile(rf"(^|_){token}(_|$)")
        if not any(pattern.search(name[len("test"):]) for name in names):
            missing.append(clause)
    assert missing == []


def test_every_casino_clause_has_a_named_test():
    """The casino rulebook (data/CASINO.md): each of its clauses is named by a test."""
    book = (Path(__file__).parent.parent / "dealer_assist" / "data" / "CASINO.md").read_text(encoding="utf-8")
    clauses = re.findall(r"^- ([A-Z]+-\d+) ", book, re.M)
    assert len(clauses) > 40
    names = set()
    for path in Path(__file__).parent.glob("test_*.py"):
        names.update(n.lower() for n in re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    missing = [c for c in clauses
               if not any(re.search(rf"(^|_){c.lower().replace('-', '_')}(_|$)", name[4:]) for name in names)]
    assert missing == []


def _unnamed(book: Path) -> tuple[list[str], list[str]]:
    """(the clauses of a table's rulebook, those no test is named after)."""
    clauses = re.findall(r"^- ([A-Z]+-\d+) ", book.read_text(encoding="utf-8"), re.M)
    names = set()
    for test in Path(__file__).parent.glob("test_*.py"):
        names.update(n.lower() for n in re.findall(r"^def (test_\w+)", test.read_text(encoding="utf-8"), re.M))
    missing = [c for c in clauses
               if not any(re.search(rf"(^|_){c.lower().replace('-', '_')}(_|$)", name[4:]) for name in names)]
    return clauses, missing


TABLES = Path(__file__).parent.parent / "dealer_assist" / "tables"


def test_every_saikoro_clause_has_a_named_test():
    """The Saikoro rulebook (tables/saikoro/data/SAIKORO.md): each clause is named by a test."""
    clauses, missing = _unnamed(TABLES / "saikoro" / "data" / "SAIKORO.md")
    assert len(clauses) == 20 and missing == []


def test_every_gear_clause_has_a_named_test():
    """The Blackjack Gear rulebook (tables/gear/data/GEAR.md): each clause is named by a test."""
    clauses, missing = _unnamed(TABLES / "gear" / "data" / "GEAR.md")
    assert len(clauses) == 29 and missing == []
