"""The message catalog: every sentence the tool shows, by key, per language.

Rulings and errors carry a key and values; the text is made here. The sentences themselves
are data: one gettext PO file per language in ``dealer_assist/locales/`` (``en.po``,
``ja.po``), each entry's ``msgctxt`` the key, read by ``dealer_assist.i18n``. A new sentence is
written in both files at once (a test fails when a key or a placeholder is missing from
either).
"""

from __future__ import annotations

from typing import Any

from dealer_assist.i18n import LANGS, catalog, text
from dealer_assist.i18n_values import Term

__all__ = ["EN", "LANGS", "Term", "catalog", "text"]


def __getattr__(name: str) -> Any:
    """``EN``: the English catalog (key → template), read when first asked for."""
    if name == "EN":
        return catalog("en")
    raise AttributeError(name)
