"""What the audit shows of the One Million table before each command (``Screens.facts``): catalog
keys with their values, worded in any language later."""

from __future__ import annotations

from typing import Any

from dealer_assist.cards import total
from dealer_assist.tables.onemillion.end import announce
from dealer_assist.tables.onemillion.state import State


def one_million_facts(state: State) -> list[tuple[str, dict[str, Any]]]:
    """One Million: the HP and its announcement, recovery, the jokers seen in both views, the
    dealer's visible cards, the cards known on top of the shoe."""
    game = state.game
    facts: list[tuple[str, dict[str, Any]]] = [("audit.hp", {"hp": state.hp, "announce": announce(state.hp)})]
    if game is not None:
        facts.append(("audit.recovery_on" if game.recovery else "audit.recovery_off", {}))
    facts.append(("audit.jokers", {"players": state.jokers_players, "dealer": state.jokers_dealer}))
    if game is not None and game.dealer:
        shown = [c for c in game.dealer_visible() if not c.is_unknown]
        key = "audit.dealer_hole" if game.hole is not None else "audit.dealer"
        facts.append((key, {"cards": " ".join(map(str, shown)), "total": total(shown)}))
    if state.known_top:
        facts.append(("audit.top", {"cards": " ".join(str(k.card) for k in state.known_top)}))
    return facts
