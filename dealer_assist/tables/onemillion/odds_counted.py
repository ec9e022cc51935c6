"""Issue 23: the hand on turn's rows (``odds_rows.draw_value``) when the dealer counts the shoe
near its end (DRAW-6, END-F2: a card needed from an empty shoe ends the quest, and settles
nothing, END-1).

The dealer's sequences (``odds_table``) serve a pool as they are when the shoe cannot run out
within the dealer's hand: when it holds at least as many cards as the table's longest sequence
(``Table.deepest``: the cards the dealer takes or looks at). Weighed against a shoe counted
``left``, a hand of the tree that drew ``c`` cards leaves ``left − c``. The hands that leave fewer
are weighed against the sequences of a shoe holding just that many (``odds_table.build_capped``:
a hand that has taken them all and needs another ends on DRAW-6), one table per count. A hand
that leaves none and hits draws from an empty shoe: the quest ends, nothing is settled — its hit
is worth 0, as in the recursion (``odds_hand._Player.draw``), and the hands past it are never
reached. The pool itself cannot run out first: the shoe is part of it.
"""

from __future__ import annotations

import numpy as np

from dealer_assist.tables.onemillion import odds_rows
from dealer_assist.tables.onemillion.odds_tree import Tree


def short(table, tree: Tree, r, j: int, left: int):
    """``draw_value``'s ``counted`` for the hands of ``tree`` against the shoe counted ``left``
    (``table``: ``odds._Table``), or None where the rows do not serve it (a hidden hole card: the
    dealer's sequences start with it, from the pool, not the shoe; nothing to draw)."""
    if table.pool.hidden or not 0 < left <= sum(r) + j:
        return None
    deepest = table.sequences_for(()).deepest
    rest = left - (tree.d.sum(axis=1) + tree.dj)  # the cards each hand leaves in the shoe

    def counted(player, vec: np.ndarray, o: int, top: int, f_open, f_closed, f_joker) -> None:
        """``vec``'s rows of the hands that leave the dealer fewer cards than the longest sequence,
        weighed against the sequences of a shoe that holds just as many; the next card's factors
        of the hands that leave none made 0 (a hit from an empty shoe is worth nothing)."""
        reached = (tree.drawn[:, 2] <= top)[tree.drawn_of]  # a hand holding more jokers is never reached
        for cap in np.unique(rest[(rest >= 0) & (rest < deepest) & reached]):
            part = odds_rows.part_of(tree, (rest == cap) & reached)
            weights = table.sequences_for((), int(cap)).weights()
            odds_rows.into(vec, part.hands, odds_rows.dealer_rows(weights, player.rules, player.kd, r, o, j, part))
        empty = rest <= 0
        f_open[empty] = f_closed[empty] = f_joker[empty] = 0.0

    return counted
