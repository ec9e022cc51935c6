"""Reports as data (issue 19): a table's ``build`` returns a ``Document``, and one set of writers
(``dealer_assist.report``) renders any document in every format. A made-up document, built
here with no table, goes through the same writers as the two tables' reports."""

from __future__ import annotations

import ast
import csv
import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from dealer_assist import notation as n
from dealer_assist import report as writers
from dealer_assist import rulesets
from dealer_assist.core.session import Session
from dealer_assist.report.document import (Chart, Detail, Document, Field, Headline, Log, Note, Page, Paragraph,
                                           Series, Span, Table)  # fmt: skip

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_sessions"


def _page(data: dict, lang: str) -> Page:
    """A made-up report of two coin tosses, worded by hand ("en" and a pretend other language)."""
    say = (lambda en, other: en if lang == "en" else other)  # noqa: E731
    tosses = Table(say("Tosses", "TOSSES"), ("toss", "side", "score"),
                   tuple((str(t["toss"]), t["side"], str(t["score"])) for t in data["tosses"]), left=frozenset({1}),
                   details=tuple(Detail(f"toss {t['toss']}", ("redo",) if t["redo"] else (),
                                        (Span(t["side"]), Span(f"score {t['score']}", "hp")),
                                        (Paragraph("the coin spun"), Paragraph("a note", note=True)))
                                 for t in data["tosses"]))  # fmt: skip
    players = Table("Players", ("name", "wins", "a|b"), (("zed", "2", "x|y"),), left=frozenset({0}), keep=1, split=2)
    scores = tuple(t["score"] for t in data["tosses"])
    chart = Chart("Score", "the score after each toss", "toss-chart", ("start", "1", "2"), (False, False, True),
                  (Series("zed", (0, *scores), ("0", *map(str, scores)), ("start 0", "toss 1", "toss 2")),),
                  low=0, high=10, full=10, reference=5, reference_label="half", top_label="10 at the top")  # fmt: skip
    return Page(lang, say("Coin report", "COIN REPORT"), (Field("Session", data["session"]),),
                Headline("Result:", say("zed wins", "ZED WINS"), "success"),
                Log("Log:", "3 events, head abc123", "abc123", "log_head", listed=True),
                (tosses, players, Note("Counted by hand.")), chart,
                Table("", ("toss", "side"), tuple((str(t["toss"]), t["side"]) for t in data["tosses"])))  # fmt: skip


DATA = {"session": "coins", "tosses": [{"toss": 1, "side": "heads", "score": 4, "redo": False},
                                       {"toss": 2, "side": "tails", "score": 7, "redo": True}]}  # fmt: skip


@pytest.fixture
def coins() -> Document:
    return Document(DATA, _page)


def test_a_document_reads_as_its_facts_and_words_itself_in_a_language(coins):
    assert coins["session"] == "coins" and dict(coins) == DATA and len(coins) == 2
    assert coins.page("en").title == "Coin report" and coins.page("xx").title == "COIN REPORT"


def test_a_made_up_document_renders_in_markdown(coins):
    md = writers.to_markdown(coins, "en")
    assert md.startswith("# Coin report\n\n- **Session** coins\n- **Result:** zed wins\n- **Log:** 3 events, head abc123\n")
    assert "## Tosses\n\n| toss | side | score |\n|---|---|---|\n| 1 | heads | 4 |\n| 2 | tails | 7 |\n" in md
    assert "| name | wins | a\\|b |" in md and "| zed | 2 | x\\|y |" in md  # a `|` in a cell cannot cut the table
    assert "Counted by hand.\n" in md and "## Score\n\n```\n" in md
    assert "     2             7 " + "█" * 28 + "\n```" in md  # the bar full at 10: 7 → 28 of 40
    assert writers.to_markdown(coins, "xx").startswith("# COIN REPORT")


def test_a_made_up_document_renders_as_a_page_with_its_details_and_chart(coins):
    page = writers.to_html(coins, "en")
    assert page.startswith('<!DOCTYPE html><html lang="en">') and page.endswith("</html>\n")
    assert '<p id="result" class="result success"><strong>Result:</strong> zed wins</p>' in page
    assert "<dt>Session</dt><dd>coins</dd><dt>Log:</dt><dd>3 events, head abc123</dd>" in page  # listed
    assert '<p id="log" class="note"><strong>Log:</strong> 3 events, head abc123</p>' in page
    # the chart comes before the section shown as details; the details replace that table's rows
    assert page.index('<svg id="toss-chart"') < page.index("<h2>Tosses</h2>") < page.index("<h2>Players</h2>")
    assert '<span class="n">toss 2 <span class="unfinished">redo</span></span>' in page
    assert '<span class="hp">score 7</span>' in page and '<p class="note">a note</p>' in page
    assert "<td>heads</td>" not in page and "<td class=l>zed</td>" in page
    assert 'class="dot open"' in page and "10 at the top" in page and 'class="recovery-label">half</text>' in page
    assert '<p class="note">Counted by hand.</p>' in page


def test_a_made_up_document_renders_as_csv_with_the_log_head_and_as_json(coins):
    rows = list(csv.reader(io.StringIO(writers.to_csv(coins, "en"))))
    assert rows == [["toss", "side", "log_head"], ["1", "heads", "abc123"], ["2", "tails", "abc123"]]
    assert json.loads(writers.to_json_text(coins, "en")) == DATA == json.loads(writers.FORMATS["json"](coins, "xx"))
    assert set(writers.FORMATS) == {"markdown", "html", "json", "csv"}


def test_a_made_up_document_renders_in_the_terminal(coins):
    out = io.StringIO()
    writers.print_text(coins, Console(file=out, width=100, color_system=None), "en")
    said = out.getvalue()
    assert said.startswith("Coin report\n") and "zed wins" in said and "abc123" in said
    assert "Tosses" in said and "heads" in said and "Counted by hand." in said and "█" * 28 in said
    # the split table: "name", "wins", then "name" again with the column after the split
    assert said.count("name") == 2 and "a|b" in said


def test_a_page_of_totals_is_plain():
    page = Page("en", "Totals", (), None, None, (Table("Players", ("name",), (("zed",),), left=frozenset({0})),),
                None, Table("", ("name",), (("zed",),)), plain=True)  # fmt: skip
    html = writers.to_html(Document({}, lambda data, lang: page), "en")
    assert "<h1>Totals</h1><h2>Players</h2><table><thead><tr><th>name</th>" in html and "<script>" not in html
    assert writers.to_markdown(Document({}, lambda data, lang: page)) == "# Totals\n\n## Players\n\n| name |\n|---|\n| zed |\n"


def _state(sample: str):
    session = Session()
    for line in (SAMPLES / sample).read_text(encoding="utf-8").splitlines():
        for cmd in n.parse_line(line):
            session.submit(cmd)
    return session.state


@pytest.mark.parametrize("sample", ["extreme_445.txt", "casino_game.txt"])
def test_each_tables_build_returns_a_document_the_shared_writers_render(sample):
    state = _state(sample)
    table = rulesets.screens(state).report()
    document = table.build(state, meta={"session": "s", "created": None})
    assert isinstance(document, Document)
    for lang in ("en", "ja"):
        page = document.page(lang)
        assert isinstance(page, Page) and page.title and page.headline is not None and page.chart is not None
        for fmt, write in writers.FORMATS.items():
            assert write(document, lang), fmt
    assert table.FORMATS is writers.FORMATS and table.print_text is writers.print_text  # no writer of its own


def test_report_all_totals_are_a_document_too():
    state = _state("extreme_445.txt")
    table = rulesets.screens(state).report()
    document = table.totals([table.build(state, meta={"session": "s", "created": None})], other_tables=2)
    assert isinstance(document, Document) and document["sessions"] == 1 and document["other_tables"] == 2
    assert document.page("en").plain and all(write(document, "en") for write in writers.FORMATS.values())
    assert rulesets.screens(_state("casino_game.txt")).report().totals is None  # counted apart by `report --all`


def test_the_writers_import_no_table():
    for path in sorted((ROOT / "dealer_assist" / "report").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = [node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module]
        names += [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
        assert not [name for name in names if name.startswith("dealer_assist.tables")], path.name
