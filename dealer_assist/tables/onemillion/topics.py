"""One Million's commands for ``help`` and completion (``Ruleset.topics``), with the RULES.md
clauses each one touches; the shared commands (``ruleset``, ``note``, ``undo``, ``help``,
``quit``) are the prompt's own."""

from __future__ import annotations

from dealer_assist.core.table import Topic
from dealer_assist.tables.onemillion.commands import RULE_KINDS

TOPICS = (
    Topic("quest", "quest extreme|hard|normal|easy", ("SETUP", "DSK-0"), "extreme|hard|normal|easy"),
    Topic("hp", "hp N", ("SETUP",), "N"),
    Topic("dice", "dice D [D [D]]", ("DSK-0",), "D …"),
    Topic("seat", "seat BOX NAME POINTS", ("BOX-1",), "BOX NAME POINTS"),
    Topic("skill", "skill surrender LEVEL | skill under on|off | skill redistribute USES | skill mp N",
          ("GUILD-1", "GUILD-2", "GUILD-5", "GUILD-6"), "NAME VALUE"),
    Topic("jk", "jk EARLY LATE", ("GUILD-7", "JK-3", "JK-4"), "EARLY LATE"),
    Topic("shoe", "shoe N", ("DRAW-6", "ANN-2"), "N"),
    Topic("rule", "rule NAME VALUE", ("SETUP",), "NAME VALUE", names=tuple(RULE_KINDS)),
    Topic("game", "game", ("HEAL-1",)),
    Topic("bet", "bet BOX AMOUNT | bet BOX -", ("BET-1", "BET-2", "BET-3", "BET-5", "BET-6"), "AMOUNT|-"),
    Topic("redistribute", "redistribute BOX=AMOUNT …", ("GUILD-1",), "BOX=AMOUNT …"),
    Topic("backbet", "backbet", ("GUILD-4",)),
    Topic("deal", "deal CARD …", ("CARD-2", "CARD-3", "CARD-4", "CARD-6", "JK-1"), "CARD …"),
    Topic("sr", "sr BOX …", ("SURR-1", "SURR-2", "SURR-4"), "BOX …"),
    Topic("go", "go", ("SURR-1",)),
    Topic("peek", "peek [CARD]", ("BASE-6", "JK-6"), "[CARD]"),
    Topic("lock", "lock D D | lock D D D | lock none", ("DSK-3", "SURR-5"), "D D"),
    Topic("ht", "HAND ht CARD", ("BASE-4", "BASE-5"), "CARD"),
    Topic("st", "HAND st", ("BASE-4",)),
    Topic("dd", "HAND dd CARD", ("BASE-4", "BET-5"), "CARD"),
    Topic("sp", "HAND sp", ("BASE-4",)),
    Topic("card", "HAND CARD", ("BASE-4",), "CARD"),
    Topic("late_sr", "HAND sr", ("SURR-3", "SURR-4")),
    Topic("foresight", "HAND foresight CARD [CARD]", ("GUILD-3", "TIME-1"), "CARD [CARD]"),
    Topic("timeup", "timeup", ("TIME-1",)),
    Topic("yellow", "yellow BOX", ("TIME-2", "TIME-3"), "BOX"),
    Topic("reveal", "reveal [CARD]", ("CARD-4", "JK-6"), "[CARD]"),
    Topic("next", "next CARD | next [?]", ("DRAW-1", "DRAW-2", "DRAW-3", "DRAW-4", "DRAW-5"), "CARD"),
    Topic("dealer", "dealer CARD", ("DRAW-1", "CARD-5"), "CARD"),
    Topic("empty", "empty", ("DRAW-6", "END-F2", "END-1")),
)  # fmt: skip
