"""Issue 23: the hand on turn's draw values (``odds_hand``'s hit, double and split) for a pool,
every hand it can reach weighed at once — the same exact figures as ``_Player.draw``'s
recursion, in a few array operations.

``odds_tree`` lists the hands a start can reach (the same for every pool). For a pool, each hand's
pool is the pool less its cards; the dealer's outcome for all of them comes from the dealer's
sequences summed by kind and set of faces (``odds_weights.Weights``), the kinds the hands' counts
of jokers allow only (a table's sequences serve every rule and count): for each set of faces the
hands drew, every set's faces part ``Π ff(r[i] − d[i], m[i])`` summed by kind (in two halves of the
faces, ``odds_faces``, or one sparse product in logarithms, whichever weighs less); for each hand,
the part the orientations and the size give for its pool with the count's validity for the dealer's
jokers (the player's jokers count for the dealer too), one row per (cards drawn, open, jokers),
times its set's sums (a product per number of faces drawn and outcome). A hidden hole card is a
joker's table and the faces' tables merged (``odds_start.faces_merged``). The values are then found
from the deepest hands back, each card with its chance from the pool of the hand that draws it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from scipy import sparse
from threadpoolctl import threadpool_limits

from dealer_assist.tables.onemillion import odds_dealer as od
from dealer_assist.tables.onemillion.odds_dealer import ACE, TEN
from dealer_assist.tables.onemillion import odds_faces, odds_loops, odds_reached, odds_start
from dealer_assist.tables.onemillion.odds_table import validity
from dealer_assist.tables.onemillion.odds_weights import SLOTS, Weights, ff_rows, rest, unique_rows
from dealer_assist.tables.onemillion.odds_tree import OPEN, Tree

threadpool_limits(1, user_api="blas")  # small products: one thread (see core/dealer_hands.py)

def _kept(cache: dict, owner, build):
    """``build()``, kept in ``cache`` for ``owner`` (by identity, the owner kept with it)."""
    found = cache.get(id(owner))
    if found is not None and found[0] is owner:
        return found[1]
    if len(cache) > 512:
        cache.clear()
    value = build()
    cache[id(owner)] = (owner, value)
    return value


_prepared: dict[int, tuple] = {}


def prepare(weights: Weights) -> tuple:
    """What the rows need of a dealer's sequences (``odds_weights.Weights``, usually the kinds a
    count allows: ``Weights.allowed``), kept with them: each set's faces as a sparse row over the
    (face, count) places of the ``ff`` table; the kinds × sets matrix with the kinds in the order
    of their outcome, and where each outcome's kinds lie; each kind's orientation group (the
    groups: open, closed, either way and jokers drawn, a closed card stood on) and what its validity reads
    (private, jokers gone on, the joker that ended the hand); and its sets by halves of the faces
    (``odds_faces.Halves``)."""
    return _kept(_prepared, weights, lambda: _prepare(weights))


def _prepare(weights: Weights) -> tuple:
    entries, starts = weights._entries, weights._starts
    # a row per set, its entries in order of face (``Weights``)
    places = sparse.csr_matrix((np.ones(len(entries)), entries, np.r_[starts, len(entries)]),
                               shape=(len(starts), 10 * SLOTS))  # fmt: skip
    outcome, mo, mc, me, mj, cany, private, gone, term = weights._kinds
    order = np.argsort(outcome, kind="stable")
    groups, group_at = unique_rows(np.stack([mo, mc, me, mj, cany], axis=1)[order])
    outcomes, first = np.unique(outcome[order], return_index=True)
    ends = np.r_[first[1:], len(order)]
    bounds = tuple((int(o), int(lo), int(hi)) for o, lo, hi in zip(outcomes, first, ends))
    reads = (private[order], gone[order], term[order])
    matrix = weights._matrix[order]  # a new matrix, the kinds in order of their outcome
    halves = odds_faces.Halves(weights._entries, weights._starts, matrix)
    return places, matrix, groups, group_at, reads, bounds, halves


def prepare_tree(tree: Tree) -> None:
    """What the rows keep of a tree (``_by_level``, its sets by halves, ``_edges``), built at once
    (``odds.warm``)."""
    _tree_halves_of(tree)
    _edges(tree)


def prepare_split(first: int) -> None:
    """What a split of a pair of ``first`` (a value index) shares with its hit and its double,
    weighed after it from the same pool, built at once (``odds.warm``): which of their hands the
    split's hands hold (``odds_reached.same_hands``) and the hit's others, for each most jokers a
    hand can hold, as ``dealer`` weighs them (``part_of``, with its sets by halves; split aces only:
    the split's other hands hold the hit's)."""
    from dealer_assist.tables.onemillion.odds_tree import JOKERS, tree

    ace = first == ACE
    split = tree(first + 1, ace, 1, not ace)  # PLAY-7: a split ace takes one card
    hit = tree(2 * first + 2, ace, 2, True)
    odds_reached.same_hands(tree(2 * first + 2, ace, 2, False), split)
    _, shared = odds_reached.same_hands(hit, split)
    for top in range(JOKERS + 1):
        chosen = ~shared & (hit.drawn[:, 2] <= top)[hit.drawn_of]
        if chosen.any():
            _tree_halves_of(part_of(hit, chosen))


def _tree_halves_of(tree) -> odds_faces.TreeHalves:
    order = _by_level(tree)[0]
    return _kept(_tree_halves, tree.face_of, lambda: odds_faces.TreeHalves(tree.faces[order]))


def _by_level(tree: Tree) -> tuple:
    """The tree's sets of faces in the order of their number of faces, and its hands by that
    number: for each number, where its sets of faces and its (cards drawn, open, jokers) lie
    (both in one piece: ``Tree.drawn`` is sorted by cards drawn), and each of its hands with its
    place in the product of those two, flat (nearly every pairing of the two is a hand: one
    product weighs them all); and those levels as ``odds_loops.products`` reads them. Kept with
    the hands, the same for every count of cards (``odds_tree.tree``)."""
    return _kept(_levels, tree.face_of, lambda: _levels_of(tree))


_levels: dict[int, tuple] = {}


def _levels_of(tree: Tree) -> tuple:
    n_of_face = tree.faces.sum(axis=1)
    order = np.argsort(n_of_face, kind="stable")
    place = np.empty(len(order), dtype=np.int64)
    place[order] = np.arange(len(order))
    hand_n = n_of_face[tree.face_of]
    by_n = np.argsort(hand_n, kind="stable")  # the hands by their number of faces, in order within each
    cuts = np.flatnonzero(np.r_[True, np.diff(hand_n[by_n]) != 0])
    ends = np.r_[cuts[1:], len(by_n)]
    # one piece each: the sets are in the order of their number of faces, ``drawn`` sorted by it
    # (a part's sets and rows are its hands' only: every place of a piece is drawn)
    f, d = place[tree.face_of[by_n]], tree.drawn_of[by_n]
    f_lo, f_hi = np.minimum.reduceat(f, cuts), np.maximum.reduceat(f, cuts)
    d_lo, d_hi = np.minimum.reduceat(d, cuts), np.maximum.reduceat(d, cuts)
    width = f_hi + 1 - f_lo
    level = np.repeat(np.arange(len(cuts)), ends - cuts)
    at = (d - d_lo[level]) * width[level] + (f - f_lo[level])  # the hand's place in the product (drawn × faces)
    out = tuple((slice(int(f_lo[i]), int(f_hi[i]) + 1), slice(int(d_lo[i]), int(d_hi[i]) + 1), by_n[cuts[i]:ends[i]],
                 at[cuts[i]:ends[i]]) for i in range(len(cuts)))  # fmt: skip
    # the same end to end, as ``odds_loops.products`` reads them
    table = np.stack([f_lo, f_hi + 1, d_lo, d_hi + 1, cuts, ends], axis=1).astype(np.int64).reshape(-1, 6)
    return order, out, (table, by_n.astype(np.int64), at.astype(np.int64))


def dealer_rows(weights: Weights, rules, kd: int, r, o: int, j: int, tree: Tree, *, size_less: int = 0,
                top: int | None = None) -> np.ndarray:  # fmt: skip
    """The dealer's outcome vector (``Weights.weigh``) for each hand's pool (``r``/``o``/``j`` the
    pool before the hand's draws; ``kd`` the dealer's count, to which the hand's jokers add;
    ``size_less``: the faces the orientation part leaves out, ``Weights.weigh``'s ``size``;
    ``top``: the hands holding more jokers are not weighed, their rows stay 0).

    The hands whose jokers give the dealer's count different levels read different kinds: they
    are weighed together with the kinds any of their counts allows (each hand's validity then
    bars the others), or each count's hands apart with its own kinds, whichever weighs less."""
    live = tree.drawn[:, 2] <= (top if top is not None else tree.drawn[:, 2].max())
    ks = np.minimum(kd + tree.drawn[:, 2], max(rules[2] - 1, 0))  # ``odds_dealer._k``
    counts, k_of = np.unique(ks[live], return_inverse=True)
    count_of = np.full(len(ks), len(counts), dtype=np.int64)  # each row's count; a row not weighed: none
    count_of[live] = k_of.reshape(-1)
    tables = [validity(rules, int(k)) for k in counts]
    together = weights.allowed(tables[0] if len(tables) == 1 else np.maximum.reduce(tables))
    if len(tables) > 1:
        chosen = [(count_of == c)[tree.drawn_of] for c in range(len(tables))]
        alone = [weights.allowed(table) for table in tables]
        if sum(_cost(w, *_size(tree, marks)) for w, marks in zip(alone, chosen)) < _cost(together, *_size(tree)):
            parts = [part_of(tree, marks) for marks in chosen]
            out = np.zeros((len(tree.d), od.SIZE))
            for w, table, part in zip(alone, tables, parts):
                into(out, part.hands, _weigh(w, [table], np.zeros(len(part.drawn), np.int64), r, o, j, part,
                                             size_less))  # fmt: skip
            return out
    return _weigh(together, tables, count_of, r, o, j, tree, size_less)


def into(out: np.ndarray, hands: np.ndarray, rows: np.ndarray) -> None:
    """``out[hands] = rows`` (``odds_loops.copy_rows``)."""
    odds_loops.copy_rows(out, hands, np.arange(len(hands)), rows)


def _size(tree, chosen: np.ndarray | None = None) -> tuple[int, int]:
    """The sets of faces and the hands of ``tree``, or of its hands ``chosen`` marks (what their
    ``part_of`` would hold, counted without making it)."""
    if chosen is None:
        return len(tree.faces), len(tree.d)
    sets = np.bincount(tree.face_of[chosen], minlength=len(tree.faces))
    return int(np.count_nonzero(sets)), int(np.count_nonzero(chosen))


def _cost(weights: Weights, sets: int, hands: int) -> int:
    """About what ``_weigh`` does for ``sets`` sets of faces and ``hands`` hands (their faces parts,
    then the kinds by hand), read from the weights as they are (``prepare`` is made only for the
    weights then weighed)."""
    matrix = weights._matrix
    return (len(weights._entries) + matrix.nnz) * sets + matrix.shape[0] * hands


def _weigh(weights: Weights, tables: list, count_of: np.ndarray, r, o: int, j: int, tree, size_less: int) -> np.ndarray:
    """``dealer_rows`` with the kinds of ``weights``, each hand's count the row of ``tables`` that
    ``count_of`` gives by its (cards drawn, open, jokers) — past the last, none: not weighed.

    For every distinct set of faces the hands drew, each kind's sets' counts times their faces
    part, in two halves of the faces (``odds_faces``; ``_weigh_small`` where the tree's sets are
    few); then each hand's orientation part and validity (one row per (cards drawn, open,
    jokers), a column per kind) times its set's sums: for the hands that drew the same number of
    faces, one product per outcome pairs every (cards drawn, open, jokers) with every set of faces
    (``odds_loops.products``)."""
    places, matrix, groups, group_at, reads, bounds, halves = prepare(weights)
    out = np.zeros((len(tree.d), od.SIZE))
    if not matrix.nnz:
        return out
    top = int(sum(r)) + int(j) + 1
    order, levels, flat = _by_level(tree)
    tree_halves = _tree_halves_of(tree)
    weighed = count_of < len(tables)  # the rows of a count (the others stay 0)
    n_u, do_u, dj_u = (tree.drawn[weighed, c] for c in range(3))
    mo, mc, me, mj, cany = groups[:, 0], groups[:, 1], groups[:, 2], groups[:, 3], groups[:, 4].astype(bool)
    orientation = np.zeros((len(tree.drawn), len(groups)))
    if len(n_u):
        orientation[weighed] = rest(mo, mc, me, mj, cany, weights.hidden, int(sum(r)) - n_u - size_less, o - do_u,
                                    j - dj_u)  # fmt: skip
    # each count's kinds allowed (with one count, every kind kept), and none for a row of no count
    allowed = np.ones((len(tables) + 1, matrix.shape[0]))
    for c, table in enumerate(tables):
        allowed[c] = table[reads] > 0
    allowed[len(tables)] = 0.0
    if halves.cost(tree_halves) >= (places.nnz + matrix.nnz) * len(order):
        return _weigh_small(places, matrix, orientation, group_at, allowed, count_of, bounds, levels, order, tree, r,
                            top, out)  # fmt: skip
    # by halves of the faces: each outcome's kinds' sums in one block, a row per set; each
    # (cards drawn, open, jokers) weighs its count's kinds only (``odds_loops.products``)
    n_sets, kinds = tree_halves.size, matrix.shape[0]
    outcomes = np.array(bounds, dtype=np.int64).reshape(-1, 3)
    widths = outcomes[:, 2] - outcomes[:, 1]
    stride = np.repeat(widths, widths)  # each kind's block: its width, and where its first set's sum goes
    first = np.repeat(outcomes[:, 1], widths)
    base = first * n_sets + np.arange(kinds) - first
    summed = np.empty(kinds * n_sets)
    high, low = odds_faces.parts(halves, tree_halves, r, top)
    table, hands, at = flat
    odds_faces.summed(halves, tree_halves, high, low, base, stride, summed)
    odds_loops.products(orientation, group_at, count_of, allowed, summed, n_sets, table, hands,
                        at, outcomes, out)  # fmt: skip
    return out


def _weigh_small(places, matrix, orientation, group_at, allowed, count_of, bounds, levels, order, tree, r, top,
                 out) -> np.ndarray:  # fmt: skip
    """``_weigh`` for a tree whose sets are few beside the kinds' halves: the faces part of every
    set for every set of faces drawn, as one sparse product in logarithms, summed by kind with
    the counts (one more); then, for each number of faces drawn, one product per outcome."""
    left = np.clip(np.asarray(r, dtype=np.int64)[None, :] - tree.faces[order], 0, top)  # out of reach: any row
    logs = _log_ff_table(top)[left].reshape(len(order), 10 * SLOTS)
    summed = np.empty((matrix.shape[0], len(order)))
    step = min(256, max(32, 500_000 // places.shape[0]))  # a few sets at a time: the faces parts stay in the cache
    for at in range(0, len(order), step):
        summed[:, at:at + step] = matrix @ np.exp(places @ logs[at:at + step].T)
    # kinds by outcome × (cards drawn, open, jokers): gathered by rows, read transposed
    per_kind = np.ascontiguousarray(orientation.T).take(group_at, axis=0)
    rows_allowed = allowed[count_of]  # each (cards drawn, open, jokers): its count's kinds
    if not rows_allowed.all():
        per_kind *= rows_allowed.T
    weighs = allowed.any(axis=1)[count_of]  # a row whose count allows no kind is left out
    for faces_n, drawn_n, hands, at in levels:
        rows, sums = per_kind[:, drawn_n], summed[:, faces_n]
        live = weighs[drawn_n]
        if not live.all():
            width = faces_n.stop - faces_n.start
            place = np.cumsum(live) - 1
            kept = live[at // width]
            rows, hands = rows[:, live], hands[kept]
            at = place[at[kept] // width] * width + at[kept] % width
        if not len(hands):
            continue
        for outcome, lo, hi in bounds:
            out[hands, outcome] = (rows[lo:hi].T @ sums[lo:hi]).ravel().take(at)
    return out


_tree_halves: dict[int, tuple] = {}  # by tree (its ``face_of``)


@dataclass(frozen=True, eq=False)
class _Part:
    """Some of a tree's hands (``hands``, its indices), with what ``_weigh`` reads of a tree."""

    hands: np.ndarray
    faces: np.ndarray
    face_of: np.ndarray
    drawn: np.ndarray
    drawn_of: np.ndarray

    @property
    def d(self) -> np.ndarray:
        return self.hands


def part_of(tree: Tree, chosen: np.ndarray) -> _Part:
    """The hands of ``tree`` that ``chosen`` marks (one flag per hand; kept per tree and marks)."""
    key = (id(tree.face_of), np.packbits(chosen).tobytes())
    found = _parts.get(key)
    if found is not None and found[0] is tree.face_of:
        return found[1]
    hands = np.flatnonzero(chosen)
    faces, face_of = np.unique(tree.face_of[hands], return_inverse=True)
    rows, drawn_of = np.unique(tree.drawn_of[hands], return_inverse=True)  # still sorted by cards drawn
    part = _Part(hands=hands, faces=tree.faces[faces], face_of=face_of.reshape(-1), drawn=tree.drawn[rows],
                 drawn_of=drawn_of.reshape(-1))  # fmt: skip
    if len(_parts) > 512:
        _parts.clear()
    _parts[key] = (tree.face_of, part)
    return part


_parts: dict[tuple, tuple] = {}


def _log_ff_table(top: int) -> np.ndarray:
    """``log ff(x, m)`` for x = 0…top at least (−inf where it is 0)."""
    return _log_ff_rows(len(ff_rows(top)))


@lru_cache(maxsize=8)
def _log_ff_rows(rows: int) -> np.ndarray:
    with np.errstate(divide="ignore"):
        return np.log(ff_rows(rows - 1))


def _allowed(excluded, hidden: bool, r_ten, r_ace, size, o, j) -> np.ndarray | float:
    """``odds._Table.allowed`` for many pools."""
    if not hidden or not any(excluded):
        return 1.0
    ex_ten, ex_ace, ex_joker = excluded
    closed = size - o
    cards = closed + j
    safe = np.where(cards > 0, cards, 1)
    out = 1.0 - (j / safe if ex_joker else 0.0)
    share = np.divide(r_ten * ex_ten + r_ace * ex_ace, size, out=np.zeros(len(size)), where=size > 0)
    out = out - closed / safe * share
    return np.where(cards > 0, out, 1.0)


def _dealer_shared(t, player, tree: Tree, r, o, j, left, size, on, jn, reach: int) -> np.ndarray:
    """``dealer``, the hands an earlier weighing of the same hand on turn reached (the split's,
    weighed first, for the hit's: the same pool) taken from it (``odds_reached.same_hands``)."""
    base = (tuple(r), o, j, left, reach)
    for base0, tree0, vec0 in player.weighed:
        if base0 == base:
            at, hit = odds_reached.same_hands(tree, tree0)
            if hit.any():
                vec = dealer(t, player, tree, r, o, j, size, on, jn, reach, need=~hit)
                taken = np.flatnonzero(hit)
                odds_loops.copy_rows(vec, taken, at[taken], vec0)
                break
    else:
        vec = dealer(t, player, tree, r, o, j, size, on, jn, reach)
    player.weighed.append((base, tree, vec))
    return vec


def dealer(t, player, tree: Tree, r, o, j, size, on, jn, reach: int, need=None, cap: int | None = None) -> np.ndarray:
    """The dealer's outcome for every hand's pool; a hidden hole card a joker (``odds._Table.holes``)
    or a face (the faces' tables merged, ``odds_start.hidden_hole``), each with its chance from the
    hand's pool. Only the hands holding ``reach`` jokers or fewer (and those ``need`` marks, if
    given) are weighed (the others are never reached: ``draw_value``); theirs stay 0. ``cap``: the
    shoe holds that many cards past the deal (``odds_counted``); else it cannot run out."""
    rules = player.rules

    def rows(weights, kd, r, j, size_less=0):
        top = min(reach, j)  # a hand cannot hold more jokers than its pool had
        if need is None:  # the hands holding more are left out by their rows
            return dealer_rows(weights, rules, kd, r, o, j, tree, size_less=size_less, top=top)
        chosen = need & (tree.drawn[:, 2] <= top)[tree.drawn_of]
        out = np.zeros((len(tree.d), od.SIZE))
        if chosen.any():
            part = part_of(tree, chosen)
            into(out, part.hands, dealer_rows(weights, rules, kd, r, o, j, part, size_less=size_less))
        return out

    if not t.pool.hidden:
        return rows(t.sequences_for((), cap).weights(), player.kd, r, j)
    closed = size - on
    pool = closed + jn
    dpool = np.where(pool > 0, pool, 1)
    merged = t.faces_merged(cap)
    weight = np.where((pool > 0) & (size > 0), closed / dpool / np.where(size > 0, size, 1), 0.0)
    out = rows(merged, player.kd, r, j, size_less=1)  # each a new array: weighed in place (a tree's are large)
    joker = np.where(pool > 0, jn / dpool, 0.0)
    part = out[:0]  # no joker: the faces only
    for _, table, r2, j2, k2 in t.holes((), r, o, j, player.kd, faces=False, cap=cap):  # the joker, if it may be one
        part = rows(table.weights(), k2, r2, j2)
    odds_loops.mix(out, weight, part, joker)
    return out


def draw_value(player, tree: Tree, r, o, j, left, bet: int, under: bool, penalty: int, *,
               counted=None) -> tuple[float, float]:  # fmt: skip
    """``_Player.draw`` from the start of ``tree`` for the pool ``r``/``o``/``j`` (nothing known on
    top; the shoe long enough that the dealer's sequences serve every pool reached — or, where
    it may run out, ``counted`` weighs the hands it leaves short: ``odds_counted``). A hand
    played on: its hit may have been weighed already, as a hand reached (``odds_reached``); the
    hit values of the hands reached are kept for the hands on turn after it."""
    t = player.table
    play = bool(tree.draws[1:].any())  # played on (not a double, not a split ace)
    key = odds_reached.context(player, bet, under, penalty) + (play,)
    if play:
        found = odds_reached.find(player, r, o, j, left, int(tree.hard[0]), bool(tree.ace[0]), int(tree.n[0]), key)
        if found is not None:
            return found
    hidden = bool(t.pool.hidden)
    n_hands = len(tree.d)
    faces = np.empty((n_hands, 10))  # each hand's pool: its faces left, size, open faces, jokers
    size, on, jn = np.empty(n_hands, np.int64), np.empty(n_hands, np.int64), np.empty(n_hands, np.int64)
    ok = np.empty(n_hands, np.bool_)  # the pool can be: the hand drew no more than it holds
    f_open, f_closed, f_joker = np.empty(n_hands), np.empty(n_hands), np.empty(n_hands)  # its next card's factors
    odds_loops.pools(np.asarray(r, dtype=np.int64), o, j, int(hidden), tree.d, tree.do, tree.dj, faces, size, on,
                     jn, ok, f_open, f_closed, f_joker)  # fmt: skip
    fate = [player._joker(player.kp + x + 1) for x in range(8)]
    fate_ace = np.array([f == ACE for f in fate])
    # a hand holding x jokers is reached only if the first x jokers it drew went on as aces (JK-4)
    reach = int(np.argmin(fate_ace)) if not fate_ace.all() else len(fate_ace)
    vec = _dealer_shared(t, player, tree, r, o, j, left, size, on, jn, reach)
    if counted is not None:  # the shoe may run out (DRAW-6)
        counted(player, vec, o, size, on, jn, reach, f_open, f_closed, f_joker)
    vec[~ok] = 0.0
    top_jokers = min(reach, int(j))  # a hand holding more is never reached (JK-4), nor can the pool give more
    points, damage = _stand(player, tree, vec, bet, under, top_jokers)
    loss = {ACE: 0.0, "lose": float(bet), "all": float(max(player.everything, bet))}
    fate_loss = np.array([loss[f] for f in fate])
    excluded = t.excluded
    e = _edges(tree)
    lost_factor = np.zeros(0)
    if hidden and any(excluded):  # what the check allowed of the pool the card leaves (a loss only)
        target = e.target.copy()  # a hand reached, else the loss's row: a bust, a joker by its number
        target[e.jokers] = np.where(fate_ace[e.jd], e.joker_child, n_hands + 1 + e.jd)
        lost = np.flatnonzero(target >= n_hands)
        par, face, joker, kind = e.par[lost], e.face[lost], e.joker[lost], e.kind[lost]
        s2 = size[par] - ~joker
        r_ten = faces[par, TEN] - ((face == TEN) & ~joker)
        r_ace = faces[par, ACE] - ((face == ACE) & ~joker)
        lost_factor = np.ones(len(target))
        lost_factor[lost] = _allowed(excluded, hidden, r_ten, r_ace, s2, on[par] - (kind == OPEN), jn[par] - joker)
    vp, vd = np.empty(n_hands + 9), np.empty(n_hands + 9)  # each hand's points and damage, then the losses'
    vp[:n_hands], vd[:n_hands] = points, damage
    vp[n_hands], vd[n_hands] = -float(bet + penalty), 0.0  # BASE-5, DSK-5
    vp[n_hands + 1:], vd[n_hands + 1:] = -fate_loss, 0.0  # JK-4, JK-9
    hits_p, hits_d = np.full(n_hands, np.nan), np.full(n_hands, np.nan)  # NaN: a hit not worked out
    # ``odds_hand.better``: more points, or the same (within the stake's ``tie``) and more damage
    odds_loops.back(e.piece_par, e.piece_lo, e.piece_hi, e.child, tree.dj, fate_ace, n_hands, f_open, f_closed,
                    f_joker, faces, lost_factor, tree.draws, vp, vd, hits_p, hits_d, float(player.tie(bet)),
                    top_jokers)  # fmt: skip
    if play:
        odds_reached.keep(player, tree, r, o, j, left, key, hits_p, hits_d)
    return float(hits_p[0]), float(hits_d[0])


class _Edges:
    """A tree's edges (``Tree.steps``) end to end, as ``odds_loops.back`` reads them: the hands
    that draw, by level, the start first (``piece_par``), each with its cards in one piece
    (``piece_lo``, ``piece_hi``) in ``odds_tree``'s order — the ten faces open, the ten closed, the
    joker where the shoe may still hold one; each card's hand reached (``child``: ``len(tree.d)``
    for a bust; a joker's, its row chosen by the joker's fate in each call). For the check's
    losses (``draw_value``): each edge's parent, kind, face, whether it is a joker, and ``target``
    (``child``, a joker's the bust's row), with the joker edges (``jokers``), their hand reached and
    their parent's jokers (``jd``)."""

    __slots__ = ("par", "kind", "face", "joker", "target", "child", "jokers", "joker_child", "jd",
                 "piece_par", "piece_lo", "piece_hi")

    def __init__(self, tree: Tree) -> None:
        n_hands = len(tree.d)
        pieces: list[list[np.ndarray]] = [[] for _ in range(7)]
        firsts, parents = [], []
        at = 0
        order = np.r_[np.arange(10), np.arange(10), 0]  # each parent's cards: the faces open, closed, the joker
        kinds = np.r_[np.full(10, OPEN), np.full(10, 1), 2]
        for step in tree.steps:
            if not step:
                continue
            par, kind, child, face_on, joker, jd, local, face = step
            starts = np.flatnonzero(np.r_[True, local[1:] != local[:-1]])
            lengths = np.diff(np.r_[starts, len(par)])
            slot = np.arange(len(par)) - np.repeat(starts, lengths)
            # ``odds_tree`` lists each parent's cards together, in that order, the joker last
            assert (lengths >= 20).all() and (lengths <= 21).all() and (slot < 21).all()
            assert (face == order[slot]).all() and (kind == kinds[slot]).all()
            firsts.append(at + starts)
            parents.append(par[starts])
            at += len(par)
            target = np.where(face_on, child, n_hands).astype(np.int64)
            for piece, column in zip(pieces, (par, kind, face, joker, target, child, jd)):
                piece.append(column)
        columns = [np.concatenate(piece) if piece else np.zeros(0, dtype=np.int32) for piece in pieces]
        self.par, self.kind, self.face, self.joker, self.target, child, jd = columns
        self.child = np.where(self.joker, child, self.target).astype(np.int32)
        self.jokers = np.flatnonzero(self.joker)
        self.joker_child = child[self.jokers]
        self.jd = jd[self.jokers].astype(np.int64)
        self.piece_lo = np.concatenate(firsts).astype(np.int64) if firsts else np.zeros(0, dtype=np.int64)
        self.piece_hi = np.r_[self.piece_lo[1:], at].astype(np.int64)
        self.piece_par = np.concatenate(parents).astype(np.int64) if parents else np.zeros(0, dtype=np.int64)


def _edges(tree: Tree) -> _Edges:
    return _kept(_edge_cache, tree.face_of, lambda: _Edges(tree))


_edge_cache: dict[int, tuple] = {}


@lru_cache(maxsize=4096)
def _pay(bet: int, win: int, limit: int) -> tuple[np.ndarray, np.ndarray]:
    """A stand's points and damage for each dealer's outcome, by the hand's total (0…22)."""
    pay_p = np.zeros((23, od.SIZE))
    pay_d = np.zeros((23, od.SIZE))
    mine = np.arange(23)[:, None]
    totals = np.arange(12, 22)[None, :]
    two, more = od.TWO + totals[0] - 12, od.MORE + totals[0] - 12
    beats, loses = mine > totals, mine < totals
    pay_p[:, more] = bet * beats - bet * loses
    pay_d[:, more] = win * beats
    counted = beats & (totals > limit)  # DSK-1: a win against a two-card stand at or under the limit is a push
    pay_p[:, two] = bet * counted - bet * loses
    pay_d[:, two] = win * counted
    pay_p[:, od.BUST] += bet
    pay_d[:, od.BUST] += win
    pay_p[:, od.BLACKJACK] -= bet
    pay_p[:, od.JOKER] -= bet
    return pay_p, pay_d


def _stand(player, tree: Tree, vec: np.ndarray, bet: int, under: bool,
           top_jokers: int) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """``_Player.stand`` for every hand of the tree holding ``top_jokers`` jokers or fewer (the others
    are never reached: 0; ``odds_loops.stands``)."""
    hp = player.hp
    pay_p, pay_d = _pay(bet, min(bet, hp), player.push_limit)
    top = int(tree.n.max())
    bonus = under and top >= player.under_cards
    amount = _under_amounts(player.under_bonus, player.under_cards, bet, top) if bonus else np.zeros((1, 2))
    points, damage = np.empty(len(vec)), np.empty(len(vec))
    odds_loops.stands(vec, tree.mine, tree.n, pay_p, pay_d, player.under_cards if bonus else top + 1, amount,
                      float(bet), float(hp), od.JOKER, od.BLACKJACK, od.FAILURE, tree.dj, top_jokers, points,
                      damage)  # fmt: skip
    return points, damage


@lru_cache(maxsize=256)
def _under_amounts(under_bonus, first: int, bet: int, top: int) -> np.ndarray:
    """GUILD-2's winnings (``odds_hand.under_bonus``) for a stake of ``bet``, by the hand's cards
    (``first``…``top``) and whether it is 21."""
    amount = np.zeros((top + 1, 2))
    for cards in range(first, top + 1):
        for twenty_one in (0, 1):
            amount[cards, twenty_one] = under_bonus(bet, cards, bool(twenty_one))
    return amount
