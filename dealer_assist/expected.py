"""What the panel and the toolbar say comes next, and the choice of table at a session's start.

A session is dealt at One Million unless its first command chooses another table (``ruleset
NAME``). So while nothing has been typed the panel and the toolbar name the other tables of
the registry (``rulesets.TABLES``) beside One Million's setup, and ``help`` and Tab offer
``ruleset``: a dealer opening a casino session is told at once how to choose it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from dealer_assist import notation as n
from dealer_assist import rulesets


_FRESH: list[Any] = []  # the default table's new state, for comparison only (never changed)


def choosable(state: Any) -> list[str]:
    """The tables ``ruleset NAME`` may choose now (only as a session's first command)."""
    if getattr(type(state), "RULESET", rulesets.DEFAULT) != rulesets.DEFAULT:
        return []
    if not _FRESH:
        _FRESH.append(rulesets.new_state())
    if state != _FRESH[0]:  # something was typed: the table is chosen
        return []
    return [name for name in rulesets.names() if rulesets.can(state, n.Ruleset(name))]


@dataclass(frozen=True)
class _Tables:
    """The tables a new session may choose besides its own, as ``ruleset NAME``."""

    names: tuple[str, ...]

    def localized(self, lang: str) -> str:
        from dealer_assist.messages import text

        return text("list.sep", lang).join(f"ruleset {name}" for name in self.names)  # the notation itself


def expected(state: Any):
    """The table's expectation; at a new session's start, with the other tables it may choose."""
    plain = rulesets.expectation(state)
    others = tuple(name for name in choosable(state) if name != rulesets.of(state).name)
    if not others:
        return plain
    return replace(plain, key="expect.new_session", params={"tables": _Tables(others), "then": plain})
