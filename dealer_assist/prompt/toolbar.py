"""The bottom toolbar: what the tool expects next, and the TIME-1 clock (``Clocks``: when each
window opened, so a clock goes on where it was after a restart)."""

from __future__ import annotations

import time
from typing import Callable

from dealer_assist.i18n_values import Term
from dealer_assist.live import LiveSession, clock
from dealer_assist.messages import text


class Clocks:
    """Start times of the TIME-1 windows, by (game, window), on the ``monotonic`` clock.

    A window's clock starts at the timestamp of the stored event that opened it
    (``LiveSession.window_start``), so after a restart it goes on where it was instead of
    starting from full; a window this prompt cannot date starts when the prompt first sees it."""

    def __init__(self, monotonic: Callable[[], float] = time.monotonic, wall: Callable[[], float] = time.time) -> None:
        self.monotonic = monotonic
        self.wall = wall  # the clock of the stored timestamps (epoch seconds)
        self.started: dict[tuple[int, str], float] = {}

    def remaining(self, live: LiveSession) -> tuple[str, int, str] | None:
        running = clock(live.state)
        if running is None:
            return None
        start = self.started.get(running.key)
        if start is None:
            now = self.monotonic()
            opened = live.window_start(running.key)
            start = now if opened is None else now - max(0.0, self.wall() - opened)
            self.started[running.key] = start
        left = running.seconds - int(self.monotonic() - start)
        return running.name, left, running.offer

    def offer(self, live: LiveSession) -> str | None:
        """The command that records a run-out clock (F2 puts it on the line), if one ran out."""
        ticking = self.remaining(live)
        if ticking is not None and ticking[1] <= 0:
            return ticking[2]
        return None

    def bets_running(self, live: LiveSession) -> bool:
        """Whether the bet clock is running and has time left."""
        ticking = self.remaining(live)
        return ticking is not None and ticking[0] == "bets" and ticking[1] > 0


def toolbar_html(live: LiveSession, clocks: Clocks, lang: str = "en") -> str:
    """The bottom toolbar: what the tool expects next, and the TIME-1 clock."""
    parts = _expected_html(live.state, getattr(live, "count", None), lang)
    ticking = clocks.remaining(live)
    if ticking is not None:
        name, left, offer = ticking
        clock_name = Term(f"clock.{name}")
        if left > 0:
            shown = text("prompt.clock", lang, clock=clock_name, minutes=left // 60, seconds=left % 60)
            parts += f"   ⏱ {_escape(shown)}"
        else:
            ran_out = text("time.ran_out", lang, clock=clock_name)
            shown = text("prompt.offer", lang, ran_out=ran_out, offer=offer)
            parts += f"   <style bg='ansired'>⏰ {_escape(shown)}</style>"
    return parts


_SAID: list = [None, None, None, ""]  # the state, events and language the toolbar last described, and what it said


def _expected_html(state, count, lang: str) -> str:
    """What the tool expects next, as the toolbar shows it: found once per state (the toolbar
    is drawn on every keystroke and every second, the state changes only when a line is
    entered; ``count``, the events folded, should a state ever be stepped in place)."""
    if _SAID[0] is not state or _SAID[1] != count or _SAID[2] != lang:
        from dealer_assist.expected import expected as expectation  # a new session also names the other tables

        expected = expectation(state)
        _SAID[:] = [state, count, lang, f"<b>{expected.clause}</b> {_escape(expected.text(lang))}"]
    return _SAID[3]


def _escape(value: str) -> str:
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
