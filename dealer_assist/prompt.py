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


def handle_line(live: LiveSession, line: str, console: Console, *, lang: str = "en", panel: bool = True) -> bool:
    """One line from the dealer; returns False when it was refused."""
    try:
        outcomes = live.enter(line)
    except DealerAssistError as exc:
        clause = getattr(exc, "clause", None)
        message = Text("  ✗ ", style="bold red")
        if clause:
            message.append(f"{clause}: ", style="bold red")
        message.append(exc.text(lang))
        console.print(message)
        return False
    state = live.state
    records = {state.game.number: game_record(state, state.game)} if state.game is not None else {}
    render.outcomes(console, outcomes, records, lang)
    if panel and outcomes:
        console.print(render.live_state(live.state, lang))
    return True


def run_pipe(live: LiveSession, lines: Iterable[str], console: Console, *, lang: str = "en") -> int:
    """Commands from a pipe, one per line: the same rulings, no interactive screen."""
    refused = 0
    for number, raw in enumerate(lines, start=1):
        line = raw.rstrip("\n")
        if not n_commands(line):
            continue
        if line.strip().lower() in ("quit", "exit"):
            break
        console.print(Text(f"{number:>4}  {line.strip()}", style="dim"))
        if not handle_line(live, line, console, lang=lang, panel=False):
            refused += 1
    return refused


def n_commands(line: str) -> bool:
    from dealer_assist.notation import split_line

    return bool(split_line(line))


def run_prompt(live: LiveSession, console: Console, *, lang: str = "en") -> None:
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
    console.print(text("cli.saved", lang, name=live.row.name))


def _escape(value: str) -> str:
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
