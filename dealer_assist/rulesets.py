"""The registry: the tables the tool deals, by name, and the one door through which the session,
the store, the audit, the report, the prompt and the overlay reach a table.

A table is a ``dealer_assist.core.table.Ruleset`` (typed and complete) defined by its package
and named in ``dealer_assist.tables.TABLES``; it is imported when first needed. A session's
first command may choose one (``ruleset NAME``); without it the session is dealt at the default
table (``DEFAULT``, named beside the registration). Every state knows its table (``RULESET``), so a stored session
always replays with its own rules.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dealer_assist.errors import RuleViolation, SessionError
from dealer_assist.tables import DEFAULT, TABLES

if TYPE_CHECKING:  # the interface is imported when a table is first loaded (``--help`` needs none)
    from dealer_assist.core.table import Ruleset, Screens
    from dealer_assist.notation.commands import Command

_LOADED: dict[str, Ruleset] = {}
_SCREENS: dict[str, Screens] = {}


def get(name: str) -> Ruleset:
    """The ruleset ``name``; an unknown name is a refusal that lists the tables."""
    found = _LOADED.get(name)
    if found is None:
        if name not in TABLES:
            raise RuleViolation("SETUP", "ruleset.unknown", name=name, names=", ".join(TABLES))
        from dealer_assist.core.table import Ruleset

        found = importlib.import_module(TABLES[name]).RULESET
        if not isinstance(found, Ruleset) or found.name != name:
            raise TypeError(f"{TABLES[name]}.RULESET is not the Ruleset of table {name!r}")
        if found.catalogs is not None:
            from importlib import resources

            from dealer_assist import i18n

            i18n.extend(Path(str(resources.files(found.catalogs).joinpath("locales"))))
        _LOADED[name] = found
    return found


def names() -> list[str]:
    return list(TABLES)


def loaded() -> list[str]:
    """The tables already imported, in the registry's order."""
    return [name for name in TABLES if name in _LOADED]


def of(state: Any) -> Ruleset:
    """The table a state belongs to."""
    return get(type(state).RULESET)


def screens(table: Ruleset | str | Any) -> Screens:
    """The table's screens (of a ruleset, a table's name or a state), built once and checked
    against its capabilities."""
    from dealer_assist.core.table import Ruleset, check_screens

    ruleset = table if isinstance(table, Ruleset) else get(table) if isinstance(table, str) else of(table)
    built = _SCREENS.get(ruleset.name)
    if built is None:
        built = _SCREENS[ruleset.name] = check_screens(ruleset, ruleset.screens())
    return built


def new_state(name: str = DEFAULT) -> Any:
    return get(name).new_state()


def step(state: Any, cmd: Command) -> tuple[Any, list]:
    """One command at the state's table; `ruleset NAME` chooses the table, as the first
    command of a session only."""
    if cmd.keyword == "ruleset":  # the shared `ruleset NAME` (no table may claim the word)
        current = of(state)
        chosen = get(cmd.name)
        if state != current.new_state():
            raise RuleViolation(current.choice_clause, "ruleset.first", name=cmd.name)
        from dealer_assist.core.step import Ruling
        from dealer_assist.messages import Term

        fresh = chosen.new_state()
        return fresh, [Ruling(chosen.choice_clause, "ruleset.chosen", {"name": Term(f"ruleset.name.{cmd.name}")})]
    return of(state).step(state, cmd)


def expectation(state: Any):
    return of(state).expectation(state)


def legal(state: Any) -> list[str]:
    return of(state).legal(state)


def can(state: Any, cmd: Command) -> bool:
    if cmd.keyword == "ruleset":
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


def state_classes(table: str | None = None) -> dict[str, type]:
    """The classes a snapshot may hold, by qualified name: of ``table``, or of every table."""
    out: dict[str, type] = {}
    for name in TABLES if table is None else [table]:
        for cls in get(name).state_classes:
            out[f"{cls.__module__}.{cls.__qualname__}"] = cls
    return out


def sources(table: str | None = None) -> list[str]:
    """The package files the rules are made of: of ``table``, or of every table."""
    return sorted({source for name in (TABLES if table is None else [table]) for source in get(name).sources})


def odds_now(state, view: str = "dealer", *, shoe: bool = False) -> dict | None:
    """The exact odds after the last command, as ``view`` (``dealer`` or ``players``) may know
    them, from the state's table (``Ruleset.live_odds``); None where the table has none.
    ``shoe``: the slower figures too (``Ruleset.shoe_odds``, seconds: not after every card)."""
    from dealer_assist.core.table import Viewpoint

    table = of(state)
    out = table.live_odds(state, Viewpoint(view)) if table.live_odds is not None else None
    if shoe and table.shoe_odds is not None:
        more = table.shoe_odds(state, Viewpoint(view))
        if more:
            out = {"view": view, **(out or {}), **more}
    return out


def warm_odds(state) -> None:
    """Build what the state's table's odds share (``Ruleset.warm_odds``), if it has any."""
    table = of(state)
    if table.warm_odds is not None:
        table.warm_odds()
