"""Issue 23: the dealer's odds line under the live panel (``play``; ``--no-odds`` turns it off).

The exact odds may take from milliseconds to seconds (docs/decisions.md, issue 23), and the
prompt must never wait for them: each accepted line's ruling and panel are printed first, then
the state the line left is handed to one worker thread, and the prompt comes back at once. The
odds line is printed above the prompt when the worker is done (``run_in_terminal``: the line
being typed stays as it is), and only if no other line was entered meanwhile — figures of a
table that is no longer on screen are dropped. Only the newest state waits: a state a newer
line replaced before the worker took it is never computed. Figures from the dealer's view (the
dealer's own screen); nothing is printed when the table has none (``odds_now`` gives None)."""

from __future__ import annotations

import threading
from typing import Any

from dealer_assist import odds_words, rulesets


class OddsLine:
    """The worker and what it found; ``request`` after each accepted line (in the prompt's
    thread), ``pre_run`` at each prompt's start."""

    VIEW = "dealer"

    def __init__(self, console, lang: str) -> None:
        self.console, self.lang = console, lang
        self.app = None  # the prompt's application (set by the loop)
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._wanted: tuple[int, Any] | None = None  # (version, state) not yet taken by the worker
        self._current = -1  # the version on screen
        self._ready: tuple[int, list[str]] | None = None  # found, not yet printed
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
                width = self.console.width
                shown = odds_words.lines(found, self.lang, rulesets.of(state).name, width) if found else []
            except Exception:  # noqa: BLE001 - figures only: the table is on screen without them
                shown = []
            if not shown:
                continue
            with self._lock:
                if version != self._current:
                    continue  # another line was entered meanwhile
                self._ready = (version, shown)
            self._deliver_soon()

    def _deliver_soon(self) -> None:
        app = self.app
        loop = getattr(app, "loop", None)
        if app is None or loop is None or not app.is_running:
            return  # the next prompt's start prints it (``pre_run``)
        try:
            loop.call_soon_threadsafe(self.deliver)
        except RuntimeError:  # the prompt's loop just closed: the next prompt prints it
            pass

    def pre_run(self) -> None:
        """At a prompt's start: what the worker found while no prompt was running."""
        import asyncio

        asyncio.get_running_loop().call_soon(self.deliver)

    def deliver(self) -> None:
        """In the prompt's event loop: print the figures found, above the prompt."""
        app = self.app
        if app is None or not app.is_running:
            return
        with self._lock:
            ready = self._ready
            if ready is None or ready[0] != self._current:
                return
            self._ready = None
        from prompt_toolkit.application import run_in_terminal

        run_in_terminal(lambda: self.print(ready[1]))

    def print(self, shown: list[str]) -> None:
        for line in shown:
            self.console.print(line, style="cyan", no_wrap=True, overflow="ellipsis", highlight=False)
