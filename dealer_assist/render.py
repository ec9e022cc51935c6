"""Rich rendering of rulings, ledgers and the state (the only module that knows colours)."""

from __future__ import annotations

from typing import Iterable, Sequence

from rich.console import Console, Group
from rich.table import Table as RichTable
from rich.text import Text

from dealer_assist import rulesets
from dealer_assist.core.step import Ruling
from dealer_assist.grid import Flat, Grid, joined
from dealer_assist.i18n import LANGS, amount, catalog
from dealer_assist.messages import text
from dealer_assist.wrap import Wrapped


def _styles() -> dict[str, str]:
    """Every table's clause families and their colours (``Screens.clause_styles``)."""
    if not _STYLES:
        for name in rulesets.names():
            _STYLES.update(rulesets.screens(name).clause_styles)
    return _STYLES


_STYLES: dict[str, str] = {}


def clause_style(clause: str) -> str:
    return _styles().get(clause.split("-")[0], "white")


def ruling_text(ruling: Ruling, lang: str = "en") -> Text:
    out = Text("    ")
    out.append(f"{ruling.clause:<8}", style=clause_style(ruling.clause))
    out.append(" " + ruling.text(lang))
    return out


def rulings(console: Console, items: Iterable[Ruling], lang: str = "en") -> None:
    for ruling in items:
        console.print(ruling_text(ruling, lang), highlight=False)


def headers(names: Iterable[str], lang: str) -> list[str]:
    """Column headers from the catalog (``col.NAME``), looked up once for each table's names
    (the live panel and a settled game's tables ask for the same ones on every line)."""
    names = tuple(names)
    if lang not in LANGS:
        return [text(f"col.{name}", lang) if name else "" for name in names]
    words = catalog(lang)
    known = _HEADERS.get((names, lang))
    if known is None or known[0] is not words:  # (a catalog read again: looked up again)
        known = _HEADERS[names, lang] = (words, [text(f"col.{name}", lang) if name else "" for name in names])
    return list(known[1])


_HEADERS: dict[tuple[tuple[str, ...], str], tuple[dict, list[str]]] = {}


def columns(table: RichTable, names: Iterable[str], lang: str, *, right: Iterable[str] = ()) -> RichTable:
    """Add the named columns to a rich table, their headers from the catalog (``col.NAME``)."""
    right = set(right)
    for name, header in zip(names, headers(names, lang)):
        table.add_column(header, justify="right" if name in right else "left")
    return table


def grid(names: Sequence[str], lang: str, *, right: Iterable[str] = (), title: str | None = None,
         ruled: bool = True) -> Grid:  # fmt: skip
    right = set(right)
    return Grid(headers(names, lang), right=[i for i, name in enumerate(names) if name in right], title=title,
                ruled=ruled)  # fmt: skip


def ratio_text(ratio: float | None, lang: str = "en") -> str:
    return "-" if ratio is None else text("fmt.ratio", lang, ratio=f"{ratio:g}")


def result_text(result: str | None, lang: str = "en") -> str:
    return "-" if result is None else text(f"result.{result}", lang)


def hands_grid(record: dict, lang: str = "en", *, headers: list[str] | None = None, words=None) -> Grid:
    """A settled blackjack game's hands under the dealer's cards (``headers``, ``words``: a
    table's own column headers and result words)."""
    dealer = record["dealer"]
    title = text("render.dealer_bust" if dealer["bust"] else "render.dealer", lang, cards=" ".join(dealer["cards"]),
                 total=dealer["total"])  # fmt: skip
    table = grid(("hand", "cards", "bet", "result", "ratio"), lang, right=("bet", "ratio"), title=title)
    if headers is not None:
        table.headers = headers
    words = words or result_text
    for h in record["hands"]:
        table.add_row(h["hand"], " ".join(h["cards"]), amount(h["bet"], lang), words(h["result"], lang),
                      ratio_text(h["ratio"], lang))  # fmt: skip
    return table


def game_summary(console: Console, record: dict, lang: str, table) -> None:
    """A settled game's tables (``Screens.settled`` of ``table``: a state, a table's name), printed."""
    for part in settled_parts(record, lang, table):
        if isinstance(part, str):
            console.print(part, highlight=False)
        else:
            console.print(part, crop=False)


def settled_parts(record: dict, lang: str, table) -> list:
    """What ``table`` (a state, a table's name) shows of a settled game: grids and lines."""
    return rulesets.screens(table).settled(record, lang)


def panel(state, lang: str = "en"):
    """The dealer's live panel of the state's table (its ``panel`` hook)."""
    from dealer_assist import rulesets

    return rulesets.screens(state).panel(state, lang)


def final(console: Console, state, lang: str = "en") -> None:
    """The end state of a replay, by the state's table (its ``final`` hook)."""
    from dealer_assist import rulesets

    rulesets.screens(state).final(console, state, lang)


def outcome_parts(items, records: dict[int, dict] | None, lang: str, table) -> list:
    """What one line did, ready to print at once: its rulings (one text), then the game's hands
    and ledger if the line settled it."""
    pieces: list[tuple[str, str | None]] = []  # appended at once (``grid.joined``)
    settled = None
    for outcome in items:
        if outcome.undone is not None:
            pieces.append((text("render.undo", lang, command=str(outcome.undone)) + "\n", "yellow"))
        for ruling in outcome.rulings:
            pieces.append(("    ", None))
            pieces.append((f"{ruling.clause:<8}", clause_style(ruling.clause)))
            pieces.append((" " + ruling.text(lang) + "\n", None))
        if outcome.settled:
            settled = outcome.game
    said = joined(pieces, Text, rstrip=True, no_wrap=True, overflow="ignore")
    parts: list = [Wrapped(said, hang=13)] if said else []  # under the ruling text, a number kept with its label
    if records is not None and settled in records:
        for part in settled_parts(records[settled], lang, table):
            parts.append(Flat(part, no_wrap=True, overflow="ignore") if isinstance(part, str) else part.text())
    return parts


def outcomes(console: Console, items, records: dict[int, dict] | None, lang: str, table) -> None:
    """The rulings of one line, then the game's hands and ledger if the line settled it."""
    parts = outcome_parts(items, records, lang, table)
    if parts:
        console.print(Group(*parts), crop=False, highlight=False)


