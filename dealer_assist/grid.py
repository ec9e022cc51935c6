"""Tables drawn directly as styled text, for what is printed after every live command.

A ``rich.table.Table`` measures and wraps every cell on every print (milliseconds a line); a
``Grid`` pads each cell once to its column's width, measured in terminal cells
(``rich.cells.cell_len``: a full-width character takes two), so Japanese names and headers
stay aligned. The look follows rich's tables without an outer edge: a bold header, a ``━``
rule, ``│`` between the columns — or, ``ruled=False``, plain columns two cells apart.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from rich.cells import cell_len
from rich.text import Text


def pad(value: str, width: int, *, right: bool = False) -> str:
    """``value`` filled with spaces to ``width`` terminal cells."""
    gap = " " * max(width - cell_len(value), 0)
    return gap + value if right else value + gap


class Grid:
    def __init__(self, headers: Sequence[str], *, right: Iterable[int] = (), title: str | None = None,
                 ruled: bool = True) -> None:  # fmt: skip
        self.headers = list(headers)
        self.right = set(right)  # the columns (by index) aligned to the right
        self.title = title
        self.ruled = ruled
        self.rows: list[tuple[list[str], str]] = []

    def add_row(self, *cells: str, style: str = "") -> None:
        self.rows.append(([str(c) for c in cells], style))

    def text(self) -> Text:
        widths = [cell_len(h) for h in self.headers]
        for cells, _ in self.rows:
            for i, cell in enumerate(cells):
                widths[i] = max(widths[i], cell_len(cell))

        def line(cells: Sequence[str], separator: str) -> str:
            padded = [pad(c, widths[i], right=i in self.right) for i, c in enumerate(cells)]
            if self.ruled:
                return " " + f" {separator} ".join(padded) + " "
            return "  ".join(padded).rstrip()

        out = Flat(no_wrap=True, overflow="ignore")
        if self.title:
            out.append(self.title + "\n")
        out.append(line(self.headers, "┃"), style="bold")
        if self.ruled:
            out.append("\n" + "╇".join("━" * (w + 2) for w in widths))
        for cells, style in self.rows:
            out.append("\n")
            out.append(line(cells, "│"), style=style or None)
        return out

    def __rich__(self) -> Text:
        return self.text()


class Flat(Text):
    """A text rich prints as it is (``no_wrap``, ``overflow="ignore"``: the terminal cuts a long
    line), rendered at once. rich would first split it into lines and join them again, giving
    the same text (``Text.wrap`` with overflow ``ignore``): a millisecond for a settled game's
    tables, on every line that settles one. A text this shortcut might render otherwise (a
    tab, a style of its own, a style across a line's end, another justification) goes through
    rich as any text."""

    def __rich_console__(self, console, options):
        if _as_is(self, options):
            yield from self.render(console, end=self.end)
        else:
            yield from super().__rich_console__(console, options)


def _as_is(text: Text, options) -> bool:
    """Whether rich's own rendering of ``text`` (split into lines and joined again) renders
    the very segments ``text.render`` gives."""
    if text.style or text.overflow != "ignore" or (text.justify or options.justify or "default") != "default":
        return False
    plain = text.plain
    if "\t" in plain:
        return False
    return all("\n" not in plain[span.start : span.end] for span in text.spans)
