"""The help topics: one command of NOTATION.md each (``TOPICS``), which topics ``help QUERY``
names (``topics_for``), and one command explained (``topic_help``)."""

from __future__ import annotations

from dataclasses import dataclass

from dealer_assist import notation as n
from dealer_assist import rulesets
from dealer_assist.messages import text
from dealer_assist.prompt.guards import deal_now


@dataclass(frozen=True, slots=True)
class Topic:
    """One command of NOTATION.md for ``help`` and completion. Its sentences are catalog
    entries: ``help.short.NAME`` (one line: the completion's description), ``help.cmd.NAME``
    (what it does) and ``help.example.NAME`` (an example line, in each language)."""

    name: str
    form: str  # the notation
    clauses: tuple[str, ...] = ()  # RULES.md clauses it touches
    hint: str = ""  # placeholders shown after a completion (``bet 3 AMOUNT|-``)


TOPICS: dict[str, Topic] = {t.name: t for t in (
    Topic("ruleset", "ruleset " + "|".join(rulesets.names()), ("SETUP", "TABLE-1"), "|".join(rulesets.names())),
    Topic("quest", "quest extreme|hard|normal|easy", ("SETUP", "DSK-0"), "extreme|hard|normal|easy"),
    Topic("hp", "hp N", ("SETUP",), "N"),
    Topic("dice", "dice D [D [D]]", ("DSK-0",), "D …"),
    Topic("seat", "seat BOX NAME POINTS", ("BOX-1",), "BOX NAME POINTS"),
    Topic("skill", "skill surrender LEVEL | skill under on|off | skill redistribute USES | skill mp N",
          ("GUILD-1", "GUILD-2", "GUILD-5", "GUILD-6"), "NAME VALUE"),
    Topic("jk", "jk EARLY LATE", ("GUILD-7", "JK-3", "JK-4"), "EARLY LATE"),
    Topic("shoe", "shoe N", ("DRAW-6", "ANN-2"), "N"),
    Topic("rule", "rule NAME VALUE", ("SETUP",), "NAME VALUE"),
    Topic("game", "game", ("HEAL-1",)),
    Topic("bet", "bet BOX AMOUNT | bet BOX -", ("BET-1", "BET-2", "BET-3", "BET-5", "BET-6"), "AMOUNT|-"),
    Topic("redistribute", "redistribute BOX=AMOUNT …", ("GUILD-1",), "BOX=AMOUNT …"),
    Topic("backbet", "backbet", ("GUILD-4",)),
    Topic("deal", "deal CARD …", ("CARD-2", "CARD-3", "CARD-4", "CARD-6", "JK-1"), "CARD …"),
    Topic("sr", "sr BOX …", ("SURR-1", "SURR-2", "SURR-4"), "BOX …"),
    Topic("go", "go", ("SURR-1",)),
    Topic("ins", "ins SEAT …", ("INS-1", "INS-2", "INS-4"), "SEAT …"),
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
    Topic("note", "note TEXT", (), "TEXT"),
    Topic("undo", "undo | undo end"),
    Topic("help", "help [COMMAND]", (), "[COMMAND]"),
    Topic("hint", "hint [basic]", ("CPU-1", "CPU-2"), "[basic]"),
    Topic("quit", "quit"),
)}  # fmt: skip
HAND_TOPICS = ("ht", "st", "dd", "sp", "card", "late_sr", "foresight")
ALL_WORDS = ("all", "全部", "すべて", "全て")


def topic_of(suggestion: str) -> str:
    """The help topic of a completion (``bet 3 `` → bet, ``1 sr`` → late_sr, ``1a `` → card)."""
    tokens = n.tokens_of(suggestion)
    if n.parse_hand(tokens[0]) is not None:
        if len(tokens) == 1:
            return "card"
        return "late_sr" if tokens[1] == "sr" else tokens[1]
    return tokens[0]


def topics_for(query: str) -> list[str] | None:
    """The topics ``help QUERY`` explains: a keyword (``bet``), a hand action with or without
    its hand (``ht``, ``3 ht``, ``3a 7``), a Japanese word (``ヒット``, ``ベット``), ``all``;
    None when it names no command."""
    tokens = n.tokens_of(n.normalize(query)) if len(query) <= n.MAX_LINE else []
    if not tokens:
        return []
    first, low = tokens[0], tokens[0].lower()
    if low in ALL_WORDS:
        return list(TOPICS)
    if n.parse_hand(low) is not None or low == "hand":
        if len(tokens) == 1:
            return list(HAND_TOPICS)
        action = n.JA_ACTIONS.get(tokens[1], tokens[1].lower())
        if action == "sr":
            return ["late_sr"]
        return [action] if action in n.HAND_ACTIONS else ["card"]
    if first in n.JA_CARDS or low in ("jk", "[jk]"):
        return ["jk", "deal"]  # the joker levels, and the joker as a card (in deal)
    if deal_now(first) is not None:  # the prompt's deal! is explained with deal
        return ["deal"]
    word = n.JA_PROMPT.get(first) or n.JA_COMMANDS.get(first) or n.JA_ACTIONS.get(first) or low
    word = "quit" if word == "exit" else word
    if word == "sr":
        return ["sr", "late_sr"]
    return [word] if word in TOPICS else None


def japanese_words(topic: str) -> list[str]:
    """The Japanese words read as this command (notation's tables)."""
    if topic == "late_sr":
        return [w for w, a in n.JA_ACTIONS.items() if a == "sr"]
    words = [w for w, k in n.JA_COMMANDS.items() if k == topic]
    words += [w for w, a in n.JA_ACTIONS.items() if a == topic and topic != "sr"]
    words += [w for w, k in n.JA_PROMPT.items() if k == topic]
    if topic == "deal":
        words += list(n.JA_CARDS)
    if topic == "lock":
        words += list(n.JA_NONE)
    if topic == "bet":
        words.append("ー")
    return words


def topic_help(name: str, lang: str = "en") -> str:
    """One command explained: its form, what it does, an example, its clauses, its words."""
    topic = TOPICS[name]
    sep = text("list.sep", lang)
    what = text(f"help.cmd.{name}", lang, names=sep.join(n.RULE_KINDS)).replace("\n", "\n  ")
    lines = [text("help.topic", lang, form=topic.form, what=what, example=text(f"help.example.{name}", lang))]
    if topic.clauses:
        lines.append(text("help.topic_rules", lang, clauses=sep.join(topic.clauses)))
    words = japanese_words(name)
    if words:
        lines.append(text("help.topic_words", lang, words=" / ".join(words)))
    if name == "deal":  # the prompt's guards of the deal
        lines.append("  " + text("help.deal_bang", lang))
        lines.append("  " + text("help.deal_line_guard", lang))
    if name == "undo":  # after the end a plain undo is refused (issue 17)
        lines.append("  " + text("help.undo_end", lang))
    return "\n".join(lines)
