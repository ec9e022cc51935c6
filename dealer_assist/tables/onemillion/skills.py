"""DSK — the dealer's skills rolled on dice (DSK-0…7)."""

from __future__ import annotations

from collections import Counter

from dealer_assist.cards import total
from dealer_assist.tables.onemillion.state import Game, State
from dealer_assist.tables.onemillion.step import Step
from dealer_assist.messages import Term

DICE_BY_DIFFICULTY = {"extreme": 3, "hard": 2, "normal": 2, "easy": 1}  # DSK-0 / SETUP


def roll(t: Step, faces: tuple[int, ...]) -> None:
    """DSK-0: the skill of every face; a double aggravates it; a triple is Burst Stream."""
    state = t.state
    counts = Counter(faces)
    state.skills = {}
    state.burst_stream = False
    for face, n in sorted(counts.items()):
        if n >= 3:
            state.skills[face] = 1
            state.burst_stream = True
        else:
            state.skills[face] = 2 if n == 2 else 1
    for face, level in sorted(state.skills.items()):
        t.rule("DSK-0", "skill.held" if level == 1 else "skill.aggravated", face=face,
               name=Term(f"skill.name.{face}"))  # fmt: skip
    if state.burst_stream:
        t.rule("DSK-7", "skill.burst_stream")


def bet_cap(state: State) -> int | None:
    """DSK-2: the maximum bet (None: no maximum, BET-4)."""
    level = state.skill(2)
    if level == 0:
        return None
    return state.config.bet_cap_aggravated if level == 2 else state.config.bet_cap


def forced_push(state: State, game: Game) -> bool:
    """DSK-1: the dealer stood with two cards totalling 16 or less (aggravated: 18)."""
    level = state.skill(1)
    if level == 0 or len(game.dealer) != 2:
        return False
    limit = 18 if level == 2 else 16
    return total(game.dealer).value <= limit


def bust_penalty(state: State, left: int) -> int:
    """DSK-5: 5,000 P per bust (aggravated 10,000), at most ``left``: what the box has left
    beyond the stakes of that game still to be collected (the caller works it out)."""
    level = state.skill(5)
    if level == 0:
        return 0
    amount = state.config.bust_penalty_aggravated if level == 2 else state.config.bust_penalty
    return min(amount, left)


def lock_dice(state: State) -> int:
    """DSK-3: two dice, three when aggravated."""
    return 3 if state.skill(3) == 2 else 2


def locked_boxes(state: State, dice: tuple[int, ...]) -> list[int]:
    """DSK-3: the boxes the roll names; box 7 only when aggravated and two dice match."""
    boxes = {d for d in dice}
    if state.skill(3) == 2 and max(Counter(dice).values()) >= 2:
        boxes.add(7)
    return sorted(boxes)


def time_bomb(t: Step) -> set[int]:
    """DSK-4: update each betting box's losing streak; returns the boxes that blow up.

    A game is lost when none of the box's hands avoided a loss. A surrender is a loss; a
    push resets (aggravated: a push is a loss, but a forced push with the higher total
    resets). Games without a bet leave the count unchanged.
    """
    state, game = t.state, t.game
    level = state.skill(4)
    if level == 0:
        return set()
    dealer = total(game.dealer).value
    blown: set[int] = set()
    for number, box in sorted(state.boxes.items()):
        hands = [h for h in game.hands_of(number) if not h.nobet]
        if not hands or box.left and number not in game.forfeits:
            continue
        if number in game.forfeits:
            continue

        def avoided(h) -> bool:
            if h.result in ("win", "blackjack", "under"):
                return True
            if h.result == "push":
                return level == 1
            if h.result == "forced_push":
                return level == 1 or h.total().value > dealer
            return False

        if any(avoided(h) for h in hands):
            if box.streak:
                t.rule("DSK-4", "skill.streak_reset", box=number)
            box.streak = 0
            continue
        box.streak += 1
        t.rule("DSK-4", "skill.streak", box=number, streak=box.streak)
        if box.streak >= 3:
            blown.add(number)
    return blown
