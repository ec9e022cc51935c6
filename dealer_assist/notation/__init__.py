"""The session notation (NOTATION.md): text -> commands and back.

This package knows nothing of the table: it checks syntax only. Whether a command is legal
now is the engine's business. Its parts, from the bottom:

- ``bounds``: the bounds of the notation (``MAX_POINTS``, ``MAX_LINE``, ``MAX_TOKEN``, …);
- ``text``: the text door every text goes through — lines, encodings, refused characters,
  spaces, NFKC;
- ``words``: the Japanese words an IME writes (commands, actions, cards, 万/千, dashes);
- ``commands``: what a command is, and the commands every table shares (each table's own
  commands and their parsers are in its package: ``Ruleset.grammar``);
- ``tokens``: the shared tokens — cards, amounts, numbers, boxes, hands, switches;
- ``parser``: one command's text -> a command, a ``{head: parser}`` grammar: the shared
  commands' and every registered table's own, merged when first needed;
- ``script``: a line's segments and commands, the canonical text, a script's lines.

Every name is re-exported here: ``from dealer_assist import notation as n; n.parse_line(...)``.
"""

from __future__ import annotations

from dealer_assist.cards import JOKER, UNKNOWN, Card
from dealer_assist.errors import NotationError
from dealer_assist.notation.bounds import MAX_LINE, MAX_NAME, MAX_POINTS, MAX_SHOE, MAX_SKILL, MAX_TOKEN
from dealer_assist.notation.commands import (
    Command, Deal, DealerCard, Double, Game, Go, HandCommand, HandRef, Hit, LateSurrender, Note, Peek,
    Reveal, Ruleset, Seat, Split, SplitCard, Stand, Undo, UndoEnd,
)  # fmt: skip
from dealer_assist.notation.parser import (
    SHARED_GRAMMAR, SHARED_HAND_ACTIONS, SHARED_KEYWORDS, grammar, hand_actions, hand_grammar, keywords,
    parse_command,
)  # fmt: skip
from dealer_assist.notation.script import ScriptLine, canonical, iter_script, parse_line, split_line
from dealer_assist.notation.text import (
    BOM, SPACE_CHARS, check_text, decode_script, lines, normalize, read_lines, refused_character, shown,
    tokens_of,
)  # fmt: skip
from dealer_assist.notation.tokens import (
    is_dash, parse_amount, parse_box, parse_card, parse_hand, parse_int, parse_switch,
)  # fmt: skip
from dealer_assist.notation.words import (
    DASHES, JA_ACTIONS, JA_CARDS, JA_COMMANDS, JA_END, JA_NONE, JA_PROMPT, JA_UNITS,
)  # fmt: skip

__all__ = [
    "BOM", "DASHES", "JA_ACTIONS", "JA_CARDS",
    "JA_COMMANDS", "JA_END", "JA_NONE", "JA_PROMPT", "JA_UNITS", "JOKER", "MAX_LINE", "MAX_NAME",
    "MAX_POINTS", "MAX_SHOE", "MAX_SKILL", "MAX_TOKEN", "SPACE_CHARS", "UNKNOWN",
    "Card", "Command", "Deal", "DealerCard", "Double", "Game",
    "Go", "HandCommand", "HandRef", "Hit", "LateSurrender",
    "Note", "NotationError", "Peek", "Reveal", "Ruleset", "ScriptLine", "Seat",
    "Split", "SplitCard", "Stand", "Undo", "UndoEnd",
    "canonical", "check_text", "decode_script", "is_dash", "iter_script", "lines", "normalize", "parse_amount",
    "parse_box", "parse_card", "parse_command", "parse_hand", "parse_int", "parse_line", "parse_switch",
    "read_lines", "refused_character", "shown", "split_line", "tokens_of",
]  # fmt: skip

def __getattr__(name: str):
    """The merged notation, by the names it had before the tables registered their own:
    ``KEYWORDS``, ``HAND_ACTIONS``, ``GRAMMAR``, ``HAND_GRAMMAR``."""
    merged = {"KEYWORDS": keywords, "HAND_ACTIONS": hand_actions, "GRAMMAR": grammar, "HAND_GRAMMAR": hand_grammar}
    if name in merged:
        return merged[name]()
    raise AttributeError(name)
