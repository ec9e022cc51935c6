"""Saikoro's commands for ``help`` and completion (``Ruleset.topics``), with the clauses of
data/SAIKORO.md each one touches. ``seat`` and ``game`` are the notation's shared commands."""

from __future__ import annotations

from dealer_assist.core.table import Topic

TOPICS = (
    Topic("option", "option tsumo loss|split | option bust end|play", ("SAI-14",), "NAME VALUE"),
    Topic("riichi", "riichi SEAT", ("HOUSE-2",), "SEAT"),
    Topic("ron", "ron WINNER LOSER VALUE [open] [ippatsu] [ura N] [aka N] [gold N] [shika]",
          ("HOUSE-3", "SAI-5", "SAI-6", "SAI-8"), "WINNER LOSER VALUE"),
    Topic("tsumo", "tsumo WINNER VALUE [open] [ippatsu] [ura N] [aka N] [gold N] [pochi] [shika]",
          ("HOUSE-3", "SAI-5", "SAI-6", "SAI-8"), "WINNER VALUE"),
    Topic("roll", "roll A B [C]", ("SAI-6", "SAI-7", "SAI-8", "SAI-11"), "A B [C]"),
    Topic("keep", "keep", ("SAI-6", "SAI-8")),
    Topic("ryukyoku", "ryukyoku SEAT … | ryukyoku -", ("SAI-11",), "SEAT …"),
    Topic("nagashi", "nagashi SEAT [aka N] [gold N]", ("SAI-10",), "SEAT"),
    Topic("chombo", "chombo SEAT", ("SAI-12",), "SEAT"),
)  # fmt: skip
