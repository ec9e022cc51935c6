"""The tables the tool deals, by name, and the one door through which the session, the store,
the audit, the report, the prompt and the overlay reach a table's rules.

A ruleset is a ``Ruleset`` record of functions (a small interface, not a base class with a
hundred hooks). A session's first command may choose one (``ruleset casino``); without it the
session is dealt at the One Million table. Every state knows its table (``State.RULESET``), so
a stored session always replays with its own rules. Adding a table means adding its package
and naming its descriptor in ``TABLES`` — the shell is not edited.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from dealer_assist.errors import RuleViolation, SessionError

if TYPE_CHECKING:
    from dealer_assist import notation as n

DEFAULT = "onemillion"
# module: the ruleset it registers (imported when first needed)
TABLES = {"onemillion": "dealer_assist.engine.ruleset", "casino": "dealer_assist.casino.ruleset"}


@dataclass(frozen=True)
class Ruleset:
    name: str
    rulebook: str  # the rulebook's file stem in dealer_assist/data (RULES → RULES.md, RULES.ja.md)
    choice_clause: str  # the clause a `ruleset NAME` command cites
    new_state: Callable[[], Any]
    step: Callable[[Any, n.Command], tuple[Any, list]]
    expectation: Callable[[Any], Any]
    legal: Callable[[Any], list[str]]
    can: Callable[[Any, n.Command], bool]
    to_json: Callable[[Any], dict]
    game_record: Callable[[Any], dict | None]  # the game in progress, for the store's games rows
    summary: Callable[[Any], dict]  # status, games, hp and setup for the store's sessions row
    state_classes: tuple[type, ...]  # what a snapshot of this table may hold
    sources: tuple[str, ...]  # the package files its rules are made of (the snapshot fingerprint)
    # the table's own pieces of the shell, as "module:function" or "module" (imported when
    # first used, so the rules never import the shell): panel, final, clock, facts, report …
    hooks: dict[str, str] | None = None


_LOADED: dict[str, Ruleset] = {}


def get(name: str) -> Ruleset:
    """The ruleset ``name``; an unknown name is a refusal that lists the tables."""
    if name not in _LOADED:
        if name not in TABLES:
            raise RuleViolation("SETUP", "ruleset.unknown", name=name, names=", ".join(TABLES))
        _LOADED[name] = importlib.import_module(TABLES[name]).RULESET
    return _LOADED[name]


def names() -> list[str]:
    return list(TABLES)


def of(state: Any) -> Ruleset:
    """The table a state belongs to."""
    return get(getattr(type(state), "RULESET", DEFAULT))


def hook(state: Any, name: str) -> Callable | None:
    """The table's own function ``name`` for the shell (None when the table has none)."""
    return table_hook(of(state), name)


def table_hook(table: Ruleset | str, name: str) -> Any:
    """The hook ``name`` of a table given by its record or its name (None when it has none)."""
    ruleset = get(table) if isinstance(table, str) else table
    path = (ruleset.hooks or {}).get(name)
    if path is None:
        return None
    module, _, function = path.partition(":")
    found = importlib.import_module(module)
    return getattr(found, function) if function else found  # "module" alone: the module itself


def new_state(name: str = DEFAULT) -> Any:
    return get(name).new_state()


def step(state: Any, cmd: n.Command) -> tuple[Any, list]:
    """One command at the state's table; `ruleset NAME` chooses the table, as the first
    command of a session only."""
    from dealer_assist import notation as n

    if isinstance(cmd, n.Ruleset):
        current = of(state)
        chosen = get(cmd.name)
        if state != current.new_state():
            raise RuleViolation(current.choice_clause, "ruleset.first", name=cmd.name)
        from dealer_assist.engine.state import Ruling
        from dealer_assist.messages import Term

        fresh = chosen.new_state()
        return fresh, [Ruling(chosen.choice_clause, "ruleset.chosen", {"name": Term(f"ruleset.name.{cmd.name}")})]
    return of(state).step(state, cmd)


def expectation(state: Any):
    return of(state).expectation(state)


def legal(state: Any) -> list[str]:
    return of(state).legal(state)


def can(state: Any, cmd: n.Command) -> bool:
    from dealer_assist import notation as n

    if isinstance(cmd, n.Ruleset):
        try:
            step(state, cmd)
        except (RuleViolation, SessionError):
            return False
        return True
    return of(state).can(state, cmd)


def to_json(state: Any) -> dict:
    return of(state).to_json(state)


def game_record(state: Any) -> dict | None:
    return of(state).game_record(state)


def summary(state: Any) -> dict:
    return of(state).summary(state)


def state_classes() -> dict[str, type]:
    """Every class a snapshot may hold, by qualified name, for every table."""
    out: dict[str, type] = {}
    for name in TABLES:
        for cls in get(name).state_classes:
            out[f"{cls.__module__}.{cls.__qualname__}"] = cls
    return out


def sources() -> list[str]:
    return sorted({source for name in TABLES for source in get(name).sources})
