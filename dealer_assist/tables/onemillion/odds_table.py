"""Issue 23: the dealer's outcome (``odds_dealer.start``) for many pools at once — the same exact
figures, worked out once per dealer's start and then weighed for each pool the player's cards
leave (the hand on turn's hit and double values need one for every pool it can reach).

The chance of one sequence of cards from the pool depends only on how many cards of each kind
it holds: drawing ``m[i]`` faces of value ``i``, ``mo`` open and ``mc`` closed of them and ``mj``
jokers has the chance ``ff(o, mo)·ff(c, mc)·ff(j, mj)/ff(T, m) · Π ff(r[i], m[i])/ff(R, mo + mc)``
(``ff`` the falling factorial, ``m`` the cards drawn: the orientation of a card does not depend on
its face). So the sequences that end the dealer's hand are counted once by kind (``build``:
the top card the dealer stands on counts as drawn; a closed top card stood on, face unseen, is
``cany``), and each pool weighs them (``Table.weigh``). A hidden hole card is the first card of
every sequence, taken from the closed cards only (its chance ``c/(c + j)`` in place of ``o/T``).

Most cards the dealer takes are taken open or closed alike (below 17 an open card is refused only
if it busts for certain, DRAW-2): such a card is counted once, as a face drawn either way
(``me``), not as two sequences. Summed over which of the ``me`` were open, their chance is
``ff(R − mo − mc, me)`` (Vandermonde's identity: ``Σ C(me, t)·ff(o', t)·ff(c', me − t) =
ff(o' + c', me)``), so ``mo`` and ``mc`` count the faces that could only be open (taken at 17 or
more, refused) or only closed (a card that busts). The same figures, from about a third of the
sequences and kinds.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import chain

import numpy as np

from dealer_assist.tables.onemillion import odds_dealer as od
from dealer_assist.tables.onemillion.odds_dealer import ACE, JK, TEN
from dealer_assist.tables.onemillion.odds_weights import Weights, ff, rest

class Table:
    __slots__ = ("faces", "mo", "mc", "me", "mj", "m", "cany", "outcome", "count", "hidden", "deepest", "_kept", "gone",
                 "term", "private", "rules", "_valid", "_sparse")

    def __init__(self, rows: dict, hidden: bool, rules: tuple[int, int, int] | None) -> None:
        keys = list(rows)
        # a key is (faces, mo, mc, me, mj, cany, outcome, gone, term, private): one array of them, flat
        flat = np.fromiter(chain.from_iterable(k[0] + k[1:] for k in keys), dtype=np.int64,
                           count=19 * len(keys)).reshape(len(keys), 19).T  # fmt: skip
        self.faces = np.ascontiguousarray(flat[:10])
        self.mo, self.mc, self.me, self.mj = (np.ascontiguousarray(c) for c in flat[10:14])
        self.cany = flat[14].astype(bool)
        self.outcome, self.gone, self.term, self.private = (np.ascontiguousarray(c) for c in flat[15:19])
        self.count = np.fromiter(rows.values(), dtype=float, count=len(keys))
        self.rules = rules
        self._valid: dict = {}
        self.m = self.mo + self.mc + self.me + self.mj
        self.hidden = hidden
        self.deepest = int(self.m.max()) if keys else 0
        self._kept: dict = {}
        self._sparse: dict = {}

    def for_rules(self, rules: tuple[int, int, int]) -> "Table":
        """The same sequences weighed by ``rules``' jokers (the arrays shared)."""
        out = object.__new__(Table)
        for name in Table.__slots__:
            setattr(out, name, getattr(self, name))
        out.rules, out._valid, out._kept = rules, {}, {}
        out._sparse = self._sparse  # the weights do not depend on the rule
        return out

    def weigh(self, r: tuple[int, ...], o: int, j: int, k: int) -> tuple[float, ...]:
        """The outcome vector for the pool and the dealer's count ``k`` (weighted by the chance
        the check allows): ``vector(faces_part(r), …)``, through ``weights``."""
        return self.weights().weigh(r, o, j, self.validity(k))

    def weights(self) -> Weights:
        """The sequences summed by kind (with their validity) and set of faces, ready to be
        weighed for any pool and count (``odds_weights``): the same for every rule's copy."""
        found = self._sparse.get(None)
        if found is None:
            kinds = np.stack([self.outcome, self.mo, self.mc, self.me, self.mj, self.cany.astype(np.int64), self.private,
                              np.minimum(self.gone, 8), self.term], axis=1)  # fmt: skip
            found = self._sparse[None] = Weights.of(self.faces.T, kinds, self.count, self.hidden)
        return found

    def faces_part(self, r: tuple[int, ...]) -> np.ndarray:
        """Each sequence's count times Π ff(r[i], m[i]): the part of its chance the faces give."""
        w = self.count.copy()
        for i in range(10):
            w *= ff(r[i])[self.faces[i]]
        return w

    def faces_after(self, part: np.ndarray, r: tuple[int, ...], i: int) -> np.ndarray:
        """``faces_part`` once a card of value ``i`` has left the pool ``r`` (ff(n−1, m)/ff(n, m))."""
        return part * ((r[i] - self.faces[i]) / r[i])

    def vector(self, part: np.ndarray, r: tuple[int, ...], o: int, j: int, k: int) -> tuple[float, ...]:
        key = (sum(r), o, j, k)
        both = self._kept.get(key)
        if both is None:
            if len(self._kept) > 512:
                self._kept.clear()
            both = self._kept[key] = self._rest(sum(r), o, j) * self.valid(k)
        w = part * both
        return tuple(np.bincount(self.outcome, weights=w, minlength=od.SIZE).tolist())

    def valid(self, k: int) -> np.ndarray:
        """1 for the sequences the count ``k`` allows: the jokers that went on were Lv.0, the one
        that ended the hand had its level (JK-3, JK-4)."""
        found = self._valid.get(k)
        if found is None:
            found = self._valid[k] = self.validity(k)[self.private, np.minimum(self.gone, 8), self.term]
        return found

    def validity(self, k: int) -> np.ndarray:
        """``valid`` by (private, jokers gone on, the joker that ended the hand)."""
        return validity(self.rules, k)  # type: ignore[arg-type]

    def _rest(self, size: int, o: int, j: int) -> np.ndarray:
        """The part of each sequence's chance the orientations and the pool's size give (the
        same for every pool of that size, open and joker count: ``vector`` keeps it)."""
        return rest(self.mo, self.mc, self.me, self.mj, self.cany, self.hidden, size, o, j)


@lru_cache(maxsize=256)
def validity(rules: tuple[int, int, int], k: int) -> np.ndarray:
    """1 where the count ``k`` allows a sequence, by (private: the hole joker seen at the check
    counted, jokers gone on as aces, the joker that ended the hand: none, Lv.1, Lv.2/3) — JK-3,
    JK-4, for ``rules``."""
    table = np.zeros((2, 9, 3))
    for private in (0, 1):
        for gone in range(9):
            numbers = [k + private + x for x in range(1, gone + 1)]
            if any(od.level(rules, x) for x in numbers):
                continue
            last = od.level(rules, k + private + gone + 1)
            table[private, gone, 0] = 1.0
            table[private, gone, 1 if last == 1 else 2 if last >= 2 else 0] = 1.0
    return table


@lru_cache(maxsize=512)
def build(up: tuple[int, bool], hole: int | None, known: tuple, private_known: tuple | None,
          rules: tuple[int, int, int], excluded: tuple[bool, bool, bool], peeked: bool, check: bool) -> Table:  # fmt: skip
    """The dealer's ending sequences by kind, from the up card and the hole card (``start``'s
    arguments, the shoe counted by nobody: ``left`` None), weighed by ``rules``' jokers: the
    sequences themselves are the same for every rule (``sequences``)."""
    return sequences(up, hole, known, private_known, excluded, peeked, check).for_rules(rules)


@lru_cache(maxsize=128)
def build_capped(up: tuple[int, bool], hole: int | None, known: tuple, private_known: tuple | None,
                 rules: tuple[int, int, int], excluded: tuple[bool, bool, bool], peeked: bool, check: bool,
                 cap: int, most: tuple[int, ...]) -> Table:  # fmt: skip
    """``build`` for a shoe counted to hold ``cap`` cards past the deal (DRAW-6), of the faces no
    more of each than ``most`` (the shoe's: a sequence drawing more weighs 0 for every pool of
    it), and only the sequences some count of ``rules`` allows (``sequences``)."""
    return sequences(up, hole, known, private_known, excluded, peeked, check, cap, most, rules).for_rules(rules)


@lru_cache(maxsize=512)
def sequences(up: tuple[int, bool], hole: int | None, known: tuple, private_known: tuple | None,
              excluded: tuple[bool, bool, bool], peeked: bool, check: bool, cap: int | None = None,
              most: tuple[int, ...] | None = None, only: tuple[int, int, int] | None = None) -> Table:  # fmt: skip
    """The dealer's ending sequences by kind for every rule of the jokers and every count: a
    joker the dealer sees either goes on as an ace (up to the seven of the shoe, CARD-6) or ends
    the hand (Lv.1, or Lv.2/3), and each sequence keeps what it needs of the levels
    (``Table.valid`` keeps those the rule and the count give: the others weigh 0). ``cap``: the
    shoe (counted, DRAW-6) holds that many cards past the deal's two — a hand that has taken
    them all and needs another ends there (``_grow``); ``most``: the most of each face any pool
    holds (the sequences drawing more left out); ``only``: the rule of the jokers they are for
    (the sequences no count of it allows left out: ``_ends``, ``_most_gone``)."""
    rows: dict = {}
    # a state: (faces, mo, mc, me, mj, position in known, hard, ace, two, jokers gone on, private) -> sequences
    frontier: dict = {}
    zero = (0,) * 10
    up_hard, up_ace = up
    rules = only
    ends = _ends(only)  # a joker can end the hand at Lv.1, at Lv.2/3

    end = _ender(rows)

    def two_cards(faces, mo, mc, mj, hole_code, private, n):
        base = (faces, mo, mc, 0, mj, 0, 0, False, True, 0, private)
        if hole_code == JK:  # JK-6: ruled now, by the count
            if ends[0]:
                end(base, od.JOKER, n=n, term=1)
            if ends[1]:
                end(base, od.FAILURE, n=n, term=2)
            if _most_gone(rules, private) < 1:
                return
            gone = 1
        else:
            gone = 0
        hard = up_hard + (1 if hole_code >= JK else hole_code + 1)
        ace = up_ace or hole_code in (ACE, JK, JK + 1)
        if check and hard == 11 and ace:
            end(base[:9] + (gone, private), od.BLACKJACK, n=n)
            return
        key = (faces, mo, mc, 0, mj, 0, hard, ace, True, gone, private)
        frontier[key] = frontier.get(key, 0.0) + n

    if hole is not None:
        two_cards(zero, 0, 0, 0, hole, 0, 1.0)
    else:
        ex_ten, ex_ace, ex_joker = excluded
        if not ex_joker:
            if peeked:  # seen at the check, an ace, counted by the dealer: the later jokers one further
                two_cards(zero, 0, 0, 1, JK + 1, 1, 1.0)
            else:
                two_cards(zero, 0, 0, 1, JK, 0, 1.0)
        for i in range(10):
            if (i == TEN and ex_ten) or (i == ACE and ex_ace):
                continue
            two_cards(_plus(zero, i), 0, 1, 0, i, 0, 1.0)
    _grow(frontier, end, known, private_known, cap, most, only)
    return Table(rows, hole is None, None)


def build_from(hard: int, ace: bool, rules: tuple[int, int, int]) -> Table:
    """``build`` for a dealer's hand past its first two cards (``hard``, ``ace``: one of them), no
    card known on top."""
    return sequences_from(hard, ace).for_rules(rules)


@lru_cache(maxsize=128)
def sequences_from(hard: int, ace: bool) -> Table:
    """``sequences`` from a dealer's hand past its first two cards."""
    rows: dict = {}
    _grow({((0,) * 10, 0, 0, 0, 0, 0, hard, ace, False, 0, 0): 1.0}, _ender(rows), (), None)
    return Table(rows, False, None)


def _ender(rows: dict):
    """``end(state, outcome, …)``: a sequence ends, counted into ``rows`` by kind."""

    def end(state, outcome, faces=None, mo=0, mc=0, mj=0, cany=False, n=1.0, term=0):
        f, o0, c0, e0, j0 = state[0], state[1], state[2], state[3], state[4]
        key = (faces or f, o0 + mo, c0 + mc, e0, j0 + mj, cany, outcome, state[9], term, state[10])
        rows[key] = rows.get(key, 0.0) + n

    return end


def _grow(frontier: dict, end, known: tuple, private_known: tuple | None, cap: int | None = None,
          most: tuple[int, ...] | None = None, only: tuple[int, int, int] | None = None) -> None:  # fmt: skip
    """Every hand of ``frontier`` (a state → its sequences so far) played to its end, a card at a
    time (``_step``): a joker both goes on and ends the hand (Lv.1, Lv.2/3). ``cap``: the cards
    the shoe holds; the hands that have taken them all end on DRAW-6 (``_empty``). ``most``: the
    most of each face a pool holds; a hand that drew more is never reached. ``only``: the rule of
    the jokers (``sequences``)."""
    ends = _ends(only)
    taken = 0
    while frontier:
        if taken == cap:
            for state, n in frontier.items():
                _empty(state, n, end)
            return
        nxt: dict = {}
        for state, n in frontier.items():
            _step(state, n, nxt, end, known, private_known, _most_gone(only, state[10]), ends, most)
        frontier = nxt
        taken += 1


def _empty(state, n, end) -> None:
    """DRAW-6 / END-F2: the shoe is empty — a hand of 17 or more stands, a hand that needs a card
    ends the quest (``odds_dealer._finish``'s order: a bust, a hard 21, then the empty shoe)."""
    hard, ace, two = state[6], state[7], state[8]
    value = od.best(hard, ace)
    if value > 21:
        end(state, od.BUST, n=n)
    else:
        end(state, od.stand_index(value, two) if value >= 17 else od.FAILURE, n=n)


_ALL = range(10)


def _plus(faces: tuple[int, ...], i: int) -> tuple[int, ...]:
    return faces[:i] + (faces[i] + 1,) + faces[i + 1:]


def _most_gone(rules: tuple[int, int, int] | None, private: int) -> int:
    """The most jokers a dealer's hand can take as aces (JK-4 Lv.0), for any count: whatever the
    rule (None), seven (CARD-6), one of them perhaps the hole card seen at the check (``private``);
    under ``rules`` (JK-3: early, late, late from), the jokers before the late line where only
    the early ones are Lv.0, none where neither is."""
    if rules is not None:
        early, late, late_from = rules
        if early and late:
            return 0
        if late and not early:
            return max(min(7, late_from - 1) - private, 0)
    return 7 - private


def _ends(rules: tuple[int, int, int] | None) -> tuple[bool, bool]:
    """Whether a joker can end the dealer's hand at Lv.1, at Lv.2/3 (JK-4): whatever the rule
    (None) both; under ``rules``, the levels it gives."""
    if rules is None:
        return True, True
    levels = rules[:2]
    return 1 in levels, max(levels) >= 2


def _step(state, n, nxt, end, known, private_known, most_gone, ends, most=None) -> None:
    """One card more to the hand ``state`` (or its end), of the faces ``most`` leaves room for."""
    faces, mo, mc, me, mj, pos, hard, ace, two, gone, private = state
    soft = ace and hard + 10 <= 21
    value = hard + 10 if soft else hard
    if value > 21:
        end(state, od.BUST, n=n)
        return
    stay = od.stand_index(value, two) if value >= 12 else -1
    if value == 21 and not soft:
        end(state, stay, n=n)
        return

    def go(key):
        nxt[key] = nxt.get(key, 0.0) + n

    cards = private_known if private and private_known is not None else known
    if pos < len(cards):
        index, dealer_level = cards[pos]
        if not od.hits_open(hard, ace, ACE if index == JK else index):
            end(state, stay, n=n)
            return
        if index == JK:
            if dealer_level:
                end(state, od.JOKER if dealer_level == 1 else od.FAILURE, n=n)
                return
            go((faces, mo, mc, me, mj, pos + 1, hard + 1, True, False, gone, private))
            return
        go((faces, mo, mc, me, mj, pos + 1, hard + index + 1, ace or index == ACE, False, gone, private))
        return
    room = _ALL if most is None else [i for i in _ALL if faces[i] < most[i]]  # a face the shoe may still hold
    for i in room:  # an open top card of value i
        if not od.hits_open(hard, ace, i):
            end(state, stay, faces=_plus(faces, i), mo=1, n=n)
        elif value >= 17:  # taken open only: a closed one is stood on
            go((_plus(faces, i), mo + 1, mc, me, mj, pos, hard + i + 1, ace or i == ACE, False, gone, private))
        else:  # below 17 taken open or closed alike: one sequence, the face drawn either way
            go((_plus(faces, i), mo, mc, me + 1, mj, pos, hard + i + 1, ace or i == ACE, False, gone, private))
    if value >= 17:  # DRAW-1: a closed top card, stood on
        end(state, stay, cany=True, n=n)
        return
    if mj < 7:  # a joker (CARD-6): Lv.1, Lv.2/3, or an ace going on
        if ends[0]:
            end(state, od.JOKER, mj=1, n=n, term=1)
        if ends[1]:
            end(state, od.FAILURE, mj=1, n=n, term=2)
        if gone < most_gone:
            go((faces, mo, mc, me, mj + 1, pos, hard + 1, True, False, gone + 1, private))
    for i in room:  # a closed top card the dealer would have refused open (it busts): closed only
        if not od.hits_open(hard, ace, i):
            go((_plus(faces, i), mo, mc + 1, me, mj, pos, hard + i + 1, ace or i == ACE, False, gone, private))
