"""The casino table's own grammar (``Ruleset.grammar``): ``ins SEAT ...``, the insurance."""

from __future__ import annotations

from dealer_assist.notation.commands import Command
from dealer_assist.notation.parser import need
from dealer_assist.notation.tokens import parse_box
from dealer_assist.tables.casino.commands import Insurance


def _insurance(args: list[str], segment: str) -> Command:
    need(args, 1, "ins BOX ...")
    return Insurance(tuple(parse_box(t) for t in args))


GRAMMAR = {"ins": _insurance}
KEYWORDS = ("ins",)
