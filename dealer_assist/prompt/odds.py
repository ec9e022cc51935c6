"""Issue 23: the dealer's odds line under the live panel (``play``; ``--no-odds`` turns it off).

The exact odds may take from milliseconds to seconds (docs/decisions.md, issue 23), and the
prompt must never wait for them: each accepted line's ruling and panel are printed first, then
the state the line left is handed to one worker thread, and the prompt comes back at once. When
the worker is done, the odds line becomes the first line of the prompt itself (``message``) and
prompt_toolkit redraws it: the line being typed stays as it is, and no key typed meanwhile is
lost (printing above the prompt instead hands the terminal back to cooked mode for a moment,
where a ``Ctrl-U`` or a backspace is the line discipline's and never reaches the prompt). Only
the figures of the table on screen are shown — figures of a table the dealer has typed past
are dropped — and only the newest state waits: a state a newer line replaced before the worker
took it is never computed. Figures from the dealer's view (the dealer's own screen); nothing is
shown when the table has none (``odds_now`` gives None)."""

from __future__ import annotations

import threading
from typing import Any

from dealer_assist import odds_words, rulesets


class OddsLine:
    """The worker and what it found; ``request`` after each accepted line (in the prompt's
    thread), ``message`` as the prompt's message."""

    VIEW = "dealer"
    STYLE = "ansicyan"

    def __init__(self, console, lang: str) -> None:
        self.console, self.lang = console, lang
        self.app = None  # the prompt's application (set by the loop)
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._wanted: tuple[int, Any] | None = None  # (version, state) not yet taken by the worker
        self._current = -1  # the version on screen
        # found for the table on screen: (version, its lines at the console's width, the figures, the table)
        self._ready: tuple[int, list[str], dict, str] | None = None
        self._thread: threading.Thread | None = None
        self._warmed = False

    def request(self, state, version: int) -> None:
        """The table on screen is now ``state`` (``version``: the session's count of events)."""
        with self._lock:
            self._wanted, self._current, self._ready = (version, state), version, None
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, name="odds", daemon=True)
            self._thread.start()
        self._wake.set()

    def _work(self) -> None:
        while True:
            self._wake.wait()
            with self._lock:
                job, self._wanted = self._wanted, None
                self._wake.clear()
            if job is None:
                continue
            version, state = job
            try:
                if not self._warmed and version > 0:  # what the table's odds share, built once (its table known)
                    self._warmed = True
                    rulesets.warm_odds(state)
                found = rulesets.odds_now(state, self.VIEW)
                table = rulesets.of(state).name
                shown = odds_words.lines(found, self.lang, table, self.console.width) if found else []
            except Exception:  # noqa: BLE001 - figures only: the table is on screen without them
                shown = []
            if not shown:
                continue
            with self._lock:
                if version != self._current:
                    continue  # another line was entered meanwhile
                self._ready = (version, shown, found, table)
            self._redraw_soon()

    def _redraw_soon(self) -> None:
        app = self.app
        loop = getattr(app, "loop", None)
        if app is None or loop is None or not app.is_running:
            return  # the next prompt's first drawing shows them
        try:
            loop.call_soon_threadsafe(app.invalidate)
        except RuntimeError:  # the prompt's loop just closed: the next prompt shows them
            pass

    def shown(self, width: int | None = None) -> list[str]:
        """The odds line(s) of the table on screen, broken for ``width`` cells; [] until found."""
        with self._lock:
            ready = self._ready
        if ready is None or ready[0] != self._current:
            return []
        version, lines, found, table = ready
        if width is None or width == self.console.width:
            return lines
        return odds_words.lines(found, self.lang, table, width)

    def message(self, prompt: str):
        """The prompt's message: the odds line(s) when found, then ``prompt``."""

        def draw():
            app = self.app
            width = app.output.get_size().columns if app is not None and app.is_running else None
            return [*((self.STYLE, line + "\n") for line in self.shown(width)), ("", prompt)]

        return draw
