"""The shell around the engine for live play: a ``Session`` kept in step with the store.

A line is parsed, applied as a whole, written to the store, and only then reported; a line
that is refused changes nothing, in memory or on disk. Also here: the TIME-1 clocks (a
window's clock starts at the timestamp of the stored event that opened it, also after a
restart) and what the prompt offers — commands and their arguments, each one tried with the
engine's own ``can`` (pure functions of the state).

The parts, one job each:

- ``session``: ``LiveSession`` (open or resume, enter a line, store it), ``summary``;
- ``records``: the ``games`` rows a stored line writes (``line_records``);
- ``derived``: the derived-row check of ``verify`` (``check_derived``, ``Finding``);
- ``clocks``: a table's clocks (``clock``, ``Clock``);
- ``completion``: what the prompt offers at every table (``suggestions``, ``arguments``,
  ``Argument``, ``closing``, ``hand_words``), each table's own offers from its ``Screens``.

Every name stays importable from ``dealer_assist.live``.
"""

from __future__ import annotations

from dealer_assist.live.clocks import Clock, clock
from dealer_assist.live.records import line_records
from dealer_assist.live.completion import Argument, arguments, closing, hand_words, suggestions
from dealer_assist.live.session import LiveSession, StoredUnreadable, summary
from dealer_assist.live.derived import Finding, check_derived

__all__ = [
    "Argument", "Clock", "Finding", "LiveSession", "StoredUnreadable", "arguments", "check_derived", "clock",
    "closing", "hand_words", "line_records", "suggestions", "summary",
]  # fmt: skip
