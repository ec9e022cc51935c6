"""One Million's own grammar (``Ruleset.grammar``): the quest's setup (``quest``, ``hp``, ``dice``,
``skill``, ``jk``, ``shoe``, ``rule``), ``bet`` and ``redistribute``, ``backbet``, the surrender
call ``sr BOX ...``, ``lock``, ``timeup``, ``yellow``, ``next``, ``empty``, and the guild's hand
action ``foresight`` — each ``{head: parser}`` (syntax only)."""

from __future__ import annotations

from dealer_assist.errors import NotationError
from dealer_assist.notation.bounds import MAX_SHOE, MAX_SKILL
from dealer_assist.notation.commands import Command, HandRef
from dealer_assist.notation.parser import bare, need
from dealer_assist.notation.text import shown
from dealer_assist.notation.tokens import is_dash, parse_amount, parse_box, parse_card, parse_int, parse_switch
from dealer_assist.notation.words import JA_NONE
from dealer_assist.tables.onemillion.commands import (
    DIFFICULTIES, RULE_KINDS, SKILL_KINDS, Backbet, Bet, Dice, Empty, Foresight, Hp, JokerLevels, Lock, Next,
    Quest, Redistribute, Rule, Shoe, Skill, SurrenderCall, TimeUp, Yellow,
)  # fmt: skip


def _foresight(hand: HandRef, rest: list[str]) -> Command:
    need(rest, 1, f"{hand} foresight CARD [CARD]", at_most=2)
    return Foresight(hand, tuple(parse_card(t) for t in rest))




def _quest(args: list[str], segment: str) -> Command:
    need(args, 1, "quest extreme|hard|normal|easy", at_most=1)
    if args[0].lower() not in DIFFICULTIES:
        raise NotationError("notation.usage", usage="quest extreme|hard|normal|easy")
    return Quest(args[0].lower())


def _hp(args: list[str], segment: str) -> Command:
    need(args, 1, "hp N", at_most=1)
    return Hp(parse_amount(args[0]))


def _dice(args: list[str], segment: str) -> Command:
    need(args, 1, "dice D [D [D]]", at_most=3)
    return Dice(tuple(parse_int(t, what="die", low=1, high=6) for t in args))


def _skill(args: list[str], segment: str) -> Command:
    usage = "skill surrender LEVEL | skill under on|off | skill redistribute USES | skill mp N"
    need(args, 2, usage, at_most=2)
    name = args[0].lower()
    if name not in SKILL_KINDS:
        raise NotationError("notation.usage", usage=usage)
    if SKILL_KINDS[name] == "bool":
        return Skill(name, parse_switch(args[1], what=name))
    return Skill(name, parse_int(args[1], what=name, low=0, high=MAX_SKILL))


def _jk(args: list[str], segment: str) -> Command:
    need(args, 2, "jk EARLY LATE", at_most=2)
    return JokerLevels(*(parse_int(t, what="joker level", low=0, high=3) for t in args))


def _shoe(args: list[str], segment: str) -> Command:
    need(args, 1, "shoe N", at_most=1)
    return Shoe(parse_int(args[0], what="cards in the shoe", low=1, high=MAX_SHOE))


def _rule(args: list[str], segment: str) -> Command:
    usage = "rule NAME VALUE (" + ", ".join(RULE_KINDS) + ")"
    need(args, 2, usage, at_most=2)
    name = args[0].lower()
    kind = RULE_KINDS.get(name)
    if kind is None:
        raise NotationError("notation.rule_name", got=shown(args[0]), names=", ".join(RULE_KINDS))
    if kind == "bool":
        return Rule(name, parse_switch(args[1], what=name))
    if kind == "int":
        return Rule(name, parse_int(args[1], what=name, low=1, high=MAX_SKILL))
    return Rule(name, parse_amount(args[1]))


def _bet(args: list[str], segment: str) -> Command:
    need(args, 2, "bet BOX AMOUNT | bet BOX -", at_most=2)
    box = parse_box(args[0])
    return Bet(box, None if is_dash(args[1]) else parse_amount(args[1]))


def _redistribute(args: list[str], segment: str) -> Command:
    need(args, 1, "redistribute BOX=AMOUNT ...")
    shares = []
    for t in args:
        box, sep, amount = t.partition("=")
        if not sep:
            raise NotationError("notation.usage", usage="redistribute BOX=AMOUNT ...")
        shares.append((parse_box(box), parse_amount(amount)))
    return Redistribute(tuple(shares))


def _surrender_call(args: list[str], segment: str) -> Command:
    need(args, 1, "sr BOX ...")
    return SurrenderCall(tuple(parse_box(t) for t in args))


def _lock(args: list[str], segment: str) -> Command:
    usage = "lock D D | lock D D D | lock none"
    need(args, 1, usage, at_most=3)
    if len(args) == 1 and (args[0].lower() == "none" or args[0] in JA_NONE):
        return Lock(None)
    if len(args) < 2:
        raise NotationError("notation.usage", usage=usage)
    return Lock(tuple(parse_int(t, what="die", low=1, high=6) for t in args))


def _yellow(args: list[str], segment: str) -> Command:
    need(args, 1, "yellow BOX", at_most=1)
    return Yellow(parse_box(args[0]))


def _next(args: list[str], segment: str) -> Command:
    need(args, 1, "next CARD | next [?]", at_most=1)
    return Next(parse_card(args[0]))


GRAMMAR = {
    "quest": _quest, "hp": _hp, "dice": _dice, "skill": _skill, "jk": _jk, "shoe": _shoe, "rule": _rule,
    "bet": _bet, "redistribute": _redistribute, "backbet": bare(Backbet), "sr": _surrender_call,
    "lock": _lock, "timeup": bare(TimeUp), "yellow": _yellow, "next": _next, "empty": bare(Empty),
}  # fmt: skip
HAND_GRAMMAR = {"foresight": _foresight}
KEYWORDS = ("quest", "hp", "dice", "skill", "jk", "shoe", "rule", "bet", "redistribute", "backbet", "sr", "lock",
            "timeup", "yellow", "next", "empty")  # fmt: skip
