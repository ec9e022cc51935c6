"""Issue 23: the faces part of the dealer's sequences for every set of faces a tree's hands drew,
summed by kind (``odds_rows._weigh``'s ``summed``), in two halves of the faces.

For a hand that drew the faces ``d``, a set of the dealer's faces ``m`` weighs
``Π ff(r[i] − d[i], m[i])``, and that product splits into the low faces' part (A, 2, 3) and the
high faces' part (4…T). So the sum by kind is taken in two steps: first over the high halves, for
each distinct high half the hands drew (a few dozen: a hand does not draw many high cards), by
(kind, low half of the set); then over the low halves, for each hand's set. Each set's count is
multiplied once per distinct high half instead of once per set of faces drawn, and the low step
reads the (kind, low half) pairs, fewer than the sets' entries: the same sums, for about a third
of the products where a tree is large.
"""

from __future__ import annotations

import numpy as np
from scipy import sparse

from dealer_assist.tables.onemillion import odds_loops
from dealer_assist.tables.onemillion.odds_weights import ff_rows, sets_of, unique_rows

LOW = 3  # the low half: the faces A, 2, 3 (indices 0…2); the high half: 4…T


class Halves:
    """A dealer's sets by halves, for the kinds × sets ``matrix`` (kinds in ``prepare``'s order):
    the distinct low and high halves; the matrix's entries as (kind, low half) rows × high half
    columns (``by_high``); and the (kind, low half) rows as a kinds × low halves pattern."""

    __slots__ = ("low", "high", "by_high", "indices", "indptr", "kinds")

    def __init__(self, entries: np.ndarray, starts: np.ndarray, matrix: sparse.csr_matrix) -> None:
        m = sets_of(entries, starts)
        self.low, low_of = unique_rows(m[:, :LOW])
        self.high, high_of = unique_rows(m[:, LOW:])
        coo = matrix.tocoo()
        n_low = len(self.low)
        pairs, pair_of = np.unique(coo.row.astype(np.int64) * n_low + low_of[coo.col], return_inverse=True)
        self.by_high = sparse.csr_matrix((coo.data, (pair_of, high_of[coo.col])),
                                         shape=(len(pairs), len(self.high)))  # fmt: skip
        self.indices = (pairs % n_low).astype(np.int32)
        self.kinds = matrix.shape[0]
        self.indptr = np.searchsorted(pairs // n_low, np.arange(self.kinds + 1)).astype(np.int32)

    def cost(self, tree_halves: "TreeHalves") -> int:
        return self.by_high.nnz * len(tree_halves.high) + len(self.indices) * tree_halves.size


class TreeHalves:
    """A tree's sets of faces (in ``odds_rows._by_level``'s order) by halves: the distinct high
    halves, each with its sets (``places[bounds[g]:bounds[g + 1]]``) and their low halves (rows of
    ``low``: ``lows``), as ``odds_loops.sums`` reads them."""

    __slots__ = ("low", "high", "size", "bounds", "places", "lows")

    def __init__(self, faces: np.ndarray) -> None:
        self.size = len(faces)
        self.low, low_of = unique_rows(faces[:, :LOW])
        self.high, high_of = unique_rows(faces[:, LOW:])
        order = np.argsort(high_of, kind="stable")
        bounds = np.searchsorted(high_of[order], np.arange(len(self.high) + 1))
        self.bounds = bounds.astype(np.int64)
        self.places = order.astype(np.int64)
        self.lows = low_of[order].astype(np.int64)


def _part(table: np.ndarray, r: np.ndarray, drawn: np.ndarray, sets: np.ndarray, top: int) -> np.ndarray:
    """``Π ff(r[i] − drawn[i], sets[i])`` for every set (rows) and every faces drawn (columns)
    (``odds_loops.faces_part``)."""
    out = np.empty((len(sets), len(drawn)))
    odds_loops.faces_part(table, r, np.ascontiguousarray(drawn, dtype=np.int64),
                          np.ascontiguousarray(sets, dtype=np.int64), top, out)  # fmt: skip
    return out


def parts(halves: Halves, tree_halves: TreeHalves, r, top: int) -> tuple[np.ndarray, np.ndarray]:
    """The faces parts of the halves: the dealer's high halves × the hands' high halves, and the
    dealer's low halves × the hands' low halves."""
    table = ff_rows(top)
    r = np.asarray(r, dtype=np.int64)
    high = _part(table, r[LOW:], tree_halves.high, halves.high, top)
    low = _part(table, r[:LOW], tree_halves.low, halves.low, top)
    return high, low


def summed(halves: Halves, tree_halves: TreeHalves, high: np.ndarray, low: np.ndarray, base: np.ndarray,
           stride: np.ndarray, out: np.ndarray) -> None:  # fmt: skip
    """Each kind × each of the tree's sets: the kind's sets, their counts times their faces part
    (``high``, ``low``: ``parts``); the kind's sum for a set's place goes to
    ``out[base[kind] + place * stride[kind]]`` (``odds_loops.sums``)."""
    by_high = halves.by_high
    odds_loops.sums(by_high.indptr, by_high.indices, by_high.data, high, halves.indptr, halves.indices, low,
                    tree_halves.bounds, tree_halves.places, tree_halves.lows, base, stride, out)  # fmt: skip
