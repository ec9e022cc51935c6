"""A report as CSV: the page's one table (``Page.grid``); a stored session's rows end with its
log's head hash."""

from __future__ import annotations

import csv
import io

from dealer_assist.report.document import Document


def to_csv(document: Document, lang: str = "en") -> str:
    page = document.page(lang)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    head, tail = ([page.log.head_label], [page.log.head]) if page.log is not None else ([], [])
    writer.writerow([*page.grid.headers, *head])
    for row in page.grid.rows:
        writer.writerow([*row, *tail])
    return out.getvalue()
