"""CPU — the CPU player's strategy (``data/CASINO.md``, CPU-1…CPU-10), and full basic strategy
for the same table, as pure functions of the state.

``advice(state, strategy)`` answers "what would the CPU (or basic strategy) do now" for the
hand whose turn it is, or for a seat deciding on insurance: ``(command, clause, reason)``,
with the command as the dealer would type it (``3 ht``, ``3a dd``, ``2 sp``; the card that
follows a hit or a double is the dealer's) or ``NO_INSURANCE``. It only ever proposes an
action the rules offer at that moment: the offered actions are tried with the engine's own
``legal_actions`` (CPU-1, PLAY-1).

The two strategies themselves (``cpu_decision``, ``basic_decision``) are functions of the
hand's cards, the dealer's up card and the set of offered actions, so the simulator
(``tables.casino.simulation``) plays exactly what ``hint`` proposes.

Basic strategy itself is blackjack knowledge, shared with One Million's simulator: the chart
is in ``core.strategy``; here it answers with the casino's PLAY clauses.
"""

from __future__ import annotations

from dealer_assist.core.advice import Advice  # noqa: F401  (the casino's hint, as before)

from typing import Iterable

from dealer_assist.cards import Card, total
from dealer_assist.core.strategy import UP_VALUES, chart, pair_value, up_value  # noqa: F401  (chart: handed on)

NO_INSURANCE = "no insurance"  # the command text of declining insurance (nothing is typed)
ACTIONS = ("ht", "st", "dd", "sp", "sr")
STRATEGIES = ("cpu", "basic")
PLAY_CLAUSE = {"ht": "PLAY-2", "st": "PLAY-3", "dd": "PLAY-4", "sp": "PLAY-5", "sr": "PLAY-8"}
CATCH_UP_ROUND = 5  # CPU-6: the last round
CATCH_UP_MOST = 20  # CPU-6: what a doubled win gains


# --------------------------------------------------------------------------- the CPU (CPU-1…10)


def cpu_decision(cards: list[Card], up: Card, offered: Iterable[str], *, catch_up: bool = False
                 ) -> tuple[str, str, str]:  # fmt: skip
    """CPU-1: clauses CPU-3 to CPU-10 in order; the first that applies, among the actions
    ``offered``, gives ``(action, clause, reason key)``. ``catch_up``: CPU-6 holds (round 5,
    1–20 chips behind the leader at the start of the round)."""
    offered = frozenset(offered)
    value = total(cards)
    up_v = up_value(up)
    two = len(cards) == 2
    pair = pair_value(cards)
    # CPU-3: a hard 16 on the original two cards, not 8-8, against a ten-value card (not an ace)
    if "sr" in offered and two and not value.soft and value.value == 16 and pair != 8 and up_v == 10:
        return "sr", "CPU-3", "cpu.reason.surrender"
    # CPU-4: always split A-A and 8-8 when the split is offered
    if "sp" in offered and pair in (8, 11):
        return "sp", "CPU-4", "cpu.reason.split"
    if "dd" in offered and two and not value.soft:
        # CPU-5: 11 against anything, 10 against 2–9
        if value.value == 11 or (value.value == 10 and up_v <= 9):
            return "dd", "CPU-5", "cpu.reason.double"
        # CPU-6: the catch-up double in round 5
        if catch_up and value.value in (9, 10, 11):
            return "dd", "CPU-6", "cpu.reason.catch_up"
    if value.value <= 11:  # CPU-7
        return "ht", "CPU-7", "cpu.reason.hit_low"
    if not value.soft and value.value <= 16:  # CPU-8
        if up_v <= 6:
            return "st", "CPU-8", "cpu.reason.hard_stand"
        return "ht", "CPU-8", "cpu.reason.hard_hit"
    if value.soft and value.value <= 16:  # CPU-9
        return "ht", "CPU-9", "cpu.reason.soft_hit"
    return "st", "CPU-10", "cpu.reason.stand"  # CPU-10


def basic_decision(cards: list[Card], up: Card, offered: Iterable[str]) -> tuple[str, str, str]:
    """Basic strategy among the actions ``offered``: the optimal chart for this table's rules
    (``casino.chart``, computed by ``core.basic_chart``: the one the exact house edge plays):
    ``(action, clause, reason key)``; the clause is the PLAY clause of the action taken."""
    from dealer_assist.tables.casino.chart import REASONS, decide

    action = decide(cards, up, tuple(offered))
    return action, PLAY_CLAUSE[action], REASONS[action]


def decision(strategy: str, cards: list[Card], up: Card, offered: Iterable[str], *, catch_up: bool = False
             ) -> tuple[str, str, str]:  # fmt: skip
    """The action of ``strategy`` (``cpu`` or ``basic``) for this hand."""
    if strategy == "cpu":
        return cpu_decision(cards, up, offered, catch_up=catch_up)
    if strategy == "basic":
        return basic_decision(cards, up, offered)
    raise ValueError(f"unknown strategy {strategy!r} (expected one of {', '.join(STRATEGIES)})")


class Decider:
    """``decision`` with a memory, for the simulator: the answer depends only on the hand's
    total, softness, number of cards (two or more), pair value, the up card's value, the
    offered actions and CPU-6, so each combination is worked out once."""

    __slots__ = ("strategy", "_memo")

    def __init__(self, strategy: str) -> None:
        if strategy not in STRATEGIES:
            raise ValueError(f"unknown strategy {strategy!r} (expected one of {', '.join(STRATEGIES)})")
        self.strategy = strategy
        self._memo: dict[tuple, str] = {}

    def __call__(self, cards: list[Card], up: Card, offered: tuple[str, ...], catch_up: bool = False) -> str:
        value = total(cards)
        key = (value.value, value.soft, len(cards) == 2, pair_value(cards), UP_VALUES.get(up.rank, 11), offered,
               catch_up)  # fmt: skip
        action = self._memo.get(key)
        if action is None:
            action = decision(self.strategy, cards, up, offered, catch_up=catch_up)[0]
            self._memo[key] = action
        return action


# --------------------------------------------------------------------------- the state


def chips_at_round_start(state, seat: int) -> int:
    """A seat's chips at the start of the round being played, before its bet: its chips now
    plus what is on the table this round (the bets, doubles and splits of its hands, and an
    insurance stake), less what the insurance already returned (INS-4)."""
    chips = state.seats[seat].chips
    current = state.round
    if current is None or current.settled:
        return chips
    chips += sum(h.bet for h in current.hands if h.box == seat)
    if current.insured.get(seat):
        from dealer_assist.tables.casino.state import INSURANCE

        chips += INSURANCE
        if current.insurance.get(seat, 0) > 0:  # won at the peek: the stake and 2:1 came back
            chips -= INSURANCE + current.insurance[seat]
    return chips


def behind_leader(state, seat: int) -> int | None:
    """CPU-6: in the last round, how many chips ``seat`` held fewer than the most chips held
    by any other player at the start of the round; None when CPU-6 cannot apply (another
    round, alone)."""
    current = state.round
    if current is None or current.number != CATCH_UP_ROUND or len(state.seats) < 2:
        return None
    mine = chips_at_round_start(state, seat)
    top = max(chips_at_round_start(state, other) for other in state.seats if other != seat)
    return top - mine


def catch_up(behind: int | None) -> bool:
    """CPU-6: 1 to 20 chips behind the leader."""
    return behind is not None and 1 <= behind <= CATCH_UP_MOST


def _current_hand(state):
    from dealer_assist.tables.casino import play
    from dealer_assist.tables.casino.step import Step

    return play.current_hand(Step(state))


def advice(state, strategy: str = "cpu", seat: int | None = None) -> Advice | None:
    """What ``strategy`` (``cpu``: CASINO.md's CPU section; ``basic``: basic strategy) would do
    now at the casino table: for the hand whose turn it is (PLAY), or for ``seat`` (default:
    the first seat in play order still to decide) while insurance is offered (INS). None when
    there is no decision to make (another phase, a split hand waiting for its card)."""
    from dealer_assist.tables.casino.apply import legal_actions
    from dealer_assist.tables.casino.state import INSURANCE, Phase
    from dealer_assist.tables.casino.table import play_order

    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r} (expected one of {', '.join(STRATEGIES)})")
    current = state.round
    if state.phase is Phase.INSURANCE and current is not None:
        offered = [s for s in play_order(current.first, current.betting, len(state.seats))
                   if state.seats[s].chips >= INSURANCE and s not in current.insured]  # fmt: skip
        if seat is None:
            if not offered:
                return None
            seat = offered[0]
        elif seat not in current.betting:
            return None
        clause, reason = ("CPU-2", "cpu.reason.insurance") if strategy == "cpu" else ("INS-1", "basic.reason.insurance")
        return Advice(NO_INSURANCE, clause, reason, action="no_insurance", hand=str(seat),
                      params={"seat": seat, "up": str(current.dealer[0])})  # fmt: skip
    if state.phase is not Phase.PLAYERS or current is None:
        return None
    hand = _current_hand(state)
    if hand is None or (hand.split and len(hand.cards) == 1):
        return None
    if seat is not None and hand.box != seat:
        return None
    offered = tuple(legal_actions(state, hand.label))
    up = current.dealer[0]
    behind = behind_leader(state, hand.box) if strategy == "cpu" else None
    action, clause, reason = decision(strategy, hand.cards, up, offered, catch_up=catch_up(behind))
    value = total(hand.cards)
    params = {"hand": hand.label, "cards": " ".join(str(c) for c in hand.cards), "total": value, "up": str(up),
              "behind": behind or 0, "action": action}  # fmt: skip
    advice = Advice(f"{hand.label} {action}", clause, reason, action=action, hand=hand.label, params=params)
    advice.figures = _figures(state)
    return advice


def _figures(state):
    """The hand on turn's exact values from the public cards (issue 23: what a player asking on
    stream may be told — never the hole card), best first, as one value of the hint's sentence."""
    from dealer_assist.core.table import Viewpoint
    from dealer_assist.i18n_values import Items
    from dealer_assist.tables.casino.odds import live

    odds = live(state, Viewpoint.PLAYERS)
    actions = (odds or {}).get("actions")
    if not actions:
        return None
    ranked = sorted(actions.items(), key=lambda item: -item[1])
    return Items(tuple(f"{name} {value:+.3f}" for name, value in ranked))
