"""What a live line prints (its rulings, a settled game's tables, the panel) is the same bytes
with the shortcuts of issue 20 (``wrap.Wrapped`` and ``grid.Flat`` rendered at once, the grids
built in one piece) as through rich's own wrapping of the same texts: every line of every
sample session, English and Japanese, at several widths; and random texts."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console, Group
from rich.text import Span, Text

from dealer_assist import grid as grid_module
from dealer_assist import notation as n
from dealer_assist import render, rulesets
from dealer_assist import wrap as wrap_module
from dealer_assist.core.session import Session
from dealer_assist.errors import DealerAssistError
from dealer_assist.wrap import Wrapped

SAMPLES = Path(__file__).parent.parent / "sample_sessions"
SCRIPTS = sorted(SAMPLES.glob("*.txt"))
WIDTHS = (12, 40, 80, 200)


def printed(renderable, width: int) -> str:
    out = io.StringIO()
    Console(file=out, width=width, force_terminal=True, color_system="truecolor").print(
        renderable, crop=False, highlight=False)  # fmt: skip
    return out.getvalue()


def rich_way(monkeypatch):
    """Turn the shortcuts off: every text goes through rich's own rendering."""
    monkeypatch.setattr(wrap_module, "_as_is", lambda text, options: False)
    monkeypatch.setattr(grid_module, "_as_is", lambda text, options: False)


def sample_lines(path: Path):
    session = Session(None)
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            outcomes = session.submit_all(n.parse_line(line))
        except DealerAssistError:
            continue
        yield outcomes, session.state


def line_parts(outcomes, state, lang):
    records = {}
    if any(o.settled for o in outcomes):
        record = rulesets.game_record(state)
        records = {record["game"]: record} if record is not None else {}
    parts = render.outcome_parts(outcomes, records, lang, state)
    parts.append(render.panel(state, lang))
    return Group(*parts)


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.stem)
def test_every_sample_line_prints_the_same_bytes_as_through_rich(path, monkeypatch):
    fast = []
    for outcomes, state in sample_lines(path):
        for lang in ("en", "ja"):
            group = line_parts(outcomes, state, lang)
            fast.append([printed(group, width) for width in WIDTHS])
    assert fast
    rich_way(monkeypatch)
    slow = []
    for outcomes, state in sample_lines(path):
        for lang in ("en", "ja"):
            group = line_parts(outcomes, state, lang)
            slow.append([printed(group, width) for width in WIDTHS])
    assert fast == slow


def test_a_long_ruling_is_still_broken_and_cut_as_before(monkeypatch):
    text = Text("    DRAW-2   ", no_wrap=True, overflow="ignore")
    text.append("プレーヤー目線 7枚、ディーラー目線 3枚 " * 4 + "x" * 90, style="cyan")
    fast = [printed(Wrapped(text, hang=13), w) for w in WIDTHS]
    rich_way(monkeypatch)
    assert fast == [printed(Wrapped(text, hang=13), w) for w in WIDTHS]


STYLES = st.sampled_from(["bold", "dim", "red", "bold magenta", "italic", "on blue"])
LINE = st.text(alphabet="ab 12│━┃[]ーハンド、。「」\t", max_size=30)


@settings(max_examples=300, deadline=None)
@given(st.lists(LINE, min_size=1, max_size=5), st.lists(st.tuples(st.integers(0, 150), st.integers(0, 150), STYLES),
       max_size=4), st.sampled_from(["", "bold"]), st.sampled_from(["", "italic"]), st.sampled_from([0, 2, 13, None]),
       st.sampled_from(WIDTHS))  # fmt: skip
def test_random_wrapped_texts_print_as_through_rich(lines, spans, style, own, hang, width):
    plain = "\n".join(lines)
    text = Text(plain, style=own)
    text.spans = [Span(min(a, b, len(plain)), min(max(a, b), len(plain)), s) for a, b, s in spans]
    fast = printed(Wrapped(text.copy(), hang=hang, style=style), width)
    saved = wrap_module._as_is
    wrap_module._as_is = lambda text, options: False
    try:
        slow = printed(Wrapped(text.copy(), hang=hang, style=style), width)
    finally:
        wrap_module._as_is = saved
    assert fast == slow
