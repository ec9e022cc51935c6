"""Tables that fit the console: no header and no value cut, in either language.

rich shrinks a table wider than the console by wrapping its cells at spaces and cutting
the rest with 「…」 — a Japanese header such as 「ジョーカーで負け」 then loses what it counts.
Here every cell is kept on one line at its own width (measured in terminal cells), and a
table too wide for the console is printed in parts, each part repeating the first ``keep``
columns (the box, the player …) so every row can still be read across. A single column too
wide on its own next to those (a long list of results) is the one that wraps, broken by
``wrap.Wrapped`` so a number stays with its label.
"""

from __future__ import annotations

from typing import Sequence

from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from dealer_assist.wrap import Wrapped


def _cell(value) -> Text:
    return value.copy() if isinstance(value, Text) else Text(str(value))  # a name is never read as markup


def _table(title: str | None, headers: Sequence[str], rows: Sequence[Sequence], columns: Sequence[int],
           justify: Sequence[str], kwargs: dict, *, wrap: dict[int, int] | None = None) -> Table:  # fmt: skip
    wrap = wrap or {}
    out = Table(title=title or None, title_justify="left", **kwargs)
    for i in columns:
        if i in wrap:
            out.add_column(headers[i], justify=justify[i], max_width=wrap[i])
        else:
            out.add_column(headers[i], justify=justify[i], no_wrap=True)
    for row in rows:
        out.add_row(*(Wrapped(_cell(row[i])) if i in wrap else _cell(row[i]) for i in columns))
    return out


def _cells(value) -> int:
    from dealer_assist.wrap import cell_len

    return max(cell_len(line) for line in _cell(value).plain.split("\n"))


def _width(console, table: Table) -> int:
    return Measurement.get(console, console.options.update_width(10**5), table).maximum


def tables(console, title: str | None, headers: Sequence[str], rows: Sequence[Sequence], *,
           justify: Sequence[str] | None = None, keep: int = 1, width: int | None = None,
           **kwargs) -> list[Table]:  # fmt: skip
    """The table as one or more rich tables, each no wider than ``width`` (the console's)."""
    width = width or console.width
    rows = [list(row) for row in rows]
    justify = list(justify or ["left"] * len(headers))
    kwargs.setdefault("show_edge", False)

    # one row of each column's widest cell measures as wide as all the rows (a long report stays quick)
    widest = [[max((row[i] for row in rows), key=lambda cell: _cells(cell), default="") for i in range(len(headers))]]

    def measure(columns: list[int], wrap: dict[int, int]) -> int:
        return _width(console, _table(None, headers, widest, columns, justify, kwargs, wrap=wrap))

    keeps = list(range(min(keep, len(headers))))
    parts: list[tuple[list[int], dict[int, int]]] = []
    columns, wrap = list(keeps), {}
    for i in range(len(keeps), len(headers)):
        if measure(columns + [i], wrap) <= width:
            columns.append(i)
            continue
        alone = measure(keeps + [i], {})
        if alone > width:  # too wide even beside the kept columns: it wraps, here if there is room
            room = width - measure(columns, wrap) - 3
            if columns != keeps and room < 20:
                parts.append((columns, wrap))
                columns, wrap = list(keeps), {}
                room = width - measure(columns, wrap) - 3
            columns.append(i)
            wrap[i] = max(room, 8)
        elif columns == keeps:
            columns.append(i)  # the kept columns alone are already too wide: nothing better
        else:
            parts.append((columns, wrap))
            columns, wrap = keeps + [i], {}
    if columns != keeps or not parts:
        parts.append((columns, wrap))
    return [_table(title if n == 0 else None, headers, rows, columns, justify, kwargs, wrap=wrap)
            for n, (columns, wrap) in enumerate(parts)]


def print_table(console, title: str | None, headers: Sequence[str], rows: Sequence[Sequence], **kwargs) -> None:
    """Print the table in as many parts as the console's width needs (see ``tables``)."""
    for table in tables(console, title, headers, rows, **kwargs):
        console.print(table)
