"""The casino table's commands for ``help`` and completion (``Ruleset.topics``), with the
CASINO.md clauses each one touches; the shared commands (``ruleset``, ``note``, ``undo``,
``help``, ``quit``) are the prompt's own. Where One Million has a command of the same name, the
merged ``help all`` lists it once (the registry's first table's)."""

from __future__ import annotations

from dealer_assist.core.table import Topic

TOPICS = (
    Topic("seat", "seat SEAT NAME", ("TABLE-1", "TABLE-2"), "SEAT NAME"),
    Topic("game", "game", ("HAND-3",)),
    Topic("deal", "deal CARD …", ("HAND-3", "HAND-4"), "CARD …"),
    Topic("ins", "ins SEAT …", ("INS-1", "INS-2", "INS-4"), "SEAT …"),
    Topic("peek", "peek [CARD]", ("PEEK-1", "PEEK-2"), "[CARD]"),
    Topic("ht", "HAND ht CARD", ("PLAY-2",), "CARD"),
    Topic("st", "HAND st", ("PLAY-3",)),
    Topic("dd", "HAND dd CARD", ("PLAY-4",), "CARD"),
    Topic("sp", "HAND sp", ("PLAY-5", "PLAY-6")),
    Topic("card", "HAND CARD", ("PLAY-6",), "CARD"),
    Topic("late_sr", "HAND sr", ("PLAY-8",)),
    Topic("reveal", "reveal [CARD]", ("DEALER-1",), "[CARD]"),
    Topic("dealer", "dealer CARD", ("DEALER-2",), "CARD"),
    Topic("hint", "hint [basic]", ("CPU-1", "CPU-2"), "[basic]"),
)  # fmt: skip
