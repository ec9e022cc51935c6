"""A grid's text is built in one piece (issue 20) and is the very text appending its pieces one
by one gives (``Text.append``): the same characters, spans and flags, also with control codes
rich drops and empty or unstyled cells."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.text import Text

from dealer_assist.grid import Flat, Grid, joined


def appended(pieces):
    out = Flat(no_wrap=True, overflow="ignore")
    for piece, style in pieces:
        out.append(piece, style=style)
    return out


def same(a: Text, b: Text) -> bool:
    return (type(a), a.plain, a.spans, a.style, a.no_wrap, a.overflow, a.end, a.justify, len(a)) == (
        type(b), b.plain, b.spans, b.style, b.no_wrap, b.overflow, b.end, b.justify, len(b))  # fmt: skip


PIECE = st.tuples(st.text(alphabet="ab ハ│\n\t\x07\r\x1b", max_size=6), st.sampled_from([None, "", "bold", "dim"]))


@settings(max_examples=300, deadline=None)
@given(st.lists(PIECE, max_size=8))
def test_pieces_joined_at_once_are_the_text_appended_piece_by_piece(pieces):
    assert same(joined(pieces), appended(pieces))
    plain = appended(pieces)
    plain.rstrip()
    assert same(joined(pieces, rstrip=True), plain)
    text = Text(no_wrap=True, overflow="ignore")
    for piece, style in pieces:
        text.append(piece, style=style)
    text.rstrip()
    assert same(joined(pieces, Text, rstrip=True, no_wrap=True, overflow="ignore"), text)


def test_a_grid_with_a_title_styles_and_full_width_cells():
    grid = Grid(["ハンド", "bet", ""], right=[1], title="dealer A 10")
    grid.add_row("1", "10万", "locked", style="dim")
    grid.add_row("2", "", "")
    grid.add_row("ボックス\x07", "5", "x")
    text = grid.text()
    assert text.plain.splitlines()[0] == "dealer A 10"
    assert [s.style for s in text.spans] == ["bold", "dim"]
    assert text.plain[text.spans[1].start : text.spans[1].end].startswith(" 1 ")
    assert "\x07" not in text.plain  # dropped, as Text.append drops it, the spans still on their rows
    grid.ruled = False
    assert "━" not in grid.text().plain


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ab ハ│━\n\t\x07\x08\x0b\x0c\r\x1b", max_size=20), st.sampled_from(["", "bold"]))
def test_a_text_made_at_once_is_the_text_rich_makes(plain, style):
    from dealer_assist.grid import made

    for kind in (Text, Flat):
        ours = made(plain, kind, style=style, no_wrap=True, overflow="ignore", end="")
        assert same(ours, kind(plain, style=style, no_wrap=True, overflow="ignore", end=""))
        assert ours.plain == kind(plain).plain and ours.tab_size is None


def old_text(grid: Grid) -> Text:
    """The grid's text as it was built before issue 20: measured and padded cell by cell, appended
    piece by piece."""
    from rich.cells import cell_len

    widths = [cell_len(h) for h in grid.headers]
    for row, _ in grid.rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], cell_len(cell))

    def line(row, separator):
        padded = []
        for i, c in enumerate(row):
            gap = " " * max(widths[i] - cell_len(c), 0)
            padded.append(gap + c if i in grid.right else c + gap)
        if grid.ruled:
            return " " + f" {separator} ".join(padded) + " "
        return "  ".join(padded).rstrip()

    out = Flat(no_wrap=True, overflow="ignore")
    if grid.title:
        out.append(grid.title + "\n")
    out.append(line(grid.headers, "┃"), style="bold")
    if grid.ruled:
        out.append("\n" + "╇".join("━" * (w + 2) for w in widths))
    for row, style in grid.rows:
        out.append("\n")
        out.append(line(row, "│"), style=style or None)
    return out


CELL = st.text(alphabet="a1 ハ万,\x07", max_size=6)


@settings(max_examples=300, deadline=None)
@given(st.lists(CELL, min_size=1, max_size=4), st.lists(st.tuples(st.lists(CELL, max_size=4), st.sampled_from(["", "dim"])),
       max_size=4), st.sets(st.integers(0, 3)), st.sampled_from([None, "", "title"]), st.booleans())  # fmt: skip
def test_a_grid_is_the_text_it_was(headers, rows, right, title, ruled):
    grid = Grid(headers, right=right, title=title, ruled=ruled)
    for row, style in rows:
        grid.add_row(*row[: len(headers)], style=style)
    assert same(grid.text(), old_text(grid))
