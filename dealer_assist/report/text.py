"""A report in the terminal (rich): the title block, each section's table (in parts when wider
than the console, no header or value cut: ``layout``), the notes, and the chart as bars."""

from __future__ import annotations

from dealer_assist.report.document import SERIES_COLOURS, Chart, Document, Note, Table
from dealer_assist.report.markdown import bar, right


def _justify(table: Table, columns: range) -> list[str]:
    return ["left" if i in table.left else "right" for i in columns]


def _table(console, table: Table) -> None:
    from dealer_assist.layout import print_table

    headers, rows = list(table.headers), [list(row) for row in table.rows]
    if table.split is None:
        print_table(console, table.title, headers, rows, keep=table.keep, justify=_justify(table, range(len(headers))))
        return
    cut, keep = table.split, table.keep  # two tables, to fit a terminal
    print_table(console, table.title, headers[:cut], [row[:cut] for row in rows], keep=keep,
                justify=_justify(table, range(cut)))  # fmt: skip
    columns = [*range(keep), *range(cut, len(headers))]
    print_table(console, "", [headers[i] for i in columns], [[row[i] for i in columns] for row in rows], keep=keep,
                justify=["left" if i in table.left else "right" for i in columns])  # fmt: skip


def _chart(console, chart: Chart) -> None:
    from rich.table import Table as RichTable
    from rich.text import Text

    from dealer_assist.layout import print_table

    if not chart.legend:
        (series,) = chart.series
        out = RichTable(title=chart.title, title_justify="left", show_edge=False, show_header=False, box=None)
        out.add_column(justify="right")
        out.add_column(justify="right")
        out.add_column(style="red")
        for point, shown, value in zip(chart.points, series.shown, series.values):
            out.add_row(point, shown, bar(value, chart.full, 40))
        console.print(out)
        return
    count = max(len(chart.series), 1)
    # the bars as long as the console lets every series' column sit side by side
    width = max(2, min(48 // count, (console.width - 8) // count - 8))
    rows = []
    for k, point in enumerate(chart.points):
        cells = []
        for i, series in enumerate(chart.series):
            cell = Text(right(series.shown[k], 5) + " ")
            cell.append(bar(series.values[k], chart.full, width), style=SERIES_COLOURS[i % len(SERIES_COLOURS)])
            cells.append(cell)
        rows.append([point, *cells])
    print_table(console, chart.title, [chart.x_name, *(s.name for s in chart.series)], rows,
                justify=["right"] + ["left"] * len(chart.series), box=None)  # fmt: skip


def print_text(document: Document, console, lang: str = "en") -> None:
    """The report on ``console``."""
    from rich.text import Text

    from dealer_assist.layout import print_table
    from dealer_assist.wrap import Wrapped

    page = document.page(lang)
    console.print(page.title, style="bold", markup=False)
    fields = page.lines()
    if fields:
        print_table(console, None, ["", ""], [(Text(f.label, style="bold"), f.value) for f in fields],
                    show_header=False, box=None, pad_edge=False)  # fmt: skip
    for section in page.sections:
        if isinstance(section, Note):
            console.print(Wrapped(section.text, style="dim"))
        else:
            _table(console, section)
    if page.chart is not None:
        _chart(console, page.chart)
