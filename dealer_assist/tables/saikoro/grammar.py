"""Saikoro's grammar: ``{head: parser}`` for its own commands (data/SAIKORO.md, "Notation"). The
seed's own words are heads too (``ロン``, ``ツモ``, ``サイコロ`` …), and inside a win the chip
objects' (``一発``, ``裏2``, ``赤1``, ``金1``, ``白ポッチ``, ``四華``, ``副露``)."""

from __future__ import annotations

import re

from dealer_assist.errors import NotationError
from dealer_assist.notation.commands import Command
from dealer_assist.notation.parser import bare, need
from dealer_assist.notation.text import shown
from dealer_assist.notation.tokens import is_dash
from dealer_assist.tables.saikoro.commands import (
    Chombo, Extras, Keep, Nagashi, Option, Riichi, Roll, Ron, Ryukyoku, Tsumo, Value,
)  # fmt: skip

SEATS = 4  # SAI-13: four at the table at most
MAX_HAN = 30  # a value past a double yakuman's is a typo
MAX_COUNT = 12  # dora of one kind in one hand
MAX_TYPED = 200_000  # typed points

LIMITS = {
    "mangan": "mangan", "haneman": "haneman", "baiman": "baiman", "sanbaiman": "sanbaiman",
    "kazoe": "kazoe", "yakuman": "yakuman", "double": "double",
    "満貫": "mangan", "跳満": "haneman", "倍満": "baiman", "三倍満": "sanbaiman", "数え役満": "kazoe",
    "役満": "yakuman", "ダブル役満": "double",
}  # fmt: skip
FLAGS = {"open": "open", "副露": "open", "鳴き": "open", "ippatsu": "ippatsu", "一発": "ippatsu",
         "pochi": "pochi", "白ポッチ": "pochi", "白ポッチツモ": "pochi", "shika": "shika", "四華": "shika"}  # fmt: skip
COUNTS = {"ura": "ura", "裏": "ura", "aka": "aka", "赤": "aka", "gold": "gold", "金": "gold"}
OPTIONS = {"tsumo": ("loss", "split"), "bust": ("end", "play")}  # SAI-14 (options.py says what each means)

_HAN_FU = re.compile(r"(\d{1,2})(?:h|han|翻)(\d{2,3})(?:f|fu|符)?")
_POINTS = re.compile(r"\d{3,6}(?:/\d{3,6})?")
_COUNTED = re.compile(r"(ura|aka|gold|裏|赤|金)(\d{1,2})")


def seat(token: str) -> int:
    if not token.isascii() or not token.isdigit() or not 1 <= int(token) <= SEATS:
        raise NotationError("saikoro.notation.seat", got=shown(token), high=SEATS)
    return int(token)


def _count(token: str) -> int:
    if not token.isascii() or not token.isdigit() or int(token) > MAX_COUNT:
        raise NotationError("saikoro.notation.count", got=shown(token), high=MAX_COUNT)
    return int(token)


def value(token: str) -> Value:
    word = token.lower()
    if word in LIMITS or token in LIMITS:
        return Value(limit=LIMITS.get(word) or LIMITS[token])
    match = _HAN_FU.fullmatch(word)
    if match:
        han, fu = int(match[1]), int(match[2])
        if not 1 <= han <= MAX_HAN or fu < 20 or fu > 130 or (fu % 10 and fu != 25):
            raise NotationError("saikoro.notation.han_fu", got=shown(token))
        return Value(han=han, fu=fu)
    if _POINTS.fullmatch(word):
        points = tuple(int(p) for p in word.split("/"))
        if any(p % 100 or not 100 <= p <= MAX_TYPED for p in points):
            raise NotationError("saikoro.notation.points", got=shown(token), high=MAX_TYPED)
        return Value(points=points)
    raise NotationError("saikoro.notation.value", got=shown(token))


def extras(args: list[str], *, allowed: frozenset[str] | None = None) -> Extras:
    """The words after a win's value: flags (``open ippatsu pochi shika``) and counts (``ura 2``,
    ``aka 1``, ``gold 1``; ``裏2`` written as one word)."""
    found: dict[str, int | bool] = {}
    words = list(args)
    while words:
        word = words.pop(0)
        low = word.lower()
        glued = _COUNTED.fullmatch(low)
        if glued:
            name, number = COUNTS[glued[1]], _count(glued[2])
        elif low in COUNTS or word in COUNTS:
            name = COUNTS.get(low) or COUNTS[word]
            if not words:
                raise NotationError("saikoro.notation.count_missing", word=shown(word))
            number = _count(words.pop(0))
        elif low in FLAGS or word in FLAGS:
            name, number = FLAGS.get(low) or FLAGS[word], True
        else:
            raise NotationError("saikoro.notation.extra", got=shown(word))
        if name in found or (allowed is not None and name not in allowed):
            raise NotationError("saikoro.notation.extra", got=shown(word))
        found[name] = number
    return Extras(**found)


def _option(args: list[str], segment: str) -> Command:
    need(args, 2, "option NAME VALUE", at_most=2)
    name, choice = args[0].lower(), args[1].lower()
    if name not in OPTIONS or choice not in OPTIONS[name]:
        raise NotationError("saikoro.notation.option", got=shown(" ".join(args)))
    return Option(name, choice)


def _riichi(args: list[str], segment: str) -> Command:
    need(args, 1, "riichi SEAT", at_most=1)
    return Riichi(seat(args[0]))


def _ron(args: list[str], segment: str) -> Command:
    need(args, 3, "ron WINNER LOSER VALUE [open] [ippatsu] [ura N] [aka N] [gold N] [shika]")
    return Ron(seat(args[0]), seat(args[1]), value(args[2]), extras(args[3:]))


def _tsumo(args: list[str], segment: str) -> Command:
    need(args, 2, "tsumo WINNER VALUE [open] [ippatsu] [ura N] [aka N] [gold N] [pochi] [shika]")
    return Tsumo(seat(args[0]), value(args[1]), extras(args[2:]))


def _nagashi(args: list[str], segment: str) -> Command:
    need(args, 1, "nagashi SEAT [aka N] [gold N]")
    return Nagashi(seat(args[0]), extras(args[1:], allowed=frozenset({"aka", "gold"})))


def _roll(args: list[str], segment: str) -> Command:
    if len(args) == 1 and len(args[0]) in (2, 3) and args[0].isascii() and args[0].isdigit():
        args = list(args[0])  # `roll 456`, as a dealer reads the dice aloud
    need(args, 2, "roll A B [C]", at_most=3)
    for die in args:
        if not die.isascii() or not die.isdigit() or not 1 <= int(die) <= 6:
            raise NotationError("saikoro.notation.die", got=shown(die))
    return Roll(tuple(int(d) for d in args))


def _ryukyoku(args: list[str], segment: str) -> Command:
    need(args, 1, "ryukyoku SEAT ... | ryukyoku -", at_most=SEATS)
    if len(args) == 1 and is_dash(args[0]):
        return Ryukyoku(())
    seats = tuple(sorted({seat(a) for a in args}))
    if len(seats) != len(args):
        raise NotationError("saikoro.notation.seat_twice")
    return Ryukyoku(seats)


def _chombo(args: list[str], segment: str) -> Command:
    need(args, 1, "chombo SEAT", at_most=1)
    return Chombo(seat(args[0]))


GRAMMAR = {
    "option": _option, "riichi": _riichi, "ron": _ron, "tsumo": _tsumo, "nagashi": _nagashi, "roll": _roll,
    "keep": bare(Keep), "ryukyoku": _ryukyoku, "chombo": _chombo,
    # the seed's words
    "リーチ": _riichi, "ロン": _ron, "ツモ": _tsumo, "流し役満": _nagashi, "サイコロ": _roll, "チンチロ": _roll,
    "出目": _roll, "採用": bare(Keep), "流局": _ryukyoku, "チョンボ": _chombo,
}  # fmt: skip
KEYWORDS = ("option", "riichi", "ron", "tsumo", "nagashi", "roll", "keep", "ryukyoku", "chombo")
