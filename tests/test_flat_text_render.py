"""The live panel's and a settled game's tables are printed at once (issue 20: ``grid.Flat``),
byte for byte as rich prints the same text: every panel and settled game of the sample
sessions in both languages at several widths, and random texts (lines, styles, styles across
a line's end, tabs, full-width characters)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console, Group
from rich.text import Span, Text

from dealer_assist import notation as n
from dealer_assist import render, rulesets
from dealer_assist.core.session import Session
from dealer_assist.errors import DealerAssistError
from dealer_assist.grid import Flat

SAMPLES = Path(__file__).parent.parent / "sample_sessions"
SCRIPTS = sorted(SAMPLES.glob("*.txt"))
WIDTHS = (20, 80, 200)


def printed(renderable, width: int, **options) -> str:
    out = io.StringIO()
    Console(file=out, width=width, force_terminal=True, color_system="truecolor").print(
        renderable, crop=False, highlight=False, **options)  # fmt: skip
    return out.getvalue()


def as_text(flat: Text) -> Text:
    """The same text as a plain rich ``Text`` (rendered by rich's own way)."""
    plain = Text(flat.plain, style=flat.style, justify=flat.justify, overflow=flat.overflow, no_wrap=flat.no_wrap,
                 end=flat.end)  # fmt: skip
    plain.spans = list(flat.spans)
    return plain


def flats(renderable):
    """The ``Flat`` texts inside a panel (a group) or a list of parts."""
    if isinstance(renderable, Flat):
        yield renderable
    for inner in getattr(renderable, "renderables", ()):
        yield from flats(inner)


def session_tables(path: Path):
    session = Session(None)
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            for cmd in n.parse_line(line):
                session.submit(cmd)
        except DealerAssistError:
            continue
        yield session.state


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.stem)
def test_every_panel_and_settled_game_of_a_sample_session_prints_as_rich_prints_it(path):
    checked = 0
    for state in session_tables(path):
        for lang in ("en", "ja"):
            parts = [render.panel(state, lang)]
            record = rulesets.game_record(state)
            if record is not None and record.get("hands") and record.get("dealer"):
                parts += [p.text() if hasattr(p, "text") else Flat(p, no_wrap=True, overflow="ignore")
                          for p in render.settled_parts(record, lang, state)]  # fmt: skip
            for part in parts:
                for flat in flats(part):
                    for width in WIDTHS:
                        assert printed(flat, width) == printed(as_text(flat), width)
                        checked += 1
    assert checked


def test_a_group_of_flat_texts_prints_as_the_same_group_of_rich_texts():
    flat = Flat("title\n", no_wrap=True, overflow="ignore")
    flat.append(" a ┃ b ", style="bold")
    flat.append("\n")
    flat.append(" ハンド │ 9 ", style="dim")
    for width in WIDTHS:
        assert printed(Group(flat, flat), width) == printed(Group(as_text(flat), as_text(flat)), width)
        for justify in ("left", "center", "right", "full"):
            assert printed(flat, width, justify=justify) == printed(as_text(flat), width, justify=justify)


STYLES = st.sampled_from(["bold", "dim", "red", "bold magenta", "italic", "on blue"])
LINE = st.text(alphabet="ab 12│━┃[]ーハンド\t", max_size=12)


@settings(max_examples=200, deadline=None)
@given(st.lists(LINE, min_size=1, max_size=5), st.lists(st.tuples(st.integers(0, 60), st.integers(0, 60), STYLES),
       max_size=4), st.sampled_from(["", "bold"]), st.sampled_from(["ignore", "crop", "fold"]),
       st.sampled_from(WIDTHS))  # fmt: skip
def test_random_texts_print_as_rich_prints_them(lines, spans, style, overflow, width):
    plain = "\n".join(lines)
    flat = Flat(plain, style=style, no_wrap=True, overflow=overflow)
    flat.spans = [Span(min(a, b, len(plain)), min(max(a, b), len(plain)), s) for a, b, s in spans]
    assert printed(flat, width) == printed(as_text(flat), width)
