"""Reports as data: a table's ``build`` returns a ``Document`` (``document``); one set of writers
renders any document, whatever its table: the terminal (``print_text``), Markdown, one HTML
page, CSV and JSON (``FORMATS``: the writers by ``--format`` name, text apart). No module here
names a table; each table's report module builds its document in its own words."""

from __future__ import annotations

from dealer_assist.report.csv import to_csv
from dealer_assist.report.document import Document, Page
from dealer_assist.report.html import HTML_SCRIPT, HTML_STYLE, to_html
from dealer_assist.report.json import to_json_text
from dealer_assist.report.markdown import to_markdown
from dealer_assist.report.text import print_text

FORMATS = {"markdown": to_markdown, "html": to_html, "json": to_json_text, "csv": to_csv}

__all__ = ["FORMATS", "HTML_SCRIPT", "HTML_STYLE", "Document", "Page", "print_text", "to_csv", "to_html",
           "to_json_text", "to_markdown"]  # fmt: skip
