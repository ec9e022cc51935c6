"""The one error root of dealer-assist and its kinds.

Every error carries a message key and parameters from the catalog (``messages``), so the
text can be shown in any language; ``str(error)`` is the English text.
"""

from __future__ import annotations

from typing import Any


class DealerAssistError(ValueError):
    """Root of every error the tool reports to the dealer."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(key)

    def text(self, lang: str = "en") -> str:
        from dealer_assist.messages import text

        return text(self.key, lang=lang, **self.params)

    def __str__(self) -> str:
        return self.text()


class NotationError(DealerAssistError):
    """The text cannot be parsed as a command of NOTATION.md."""


class RuleViolation(DealerAssistError):
    """The command is well formed but the rules forbid it here; names the clause."""

    def __init__(self, clause: str, key: str, **params: Any) -> None:
        self.clause = clause
        super().__init__(key, **params)

    def __str__(self) -> str:
        return f"{self.clause}: {self.text()}"


class SessionError(DealerAssistError):
    """A session-level refusal that is not a rule (nothing to undo, unknown session)."""


class StoreError(SessionError):
    """The session database cannot be used: missing, read-only, not SQLite, another
    program's, or a write that failed (nothing of the line is stored)."""
