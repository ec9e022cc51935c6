"""A report as JSON: its facts, language-neutral (like NOTATION.md's JSON)."""

from __future__ import annotations

import json

from dealer_assist.report.document import Document


def to_json_text(document: Document, lang: str = "en") -> str:
    """The same in every language (``lang`` is not used)."""
    return json.dumps(document.data, ensure_ascii=False, indent=2)
