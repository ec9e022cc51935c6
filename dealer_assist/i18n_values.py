"""The values a sentence is filled with that word themselves in the sentence's language:
``Numbers`` (boxes, seats named together), ``Items`` (things listed), ``Term`` (a value that is
itself a catalog entry). ``text`` calls their ``localized(lang)``.

Kept apart from ``i18n`` (``from dealer_assist.i18n_values import Term``), so that starting
the command line (``--help``) does not pay for ``dataclasses``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dealer_assist.i18n import DEFAULT, join_items, join_numbers, text


@dataclass(frozen=True, slots=True)
class Numbers:
    """Numbers a ruling names together (boxes, seats), joined the language's way when the
    sentence is worded; none at all is ``list.none`` (「なし」)."""

    values: tuple[Any, ...]

    def localized(self, lang: str) -> str:
        return join_numbers(self.values, lang) if self.values else text("list.none", lang)

    def __str__(self) -> str:
        return self.localized(DEFAULT)


@dataclass(frozen=True, slots=True)
class Items:
    """Things a ruling lists (``list.sep``); none at all is ``list.none``."""

    items: tuple[Any, ...]

    def localized(self, lang: str) -> str:
        return join_items(self.items, lang) if self.items else text("list.none", lang)

    def __str__(self) -> str:
        return self.localized(DEFAULT)


@dataclass(frozen=True, slots=True)
class Term:
    """A value that is itself a catalog entry (a skill's name), translated with the sentence.
    Any value with a ``localized(lang)`` method is shown that way (a hand's total too)."""

    key: str

    def localized(self, lang: str) -> str:
        return text(self.key, lang)
