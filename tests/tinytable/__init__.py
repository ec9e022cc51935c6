"""High card: a one-screen card game, the third table of the tests (docs/TABLES.md).

It exists to prove that a table is one package and one registration: it touches no shared
module, and passes the same conformance suite as the two real tables. One seat plays three
rounds against the dealer: the dealer's card is dealt face down (``hole CARD``), the player's
face up (``draw CARD``), ``show`` turns the dealer's card and the higher rank wins a chip.
Registered for a test run by ``DEALER_ASSIST_TABLES=tiny=tinytable.ruleset``.
"""
