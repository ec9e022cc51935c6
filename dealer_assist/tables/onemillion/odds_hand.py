"""Issue 23: the expected return of each legal action of One Million's hand on turn, in points
(the box's points after settlement, less before) and in damage to the dealer's HP (SET-1),
exactly for the pool a viewpoint knows (``odds_pool``).

Hitting plays on as well as can be (after each card: stand, or hit again, whichever returns more
points), every card drawn from the shoe: the cards known on top first, then the pool — less the
hidden hole card in the players' view, which is one of the pool's closed cards (``odds_dealer``):
the players' play then rests on what they know only, and the values are those given what the
check allowed the hole to be (computed unweighted, each divided by that chance at the end).
A player's joker is ruled by the players' count (JK-5): Lv.0 an ace, Lv.1/Lv.2 the hand loses,
Lv.3 the box loses every point it holds (JK-4, JK-9). A bust costs DSK-5's penalty too. Standing
with six cards or more (not split) is paid the Under Bonus at SET-B (GUILD-2). A win against a
two-card stand of 16 or less (18) is a push under DSK-1. The quest's failure settles nothing
(END-1): the hand neither wins nor loses. A hand that busts or loses to its joker loses its bet.
"""

from __future__ import annotations

from fractions import Fraction
from math import floor
from typing import Any

from dealer_assist.tables.onemillion import odds_dealer as od
from dealer_assist.tables.onemillion import skills
from dealer_assist.tables.onemillion.apply import legal_actions
from dealer_assist.tables.onemillion.odds_dealer import ACE, JK
from dealer_assist.tables.onemillion.state import State

Value = tuple[float, float]  # (points, damage), weighted by the chance the check allows
UNDER_CARDS = 6
TIE = 1e-9  # points this close (a share of the stake) are the same: the sums' rounding decides nothing


def tie(bet: int) -> float:
    """How close two values' points are the same for a stake of ``bet``."""
    return TIE * max(abs(bet), 1)


def better(hit: Value, result: Value, bet: int) -> bool:
    """Hit rather than stand: more points, or the same points (within ``tie``) and more damage.
    Points tied in exact arithmetic come out of two sums a rounding apart; the damage decides
    them whichever way the rounding fell."""
    close = tie(bet)
    return hit[0] > result[0] + close or (abs(hit[0] - result[0]) <= close and hit[1] > result[1])


def actions(table: Any, hand, *, rows: bool = True) -> dict[str, Value]:
    """``{action: (points, damage)}`` for the legal actions of ``hand`` (``rows``: every hand
    reached weighed at once, ``odds_rows``, where it applies; else the recursion)."""
    state = table.state
    legal = legal_actions(state, hand.label)
    player = _Player(table, hand)
    player.rows = rows
    p = table.pool
    root = (p.r, p.open, p.jokers, p.known, p.left)
    z = table.allowed(p.r, p.open, p.jokers)
    out: dict[str, Value] = {}
    hard, ace, n = _hand_value(hand.cards)
    under = state.config.under and not hand.split
    if "sp" in legal:  # first: its hands are nearly all the hit's (weighed once, ``odds_rows``)
        first = hand.cards[0]
        h1, a1 = (1, True) if first.is_ace else (first.low_value, False)
        aces = first.is_ace
        one = player.start(root, h1, a1, 1, hand.bet, False, "stand" if aces else "play", player.penalty)
        out["sp"] = (2 * one[0], 2 * one[1])
    if "st" in legal:
        out["st"] = player.stand(*root, 0, hard, ace, n, hand.bet, under)
    if "ht" in legal:
        out["ht"] = player.start(root, hard, ace, n, hand.bet, under, "play", player.penalty)
    if "dd" in legal:
        out["dd"] = player.start(root, hard, ace, n, 2 * hand.bet, False, "stand", player.penalty_double)
    order = ("st", "ht", "dd", "sp")
    out = {name: (out[name][0] / z, out[name][1] / z) if z else out[name] for name in order if name in out}
    if "sr" in legal:
        out["sr"] = (-float(floor(hand.bet / 2)), 0.0)  # SURR-4, SET-4
    return out


def _hand_value(cards) -> tuple[int, bool, int]:
    hard = sum(c.low_value for c in cards)
    return hard, any(c.is_ace for c in cards), len(cards)


def under_bonus(bet: int, cards: int, twenty_one: bool) -> int:
    """GUILD-2: the Under Bonus's winnings for a hand of ``cards`` (six or more) — 3× the stake at
    six cards, doubled for each card more, 1.5× more for 21 (SET-4: rounded down)."""
    ratio = Fraction(3) * 2 ** (cards - UNDER_CARDS) * (Fraction(3, 2) if twenty_one else 1)
    return ratio_amount(bet, ratio)


def ratio_amount(bet: int, ratio: Fraction) -> int:
    """SET-4: winnings rounded down."""
    return bet * (ratio.numerator - ratio.denominator) // ratio.denominator


def forced_push_limit(state: State) -> int:
    """DSK-1: the dealer's two-card total at or under which a win is a push (0: no skill)."""
    level = state.skill(1)
    return 0 if level == 0 else 18 if level == 2 else 16


def bust_penalty(state: State, box: int, extra: int = 0) -> int:
    """DSK-5 for a hand of ``box`` (``extra``: the stake a double adds)."""
    game = state.game
    stake = sum(h.bet for h in game.hands_of(box)) + extra  # type: ignore[union-attr]
    return skills.bust_penalty(state, max(state.boxes[box].points - stake, 0))


class _After:
    """A pool's ``odds_table`` faces part, made from its parent's only when it is needed."""

    __slots__ = ("table", "parent", "r", "face", "part")

    def __init__(self, table, parent, r, face) -> None:
        self.table, self.parent, self.r, self.face, self.part = table, parent, r, face, None

    def get(self):
        if self.part is None:
            self.part = self.table.faces_after(self.parent.get(), self.r, self.face)
        return self.part


class _Scratch:
    __slots__ = ("table", "r", "part")

    def __init__(self, table, r) -> None:
        self.table, self.r, self.part = table, r, None

    def get(self):
        if self.part is None:
            self.part = self.table.faces_part(self.r)
        return self.part


class _Player:
    def __init__(self, table: Any, hand) -> None:  # ``odds._Table``
        state = table.state
        self.table = table
        self.rules = table.rules
        self.kp = state.jokers_players  # the players' count (JK-5)
        self.kd = table.count  # the dealer's count, as the viewpoint knows it
        self.hp = state.hp
        self.push_limit = forced_push_limit(state)
        self.penalty = bust_penalty(state, hand.box)
        self.penalty_double = bust_penalty(state, hand.box, hand.bet)
        self.everything = state.boxes[hand.box].points  # JK-4 Lv.3: the box's points are gone
        self._dealer: dict[Any, tuple[float, ...]] = {}
        self._memo: dict[Any, Value] = {}
        self.rows = True  # odds_rows where it applies
        self.weighed: list[tuple] = []  # odds_rows: the dealer's outcomes of the hands weighed so far
        self.tie = tie  # odds_rows: ``better``'s closeness of points, without importing this module
        self.under_cards, self.under_bonus = UNDER_CARDS, under_bonus  # odds_rows: GUILD-2, the same way

    def start(self, root, hard, ace, n, bet, under, then, penalty) -> Value:
        """``draw`` from the hand on turn: cards known on top taken one by one (``_known_first``),
        then every hand reached weighed at once (``odds_rows``) — where the shoe can run short
        within the hands reached and the dealer's hand, with the sequences of a shoe that short
        (``odds_counted``) —, else (nothing left to draw) the recursion."""
        r, o, j, known, left = root
        if self.rows and known:
            return self._known_first(root, hard, ace, n, bet, under, then, penalty)
        if self.rows:
            from dealer_assist.tables.onemillion.odds_rows import draw_value
            from dealer_assist.tables.onemillion.odds_tree import tree

            reached = tree(hard, ace, n, then == "play")
            deepest = reached.depth + 1
            if od._count(None if left is None else left - deepest) is None and sum(r) + j - deepest > od.SMALL:
                return draw_value(self, reached, r, o, j, left, bet, under, penalty)
            from dealer_assist.tables.onemillion.odds_counted import short

            counted = short(self.table, reached, r, o, j, left)  # the shoe may run out (DRAW-6): its own sequences
            if counted is not None:
                return draw_value(self, reached, r, o, j, left, bet, under, penalty, counted=counted)
        return self.draw(*root, 0, hard, ace, n, bet, under, then, penalty)

    def _known_first(self, root, hard, ace, n, bet, under, then, penalty) -> Value:
        """``start`` with cards known on top (future sight, a card stood on): the hand takes them
        one by one, standing after any of them (the dealer then takes the rest first), and past
        them draws from the pool (``start``) — ``draw``'s figures, the known cards followed
        alone."""
        r, o, j, known, left = root
        if left is not None and left <= 0:  # DRAW-6 / END-F2: nothing is settled (END-1)
            return 0.0, 0.0
        index, players, _ = known[0]
        card = self._joker(players or self.kp + 1) if index == JK else index
        loss = self._ends(card, hard, ace, bet, penalty)
        if loss is not None:
            return -loss * self.table.allowed(r, o, j), 0.0
        h2, a2 = hard + card + 1, ace or card == ACE
        value = od.best(h2, a2)
        after = (r, o, j, known[1:], None if left is None else left - 1)
        result = self.stand(*after, 0, h2, a2, n + 1, bet, under)
        if value < 21 and then == "play":
            hit = self.start(after, h2, a2, n + 1, bet, under, "play", penalty)
            if better(hit, result, bet):
                result = hit
        return result

    def dealer(self, r, o, j, known, left, new, part=None) -> tuple[float, ...]:
        """The dealer's outcome for the pool (``part``: its ``odds_table`` faces part, if made)."""
        key = (r, o, j, known, left, new)
        found = self._dealer.get(key)
        if found is None:
            table = None if part is None else self.table.table_for(known, left, r, j)
            if table is None:  # the shared sequences (a hidden hole card merged, known cards taken first)
                found = self.table.dealer_from(r, o, j, known, self.kd + new, left)
            else:
                found = table.vector(part.get(), r, o, j, od._k(self.rules, self.kd + new))
            self._dealer[key] = found
        return found

    def stand(self, r, o, j, known, left, new, hard, ace, n, bet, under, part=None) -> Value:
        vector = self.dealer(r, o, j, known, left, new, part)
        mine = od.best(hard, ace)
        hp = self.hp
        if under and n >= UNDER_CARDS:  # GUILD-2, paid at SET-B unless a dealer joker ends it
            amount = under_bonus(bet, n, mine == 21)
            lose = vector[od.JOKER] + vector[od.BLACKJACK]
            paid = sum(vector) - lose - vector[od.FAILURE]
            return paid * amount - lose * bet, paid * min(amount, hp)
        points = damage = 0.0
        win = min(bet, hp)
        for t in range(12, 22):
            two, more = vector[od.TWO + t - 12], vector[od.MORE + t - 12]
            if mine > t:
                wins = more + (0.0 if t <= self.push_limit else two)  # DSK-1: a two-card stand
                points += wins * bet
                damage += wins * win
            elif mine < t:
                points -= (two + more) * bet
        points += vector[od.BUST] * bet - (vector[od.BLACKJACK] + vector[od.JOKER]) * bet
        damage += vector[od.BUST] * win
        return points, damage

    def draw(self, r, o, j, known, left, new, hard, ace, n, bet, under, then, penalty, part=None) -> Value:
        """One card to the hand, then ``then``: "stand" (a double, a split ace) or "play"."""
        key = (r, o, j, known, left, new, hard, ace, n, bet, under, then)
        found = self._memo.get(key)
        if found is not None:
            return found
        allowed = self.table.allowed
        if left is not None and left <= 0:  # DRAW-6 / END-F2: nothing is settled (END-1)
            self._memo[key] = (0.0, 0.0)
            return 0.0, 0.0
        after = None if left is None else left - 1
        table = self.table.table_for(known, left, r, j)
        points = damage = 0.0
        for p, r2, o2, j2, known2, new2, card, face in self._cards(r, o, j, known, new):
            loss = self._ends(card, hard, ace, bet, penalty)
            if loss is not None:
                points -= p * loss * allowed(r2, o2, j2)
                continue
            h2, a2 = hard + card + 1, ace or card == ACE
            value = od.best(h2, a2)
            child = None
            if table is not None and not known:  # a card from the pool: the same dealer's table
                if part is None:
                    part = _Scratch(table, r)
                child = part if face is None else _After(table, part, r, face)  # a joker: the same faces
            state = (r2, o2, j2, known2, after, new2, h2, a2, n + 1, bet, under)
            result = self.stand(*state, child)
            if value < 21 and then == "play":
                hit = self.draw(*state, "play", penalty, child)
                if better(hit, result, bet):
                    result = hit
            points += p * result[0]
            damage += p * result[1]
        self._memo[key] = (points, damage)
        return points, damage

    def _ends(self, card, hard: int, ace: bool, bet: int, penalty: int) -> float | None:
        """What the hand loses when ``card`` ends it, else None: a joker at Lv.1–3 (JK-4, JK-9: the
        hand's bet, or every point of the box), a bust (BASE-5, with DSK-5's penalty)."""
        if card == "lose" or card == "all":
            return float(bet if card == "lose" else max(self.everything, bet))
        if od.best(hard + card + 1, ace or card == ACE) > 21:
            return float(bet + penalty)
        return None

    def _cards(self, r, o, j, known, new):
        """The next card to the hand: (chance, pool after, known after, new jokers, the card —
        its value index, or "lose"/"all" for a joker that ends the hand / the box — and the
        value index of the face that left the pool, if one did)."""
        if known:
            index, players, _ = known[0]
            if index == JK:
                yield (1.0, r, o, j, known[1:], new, self._joker(players or self.kp + new + 1), None)
            else:
                yield 1.0, r, o, j, known[1:], new, index, None
            return
        hidden = self.table.pool.hidden
        size = sum(r)
        closed = size - o
        shoe = size + j - hidden
        if shoe <= 0:
            return
        if o:
            for i in range(10):
                if r[i]:
                    yield o / shoe * r[i] / size, r[:i] + (r[i] - 1,) + r[i + 1:], o - 1, j, (), new, i, i
        pool = closed + j
        in_shoe = pool - hidden
        if in_shoe > 0:
            if j:
                yield in_shoe / shoe * j / pool, r, o, j - 1, (), new + 1, self._joker(self.kp + new + 1), None
            if closed:
                for i in range(10):
                    if r[i]:
                        yield (in_shoe / shoe * closed / pool * r[i] / size, r[:i] + (r[i] - 1,) + r[i + 1:], o, j,
                               (), new, i, i)  # fmt: skip

    def _joker(self, number: int):
        """JK-5: a player's joker by the players' count."""
        lv = od.level(self.rules, number)
        return ACE if lv == 0 else "lose" if lv in (1, 2) else "all"
