"""The notation as One Million's modules read it (``from dealer_assist.tables.onemillion import
notation as n``): the shared notation, and the table's own commands (``n.Bet``, ``n.Lock`` …)."""

from __future__ import annotations

from dealer_assist.notation import *  # noqa: F401,F403 - the shared notation, by its own names
from dealer_assist.notation import __all__ as _SHARED
from dealer_assist.tables.onemillion.commands import (  # noqa: F401 - the table's own commands
    DIFFICULTIES, RULE_KINDS, SKILL_KINDS, Backbet, Bet, Dice, Empty, Foresight, Hp, JokerLevels, Lock, Next,
    Quest, Redistribute, Rule, Shoe, Skill, SurrenderCall, TimeUp, Yellow,
)  # fmt: skip

__all__ = [*_SHARED, "DIFFICULTIES", "RULE_KINDS", "SKILL_KINDS", "Backbet", "Bet", "Dice", "Empty", "Foresight",
           "Hp", "JokerLevels", "Lock", "Next", "Quest", "Redistribute", "Rule", "Shoe", "Skill", "SurrenderCall",
           "TimeUp", "Yellow"]  # fmt: skip


def __getattr__(name: str):
    """The merged notation's names (``KEYWORDS``, ``HAND_ACTIONS`` …), as the shared notation has them."""
    from dealer_assist import notation

    return getattr(notation, name)
