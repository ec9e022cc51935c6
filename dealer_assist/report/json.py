"""A report as JSON: its facts, language-neutral (like NOTATION.md's JSON)."""

from __future__ import annotations

from dealer_assist import jsontext
from dealer_assist.report.document import Document


def to_json_text(document: Document, lang: str = "en") -> str:
    """The same in every language (``lang`` is not used)."""
    return jsontext.dumps(document.data)
