"""The command parser: one command's text -> a ``Command`` (syntax only; whether it is legal
now is the table's business).

The first token picks the parser: a hand (``3``, ``3a``) reads a hand action from
the hand grammar, any other word (a Japanese command word read as its keyword) is looked up in
the grammar, ``{head: parser}``: the shared commands' (``SHARED_GRAMMAR``) and each table's own
(``Ruleset.grammar``, merged by ``grammar()`` when first needed); a parser gets the other tokens
and the whole segment.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable

from dealer_assist.errors import NotationError
from dealer_assist.notation.bounds import MAX_TOKEN
from dealer_assist.notation.commands import (
    Command, Deal, DealerCard, Double, Game, Go, HandRef, Hit, LateSurrender, Note, Peek, Reveal, Ruleset,
    Seat, Split, SplitCard, Stand, Undo, UndoEnd,
)  # fmt: skip
from dealer_assist.notation.text import _SPACES_RE, SPACE_CHARS, check_text, shown, tokens_of
from dealer_assist.notation.tokens import parse_amount, parse_box, parse_card, parse_hand
from dealer_assist.notation.words import JA_ACTIONS, JA_COMMANDS, JA_END

SHARED_HAND_ACTIONS = ("ht", "st", "dd", "sp", "sr")
SHARED_KEYWORDS = ("seat", "game", "deal", "go", "peek", "reveal", "dealer", "note", "undo", "ruleset")

_RULESET_RE = re.compile(r"[a-z][a-z0-9_-]{0,31}")

Parser = Callable[[list[str], str], Command]  # (the tokens after the head, the whole segment)
HandParser = Callable[[HandRef, list[str]], Command]  # (the hand, the tokens after the action)


def need(args: list[str], count: int, usage: str, *, at_most: int | None = None) -> None:
    if len(args) < count or (at_most is not None and len(args) > at_most):
        raise NotationError("notation.usage", usage=usage)


# --------------------------------------------------------------------------- hand actions


def _hit(hand: HandRef, rest: list[str]) -> Command:
    need(rest, 1, f"{hand} ht CARD", at_most=1)
    return Hit(hand, parse_card(rest[0]))


def _double(hand: HandRef, rest: list[str]) -> Command:
    need(rest, 1, f"{hand} dd CARD", at_most=1)
    return Double(hand, parse_card(rest[0]))


def _stand(hand: HandRef, rest: list[str]) -> Command:
    need(rest, 0, f"{hand} st", at_most=0)
    return Stand(hand)


def _split(hand: HandRef, rest: list[str]) -> Command:
    need(rest, 0, f"{hand} sp", at_most=0)
    return Split(hand)


def _late_surrender(hand: HandRef, rest: list[str]) -> Command:
    need(rest, 0, f"{hand} sr", at_most=0)
    return LateSurrender(hand)


SHARED_HAND_GRAMMAR: dict[str, HandParser] = {
    "ht": _hit, "dd": _double, "st": _stand, "sp": _split, "sr": _late_surrender,
}  # fmt: skip


def _parse_hand_command(hand: HandRef, args: list[str]) -> Command:
    if not args:
        raise NotationError("notation.hand_action", hand=str(hand))
    action = JA_ACTIONS.get(args[0], args[0].lower())
    parser = _merge(every=False)["hands"].get(action)
    if parser is None and len(args) == 1:  # a split hand's card (no table's action is a card word)
        try:
            return SplitCard(hand, parse_card(args[0]))
        except NotationError:
            pass
    parser = parser or hand_grammar().get(action)
    if parser is not None:
        return parser(hand, args[1:])
    raise NotationError("notation.hand_action", hand=str(hand))


# --------------------------------------------------------------------------- both tables


def _seat(args: list[str], segment: str) -> Command:
    need(args, 2, "seat BOX NAME [POINTS]", at_most=3)
    if len(args[1]) > MAX_TOKEN:
        raise NotationError("notation.name_long", got=shown(args[1]), limit=MAX_TOKEN)
    return Seat(parse_box(args[0]), args[1], parse_amount(args[2]) if len(args) == 3 else None)


def _ruleset(args: list[str], segment: str) -> Command:
    need(args, 1, "ruleset NAME", at_most=1)
    if not _RULESET_RE.fullmatch(args[0].lower()):
        raise NotationError("notation.usage", usage="ruleset NAME")
    return Ruleset(args[0].lower())


def _deal(args: list[str], segment: str) -> Command:
    need(args, 1, "deal CARD ...")
    return Deal(tuple(parse_card(t) for t in args))


def _peek(args: list[str], segment: str) -> Command:
    need(args, 0, "peek [CARD]", at_most=1)
    return Peek(parse_card(args[0]) if args else None)


def _reveal(args: list[str], segment: str) -> Command:
    need(args, 0, "reveal [CARD]", at_most=1)
    return Reveal(parse_card(args[0]) if args else None)


def _dealer(args: list[str], segment: str) -> Command:
    need(args, 1, "dealer CARD", at_most=1)
    return DealerCard(parse_card(args[0]))


def _note(args: list[str], segment: str) -> Command:
    text = segment.strip(SPACE_CHARS)
    head = _SPACES_RE.split(text, 1)[0]  # the first token, without splitting the whole note
    return Note(text[len(head) :].strip(SPACE_CHARS))


def _undo(args: list[str], segment: str) -> Command:
    if len(args) == 1 and (args[0].lower() == "end" or args[0] in JA_END):
        return UndoEnd()
    need(args, 0, "undo | undo end", at_most=0)
    return Undo()


def bare(cls: type[Command]) -> Parser:
    """A command with no argument (``game``, ``go``, …)."""

    def parse(args: list[str], segment: str) -> Command:
        need(args, 0, cls.keyword, at_most=0)
        return cls()

    return parse


SHARED_GRAMMAR: dict[str, Parser] = {
    "seat": _seat, "ruleset": _ruleset, "game": bare(Game), "deal": _deal, "go": bare(Go),
    "peek": _peek, "reveal": _reveal, "dealer": _dealer, "note": _note, "undo": _undo,
}  # fmt: skip


# --------------------------------------------------------------------------- the tables' own


_MERGED: dict[tuple[str, ...], dict] = {}


def _merge(every: bool = True) -> dict:
    """The shared grammar with the registered tables' own (``Ruleset.grammar``, ``hand_grammar``,
    ``keywords``): every table's, or (``every=False``) those of the tables already loaded, so
    that parsing at one table does not load the others until a word only another table knows
    is read. A head two tables claim is a mistake found here."""
    rulesets = _registry()
    tables = tuple(rulesets.names() if every else rulesets.loaded())
    merged = _MERGED.get(tables)
    if merged is None:
        grammar: dict[str, Parser] = dict(SHARED_GRAMMAR)
        hands: dict[str, HandParser] = dict(SHARED_HAND_GRAMMAR)
        keywords = list(SHARED_KEYWORDS)
        owner: dict[str, str] = {}
        for name in tables:
            table = rulesets.get(name)
            for head in table.hand_grammar:
                if _is_card(head):
                    raise TypeError(f"table {name!r}: the hand action {head!r} reads as a card")
            for mine, into in ((table.grammar, grammar), (table.hand_grammar, hands)):
                for head, parser in mine.items():
                    if head in into:
                        raise TypeError(f"table {name!r} claims the command {head!r} of {owner.get(head, 'the notation')}")
                    into[head], owner[head] = parser, name
            keywords += [k for k in table.keywords if k not in keywords]
        merged = _MERGED[tables] = {
            "grammar": grammar, "hands": hands, "keywords": tuple(keywords),
            "actions": (*SHARED_HAND_ACTIONS, *(h for h in hands if h not in SHARED_HAND_ACTIONS)),
        }  # fmt: skip
    return merged


def _registry():
    """``dealer_assist.rulesets``, imported when first needed (the registry imports the
    notation) and kept: every command parsed asks for it."""
    global _RULESETS
    if _RULESETS is None:
        from dealer_assist import rulesets

        _RULESETS = rulesets
    return _RULESETS


_RULESETS = None


def _is_card(word: str) -> bool:
    try:
        parse_card(word)
    except NotationError:
        return False
    return True


def grammar() -> dict[str, Parser]:
    """Every command's parser, ``{head: parser}``: the shared commands' and the tables' own."""
    return _merge()["grammar"]


def hand_grammar() -> dict[str, HandParser]:
    return _merge()["hands"]


def keywords() -> tuple[str, ...]:
    """Every command word of the notation (the shared ones, then the tables')."""
    return _merge()["keywords"]


def hand_actions() -> tuple[str, ...]:
    """Every hand action (``ht st dd sp sr``, then the tables' own, e.g. ``foresight``)."""
    return _merge()["actions"]


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
    parser = _merge(every=False)["grammar"].get(head) or grammar().get(head)
    if parser is None:
        raise NotationError("notation.unknown", got=shown(tokens[0]))
    return parser(args, segment)


_parse_cached = lru_cache(maxsize=8192)(_parse_command)
