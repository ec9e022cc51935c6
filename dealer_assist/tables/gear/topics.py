"""Blackjack Gear's commands for ``help`` and completion (``Ruleset.topics``), with the clauses of
data/GEAR.md each one touches. ``seat`` and ``note`` are the notation's shared commands."""

from __future__ import annotations

from dealer_assist.core.table import Topic

TOPICS = (
    Topic("gear", "gear NAME placed|consumable PP LIFE|- EFFECT …", ("GC-1", "GC-2"), "NAME KIND PP LIFE EFFECT"),
    Topic("deck", "deck SEAT NAME*N …", ("GEAR-0",), "SEAT NAME*N …"),
    Topic("first", "first SEAT", ("GEAR-1",), "SEAT"),
    Topic("pick", "pick SEAT NAME …", ("GEAR-1", "GEAR-3"), "SEAT NAME …"),
    Topic("mulligan", "mulligan SEAT OUT … to IN … | mulligan SEAT -", ("GEAR-1",), "SEAT OUT … to IN …"),
    Topic("round", "round", ("GEAR-6", "GG-2")),
    Topic("cards", "cards SEAT [X] Y", ("GEAR-2",), "SEAT [X] Y"),
    Topic("use", "use SEAT NAME [TARGET|CARD]", ("GEAR-4", "GG-1", "GC-2"), "SEAT NAME"),
    Topic("hit", "hit SEAT CARD", ("GEAR-4", "GW-5"), "SEAT CARD"),
    Topic("stand", "stand SEAT", ("GEAR-4", "GEAR-5"), "SEAT"),
    Topic("flip", "flip SEAT CARD", ("GEAR-5",), "SEAT CARD"),
)  # fmt: skip
