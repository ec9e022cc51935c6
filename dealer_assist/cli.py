"""The command line (click). Heavy modules are imported inside each command, so that
``dealer-assist --help`` starts fast."""

from __future__ import annotations

import sys

import click

from dealer_assist import __version__


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="dealer-assist")
def cli() -> None:
    """The dealer's companion for the Mission One Million blackjack quest."""


@cli.command()
@click.argument("script", type=click.Path(exists=True, dir_okay=False, allow_dash=True))
@click.option("--json", "as_json", is_flag=True, help="Print the final state as NOTATION.md's JSON.")
@click.option("--lang", default="en", show_default=True, help="Language of the rulings.")
def replay(script: str, as_json: bool, lang: str) -> None:
    """Re-run a session script: every ruling with its clause, each game's ledger, the end state.

    Exit status 0 when every line was accepted; 2 at the first refused line (stderr names
    the line and the clause; --json still prints the state before that line).
    """
    import json

    from dealer_assist.engine import to_json
    from dealer_assist.replay import replay_text

    text = click.open_file(script, encoding="utf-8").read()
    result = replay_text(text)
    if as_json:
        click.echo(json.dumps(to_json(result.session.state), ensure_ascii=False, indent=2))
    else:
        _print_replay(result, lang)
    if not result.ok:
        click.echo(result.error_text(lang), err=True)
        sys.exit(2)


def _print_replay(result, lang: str) -> None:
    from rich.console import Console
    from rich.markup import escape

    from dealer_assist import render
    from dealer_assist.engine import to_json

    console = Console(highlight=False)
    records = {record["game"]: record for record in to_json(result.session.state)["log"]}
    for line in result.lines:
        console.print(f"[dim]{line.number:>4}[/dim]  {escape(line.text.strip())}")
        settled = None
        for outcome in line.outcomes:
            render.rulings(console, outcome.rulings, lang)
            if any(r.key in ("settle.start", "end.pay_blackjacks_first") for r in outcome.rulings):
                settled = outcome.game
        if settled in records:
            render.game_summary(console, records[settled])
    console.print()
    render.final_state(console, result.session.state, lang)


def main() -> None:  # the console script
    cli()
