"""High card's grammar: ``{head: parser}`` for its own commands (the shared ones are the notation's)."""

from __future__ import annotations

from dealer_assist.notation.commands import Command
from dealer_assist.notation.parser import bare, need
from dealer_assist.notation.tokens import parse_card
from tinytable.commands import Draw, Hole, Show


def _hole(args: list[str], segment: str) -> Command:
    need(args, 1, "hole CARD", at_most=1)
    return Hole(parse_card(args[0]))


def _draw(args: list[str], segment: str) -> Command:
    need(args, 1, "draw CARD", at_most=1)
    return Draw(parse_card(args[0]))


GRAMMAR = {"hole": _hole, "draw": _draw, "show": bare(Show)}
KEYWORDS = ("hole", "draw", "show")
