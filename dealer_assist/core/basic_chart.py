"""The optimal total-dependent basic strategy for a set of rules, computed (issue 24): the chart
whose every cell — the player's total (hard, soft or a pair) against the dealer's up card — is
the action with the highest expected return over all the hands that reach it, every hand's
value exact for the composition (``core.hand_values``).

Two tables per up card: the first decision of a two-card hand (stand, hit, double, split,
surrender — by its total, or as a pair) and the hit-or-stand of every later decision (by its
total). They depend on each other — hitting's value rests on the later decisions, and which
hands reach a total rests on the earlier ones — so they are found in turns from the published
chart (``core.strategy``) until nothing changes: each cell takes the action that is worth most
over the hands that reach it under the chart of the turn before. Hard totals of 11 or less and
soft ones of 16 or less always hit after the first decision (standing there is never better).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from dealer_assist.cards import Card
from dealer_assist.cards import total as card_total
from dealer_assist.core import hand_values, outcomes, round_value
from dealer_assist.core.dealer_hands import ACE, RANKS, TEN

NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")
UPS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 0)  # the chart's columns: 2 … 9, T, A
TURNS = 6  # at most; in practice two or three turns leave the chart unchanged


def _class(first: int, second: int) -> tuple[str, int]:
    if first == second:
        return ("pair", first)
    hard = first + second + 2
    soft = ACE in (first, second) and hard + 10 <= 21
    return ("soft", hard + 10) if soft else ("hard", hard)


@dataclass(eq=False)
class Chart:
    """The chart: ``first[up][class]`` (a two-card hand's action; class ``("hard", t)``,
    ``("soft", t)`` or ``("pair", rank)``), ``order`` (the class's actions best first, for when
    the first is not offered: after a split, a surrender not allowed) and ``hits[up]`` (total ×
    soft: hit after the first decision)."""

    first: dict[int, dict[tuple[str, int], str]] = field(default_factory=dict)
    hits: dict[int, np.ndarray] = field(default_factory=dict)
    # the class's actions best first: where the first one is not offered, the next that is
    order: dict[int, dict[tuple[str, int], tuple[str, ...]]] = field(default_factory=dict)

    def ranked(self, up: int, cls: tuple[str, int]) -> tuple[str, ...]:
        found = self.order.get(up, {}).get(cls)
        return found if found else ((self.first[up][cls],) if cls in self.first[up] else ())

    def later(self, up: int, total: int, soft: bool) -> str:
        return "ht" if self.hits[up][total, int(soft)] else "st"

    def decide(self, cards: list[Card], up_card: Card, offered: tuple[str, ...]) -> str:
        """The chart's action among ``offered`` (a ``round_value.Decide``)."""
        up = outcomes.index_of(up_card.rank)
        value = card_total(cards)
        if len(cards) == 2:
            ranks = [outcomes.index_of(c.rank) for c in cards]
            for wanted in self.ranked(up, _class(*ranks)):
                if wanted in offered:
                    return wanted
        return self.later(up, value.value, value.soft)


def _policy(chart: Chart, up: int) -> hand_values.Policy:
    code = {"st": hand_values.STAND, "ht": hand_values.HIT, "dd": hand_values.DOUBLE}
    two = np.zeros((22, 2), dtype=np.int64)
    no_double = np.zeros((22, 2), dtype=np.int64)
    for total in range(4, 22):
        for soft in (False, True):
            later = chart.later(up, total, soft)
            ranking = chart.ranked(up, ("soft" if soft else "hard", total))
            two[total, int(soft)] = code[next((a for a in ranking if a in code), later)]
            no_double[total, int(soft)] = code[next((a for a in ranking if a in ("st", "ht")), later)]
    return hand_values.Policy(chart.hits[up].copy(), two, no_double)


def _start_chart() -> Chart:
    chart = Chart()
    for up in range(RANKS):
        up_card = Card(NAMES[up])
        base = round_value.policy(round_value.basic, up)
        chart.hits[up] = base.hits.copy()
        chart.first[up], chart.order[up] = {}, {}
        for first in range(RANKS):
            for second in range(first, RANKS):
                cards = [Card(NAMES[first]), Card(NAMES[second])]
                offered = ["st", "ht", "dd", "sr"] + (["sp"] if first == second else [])
                ranking = []
                while offered:  # the chart's choice, then its choice without it, and so on
                    pick = round_value.basic(cards, up_card, tuple(offered))
                    if pick not in offered:  # the chart has no more to say: the rest as they come
                        ranking += offered
                        break
                    ranking.append(pick)
                    offered.remove(pick)
                cls = _class(first, second)
                chart.first[up][cls], chart.order[up][cls] = ranking[0], tuple(ranking)
    return chart


def _deals(counts: tuple[int, ...], up: int, rules: round_value.Rules, infinite: bool = False):
    """Each two-card hand against ``up``: (first, second, weight, rest) — its chance from the
    composition less the up card, times the chance that the dealer has no blackjack (the hand
    is played only then, when the dealer peeks)."""
    rest0 = list(counts)
    if not infinite:
        rest0[up] -= 1
    total = sum(rest0)
    out = []
    for first in range(RANKS):
        for second in range(first, RANKS):
            if infinite:
                chance = rest0[first] * rest0[second] / total**2
            else:
                chance = rest0[first] / total * (rest0[second] - (second == first)) / (total - 1)
            if chance <= 0 or {first, second} == {ACE, TEN}:
                continue
            if first != second:
                chance *= 2
            rest = list(rest0)
            if not infinite:
                rest[first] -= 1
                rest[second] -= 1
            bj = TEN if up == ACE else ACE if up == TEN else None
            if rules.peek and bj is not None:
                chance *= 1 - rest[bj] / sum(rest)
            out.append((first, second, chance, tuple(rest)))
    return out


def _reach(prepared: hand_values.Prepared, hits: np.ndarray, root_hits: bool) -> np.ndarray:
    """Each node's chance of being reached playing by ``hits`` (the root hit or not)."""
    t, p = prepared.t, prepared.p
    reach = np.zeros(len(t.total) + 1)
    reach[0] = 1.0
    plays_on = hits[t.total, t.soft.astype(int)] & t.may_hit
    plays_on[0] = root_hits and t.may_hit[0]
    for depth in range(len(t.bounds) - 1):
        lo, hi = t.bounds[depth], t.bounds[depth + 1]
        going = reach[lo:hi] * plays_on[lo:hi]
        np.add.at(reach, t.child[lo:hi].ravel(), (going[:, None] * p[lo:hi]).ravel())
    return reach[:-1]


@lru_cache(maxsize=16)
def optimal(decks: int | None, rules: round_value.Rules = round_value.CASINO) -> Chart:
    """The optimal total-dependent basic strategy for ``decks`` decks (None: an infinite shoe)
    and ``rules``."""
    infinite = decks is None
    counts = outcomes.counts_of(1 if infinite else decks)
    chart = _start_chart()
    for up in range(RANKS):
        deals = _deals(counts, up, rules, infinite)
        peeked = rules.peek and up in (ACE, TEN)
        prepared = {(f, s): hand_values.prepare(rest, f + s + 2, ACE in (f, s), up, None, rules.h17, peeked,
                                                infinite=infinite)
                    for f, s, _, rest in deals}  # fmt: skip
        splits = {f: hand_values.prepare(rest, f + 1, f == ACE, up, None, rules.h17, peeked, aces_one_card=f == ACE,
                                         infinite=infinite)
                  for f, s, _, rest in deals if f == s}  # fmt: skip
        for _ in range(TURNS):
            policy = _policy(chart, up)
            gain = np.zeros((22, 2))
            worth: dict[tuple[str, int], dict[str, float]] = {}
            for first, second, weight, _ in deals:
                prep = prepared[first, second]
                value, best, hit = hand_values.evaluate(prep, double_after=rules.das, policy=policy)
                cls = _class(first, second)
                actions = {"st": value.stand, "ht": value.hit, "dd": value.double}
                if rules.surrender:
                    actions["sr"] = -0.5
                if first == second and rules.hands_most >= 2:
                    one = hand_values.evaluate(splits[first], double_after=rules.das, policy=policy)[0]
                    most = rules.hands_most if first != ACE or rules.rsa else 2
                    actions["sp"] = outcomes.resplit_value(one, hands_most=most)
                sums = worth.setdefault(cls, {})
                for name, v in actions.items():
                    sums[name] = sums.get(name, 0.0) + weight * v
                # the later decisions: what hitting gains over standing where this hand goes on
                reach = _reach(prep, chart.hits[up], chart.first[up][cls] == "ht")
                t = prep.t
                later = (t.level >= 1) & t.may_hit & t.may_stand
                np.add.at(gain, (t.total[later], t.soft[later].astype(int)),
                          weight * reach[later] * (hit[later] - prep.stand[later]))
            changed = False
            for cls, sums in worth.items():
                ranking = tuple(sorted(sums, key=lambda name: -sums[name]))
                changed |= chart.order[up].get(cls) != ranking
                chart.first[up][cls], chart.order[up][cls] = ranking[0], ranking
            hits = chart.hits[up].copy()
            decided = np.zeros((22, 2), dtype=bool)
            decided[12:21, 0] = True
            decided[17:21, 1] = True
            hits[decided] = gain[decided] > 0
            changed |= bool((hits != chart.hits[up]).any())
            chart.hits[up] = hits
            if not changed:
                break
    return chart


def grid(chart: Chart) -> list[tuple[str, list[str]]]:
    """The chart as the usual grid: rows hard 5–21, soft 13–21, pairs; columns 2 … T, A; letters
    H S D (double, else hit) d (double, else stand) R (surrender, else hit) r (surrender, else
    stand) P (split)."""
    rows: list[tuple[str, list[str]]] = []

    def letter(up: int, cls: tuple[str, int], total: int, soft: bool) -> str:
        first = chart.first[up].get(cls)
        later = chart.later(up, total, soft)
        ranking = chart.ranked(up, cls)
        fallback = next((a for a in ranking if a in ("ht", "st")), later)  # the two cards' own, not the later one
        if first == "dd":
            return "D" if fallback == "ht" else "d"
        if first == "sr":
            return "R" if fallback == "ht" else "r"
        if first == "sp":
            return "P"
        return {"ht": "H", "st": "S"}[first or later]

    for total in range(5, 22):
        rows.append((str(total), [letter(up, ("hard", total), total, False) for up in UPS]))
    for total in range(13, 22):
        rows.append((f"A,{total - 11 if total < 21 else 'T'}", [letter(up, ("soft", total), total, True) for up in UPS]))
    for rank in range(RANKS):
        name = NAMES[rank]
        total = 12 if rank == ACE else 2 * (rank + 1)
        rows.append((f"{name},{name}", [letter(up, ("pair", rank), total, rank == ACE) for up in UPS]))
    return rows


def to_data(chart: Chart) -> dict:
    """The chart as plain data (JSON): by up card (``A 2 … T``), the first decisions by class
    (``hard 12``, ``soft 18``, ``pair 8``) and the later hit-or-stand by total (``H``/``S`` for
    totals 0–21, hard and soft)."""
    out: dict = {}
    for up in range(RANKS):
        first = {f"{kind} {NAMES[value] if kind == 'pair' else value}": " ".join(chart.ranked(up, (kind, value)))
                 for (kind, value) in sorted(chart.first[up])}  # fmt: skip
        later = {kind: "".join("H" if chart.hits[up][t, soft] else "S" for t in range(22))
                 for kind, soft in (("hard", 0), ("soft", 1))}  # fmt: skip
        out[NAMES[up]] = {"first": first, "later": later}
    return out


def from_data(data: dict) -> Chart:
    """``to_data``'s reverse; a malformed chart raises ValueError."""
    chart = Chart()
    try:
        for up in range(RANKS):
            entry = data[NAMES[up]]
            chart.first[up], chart.order[up] = {}, {}
            for name, actions in entry["first"].items():
                kind, value = name.split(" ")
                ranking = tuple(actions.split())
                if kind not in ("hard", "soft", "pair") or not ranking or set(ranking) - {"st", "ht", "dd", "sp", "sr"}:
                    raise ValueError(name)
                cls = (kind, NAMES.index(value) if kind == "pair" else int(value))
                chart.first[up][cls], chart.order[up][cls] = ranking[0], ranking
            hits = np.zeros((22, 2), dtype=bool)
            for kind, soft in (("hard", 0), ("soft", 1)):
                letters = entry["later"][kind]
                if len(letters) != 22 or set(letters) - {"H", "S"}:
                    raise ValueError(kind)
                hits[:, soft] = [c == "H" for c in letters]
            chart.hits[up] = hits
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"not a chart: {exc}") from None
    return chart
