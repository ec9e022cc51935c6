"""One line at the prompt or from a pipe: entered through ``LiveSession.enter`` (stored before it
is reported), then its rulings and the panel printed with rich (``handle_line``); the pipe
(``run_pipe``) reads the notation strictly, with none of the prompt's guards."""

from __future__ import annotations

from typing import Iterable

from rich.console import Console, Group
from rich.text import Text

from dealer_assist import render
from dealer_assist import rulesets
from dealer_assist.errors import DealerAssistError
from dealer_assist.i18n import clause_prefix
from dealer_assist.live import LiveSession
from dealer_assist.messages import text
from dealer_assist.notation import SPACE_CHARS
from dealer_assist.prompt.guards import CardHint
from dealer_assist.prompt.words import prompt_answer, prompt_word
from dealer_assist.store import short_hash
from dealer_assist.wrap import Wrapped


class WindowLost(Exception):
    """This window can store nothing more (the session was taken over, or changed by another
    writer); the error has been shown. Not a user-facing error: the prompt stops on it."""


# errors after which the window stops: its state no longer follows the stored session
LOSING = ("session.taken_over", "session.lock_lost", "session.moved_on")


def handle_line(live: LiveSession, line: str, console: Console, *, lang: str = "en", panel: bool = True,
                hint: CardHint | None = None) -> bool:  # fmt: skip
    """One line from the dealer; returns False when it was refused (nothing stored). With
    ``hint`` (the interactive prompt), the first refused card is followed by the card notation.

    Raises ``WindowLost`` (after saying why) when this window can store nothing more."""
    was_over = live.state.over
    try:
        outcomes = live.enter(line)
    except DealerAssistError as exc:
        clause = getattr(exc, "clause", None)
        message = Text("  ✗ ", style="bold red")
        if clause:
            message.append(clause_prefix(clause, lang), style="bold red")
        message.append(exc.text(lang))
        console.print(Wrapped(message, hang=4))  # Japanese broken between characters, not inside 「1 ht 3」
        taught = hint.after(exc, lang) if hint is not None else None
        if taught:
            console.print(Wrapped(taught, hang=None, style="cyan"), highlight=False)
        if exc.key in LOSING:
            console.print(text("cli.window_closed", lang), style="bold")
            raise WindowLost(exc.key) from None
        return False
    state = live.state
    records = {}
    if any(o.settled for o in outcomes):
        made = live.line_record  # the record the line's games row was made of, if this line's
        record = made[1] if made is not None and made[0] == live.last[0] else rulesets.game_record(state)
        records = {record["game"]: record} if record is not None else {}
    parts = render.outcome_parts(outcomes, records, lang, state)
    if panel and outcomes:
        shown = render.panel(live.state, lang)  # its parts beside the others: the same lines, less nesting
        parts.extend(shown.renderables if type(shown) is Group else [shown])
    if parts:  # one print a line: what the line did, then the table as it is now
        console.print(Group(*parts), crop=False, highlight=False)
    if state.over and not was_over:  # the end of the quest: the head hash to post
        seq, head = live.last
        console.print(text(f"chain.over.{rulesets.of(state).name}", lang, short=short_hash(head), events=seq,
                           verify=verify_command(live, short_hash(head))), style="bold")  # fmt: skip
    return True


def verify_command(live: LiveSession, posted: str) -> str:
    """The command that later proves the posted head hash (with --db unless the default)."""
    import shlex

    from dealer_assist.store import default_path

    command = f"dealer-assist verify {shlex.quote(live.row.name)} --posted {posted}"
    if live.store.path.absolute() != default_path().absolute():
        command += f" --db {shlex.quote(str(live.store.path))}"
    return command


def run_pipe(live: LiveSession, lines: Iterable, console: Console, *, lang: str = "en") -> int:
    """Commands from a pipe, one per line: the same rulings, no interactive screen. ``lines``
    holds strings, or (number, text) pairs from ``notation.read_lines`` (where a line that
    is not UTF-8 comes as its error). Returns how many lines were refused."""
    refused = 0
    for number, item in _numbered(lines):
        if isinstance(item, DealerAssistError):
            console.print(Text("  ✗ " + text("prompt.pipe_line", lang, line=number, error=item.text(lang)),
                               style="bold red"))  # fmt: skip
            refused += 1
            continue
        line = item.rstrip("\n")
        word = prompt_word(line)
        if word is not None and word[0] == "quit":
            break
        if word is not None:  # help or hint: the same text as in the prompt
            console.print(Wrapped(prompt_answer(live.state, lang, word), hang=None))
            continue
        if not n_commands(line):
            continue
        console.print(Text(f"{number:>4}  {line.strip(SPACE_CHARS)}", style="dim"), no_wrap=True, overflow="ellipsis")
        if not handle_line(live, line, console, lang=lang, panel=False):
            refused += 1
    return refused


def _numbered(lines: Iterable):
    for number, item in enumerate(lines, start=1):
        yield item if isinstance(item, tuple) else (number, item)


def n_commands(line: str) -> bool:
    """Whether the line holds a command (a line the notation refuses counts as one: it is
    then refused like any other)."""
    from dealer_assist.notation import split_line

    try:
        return bool(split_line(line))
    except DealerAssistError:
        return True
