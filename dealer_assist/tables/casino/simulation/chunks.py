"""The casino table's simulation workers, through its own rules engine (``apply.step_in_place``).

Two measurements, each a function of one chunk of work (its own seed, so that a run's result
does not depend on how many workers share the chunks):

- ``house_edge_chunk`` — one seat plays hand after hand. The table's chip rules are relaxed,
  because the house edge is a property of the hands, not of the five-round game: the seat's
  chips are set to 10^12 when it sits down, so TABLE-5, TABLE-7 and PLAY-9 (no debt) never
  bind, and when the five rounds of a game are over (TABLE-3) a new game is seated at once,
  dealt from the same shoe. With ``shuffle="reshuffle"`` the shoe follows the rules (SHOE-3:
  reshuffled before a round when fewer than 78 cards are left; SHOE-4); with
  ``"continuous"`` every card goes back into the shoe after each round (a continuous
  shuffling machine: the engine's shoe count is set back to 312 before each round).
- ``game_chunk`` — the five-round game exactly as CASINO.md deals it (100 chips, every chip
  rule, a fresh shoe per game): one seat plays the chosen strategy against ``opponents`` CPU
  players; counts its wins, draws and losses (RANK-2, RANK-3).

The strategies are ``casino.cpu``'s; the actions offered to a hand are asked of the engine
itself (``casino.apply.legal_actions``), remembered per kind of hand. The figures are summed
by ``simulation.run``; the chunks are run by the shared ``dealer_assist.sim.runner``.
"""

from __future__ import annotations

import random
import time
from collections import Counter

from dealer_assist.tables.casino import notation as n
from dealer_assist.tables.casino import play
from dealer_assist.tables.casino.apply import legal_actions, step_quiet
from dealer_assist.tables.casino.cpu import CATCH_UP_MOST, CATCH_UP_ROUND, Decider
from dealer_assist.tables.casino.state import BET, SHOE, CasinoState, Phase
from dealer_assist.tables.casino.step import Step
from dealer_assist.tables.casino.table import verdict
from dealer_assist.sim import progress
from dealer_assist.tables.casino.simulation.shoe import OPEN, CasinoShoe

UNLIMITED = 10**12  # the seat's chips when the chip rules are relaxed (house edge)
GAME, GO, PEEK, REVEAL = n.Game(), n.Go(), n.Peek(), n.Reveal()
PLAYERS, DEALER, REVEAL_PHASE, PEEK_PHASE, INSURANCE = (Phase.PLAYERS, Phase.DEALER, Phase.REVEAL, Phase.PEEK,
                                                         Phase.INSURANCE)  # fmt: skip


class Commands:
    """The hand commands and the dealer's draws, made once each (a command is an immutable
    value; the simulator's cards are its shoe's, one per rank)."""

    __slots__ = ("_cache", "_draws")

    def __init__(self) -> None:
        self._cache: dict[tuple, n.Command] = {}
        self._draws: dict[str, n.DealerCard] = {}

    def draw(self, card) -> n.DealerCard:
        cmd = self._draws.get(card.rank)
        if cmd is None:
            cmd = self._draws[card.rank] = n.DealerCard(card)
        return cmd

    def get(self, action: str, box: int, letter: str | None, card=None) -> n.Command:
        key = (action, box, letter, card.rank if card is not None else None)
        cmd = self._cache.get(key)
        if cmd is None:
            ref = n.HandRef(box, letter)
            cmd = {"ht": lambda: n.Hit(ref, card), "st": lambda: n.Stand(ref), "dd": lambda: n.Double(ref, card),
                   "sp": lambda: n.Split(ref), "sr": lambda: n.LateSurrender(ref),
                   "card": lambda: n.SplitCard(ref, card)}[action]()  # fmt: skip
            self._cache[key] = cmd
        return cmd


_LOW = {rank: card.low_value for rank, card in OPEN.items()}  # CARD-1, by rank: the shoe's cards are OPEN's


class Offered:
    """The actions the rules offer a hand, asked of the engine (``legal_actions``) the first
    time a kind of hand is seen. What the PLAY clauses look at: two cards or more, an action
    taken, part of a split, split aces, a pair, the seat's number of hands, 10 chips to put
    down (PLAY-4, -5, -8, -9)."""

    __slots__ = ("_memo",)

    def __init__(self) -> None:
        self._memo: dict[tuple, tuple[str, ...]] = {}

    def __call__(self, state: CasinoState, hand, hands: int) -> tuple[str, ...]:
        cards = hand.cards
        two = len(cards) == 2
        key = (two, hand.acted, hand.split, hand.split_aces, two and _LOW[cards[0].rank] == _LOW[cards[1].rank],
               hands, state.seats[hand.box].chips >= BET)  # fmt: skip
        offered = self._memo.get(key)
        if offered is None:
            offered = tuple(legal_actions(state, hand.label))
            self._memo[key] = offered
        return offered


# the table's rules applied in place, keeping no rulings: nothing here reads them
# (``apply.step_in_place(..., rulings=False)``)
_step = step_quiet


def _seated(chips: int | None, seats: int = 1) -> CasinoState:
    state = CasinoState()
    for number in range(1, seats + 1):
        _step(state, n.Seat(number, f"p{number}", None))
        if chips is not None:
            state.seats[number].chips = chips
    return state


def _tools(task: dict, kind: str) -> tuple[CasinoShoe, Offered, Commands, Counter, bool]:
    """A chunk's shoe (seeded by the run's seed and the chunk's number), its memory of the
    offered actions and of the commands, its tally, and whether the shuffle is continuous."""
    shoe = CasinoShoe(random.Random(f"{kind}:{task['seed']}:{task['index']}"))
    return shoe, Offered(), Commands(), Counter(), task["shuffle"] == "continuous"


def _first_open(state: CasinoState):
    """The hand whose turn it is at a one-seat table: the first not done."""
    for hand in state.round.hands:
        if not hand.done:
            return hand


def _in_turn(state: CasinoState):
    """The hand whose turn it is (PLAY-1: the seats in play order)."""
    return play.current_hand(Step(state))


def _play_round(state: CasinoState, shoe: CasinoShoe, commands: Commands, tally: Counter, turn, choose) -> None:
    """Plays the round just dealt to its settlement: ``turn(state)`` is the hand whose turn it
    is, ``choose(hand)`` its action; a split hand is dealt its second card (PLAY-6), the
    dealer draws (DEAL), nobody takes insurance (CPU-2; basic strategy never insures either).
    Then checks that the engine's count of the shoe (SHOE-2) is the real shoe's."""
    step, draw, get = _step, shoe.draw, commands.get
    while True:
        phase = state.phase
        if phase is PLAYERS:
            hand = turn(state)
            if len(hand.cards) == 1:
                step(state, get("card", hand.box, hand.letter, draw()))
                continue
            action = choose(hand)  # a hit and a double take the next card
            if action == "ht" or action == "dd":
                step(state, get(action, hand.box, hand.letter, draw()))
            else:
                step(state, get(action, hand.box, hand.letter))
            if action != "ht" and action != "st":
                tally[action] += 1
        elif phase is DEALER:
            step(state, commands.draw(draw()))
        elif phase is REVEAL_PHASE:
            step(state, REVEAL)
        elif phase is PEEK_PHASE:
            step(state, PEEK)
        elif phase is INSURANCE:
            step(state, GO)
        else:
            break
    shoe.end_round()
    if state.shoe_left != shoe.left:
        raise RuntimeError(f"the shoe holds {shoe.left} cards, the engine counts {state.shoe_left}")


def house_edge_chunk(task: dict) -> dict:
    """``task``: strategy, shuffle, hands, seed, index. Plays ``hands`` rounds of one seat;
    returns the seat's net result per initial hand (chips: a histogram), the counts of
    doubles, splits, surrenders and blackjacks, and the time taken."""
    started = time.perf_counter()
    shoe, offered, commands, tally, continuous = _tools(task, "casino")
    decide = Decider(task["strategy"])
    step, draw = _step, shoe.draw
    net: Counter = Counter()
    state = _seated(UNLIMITED)
    seat = state.seats[1]
    every, tick = progress.EVERY, progress.tick
    for played in range(1, task["hands"] + 1):
        if not played % every:
            tick(every)
        if state.over:  # the five rounds are over: a new game at once, from the same shoe
            left, discards = state.shoe_left, state.discards
            state = _seated(UNLIMITED)
            state.shoe_left, state.discards = left, discards
            seat = state.seats[1]
        if continuous:
            shoe.shuffle()
            state.shoe_left, state.discards = SHOE, 0
        before = seat.chips
        step(state, GAME)
        current = state.round
        if current.shuffled:
            shoe.shuffle()
        step(state, n.Deal((draw(), draw(), draw(), draw())))
        up = current.dealer[0]
        hands = current.hands
        _play_round(state, shoe, commands, tally, _first_open,
                    lambda hand: decide(hand.cards, up, offered(state, hand, len(hands))))  # fmt: skip
        if hands[0].outcome == "blackjack":
            tally["blackjack"] += 1
        net[seat.chips - before] += 1
    tick(task["hands"] % every)
    return {"hands": task["hands"], "net": dict(net), "tally": dict(tally), "seconds": time.perf_counter() - started}


def game_chunk(task: dict) -> dict:
    """``task``: strategy, shuffle, games, opponents, seat, seed, index. Plays ``games``
    five-round games: seat ``seat`` plays ``strategy``, the others the CPU strategy. Returns
    the seat's wins, draws and losses, its final chips and the hands played."""
    started = time.perf_counter()
    shoe, offered, commands, tally, continuous = _tools(task, "casino-game")
    players = task["opponents"] + 1
    mine = task["seat"]
    deciders = {s: Decider(task["strategy"] if s == mine else "cpu") for s in range(1, players + 1)}
    step, draw = _step, shoe.draw
    results: Counter = Counter()
    chips: Counter = Counter()
    hands_played = 0
    for _ in range(task["games"]):
        shoe.shuffle()  # SHOE-1: every game starts with a freshly shuffled shoe
        state = _seated(None, players)
        while True:
            if continuous:
                shoe.shuffle()
                state.shoe_left, state.discards = SHOE, 0
            start = {s: seat.chips for s, seat in state.seats.items()}
            step(state, GAME)
            if state.over:  # TABLE-7: nobody can bet
                break
            current = state.round
            if current.shuffled:
                shoe.shuffle()
            catch_up = _catch_up(current.number, start)
            step(state, n.Deal(tuple(draw() for _ in current.recipients)))
            hands_played += len(current.betting)
            up = current.dealer[0]

            def choose(hand, current=current, up=up, catch_up=catch_up):
                count = sum(1 for h in current.hands if h.box == hand.box)
                return deciders[hand.box](hand.cards, up, offered(state, hand, count), catch_up.get(hand.box, False))

            _play_round(state, shoe, commands, tally, _in_turn, choose)
            if state.over:
                break
        outcome = verdict(state)
        top = max(s.chips for s in state.seats.values())
        own = state.seats[mine].chips
        if outcome["alone"]:
            result = outcome["result"]
        elif outcome["winner"] is not None:
            result = "win" if own == top else "lose"
        else:
            result = "draw" if own == top else "lose"
        results[result] += 1
        chips[own] += 1
        progress.tick()
    return {"games": task["games"], "results": dict(results), "chips": dict(chips), "hands": hands_played,
            "tally": dict(tally), "seconds": time.perf_counter() - started}  # fmt: skip


def _catch_up(number: int, start: dict[int, int]) -> dict[int, bool]:
    """CPU-6 for every seat: round 5, 1–20 chips behind the most chips of another player at the
    start of the round (``start``: the chips before the bets)."""
    if number != CATCH_UP_ROUND or len(start) < 2:
        return {}
    out = {}
    for seat, chips in start.items():
        top = max(c for s, c in start.items() if s != seat)
        out[seat] = 1 <= top - chips <= CATCH_UP_MOST
    return out
