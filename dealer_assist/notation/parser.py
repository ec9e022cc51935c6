"""The command parser: one command's text -> a ``Command`` (syntax only; whether it is legal
now is the table's business).

The first token picks the parser: a hand (``3``, ``3a``) reads a hand action from
``HAND_GRAMMAR``, any other word (a Japanese command word read as its keyword) is looked up in
``GRAMMAR``, ``{head: parser}``; a parser gets the other tokens and the whole segment.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable

from dealer_assist.errors import NotationError
from dealer_assist.notation.bounds import MAX_SHOE, MAX_SKILL, MAX_TOKEN
from dealer_assist.notation.casino import Insurance
from dealer_assist.notation.commands import (
    Command, Deal, DealerCard, Double, Game, Go, HandRef, Hit, LateSurrender, Note, Peek, Reveal, Ruleset,
    Seat, Split, SplitCard, Stand, Undo, UndoEnd,
)  # fmt: skip
from dealer_assist.notation.million import (
    DIFFICULTIES, RULE_KINDS, SKILL_KINDS, Backbet, Bet, Dice, Empty, Foresight, Hp, JokerLevels, Lock,
    Next, Quest, Redistribute, Rule, Shoe, Skill, SurrenderCall, TimeUp, Yellow,
)  # fmt: skip
from dealer_assist.notation.text import _SPACES_RE, SPACE_CHARS, check_text, shown, tokens_of
from dealer_assist.notation.tokens import (
    is_dash, parse_amount, parse_box, parse_card, parse_hand, parse_int, parse_switch,
)  # fmt: skip
from dealer_assist.notation.words import JA_ACTIONS, JA_COMMANDS, JA_END, JA_NONE

HAND_ACTIONS = ("ht", "st", "dd", "sp", "sr", "foresight")
KEYWORDS = (
    "quest", "hp", "dice", "seat", "skill", "jk", "shoe", "rule", "game", "bet",
    "redistribute", "backbet", "deal", "sr", "go", "peek", "lock", "timeup", "yellow",
    "reveal", "next", "dealer", "empty", "note", "undo", "ruleset", "ins",
)  # fmt: skip

_RULESET_RE = re.compile(r"[a-z][a-z0-9_-]{0,31}")

Parser = Callable[[list[str], str], Command]  # (the tokens after the head, the whole segment)
HandParser = Callable[[HandRef, list[str]], Command]  # (the hand, the tokens after the action)


def _need(args: list[str], count: int, usage: str, *, at_most: int | None = None) -> None:
    if len(args) < count or (at_most is not None and len(args) > at_most):
        raise NotationError("notation.usage", usage=usage)


# --------------------------------------------------------------------------- hand actions


def _hit(hand: HandRef, rest: list[str]) -> Command:
    _need(rest, 1, f"{hand} ht CARD", at_most=1)
    return Hit(hand, parse_card(rest[0]))


def _double(hand: HandRef, rest: list[str]) -> Command:
    _need(rest, 1, f"{hand} dd CARD", at_most=1)
    return Double(hand, parse_card(rest[0]))


def _stand(hand: HandRef, rest: list[str]) -> Command:
    _need(rest, 0, f"{hand} st", at_most=0)
    return Stand(hand)


def _split(hand: HandRef, rest: list[str]) -> Command:
    _need(rest, 0, f"{hand} sp", at_most=0)
    return Split(hand)


def _late_surrender(hand: HandRef, rest: list[str]) -> Command:
    _need(rest, 0, f"{hand} sr", at_most=0)
    return LateSurrender(hand)


def _foresight(hand: HandRef, rest: list[str]) -> Command:
    _need(rest, 1, f"{hand} foresight CARD [CARD]", at_most=2)
    return Foresight(hand, tuple(parse_card(t) for t in rest))


HAND_GRAMMAR: dict[str, HandParser] = {
    "ht": _hit, "dd": _double, "st": _stand, "sp": _split, "sr": _late_surrender, "foresight": _foresight,
}  # fmt: skip


def _parse_hand_command(hand: HandRef, args: list[str]) -> Command:
    if not args:
        raise NotationError("notation.hand_action", hand=str(hand))
    parser = HAND_GRAMMAR.get(JA_ACTIONS.get(args[0], args[0].lower()))
    if parser is not None:
        return parser(hand, args[1:])
    if len(args) == 1:
        try:
            return SplitCard(hand, parse_card(args[0]))
        except NotationError:
            pass
    raise NotationError("notation.hand_action", hand=str(hand))


# --------------------------------------------------------------------------- both tables


def _seat(args: list[str], segment: str) -> Command:
    _need(args, 2, "seat BOX NAME [POINTS]", at_most=3)
    if len(args[1]) > MAX_TOKEN:
        raise NotationError("notation.name_long", got=shown(args[1]), limit=MAX_TOKEN)
    return Seat(parse_box(args[0]), args[1], parse_amount(args[2]) if len(args) == 3 else None)


def _ruleset(args: list[str], segment: str) -> Command:
    _need(args, 1, "ruleset NAME", at_most=1)
    if not _RULESET_RE.fullmatch(args[0].lower()):
        raise NotationError("notation.usage", usage="ruleset NAME")
    return Ruleset(args[0].lower())


def _deal(args: list[str], segment: str) -> Command:
    _need(args, 1, "deal CARD ...")
    return Deal(tuple(parse_card(t) for t in args))


def _peek(args: list[str], segment: str) -> Command:
    _need(args, 0, "peek [CARD]", at_most=1)
    return Peek(parse_card(args[0]) if args else None)


def _reveal(args: list[str], segment: str) -> Command:
    _need(args, 0, "reveal [CARD]", at_most=1)
    return Reveal(parse_card(args[0]) if args else None)


def _dealer(args: list[str], segment: str) -> Command:
    _need(args, 1, "dealer CARD", at_most=1)
    return DealerCard(parse_card(args[0]))


def _note(args: list[str], segment: str) -> Command:
    text = segment.strip(SPACE_CHARS)
    head = _SPACES_RE.split(text, 1)[0]  # the first token, without splitting the whole note
    return Note(text[len(head) :].strip(SPACE_CHARS))


def _undo(args: list[str], segment: str) -> Command:
    if len(args) == 1 and (args[0].lower() == "end" or args[0] in JA_END):
        return UndoEnd()
    _need(args, 0, "undo | undo end", at_most=0)
    return Undo()


def _bare(cls: type[Command]) -> Parser:
    """A command with no argument (``game``, ``go``, …)."""

    def parse(args: list[str], segment: str) -> Command:
        _need(args, 0, cls.keyword, at_most=0)
        return cls()

    return parse


# --------------------------------------------------------------------------- One Million's


def _quest(args: list[str], segment: str) -> Command:
    _need(args, 1, "quest extreme|hard|normal|easy", at_most=1)
    if args[0].lower() not in DIFFICULTIES:
        raise NotationError("notation.usage", usage="quest extreme|hard|normal|easy")
    return Quest(args[0].lower())


def _hp(args: list[str], segment: str) -> Command:
    _need(args, 1, "hp N", at_most=1)
    return Hp(parse_amount(args[0]))


def _dice(args: list[str], segment: str) -> Command:
    _need(args, 1, "dice D [D [D]]", at_most=3)
    return Dice(tuple(parse_int(t, what="die", low=1, high=6) for t in args))


def _skill(args: list[str], segment: str) -> Command:
    usage = "skill surrender LEVEL | skill under on|off | skill redistribute USES | skill mp N"
    _need(args, 2, usage, at_most=2)
    name = args[0].lower()
    if name not in SKILL_KINDS:
        raise NotationError("notation.usage", usage=usage)
    if SKILL_KINDS[name] == "bool":
        return Skill(name, parse_switch(args[1], what=name))
    return Skill(name, parse_int(args[1], what=name, low=0, high=MAX_SKILL))


def _jk(args: list[str], segment: str) -> Command:
    _need(args, 2, "jk EARLY LATE", at_most=2)
    return JokerLevels(*(parse_int(t, what="joker level", low=0, high=3) for t in args))


def _shoe(args: list[str], segment: str) -> Command:
    _need(args, 1, "shoe N", at_most=1)
    return Shoe(parse_int(args[0], what="cards in the shoe", low=1, high=MAX_SHOE))


def _rule(args: list[str], segment: str) -> Command:
    usage = "rule NAME VALUE (" + ", ".join(RULE_KINDS) + ")"
    _need(args, 2, usage, at_most=2)
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
    _need(args, 2, "bet BOX AMOUNT | bet BOX -", at_most=2)
    box = parse_box(args[0])
    return Bet(box, None if is_dash(args[1]) else parse_amount(args[1]))


def _redistribute(args: list[str], segment: str) -> Command:
    _need(args, 1, "redistribute BOX=AMOUNT ...")
    shares = []
    for t in args:
        box, sep, amount = t.partition("=")
        if not sep:
            raise NotationError("notation.usage", usage="redistribute BOX=AMOUNT ...")
        shares.append((parse_box(box), parse_amount(amount)))
    return Redistribute(tuple(shares))


def _surrender_call(args: list[str], segment: str) -> Command:
    _need(args, 1, "sr BOX ...")
    return SurrenderCall(tuple(parse_box(t) for t in args))


def _lock(args: list[str], segment: str) -> Command:
    usage = "lock D D | lock D D D | lock none"
    _need(args, 1, usage, at_most=3)
    if len(args) == 1 and (args[0].lower() == "none" or args[0] in JA_NONE):
        return Lock(None)
    if len(args) < 2:
        raise NotationError("notation.usage", usage=usage)
    return Lock(tuple(parse_int(t, what="die", low=1, high=6) for t in args))


def _yellow(args: list[str], segment: str) -> Command:
    _need(args, 1, "yellow BOX", at_most=1)
    return Yellow(parse_box(args[0]))


def _next(args: list[str], segment: str) -> Command:
    _need(args, 1, "next CARD | next [?]", at_most=1)
    return Next(parse_card(args[0]))


# --------------------------------------------------------------------------- the casino's


def _insurance(args: list[str], segment: str) -> Command:
    _need(args, 1, "ins BOX ...")
    return Insurance(tuple(parse_box(t) for t in args))


GRAMMAR: dict[str, Parser] = {
    # both tables
    "seat": _seat, "ruleset": _ruleset, "game": _bare(Game), "deal": _deal, "go": _bare(Go),
    "peek": _peek, "reveal": _reveal, "dealer": _dealer, "note": _note, "undo": _undo,
    # One Million's
    "quest": _quest, "hp": _hp, "dice": _dice, "skill": _skill, "jk": _jk, "shoe": _shoe, "rule": _rule,
    "bet": _bet, "redistribute": _redistribute, "backbet": _bare(Backbet), "sr": _surrender_call,
    "lock": _lock, "timeup": _bare(TimeUp), "yellow": _yellow, "next": _next, "empty": _bare(Empty),
    # the casino's
    "ins": _insurance,
}  # fmt: skip


# --------------------------------------------------------------------------- one command


def parse_command(segment: str) -> Command:
    """One command (no ``;``, no comment), already normalised (``split_line``).

    Commands are immutable, so the same text always gives the same object: a session types the
    same few hundred commands again and again (``bet 1 10k``, ``1 st``), and replay parses each
    text once."""
    if len(segment) <= _CACHED_TEXT:
        return _parse_cached(segment)
    return _parse_command(segment)


_CACHED_TEXT = 200  # longer texts (notes) are parsed every time and not kept


def _parse_command(segment: str) -> Command:
    check_text(segment)
    tokens = tokens_of(segment)
    if not tokens:
        raise NotationError("notation.empty")
    head, args = JA_COMMANDS.get(tokens[0], tokens[0].lower()), tokens[1:]
    hand = parse_hand(head)
    if hand is not None:
        return _parse_hand_command(hand, args)
    parser = GRAMMAR.get(head)
    if parser is None:
        raise NotationError("notation.unknown", got=shown(tokens[0]))
    return parser(args, segment)


_parse_cached = lru_cache(maxsize=8192)(_parse_command)
