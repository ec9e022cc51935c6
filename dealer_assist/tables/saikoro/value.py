"""HOUSE-3: a win's value turned into the three-player payment, each payer's share before 本場
and before the dice. Han and fu (and the limits) go through the ``mahjong`` package's
``ScoresCalculator``; points typed are taken as typed.

A ron is paid by the loser alone. A tsumo is paid as the four-player table pays it, less the
absent fourth player's share (ツモ損, option ``tsumo loss``), or with that share divided between the
two payers, rounded up to 100 (``tsumo split``).
"""

from __future__ import annotations

from functools import lru_cache

from dealer_assist.tables.saikoro.commands import Value

# the han a limit is scored at, and whether it is a real yakuman (``is_yakuman``)
LIMIT_HAN = {"mangan": (5, False), "haneman": (6, False), "baiman": (8, False), "sanbaiman": (11, False),
             "kazoe": (13, False), "yakuman": (13, True), "double": (26, True)}  # fmt: skip
REAL_YAKUMAN = frozenset({"yakuman", "double"})


def real_yakuman(value: Value) -> bool:
    """本役満 (SAI-8, 9): a yakuman by its yaku, not counted (数え)."""
    return value.limit in REAL_YAKUMAN


def counted_yakuman(value: Value) -> bool:
    return value.limit == "kazoe" or (not value.limit and value.han >= 13)


def triple_or_more(value: Value) -> bool:
    """トリプル以上 (SAI-8): sanbaiman or above."""
    return value.limit in ("sanbaiman", "kazoe", "yakuman", "double") or (not value.limit and value.han >= 11)


@lru_cache(maxsize=512)
def _scores(han: int, fu: int, tsumo: bool, dealer: bool, yakuman: bool) -> tuple[int, int]:
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
    from mahjong.hand_calculating.scores import ScoresCalculator

    rules = OptionalRules(has_double_yakuman=True, kazoe_limit=HandConfig.KAZOE_LIMITED, kiriage=False)
    config = HandConfig(is_tsumo=tsumo, player_wind=27 if dealer else 28, round_wind=27, options=rules)
    config.is_dealer = dealer
    result = ScoresCalculator.calculate_scores(han=han, fu=fu, config=config, is_yakuman=yakuman)
    return result["main"], result["additional"]


def base(value: Value, *, tsumo: bool, dealer: bool) -> tuple[int, ...] | None:
    """The four-player payments of a win: a ron ``(from the loser,)``; a tsumo by the dealer
    ``(each,)``; a tsumo by a non-dealer ``(each non-dealer, the dealer)``. None when points
    were typed in the wrong shape."""
    if value.points:
        if tsumo and not dealer:
            return value.points if len(value.points) == 2 else None
        return value.points if len(value.points) == 1 else None
    han, fu, yakuman = (*LIMIT_HAN[value.limit][:1], 30, LIMIT_HAN[value.limit][1]) if value.limit else \
        (value.han, value.fu, False)  # fmt: skip
    main, additional = _scores(han, fu, tsumo, dealer, yakuman)
    if not tsumo:
        return (main,)
    return (main,) if dealer else (additional, main)


def shares(value: Value, *, tsumo: bool, winner: int, dealer: int, payers: tuple[int, ...], split: bool,
           absent: bool = True) -> dict[int, int] | None:  # fmt: skip
    """Each payer's share, ``{seat: points}``, before 本場 and the dice. ``payers``: the loser of
    a ron, or the two other players of a tsumo. ``absent``: a fourth share that no one at the
    table pays (always, at three players)."""
    paid = base(value, tsumo=tsumo, dealer=winner == dealer)
    if paid is None:
        return None
    if not tsumo:
        return {payers[0]: paid[0]}
    if winner == dealer:
        out = {p: paid[0] for p in payers}
        missing = paid[0]
    else:
        out = {p: paid[1] if p == dealer else paid[0] for p in payers}
        missing = paid[0]
    if split and absent:
        half = -(-missing // 200) * 100  # half the absent share, rounded up to 100
        out = {p: v + half for p, v in out.items()}
    return out
