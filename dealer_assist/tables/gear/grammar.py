"""Blackjack Gear's grammar: ``{head: parser}`` for its own commands (docs/NOTATION-gear.md), the
guide's words too (``ギア``, ``デッキ``, ``ヒット``, ``スタンド`` …)."""

from __future__ import annotations

import re

from dealer_assist.errors import NotationError
from dealer_assist.notation.commands import Command
from dealer_assist.notation.parser import bare, need
from dealer_assist.notation.text import shown
from dealer_assist.notation.tokens import is_dash, parse_card
from dealer_assist.tables.gear.commands import (
    Cards, Deck, Effect, First, Flip, GearDef, Hit, Mulligan, Pick, Round, Stand, Use,
)  # fmt: skip

SEATS = 2
MAX_PP = 10  # GG-2: a gear costs at most what a player can ever hold
MAX_LIFE = 99
MAX_N = 30  # an effect's amount: HP, a bet, the goal's shift
MAX_GOAL = 99
DECK = 20  # GEAR-0
KINDS = ("placed", "consumable")
_NAME = re.compile(r"[^\s:*!;#]{1,32}")
_COPIES = re.compile(r"(.+)\*(\d{1,2})")
_EFFECT = re.compile(
    r"(?P<kind>bet|goal|remove|block|draw|return|heal|damage)"
    r"(?::(?P<who>self|opp))?(?::(?P<op>[+=-])?(?P<n>\d{1,3}))?(?P<keep>!)?"
)
WHO = {"bet": True, "goal": False, "remove": False, "block": False, "draw": True, "return": True, "heal": True,
       "damage": True}  # fmt: skip


def seat(token: str) -> int:
    if not token.isascii() or not token.isdigit() or not 1 <= int(token) <= SEATS:
        raise NotationError("gear.notation.seat", got=shown(token))
    return int(token)


def name(token: str) -> str:
    if not _NAME.fullmatch(token):
        raise NotationError("gear.notation.name", got=shown(token))
    return token


def _number(token: str, low: int, high: int, what: str) -> int:
    if not token.isascii() or not token.isdigit() or not low <= int(token) <= high:
        from dealer_assist.i18n_values import Term

        raise NotationError("gear.notation.number", what=Term(f"gear.what.{what.lower()}"), got=shown(token), low=low,
                            high=high)  # fmt: skip
    return int(token)


def effect(token: str) -> Effect:
    """One primitive (GC-2), checked for its shape: who it touches, its sign, its amount."""
    match = _EFFECT.fullmatch(token.lower())
    if not match:
        raise NotationError("gear.notation.effect", got=shown(token))
    kind, who, op, n, keep = match["kind"], match["who"] or "", match["op"] or "", match["n"], bool(match["keep"])
    if WHO[kind] != bool(who):
        raise NotationError("gear.notation.effect", got=shown(token))
    number = int(n) if n is not None else 0
    if kind in ("bet", "goal"):
        if not op or n is None or number > (MAX_GOAL if op == "=" else MAX_N) or (kind == "bet" and op == "="):
            raise NotationError("gear.notation.effect", got=shown(token))
    elif kind in ("heal", "damage"):
        if op or n is None or not 1 <= number <= 5:
            raise NotationError("gear.notation.effect", got=shown(token))
    elif op or n is not None:
        raise NotationError("gear.notation.effect", got=shown(token))
    return Effect(kind, who, op, number, keep)


def _gear(args: list[str], segment: str) -> Command:
    need(args, 5, "gear NAME placed|consumable PP LIFE|- EFFECT ...")
    kind = args[1].lower()
    if kind not in KINDS:
        raise NotationError("gear.notation.kind", got=shown(args[1]))
    life = None if is_dash(args[3]) else _number(args[3], 1, MAX_LIFE, "life")
    return GearDef(name(args[0]), kind, _number(args[2], 0, MAX_PP, "PP"), life, tuple(effect(t) for t in args[4:]))


def _deck(args: list[str], segment: str) -> Command:
    need(args, 2, "deck SEAT NAME*N ...")
    gears: list[tuple[str, int]] = []
    for token in args[1:]:
        match = _COPIES.fullmatch(token)
        gear, copies = (match[1], _number(match[2], 1, DECK, "copies")) if match else (token, 1)
        gears.append((name(gear), copies))
    if len({g for g, _ in gears}) != len(gears):
        raise NotationError("gear.notation.deck_twice")
    return Deck(seat(args[0]), tuple(gears))


def _first(args: list[str], segment: str) -> Command:
    need(args, 1, "first SEAT", at_most=1)
    return First(seat(args[0]))


def _pick(args: list[str], segment: str) -> Command:
    need(args, 2, "pick SEAT NAME ...", at_most=4)
    return Pick(seat(args[0]), tuple(name(a) for a in args[1:]))


def _mulligan(args: list[str], segment: str) -> Command:
    need(args, 2, "mulligan SEAT OUT ... to IN ... | mulligan SEAT -")
    if len(args) == 2 and is_dash(args[1]):
        return Mulligan(seat(args[0]), (), ())
    words = [a.lower() for a in args[1:]]
    if words.count("to") != 1:
        raise NotationError("notation.usage", usage="mulligan SEAT OUT ... to IN ...")
    cut = words.index("to")
    out, into = args[1:1 + cut], args[2 + cut:]
    if not out or len(out) != len(into):
        raise NotationError("gear.notation.mulligan")
    return Mulligan(seat(args[0]), tuple(name(a) for a in out), tuple(name(a) for a in into))


def _cards(args: list[str], segment: str) -> Command:
    need(args, 3, "cards SEAT [X] Y", at_most=3)
    return Cards(seat(args[0]), (parse_card(args[1]), parse_card(args[2])))


def _use(args: list[str], segment: str) -> Command:
    need(args, 2, "use SEAT NAME [TARGET|CARD]", at_most=3)
    return Use(seat(args[0]), name(args[1]), args[2] if len(args) == 3 else None)


def _hit(args: list[str], segment: str) -> Command:
    need(args, 2, "hit SEAT CARD", at_most=2)
    return Hit(seat(args[0]), parse_card(args[1]))


def _stand(args: list[str], segment: str) -> Command:
    need(args, 1, "stand SEAT", at_most=1)
    return Stand(seat(args[0]))


def _flip(args: list[str], segment: str) -> Command:
    need(args, 2, "flip SEAT CARD", at_most=2)
    return Flip(seat(args[0]), parse_card(args[1]))


GRAMMAR = {
    "gear": _gear, "deck": _deck, "first": _first, "pick": _pick, "mulligan": _mulligan, "round": bare(Round),
    "cards": _cards, "use": _use, "hit": _hit, "stand": _stand, "flip": _flip,
    # the guide's words
    "ギア": _gear, "デッキ": _deck, "先攻": _first, "ドロー": _pick, "入れ替え": _mulligan, "ラウンド": bare(Round),
    "トランプ": _cards, "使用": _use, "ヒット": _hit, "スタンド": _stand, "公開": _flip,
}  # fmt: skip
KEYWORDS = ("gear", "deck", "first", "pick", "mulligan", "round", "cards", "use", "hit", "stand", "flip")
