"""`dealer-assist audit`, `verify` and `report`: a stored session or a script explained command
by command, its hash chain and rows checked, its result reported (`report --all`: every session)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from dealer_assist import cli_lang, rulesets
from dealer_assist.cli_common import (_verdict_text, _write_output, console, db_option, error_text, fail, open_store,
                                      read_script)  # fmt: skip
from dealer_assist.cli_lang import _say, lang_option, session_lang
from dealer_assist.errors import DealerAssistError


def _source(db_path: str | None, target: str):
    """A script file, or a stored session's commands: (label, items, (store, row) or None)."""
    from pathlib import Path

    from dealer_assist import audit as audit_mod
    from dealer_assist import notation as n
    from dealer_assist.errors import SessionError
    from dealer_assist.store import Store, default_path

    if Path(target).is_file():
        return target, list(audit_mod.commands(read_script(target))), None
    path = db_path or default_path()
    try:
        store = Store(path, readonly=True)
    except DealerAssistError as exc:
        if exc.key == "store.missing":
            raise SessionError("session.no_target", target=target, path=str(path)) from None
        raise
    row = store.get(target)
    items = []
    for e in store.events(row):
        try:
            items.append((None, e.text, n.parse_command(e.text), e.typed))
        except DealerAssistError as exc:
            raise SessionError("session.stored_unreadable", name=row.name, seq=e.seq, error=error_text(exc)) from None
    return target, items, (store, row)


def _chain_warning(stored, label: str):
    """The verdict on a stored session's chain; a broken one is said on stderr too."""
    if stored is None:
        return None
    verdict = stored[0].verify(stored[1])
    if not verdict.ok:
        click.secho(_say("chain.broken_warning", name=label, verdict=_verdict_text(verdict, label)),
                    fg="red", bold=True, err=True)  # fmt: skip
    return verdict


@click.command()
@click.argument("target", metavar="NAME|SCRIPT")
@click.option("--game", "game", type=int, help="Only the commands of game N.")
@click.option("--at", "at", type=int, help="Stop at command SEQ and show the full state there.")
@lang_option
@db_option
def audit(target: str, game: int | None, at: int | None, lang: str, db_path: str | None) -> None:
    """Explain a session or script command by command: the state each command met, each
    ruling with the full text of its clause, and each game's ledger (A to E, HP after each).

    Exit status 1 when the game or command asked for does not exist."""
    from dealer_assist import audit as audit_mod
    from dealer_assist import render
    from dealer_assist.errors import SessionError

    out = console()
    try:
        label, items, stored = _source(db_path, target)
        lang = session_lang(lang, stored)
        verdict = _chain_warning(stored, label)
        steps, session = audit_mod.steps(iter(items))
        if at is not None and not 1 <= at <= len(items):
            raise SessionError("audit.no_command", seq=at, name=label, commands=len(items))
        if game is not None and not 1 <= game <= session.state.games:
            raise SessionError("audit.no_game", game=game, name=label, games=session.state.games)
        if at is not None:
            steps, session = audit_mod.steps(iter(items[:at]))
    except DealerAssistError as exc:
        fail(exc, lang=lang)
    if verdict is not None:
        out.print(_verdict_text(verdict, label), style=None if verdict.ok else "bold red")
        out.print(_say("chain.head_line", events=verdict.events, short=verdict.short))
    audit_mod.print_audit(out, steps, game=game, lang=lang)
    if at is not None:
        out.print(_say("audit.state_at", seq=at), style="bold")
        out.print(render.panel(session.state, lang))
        from dealer_assist import rulesets

        record = rulesets.game_record(session.state)
        if record is not None:
            render.game_summary(out, record, lang, session.state)


@click.command()
@click.argument("name", required=False)
@click.option("--posted", metavar="HASH", help="A head hash posted earlier (12+ hex digits): is it this log's?")
@click.option("--script", "script", type=click.Path(exists=True, dir_okay=False, allow_dash=True),
              help="Check an exported script file instead of a stored session (no database needed).")  # fmt: skip
@lang_option
@db_option
def verify(name: str | None, posted: str | None, script: str | None, lang: str, db_path: str | None) -> None:
    """Recompute a stored session's hash chain; name the first event changed, removed,
    inserted or reordered; check the sessions and games rows against the events; print the
    chain's head hash. With --posted, every event stored after the posted head and what it
    changed; with --script, the same from an exported file.

    Exit status 0 when all holds, 1 when it does not (also when the result is no longer the
    posted one)."""
    from dealer_assist import verify as posted_mod
    from dealer_assist.errors import SessionError
    from dealer_assist.live import check_derived

    if (name is None) == (script is None):
        fail(SessionError("verify.name_or_script"))
    try:
        wanted = posted_mod.check_posted(posted) if posted is not None else None
        if script is not None:
            lines, good = posted_mod.script_lines(read_script(script), script, wanted, cli_lang.LANG)
            for line in lines:
                click.echo(line)
            sys.exit(0 if good else 1)
    except DealerAssistError as exc:
        fail(exc)
    store = open_store(db_path, readonly=True)
    try:
        store.check_integrity(full=True)  # a damaged file is named, its contents not trusted
        row = store.get(name)
        verdict = store.verify(row)
    except DealerAssistError as exc:
        fail(exc)
    good = verdict.ok
    click.echo(_verdict_text(verdict, name))
    click.echo(_say("verify.head", head=verdict.head or "-", short=verdict.short or "-"))
    try:
        findings = check_derived(store, row)
    except DealerAssistError as exc:
        findings = None
        good = False
        click.echo(_say("verify.stored_unreadable", error=error_text(exc)))
    if findings is not None:
        for finding in findings:
            click.echo(finding.text(cli_lang.LANG))
        if findings:
            good = False
        else:
            click.echo(_say("verify.derived_ok"))
    if wanted is not None:  # the posted head, and every event after it (issue 17)
        try:
            found = posted_mod.stored_report(store, row, wanted)
        except DealerAssistError as exc:
            found = posted_mod.Posted(wanted, None)
            click.echo(_say("verify.stored_unreadable", error=error_text(exc)))
        if found.seq is not None and not (verdict.ok or (verdict.seq or 0) > found.seq):
            found.seq = None  # the chain is broken before the posted event: it proves nothing
        for line in posted_mod.report_lines(found, name, cli_lang.LANG):
            click.echo(line)
        good = good and found.ok
    if not good:
        sys.exit(1)


@click.command()
@click.argument("target", metavar="NAME|SCRIPT", required=False)
@click.option("--format", "fmt", type=click.Choice(["text", "markdown", "html", "json", "csv"]), default="text",
              show_default=True, help="The report's format.")  # fmt: skip
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to a file instead of stdout.")
@click.option("--all", "every", is_flag=True, help="Totals across every stored session: per player, per difficulty.")
@lang_option
@db_option
def report(target: str | None, fmt: str, output: str | None, every: bool, lang: str, db_path: str | None) -> None:
    """The quest's result, a table per game, per-box totals and the HP over the games (at the
    casino table: the ranking and the chips per round and per seat); for a stored session also
    the log's head hash (a broken hash chain is said on stderr)."""
    from dealer_assist import audit as audit_mod
    from dealer_assist.errors import SessionError

    if every:
        if target is not None:
            fail(SessionError("report.all_and_target"))
        _report_all(db_path, fmt, output)
        return
    if target is None:
        fail(SessionError("report.no_target"))
    try:
        label, items, stored = _source(db_path, target)
        lang = session_lang(lang, stored)
        verdict = _chain_warning(stored, label)
        _, session = audit_mod.steps(iter(items))
    except DealerAssistError as exc:
        fail(exc)
    chain = None
    if verdict is not None:
        chain = {"events": verdict.events, "head": verdict.head, "short": verdict.short, "ok": verdict.ok,
                 "problem": None if verdict.ok else _verdict_text(verdict, label)}  # fmt: skip
    meta = {"session": stored[1].name, "created": stored[1].created} if stored is not None \
        else {"session": Path(label).name}  # a script: its file's name  # fmt: skip
    document = rulesets.screens(session.state).report().build(session.state, chain=chain, meta=meta)
    _write_report(document, fmt, output, lang)


def _write_report(document, fmt: str, output: str | None, lang: str) -> None:
    """A report's document in ``fmt`` (the shared writers), on stdout or in ``output``."""
    from dealer_assist import report as writers

    if fmt == "text":
        if output:
            from rich.console import Console

            try:
                with open(output, "w", encoding="utf-8") as handle:
                    writers.print_text(document, Console(file=handle, width=160), lang)
            except OSError as exc:
                from dealer_assist.errors import SessionError

                fail(SessionError("cli.cannot_write", path=output, reason=exc.strerror or str(exc)))
        else:
            writers.print_text(document, console(), lang)
        return
    body = writers.FORMATS[fmt](document, lang)
    if output:
        _write_output(output, body)
    else:
        click.echo(body, nl=False)


def _report_all(db_path: str | None, fmt: str, output: str | None) -> None:
    """`report --all`: for each table whose report adds sessions up (``totals``), the totals
    across its stored sessions (One Million's: per player name and per difficulty); a session
    at another table is counted apart (its own report shows it)."""
    from dealer_assist.live import LiveSession
    from dealer_assist.store import Store, default_path

    path = db_path or default_path()
    try:
        store = Store(path, readonly=True)
        rows = store.sessions()
        documents = []
        for name in rulesets.names():
            table = rulesets.screens(name).report()
            if table.totals is None:
                continue
            reports, others = [], 0
            for row in rows:
                if (row.ruleset or rulesets.DEFAULT) != name:
                    others += 1
                    continue
                live = LiveSession.open(store, row.name)  # from its snapshot: a few milliseconds a session
                reports.append(table.build(live.state, meta={"session": row.name, "created": row.created}))
            documents.append(table.totals(reports, other_tables=others))
    except DealerAssistError as exc:
        fail(exc)
    for document in documents:
        _write_report(document, fmt, output, cli_lang.LANG)
