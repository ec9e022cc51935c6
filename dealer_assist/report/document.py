"""The report as data: what a table's ``build`` returns (a ``Document``) and the model every
writer lays out (a ``Page``: the document worded in one language).

A ``Document`` holds the report's facts, plain and language-neutral (``data``: the JSON form,
also read as a mapping), and the table's ``wording``: facts and a language → a ``Page``. A page
is a title, the title block (``Field``), the headline, the log's head hash (``Log``), the
sections in their order (``Table`` and ``Note``; a table may carry a ``Detail`` per game or
round, which the HTML page shows instead of its rows), a ``Chart`` and the one table of the
CSV form. Every string of a page is already worded: the writers (``text``, ``markdown``,
``html``, ``csv``, ``json``) only lay it out, the same way for every table.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Callable

from dealer_assist.i18n import text

# the colours of a chart's series, in order (the terminal's bars and the page's lines)
SERIES_COLOURS = ("#c62828", "#1565c0", "#2e7d32", "#ef6c00", "#6a1b9a", "#00838f")


@dataclass(frozen=True, slots=True)
class Field:
    """A line of the title block."""

    label: str
    value: str


@dataclass(frozen=True, slots=True)
class Headline:
    """The result in words; ``tone`` is its class on the page (``result success``, …)."""

    label: str
    text: str
    tone: str


@dataclass(frozen=True, slots=True)
class Log:
    """A stored session's log: its events and head hash, so that a posted head can be checked.
    The CSV form ends every row with ``head`` (the short hash) under ``head_label``; ``listed``:
    the page also lists it in its title block."""

    label: str
    text: str
    head: str
    head_label: str
    listed: bool = False


@dataclass(frozen=True, slots=True)
class Span:
    """A part of a detail's summary line (``cls``: its class on the page)."""

    text: str
    cls: str = ""


@dataclass(frozen=True, slots=True)
class Paragraph:
    text: str
    note: bool = False  # a note (smaller, muted)


@dataclass(frozen=True, slots=True)
class Table:
    """A table: its heading, headers and rows. ``left``: the columns aligned left; ``keep``: the
    columns repeated in every part when the terminal is too narrow; ``split``: in the terminal,
    two tables (the columns before ``split``, then the first ``keep`` and the rest);
    ``details``: the page shows one collapsible detail per row instead of the rows."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    left: frozenset[int] = frozenset()
    keep: int = 1
    split: int | None = None
    details: tuple[Detail, ...] | None = None


@dataclass(frozen=True, slots=True)
class Detail:
    """A game (a round) on the page: its name and marks, a summary line, then its body."""

    title: str
    marks: tuple[str, ...]
    summary: tuple[Span, ...]
    body: tuple[Paragraph | Table, ...]


@dataclass(frozen=True, slots=True)
class Note:
    """A sentence the reader must know about the figures."""

    text: str


@dataclass(frozen=True, slots=True)
class Series:
    """A line of a chart: its name, a value per point, each worded, and the tip of each point."""

    name: str
    values: tuple[int, ...]
    shown: tuple[str, ...]
    tips: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Chart:
    """Values over the games. Without ``legend``: one series, its reference line labelled on
    the line, the top of the axis said (a level over the games); with it: a line per series in
    its colour, named in a legend with the reference line. The page's axis runs from ``low`` to
    ``high``; a bar of the terminal and of Markdown is full at ``full``."""

    title: str
    label: str  # what the page's chart is (read aloud)
    id: str  # the page's chart element
    points: tuple[str, ...]  # the name of each point, under the axis
    unfinished: tuple[bool, ...]  # a point of a game still being played (an open dot)
    series: tuple[Series, ...]
    low: int
    high: int
    full: int
    reference: int | None = None
    reference_label: str = ""
    top_label: str = ""
    legend: bool = False
    x_name: str = ""  # the heading of the points' column (the terminal, with a legend)
    height: int = 280
    y_ticks: tuple[int, ...] = ()  # values written on the axis (with a legend)


Section = Table | Note


@dataclass(frozen=True, slots=True)
class Page:
    """A document worded in one language: everything the writers lay out. ``style``: CSS rules
    the page adds (its headline's tones); ``plain``: a page of totals (tables only, no script)."""

    lang: str
    title: str
    fields: tuple[Field, ...]
    headline: Headline | None
    log: Log | None
    sections: tuple[Section, ...]
    chart: Chart | None
    grid: Table  # the CSV form's one table (headers: machine names in English)
    style: str = ""
    plain: bool = False

    def lines(self) -> list[Field]:
        """The title block with the headline and the log (the terminal, Markdown)."""
        out = list(self.fields)
        if self.headline is not None:
            out.append(Field(self.headline.label, self.headline.text))
        if self.log is not None:
            out.append(Field(self.log.label, self.log.text))
        return out


@dataclass(frozen=True, eq=False)
class Document(Mapping):
    """A table's report: its facts (``data``, language-neutral, read as a mapping too) and its
    ``wording`` (facts, language → ``Page``)."""

    data: dict[str, Any]
    wording: Callable[[dict[str, Any], str], Page]

    def page(self, lang: str = "en") -> Page:
        return self.wording(self.data, lang)

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.data)

    def __len__(self) -> int:
        return len(self.data)


# --------------------------------------------------------------------------- words every report has


def local_time(stamp: str | None) -> str | None:
    """A stored time (ISO) as the reader's local date and time."""
    if not stamp:
        return None
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return stamp


def log_of(chain: dict[str, Any] | None, lang: str, *, listed: bool = False) -> Log | None:
    """The log block of a stored session (``chain``: events, head, short, ok, problem)."""
    if chain is None:
        return None
    if chain["ok"]:
        said = text("report.chain", lang, events=chain["events"], short=chain["short"])
    else:
        said = text("report.chain_broken", lang, events=chain["events"], short=chain["short"],
                    verdict=chain["problem"])  # fmt: skip
    return Log(text("report.log", lang), said, chain["short"], text("csv.log_head", lang), listed)

