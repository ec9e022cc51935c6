"""Mission One Million (RULES.md): the table's rules, a pure fold ``state = apply(state, event)``
(no I/O, no UI imports), and its pieces of the shell.

Rule modules are named after RULES.md's sections: ``draw`` (DRAW), ``settlement`` (SET, HEAL),
``jokers`` (JK), ``skills`` (DSK), ``guild`` (GUILD), ``bets`` (BET, BOX), ``surrender``
(SURR), ``end`` (END, ANN), ``time_rules`` (TIME), ``setup`` (SETUP); ``deal``,
``actions`` and ``flow`` carry the game's order of play (CARD, BASE). Its notation is
``commands`` and ``grammar``; its registration record ``ruleset``; its screens ``screens``
(``panel``, ``picture``, ``completion``, ``clock``, ``guard``, ``facts``, ``report``), its
store columns ``store``, its `replay --json` model ``schema``.

The common names are importable from the package (``from dealer_assist.tables.onemillion
import State``), loaded when first asked for, so that importing one module of the table
(its commands, say) does not load its rules.
"""

from __future__ import annotations

import importlib

_NAMES = {
    "Expectation": "dealer_assist.core.expectation", "Session": "dealer_assist.core.session",
    "apply": "dealer_assist.tables.onemillion.apply", "can": "dealer_assist.tables.onemillion.apply",
    "expectation": "dealer_assist.tables.onemillion.apply", "legal": "dealer_assist.tables.onemillion.apply",
    "step": "dealer_assist.tables.onemillion.apply", "Phase": "dealer_assist.tables.onemillion.state",
    "Ruling": "dealer_assist.core.step", "State": "dealer_assist.tables.onemillion.state",
    "to_json": "dealer_assist.tables.onemillion.view",
}  # fmt: skip

__all__ = sorted(_NAMES)


def __getattr__(name: str):
    module = _NAMES.get(name)
    if module is None:
        raise AttributeError(name)
    return getattr(importlib.import_module(module), name)
