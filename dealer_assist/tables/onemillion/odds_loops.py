"""Issue 23: ``odds_rows``' passes over every hand of a tree, as compiled loops (numba): each
hand's pool (``pools``), its stand (``stands``), the values found from the deepest hands back
(``back``), and the dealer's outcome for every hand — the orientation parts of many pools
(``orientations``), the faces part summed by kind (``sums``) and the products by
level and outcome (``products``). The figures are ``odds_rows``' (and ``odds_hand``'s
recursion's) to the last few digits: the same sums, each hand's in one go instead of one array
pass per step (a tree has tens of thousands of hands and 21 cards from each; the passes'
temporary arrays cost more than the sums).

Compiled once per installation and kept on disk (numba's cache, beside this module or in the
user's cache). Compiling takes a few seconds and holds the interpreter's lock all along, so a live
session has it done in a process of its own first (``ready``): the prompt's thread never waits.
"""
from __future__ import annotations

import subprocess
import sys

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def stands(vec: np.ndarray, mine: np.ndarray, n: np.ndarray, pay_p: np.ndarray, pay_d: np.ndarray, bonus_from: int,
           amount: np.ndarray, bet: float, hp: float, joker: int, blackjack: int, failure: int, dj: np.ndarray,
           top: int, points: np.ndarray, damage: np.ndarray) -> None:  # fmt: skip
    """Each hand's stand (``odds_rows._stand``): its dealer's outcomes (``vec``, a row per hand)
    times the payments of its total (``mine``, 22 for a bust) by outcome; a hand of
    ``bonus_from`` cards or more (``n``) is paid the Under Bonus (``amount``, by its cards and
    whether it is 21) wherever the dealer neither ends it (a joker, ``failure``) nor has a
    blackjack — the stake lost to those, the damage the bonus up to ``hp``. A hand holding more than
    ``top`` jokers (``dj``) is never reached (``back``): 0."""
    for i in range(vec.shape[0]):
        if dj[i] > top:
            points[i] = damage[i] = 0.0
            continue
        row = vec[i]
        if n[i] >= bonus_from:
            lose = row[joker] + row[blackjack]
            paid = -lose - row[failure]
            for o in range(vec.shape[1]):
                paid += row[o]
            got = amount[n[i], 1 if mine[i] == 21 else 0]
            points[i] = paid * got - lose * bet
            damage[i] = paid * min(got, hp)
            continue
        m = min(mine[i], 22)
        sp = 0.0
        sd = 0.0
        for o in range(vec.shape[1]):
            v = row[o]
            sp += v * pay_p[m, o]
            sd += v * pay_d[m, o]
        points[i] = sp
        damage[i] = sd


@njit(cache=True, nogil=True)
def pools(r: np.ndarray, o: int, j: int, hidden: int, d: np.ndarray, do: np.ndarray, dj: np.ndarray,
          faces: np.ndarray, size: np.ndarray, on: np.ndarray, jn: np.ndarray, ok: np.ndarray,
          f_open: np.ndarray, f_closed: np.ndarray, f_joker: np.ndarray) -> None:  # fmt: skip
    """Each hand's pool (the pool ``r``/``o``/``j`` less the hand's cards ``d``/``do``/``dj``):
    its faces left (``faces``, 0 where the hand drew more than the pool holds), size, open faces,
    jokers, whether it can be (``ok``), and its factors for its next card (``draw_value``): an
    open face (times the face's count left), a closed face (likewise), a joker. ``hidden``: the
    hole card, one of the closed cards, is not in the shoe."""
    for i in range(d.shape[0]):
        s = 0
        good = True
        for f in range(10):
            x = r[f] - d[i, f]
            s += x
            if x < 0:
                good = False
                x = 0
            faces[i, f] = x
        n_open = o - do[i]
        n_jokers = j - dj[i]
        closed = s - n_open
        good = good and n_open >= 0 and n_jokers >= 0 and closed >= 0
        size[i], on[i], jn[i], ok[i] = s, n_open, n_jokers, good
        shoe = s + n_jokers - hidden
        if not good or shoe <= 0:
            f_open[i] = f_closed[i] = f_joker[i] = 0.0
            continue
        later = max(closed + n_jokers - hidden, 0) / shoe
        pool = closed + n_jokers
        ds = s if s > 0 else 1
        dpool = pool if pool > 0 else 1
        f_open[i] = n_open / shoe / ds
        f_closed[i] = later * closed / dpool / ds
        f_joker[i] = later * n_jokers / dpool


@njit(cache=True, nogil=True)
def back(piece_par: np.ndarray, piece_lo: np.ndarray, piece_hi: np.ndarray, child: np.ndarray,
         jd: np.ndarray, fate_ace: np.ndarray, n_hands: int, f_open: np.ndarray, f_closed: np.ndarray,
         f_joker: np.ndarray, faces: np.ndarray, lost: np.ndarray, draws: np.ndarray, vp: np.ndarray,
         vd: np.ndarray, hits_p: np.ndarray, hits_d: np.ndarray, tie: float, top: int) -> None:  # fmt: skip
    """``odds_rows.draw_value``'s pass back. The hands that draw (``piece_par``, by level, the
    start first), each with its cards (edges ``piece_lo``…``piece_hi``, in ``odds_tree``'s order:
    the ten faces open, the ten closed, the joker where the shoe still has one): a face weighs
    its parent's factor for the kind times the face's count left (``faces``), a joker the joker's
    factor; it leads to the hand reached (``child``; a bust: ``n_hands``), a joker to the hand
    reached where the joker's fate by its number (the parent's jokers ``jd``) is an ace, else to
    that fate's loss (row ``n_hands + 1 + jd``). ``lost``: each card's factor where it leads to
    a loss (what the check allowed; empty: 1). Deepest first, each hand's hit (``hits_p``/
    ``hits_d``) replaces its stand (``vp``/``vd``) where it is ``odds_hand.better``. A hand holding
    more than ``top`` jokers is never reached (the joker past them is not an ace, or the pool has
    no more): its hit is not worked out."""
    has_lost = len(lost) > 0
    for q in range(len(piece_par) - 1, -1, -1):
        par = piece_par[q]
        if jd[par] > top:
            continue
        lo = piece_lo[q]
        fo = f_open[par]
        fc = f_closed[par]
        acc_p = 0.0
        acc_d = 0.0
        if fo != 0.0 or fc != 0.0:
            for f in range(10):
                w = faces[par, f]
                if w == 0:
                    continue
                a = child[lo + f]
                b = child[lo + 10 + f]
                wo = fo * w
                wc = fc * w
                if has_lost:
                    if a >= n_hands:
                        wo *= lost[lo + f]
                    if b >= n_hands:
                        wc *= lost[lo + 10 + f]
                acc_p += wo * vp[a] + wc * vp[b]
                acc_d += wo * vd[a] + wc * vd[b]
        if piece_hi[q] - lo == 21 and f_joker[par] != 0.0:
            e = lo + 20
            t = child[e] if fate_ace[jd[par]] else n_hands + 1 + jd[par]
            c = f_joker[par]
            if has_lost and t >= n_hands:
                c *= lost[e]
            acc_p += c * vp[t]
            acc_d += c * vd[t]
        hits_p[par] = acc_p
        hits_d[par] = acc_d
        if par != 0 and draws[par]:
            sp = vp[par]
            if acc_p > sp + tie or (abs(acc_p - sp) <= tie and acc_d > vd[par]):
                vp[par] = acc_p
                vd[par] = acc_d


@njit(cache=True, nogil=True)
def sums(by_high_ptr: np.ndarray, by_high_at: np.ndarray, by_high: np.ndarray, high: np.ndarray, indptr: np.ndarray,
         indices: np.ndarray, low: np.ndarray, bounds: np.ndarray, places: np.ndarray, lows: np.ndarray,
         base: np.ndarray, stride: np.ndarray, out: np.ndarray) -> None:  # fmt: skip
    """``odds_faces.summed``'s sums by kind, for the kinds of ``indptr`` (their (kind, low half)
    pairs, ``indices`` their low halves; ``by_high_ptr``/``by_high_at``/``by_high``: the pairs'
    rows of ``Halves.by_high``, their high halves and counts). First each pair's part for each of
    the tree's high halves (``high``: a row per dealer's high half, a column per tree's). Then for
    each of the tree's high halves ``g`` (its sets ``places[bounds[g]:bounds[g + 1]]``, their low
    halves ``lows``), each set's sum for each kind: the sum over the kind's pairs of the pair's
    part for the high half times its low half's part for the set's (``low``: a row per dealer's
    low half, a column per set's low half). The kind's sum for the set ``place`` goes to
    ``out[base[kind] + place * stride[kind]]``."""
    n_pairs = len(by_high_ptr) - 1
    n_high = high.shape[1]
    by_pair = np.zeros((n_pairs, n_high))
    for p in range(n_pairs):
        mine = by_pair[p]
        for e in range(by_high_ptr[p], by_high_ptr[p + 1]):
            v = by_high[e]
            row = high[by_high_at[e]]
            for g in range(n_high):
                mine[g] += v * row[g]
    n_low = low.shape[0]
    kinds = len(indptr) - 1
    for g in range(len(bounds) - 1):
        a, b = bounds[g], bounds[g + 1]
        n = b - a
        block = np.empty((n_low, n))  # the low halves' parts for this high half's sets, side by side
        for i in range(n_low):
            for q in range(n):
                block[i, q] = low[i, lows[a + q]]
        acc = np.zeros((kinds, n))
        for k in range(kinds):
            mine = acc[k]
            for p in range(indptr[k], indptr[k + 1]):
                v = by_pair[p, g]
                row = block[indices[p]]
                for q in range(n):
                    mine[q] += v * row[q]
        for q in range(n):  # a set's sums: each outcome's kinds side by side
            place = places[a + q]
            for k in range(kinds):
                out[base[k] + place * stride[k]] = acc[k, q]


@njit(cache=True, nogil=True)
def products(orientation: np.ndarray, group_at: np.ndarray, count_of: np.ndarray, allowed: np.ndarray,
             summed: np.ndarray, n_sets: int, levels: np.ndarray, hands: np.ndarray, at: np.ndarray,
             outcomes: np.ndarray, out: np.ndarray) -> None:  # fmt: skip
    """``odds_rows._weigh``'s products: for each number of faces drawn (``levels``: a row each —
    its sets ``f0``…``f1``, its (cards drawn, open, jokers) ``d0``…``d1``, its hands
    ``h0``…``h1`` of ``hands``, each with its place ``at`` in the product) and each outcome
    (``outcomes``: a row each — the outcome and its kinds ``a``…``b``), the kinds' orientation
    parts (``orientation``: a row per (cards drawn, open, jokers), a column per group of kinds;
    ``group_at``: each kind's group) times what the row's count allows of them (``allowed``: a row
    per count, ``count_of`` each row's), times their sums (``summed``: each outcome's block, a row
    per set of ``n_sets``); each hand's entry goes to its row of ``out``. A row whose count allows
    no kind (``odds_rows.dealer_rows``' rows not weighed) is left out of the product: its hands
    stay 0."""
    weighs = np.zeros(allowed.shape[0], np.bool_)
    for c in range(allowed.shape[0]):
        for k in range(allowed.shape[1]):
            if allowed[c, k] != 0.0:
                weighs[c] = True
                break
    for L in range(levels.shape[0]):
        f0, f1, d0, d1, h0, h1 = levels[L, 0], levels[L, 1], levels[L, 2], levels[L, 3], levels[L, 4], levels[L, 5]
        width = f1 - f0
        place = np.empty(d1 - d0, np.int64)  # each row's place among the rows weighed (-1: not weighed)
        live = 0
        for d in range(d0, d1):
            if weighs[count_of[d]]:
                place[d - d0] = live
                live += 1
            else:
                place[d - d0] = -1
        if live == 0:
            continue
        flats = np.empty((outcomes.shape[0], live * width))
        for i in range(outcomes.shape[0]):
            a, b = outcomes[i, 1], outcomes[i, 2]
            kb = b - a
            rows = np.empty((live, kb))
            for d in range(d0, d1):
                if place[d - d0] < 0:
                    continue
                mine = orientation[d]
                valid = allowed[count_of[d]]
                for k in range(kb):
                    rows[place[d - d0], k] = mine[group_at[a + k]] * valid[a + k]
            sets = summed[a * n_sets + f0 * kb:a * n_sets + f1 * kb].reshape((width, kb))
            flats[i] = np.dot(rows, sets.T).ravel()
        for h in range(h0, h1):
            row = place[at[h] // width]
            if row >= 0:
                x = row * width + at[h] % width
                for i in range(outcomes.shape[0]):
                    out[hands[h], outcomes[i, 0]] = flats[i, x]


@njit(cache=True, nogil=True)
def orientations(table: np.ndarray, faces: np.ndarray, at_faces: np.ndarray, jokers: np.ndarray,
                 at_jokers: np.ndarray, mo: np.ndarray, mc: np.ndarray, me: np.ndarray, mj: np.ndarray,
                 hidden: int, stands: np.ndarray, size: np.ndarray, o: np.ndarray, j: np.ndarray,
                 out: np.ndarray) -> None:  # fmt: skip
    """``odds_weights.rest`` for many pools (``out``: a row per pool of ``size`` faces, ``o`` of them
    open, and ``j`` jokers; a column per sequence drawing ``mo`` faces open, ``mc`` closed, ``me``
    either way and ``mj`` jokers). From the falling factorials ``table`` (``ff_rows``): the faces'
    part ``ff(o, mo)·ff(size − o, mc)·ff(size − mo − mc, me) / ff(size, mo + mc + me)`` of the
    pool's (size, open) (``faces``, its row ``at_faces``) times the jokers' part of its (size,
    jokers) (``jokers``, ``at_jokers``): ``ff(j, mj) / ff(size + j, m)``, or with a hidden hole
    card (one of the closed cards and jokers, ``hidden``) ``ff(j, mj) / ff(size + j − 1, m − 1) /
    (closed + j)``; 0 where a part's divisor is. For the sequences that stand on a closed card
    (``stands``), times the chance that the card after them is closed: the closed cards and jokers
    left (``odds_weights.closed_left``) / the cards left, 0 where none is left. A count below 0
    reads the row of 0, past the table its last."""
    top = table.shape[0] - 1
    n_groups = len(mo)
    by_faces = np.empty((faces.shape[0], n_groups))
    for p in range(faces.shape[0]):
        fs, fo = faces[p, 0], faces[p, 1]
        for g in range(n_groups):
            num = (table[min(max(fo, 0), top), mo[g]] * table[min(max(fs - fo, 0), top), mc[g]]
                   * table[min(max(fs - mo[g] - mc[g], 0), top), me[g]])  # fmt: skip
            den = table[min(max(fs, 0), top), mo[g] + mc[g] + me[g]]
            by_faces[p, g] = num / den if den > 0 else 0.0
    by_jokers = np.empty((jokers.shape[0], n_groups))
    for p in range(jokers.shape[0]):
        js, jj = jokers[p, 0], jokers[p, 1]
        for g in range(n_groups):
            m = mo[g] + mc[g] + me[g] + mj[g]
            num = table[min(max(jj, 0), top), mj[g]]
            if hidden:
                den = table[min(max(js + jj - 1, 0), top), max(m - 1, 0)]
            else:
                den = table[min(max(js + jj, 0), top), m]
            by_jokers[p, g] = num / den if den > 0 else 0.0
    for d in range(out.shape[0]):
        faces_part = by_faces[at_faces[d]]
        jokers_part = by_jokers[at_jokers[d]]
        row = out[d]
        closed = size[d] - o[d]
        s = 1.0
        if hidden:
            s = 1.0 / (closed + j[d]) if closed + j[d] > 0 else 0.0
        for g in range(n_groups):
            row[g] = faces_part[g] * jokers_part[g] * s
        for i in range(len(stands)):
            g = stands[i]
            left = size[d] + j[d] - (mo[g] + mc[g] + me[g] + mj[g])
            if left > 0:
                either = size[d] - mo[g] - mc[g]
                share = me[g] * (closed - mc[g]) / either if either > 0 else 0.0
                row[g] = row[g] * ((closed - mc[g] - share + j[d] - mj[g]) / left)
            else:
                row[g] = 0.0


@njit(cache=True, nogil=True)
def mix(out: np.ndarray, weight: np.ndarray, part: np.ndarray, part_weight: np.ndarray) -> None:
    """``out[i] = out[i] * weight[i] + part[i] * part_weight[i]`` for each row, in one pass
    (``odds_rows._dealer``: a hidden hole card's faces and its joker, each by its chance; ``part``
    with no rows: ``out`` weighted only)."""
    both = part.shape[0] > 0
    for i in range(out.shape[0]):
        mine = out[i]
        w = weight[i]
        if both:
            theirs = part[i]
            pw = part_weight[i]
            for c in range(out.shape[1]):
                mine[c] = mine[c] * w + theirs[c] * pw
        else:
            for c in range(out.shape[1]):
                mine[c] *= w


@njit(cache=True, nogil=True)
def faces_part(table: np.ndarray, r: np.ndarray, drawn: np.ndarray, sets: np.ndarray, top: int,
               out: np.ndarray) -> None:  # fmt: skip
    """``odds_faces._part``: ``Π ff(r[i] − drawn[i], sets[i])`` for every set (rows of ``out``) and
    every faces drawn (columns), ``ff`` read from ``table``; a count out of reach (below 0, past
    ``top``) reads its nearest row (the hand is never read)."""
    n_faces = sets.shape[1]
    left = np.empty((drawn.shape[0], n_faces), np.int64)
    for d in range(drawn.shape[0]):
        for i in range(n_faces):
            left[d, i] = min(max(r[i] - drawn[d, i], 0), top)
    for s in range(sets.shape[0]):
        mine = out[s]
        for d in range(drawn.shape[0]):
            x = 1.0
            for i in range(n_faces):
                x *= table[left[d, i], sets[s, i]]
            mine[d] = x


@njit(cache=True, nogil=True)
def copy_rows(out: np.ndarray, to: np.ndarray, rows: np.ndarray, source: np.ndarray) -> None:
    """``out[to[i]] = source[rows[i]]`` for each i (``odds_rows``: a tree's rows taken from another
    weighing or from a part of its hands; numpy's row indexing is several times slower)."""
    for i in range(len(to)):
        mine = out[to[i]]
        theirs = source[rows[i]]
        for c in range(out.shape[1]):
            mine[c] = theirs[c]


def warm() -> None:
    """Each loop compiled (or read from numba's cache) at once, on a tiny tree's sizes."""
    one, none = np.zeros(1), np.zeros(0)
    stands(np.zeros((1, 1)), np.zeros(1, np.int64), np.zeros(1, np.int64), np.zeros((23, 1)), np.zeros((23, 1)), 1,
           np.zeros((1, 2)), 0.0, 0.0, 0, 0, 0, np.zeros(1, np.int64), 0, np.empty(1), np.empty(1))  # fmt: skip
    counts = np.zeros(1, np.int64)
    pools(np.zeros(10, np.int64), 0, 0, 0, np.zeros((1, 10), np.int64), counts, counts, np.empty((1, 10)),
          np.empty(1, np.int64), np.empty(1, np.int64), np.empty(1, np.int64), np.empty(1, np.bool_), np.empty(1),
          np.empty(1), np.empty(1))  # fmt: skip
    back(counts[:0], counts[:0], counts[:0], np.zeros(1, np.int32), counts, np.zeros(8, np.bool_), 1, one, one, one,
         np.zeros((1, 10)), none, np.zeros(1, np.bool_), one, one, one, one, 0.0, 0)  # fmt: skip
    ints = np.zeros(2, np.int32)
    sums(ints[:1], ints[:0], one[:0], np.zeros((1, 1)), ints, ints[:1], np.zeros((1, 1)), counts, counts[:0], counts[:0],
         counts, counts, one)  # fmt: skip
    orientations(np.ones((2, 2)), np.zeros((1, 2), np.int64), counts, np.zeros((1, 2), np.int64), counts, counts,
                 counts, counts, counts, 0, counts, counts, counts, counts, np.zeros((1, 1)))  # fmt: skip
    products(np.zeros((1, 1)), counts, counts, np.zeros((1, 1)), one, 1, np.zeros((0, 6), np.int64), counts, counts,
             np.zeros((0, 3), np.int64), np.zeros((1, 1)))  # fmt: skip
    copy_rows(np.zeros((1, 1)), counts, counts, np.zeros((1, 1)))
    mix(np.zeros((1, 1)), one, np.zeros((0, 1)), one)
    faces_part(np.ones((1, 1)), counts, np.zeros((1, 1), np.int64), np.zeros((1, 1), np.int64), 0, np.zeros((1, 1)))


_ready = False


def ready() -> None:
    """The loops compiled before this process first uses them: in a process of its own, which
    leaves them in numba's cache (nothing to do there once they are), then read from the cache
    here — ``Ruleset.warm_odds``, in the live session's odds thread."""
    global _ready
    if _ready:
        return
    try:
        if not _cached():
            subprocess.run([sys.executable, "-c", f"import {__name__} as loops; loops.warm()"], capture_output=True,
                           timeout=300, check=False)  # fmt: skip
    except (OSError, subprocess.SubprocessError):  # then compiled here, on first use
        pass
    warm()
    _ready = True


def _cached() -> bool:
    """Every loop is in numba's cache already, for this source (then only read: well under a
    second)."""
    loops = (stands, pools, back, sums, orientations, products, copy_rows, mix, faces_part)
    try:
        return all(loop._cache._cache_file._load_index() for loop in loops)  # {} for none or a stale one
    except (AttributeError, OSError):  # another numba's insides: ask the other process
        return False
