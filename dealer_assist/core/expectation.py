"""What the tool expects next at any table (``Expectation``): the table's phase, the clause of
that step, and a message key with its values, for the prompt, the completion and a refusal."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


@dataclass(frozen=True, slots=True)
class Expectation:
    """What the tool expects next: the clause of that step, a message key and its values."""

    phase: StrEnum  # the table's own phase
    clause: str
    key: str
    params: dict[str, Any]

    def text(self, lang: str = "en") -> str:
        from dealer_assist.messages import text

        return text(self.key, lang=lang, **self.params)

    def localized(self, lang: str) -> str:
        """As a value inside another sentence (a refusal says what was expected instead)."""
        return self.text(lang)
