"""The casino table's own commands (CASINO.md): ``ins BOX ...``, the insurance."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from dealer_assist.notation.commands import Command


@dataclass(frozen=True)
class Insurance(Command):
    """`ins BOX ...`: those seats take insurance (the casino table, INS)."""

    keyword: ClassVar[str] = "ins"
    boxes: tuple[int, ...]
