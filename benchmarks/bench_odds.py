"""The exact odds' speed (issue 23): the live panel's figures after each card of a six-deck shoe
dealt round after round — the dealer's outcomes (target p99 ≤ 2 ms) and the hand on turn's
actions: stand, hit (played on as well as can be), double, split for a pair (target p99
≤ 10 ms) — each computed for the composition left at that moment.

A round: the hand's two cards, the dealer's up card and hole card; the figures after the deal,
then after each card the hand draws (it hits below 17, and below soft 18), then the dealer's
outcomes after each card the dealer draws. The panel is the dealer's screen, which knows the
hole card (the dealer's view: the targets); the viewers' figures (the hole card unknown, the
peek's condition under an ace or a ten) are measured the same way and printed beside them.

What every composition shares — the dealer's hands for each up card, the hands a player can
reach from each start — is built once per process, as the live session does in the background
when it starts (``core.outcomes.warm``); that time is printed first. Nothing else is kept
between cards except what the live session keeps (its caches by composition).

Then issue 24's figures: the six-deck house edge of a given strategy (target ≤ 5 s), the
optimal six-deck basic strategy computed (≤ 30 s) and the infinite shoe's edge (≤ 1 s), in the
process and as whole processes of ``dealer-assist odds casino``.

Run: python benchmarks/bench_odds.py   (--rounds N; --quick: a tiny run for the smoke test,
the figures then mean nothing beside the targets)
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from dealer_assist.cards import RANKS
from dealer_assist.core import outcomes

from _outside import command, environment, percentile, verdict, whole_process

TARGET_DEALER_MS = 2.0
TARGET_ACTIONS_MS = 10.0
TARGET_EDGE_S = 5.0  # issue 24: the six-deck edge of a given strategy
TARGET_CHART_S = 30.0  # issue 24: the optimal six-deck basic strategy
TARGET_INFINITE_S = 1.0  # issue 24: the infinite-deck figures


def shoe(decks: int, rng: random.Random) -> list[str]:
    cards = [rank for rank in RANKS for _ in range(4 * decks)]
    rng.shuffle(cards)
    return cards


def value(rank: str) -> int:
    return 1 if rank == "A" else 10 if rank in "TJQK" else int(rank)


class Timings:
    def __init__(self) -> None:
        self.dealer: list[float] = []
        self.actions: list[float] = []


def figures(times: Timings, out: dict[str, int], hand: list[str], up: str, hole: int | None, peeked: bool,
            drawn: tuple[int, ...] = ()) -> None:  # fmt: skip
    """The panel's figures for one moment: the dealer's outcomes and, while the hand plays, its
    actions (what ``tables/casino/odds.py`` asks for)."""
    counts = outcomes.counts_of(6, out)
    index = outcomes.index_of(up)
    start = time.perf_counter()
    dealer = outcomes.dealer(counts, index, hole=hole, peeked=peeked, drawn=drawn)
    times.dealer.append((time.perf_counter() - start) * 1000)
    if not hand:
        return
    hard = sum(value(c) for c in hand)
    ace = "A" in hand
    start = time.perf_counter()
    outcomes.stand(outcomes.best(hard, ace), dealer)
    outcomes.hit(counts, hard, ace, index, hole, False, peeked)
    if len(hand) == 2:
        outcomes.double(counts, hard, ace, index, hole, False, peeked)
        if value(hand[0]) == value(hand[1]):
            outcomes.split(counts, outcomes.index_of(hand[0]), index, hole, False, peeked)
    times.actions.append((time.perf_counter() - start) * 1000)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=1000, help="rounds dealt (the hand, the dealer's two cards, the draws)")
    parser.add_argument("--quick", action="store_true", help="a tiny run for the smoke test (targets meaningless)")
    args = parser.parse_args()
    rounds = 3 if args.quick else args.rounds
    start = time.perf_counter()
    outcomes.warm()
    print(f"shared tables built once per process (in the background at a session's start): "
          f"{time.perf_counter() - start:.2f} s")  # fmt: skip
    rng = random.Random(1)
    cards = shoe(6, rng)
    out: dict[str, int] = {}
    panel, viewers = Timings(), Timings()

    def take(card: str) -> str:
        out[card] = out.get(card, 0) + 1
        return card

    for _ in range(rounds):
        if len(cards) < 78:  # the casino's reshuffle (SHOE-3)
            cards, out = shoe(6, rng), {}
        hand = [take(cards.pop()), take(cards.pop())]
        up = take(cards.pop())
        hole_card = cards.pop()
        index = outcomes.index_of(up)
        peeked = index in (outcomes.ACE, outcomes.TEN)
        if peeked and {index, outcomes.index_of(hole_card)} == {outcomes.ACE, outcomes.TEN}:
            take(hole_card)
            continue  # the peek finds a blackjack: the round ends
        hole = outcomes.index_of(hole_card)
        seen_by_dealer = dict(out)
        seen_by_dealer[hole_card] = seen_by_dealer.get(hole_card, 0) + 1
        while sum(value(c) for c in hand) <= 21:
            figures(panel, seen_by_dealer, hand, up, hole, False)
            figures(viewers, out, hand, up, None, peeked)
            hard = sum(value(c) for c in hand)
            total = outcomes.best(hard, "A" in hand)
            if total >= 18 or (total == 17 and not ("A" in hand and hard + 10 <= 21)):
                break
            card = take(cards.pop())
            hand.append(card)
            seen_by_dealer[card] = seen_by_dealer.get(card, 0) + 1
        take(hole_card)
        drawn: list[int] = []
        hard = value(up) + value(hole_card)
        ace = "A" in (up, hole_card)
        while outcomes.best(hard, ace) < 17:
            card = take(cards.pop())
            drawn.append(outcomes.index_of(card))
            hard, ace = hard + value(card), ace or card == "A"
            figures(panel, out, [], up, hole, False, tuple(drawn))
    for name, times in (("the panel (the dealer's view)", panel), ("the viewers' view", viewers)):
        d99, a99 = percentile(times.dealer, 0.99), percentile(times.actions, 0.99)
        print(f"{name}: dealer's outcomes after each card ({len(times.dealer)} figures): median "
              f"{statistics.median(times.dealer):.2f} ms, p99 {d99:.2f} ms   target p99 <= {TARGET_DEALER_MS:g} ms: "
              f"{verdict(d99 <= TARGET_DEALER_MS)}")  # fmt: skip
        print(f"{name}: the hand on turn's actions (stand, hit, double, split) ({len(times.actions)} figures): "
              f"median {statistics.median(times.actions):.1f} ms, p99 {a99:.1f} ms   target p99 <= "
              f"{TARGET_ACTIONS_MS:g} ms: {verdict(a99 <= TARGET_ACTIONS_MS)}")  # fmt: skip


def edges() -> None:
    """Issue 24's figures: the exact house edge of a given strategy for six decks, the optimal
    basic strategy computed for six decks, and the infinite shoe's figure (each from what
    ``warm`` shares, nothing else kept: the caches by composition are emptied first)."""
    from dealer_assist.core import basic_chart, round_value
    from dealer_assist.tables.casino.edge import decide_for

    six = outcomes.counts_of(6)
    for name, run, target in (
        ("the six-deck house edge of a given strategy (the CPU)",
         lambda: round_value.round_value(six, decide=decide_for("cpu")), TARGET_EDGE_S),
        ("the optimal six-deck basic strategy, computed",
         lambda: basic_chart.optimal(6), TARGET_CHART_S),
        ("the infinite shoe's house edge, each hand played as well as can be",
         lambda: round_value.round_value(outcomes.counts_of(1), decide=None, infinite=True), TARGET_INFINITE_S),
    ):  # fmt: skip
        round_value.round_value.cache_clear()
        basic_chart.optimal.cache_clear()
        outcomes.values.cache_clear()
        start = time.perf_counter()
        run()
        seconds = time.perf_counter() - start
        print(f"{name}: {seconds:.2f} s   target <= {target:g} s: {verdict(seconds <= target)}")


def whole_processes(runs: int) -> None:
    """The same three as the dealer runs them: ``dealer-assist odds casino`` from start to exit
    (the median of ``runs``; imports and the first tables built included)."""
    for name, args, target in (
        ("dealer-assist odds casino --strategy cpu (a given strategy, six decks)", ["--strategy", "cpu"], TARGET_EDGE_S),
        ("dealer-assist odds casino (the basic strategy computed, six decks)", [], TARGET_CHART_S),
        ("dealer-assist odds casino --decks inf --strategy optimal", ["--decks", "inf", "--strategy", "optimal"],
         TARGET_INFINITE_S),
    ):  # fmt: skip
        seconds = statistics.median(whole_process(command("odds", "casino", *args, "--json"), runs, environment()))
        print(f"{name}, whole process: median {seconds:.2f} s   target <= {target:g} s: {verdict(seconds <= target)}")


if __name__ == "__main__":
    main()
    edges()
    whole_processes(1 if "--quick" in __import__("sys").argv else 3)
