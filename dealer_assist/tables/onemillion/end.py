"""END — how the quest ends (END-S, END-F1…F3, END-1, END-2) and ANN-1 announcements."""

from __future__ import annotations

from dealer_assist.cards import total
from dealer_assist.tables.onemillion.state import PHASE, STATUS
from dealer_assist.tables.onemillion.step import Step
from dealer_assist.messages import Term

REWARDS = {
    "extreme": "Platinum Treasure Box",
    "hard": "Gold Treasure Box",
    "normal": "Silver Treasure Box",
    "easy": "Bronze Treasure Box",
}
ANNOUNCE_UNIT = 100_000


def announce(hp: int) -> int:
    """ANN-1: the HP rounded up to the next 100,000 (800,005–900,000 → 900,000)."""
    return -(-hp // ANNOUNCE_UNIT) * ANNOUNCE_UNIT


def hp_zero(t: Step) -> None:
    """SET-3 / END-S: the moment the HP reaches 0 the quest is won."""
    state = t.state
    if state.status is STATUS.RUNNING:
        state.status = STATUS.SUCCESS
        state.reason = "hp_zero"
        state.reward = REWARDS.get(state.config.difficulty or "")
        t.rule("END-S", "end.success", reward=Term(f"reward.{state.config.difficulty}"))


def _finish(t: Step) -> None:
    t.state.phase = PHASE.OVER


def fail(t: Step, *, reason: str, clause: str) -> None:
    """END-F2 / END-F3: the quest fails now (after END-1's blackjacks: ``flow.fail_now``);
    a quest already won stays won."""
    if t.state.status is STATUS.RUNNING:
        t.state.status = STATUS.FAILURE
        t.state.reason = reason
        t.rule(clause, f"end.failure.{reason}")
    _finish(t)


def after_settlement(t: Step) -> None:
    """END-2: success, then Burst Stream (DSK-7), then END-F1; then ANN-1 (not at HP 0: END-S
    has said the quest is won, and "0 P or less" is no announcement)."""
    state, game = t.state, t.game
    if state.hp > 0:
        t.rule("ANN-1", "announce", hp=state.hp, announce=announce(state.hp))
    if state.status is STATUS.SUCCESS:
        _finish(t)
        return
    if state.burst_stream and total(game.dealer).bust and state.hp > 0:
        state.status = STATUS.FAILURE
        state.reason = "burst_stream"
        t.rule("DSK-7", "end.burst_stream")
        t.rule("END-F3", "end.failure.burst_stream")
        _finish(t)
        return
    if state.boxes and all(box.points * 100 < state.hp for box in state.boxes.values()):
        state.status = STATUS.FAILURE
        state.reason = "below_threshold"
        t.rule("END-F1", "end.failure.below_threshold", threshold=-(-state.hp // 100))
        _finish(t)
