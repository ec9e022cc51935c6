"""A report in Markdown (to paste into a post): the title block as a list, a table per
section, the notes, and the chart as bars in a code block."""

from __future__ import annotations

from rich.cells import cell_len

from dealer_assist.report.document import Chart, Document, Note, Table


def right(value: str, width: int) -> str:
    """Right-aligned in ``width`` terminal cells (full-width text takes two)."""
    return " " * max(width - cell_len(value), 0) + value


def bar(value: int, full: int, width: int) -> str:
    """A bar of ``width`` blocks when ``value`` is ``full``."""
    return "█" * (round(width * value / full) if full else 0)


def _md(cell: str) -> str:
    return cell.replace("|", "\\|")


def _table(table: Table) -> list[str]:
    return ["| " + " | ".join(map(_md, table.headers)) + " |", "|" + "---|" * len(table.headers),
            *("| " + " | ".join(map(_md, row)) + " |" for row in table.rows)]  # fmt: skip


def chart_lines(chart: Chart) -> list[str]:
    """The chart as lines of bars: a point, its value, its bar (with a legend: per series)."""
    if not chart.legend:
        (series,) = chart.series
        return [f"{right(point, 6)} {right(shown, 13)} {bar(value, chart.full, 40)}"
                for point, shown, value in zip(chart.points, series.shown, series.values)]  # fmt: skip
    lines = []
    for series in chart.series:
        lines.append(series.name)
        lines += [f"{right(point, 6)} {right(shown, 6)} {bar(value, chart.full, 40)}"
                  for point, shown, value in zip(chart.points, series.shown, series.values)]  # fmt: skip
    return lines


def to_markdown(document: Document, lang: str = "en") -> str:
    page = document.page(lang)
    lines = [f"# {page.title}", ""]
    fields = page.lines()
    if fields:
        lines += [f"- **{f.label}** {_md(f.value)}" for f in fields] + [""]
    for section in page.sections:
        if isinstance(section, Note):
            lines += [section.text, ""]
        else:
            lines += [f"## {section.title}", "", *_table(section), ""]
    if page.chart is not None:
        lines += [f"## {page.chart.title}", "", "```", *chart_lines(page.chart), "```", ""]
    return "\n".join(lines)
