"""A report as one self-contained HTML page: its own style (no outside asset), printable (a
printed page opens every detail), the chart as inline SVG; and the plain page of totals."""

from __future__ import annotations

import html

from dealer_assist.report.document import Detail, Document, Note, Page, Paragraph, Table
from dealer_assist.report.svg import SERIES_STYLE, svg_chart

HTML_STYLE = """
:root{--ink:#1b1f2a;--muted:#5d6474;--line:#d9dde6;--accent:#c62828;--good:#2e7d32;--bad:#b71c1c;--bg:#fff}
*{box-sizing:border-box}
body{margin:0;background:#f3f4f7;color:var(--ink);
 font-family:"Noto Sans CJK JP","Noto Sans JP","Hiragino Sans","Yu Gothic","Meiryo","Segoe UI",Arial,sans-serif;
 font-variant-numeric:tabular-nums;line-height:1.45}
main{max-width:1100px;margin:0 auto;padding:32px 28px 48px;background:var(--bg)}
h1{font-size:28px;margin:0 0 4px}h2{font-size:20px;margin:32px 0 10px;border-bottom:2px solid var(--line);padding-bottom:4px}
.result{font-size:20px;font-weight:700;padding:12px 16px;border-radius:8px;margin:16px 0;background:#eef0f5}
.result.success{background:#e8f5e9;color:var(--good)}.result.failure{background:#ffebee;color:var(--bad)}
dl.title{display:grid;grid-template-columns:max-content 1fr;gap:4px 18px;margin:14px 0}
dl.title dt{color:var(--muted);font-weight:600}dl.title dd{margin:0}
table{border-collapse:collapse;width:100%;margin:8px 0;font-size:14px}
th,td{border-bottom:1px solid var(--line);padding:5px 7px;text-align:right;white-space:nowrap}
th{background:#f6f7fa;font-weight:700;white-space:normal;vertical-align:bottom;font-size:13px}
td.l,th.l{text-align:left;white-space:normal;min-width:5em}.scroll{overflow-x:auto}
details.game{border:1px solid var(--line);border-radius:8px;margin:6px 0;padding:0 12px}
details.game summary{cursor:pointer;padding:8px 0;display:flex;gap:18px;flex-wrap:wrap;font-weight:600}
details.game summary .n{min-width:6em}details.game summary .hp{margin-left:auto}
details.game[open]{padding-bottom:10px}.unfinished{color:var(--accent);font-weight:700}
.note{color:var(--muted);font-size:13px}
svg .bg{fill:#fff}svg .axis{stroke:#8a90a0}svg .hp{fill:none;stroke:var(--accent);stroke-width:3}
svg .dot{fill:var(--accent)}svg .dot.open{fill:#fff;stroke:var(--accent);stroke-width:2}
svg .recovery{stroke:var(--good);stroke-dasharray:6 5;stroke-width:2}
svg text{font-size:12px;fill:#444}svg .tick{text-anchor:middle}svg .recovery-label{text-anchor:end;fill:var(--good)}
@media print{body{background:#fff}main{max-width:none;padding:0}details.game{break-inside:avoid}
 details.game summary{list-style:none}}
"""
# a printed report shows every game's detail
HTML_SCRIPT = ('window.addEventListener("beforeprint",()=>document.querySelectorAll("details").forEach(d=>'
               'd.setAttribute("open","")));')  # fmt: skip

esc = html.escape


def _table(table: Table) -> str:
    def cell(tag: str, i: int, value: str) -> str:
        return f'<{tag}{" class=l" if i in table.left else ""}>{esc(value)}</{tag}>'

    head = "".join(cell("th", i, h) for i, h in enumerate(table.headers))
    body = "".join("<tr>" + "".join(cell("td", i, c) for i, c in enumerate(row)) + "</tr>" for row in table.rows)
    return f'<div class="scroll"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


def _paragraph(part: Paragraph) -> str:
    return f'<p class="note">{esc(part.text)}</p>' if part.note else f"<p>{esc(part.text)}</p>"


def _detail(detail: Detail) -> str:
    marks = "".join(f' <span class="unfinished">{esc(mark)}</span>' for mark in detail.marks)
    summary = "".join(f'<span class="{esc(s.cls)}">{esc(s.text)}</span>' if s.cls else f"<span>{esc(s.text)}</span>"
                      for s in detail.summary)  # fmt: skip
    body = "".join(_table(part) if isinstance(part, Table) else _paragraph(part) for part in detail.body)
    return f'<details class="game"><summary><span class="n">{esc(detail.title)}{marks}</span>{summary}</summary>{body}</details>'


def _section(section: Table | Note) -> str:
    if isinstance(section, Note):
        return f'<p class="note">{esc(section.text)}</p>'
    shown = "".join(map(_detail, section.details)) if section.details is not None else _table(section)
    return f"<h2>{esc(section.title)}</h2>{shown}"


def _page(page: Page) -> str:
    chart = page.chart
    style = HTML_STYLE + page.style + (SERIES_STYLE if chart is not None and chart.legend else "")
    listed = [(f.label, f.value) for f in page.fields]
    if page.log is not None and page.log.listed:
        listed.append((page.log.label, page.log.text))
    title = "".join(f"<dt>{esc(label)}</dt><dd>{esc(value)}</dd>" for label, value in listed)
    out = [f'<!DOCTYPE html><html lang="{esc(page.lang)}"><head><meta charset="utf-8">'
           f'<meta name="viewport" content="width=device-width, initial-scale=1">'
           f"<title>{esc(page.title)}</title><style>{style}</style></head><body><main>"
           f"<h1>{esc(page.title)}</h1>"]  # fmt: skip
    if page.headline is not None:
        h = page.headline
        out.append(f'<p id="result" class="result {esc(h.tone)}"><strong>{esc(h.label)}</strong> {esc(h.text)}</p>')
    out.append(f'<dl class="title">{title}</dl>')
    if page.log is not None:
        out.append(f'<p id="log" class="note"><strong>{esc(page.log.label)}</strong> {esc(page.log.text)}</p>')
    drawn = chart is None
    for section in page.sections:
        if not drawn and isinstance(section, Table) and section.details is not None:
            out.append(f"<h2>{esc(chart.title)}</h2>{svg_chart(chart)}")  # the curve before the games' details
            drawn = True
        out.append(_section(section))
    if not drawn:
        out.append(f"<h2>{esc(chart.title)}</h2>{svg_chart(chart)}")
    out.append(f"</main><script>{HTML_SCRIPT}</script></body></html>\n")
    return "".join(out)


def _plain(page: Page) -> str:
    """A page of totals: the heading, plain tables and the notes."""
    body = []
    for section in page.sections:
        if isinstance(section, Note):
            body.append(f'<p class="note">{esc(section.text)}</p>')
        else:
            body.append(f"<h2>{esc(section.title)}</h2><table><thead><tr>"
                        + "".join(f"<th>{esc(h)}</th>" for h in section.headers) + "</tr></thead><tbody>"
                        + "".join("<tr>" + "".join(f"<td>{esc(c)}</td>" for c in row) + "</tr>" for row in section.rows)
                        + "</tbody></table>")  # fmt: skip
    return (f'<!DOCTYPE html><html lang="{esc(page.lang)}"><head><meta charset="utf-8"><title>{esc(page.title)}</title>'
            f"<style>{HTML_STYLE}</style></head><body><main><h1>{esc(page.title)}</h1>{''.join(body)}"
            "</main></body></html>\n")


def to_html(document: Document, lang: str = "en") -> str:
    page = document.page(lang)
    return _plain(page) if page.plain else _page(page)
