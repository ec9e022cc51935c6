"""BET-1's guard in live play (``Screens.deal_guard``): a deal typed while boxes have no bet line
is held with their names (they would play no bet); Enter again, or ``deal!``, deals."""

from __future__ import annotations

from dealer_assist.tables.onemillion import notation as n
from dealer_assist.errors import DealerAssistError
from dealer_assist.messages import text
from dealer_assist.tables.onemillion.state import Phase


def deal_guard(state, line: str) -> list[int]:
    """The boxes that ``line`` would deal past without a bet line (BET-1: they play no bet) —
    the non-bankrupt boxes with no bet line yet, less those the line itself bets for before
    its ``deal``; empty when the line deals nothing in the bet window (or after a back-bet,
    where the bets come after the deal)."""
    game = state.game
    if state.phase is not Phase.BETS or game is None or game.backbet:
        return []
    try:
        commands = n.parse_line(line)
    except DealerAssistError:
        return []
    covered = set(game.bets)
    for cmd in commands:
        if isinstance(cmd, n.Bet):
            covered.add(cmd.box)
        elif isinstance(cmd, n.Deal):
            return [b for b, box in state.boxes.items() if not box.bankrupt and b not in covered]
    return []


def guard_text(state, boxes: list[int], lang: str = "en") -> str:
    named = text("list.sep", lang).join(text("prompt.guard_box", lang, box=b, player=state.boxes[b].player)
                                        for b in boxes)  # fmt: skip
    return text("prompt.deal_guard", lang, boxes=named)


def deal_guard_warning(state, line: str, lang: str = "en") -> str | None:
    """The guard's warning for ``line``, or None when it deals past no box without a bet line."""
    boxes = deal_guard(state, line)
    return guard_text(state, boxes, lang) if boxes else None
