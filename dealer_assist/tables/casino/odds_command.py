"""`dealer-assist odds casino`: the exact expected return per initial hand of blackjack under a
set of rules (issue 24) — the seed-004 casino's by default — computed over every first deal and
every card each hand can draw (``core.round_value``), not simulated; the house edge is its
negative. ``--strategy``: ``basic`` (the published multi-deck chart, ``core.strategy``), ``cpu``
(the seed's CPU, CPU-1…10) or ``optimal`` (each hand played as well as can be for the exact
composition). Splits use the usual approximation, said in the output."""

from __future__ import annotations

import time

import click

INFINITE = "inf"


def _decks(value: str) -> int | None:
    if value.strip().lower() in (INFINITE, "infinite", "∞"):
        return None
    try:
        decks = int(value)
    except ValueError:
        raise click.BadParameter(f"{value!r}: a number of decks from 1 to 8, or inf") from None
    if not 1 <= decks <= 8:
        raise click.BadParameter(f"{decks}: a number of decks from 1 to 8, or inf")
    return decks


@click.command()
@click.option("--decks", "decks_word", default="6", show_default=True, metavar="N|inf",
              help="Decks in the shoe, 1 to 8, or inf for an infinite shoe.")
@click.option("--s17/--h17", "s17", default=True, show_default=True, help="The dealer stands (or hits) on soft 17.")
@click.option("--das/--no-das", "das", default=True, show_default=True, help="Double after a split.")
@click.option("--surrender", type=click.Choice(["late", "none"]), default="late", show_default=True,
              help="Late surrender on the first two cards, or none.")
@click.option("--resplit", type=click.IntRange(1, 4), default=4, show_default=True,
              help="Split up to this many hands (1: no splitting).")
@click.option("--rsa", is_flag=True, help="Split aces may be split again.")
@click.option("--no-peek", "no_peek", is_flag=True,
              help="No hole card: a dealer blackjack takes every stake, doubles and splits too.")
@click.option("--strategy", type=click.Choice(["basic", "cpu", "optimal"]), default="basic", show_default=True,
              help="How each hand is played.")
@click.option("--chart", "show_chart", is_flag=True, help="With basic strategy: print its chart (the usual grid).")
@click.option("--html", "html_file", type=click.Path(dir_okay=False, writable=True), default=None,
              help="With basic strategy: write its chart as an HTML page to this file.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@click.option("--lang", "lang", type=click.Choice(["en", "ja"]), default=None, help="en or ja.")
def command(decks_word: str, s17: bool, das: bool, surrender: str, resplit: int, rsa: bool, no_peek: bool,
            strategy: str, show_chart: bool, html_file: str | None, as_json: bool, lang: str | None) -> None:  # fmt: skip
    """The exact house edge of blackjack for a set of rules (the casino table's by default)."""
    import json

    from dealer_assist import cli_lang
    from dealer_assist.core import outcomes, round_value
    from dealer_assist.i18n import text
    from dealer_assist.tables.casino.edge import METHOD, decide_for

    lang = lang or cli_lang.LANG or "en"
    decks = _decks(decks_word)
    rules = round_value.Rules(h17=not s17, das=das, surrender=surrender == "late", hands_most=resplit, rsa=rsa,
                              peek=not no_peek)  # fmt: skip
    started = time.perf_counter()
    counts = outcomes.counts_of(decks or 1)  # an infinite shoe: one deck's proportions, drawn without change
    chart = None
    if strategy == "basic":  # the optimal total-dependent chart for these rules, computed
        from dealer_assist.core import basic_chart

        chart = basic_chart.optimal(decks, rules)
        decide = chart.decide
    else:
        decide = decide_for(strategy)
    value = round_value.round_value(counts, rules=rules, decide=decide, infinite=decks is None)
    seconds = time.perf_counter() - started
    data = {"house_edge": -value, "expected_return": value, "decks": decks if decks is not None else INFINITE,
            "strategy": strategy, "rules": {"s17": s17, "das": das, "surrender": surrender, "resplit": resplit,
                                            "rsa": rsa, "peek": not no_peek, "blackjack_pays": "3:2"},
            "method": METHOD, "seconds": round(seconds, 3)}  # fmt: skip
    if chart is not None:
        from dealer_assist.core import basic_chart

        data["chart"] = {"columns": [basic_chart.NAMES[up] for up in basic_chart.UPS],
                         "rows": {label: "".join(row) for label, row in basic_chart.grid(chart)}}  # fmt: skip
        if html_file:
            _write_html(html_file, chart, data, lang)
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    shoe = text("casino.odds.infinite", lang) if decks is None else text("casino.odds.decks", lang, decks=decks)
    said = [text("casino.odds.rules", lang, shoe=shoe, soft=text(f"casino.odds.{'s17' if s17 else 'h17'}", lang),
                 das=text(f"casino.odds.{'das' if das else 'no_das'}", lang),
                 surrender=text(f"casino.odds.surrender_{surrender}", lang), resplit=resplit,
                 rsa=text(f"casino.odds.{'rsa' if rsa else 'no_rsa'}", lang),
                 peek=text(f"casino.odds.{'no_peek' if no_peek else 'peek'}", lang)),  # fmt: skip
            text("casino.odds.edge", lang, strategy=text(f"casino.odds.strategy_{strategy}", lang),
                 edge=f"{-value * 100:.4f}%", value=f"{value:+.6f}"),
            text("casino.odds.method", lang, seconds=f"{seconds:.1f}")]  # fmt: skip
    for line in said:
        click.echo(line)
    if chart is not None and show_chart:
        click.echo(text("casino.odds.chart_legend", lang))
        click.echo("       " + " ".join(f"{c:>1}" for c in data["chart"]["columns"]))
        for label, letters in data["chart"]["rows"].items():
            click.echo(f"{label:>6} " + " ".join(letters))


def _write_html(path: str, chart, data: dict, lang: str) -> None:
    """The chart as a page: one coloured cell a letter, the rules and the figure above it."""
    import html

    from dealer_assist.i18n import text

    colours = {"H": "#f4d35e", "S": "#ee6352", "D": "#59cd90", "d": "#3fa7d6", "P": "#b388eb", "R": "#cccccc",
               "r": "#aaaaaa"}  # fmt: skip
    head = "".join(f"<th>{html.escape(c)}</th>" for c in data["chart"]["columns"])
    rows = "".join(f"<tr><th>{html.escape(label)}</th>" + "".join(
        f'<td style="background:{colours[c]}">{c}</td>' for c in letters) + "</tr>"
        for label, letters in data["chart"]["rows"].items())  # fmt: skip
    edge = f"{data['house_edge'] * 100:.4f}%"
    page = (f'<!doctype html><html lang="{lang}"><meta charset="utf-8"><title>{html.escape(text("casino.odds.chart_title", lang))}</title>'
            f'<style>body{{font-family:sans-serif}}td,th{{width:2em;text-align:center;padding:2px}}</style>'
            f'<h1>{html.escape(text("casino.odds.chart_title", lang))}</h1><p>{html.escape(edge)}</p>'
            f'<p>{html.escape(text("casino.odds.chart_legend", lang))}</p>'
            f"<table><tr><th></th>{head}</tr>{rows}</table></html>\n")  # fmt: skip
    try:
        with open(path, "w", encoding="utf-8") as out:
            out.write(page)
    except OSError as exc:
        raise click.FileError(path, hint=str(exc.strerror)) from None
