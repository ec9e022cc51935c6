"""The interactive prompt (prompt_toolkit): the loop, the completer, the key bindings (F2: the
run-out clock's command) and the toolbar in a terminal without cursor position reports."""

from __future__ import annotations

import threading

from typing import Callable

from rich.console import Console, Group
from rich.text import Text

from dealer_assist import deal_line
from dealer_assist.core import collector
from dealer_assist import render
from dealer_assist.live import LiveSession, clock
from dealer_assist.messages import text
from dealer_assist.notation import SPACE_CHARS
from dealer_assist.prompt.completion import Matcher
from dealer_assist.prompt.guards import CardHint, deal_now, guard_warning
from dealer_assist.prompt.lines import handle_line
from dealer_assist.prompt.toolbar import Clocks, toolbar_html
from dealer_assist.prompt.words import prompt_answer, prompt_word
from dealer_assist.wrap import Wrapped


# rows the prompt claims below the cursor when the terminal cannot report where the cursor is:
# the prompt line, the completion menu's room and the toolbar
ROWS_WITHOUT_CPR = 10


def output_without_cpr(output, renderer: Callable[[], object]) -> None:
    """Let the bottom toolbar (the TIME-1 clock) show in a terminal without cursor position
    reports (``PROMPT_TOOLKIT_NO_CPR=1``, or a terminal that never answers one).

    prompt_toolkit draws its bottom toolbar only once it knows the rows below the cursor, which
    a VT100 terminal tells only by a CPR; without one the toolbar (and so the clock) never
    shows. Here the output answers that question itself when no CPR is to be had: the prompt
    then takes ``ROWS_WITHOUT_CPR`` rows, with the toolbar on the last. A terminal that
    answers CPRs is asked as before."""
    from prompt_toolkit.renderer import CPR_Support

    asked = output.get_rows_below_cursor_position

    def rows_below_cursor() -> int:
        try:
            return asked()
        except NotImplementedError:
            shown = renderer()
            cpr = getattr(shown, "cpr_support", None)
            if output.responds_to_cpr and cpr is not CPR_Support.NOT_SUPPORTED:
                raise  # a CPR is on its way: wait for it
            return max(1, min(ROWS_WITHOUT_CPR, output.get_size().rows))

    output.get_rows_below_cursor_position = rows_below_cursor


def freeze_loaded() -> None:
    """Keep what is loaded (the session's states and history, the tables, the catalogs) out of
    the garbage collector's full collections: one would otherwise walk the whole loaded
    session — some 30 ms on a 1,000-game session — in the middle of a keystroke or a line.
    What later lines make is collected as before."""
    collector.freeze_loaded()


def _warm() -> None:
    """What completion and help need at every table — every table's grammar, the help topics —
    made while the dealer reads the first prompt, so that no keystroke pays for it."""
    from dealer_assist import notation as n
    from dealer_assist.prompt.topics import all_topics

    try:
        n.grammar()
        all_topics()
    except Exception:  # noqa: BLE001 - a warm-up only: the same work is done again when needed
        pass


class _Warm:
    """Completion found while the dealer types nothing: after a render, what the next
    keystrokes may ask for (``Matcher.ahead``) is found one piece at a time, each in its own
    turn of the event loop, never while a key waits or a redraw is pending."""

    PAUSE = 0.002  # seconds between two pieces: a key that arrives meanwhile goes first

    def __init__(self, app, matcher: Matcher, live: LiveSession, lang: str) -> None:
        self.app, self.matcher, self.live, self.lang = app, matcher, live, lang
        self.waiting = None  # the event loop a piece waits on (each prompt runs its own loop)

    def after_render(self, _app=None) -> None:
        if self.waiting is not self.app.loop and self._idle():
            self._later()

    def _later(self) -> None:
        self.waiting = self.app.loop
        self.app.loop.call_later(self.PAUSE, self._step)

    def _idle(self) -> bool:
        app = self.app
        return app.is_running and not app.is_done and not app.invalidated and app.loop is not None

    def _step(self) -> None:
        self.waiting = None
        if not self._idle():
            return  # a redraw comes, and after it this goes on
        try:
            remembered = self.live.remembered()
            typed = self.app.current_buffer.document.text_before_cursor
            state, version = self.live.state, self.live.count
            todo = self.matcher.ahead(state, typed, self.lang, remembered=remembered, version=version)
            if not todo:
                return
            self.matcher.warm(state, todo[0], self.lang, remembered=remembered, version=version)
        except Exception:  # noqa: BLE001 - a warm-up only: the keystroke that needs it finds it again
            return
        self._later()  # the next piece (the commands found lead to their arguments)


def run_prompt(live: LiveSession, console: Console, *, lang: str = "en", resume: str | None = None,
               odds: bool = True) -> None:  # fmt: skip
    """The interactive prompt; ``resume`` is the command that resumes the session (with the
    ``--db`` it was opened with), printed when the dealer leaves. ``odds``: the dealer's odds
    line under the table after each accepted line, found while the prompt is back (``OddsLine``).

    Besides the notation it knows two prompt words: ``help`` and ``quit``; and it guards the
    deal: ``deal`` while boxes have no bet line and the bet clock still runs is held, naming
    those boxes, until it is sent again (a second Enter: the line stays on the prompt) or typed
    as ``deal!`` (stored as the plain ``deal``); a deal line that stops inside a round is held
    the same way, naming where the next card would go, and one that completes the round only
    in place of the partial line just entered replaces it on the second Enter (``deal_line``).
    The first refused card of the session is followed by the card notation."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import Completer, Completion
    from prompt_toolkit.formatted_text import HTML
    from prompt_toolkit.history import InMemoryHistory
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.output.defaults import create_output

    clocks = Clocks()
    hint = CardHint()
    matcher = Matcher()  # the completions of the state, found once while a line is typed

    class LegalCompleter(Completer):
        def get_completions(self, document, complete_event):
            typed = document.text_before_cursor
            found = matcher(live.state, typed, lang, remembered=live.remembered(), version=live.count)
            for option, shown, meta in found:
                yield Completion(option, start_position=-len(typed), display=shown, display_meta=meta)

    drawn: list = [None, None]  # the toolbar's last text and what prompt_toolkit made of it

    def toolbar():
        html = toolbar_html(live, clocks, lang)
        if html != drawn[0]:  # parsed again only when it changed (the clock: once a second)
            drawn[:] = [html, HTML(html)]
        return drawn[1]

    bindings = KeyBindings()

    @bindings.add("f2")
    def _(event):
        offer = clocks.offer(live)
        if offer:
            event.app.current_buffer.text = offer
            event.app.current_buffer.cursor_position = len(offer)

    output = create_output()
    holder: list = []
    output_without_cpr(output, lambda: holder[0].app.renderer if holder else None)
    session = PromptSession(
        history=InMemoryHistory(live.store.recent_texts(live.row, 200)),
        completer=LegalCompleter(),
        complete_while_typing=True,
        reserve_space_for_menu=9,
        bottom_toolbar=toolbar,
        refresh_interval=1.0,
        key_bindings=bindings,
        output=output,
    )
    holder.append(session)
    session.app.after_render += _Warm(session.app, matcher, live, lang).after_render
    # a terminal found not to answer CPRs: draw the toolbar from then on, without a warning
    session.app.renderer.cpr_not_supported_callback = session.app.invalidate
    console.print(render.panel(live.state, lang))
    figures = None
    if odds:
        from dealer_assist.prompt.odds import OddsLine

        figures = OddsLine(console, lang)
        figures.app = session.app
        figures.request(live.state, live.count)  # the table as the session resumes
    freeze_loaded()
    threading.Thread(target=_warm, name="warm", daemon=True).start()
    held: str | None = None  # a deal line a guard held: sent again, it goes through
    takes_back = 0  # a held replacement (issue 17): the events of the partial line it takes back
    partial: deal_line.Partial | None = None  # the last line entered, if its deal stopped inside a round
    while True:
        try:
            # redrawn every second only while a clock runs: else nothing on the screen moves by itself
            ticking = 1.0 if clock(live.state) is not None else 0
            prompt = f"{live.row.name}> "
            line = session.prompt(figures.message(prompt) if figures is not None else prompt, default=held or "",
                                  refresh_interval=ticking)  # fmt: skip
        except KeyboardInterrupt:
            held = None
            continue
        except EOFError:
            break
        word = prompt_word(line)
        if word is not None and word[0] == "quit":
            break
        if word is not None:
            held = None
            console.print(Wrapped(prompt_answer(live.state, lang, word), hang=None))
            continue
        if not line.strip(SPACE_CHARS):
            held = None
            continue
        again = held is not None and line.strip(SPACE_CHARS) == held.strip(SPACE_CHARS)
        replace = takes_back if again else 0
        held, takes_back = None, 0
        last = partial if partial is not None and partial.count == live.count else None
        forced = deal_now(line)
        if forced is not None:
            line = forced
        elif not again:
            warning = guard_warning(live.state, line, lang) if clocks.bets_running(live) else None
            short = deal_line.hold(live.state, line, last, lang)
            if warning is not None or short is not None:
                parts = [Text("  ⚠ " + warning, style="bold yellow")] if warning is not None else []
                parts += deal_line.hold_parts(short, lang) if short is not None else []
                console.print(Group(*parts), crop=False, highlight=False)
                held, takes_back = line, short.takes_back if short is not None else 0
                continue
        before = live.state
        if replace and last is not None:  # the partial line is taken back, and this one dealt
            line = deal_line.replacement(line, replace)
        if handle_line(live, line, console, lang=lang, hint=hint):
            partial = deal_line.partial_line(before, line, live.count)
            if figures is not None:  # after the ruling and the panel are printed: never before them
                figures.request(live.state, live.count)
    command = resume or f"dealer-assist play --session {live.row.name}"
    console.print(text("cli.saved", lang, name=live.row.name, command=command))
