"""Shared helpers: run a script, expect a refusal, read the JSON."""

from __future__ import annotations

import pytest

from dealer_assist.engine import Session, to_json
from dealer_assist.errors import RuleViolation
from dealer_assist.replay import replay_text

# a quest whose dealer skill cannot touch these tests: skill 6 only moves joker phases,
# and with `jk 0 0` every joker is an ace anyway
PLAIN = """
quest easy
dice 6
jk 0 0
seat 1 aki 100k
seat 3 ben 50k
"""


def run(script: str) -> Session:
    result = replay_text(script)
    if not result.ok:
        raise AssertionError(result.error_text())
    return result.session


def js(script: str) -> dict:
    return to_json(run(script).state)


def game(script: str, number: int = -1) -> dict:
    return js(script)["log"][number]


def hand(script: str, label: str, number: int = -1) -> dict:
    return next(h for h in game(script, number)["hands"] if h["hand"] == label)


def rulings(script: str) -> list[tuple[str, str]]:
    """(clause, key) of every ruling the script made."""
    result = replay_text(script)
    assert result.ok, result.error_text()
    return [(r.clause, r.key) for line in result.lines for o in line.outcomes for r in o.rulings]


def clauses(script: str) -> set[str]:
    return {c for c, _ in rulings(script)}


def refused(script: str, line: str) -> RuleViolation:
    """``line`` is refused after ``script``, with the state left exactly as it was."""
    session = run(script)
    before = session.state
    before_json = to_json(before)
    from dealer_assist.notation import parse_line

    with pytest.raises(RuleViolation) as info:
        session.submit_all(parse_line(line))
    assert session.state is before
    assert to_json(session.state) == before_json
    return info.value


def lines(*parts: str) -> str:
    return "\n".join(parts)
