"""The dealer's final total and the hand's actions, exactly (issue 23): the probability of 17,
18, 19, 20, 21, a bust and a blackjack for the dealer's up card, and the expected return of
standing, hitting, doubling and splitting, from the composition of the cards left.

Every way the dealer's hand can go is counted, each card drawn from what is left of the
composition (a card drawn is one fewer of its rank for the next draw) — exact, not a sample.
``core.dealer_hands`` lists the dealer's hands once and weighs them for a composition;
``core.hand_values`` does the same for the hands the player can reach. ``hits_soft_17`` is the
table's rule (H17) or not (S17). ``peeked``: the dealer has looked at the hole card under an
ace or a ten and has no blackjack, so the hole card is not the one card that would make it.
The hole card may be known (the dealer's view) or not (the players'): unknown, it is one more
card drawn from the composition.

Ranks are counted by value: index 0 an ace, 1–8 the twos to the nines, 9 every ten-value card.
"""

from __future__ import annotations

from functools import lru_cache

RANKS = 10
TEN, ACE = 9, 0
OUTCOMES = ("17", "18", "19", "20", "21", "bust", "blackjack")


def counts_of(decks: int, out: dict[str, int] | None = None) -> tuple[int, ...]:
    """The composition of ``decks`` decks less the cards ``out`` (by rank: ``A 2 … 9 T J Q K``)."""
    counts = [4 * decks] * 9 + [16 * decks]
    for rank, n in (out or {}).items():
        index = index_of(rank)
        if index is not None:
            counts[index] -= n
    if any(c < 0 for c in counts):
        raise ValueError("more cards out than the decks hold")
    return tuple(counts)


def index_of(rank: str) -> int | None:
    if rank == "A":
        return ACE
    if rank in ("T", "J", "Q", "K", "10"):
        return TEN
    if rank.isdigit() and 2 <= int(rank) <= 9:
        return int(rank) - 1
    return None


def less(counts: tuple[int, ...], index: int) -> tuple[int, ...]:
    """``counts`` with one card of the rank ``index`` fewer."""
    return counts[:index] + (counts[index] - 1,) + counts[index + 1:]


def dealer(counts: tuple[int, ...], up: int, *, hole: int | None = None, hits_soft_17: bool = False,
           peeked: bool = False, drawn: tuple[int, ...] = ()) -> dict[str, float]:  # fmt: skip
    """The dealer's outcomes for the up card ``up`` (a rank index) and the cards left ``counts``
    (the up card, and the hole card when it is known, already out of them), a fresh dict.
    ``drawn``: the cards the dealer has drawn since (the hole card is then known)."""
    if drawn and hole is None:
        raise ValueError("the dealer draws only once the hole card is known")
    return dict(_dealer(counts, up, hole, hits_soft_17, peeked, tuple(drawn)))


@lru_cache(maxsize=4096)
def _dealer(counts, up, hole, hits_soft_17, peeked, drawn) -> tuple[tuple[str, float], ...]:
    from dealer_assist.core import dealer_hands

    chances = dealer_hands.outcomes(counts, up, hole, hits_soft_17, peeked, drawn)
    named = dict(zip((*dealer_hands.STANDING, "bust"), (float(c) for c in chances)))
    return tuple((key, named[key]) for key in OUTCOMES)


def stand(player: int, outcomes: dict[str, float]) -> float:
    """The expected return of standing on ``player`` (a total of 21 or less, not a blackjack)
    against the dealer's ``outcomes``, per unit staked (a dealer blackjack loses the stake)."""
    win = outcomes["bust"] + sum(outcomes[str(t)] for t in range(17, 22) if t < player)
    lose = outcomes["blackjack"] + sum(outcomes[str(t)] for t in range(17, 22) if t > player)
    if player < 17:
        win = outcomes["bust"]
        lose = 1.0 - outcomes["bust"]
    return win - lose


def best(hard: int, ace: bool) -> int:
    """A hand's total: an ace counted 11 when that stays within 21."""
    return hard + 10 if ace and hard + 10 <= 21 else hard


@lru_cache(maxsize=4096)
def values(counts: tuple[int, ...], hard: int, ace: bool, up: int, hole: int | None, hits_soft_17: bool,
           peeked: bool, split_rules: tuple[bool, bool] = (True, False)):  # fmt: skip
    """``core.hand_values.values`` (stand, hit, double and a split hand's value), kept for the
    composition: the panel, ``hint`` and the overlay ask for the same hand."""
    from dealer_assist.core import hand_values

    double_after, aces_one_card = split_rules
    return hand_values.values(counts, hard, ace, up, hole, hits_soft_17, peeked, double_after=double_after,
                              aces_one_card=aces_one_card)  # fmt: skip


def hit(counts: tuple[int, ...], hard: int, ace: bool, up: int, hole: int | None, hits_soft_17: bool,
        peeked: bool) -> float:  # fmt: skip
    """The expected return of hitting a hand of ``hard`` (aces as 1; ``ace``: one of them), per
    unit staked, playing on as well as can be (stand or hit again after each card), every card
    drawn from ``counts`` and the dealer's outcomes worked out from what is left after the
    player's cards — exact for the composition, not a basic-strategy table."""
    return values(counts, hard, ace, up, hole, hits_soft_17, peeked).hit


def double(counts: tuple[int, ...], hard: int, ace: bool, up: int, hole: int | None, hits_soft_17: bool,
           peeked: bool) -> float:  # fmt: skip
    """The expected return of doubling, per unit of the first stake: one card, then standing on
    twice the stake (the dealer's outcomes from what is left after that card)."""
    return values(counts, hard, ace, up, hole, hits_soft_17, peeked).double


def split(counts: tuple[int, ...], card: int, up: int, hole: int | None, hits_soft_17: bool, peeked: bool, *,
          double_after: bool = True, aces_one_card: bool = True, hands_most: int = 2) -> float:  # fmt: skip
    """The expected return of splitting a pair of ``card`` (both already out of ``counts``), per
    unit of the first stake: two hands of one card each, each then dealt its second card and
    played as well as can be (doubling too, where ``double_after``; split aces take one card
    each and are not split again, where ``aces_one_card``), split again while the seat has
    fewer than ``hands_most`` hands. The usual approximation: each hand is played from the
    composition less the pair, as if the other hands drew nothing; a hand dealt the pair's rank
    again is split again with that card's chance from the same composition."""
    aces = aces_one_card and card == ACE
    one = values(counts, card + 1, card == ACE, up, hole, hits_soft_17, peeked, (double_after, aces))
    return resplit_value(one, hands_most=2 if aces else hands_most)


def resplit_value(one, *, hands_most: int) -> float:
    """A split's value from one split hand's ``core.hand_values.Values`` (see ``split``)."""
    p = one.chance_again
    if hands_most <= 2 or p <= 0 or p >= 1:
        return 2.0 * one.played
    other = (one.played - p * one.again) / (1.0 - p)  # a hand whose second card is not the pair's rank
    return _resplit(2, 2, p, other, one.again, hands_most)


@lru_cache(maxsize=4096)
def _resplit(waiting: int, hands: int, p: float, other: float, again: float, most: int) -> float:
    """What the ``waiting`` hands (one card each, ``hands`` in all) return: the next card is the
    pair's rank with chance ``p`` — split again while fewer than ``most`` hands, else the hand
    plays as it is (``again``) — or another card (``other``)."""
    if not waiting:
        return 0.0
    no = other + _resplit(waiting - 1, hands, p, other, again, most)
    if hands < most:
        yes = _resplit(waiting + 1, hands + 1, p, other, again, most)
    else:
        yes = again + _resplit(waiting - 1, hands, p, other, again, most)
    return (1.0 - p) * no + p * yes


def insurance(counts: tuple[int, ...], hole: int | None) -> float:
    """The expected return of insurance per unit of the insurance stake (it pays 2:1 on a
    dealer blackjack under an ace): from the hole card when it is known, else from the chance
    that the unseen hole card is a ten-value card."""
    if hole is not None:
        return 2.0 if hole == TEN else -1.0
    total = sum(counts)
    return 3.0 * counts[TEN] / total - 1.0 if total else -1.0


def warm() -> None:
    """Build what every composition shares (the dealer's hands for each up card, the player's
    reachable hands for each start) so that the first figures of a session come at full speed;
    run once in the background."""
    from dealer_assist.core import dealer_hands, hand_values

    for h17 in (False, True):
        for up in range(RANKS):
            dealer_hands.hands(up, None, h17)
        for hard in range(2, 27):
            for ace in (False, True):
                dealer_hands.after(hard, ace, h17)
    nodes = max(len(hand_values.tree(hard, ace).total) for ace in (False, True) for hard in range(1, 22))
    hands = max(len(dealer_hands.hands(up, None, h17).length) for up in range(RANKS) for h17 in (False, True))
    for _ in range(2):  # the panel's and the overlay's computations may overlap
        hand_values.reserve(nodes, hands)
