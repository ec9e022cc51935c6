"""`dealer-assist play`, `sessions`, `export` and `import`: live play into the session database,
and the stored sessions listed, written out as a script, or stored from one."""

from __future__ import annotations

import sys

import click

from dealer_assist import cli_lang
from dealer_assist.cli_common import (Failure, _verdict_text, _write_output, db_option, error_text, fail, open_store,
                                      read_script, script_argument)  # fmt: skip
from dealer_assist.cli_lang import _say, lang_option, session_lang, speak
from dealer_assist.cli_overlay import _overlay_urls, overlay_options, start_overlay
from dealer_assist.errors import DealerAssistError


@click.command()
@click.option("--session", "name", help="The session to resume or create (default: a new one named by the time).")
@click.option("--from", "script", type=click.Path(exists=True, dir_okay=False),
              help="A script to load first; play goes on from its end (new sessions only).")  # fmt: skip
@lang_option
@click.option("--force", is_flag=True, help="Play a session whose hash chain is broken without asking.")
@click.option("--take-over", is_flag=True,
              help="Take the session over from another window that holds it (that window stores nothing more).")  # fmt: skip
@click.option("--overlay", "with_overlay", is_flag=True, help="Also serve the stream overlay of this session.")
@overlay_options
@click.option("--odds/--no-odds", "with_odds", default=True,
              help="Print the exact odds under the table after each line, from the dealer's view (--no-odds: not).")  # fmt: skip
@db_option
def play(name: str | None, script: str | None, lang: str, force: bool, take_over: bool, with_overlay: bool,
         port: int, host: str, show_hp: bool, show_shoe: bool, with_odds: bool, db_path: str | None) -> None:  # fmt: skip
    """Live play: type each card and call; every accepted command is stored at once.

    With --session NAME an existing session is resumed from its stored events. A session is
    played in one window at a time. When the input is not a terminal, commands are read one
    per line and answered the same way.
    """
    early = None
    if name and script is None:  # the integrity check and the chain check's digest, read ahead (store/marks.py)
        from dealer_assist.store import default_path
        from dealer_assist.store.marks import Early

        early = Early(db_path or default_path(), name)
    from datetime import datetime

    from rich.console import Console

    from dealer_assist.live import LiveSession
    from dealer_assist.prompt import WindowLost, run_pipe, run_prompt

    interactive = sys.stdin.isatty()
    if interactive and early is not None:  # the prompt's own import, made while the read-ahead thread scans
        import prompt_toolkit  # noqa: F401

    explicit, lang = lang, cli_lang.LANG  # the --lang given (empty without), and the language resolved
    store = open_store(db_path, ahead=early)  # the integrity check read ahead too
    name = name or datetime.now().strftime("session-%Y%m%d-%H%M%S")
    console = Console(highlight=False)
    try:
        if script is not None:
            if store.find(name) is not None:
                raise Failure(_say("cli.from_existing", name=name))
            live = _import(store, name, read_script(script), lock=True)
        else:
            row = store.find(name)
            if row is not None:
                _check_chain_before_play(store, row, force=force, interactive=interactive, early=early)
            live = LiveSession.open(store, name, create=True, lock=True, take_over=take_over)
        # a resume keeps the session's language; only an explicit --lang changes it (and says so)
        from dealer_assist import resume as resume_mod

        lang, former = resume_mod.language(explicit, live.row.lang, lang)
        if lang != cli_lang.SPOKEN:
            speak(lang)
        live.row = store.set_lang(live.row, lang)  # the session's language (audit, report)
    except DealerAssistError as exc:
        fail(exc, lang=lang)
    if former is not None:
        from dealer_assist.i18n_values import Term

        console.print(_say("session.lang_changed", name=name, was=Term(f"lang.name.{former}"),
                           now=Term(f"lang.name.{lang}")), style="yellow")  # fmt: skip
    follower = None
    try:
        if with_overlay:
            from dealer_assist.overlay_net import check_host, exposure

            try:
                host = check_host(host)  # a blank --host is refused, not every interface in silence
            except DealerAssistError as exc:
                fail(exc)
            follower = start_overlay(name, db_path, port, host, show_hp, show_shoe, lang)
            if exposure(host) is not None:
                console.print(_say(exposure(host), host=host), style="yellow")
            console.print(_say("overlay.started", url=_overlay_urls(host, port)[0], compact=_overlay_urls(host, port)[1]))
        if live.replaced is not None:
            key = "session.took_over" if take_over else "session.stale"
            holder = live.replaced
            console.print(_say(key, name=name, pid=holder.pid, host=holder.host, since=holder.since_local),
                          style="yellow")  # fmt: skip
        if getattr(live, "ignored", None):  # a snapshot that does not fit its log: rebuilt from the events
            from dealer_assist.i18n_values import Term

            click.secho(_say("snapshot.ignored", name=name, events=live.count, reason=Term(live.ignored)),
                        fg="yellow", err=True)  # fmt: skip
        resume = resume_mod.command(name, lang, db_path)
        try:
            if interactive:
                run_prompt(live, console, lang=lang, resume=resume, odds=with_odds)
            else:
                from dealer_assist.notation import read_lines

                if run_pipe(live, read_lines(sys.stdin.buffer), console, lang=lang):
                    sys.exit(2)
        except WindowLost:
            sys.exit(1)
    finally:
        live.close()
        if follower is not None:  # the overlay ends with the prompt
            follower.terminate()
            try:
                follower.wait(timeout=5)
            except Exception:  # noqa: BLE001 - still running after 5 s: stop it for good
                follower.kill()


def _check_chain_before_play(store, row, *, force: bool, interactive: bool, early=None) -> None:
    """A session whose hash chain is broken is played only with --force or a confirmation.
    The check starts from the session's verified-up-to mark when it holds (``store/marks.py``)."""
    verdict = store.verify_before_play(row, early)
    if verdict.ok:
        return
    click.secho(_say("chain.broken_warning", name=row.name, verdict=_verdict_text(verdict, row.name)),
                fg="red", bold=True, err=True)  # fmt: skip
    if force:
        return
    if not interactive:
        raise Failure(_say("chain.force_needed", name=row.name))
    if not click.confirm(_say("chain.confirm"), default=False, err=True):
        sys.exit(1)


def _import(store, name: str, text: str, *, lock: bool = False):
    """A whole script stored as a new session, or nothing if any line is refused."""
    from dealer_assist.errors import SessionError
    from dealer_assist.live import LiveSession
    from dealer_assist.core.collector import long_fold
    from dealer_assist.replay import replay_text

    with long_fold():
        result = replay_text(text)
    if not result.ok:
        raise SessionError("session.line", line=result.error_line, error=error_text(result.error))
    from dealer_assist import chainfile

    chain = chainfile.read_chain(text)  # an exported script keeps its hash chain (issue 17)
    if chain is not None and chain.ok:
        live = chainfile.store_kept(store, name, chain, result.session.state, lock=lock)
        live.kept_head = chain.head  # type: ignore[attr-defined]
        live.kept_commands = len(result.session.events)  # type: ignore[attr-defined]
        return live
    if chain is not None:
        click.secho(_say("import.chain_broken", seq=chain.broken or len(chain.rows) + 1), fg="yellow", err=True)
    row = store.create(name)
    token = store.acquire(row)[0] if lock else None
    live = LiveSession(store, row, lock=token)
    try:
        live.enter_many([line.text for line in result.lines])
    except BaseException:
        live.close()
        store.delete(row)
        raise
    return live


@click.command()
@lang_option
@db_option
def sessions(lang: str, db_path: str | None) -> None:
    """List the stored sessions: name, created, games, HP, status."""
    from rich.console import Console

    from dealer_assist.store import Store, default_path

    path = db_path or default_path()
    try:
        store = Store(path, readonly=True)
    except DealerAssistError as exc:
        if exc.key == "store.missing":
            click.echo(_say("cli.no_database", path=str(path)))
            return
        fail(exc)
    from dealer_assist.i18n import amount
    from dealer_assist.layout import print_table
    from dealer_assist.render import headers

    names = ("name", "created", "difficulty", "games", "hp", "status", "lang")
    rows = []
    for row in store.sessions():
        level = _say(f"difficulty.{row.difficulty}") if row.difficulty else (
            _say(f"ruleset.name.{row.ruleset}") if row.ruleset else _say("cli.sessions.no_setup"))  # fmt: skip
        rows.append((row.name, row.created[:19].replace("T", " "), level, str(row.games),
                     amount(row.hp, cli_lang.LANG) if row.hp is not None else "-", _say(f"status.{row.status}"),
                     row.lang or "-"))  # fmt: skip
    # in parts (the name repeated) if wider than the terminal: no name, date or header cut
    print_table(Console(), None, headers(names, cli_lang.LANG), rows,
                justify=["right" if name in ("games", "hp") else "left" for name in names])  # fmt: skip


@click.command()
@click.argument("name")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to a file instead of stdout.")
@lang_option
@db_option
def export(name: str, output: str | None, lang: str, db_path: str | None) -> None:
    """Write a stored session as a notation script that `replay` accepts."""
    from dealer_assist.live import LiveSession

    try:
        store = open_store(db_path, readonly=True)
        session_lang(lang, (store, store.get(name)))
        LiveSession.open(store, name)  # the stored events must still replay
        from dealer_assist.chainfile import export_script

        script = export_script(store, store.get(name), cli_lang.LANG)  # with its hash chain (issue 17)
    except DealerAssistError as exc:
        fail(exc)
    if output:
        _write_output(output, script)
    else:
        click.echo(script, nl=False)


@click.command(name="import")
@script_argument
@click.option("--session", "name", required=True, help="The name of the new session.")
@lang_option
@db_option
def import_(script: str, name: str, lang: str, db_path: str | None) -> None:
    """Store a script written elsewhere as a new session (refused whole if a line is refused)."""
    store = open_store(db_path)
    try:
        live = _import(store, name, read_script(script))
    except DealerAssistError as exc:
        fail(exc, 2)
    click.echo(_say("import.done", commands=getattr(live, "kept_commands", len(live.session.events)), name=name))
    kept = getattr(live, "kept_head", None)
    if kept is not None:
        from dealer_assist.store import short_hash

        click.echo(_say("import.chain_kept", short=short_hash(kept), events=live.last[0]))
