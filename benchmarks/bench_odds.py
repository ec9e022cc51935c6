"""The exact odds' speed (issue 23): after each card of a six-deck shoe dealt round after round,
the dealer's outcomes for the up card (target p99 ≤ 2 ms) and the hand on turn's actions —
stand, hit (played on as well as can be), double (target p99 ≤ 10 ms) — each computed for the
composition left at that moment, as the live panel would after every card. The caches are
kept across cards, as in a live session; nothing else is.

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

from _outside import percentile, verdict

TARGET_DEALER_MS = 2.0
TARGET_ACTIONS_MS = 10.0


def shoe(decks: int, rng: random.Random) -> list[str]:
    cards = [rank for rank in RANKS for _ in range(4 * decks)]
    rng.shuffle(cards)
    return cards


def value(rank: str) -> int:
    return 1 if rank == "A" else 10 if rank in "TJQK" else int(rank)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=120, help="rounds dealt (two cards each and the dealer's up card)")
    parser.add_argument("--quick", action="store_true", help="a tiny run for the smoke test (targets meaningless)")
    args = parser.parse_args()
    rounds = 3 if args.quick else args.rounds
    rng = random.Random(1)
    cards = shoe(6, rng)
    out: dict[str, int] = {}
    dealer_ms, actions_ms = [], []
    for _ in range(rounds):
        if len(cards) < 78:  # the casino's reshuffle (SHOE-3)
            cards, out = shoe(6, rng), {}
        hand = [cards.pop(), cards.pop()]
        up = cards.pop()
        for card in (*hand, up):
            out[card] = out.get(card, 0) + 1
        counts = outcomes.counts_of(6, out)
        index = outcomes.index_of(up)
        peeked = index in (outcomes.ACE, outcomes.TEN)
        start = time.perf_counter()
        dealer = outcomes.dealer(counts, index, peeked=peeked)
        dealer_ms.append((time.perf_counter() - start) * 1000)
        hard = sum(value(c) for c in hand)
        ace = "A" in hand
        start = time.perf_counter()
        outcomes.stand(outcomes.best(hard, ace), dealer)
        outcomes.hit(counts, hard, ace, index, None, False, peeked)
        outcomes.double(counts, hard, ace, index, None, False, peeked)
        actions_ms.append((time.perf_counter() - start) * 1000)
        for _ in range(rng.randint(1, 4)):  # the hole card and the cards the round drew besides
            card = cards.pop()
            out[card] = out.get(card, 0) + 1
    print(f"dealer's outcomes after each round's up card ({rounds} rounds): median {statistics.median(dealer_ms):.2f} ms, "
          f"p99 {percentile(dealer_ms, 0.99):.2f} ms   target p99 <= {TARGET_DEALER_MS:g} ms: "
          f"{verdict(percentile(dealer_ms, 0.99) <= TARGET_DEALER_MS)}")  # fmt: skip
    print(f"the hand on turn's actions (stand, hit, double): median {statistics.median(actions_ms):.1f} ms, "
          f"p99 {percentile(actions_ms, 0.99):.1f} ms   target p99 <= {TARGET_ACTIONS_MS:g} ms: "
          f"{verdict(percentile(actions_ms, 0.99) <= TARGET_ACTIONS_MS)}")  # fmt: skip


if __name__ == "__main__":
    main()
