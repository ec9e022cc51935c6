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
- ``clocks``: the TIME-1 clocks (``clock``, ``Clock``, One Million's ``one_million_clock``);
- ``completion``: what the prompt offers at every table (``suggestions``, ``arguments``,
  ``Argument``, ``closing``, ``hand_words``);
- ``onemillion``: One Million's offers (``one_million_suggestions``, ``one_million_arguments``,
  ``bet_amounts``, …).

Every name stays importable from ``dealer_assist.live``.
"""

from __future__ import annotations

from dealer_assist.live.clocks import CLOCKS, Clock, clock, one_million_clock
from dealer_assist.live.records import line_records
from dealer_assist.live.completion import Argument, arguments, closing, hand_words, suggestions
from dealer_assist.live.onemillion import (
    CARD_WORDS, amount_word, bet_amounts, cards_for, hand_actions, one_million_arguments, one_million_suggestions,
    redistribution_as_is,
)  # fmt: skip
from dealer_assist.live.session import LiveSession, StoredUnreadable, summary
from dealer_assist.live.derived import Finding, check_derived

__all__ = [
    "CARD_WORDS", "CLOCKS", "Argument", "Clock", "Finding", "LiveSession", "StoredUnreadable", "amount_word",
    "arguments", "bet_amounts", "cards_for", "check_derived", "clock", "closing", "hand_actions", "hand_words",
    "line_records", "one_million_arguments", "one_million_clock", "one_million_suggestions", "redistribution_as_is",
    "suggestions", "summary",
]  # fmt: skip
