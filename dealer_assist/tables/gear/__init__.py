"""Blackjack Gear (seed 001): a 1v1 duel of turn-based blackjack in which each player brings a
deck of 20 gears that move the bet, hinder the opponent or shift the goal; the first to take
the other's HP to 0 wins. The referee types every card, gear and call; the rules
(``data/GEAR.md``) say what the guide forces.

Gears are the operator's data (``catalog``: a TOML file, or ``gear`` lines in the session); the
rules never name a gear, only the primitives the guide names (``effects``). The clauses follow the guide: GEAR-0…6 its steps (5 is missing
from it: the showdown, decided), GR its 細かなルール, GW its 勝敗条件, GG its ギアについて, GC the
catalogue. The modules: ``catalog`` (GC), ``setup`` (GEAR-0, 1: seats, decks, the first player,
the first draw and its mulligan), ``cards`` (GR-1…3, GW-5: the trump deck, totals, the joker),
``turn`` (GEAR-2…4, 6, GG: the round's start, the deal, a turn), ``effects`` (GC-2, GR-7: what a
gear does and undoes), ``showdown`` (GEAR-5, 6, GW: the result, HP, the end), ``apply`` (the
fold).
"""
