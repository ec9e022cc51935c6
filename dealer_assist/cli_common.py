"""What the commands share: an error as one sentence (``error_text``, ``fail``), reading a
script file, the ``--db`` option and opening the store, a rich console, and writing an output file.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from dealer_assist import cli_lang
from dealer_assist.cli_lang import _say
from dealer_assist.errors import DealerAssistError


def error_text(exc: DealerAssistError, lang: str | None = None) -> str:
    """An error as one line: ``line N: CLAUSE: reason`` (the line and clause when known)."""
    from dealer_assist.i18n import with_clause
    from dealer_assist.messages import text

    lang = lang or cli_lang.LANG
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


class Failure(click.ClickException):
    """One sentence on stderr and an exit status (1 unless told)."""

    def __init__(self, message: str, exit_code: int = 1) -> None:
        super().__init__(message)
        self.exit_code = exit_code


def fail(exc: DealerAssistError, exit_code: int = 1, lang: str | None = None) -> None:
    """A library error as a click error (exit 1 unless told)."""
    raise Failure(error_text(exc, lang), exit_code)


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


def console():
    """A rich console; written to a file or a pipe it is wide enough for the tables."""
    from rich.console import Console

    return Console(highlight=False, width=None if sys.stdout.isatty() else 160)


def db_option(function):
    """The session database: --db PATH, else $DEALER_ASSIST_DB, else the user's data dir."""
    return click.option(
        "--db", "db_path", envvar="DEALER_ASSIST_DB", metavar="PATH",
        help="The session database (default: sessions.db in the user's data directory).",
    )(function)  # fmt: skip


def open_store(db_path: str | None, *, readonly: bool = False, ahead=None):
    """The session database; ``readonly`` for the commands that only read (never created).
    A file that cannot be used is one sentence and exit status 1. ``ahead``: its integrity
    check already running in a thread (``store.marks.Early``)."""
    from dealer_assist.store import Store, default_path

    try:
        return Store(db_path or default_path(), readonly=readonly, ahead=ahead)
    except DealerAssistError as exc:
        fail(exc)


def _verdict_text(verdict, name: str) -> str:
    if verdict.ok:
        return _say("verify.ok", name=name, events=verdict.events)
    if verdict.problem == "reordered" and verdict.moved_from is not None:
        return _say("verify.reordered_from", name=name, seq=verdict.seq, origin=verdict.moved_from)
    return _say(f"verify.{verdict.problem}", name=name, seq=verdict.seq)


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
