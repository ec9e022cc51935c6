"""Issue 23: a dealer's ending sequences (``odds_table``) summed beforehand, so that weighing them
for a pool takes a few array operations: the panel's dealer outcome after every card.

A sequence's chance from a pool is its count times a faces part ``Π ff(r[i], m[i])`` — the same
for every sequence drawing the same set of faces — times an orientation part that depends only
on its kind: the outcome, the open and closed faces and the jokers it draws, and whether it stands
on a closed card (``rest``). So the counts are summed by (kind, set of faces) into a sparse
matrix once; a pool then needs the faces part once per set, one product with the matrix, and the
orientation part once per kind.

A hidden hole card (``hidden_faces``) is a sum over the faces it may be, each with its own
known-hole sequences from the pool less that face: ``r[i]·ff(r[i] − 1, m) = ff(r[i], m + 1)``, so
each face's sets are taken with the hole's face added and weighed from the whole pool, and the
faces' sums merge into one matrix (the kinds are weighed from the same pool, the hole out of it).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from scipy import sparse

from dealer_assist.tables.onemillion import odds_dealer as od

MAX = 24  # no dealer's sequence is longer
SLOTS = MAX + 1  # m = 0…MAX


@lru_cache(maxsize=4096)
def ff(x: int) -> np.ndarray:
    """The falling factorials x(x−1)…(x−m+1) for m = 0…MAX (0 once m > x)."""
    out = np.ones(SLOTS)
    for m in range(1, SLOTS):
        out[m] = out[m - 1] * max(x - m + 1, 0)
    return out


def ff_rows(top: int) -> np.ndarray:
    """``ff(x)`` for x = 0…top at least, one row each (the rows past ``top`` too: the table is kept
    for tops rounded up, so that the pools of one quest share it)."""
    return _ff_rows(-(-(top + 1) // 64) * 64)


@lru_cache(maxsize=8)
def _ff_rows(rows: int) -> np.ndarray:
    return np.stack([ff(x) for x in range(rows)])


def rest(mo: np.ndarray, mc: np.ndarray, me: np.ndarray, mj: np.ndarray, cany: np.ndarray, hidden: bool, size, o,
         j) -> np.ndarray:  # fmt: skip
    """The part of a sequence's chance the orientations and the pool's size give, for sequences
    drawing ``mo`` faces open, ``mc`` closed, ``me`` either way (``odds_table``) and ``mj`` jokers
    (``cany``: and standing on a closed card), from a pool of ``size`` faces, ``o`` of them open,
    and ``j`` jokers (``hidden``: the first card is a hidden hole card, from the closed cards
    only). ``size``, ``o`` and ``j`` are numbers (one value per sequence) or arrays of pools (one
    row per pool, ``_rest_rows``); a pool out of reach (a count below 0) weighs what a pool of 0
    would."""
    if np.ndim(size) != 0:
        return _rest_rows(mo, mc, me, mj, cany, hidden, size, o, j)

    def f(x, k):
        if np.ndim(x):  # one pool size per sequence
            return ff_rows(int(np.max(x, initial=0)))[np.maximum(x, 0), k]
        return ff(max(int(x), 0))[k]

    faces = mo + mc + me
    m = faces + mj
    closed = size - o
    cards = size + j
    num = f(o, mo) * f(closed, mc) * f(size - mo - mc, me) * f(j, mj)
    den = f(size, faces) * ((closed + j) * f(cards - 1, np.maximum(m - 1, 0)) if hidden else f(cards, m))
    w = np.divide(num, den, out=np.zeros(np.shape(num)), where=den > 0)
    stands = np.flatnonzero(cany)
    if len(stands):
        left = closed_left(closed, j, mo[stands], mc[stands], me[stands], mj[stands], size)
        w[stands] *= np.divide(left, (cards - m[stands]).astype(float), out=np.zeros(len(stands)),
                               where=cards - m[stands] > 0)  # fmt: skip
    return w


def closed_left(closed, j, mo, mc, me, mj, size):
    """The closed cards and jokers left after a sequence (``rest``), the ``me`` faces drawn either
    way taken on average: of the ``size − mo − mc`` faces they come from, ``closed − mc`` were
    closed (the sum over which of them were open is this mean times ``ff(size − mo − mc, me)``)."""
    either = size - mo - mc
    share = np.divide(me * (closed - mc), either, out=np.zeros(np.shape(either)), where=either > 0)
    return (closed - mc - share + j - mj).astype(float)


def _rest_rows(mo, mc, me, mj, cany, hidden: bool, size, o, j) -> np.ndarray:
    """``rest`` for many pools (one row each), in two parts that each take few distinct pools:
    the faces' part by (size, open), the jokers' part by (size, jokers), each made once per
    distinct pair and then taken by row (a pool's row of each)."""
    size, o, j = (np.asarray(x, dtype=np.int64) for x in (size, o, j))
    table = ff_rows(max(int((size + j).max()), 0))
    faces, at_faces = unique_rows(np.stack([size, o], axis=1), small=False)
    jokers, at_jokers = unique_rows(np.stack([size, j], axis=1), small=False)
    from dealer_assist.tables.onemillion import odds_loops  # compiled: only the rows weigh many pools

    stands = np.flatnonzero(cany)
    w = np.empty((len(size), len(mo)))
    odds_loops.orientations(table, np.ascontiguousarray(faces), at_faces, np.ascontiguousarray(jokers), at_jokers,
                            mo.astype(np.int64), mc.astype(np.int64), me.astype(np.int64), mj.astype(np.int64),
                            int(hidden), stands, size, o, j, w)  # fmt: skip
    return w


def unique_rows(rows: np.ndarray, *, small: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """``np.unique(rows, axis=0, return_inverse=True)`` for small non-negative integers (each
    below 32; ``small`` False: any integers within ±2**20, two or three columns), through one
    integer key per row (sorting rows is slow)."""
    rows = np.ascontiguousarray(rows, dtype=np.int64)
    base, shift = (32, 0) if small else (1 << 21, 1 << 20)
    key = np.zeros(len(rows), dtype=np.int64)
    for column in range(rows.shape[1]):
        key = key * base + rows[:, column] + shift
    _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    return rows[first], inverse.reshape(-1)


class Weights:
    """Sequences summed by kind and set of faces: ``weigh`` gives their outcome vector for a
    pool."""

    __slots__ = ("_entries", "_starts", "_kinds", "_matrix", "hidden", "_allowed")

    def __init__(self, sets: np.ndarray, kinds: np.ndarray, rows: np.ndarray, cols: np.ndarray,
                 values: np.ndarray, hidden: bool) -> None:  # fmt: skip
        self.hidden = hidden
        self._kinds = tuple(np.ascontiguousarray(c) for c in kinds.T)  # as ``weigh`` reads them
        self._matrix = sparse.csr_matrix((values, (rows, cols)), shape=(len(kinds), len(sets)))
        # each set's faces as places in the rows of ``ff`` (a face it does not draw is left out;
        # a set drawing none keeps one ff(·, 0) = 1)
        where, face = np.nonzero(sets)
        empty = np.flatnonzero(~sets.any(axis=1))
        where = np.concatenate([where, empty])
        places = np.concatenate([face * SLOTS + sets[where[: len(face)], face], np.zeros(len(empty), np.int64)])
        order = np.argsort(where, kind="stable")
        self._entries = places[order].astype(np.intp)
        self._starts = np.flatnonzero(np.r_[True, np.diff(where[order]) != 0])
        self._allowed: dict[bytes, Weights] = {}

    @classmethod
    def of(cls, faces: np.ndarray, kinds: np.ndarray, values: np.ndarray, hidden: bool) -> "Weights":
        """From sequences one per row (``faces``: N×10; ``kinds``: N×9, see ``weigh``), leaving out
        those of no weight."""
        kept = values > 0
        sets, set_of = unique_rows(faces[kept])
        kinds, kind_of = unique_rows(kinds[kept])
        return cls(sets, kinds, kind_of, set_of, values[kept], hidden)

    def faces(self, r: tuple[int, ...]) -> np.ndarray:
        """Each set's faces part ``Π ff(r[i], m[i])``."""
        table = np.concatenate([ff(x) for x in r])
        return np.multiply.reduceat(table[self._entries], self._starts)

    def weigh(self, r: tuple[int, ...], o: int, j: int, validity: np.ndarray, *,
              size: int | None = None) -> tuple[float, ...]:  # fmt: skip
        """The outcome vector from the pool, for the count ``validity`` gives (``odds_table.validity``:
        by the kind's private joker, jokers gone on and the joker that ended the hand); ``size``:
        the faces the orientation part is weighed from, when not ``sum(r)``."""
        return self.allowed(validity)._weigh(r, o, j, validity, size)

    def allowed(self, validity: np.ndarray) -> "Weights":
        """The kinds ``validity`` allows only, with only the sets they draw (most of a table's
        kinds serve other counts and rules): the same outcome, weighed for less. Kept for each
        validity met."""
        key = validity.tobytes()
        found = self._allowed.get(key)
        if found is not None:
            return found
        outcome, mo, mc, me, mj, cany, private, gone, term = self._kinds
        kept = validity[private, gone, term] > 0
        if kept.all():
            self._allowed[key] = self
            return self
        matrix = self._matrix
        row_lengths = np.diff(matrix.indptr)
        nonzero = np.repeat(kept, row_lengths)  # the matrix's entries of the kinds kept
        columns = matrix.indices[nonzero]
        used = np.bincount(columns, minlength=matrix.shape[1]) > 0
        renumber = np.cumsum(used) - 1
        out = object.__new__(Weights)
        out.hidden, out._allowed = self.hidden, {}
        out._kinds = tuple(np.ascontiguousarray(c[kept]) for c in self._kinds)
        indptr = np.r_[0, np.cumsum(row_lengths[kept])]
        out._matrix = sparse.csr_matrix((matrix.data[nonzero], renumber[columns], indptr),
                                        shape=(int(kept.sum()), int(used.sum())))  # fmt: skip
        lengths = np.diff(np.r_[self._starts, len(self._entries)])
        out._entries = self._entries[np.repeat(used, lengths)]
        out._starts = np.r_[0, np.cumsum(lengths[used])[:-1]].astype(np.intp)
        if len(self._allowed) > 64:
            self._allowed.clear()
        self._allowed[key] = out
        return out

    def _weigh(self, r, o, j, validity, size) -> tuple[float, ...]:
        outcome, mo, mc, me, mj, cany, private, gone, term = self._kinds
        if not len(outcome):
            return (0.0,) * od.SIZE
        u = self._matrix @ self.faces(r)
        u *= rest(mo, mc, me, mj, cany, self.hidden, sum(r) if size is None else size, o, j)
        u *= validity[private, gone, term]
        return tuple(np.bincount(outcome, weights=u, minlength=od.SIZE).tolist())


def sets_of(entries: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """Each set's count of each face (N×10), from ``Weights``' places in the rows of ``ff``."""
    n_sets = len(starts)
    faces = np.zeros((n_sets, 10), dtype=np.int64)
    owner = np.repeat(np.arange(n_sets), np.diff(np.r_[starts, len(entries)]))
    faces[owner, entries // SLOTS] += entries % SLOTS
    return faces


def hidden_faces(parts: list[tuple[int, Weights]]) -> Weights:
    """The known-hole sequences of each face a hidden hole card may be (``(face, weights)``, the
    weights not hidden), as one: weighed from the whole pool with the hole's face among the
    faces drawn, ``weigh(r, o, j, v, size=sum(r) - 1)`` gives ``Σ r[i]·weigh_i(r less face i, o, j, v)``."""
    sets, kinds, rows, cols, values = [], [], [], [], []
    set_base = kind_base = 0
    for face, weights in parts:
        matrix = weights._matrix.tocoo()
        faces = sets_of(weights._entries, weights._starts)
        n_sets = len(faces)
        faces[:, face] += 1
        sets.append(faces)
        kinds.append(np.stack(weights._kinds, axis=1))
        rows.append(matrix.row + kind_base)
        cols.append(matrix.col + set_base)
        values.append(matrix.data)
        set_base += n_sets
        kind_base += len(weights._kinds[0])
    all_sets, set_of = unique_rows(np.concatenate(sets))
    all_kinds, kind_of = unique_rows(np.concatenate(kinds))
    return Weights(all_sets, all_kinds, kind_of[np.concatenate(rows)], set_of[np.concatenate(cols)],
                   np.concatenate(values), False)  # fmt: skip
