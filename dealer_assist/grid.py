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
from rich.text import Span, Text


def cells(value: str) -> int:
    """``value``'s width in terminal cells (``rich.cells.cell_len``; printable ASCII at once)."""
    return len(value) if value.isascii() and value.isprintable() else cell_len(value)


def pad(value: str, width: int, *, right: bool = False) -> str:
    """``value`` filled with spaces to ``width`` terminal cells."""
    gap = " " * max(width - cells(value), 0)
    return gap + value if right else value + gap


CONTROL = "\x07\x08\x0b\x0c\r"  # the control codes a rich text drops (``rich.control.strip_control_codes``)


def made(plain: str, kind: type[Text] = Text, **flags) -> Text:
    """``kind(plain, **flags)`` (a rich text), without rich's pass over every character to drop
    control codes when there is none (``str.translate``: a tenth of a millisecond for a
    settled game's tables with their ``│``)."""
    if any(code in plain for code in CONTROL):
        return kind(plain, **flags)
    out = kind(**flags)
    out._text, out._length = [plain], len(plain)
    return out


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
        sizes = [[cells(c) for c in row] for row in (self.headers, *(row for row, _ in self.rows))]
        widths = list(sizes[0])
        for row in sizes[1:]:
            for i, n in enumerate(row):
                if n > widths[i]:
                    widths[i] = n
        right = self.right
        sized = iter(sizes)

        def line(row: Sequence[str], separator: str) -> str:
            gaps = [" " * max(widths[i] - n, 0) for i, n in enumerate(next(sized))]
            padded = [gaps[i] + c if i in right else c + gaps[i] for i, c in enumerate(row)]
            if self.ruled:
                return " " + f" {separator} ".join(padded) + " "
            return "  ".join(padded).rstrip()

        pieces: list[tuple[str, str | None]] = []  # what ``Text.append`` would be given, in order
        if self.title:
            pieces.append((self.title + "\n", None))
        pieces.append((line(self.headers, "┃"), "bold"))
        if self.ruled:
            pieces.append(("\n" + "╇".join("━" * (w + 2) for w in widths), None))
        for row, style in self.rows:
            pieces.append(("\n", None))
            pieces.append((line(row, "│"), style or None))
        return joined(pieces)

    def __rich__(self) -> Text:
        return self.text()


def joined(pieces: list[tuple[str, str | None]], kind: type[Text] | None = None, *, rstrip: bool = False,
           **flags) -> Text:  # fmt: skip
    """The text the pieces make (a ``Flat`` unless ``kind``; ``no_wrap``, overflow ``ignore``
    unless ``flags``), appended one by one (``Text.append``), then with ``rstrip`` its trailing
    spaces dropped (``Text.rstrip``), built at once: the same text, spans and length."""
    kind = kind or Flat
    flags = flags or {"no_wrap": True, "overflow": "ignore"}
    whole = "".join(piece for piece, _ in pieces)
    plain = whole.rstrip() if rstrip else whole
    if any(code in whole for code in CONTROL):  # rich drops them: the spans' places as it counts them
        out = kind(**flags)
        for piece, style in pieces:
            out.append(piece, style=style)
        if rstrip:
            out.rstrip()
        return out
    out = made(plain, kind, **flags)
    offset, end, spans = 0, len(plain), out.spans
    for piece, style in pieces:
        if style and piece:
            spans.append(Span(offset, offset + len(piece), style))
        offset += len(piece)
    if end < len(whole):  # as ``Text.rstrip`` trims them: cut at the end, those after it dropped
        spans[:] = [span if span.end < end else Span(span.start, min(end, span.end), span.style) for span in spans
                    if span.start < end]  # fmt: skip
    return out


class Flat(Text):
    """A text rich prints as it is (``no_wrap``, ``overflow="ignore"``: the terminal cuts a long
    line), rendered at once. rich would first split it into lines and join them again, giving
    the same text (``Text.wrap`` with overflow ``ignore``): a millisecond for a settled game's
    tables, on every line that settles one. A text this shortcut might render otherwise (a
    tab, a style across a line's end, a style of its own on more than one line, another
    justification) goes through rich as any text."""

    def __rich_console__(self, console, options):
        if _as_is(self, options):
            text = self
            if self.style:  # as rich joins it: its style a span over its one line
                text = made(self.plain, end=self.end, spans=[Span(0, len(self), self.style), *self.spans])
            yield from text.render(console, end=self.end)
        else:
            yield from super().__rich_console__(console, options)


def _as_is(text: Text, options) -> bool:
    """Whether rich's own rendering of ``text`` (split into lines and joined again) renders
    the very segments ``text.render`` gives."""
    if text.overflow != "ignore" or (text.justify or options.justify or "default") != "default":
        return False
    plain = text.plain
    if "\t" in plain or (text.style and (not plain or "\n" in plain)):
        return False  # rich styles each line of a text, not the line ends between them
    return all("\n" not in plain[span.start : span.end] for span in text.spans)
