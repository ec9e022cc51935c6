"""``hint`` at the One Million table (issue 23): basic strategy's action for the hand on turn
among the actions the rules offer now (BASE-4, SURR-3) — One Million has no CPU player, so
``hint`` and ``hint basic`` answer the same — with the exact expected points of every action
behind it, from the public cards only (``odds.live`` in the players' view: a player who asks on
stream is never told the hole card or the dealer's count)."""

from __future__ import annotations

from concurrent.futures import TimeoutError
from typing import Any

from dealer_assist.cards import total
from dealer_assist.core import strategy as basic
from dealer_assist.core.advice import Advice

CLAUSES = {"ht": "BASE-4", "st": "BASE-4", "dd": "BASE-4", "sp": "BASE-4", "sr": "SURR-3"}


class Figures:
    """The hand on turn's expected points by action, best named, worded in the hint's language."""

    def __init__(self, actions: dict[str, float]) -> None:
        self.actions = actions

    def localized(self, lang: str) -> str:
        from dealer_assist import odds_words
        from dealer_assist.i18n import join_items

        return join_items(tuple(odds_words.action_parts(self.actions, lang, "onemillion")), lang)

    def __str__(self) -> str:
        return self.localized("en")


def advise(state, strategy: str = "cpu", seat: int | None = None) -> Advice | None:
    """Basic strategy's action for the hand on turn (None when no hand is to act)."""
    from dealer_assist.core.table import Viewpoint
    from dealer_assist.tables.onemillion.apply import legal_actions
    from dealer_assist.tables.onemillion.odds import _on_turn, live

    hand = _on_turn(state)
    if hand is None or (seat is not None and int(str(hand.label)[0]) != seat):
        return None
    offered = tuple(legal_actions(state, hand.label))
    if not offered:
        return None
    up = state.game.dealer[0]
    decision = basic.basic_decision(hand.cards, up, offered)
    params: dict[str, Any] = {"hand": hand.label, "cards": " ".join(str(c) for c in hand.cards),
                              "total": total(hand.cards), "up": str(up), "action": decision.action}  # fmt: skip
    advice = Advice(f"{hand.label} {decision.action}", CLAUSES.get(decision.action, "BASE-4"), decision.reason,
                    action=decision.action, hand=str(hand.label), params=params)  # fmt: skip
    advice.strategy = "basic"
    future = _worker().submit(live, state, Viewpoint.PLAYERS)
    try:
        odds = future.result(timeout=WAIT)
    except TimeoutError:  # a low soft hand against the hidden hole card: seconds; it goes on, cached
        advice.figures, advice.figures_key = Pending(), "hint.figures_pending"
        return advice
    actions = (odds or {}).get("actions")
    if actions:
        advice.figures = Figures(actions)
        advice.figures_key = "hint.figures_points"
    return advice


WAIT = 1.0  # seconds the prompt waits for the figures before answering without them
_WORKER: list = []


def _worker():
    """One thread for the hint's figures, kept: a computation the prompt stopped waiting for
    finishes there, and what it built makes the next ``hint`` fast."""
    from concurrent.futures import ThreadPoolExecutor

    if not _WORKER:
        _WORKER.append(ThreadPoolExecutor(max_workers=1, thread_name_prefix="hint-odds"))
    return _WORKER[0]


class Pending:
    """No figures yet (the sentence ``hint.figures_pending`` says so)."""

    def localized(self, lang: str) -> str:
        return ""
