"""Mission One Million quests, simulated through the One Million rules engine
(``apply.step``), fed the commands a dealer would type — the way ``scriptgen`` does — from a
modelled half-up shoe (``simulation.shoe.HalfUpShoe``); the figures are summed by
``simulation.run``.

The players' policy (stated in the output):

- **Seats** — ``boxes`` boxes (1…7), each seated with ``points``.
- **Bets** — every box that is not bankrupt bets ``bet`` (a fraction) of its points at the start
  of each game, rounded down to two significant digits (BET-3), at least the minimum bet,
  at most the DSK-2 cap when the dealer holds skill 2.
- **Play** — basic strategy on totals (``core.strategy.basic_decision``: the multi-deck S17
  chart) against the dealer's face-up first card, among the actions the engine allows
  (``engine.apply.legal_actions``: no double after a split here, BASE-4). At the up-ace call
  (SURR-1) a box surrenders what the chart surrenders against an ace (hard 16); at an open
  blackjack's call (SURR-2, surrender skill) every box that can surrenders.
- **Guild skills** — off: none. On: surrender skill Lv.1 (SURR-2) and the Under Bonus
  (GUILD-2); no MP, so no future sight, no back-bet, no redistribution.
- **The dealer** — rolls the two-lock dice (DSK-3) at random; draws by DRAW (the engine
  decides from the top card of the shoe); the jokers' levels are ``jk`` (early, late).

A quest ends by the rules (END-S, END-F1…F3) or, failing that, after ``max_games`` games
(counted as unfinished).
"""

from __future__ import annotations

import random
import time

from dealer_assist.tables.onemillion import notation as n
from dealer_assist.core.strategy import basic_decision, chart
from dealer_assist.cards import Card
from dealer_assist.tables.onemillion.apply import legal_actions, step
from dealer_assist.tables.onemillion.flow import current_hand
from dealer_assist.tables.onemillion.skills import DICE_BY_DIFFICULTY, bet_cap, lock_dice
from dealer_assist.tables.onemillion.state import Phase, State, Status
from dealer_assist.tables.onemillion.step import Step
from dealer_assist.sim import progress
from dealer_assist.tables.onemillion.simulation.shoe import HalfUpShoe

MAX_STEPS_PER_GAME = 2_000  # a guard: a game never needs nearly as many commands
ACE = Card("A")


def two_digits(amount: int) -> int:
    """``amount`` rounded down to two significant digits (BET-3)."""
    digits = len(str(amount))
    scale = 10 ** max(0, digits - 2)
    return amount // scale * scale


def bet_for(state: State, points: int, fraction: float) -> int | None:
    """The policy's bet for a box holding ``points``; None when it cannot bet."""
    minimum = state.config.min_bet
    if points < minimum:
        return None
    amount = max(minimum, two_digits(int(points * fraction)))
    cap = bet_cap(state)
    if cap is not None:
        amount = min(amount, cap)
    return min(amount, two_digits(points))


class Quest:
    """One quest: the engine's state, the shoe, and the commands of the policy."""

    def __init__(self, task: dict, rng: random.Random) -> None:
        self.task = task
        self.rng = rng
        self.shoe = HalfUpShoe(rng, task["decks"])
        self.state = State()
        self.steps = 0
        self.hands = 0  # initial hands with a bet

    def do(self, cmd: n.Command) -> None:
        self.state, _ = step(self.state, cmd)
        self.steps += 1

    def setup(self) -> tuple[int, ...]:
        task, rng = self.task, self.rng
        difficulty = task["difficulty"]
        dice = tuple(task["dice"]) if task["dice"] else tuple(
            rng.randint(1, 6) for _ in range(DICE_BY_DIFFICULTY[difficulty]))  # fmt: skip
        self.do(n.Quest(difficulty))
        self.do(n.Dice(dice))
        self.do(n.Hp(task["hp"]))
        for box in range(1, task["boxes"] + 1):
            self.do(n.Seat(box, f"p{box}", task["points"]))
        if task["skills"]:
            self.do(n.Skill("surrender", 1))
            self.do(n.Skill("under", True))
        self.do(n.JokerLevels(*task["jk"]))
        self.do(n.Shoe(len(self.shoe)))
        return dice

    def run(self) -> dict:
        dice = self.setup()
        hp = []
        while True:
            self.do(n.Game())
            self.play_game()
            hp.append(self.state.hp)
            if self.state.over or self.state.games >= self.task["max_games"]:
                break
        state = self.state
        return {"status": state.status.value, "reason": state.reason if state.over else "unfinished",
                "games": state.games, "hp": hp, "dice": list(dice), "hands": self.hands}  # fmt: skip

    # -- one game

    def play_game(self) -> None:
        start = self.steps
        while True:
            phase = self.state.phase
            if phase is Phase.BETWEEN or phase is Phase.OVER:
                return
            if self.steps - start > MAX_STEPS_PER_GAME:  # pragma: no cover - a policy bug
                raise RuntimeError(f"game {self.state.games} does not end (phase {phase})")
            getattr(self, f"on_{phase.value}")()

    def card(self) -> Card | None:
        """The top card for a player or the dealer; None (and `empty`: END-F2) when the shoe is
        empty."""
        card = self.shoe.peek()
        if card is None:
            self.do(n.Empty())
        return card

    def on_bets(self) -> None:
        state = self.state
        for number, box in state.boxes.items():
            if box.bankrupt:
                continue
            amount = bet_for(state, box.points, self.task["bet"])
            self.do(n.Bet(number, amount))
            self.hands += amount is not None
        self.on_deal()

    def on_deal(self) -> None:
        state = self.state
        game = state.game
        count = (len(game.recipients) - game.dealt) if state.phase is Phase.DEAL else 2 * len(state.boxes) + 2
        cards = []
        for _ in range(count):
            card = self.shoe.draw()
            if card is None:
                break
            cards.append(card)
        if cards:
            self.do(n.Deal(tuple(cards)))
        if len(cards) < count and not self.state.over:
            self.do(n.Empty())

    def on_surrender(self) -> None:
        game = self.state.game
        live = [h for h in game.hands if not h.nobet and not h.done and h.box not in game.called]
        if game.call == "SURR-2":
            boxes = sorted({h.box for h in live})
        else:
            boxes = sorted({h.box for h in live if chart(h.cards, ACE) == "R"})
        if boxes:
            self.do(n.SurrenderCall(tuple(boxes)))
        if self.state.phase is Phase.SURRENDER:
            self.do(n.Go())

    def on_check(self) -> None:
        self.do(n.Peek())

    def on_lock(self) -> None:
        dice = tuple(self.rng.randint(1, 6) for _ in range(lock_dice(self.state)))
        self.do(n.Lock(dice))

    def on_players(self) -> None:
        state = self.state
        hand = current_hand(Step(state))
        ref = n.HandRef(hand.box, hand.letter)
        if hand.split and len(hand.cards) == 1:
            card = self.card()
            if card is not None:
                self.do(n.SplitCard(ref, card))
                self.shoe.draw()
            return
        offered = legal_actions(state, hand.label)
        action, _, _ = basic_decision(hand.cards, state.game.dealer[0], offered)
        if action in ("ht", "dd"):
            card = self.card()
            if card is None:
                return
            self.do(n.Hit(ref, card) if action == "ht" else n.Double(ref, card))
            self.shoe.draw()
        elif action == "st":
            self.do(n.Stand(ref))
        elif action == "sp":
            self.do(n.Split(ref))
        else:
            self.do(n.LateSurrender(ref))

    def on_reveal(self) -> None:
        self.do(n.Reveal())

    def on_dealer(self) -> None:
        card = self.card()
        if card is None:
            return
        before = len(self.state.game.dealer)
        self.do(n.Next(card))
        game = self.state.game
        if game is not None and len(game.dealer) > before:
            self.shoe.draw()

    def on_dealer_card(self) -> None:  # pragma: no cover - every card is typed with its face
        raise RuntimeError("the dealer's card was typed without its face")


def quest_chunk(task: dict) -> dict:
    """``task``: the quest's setup and policy (difficulty, dice or None for a random roll, decks,
    hp, boxes, points, bet, skills, jk, max_games), seed, first, quests. Plays quests number
    ``first`` … ``first + quests - 1``, each from its own seed."""
    started = time.perf_counter()
    results = []
    for number in range(task["first"], task["first"] + task["quests"]):
        rng = random.Random(f"quest:{task['seed']}:{number}")
        results.append(Quest(task, rng).run())
        progress.tick()
    return {"quests": task["quests"], "results": results, "seconds": time.perf_counter() - started}


SUCCESS = Status.SUCCESS.value
