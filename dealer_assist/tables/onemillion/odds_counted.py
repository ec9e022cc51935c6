"""Issue 23: the hand on turn's rows (``odds_rows.draw_value``) when the shoe can run out within
the hands reached and the dealer's hand (DRAW-6, END-F2: a card needed from an empty shoe ends
the quest, and settles nothing, END-1): the dealer counts it near its end, or the cards not seen
are few (a viewpoint that does not count the shoe: it runs out with them).

The dealer's sequences (``odds_table``) serve a pool as they are when the shoe cannot run out
within the dealer's hand: when it holds at least as many cards as the start's longest sequence
(``odds._Table.longest``: the cards the dealer takes or looks at; a hidden hole card is out of
the shoe). Against a shoe of ``left`` cards, a hand of the tree that drew ``c`` cards leaves
``left − c``. The hands that leave fewer than the longest sequence are weighed against the
sequences of a shoe holding just that many (``odds_table.build_capped``, a hidden hole card's
faces merged the same way: ``odds_start.faces_merged_capped``) — a dealer's hand that has taken
them all and needs another ends on DRAW-6 —, one table per count left. A hand that leaves none
and hits draws from an empty shoe: the quest ends, nothing is settled — its hit is worth 0, as in
the recursion (``odds_hand._Player.draw``), and the hands past it are never reached. The pool
itself cannot run out first: the shoe is part of it.
"""

from __future__ import annotations

import numpy as np

from dealer_assist.tables.onemillion import odds_rows
from dealer_assist.tables.onemillion.odds_tree import Tree


def short(table, tree: Tree, r, o: int, j: int, left: int | None):
    """``draw_value``'s ``counted`` for the hands of ``tree`` against the shoe (``left`` cards;
    None: the cards not seen but a hidden hole card), or None where nothing is left to draw
    (``table``: ``odds._Table``)."""
    shoe = sum(r) + j - int(table.pool.hidden)
    left = shoe if left is None else left
    if not 0 < left <= shoe:
        return None
    deepest = table.longest(r, o, j)
    rest = left - (tree.d.sum(axis=1) + tree.dj)  # the cards each hand leaves in the shoe

    def counted(player, vec: np.ndarray, o: int, size, on, jn, reach: int, f_open, f_closed, f_joker) -> None:
        """``vec``'s rows of the hands that leave the dealer fewer cards than the longest sequence,
        weighed against the sequences of a shoe that holds just as many; the next card's factors
        of the hands that leave none made 0 (a hit from an empty shoe is worth nothing)."""
        reached = (tree.drawn[:, 2] <= min(reach, j))[tree.drawn_of]  # more jokers: never reached
        for cap in np.unique(rest[(rest >= 0) & (rest < deepest) & reached]):
            need = rest == cap
            weighed = odds_rows.dealer(table, player, tree, r, o, j, size, on, jn, reach, need=need, cap=int(cap))
            hands = np.flatnonzero(need & reached)
            odds_rows.into(vec, hands, weighed[hands])
        empty = rest <= 0
        f_open[empty] = f_closed[empty] = f_joker[empty] = 0.0

    return counted
