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
        render.outcomes(console, line.outcomes, records, lang)
    console.print()
    render.final_state(console, result.session.state, lang)


def console():
    """A rich console; written to a file or a pipe it is wide enough for the tables."""
    from rich.console import Console

    return Console(highlight=False, width=None if sys.stdout.isatty() else 160)


@cli.command()
def schema() -> None:
    """Print the JSON Schema of the `replay --json` object (NOTATION.md), for script authors."""
    import json

    from dealer_assist.schema import json_schema

    click.echo(json.dumps(json_schema(), indent=2))


def db_option(function):
    """The session database: --db PATH, else $DEALER_ASSIST_DB, else the user's data dir."""
    return click.option(
        "--db", "db_path", type=click.Path(dir_okay=False), envvar="DEALER_ASSIST_DB",
        help="The session database (default: sessions.db in the user's data directory).",
    )(function)  # fmt: skip


def open_store(db_path: str | None):
    from dealer_assist.store import Store, default_path

    return Store(db_path or default_path())


def fail(exc) -> None:
    """A library error as a click error (exit 2 for a refusal, 1 otherwise)."""
    clause = getattr(exc, "clause", None)
    raise click.ClickException(f"{clause}: {exc.text()}" if clause else exc.text())


@cli.command()
@click.option("--session", "name", help="The session to resume or create (default: a new one named by the time).")
@click.option("--from", "script", type=click.Path(exists=True, dir_okay=False),
              help="A script to load first; play goes on from its end (new sessions only).")  # fmt: skip
@click.option("--lang", default="en", show_default=True, help="Language of the rulings.")
@db_option
def play(name: str | None, script: str | None, lang: str, db_path: str | None) -> None:
    """Live play: type each card and call; every accepted command is stored at once.

    With --session NAME an existing session is resumed from its stored events. When the
    input is not a terminal, commands are read one per line and answered the same way.
    """
    from datetime import datetime

    from rich.console import Console

    from dealer_assist.errors import DealerAssistError
    from dealer_assist.live import LiveSession
    from dealer_assist.prompt import run_pipe, run_prompt

    store = open_store(db_path)
    name = name or datetime.now().strftime("session-%Y%m%d-%H%M%S")
    console = Console(highlight=False)
    try:
        if script is not None:
            if store.find(name) is not None:
                raise click.UsageError(f"--from needs a new session; {name!r} already exists")
            live = _import(store, name, click.open_file(script, encoding="utf-8").read())
        else:
            live = LiveSession.open(store, name, create=True)
    except DealerAssistError as exc:
        fail(exc)
    if sys.stdin.isatty():
        run_prompt(live, console, lang=lang)
    else:
        refused = run_pipe(live, sys.stdin, console, lang=lang)
        if refused:
            sys.exit(2)


def _import(store, name: str, text: str):
    """A whole script stored as a new session, or nothing if any line is refused."""
    from dealer_assist.errors import SessionError
    from dealer_assist.live import LiveSession
    from dealer_assist.replay import replay_text

    result = replay_text(text)
    if not result.ok:
        raise SessionError("session.line", line=result.error_line, error=str(result.error))
    row = store.create(name)
    live = LiveSession(store, row)
    lines = [line.text for line in result.lines]
    try:
        live.enter_many(lines)
    except BaseException:
        store.delete(row)
        raise
    return live


@cli.command()
@db_option
def sessions(db_path: str | None) -> None:
    """List the stored sessions: name, created, games, HP, status."""
    from rich.console import Console
    from rich.table import Table

    store = open_store(db_path)
    table = Table(show_edge=False)
    for column in ("name", "created", "games", "HP", "status"):
        table.add_column(column, justify="right" if column in ("games", "HP") else "left")
    for row in store.sessions():
        table.add_row(row.name, row.created[:19].replace("T", " "), str(row.games), f"{row.hp:,}", row.status)
    Console().print(table)


@cli.command()
@click.argument("name")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to a file instead of stdout.")
@db_option
def export(name: str, output: str | None, db_path: str | None) -> None:
    """Write a stored session as a notation script that `replay` accepts."""
    from dealer_assist.errors import DealerAssistError
    from dealer_assist.live import LiveSession

    try:
        script = LiveSession.open(open_store(db_path), name).script()
    except DealerAssistError as exc:
        fail(exc)
    if output:
        with open(output, "w", encoding="utf-8") as handle:
            handle.write(script)
    else:
        click.echo(script, nl=False)


@cli.command(name="import")
@click.argument("script", type=click.Path(exists=True, dir_okay=False, allow_dash=True))
@click.option("--session", "name", required=True, help="The name of the new session.")
@db_option
def import_(script: str, name: str, db_path: str | None) -> None:
    """Store a script written elsewhere as a new session (refused whole if a line is refused)."""
    from dealer_assist.errors import DealerAssistError

    store = open_store(db_path)
    try:
        live = _import(store, name, click.open_file(script, encoding="utf-8").read())
    except DealerAssistError as exc:
        click.echo(str(exc.text()) if not hasattr(exc, "clause") else f"{exc.clause}: {exc.text()}", err=True)
        sys.exit(2)
    from dealer_assist.messages import text

    click.echo(text("import.done", commands=len(live.session.events), name=name))


def _source(store_or_none, target: str):
    """A script file, or a stored session's commands: (label, items, store row or None)."""
    from pathlib import Path

    from dealer_assist import audit as audit_mod
    from dealer_assist import notation as n

    if Path(target).is_file():
        text = Path(target).read_text(encoding="utf-8")
        return target, list(audit_mod.commands(text)), None
    store = store_or_none()
    row = store.get(target)
    items = [(None, e.text, n.parse_command(e.text)) for e in store.events(row)]
    return target, items, (store, row)


@cli.command()
@click.argument("target", metavar="NAME|SCRIPT")
@click.option("--game", "game", type=int, help="Only the commands of game N.")
@click.option("--at", "at", type=int, help="Stop at command SEQ and show the full state there.")
@click.option("--lang", default="en", show_default=True, help="Language of the rulings.")
@db_option
def audit(target: str, game: int | None, at: int | None, lang: str, db_path: str | None) -> None:
    """Explain a session or script command by command: the state each command met, each
    ruling with the full text of its clause, and each game's ledger (A to E, HP after each)."""
    from dealer_assist import audit as audit_mod
    from dealer_assist import render
    from dealer_assist.errors import DealerAssistError

    out = console()
    try:
        label, items, stored = _source(lambda: open_store(db_path), target)
        steps, session = audit_mod.steps(iter(items), at=at)
    except DealerAssistError as exc:
        fail(exc)
    if stored is not None:
        verdict = stored[0].verify(stored[1])
        out.print(_verdict_text(verdict, label))
    audit_mod.print_audit(out, steps, game=game, lang=lang)
    if at is not None:
        from dealer_assist.messages import text

        out.print(text("audit.state_at", seq=min(at, len(steps))), style="bold")
        out.print(render.live_state(session.state, lang))
        if session.state.game is not None:
            from dealer_assist.engine.view import game_record

            render.game_summary(out, game_record(session.state, session.state.game))


def _verdict_text(verdict, name: str) -> str:
    from dealer_assist.messages import text

    if verdict.ok:
        return text("verify.ok", name=name, events=verdict.events)
    return text(f"verify.{verdict.problem}", name=name, seq=verdict.seq)


@cli.command()
@click.argument("name")
@db_option
def verify(name: str, db_path: str | None) -> None:
    """Recompute a stored session's hash chain; name the first event changed, removed or inserted.

    Exit status 0 when the chain holds, 1 when it does not."""
    from dealer_assist.errors import DealerAssistError

    store = open_store(db_path)
    try:
        verdict = store.verify(store.get(name))
    except DealerAssistError as exc:
        fail(exc)
    click.echo(_verdict_text(verdict, name))
    if not verdict.ok:
        sys.exit(1)


@cli.command()
@click.argument("target", metavar="NAME|SCRIPT")
@click.option("--format", "fmt", type=click.Choice(["text", "markdown", "html", "json", "csv"]), default="text",
              show_default=True, help="The report's format.")  # fmt: skip
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to a file instead of stdout.")
@db_option
def report(target: str, fmt: str, output: str | None, db_path: str | None) -> None:
    """The quest's result, a table per game, per-box totals and the HP over the games."""
    from dealer_assist import audit as audit_mod
    from dealer_assist import report as report_mod
    from dealer_assist.errors import DealerAssistError

    try:
        _, items, _ = _source(lambda: open_store(db_path), target)
        _, session = audit_mod.steps(iter(items))
    except DealerAssistError as exc:
        fail(exc)
    data = report_mod.build(session.state)
    if fmt == "text":
        if output:
            from rich.console import Console

            with open(output, "w", encoding="utf-8") as handle:
                report_mod.print_text(data, Console(file=handle, width=160))
        else:
            report_mod.print_text(data, console())
        return
    body = report_mod.FORMATS[fmt](data)
    if output:
        with open(output, "w", encoding="utf-8") as handle:
            handle.write(body)
    else:
        click.echo(body, nl=False)


def main() -> None:  # the console script
    cli()
