"""The pure rules engine: ``state = apply(state, event)`` (no I/O, no UI imports).

Modules are named after RULES.md's sections: ``draw`` (DRAW), ``settlement`` (SET, HEAL),
``jokers`` (JK), ``skills`` (DSK), ``guild`` (GUILD), ``bets`` (BET, BOX), ``surrender``
(SURR), ``end`` (END, ANN), ``time_rules`` (TIME), ``setup`` (SETUP); ``deal``,
``actions`` and ``flow`` carry the game's order of play (CARD, BASE).
"""

from dealer_assist.tables.onemillion.apply import Expectation, apply, can, expectation, legal, step
from dealer_assist.core.session import Session
from dealer_assist.tables.onemillion.state import Phase, Ruling, State
from dealer_assist.tables.onemillion.view import to_json

__all__ = [
    "Expectation", "Phase", "Ruling", "Session", "State", "apply", "can", "expectation", "legal",
    "step", "to_json",
]  # fmt: skip
