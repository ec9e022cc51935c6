"""The casino table of seed 004 (rulebook ``data/CASINO.md``): 1–6 players, five rounds, 100
chips, a fixed 10-chip bet, six decks, insurance, the dealer standing on all 17s. Modules
named after the rulebook's sections: ``table`` (TABLE, RANK), ``shoe`` (SHOE), ``deal``
(HAND, INS, PEEK), ``play`` (PLAY), ``dealer`` (DEALER), ``pay`` (PAY), ``cpu`` (CPU)."""
