"""Issue 23 at the One Million table: the exact odds after the last line, in two viewpoints
(`replay --json --odds [--view players]`).

- ``dealer``: the chance of each way the dealer's hand ends — stands on 17…21 (on 12…16 too,
  where DRAW-2 stands on an open card that would bust), busts, blackjack (only while the check
  is still to come, or once it is made), ``joker`` (a Lv.1 joker: every hand but a blackjack
  loses, JK-4) and ``failure`` (a Lv.2/Lv.3 joker, END-F3; a card needed from an empty shoe,
  END-F2) — for the dealer's cards, from the pool of cards not seen (``odds_pool``), with the
  half-up draws and the jokers by the dealer's count (``odds_dealer``). The hands still to act
  after the hand on turn are taken to draw nothing.
- ``actions``: the expected change of the box's points for each legal action of the hand on
  turn (hit: playing on as well as can be, every card from the pool), and ``damage``: the
  expected damage to the dealer's HP (SET-1) under the same play. Split: the value of one of
  the two hands, twice (see docs/decisions.md).
- ``joker_next``: the chance that the next closed card of the shoe is a joker; ``phase``: the
  phase (``early``/``late``, JK-3) of the next joker the viewpoint will count.

The players' view is built from what the table has shown only: their joker count, the cards
shown, the check's public answer. The hole card is a closed card they have not seen; the
check, when it was made, rules out the cards that would have ended the game there (a blackjack;
a joker the dealer would have ruled above Lv.0 by the count then — the players' count at the
check, which is the dealer's: no joker was seen privately before). Their figures are weighted
over every card the hole may be (``odds_dealer.start``), and their play over what they know.
"""

from __future__ import annotations

from typing import Any

from dealer_assist.cards import total
from dealer_assist.core.table import Viewpoint
from dealer_assist.tables.onemillion import jokers
from dealer_assist.tables.onemillion import odds_dealer as od
from dealer_assist.tables.onemillion.odds_dealer import ACE, JK, TEN
from dealer_assist.tables.onemillion.odds_hand import actions
from dealer_assist.tables.onemillion.odds_pool import Pool, checked, players_count_at_check, pool, shoe_faces
from dealer_assist.tables.onemillion.state import PHASE, Game, State

_CHECK_TO_COME = (PHASE.SURRENDER, PHASE.CHECK)
_SMALL = od.SMALL


def live(state: State, viewpoint: Viewpoint) -> dict[str, Any] | None:
    """``{"view", "dealer", "actions", "damage", "joker_next", "phase"}`` for the game in play
    (the keys the state has), or None between games and once the quest is over."""
    game = state.game
    if game is None or game.settled or state.over:
        return None
    seen = pool(state, viewpoint)
    out: dict[str, Any] = {"view": viewpoint.value}
    table = _Table(state, viewpoint, seen)
    if game.recipients and game.dealt == len(game.recipients):
        vector = table.dealer_now()
        out["dealer"] = _outcomes(vector, blackjack=table.blackjack_possible())
        hand = _on_turn(state)
        if hand is not None:
            values = actions(table, hand)
            if values:
                out["actions"] = {name: v[0] for name, v in values.items()}
                out["damage"] = {name: v[1] for name, v in values.items()}
    out["joker_next"] = table.joker_next()
    out["phase"] = table.phase_code()
    return out


def warm(rules: tuple[int, int, int] = (0, 2, 5)) -> None:
    """What every composition shares, built at once (the benchmark; a session builds each piece
    when it is first needed — all of it takes ~3–5 s and ~0.9 GB): the hands a player can reach
    from each start (``odds_tree``) and, for the table's default jokers (``rules``: Lv.0 early,
    Lv.2 late from the fifth), the dealer's ending sequences for each up card and known hole card
    and from each hand (``odds_start.warm``), what each pair's split shares with its hit
    (``odds_rows.prepare_split``), and the weighings' memory kept (``odds_memory.keep``) — the
    rest is built on first use."""
    from dealer_assist.tables.onemillion import odds_loops, odds_memory, odds_rows, odds_start, odds_tree

    odds_loops.warm()  # the compiled loops, compiled or read from their cache
    odds_tree.warm(also=odds_rows.prepare_tree)  # and what the rows keep of each tree
    for first in range(10):  # what each pair's split shares with its hit
        odds_rows.prepare_split(first)
    odds_start.warm(rules, also=odds_rows.prepare)  # and what the hand on turn's rows need of them
    odds_memory.keep()  # and the weighings' memory kept by the process


def _on_turn(state: State):
    if state.phase is not PHASE.PLAYERS:
        return None
    for hand in state.game.hands:  # type: ignore[union-attr]
        if not hand.done and not hand.nobet:
            return None if hand.split and len(hand.cards) == 1 else hand
    return None


def _outcomes(vector: tuple[float, ...], *, blackjack: bool) -> dict[str, float]:
    """The dealer's outcomes by name: 17…21 and bust always; 12…16, joker and failure where they
    can happen; blackjack where it is not ruled out."""
    out: dict[str, float] = {}
    for t in range(12, 22):
        p = vector[od.TWO + t - 12] + vector[od.MORE + t - 12]
        if t >= 17 or p > 0:
            out[str(t)] = p
    out["bust"] = vector[od.BUST]
    if blackjack:
        out["blackjack"] = vector[od.BLACKJACK]
    for key, index in (("joker", od.JOKER), ("failure", od.FAILURE)):
        if vector[index] > 0:
            out[key] = vector[index]
    return dict(sorted(out.items(), key=lambda kv: (not kv[0].isdigit(), int(kv[0]) if kv[0].isdigit() else 0)))


class _Table:
    """The state as one viewpoint sees it, ready for ``odds_dealer``."""

    def __init__(self, state: State, viewpoint: Viewpoint, seen: Pool) -> None:
        self.state, self.viewpoint, self.pool = state, viewpoint, seen
        game: Game = state.game  # type: ignore[assignment]
        self.game = game
        self.players = viewpoint is Viewpoint.PLAYERS
        self.rules = (state.config.jk_early, state.config.jk_late, jokers.late_from(state))
        self.count = state.jokers_players if self.players else state.jokers_dealer
        self.check_to_come = game.check and state.phase in _CHECK_TO_COME
        up = game.dealer[0] if game.dealer else None
        self.up = (up.low_value, up.is_ace) if up is not None else (0, False)
        self.up_ace = up is not None and up.is_ace
        self.up_ten = up is not None and up.is_ten
        self.excluded = (False, False, False)
        self.peeked = False
        if seen.hidden and self.players and checked(game, state.phase):
            at_check = players_count_at_check(state)
            joker_out = self.up_ten or od.level(self.rules, at_check + 1) != 0
            self.excluded = (self.up_ace, self.up_ten, joker_out)
            self.peeked = True

    # --- the dealer ---------------------------------------------------------------------------

    def known_for_dealer(self, known: tuple, offset: int = 0) -> tuple:
        """The cards known on top, with a joker's level by the dealer's count (``offset``: the
        jokers the dealer counted before it and the players did not)."""
        out = []
        for index, players, dealer in known:
            if index == JK:
                number = dealer if dealer is not None else players
                out.append((JK, od.level(self.rules, (number or 0) + offset) if number else 0))
            else:
                out.append((index, None))
        return tuple(out)

    def hole_code(self) -> int | None:
        """The dealer's second card for ``odds_dealer.start``: None while it is hidden."""
        if self.pool.hidden:
            return None
        card = self.game.dealer[1]
        if card.is_joker:
            return JK if card.level is None else JK + 1  # not ruled yet / ruled Lv.0 (an ace)
        return od.ACE if card.is_ace else (9 if card.is_ten else int(card.rank) - 1)

    def dealer_from(self, r, o, j, known, k, left) -> tuple[float, ...]:
        """The dealer's outcome weighted by the chance the check allows (``start``), from the
        deal's two cards — the hole card still face down or just shown (the players' turn, the
        reveal to come)."""
        if self.sequences_serve(left, r, j):
            if self.pool.hidden:
                return self.hidden_hole(known, r, o, j, k)
            if known:  # through the known cards (``odds_start``)
                from dealer_assist.tables.onemillion import odds_start

                return odds_start.two_cards(self.up, self.hole_code(), self.check_to_come,  # type: ignore[arg-type]
                                            self.known_for_dealer(known), r, o, j, k, self.rules)  # fmt: skip
            return self.table_for(known, left, r, j).weigh(r, o, j, od._k(self.rules, k))  # type: ignore[union-attr]
        return od.start(r, o, j, self.known_for_dealer(known), self.up, self.hole_code(), k, left, self.rules,
                        excluded=self.excluded, peeked=self.peeked, check=self.check_to_come,
                        private_known=self.known_for_dealer(known, 1) if self.peeked else None)  # fmt: skip

    def sequences_serve(self, left, r, j) -> bool:
        """The dealer's sequences (``odds_table``) serve this pool: it cannot run out within the
        dealer's hand."""
        return od._count(left) is None and sum(r) + j > _SMALL

    def holes(self, known, r, o, j, k, *, faces: bool = True, cap: int | None = None):
        """A hidden hole card (``odds_dealer.start``), card by card: (its chance — the chances add
        up to what the check allows —, the dealer's sequences with that hole card known, the pool
        without it: faces, jokers, and the dealer's count). ``cap``: the shoe holds that many
        cards past the hole (``sequences_for``)."""
        from dealer_assist.tables.onemillion.odds_start import known_hole

        def build(*args):
            return self._sequences(args, cap)

        size = sum(r)
        closed = size - o
        pool = closed + j
        if not pool:
            return
        ex_ten, ex_ace, ex_joker = self.excluded
        none = (False, False, False)
        mine = self.known_for_dealer(known)
        if j and not ex_joker:
            if self.peeked:  # seen at the check and ruled an ace there (JK-8), counted by the dealer
                up, hole, check = known_hole(self.up, JK + 1, False)
                table = build(up, hole, self.known_for_dealer(known, 1), None, self.rules, none, False, check)
                yield j / pool, table, r, j - 1, k + 1
            else:
                up, hole, check = known_hole(self.up, JK, self.check_to_come)
                yield j / pool, build(up, hole, mine, None, self.rules, none, False, check), r, j - 1, k
        for p, i, rest in od.closed_faces(r, closed, pool, size, ex_ten, ex_ace) if faces else ():
            up, hole, check = known_hole(self.up, i, self.check_to_come)
            yield p, build(up, hole, mine, None, self.rules, none, False, check), rest, j, k

    def hidden_hole(self, known, r, o, j, k) -> tuple[float, ...]:
        """``holes`` weighed: the joker's table, and the faces through ``odds_start.hidden_hole``."""
        from dealer_assist.tables.onemillion import odds_start

        ex_ten, ex_ace, _ = self.excluded
        acc = list(odds_start.hidden_hole(self.up, self.check_to_come, ex_ten, ex_ace, self.known_for_dealer(known),
                                          r, o, j, k, self.rules))  # fmt: skip
        for p, table, r2, j2, k2 in self.holes(known, r, o, j, k, faces=False):
            od._add(acc, p, table.weigh(r2, o, j2, od._k(self.rules, k2)))
        return tuple(acc)

    def table_for(self, known, left, r, j):
        """The dealer's sequences (``odds_table``) for these known cards and count, or None where
        the shoe may run out within the dealer's hand (the recursion follows it then)."""
        return self.sequences_for(known) if self.sequences_serve(left, r, j) else None

    def sequences_for(self, known, cap: int | None = None):
        """The dealer's sequences (``odds_table.build``) for these known cards, the shoe holding
        ``cap`` cards (None: more than the dealer's hand can take — ``table_for`` checks it)."""
        from dealer_assist.tables.onemillion.odds_start import known_hole

        hole = self.hole_code()
        if hole is not None:
            up, hole, check = known_hole(self.up, hole, self.check_to_come)
            args = (up, hole, self.known_for_dealer(known), None, self.rules, self.excluded, False, check)
        else:
            args = (self.up, hole, self.known_for_dealer(known), self.known_for_dealer(known, 1) if self.peeked else None,
                    self.rules, self.excluded, self.peeked, self.check_to_come)  # fmt: skip
        return self._sequences(args, cap)

    def _sequences(self, args: tuple, cap: int | None):
        """``odds_table.build(*args)``, or for a shoe holding ``cap`` cards ``build_capped``, no
        sequence drawing more of a face than the shoe holds."""
        from dealer_assist.tables.onemillion.odds_table import build, build_capped

        return build(*args) if cap is None else build_capped(*args, cap, shoe_faces(self.state))

    def faces_merged(self, cap: int | None = None):
        """A hidden hole card's faces' sequences merged (``odds_start.faces_merged``), for a shoe
        holding ``cap`` cards past the hole if given."""
        from dealer_assist.tables.onemillion import odds_start

        ex_ten, ex_ace, _ = self.excluded
        if cap is None:
            return odds_start.faces_merged(self.up, self.check_to_come, ex_ten, ex_ace)
        return odds_start.faces_merged_capped(self.up, self.check_to_come, ex_ten, ex_ace, cap, shoe_faces(self.state),
                                              self.rules)  # fmt: skip

    def longest(self, r, o, j) -> int:
        """The most cards of the shoe the dealer's hand can take or look at from the deal, nothing
        known on top (a hidden hole card, out of the shoe, not among them): its sequences'
        deepest, of every card a hidden hole may be."""
        if not self.pool.hidden:
            return self.sequences_for(()).deepest
        return max((table.deepest for _, table, *_ in self.holes((), r, o, j, self.count)), default=0)

    def dealer_now(self) -> tuple[float, ...]:
        p, game, phase = self.pool, self.game, self.state.phase
        if game.dealer_blackjack:
            return od._UNIT[od.BLACKJACK]
        if phase in (PHASE.DEALER, PHASE.DEALER_CARD):  # the hole card is shown: the dealer draws
            cards = game.dealer
            value = total(cards)
            hard, ace = value.hard_value, any(c.is_ace for c in cards)
            known = self.known_for_dealer(p.known)
            if self.sequences_serve(p.left, p.r, p.jokers) and (phase is PHASE.DEALER or not known):
                from dealer_assist.tables.onemillion import odds_start

                if phase is PHASE.DEALER:
                    return odds_start.hand(hard, ace, len(cards) == 2, known, p.r, p.open, p.jokers, self.count,
                                           self.rules)  # fmt: skip
                return odds_start.closed_draw(hard, ace, p.r, p.open, p.jokers, self.count, self.rules)
            if phase is PHASE.DEALER:
                return od.finish(p.r, p.open, p.jokers, known, hard, ace, len(cards) == 2, self.count, p.left,
                                 self.rules)  # fmt: skip
            return _closed_draw(p, known, hard, ace, self.count, self.rules)
        vector = self.dealer_from(p.r, p.open, p.jokers, p.known, self.count, p.left)
        weight = sum(vector)
        return tuple(v / weight for v in vector) if weight else vector

    def blackjack_possible(self) -> bool:
        return self.game.dealer_blackjack or (self.check_to_come and (self.up_ace or self.up_ten))

    def allowed(self, r, o, j) -> float:
        """The chance that the hidden hole card is one the check allows (1 with no check)."""
        if not self.pool.hidden or not any(self.excluded):
            return 1.0
        size = sum(r)
        closed = size - o
        cards = closed + j
        if not cards:
            return 1.0
        ex_ten, ex_ace, ex_joker = self.excluded
        out = 1.0 - (j / cards if ex_joker else 0.0)
        if size:
            out -= closed / cards * ((r[TEN] if ex_ten else 0) + (r[ACE] if ex_ace else 0)) / size
        return out

    # --- the jokers ---------------------------------------------------------------------------

    def joker_next(self) -> float:
        """The chance that the next closed card out of the shoe is a joker."""
        for known in self.state.known_top:
            if known.source == "turned":  # a closed card turned face up: that one comes first
                return 1.0 if known.card.is_joker else 0.0
        p = self.pool
        closed = sum(p.r) - p.open
        if not p.hidden or not any(self.excluded):  # the hole card is a closed card like the others
            return p.jokers / (closed + p.jokers) if closed + p.jokers else 0.0
        ex_ten, ex_ace, ex_joker = self.excluded  # weighted by what the check allows the hole to be
        size, cards = sum(p.r), closed + p.jokers
        acc = weight = 0.0
        if p.jokers and not ex_joker:
            w = p.jokers / cards
            acc, weight = w * (p.jokers - 1) / (cards - 1 or 1), w
        for i, n in enumerate(p.r):
            if n and not ((i == TEN and ex_ten) or (i == ACE and ex_ace)):
                w = closed / cards * n / size
                acc += w * p.jokers / (cards - 1 or 1)
                weight += w
        return acc / weight if weight else 0.0

    def phase_code(self) -> str:
        """JK-3: the phase of the next joker the viewpoint counts."""
        return "late" if self.count + 1 >= jokers.late_from(self.state) else "early"


def _closed_draw(p: Pool, known: tuple, hard: int, ace: bool, k: int, rules) -> tuple[float, ...]:
    """`next [?]` answered HIT, the face not given yet: the dealer takes a closed card."""
    size = sum(p.r)
    closed = size - p.open
    cards = closed + p.jokers
    left = None if p.left is None else p.left - 1
    acc = [0.0] * od.SIZE
    if not cards:
        return od._UNIT[od.FAILURE]
    if p.jokers:
        lv = od.level(rules, k + 1)
        if lv:
            acc[od.JOKER if lv == 1 else od.FAILURE] += p.jokers / cards
        else:
            od._add(acc, p.jokers / cards, od.finish(p.r, p.open, p.jokers - 1, known, hard + 1, True, False, k + 1,
                                                    left, rules))  # fmt: skip
    for i, n in enumerate(p.r):
        if n and closed:
            r = p.r[:i] + (n - 1,) + p.r[i + 1:]
            od._add(acc, closed / cards * n / size, od.finish(r, p.open, p.jokers, known, hard + i + 1,
                                                             ace or i == ACE, False, k, left, rules))  # fmt: skip
    return tuple(acc)
