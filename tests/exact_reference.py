"""An independent, slow reference for ``core.outcomes``: the plain recursion over the
composition (each card drawn with its chance from what is left, the dealer's hand followed
card by card), kept only to check the fast engine (``core.dealer_hands``, ``core.hand_values``)
on many compositions. After a peek the player's cards are conditioned on the hole card not
being the dealer's blackjack card, as the engine does."""

from __future__ import annotations

from functools import lru_cache

RANKS, TEN, ACE = 10, 9, 0
KEYS = ("17", "18", "19", "20", "21", "bust", "blackjack")


def _less(counts, index):
    return counts[:index] + (counts[index] - 1,) + counts[index + 1:]


@lru_cache(maxsize=None)
def finish(counts, hard, ace, h17):
    soft = ace and hard + 10 <= 21
    best = hard + 10 if soft else hard
    if best > 21:
        return (0.0,) * 5 + (1.0,)
    if best > 17 or (best == 17 and not (soft and h17)):
        return tuple(1.0 if best - 17 == k else 0.0 for k in range(6))
    total = sum(counts)
    acc = [0.0] * 6
    for index in range(RANKS):
        if counts[index]:
            sub = finish(_less(counts, index), hard + index + 1, ace or index == ACE, h17)
            for k in range(6):
                acc[k] += counts[index] / total * sub[k]
    return tuple(acc)


def dealer(counts, up, hole=None, h17=False, peeked=False):
    def two(rest, h):
        if {up, h} == {ACE, TEN}:
            return {**dict.fromkeys(KEYS, 0.0), "blackjack": 1.0}
        return {**dict(zip(KEYS[:6], finish(rest, up + h + 2, ACE in (up, h), h17))), "blackjack": 0.0}

    if hole is not None:
        return two(counts, hole)
    total, acc, weight = sum(counts), dict.fromkeys(KEYS, 0.0), 0.0
    for index in range(RANKS):
        if not counts[index] or (peeked and {up, index} == {ACE, TEN}):
            continue
        p = counts[index] / total
        weight += p
        for key, q in two(_less(counts, index), index).items():
            acc[key] += p * q
    return {key: value / weight for key, value in acc.items()}


def stand(player, out):
    if player < 17:
        return 2 * out["bust"] - 1
    win = out["bust"] + sum(out[str(t)] for t in range(17, 22) if t < player)
    lose = out["blackjack"] + sum(out[str(t)] for t in range(17, 22) if t > player)
    return win - lose


def _best(hard, ace):
    return hard + 10 if ace and hard + 10 <= 21 else hard


def _chances(counts, up, hole, peeked):
    """The next card's chances, conditioned on the hole card after a peek."""
    total = sum(counts)
    bj = TEN if up == ACE else ACE if up == TEN else None
    if not (peeked and hole is None and bj is not None):
        return [c / total for c in counts]

    def q(c):
        t = sum(c)
        return 1 - c[bj] / t if t else 1.0

    return [c / total * q(_less(counts, i)) / q(counts) if c else 0.0 for i, c in enumerate(counts)]


@lru_cache(maxsize=None)
def hit(counts, hard, ace, up, hole, h17, peeked):
    ev = 0.0
    for index, p in enumerate(_chances(counts, up, hole, peeked)):
        if not p:
            continue
        rest = _less(counts, index)
        h, a = hard + index + 1, ace or index == ACE
        value = _best(h, a)
        if value > 21:
            ev -= p
            continue
        stay = stand(value, dealer(rest, up, hole, h17, peeked))
        more = hit(rest, h, a, up, hole, h17, peeked) if value < 21 else -1.0
        ev += p * max(stay, more)
    return ev


def double(counts, hard, ace, up, hole, h17, peeked):
    ev = 0.0
    for index, p in enumerate(_chances(counts, up, hole, peeked)):
        if p:
            value = _best(hard + index + 1, ace or index == ACE)
            rest = _less(counts, index)
            ev += p * (2 * stand(value, dealer(rest, up, hole, h17, peeked)) if value <= 21 else -2.0)
    return ev


def split(counts, card, up, hole, h17, peeked, double_after=True, aces_one_card=True):
    """2 × one hand of ``card`` (the pair already out), dealt its second card and played on."""
    ev = 0.0
    for index, p in enumerate(_chances(counts, up, hole, peeked)):
        if not p:
            continue
        rest = _less(counts, index)
        h, a = card + index + 2, card == ACE or index == ACE
        value = _best(h, a)
        stay = stand(value, dealer(rest, up, hole, h17, peeked))
        if card == ACE and aces_one_card:
            ev += p * stay
            continue
        options = [stay]
        if value < 21:
            options.append(hit(rest, h, a, up, hole, h17, peeked))
            if double_after:
                options.append(double(rest, h, a, up, hole, h17, peeked))
        ev += p * max(options)
    return 2 * ev
