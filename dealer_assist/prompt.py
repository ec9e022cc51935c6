"""The live prompt (prompt_toolkit): what the dealer types during a stream.

Each line goes through ``LiveSession.enter`` (stored before it is reported); the rulings
and the compact state are printed with rich; the bottom toolbar says what the tool expects
next and shows the TIME-1 clock. When a clock runs out the toolbar offers the command that
records it (F2 puts it on the line; Enter records it like any other command).
"""

from __future__ import annotations

import time
from typing import Callable, Iterable

from rich.console import Console
from rich.text import Text

from dealer_assist import render
from dealer_assist.engine.view import game_record
from dealer_assist.errors import DealerAssistError
from dealer_assist.live import LiveSession, clock, suggestions
from dealer_assist.messages import text
from dealer_assist.notation import SPACE_CHARS
from dealer_assist.store import short_hash


class Clocks:
    """Start times of the TIME-1 windows, by (game, window)."""

    def __init__(self, monotonic: Callable[[], float] = time.monotonic) -> None:
        self.monotonic = monotonic
        self.started: dict[tuple[int, str], float] = {}

    def remaining(self, live: LiveSession) -> tuple[str, int, str] | None:
        running = clock(live.state)
        if running is None:
            return None
        start = self.started.setdefault(running.key, self.monotonic())
        left = running.seconds - int(self.monotonic() - start)
        return running.name, left, running.offer

    def offer(self, live: LiveSession) -> str | None:
        """The command that records a run-out clock (F2 puts it on the line), if one ran out."""
        ticking = self.remaining(live)
        if ticking is not None and ticking[1] <= 0:
            return ticking[2]
        return None


def toolbar_html(live: LiveSession, clocks: Clocks, lang: str = "en") -> str:
    """The bottom toolbar: what the tool expects next, and the TIME-1 clock."""
    from dealer_assist.engine import expectation

    expected = expectation(live.state)
    parts = f"<b>{expected.clause}</b> {_escape(expected.text(lang))}"
    ticking = clocks.remaining(live)
    if ticking is not None:
        name, left, offer = ticking
        if left > 0:
            parts += f"   ⏱ {name} {left // 60}:{left % 60:02d}"
        else:
            parts += f"   <style bg='ansired'>⏰ {text('time.ran_out', lang, clock=name)}: F2 → {_escape(offer)}</style>"
    return parts


class WindowLost(Exception):
    """This window can store nothing more (the session was taken over, or changed by another
    writer); the error has been shown. Not a user-facing error: the prompt stops on it."""


# errors after which the window stops: its state no longer follows the stored session
LOSING = ("session.taken_over", "session.lock_lost", "session.moved_on")


def handle_line(live: LiveSession, line: str, console: Console, *, lang: str = "en", panel: bool = True) -> bool:
    """One line from the dealer; returns False when it was refused (nothing stored).

    Raises ``WindowLost`` (after saying why) when this window can store nothing more."""
    was_over = live.state.over
    try:
        outcomes = live.enter(line)
    except DealerAssistError as exc:
        clause = getattr(exc, "clause", None)
        message = Text("  ✗ ", style="bold red")
        if clause:
            message.append(f"{clause}: ", style="bold red")
        message.append(exc.text(lang))
        console.print(message)
        if exc.key in LOSING:
            console.print(text("cli.window_closed", lang), style="bold")
            raise WindowLost(exc.key) from None
        return False
    state = live.state
    records = {state.game.number: game_record(state, state.game)} if state.game is not None else {}
    render.outcomes(console, outcomes, records, lang)
    if panel and outcomes:
        console.print(render.live_state(live.state, lang))
    if state.over and not was_over:  # the end of the quest: the head hash to post
        seq, head = live.last
        console.print(text("chain.quest_over", lang, short=short_hash(head), events=seq,
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
            console.print(Text(f"  ✗ line {number}: {item.text(lang)}", style="bold red"))
            refused += 1
            continue
        line = item.rstrip("\n")
        if line.strip(SPACE_CHARS).lower() in ("quit", "exit"):
            break
        if not n_commands(line):
            continue
        console.print(Text(f"{number:>4}  {line.strip(SPACE_CHARS)}", style="dim"))
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


def run_prompt(live: LiveSession, console: Console, *, lang: str = "en", resume: str | None = None) -> None:
    """The interactive prompt; ``resume`` is the command that resumes the session (with the
    ``--db`` it was opened with), printed when the dealer leaves."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import Completer, Completion
    from prompt_toolkit.formatted_text import HTML
    from prompt_toolkit.history import InMemoryHistory
    from prompt_toolkit.key_binding import KeyBindings

    clocks = Clocks()

    class LegalCompleter(Completer):
        def get_completions(self, document, complete_event):
            typed = document.text_before_cursor.lower()
            for option in suggestions(live.state):
                if option.lower().startswith(typed) and option.lower() != typed:
                    yield Completion(option, start_position=-len(document.text_before_cursor))

    def toolbar():
        return HTML(toolbar_html(live, clocks, lang))

    bindings = KeyBindings()

    @bindings.add("f2")
    def _(event):
        offer = clocks.offer(live)
        if offer:
            event.app.current_buffer.text = offer
            event.app.current_buffer.cursor_position = len(offer)

    session = PromptSession(
        history=InMemoryHistory([e.text for e in live.store.events(live.row)][-200:]),
        completer=LegalCompleter(),
        complete_while_typing=True,
        bottom_toolbar=toolbar,
        refresh_interval=1.0,
        key_bindings=bindings,
    )
    console.print(render.live_state(live.state, lang))
    while True:
        try:
            line = session.prompt(f"{live.row.name}> ")
        except KeyboardInterrupt:
            continue
        except EOFError:
            break
        word = line.strip().lower()
        if word in ("quit", "exit"):
            break
        if word == "help":
            console.print(text("prompt.help", lang, now=", ".join(s.strip() for s in suggestions(live.state))))
            continue
        if not word:
            continue
        handle_line(live, line, console, lang=lang)
    command = resume or f"dealer-assist play --session {live.row.name}"
    console.print(text("cli.saved", lang, name=live.row.name, command=command))


def _escape(value: str) -> str:
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
