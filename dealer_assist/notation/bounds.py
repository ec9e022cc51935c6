"""The bounds of the notation, defined here once (NOTATION.md: numbers are bounded).

Points and HP fit in 64 bits with a wide margin: seven boxes of MAX_POINTS each, multiplied
by any payout ratio, stay far below 2**63 (SQLite's integers); no number ever reaches
Python's int-string limit.
"""

from __future__ import annotations

MAX_POINTS = 10**12  # an amount of points or HP: at most one trillion
MAX_LINE = 10_000  # characters in one line, a note included
MAX_TOKEN = 64  # characters in one token: a name, a card, an amount, a number
MAX_SHOE = 100_000  # cards in the shoe
MAX_SKILL = 99  # a guild skill's level, uses or MP; a `rule` count
MAX_NAME = 100  # characters in a session's name
