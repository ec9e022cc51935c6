"""What the prompt offers (Tab), for every table: the command starts (``suggestions``) and the
words that may follow what was typed (``arguments``), each from the table's own hook
(``rulesets``), with what every table shares (``closing``, ``hand_words``, ``ruleset``,
``undo end``). Every suggestion is a command, or the start of one, that the engine accepts now.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from dealer_assist import notation as n
from dealer_assist import rulesets
from dealer_assist.cards import Card
from dealer_assist.errors import DealerAssistError


def suggestions(state) -> list[str]:
    """Command starts the prompt offers now (completion), by the state's table; at a new
    session's start also ``ruleset`` (the choice of table)."""
    from dealer_assist.expected import choosable

    own = rulesets.screens(state).suggestions(state)
    return ["ruleset ", *own] if choosable(state) else own


def closing(state) -> list[str]:
    """What every table offers last: a note, the undo (after the session's end a plain undo is
    refused, issue 17: ``undo end`` takes the end back), help and quit."""
    return ["note ", "undo end" if state.over else "undo", "help", "quit"]


@dataclass(frozen=True, slots=True)
class Argument:
    """One word the prompt offers after what was typed, with the catalog key (and values) of
    its description."""

    word: str
    key: str
    params: dict


def arguments(state, words: list[str], remembered=None) -> list[Argument]:
    """The words that may follow ``words`` (a command's complete words so far, in the notation)
    as its next word, each one accepted by the rules now (the table's ``arguments`` hook)."""
    if not words:
        return []
    if words[0].lower() == "ruleset":  # the tables a new session may choose
        from dealer_assist.expected import choosable

        return [Argument(name, f"ruleset.choice.{name}", {}) for name in choosable(state)] if len(words) == 1 else []
    if n.JA_COMMANDS.get(words[0], words[0].lower()) == "undo":  # `undo end`: only after the end
        return [Argument("end", "complete.undo_end", {})] if len(words) == 1 and state.over else []
    try:
        return rulesets.screens(state).arguments(state, words, remembered)
    except DealerAssistError:  # what was typed so far cannot be read: nothing to offer
        return []


def listed(args: list[str], candidates, accepts: Callable[[tuple[int, ...]], bool],
           argument: Callable[[int], Argument]) -> list[Argument]:
    """The boxes (seats) that may follow a list command's boxes typed so far (``sr 1 3 ``,
    ``ins 2 ``): each candidate not yet named with which the command (``accepts(boxes)``) is
    accepted now, offered as ``argument(box)``."""
    before = tuple(n.parse_box(word) for word in args)
    return [argument(b) for b in candidates if b not in before and accepts((*before, b))]


def hand_words(ref: n.HandRef, args: list[str], actions: list[str],
               cards: Callable[[Callable[[Card], n.Command]], list[Argument]]) -> list[Argument] | None:  # fmt: skip
    """What every table offers after a hand (``3``, ``3a``): its ``actions`` and the split
    hand's card; after ``ht`` / ``dd`` the cards (``cards(make)``: the table's accepted cards).
    None when the words go on with a table's own action."""
    if not args:
        out = [Argument(a, f"help.short.{'late_sr' if a == 'sr' else a}", {}) for a in actions]
        return out + cards(lambda c: n.SplitCard(ref, c))
    action = n.JA_ACTIONS.get(args[0], args[0].lower())
    if action in ("ht", "dd") and len(args) == 1:
        make = n.Hit if action == "ht" else n.Double
        return cards(lambda c: make(ref, c))
    return None
