"""`dealer-assist replay` and `schema`: a session script re-run, and the JSON Schema of its
``--json`` object (NOTATION.md)."""

from __future__ import annotations

import sys

import click

from dealer_assist import cli_lang, rulesets
from dealer_assist.cli_common import error_text, read_script, script_argument
from dealer_assist.cli_lang import lang_option
from dealer_assist.errors import DealerAssistError


@click.command()
@script_argument
@click.option("--json", "as_json", is_flag=True, help="Print the final state as NOTATION.md's JSON.")
@click.option("--odds", "with_odds", is_flag=True, help="Add the exact odds: after the last line with --json, else after every line (the tables that have them).")
@click.option("--view", "view", type=click.Choice(["dealer", "players"]), default="dealer", show_default=True,
              help="Whose odds: the dealer's, or the viewers' (from the public cards only).")
@lang_option
def replay(script: str, as_json: bool, with_odds: bool, view: str, lang: str) -> None:
    """Re-run a session script: every ruling with its clause, each game's ledger, the end state.

    Exit status 0 when every line was accepted; 2 at the first refused line (stderr names
    the line and the clause; --json still prints the state before that line).
    """
    lang = cli_lang.LANG
    from dealer_assist.rulesets import to_json
    from dealer_assist.core.collector import long_fold
    from dealer_assist.replay import replay_text

    try:
        text = read_script(script)
    except DealerAssistError as exc:  # like a refused line: `line N: reason`, exit status 2
        exc.path = None  # type: ignore[attr-defined]
        click.echo(error_text(exc, lang), err=True)
        sys.exit(2)
    odds: dict[int, list[str]] = {}  # --odds in text: each line's odds line, found as the fold passes it
    each = None
    if with_odds and not as_json:
        from rich.console import Console

        width = Console().width

        def each(line, state) -> None:
            from dealer_assist import odds_words

            found = rulesets.odds_now(state, view)
            odds[line.number] = odds_words.lines(found, lang, rulesets.of(state).name, width)

    with long_fold():  # the collector kept off what is loaded and what the fold keeps
        result = replay_text(text, keep_lines=not as_json, each=each)  # --json prints the end state only
    if as_json:
        from dealer_assist import jsontext

        data = to_json(result.session.state)
        if with_odds:
            data["odds"] = rulesets.odds_now(result.session.state, view, shoe=True)  # the slower figures too
        click.echo(jsontext.dumps(data))
    else:
        _print_replay(result, lang, odds)
    if not result.ok:
        click.echo(result.error_text(lang), err=True)
        sys.exit(2)


def _print_replay(result, lang: str, odds: dict[int, list[str]] | None = None) -> None:
    from rich.console import Console
    from rich.markup import escape

    from dealer_assist import render
    from dealer_assist.rulesets import to_json

    console = Console(highlight=False)
    records = {record["game"]: record for record in to_json(result.session.state)["log"]}
    for line in result.lines:
        # the script's own line (its comment too), on one screen line however long
        console.print(f"[dim]{line.number:>4}[/dim]  {escape(line.text.strip())}", no_wrap=True, overflow="ellipsis")
        render.outcomes(console, line.outcomes, records, lang, result.session.state)
        for shown in (odds or {}).get(line.number, ()):  # --odds: the figures the line left
            console.print(shown, style="cyan", no_wrap=True, overflow="ellipsis", highlight=False)
    console.print()
    render.final(console, result.session.state, lang)


@click.command()
@click.option("--ruleset", "table", type=click.Choice(rulesets.names()), default=rulesets.DEFAULT,
              show_default=True, help="The table whose replay object is described.")
@lang_option
def schema(table: str, lang: str) -> None:
    """Print the JSON Schema of the `replay --json` object (NOTATION.md), for script authors."""
    import json

    from dealer_assist.schema import json_schema

    click.echo(json.dumps(json_schema(table), indent=2))
