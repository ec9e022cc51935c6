"""Leaving and resuming a live session (``dealer-assist play``): the language it is played in,
and the command ``quit`` prints to resume it.

A session keeps the language it was played in: resumed without ``--lang`` it speaks its own
language (whatever ``$DEALER_ASSIST_LANG`` or the system locale say), so its audit, report and
overlay stay in it too. Only an explicit ``--lang`` changes it, and the prompt says so.
"""

from __future__ import annotations

import shlex

from dealer_assist.i18n import LANGS


def language(explicit: str | None, stored: str | None, spoken: str) -> tuple[str, str | None]:
    """(the language to play in, the session's former language when ``--lang`` changes it).

    ``explicit``: the ``--lang`` given (empty or None without); ``stored``: the session's
    language (None for a new session); ``spoken``: the language resolved for this run."""
    if stored not in LANGS:  # a new session (or one stored before languages were kept)
        return spoken, None
    if not explicit:
        return stored, None
    return spoken, (stored if stored != spoken else None)


def command(name: str, lang: str, db_path: str | None = None) -> str:
    """The command that resumes session ``name`` in its language (with the ``--db`` it was
    opened with)."""
    out = f"dealer-assist play --session {shlex.quote(name)}"
    if db_path:
        out += f" --db {shlex.quote(db_path)}"
    return out + f" --lang {lang}"
