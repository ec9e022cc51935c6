"""The command line (click). Heavy modules are imported inside each command, so that
``dealer-assist --help`` starts fast.

No Python traceback reaches the user: the tool's own errors are one sentence each, and a
last-resort guard turns anything unexpected into one sentence and exit status 1
(``DEALER_ASSIST_DEBUG=1`` shows the traceback instead).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from dealer_assist import __version__, rulesets
from dealer_assist.wrap import install_click
from dealer_assist.errors import DealerAssistError

DEBUG_ENV = "DEALER_ASSIST_DEBUG"
install_click()  # click's help measured in terminal cells, Japanese broken between characters (wrap)

# The language this invocation speaks: resolved before click parses the command line (its
# --help and usage errors), then checked and set again by each command's --lang option.
LANG = "en"
EXPLICIT: str | None = None  # a --lang given before the command (`dealer-assist --lang ja audit …`)
ARGV_LANG: str | None = None  # a known --lang anywhere on the command line (so `audit --help --lang ja`)
SPOKEN: str | None = None  # the language click's help and messages are in now (``speak``)


def _say(key: str, **params) -> str:
    from dealer_assist.messages import text

    return text(key, LANG, **params)


def error_text(exc: DealerAssistError, lang: str | None = None) -> str:
    """An error as one line: ``line N: CLAUSE: reason`` (the line and clause when known)."""
    from dealer_assist.i18n import with_clause
    from dealer_assist.messages import text

    lang = lang or LANG
    clause = getattr(exc, "clause", None)
    body = with_clause(clause, exc.text(lang), lang)
    line, seq = getattr(exc, "line", None), getattr(exc, "seq", None)
    path = getattr(exc, "path", None)  # a script file that could not be read
    if line is not None:
        if path is not None:
            return text("cli.script_line", lang, path=path, line=line, error=body)
        body = text("session.line", lang, line=line, error=body)
    elif seq is not None:  # a stored session's command
        body = f"#{seq}: {body}"
    return f"{path}: {body}" if path is not None else body


def _lang_callback(ctx: click.Context, param: click.Parameter, value: str | None) -> str:
    """--lang, then $DEALER_ASSIST_LANG, then the system locale: checked, and made current."""
    global EXPLICIT
    from dealer_assist import i18n

    if ctx.parent is None:  # the group: a new invocation; its --lang holds for the command after it
        EXPLICIT = value or ARGV_LANG
    value = value or EXPLICIT
    try:
        lang = i18n.resolve(value)
    except i18n.UnknownLanguage as exc:
        raise click.BadParameter(str(exc), ctx, param) from None
    if lang != SPOKEN:
        speak(lang)
    return value or ""


def lang_option(function):
    """--lang en|ja (every command that prints). A command that reads a stored session speaks
    the session's language unless --lang or $DEALER_ASSIST_LANG says otherwise."""
    return click.option(
        "--lang", "lang", metavar="en|ja", callback=_lang_callback, is_eager=True,
        help="Language of everything printed (default: $DEALER_ASSIST_LANG, else the system's).",
    )(function)  # fmt: skip


def session_lang(explicit: str, stored) -> str:
    """The language for a command that reads a stored session (audit, report, export)."""
    from dealer_assist import i18n

    if stored is not None:
        lang = i18n.resolve(explicit or EXPLICIT, session=getattr(stored[1], "lang", None))
        if lang != SPOKEN:
            speak(lang)
    return LANG


class Failure(click.ClickException):
    """One sentence on stderr and an exit status (1 unless told)."""

    def __init__(self, message: str, exit_code: int = 1) -> None:
        super().__init__(message)
        self.exit_code = exit_code


def fail(exc: DealerAssistError, exit_code: int = 1, lang: str | None = None) -> None:
    """A library error as a click error (exit 1 unless told)."""
    raise Failure(error_text(exc, lang), exit_code)


class GuardedGroup(click.Group):
    """The last-resort guard: whatever escapes a command is one sentence, exit status 1."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort, SystemExit,
                KeyboardInterrupt, EOFError, BrokenPipeError):  # fmt: skip
            raise
        except DealerAssistError as exc:
            raise Failure(error_text(exc)) from None
        except Exception as exc:
            if os.environ.get(DEBUG_ENV, "") not in ("", "0"):
                raise
            raise Failure(_say("cli.unexpected", error=f"{type(exc).__name__}: {exc}")) from None


@click.group(cls=GuardedGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="dealer-assist")
@lang_option
def cli(lang: str) -> None:
    """The dealer's companion for the Mission One Million blackjack quest, and for the casino blackjack table (ruleset casino)."""


# --------------------------------------------------------------------------- scripts


def read_script(path: str) -> str:
    """A script file (``-``: stdin) as text: UTF-8, a byte order mark allowed. A file that is
    not UTF-8 text raises a ``NotationError`` whose ``line`` is the first bad line."""
    from dealer_assist.errors import SessionError
    from dealer_assist.notation import decode_script

    try:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as handle:
                data = handle.read()
    except OSError as exc:
        raise SessionError("cli.cannot_read", path=path, reason=exc.strerror or str(exc)) from None
    try:
        return decode_script(data)
    except DealerAssistError as exc:
        exc.path = "stdin" if path == "-" else path  # type: ignore[attr-defined]
        raise


script_argument = click.argument("script", type=click.Path(exists=True, dir_okay=False, allow_dash=True))


@cli.command()
@script_argument
@click.option("--json", "as_json", is_flag=True, help="Print the final state as NOTATION.md's JSON.")
@lang_option
def replay(script: str, as_json: bool, lang: str) -> None:
    """Re-run a session script: every ruling with its clause, each game's ledger, the end state.

    Exit status 0 when every line was accepted; 2 at the first refused line (stderr names
    the line and the clause; --json still prints the state before that line).
    """
    import json

    lang = LANG
    from dealer_assist.rulesets import to_json
    from dealer_assist.replay import replay_text

    try:
        text = read_script(script)
    except DealerAssistError as exc:  # like a refused line: `line N: reason`, exit status 2
        exc.path = None  # type: ignore[attr-defined]
        click.echo(error_text(exc, lang), err=True)
        sys.exit(2)
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
    from dealer_assist.rulesets import to_json

    console = Console(highlight=False)
    records = {record["game"]: record for record in to_json(result.session.state)["log"]}
    for line in result.lines:
        # the script's own line (its comment too), on one screen line however long
        console.print(f"[dim]{line.number:>4}[/dim]  {escape(line.text.strip())}", no_wrap=True, overflow="ellipsis")
        render.outcomes(console, line.outcomes, records, lang)
    console.print()
    render.final(console, result.session.state, lang)


def console():
    """A rich console; written to a file or a pipe it is wide enough for the tables."""
    from rich.console import Console

    return Console(highlight=False, width=None if sys.stdout.isatty() else 160)


@cli.command()
@click.option("--ruleset", "table", type=click.Choice(rulesets.names()), default=rulesets.DEFAULT,
              show_default=True, help="The table whose replay object is described.")
@lang_option
def schema(table: str, lang: str) -> None:
    """Print the JSON Schema of the `replay --json` object (NOTATION.md), for script authors."""
    import json

    from dealer_assist.schema import json_schema

    click.echo(json.dumps(json_schema(table), indent=2))


# --------------------------------------------------------------------------- the database


def db_option(function):
    """The session database: --db PATH, else $DEALER_ASSIST_DB, else the user's data dir."""
    return click.option(
        "--db", "db_path", envvar="DEALER_ASSIST_DB", metavar="PATH",
        help="The session database (default: sessions.db in the user's data directory).",
    )(function)  # fmt: skip


def open_store(db_path: str | None, *, readonly: bool = False):
    """The session database; ``readonly`` for the commands that only read (never created).
    A file that cannot be used is one sentence and exit status 1."""
    from dealer_assist.store import Store, default_path

    try:
        return Store(db_path or default_path(), readonly=readonly)
    except DealerAssistError as exc:
        fail(exc)


def _verdict_text(verdict, name: str) -> str:
    if verdict.ok:
        return _say("verify.ok", name=name, events=verdict.events)
    if verdict.problem == "reordered" and verdict.moved_from is not None:
        return _say("verify.reordered_from", name=name, seq=verdict.seq, origin=verdict.moved_from)
    return _say(f"verify.{verdict.problem}", name=name, seq=verdict.seq)


# --------------------------------------------------------------------------- the stream overlay


def overlay_options(function):
    for option in reversed([
        click.option("--port", type=click.IntRange(1, 65535), default=8765, show_default=True,
                     help="The overlay's port on this machine."),
        click.option("--host", default="127.0.0.1", show_default=True,
                     help="The address to listen on (default 127.0.0.1: this machine only)."),
        click.option("--show-hp", is_flag=True, help="Show the dealer's exact HP."),
        click.option("--show-shoe", is_flag=True, help="Show the cards left in the shoe (ANN-2)."),
    ]):  # fmt: skip
        function = option(function)
    return function


def _overlay_urls(host: str, port: int) -> tuple[str, str]:
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/"
    return url, url + "?layout=compact"


@cli.command()
@click.option("--session", "name", required=True, help="The session to show.")
@overlay_options
@click.option("--parent", type=int, hidden=True, help="Stop when this process ends (used by play --overlay).")
@lang_option
@db_option
def overlay(name: str, port: int, host: str, show_hp: bool, show_shoe: bool, parent: int | None, lang: str,
            db_path: str | None) -> None:  # fmt: skip
    """The stream overlay of a session: a local web page for an OBS / Streamlabs browser source,
    updated live as the dealer types, showing only what the players may see."""
    from dealer_assist import overlay_net
    from dealer_assist.i18n import join_items
    from dealer_assist.overlay import Feed, serve
    from dealer_assist.store import default_path

    from dealer_assist.errors import SessionError

    try:
        host = overlay_net.check_host(host)
        typo = overlay_net.preflight(Path(db_path or default_path()), name)  # a v99 file is refused here
    except DealerAssistError as exc:
        fail(exc)
    feed = Feed(Path(db_path or default_path()), name, exact_hp=show_hp, shoe=show_shoe,
                fixed_lang=LANG if (lang or EXPLICIT) else None)  # fmt: skip
    exposed = overlay_net.exposure(host)
    if exposed is not None:
        click.secho(_say(exposed, host=host), fg="yellow", err=True)
    if typo is not None:  # a --session that is not stored: the closest names, not a silent wait
        names = join_items(typo[1].get("names", []), LANG)
        click.secho(_say(typo[0], **{**typo[1], "names": names}), fg="yellow", err=True)
    url, compact = _overlay_urls(host, port)

    def ready(server) -> None:
        server.terminal_lang = LANG
        if parent is None:
            click.echo(_say("overlay.serving", name=name, url=url, compact=compact))

    try:
        serve(feed, host=host, port=port, parent=parent, ready=ready)
    except OSError as exc:
        fail(SessionError("overlay.cannot_listen", host=host, port=port, reason=exc.strerror or str(exc)))
    except KeyboardInterrupt:
        return


def start_overlay(name: str, db_path: str | None, port: int, host: str, show_hp: bool, show_shoe: bool,
                  lang: str):  # fmt: skip
    """``play --overlay``: the overlay in a process of its own (it never slows the prompt), ended
    with the prompt."""
    import subprocess

    from dealer_assist.store import default_path

    command = [sys.executable, "-m", "dealer_assist", "overlay", "--session", name, "--db",
               str(db_path or default_path()), "--port", str(port), "--host", host, "--parent", str(os.getpid()),
               "--lang", lang]  # fmt: skip
    command += ["--show-hp"] if show_hp else []
    command += ["--show-shoe"] if show_shoe else []
    return subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)


# --------------------------------------------------------------------------- live play


@cli.command()
@click.option("--session", "name", help="The session to resume or create (default: a new one named by the time).")
@click.option("--from", "script", type=click.Path(exists=True, dir_okay=False),
              help="A script to load first; play goes on from its end (new sessions only).")  # fmt: skip
@lang_option
@click.option("--force", is_flag=True, help="Play a session whose hash chain is broken without asking.")
@click.option("--take-over", is_flag=True,
              help="Take the session over from another window that holds it (that window stores nothing more).")  # fmt: skip
@click.option("--overlay", "with_overlay", is_flag=True, help="Also serve the stream overlay of this session.")
@overlay_options
@db_option
def play(name: str | None, script: str | None, lang: str, force: bool, take_over: bool, with_overlay: bool,
         port: int, host: str, show_hp: bool, show_shoe: bool, db_path: str | None) -> None:  # fmt: skip
    """Live play: type each card and call; every accepted command is stored at once.

    With --session NAME an existing session is resumed from its stored events. A session is
    played in one window at a time. When the input is not a terminal, commands are read one
    per line and answered the same way.
    """
    from datetime import datetime

    from rich.console import Console

    from dealer_assist.live import LiveSession
    from dealer_assist.prompt import WindowLost, run_pipe, run_prompt

    explicit, lang = lang, LANG  # the --lang given (empty without), and the language resolved
    store = open_store(db_path)
    name = name or datetime.now().strftime("session-%Y%m%d-%H%M%S")
    console = Console(highlight=False)
    interactive = sys.stdin.isatty()
    try:
        if script is not None:
            if store.find(name) is not None:
                raise Failure(_say("cli.from_existing", name=name))
            live = _import(store, name, read_script(script), lock=True)
        else:
            row = store.find(name)
            if row is not None:
                _check_chain_before_play(store, row, force=force, interactive=interactive)
            live = LiveSession.open(store, name, create=True, lock=True, take_over=take_over)
        # a resume keeps the session's language; only an explicit --lang changes it (and says so)
        from dealer_assist import resume as resume_mod

        lang, former = resume_mod.language(explicit, live.row.lang, lang)
        if lang != SPOKEN:
            speak(lang)
        live.row = store.set_lang(live.row, lang)  # the session's language (audit, report)
    except DealerAssistError as exc:
        fail(exc, lang=lang)
    if former is not None:
        from dealer_assist.i18n import Term

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
            from dealer_assist.i18n import Term

            click.secho(_say("snapshot.ignored", name=name, events=live.count, reason=Term(live.ignored)),
                        fg="yellow", err=True)  # fmt: skip
        resume = resume_mod.command(name, lang, db_path)
        try:
            if interactive:
                run_prompt(live, console, lang=lang, resume=resume)
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


def _check_chain_before_play(store, row, *, force: bool, interactive: bool) -> None:
    """A session whose hash chain is broken is played only with --force or a confirmation."""
    verdict = store.verify(row)
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
    from dealer_assist.replay import replay_text

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


# --------------------------------------------------------------------------- stored sessions


@cli.command()
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
                     amount(row.hp, LANG) if row.hp is not None else "-", _say(f"status.{row.status}"),
                     row.lang or "-"))  # fmt: skip
    # in parts (the name repeated) if wider than the terminal: no name, date or header cut
    print_table(Console(), None, headers(names, LANG), rows,
                justify=["right" if name in ("games", "hp") else "left" for name in names])  # fmt: skip


@cli.command()
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

        script = export_script(store, store.get(name), LANG)  # with its hash chain (issue 17)
    except DealerAssistError as exc:
        fail(exc)
    if output:
        _write_output(output, script)
    else:
        click.echo(script, nl=False)


def _check_writable(path: str) -> None:
    """Refuses at once a file that cannot be written, before the long work it is to hold
    (``simulate --html``); the same sentence as ``_write_output``."""
    import errno

    from dealer_assist.errors import SessionError

    target = Path(path)
    parent = target.parent
    code = None
    if not parent.is_dir():
        code = errno.ENOENT
    elif target.is_dir():
        code = errno.EISDIR
    elif not os.access(target if target.exists() else parent, os.W_OK):
        code = errno.EACCES
    if code is not None:
        fail(SessionError("cli.cannot_write", path=path, reason=os.strerror(code)))


def _write_output(path: str, body: str) -> None:
    from dealer_assist.errors import SessionError

    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(body)
    except OSError as exc:
        fail(SessionError("cli.cannot_write", path=path, reason=exc.strerror or str(exc)))


@cli.command(name="import")
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


@cli.command()
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
            render.game_summary(out, record, lang)


@cli.command()
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
            lines, good = posted_mod.script_lines(read_script(script), script, wanted, LANG)
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
            click.echo(finding.text(LANG))
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
        for line in posted_mod.report_lines(found, name, LANG):
            click.echo(line)
        good = good and found.ok
    if not good:
        sys.exit(1)


@cli.command()
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
    report_mod = rulesets.hook(session.state, "report")  # the table's own report
    data = report_mod.build(session.state, chain=chain, meta=meta)
    if fmt == "text":
        if output:
            from rich.console import Console

            try:
                with open(output, "w", encoding="utf-8") as handle:
                    report_mod.print_text(data, Console(file=handle, width=160), lang)
            except OSError as exc:
                from dealer_assist.errors import SessionError

                fail(SessionError("cli.cannot_write", path=output, reason=exc.strerror or str(exc)))
        else:
            report_mod.print_text(data, console(), lang)
        return
    body = report_mod.FORMATS[fmt](data, lang)
    if output:
        _write_output(output, body)
    else:
        click.echo(body, nl=False)


def _early_lang(argv: list[str]) -> str:
    """The language before click parses the command line (for --help and usage errors): the
    --lang given, $DEALER_ASSIST_LANG, the system locale; an unknown one is reported later."""
    from dealer_assist import i18n

    global ARGV_LANG
    explicit = None
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            explicit = argv[i + 1]
        elif arg.startswith("--lang="):
            explicit = arg.split("=", 1)[1]
    if i18n.normalize(explicit) in i18n.LANGS:
        ARGV_LANG = explicit
    for attempt in (explicit, None):
        try:
            return i18n.resolve(attempt)
        except i18n.UnknownLanguage:
            continue
    return i18n.system_language() or i18n.DEFAULT


def speak(lang: str) -> None:
    """Make click speak ``lang``: our commands' and options' help from the catalog, and click's
    own words (usage, errors) through it too."""
    global LANG, SPOKEN
    import click.core
    import click.decorators
    import click.exceptions
    import click.formatting
    import click.parser
    import click.termui
    import click.types
    import click.utils

    from dealer_assist import click_words
    from dealer_assist.i18n import catalog

    LANG = SPOKEN = lang
    own = {template: key for key, template in catalog("en").items() if key.startswith("click.")}
    words = catalog(lang)

    def gettext(message: str) -> str:
        key = own.get(message)
        return click_words.Template(words.get(key, message), key, lang) if key else message

    def ngettext(singular: str, plural: str, count: int) -> str:
        return gettext(singular if count == 1 else plural)

    for module in (click.core, click.decorators, click.exceptions, click.formatting, click.parser, click.termui,
                   click.types, click.utils):  # fmt: skip
        if hasattr(module, "_"):
            module._ = gettext  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = ngettext  # type: ignore[attr-defined]
    click_words.install()
    click_words.localize_paths(cli.commands.values(), lang)
    cli.help = words["cli.help.group"]
    for param in cli.params:
        if param.name == "version":
            param.help = words["cli.opt.version"]  # type: ignore[attr-defined]
    for name, command in cli.commands.items():
        command.help = words[f"cli.help.{name}"]
        command.short_help = words[f"cli.short.{name}"]
        for param in command.params:
            if isinstance(param, click.Option) and param.help:
                param.help = words.get(f"cli.opt.{name}.{param.name}") or words[f"cli.opt.{param.name}"]
    for param in cli.params:
        if param.name == "lang":
            param.help = words["cli.opt.lang"]  # type: ignore[attr-defined]


def _report_all(db_path: str | None, fmt: str, output: str | None) -> None:
    """`report --all`: totals across every stored One Million session, per player name and per
    difficulty (a session at another table is counted apart: its own report shows it)."""
    from dealer_assist import report as report_mod
    from dealer_assist.live import LiveSession
    from dealer_assist.store import Store, default_path

    path = db_path or default_path()
    try:
        store = Store(path, readonly=True)
        reports, others = [], 0
        for row in store.sessions():
            if (row.ruleset or rulesets.DEFAULT) != rulesets.DEFAULT:
                others += 1
                continue
            live = LiveSession.open(store, row.name)  # from its snapshot: a few milliseconds a session
            reports.append(report_mod.build(live.state, meta={"session": row.name, "created": row.created}))
    except DealerAssistError as exc:
        fail(exc)
    stats = report_mod.build_all(reports, other_tables=others)
    if fmt == "text" and not output:
        report_mod.all_formats(stats, "text", LANG, console())
        return
    if fmt == "text":
        from rich.console import Console

        from dealer_assist.errors import SessionError

        try:
            with open(output, "w", encoding="utf-8") as handle:
                report_mod.all_formats(stats, "text", LANG, Console(file=handle, width=160))
        except OSError as exc:
            fail(SessionError("cli.cannot_write", path=output, reason=exc.strerror or str(exc)))
        return
    body = report_mod.all_formats(stats, fmt, LANG)
    if output:
        _write_output(output, body)
    else:
        click.echo(body, nl=False)


def main() -> None:  # the console script
    speak(_early_lang(sys.argv[1:]))
    try:
        cli()
    except BrokenPipeError:  # the reader went away (`... | head`): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(1)


def _register_more() -> None:
    """Commands kept in modules of their own (their heavy imports happen when they run)."""
    from dealer_assist.backup import backup_command
    from dealer_assist.cli_rules import rules
    from dealer_assist.cli_simulate import simulate

    cli.add_command(simulate)
    cli.add_command(rules)
    cli.add_command(backup_command)


_register_more()
