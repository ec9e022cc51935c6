"""The help topics: one command each (``TOPICS``: the shared commands', and each table's own from
its ``Ruleset.topics``), which topics ``help QUERY`` names (``topics_for``), and one command
explained (``topic_help``)."""

from __future__ import annotations

from dealer_assist import notation as n
from dealer_assist import rulesets
from dealer_assist.core.table import Topic
from dealer_assist.messages import text
from dealer_assist.prompt.guards import deal_now


FIRST = ("ruleset",)  # the shared topics before the tables' own, and after them
LAST = ("note", "undo", "help", "quit")
ALL_WORDS = ("all", "全部", "すべて", "全て")


def _shared() -> dict[str, Topic]:
    return {t.name: t for t in (
        Topic("ruleset", "ruleset " + "|".join(rulesets.names()), ("SETUP", "TABLE-1"), "|".join(rulesets.names())),
        Topic("note", "note TEXT", (), "TEXT"),
        Topic("undo", "undo | undo end"),
        Topic("help", "help [COMMAND]", (), "[COMMAND]"),
        Topic("quit", "quit"),
    )}  # fmt: skip


def _all_topics() -> dict[str, Topic]:
    """Every command's topic: the shared ones, and each table's own (``Ruleset.topics``, in the
    registry's order; a command two tables share is explained by the first)."""
    shared = _shared()
    out = {name: shared[name] for name in FIRST}
    for name in rulesets.names():
        for topic in rulesets.get(name).topics:
            out.setdefault(topic.name, topic)
    out.update((name, shared[name]) for name in LAST)
    return out


_BUILT: dict[str, Topic] = {}


def all_topics() -> dict[str, Topic]:
    """Every command's topic, built when first asked for (the tables are imported then)."""
    if not _BUILT:
        _BUILT.update(_all_topics())
    return _BUILT


def hand_topics() -> tuple[str, ...]:
    """The topics of a hand's commands (``HAND ht CARD`` …), for ``help 3``."""
    return tuple(t.name for t in all_topics().values() if t.form.startswith("HAND "))


def __getattr__(name: str):
    """``TOPICS`` and ``HAND_TOPICS`` as module names, for those who import them."""
    if name == "TOPICS":
        return all_topics()
    if name == "HAND_TOPICS":
        return hand_topics()
    raise AttributeError(name)


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
        return list(all_topics())
    if n.parse_hand(low) is not None or low == "hand":
        if len(tokens) == 1:
            return list(hand_topics())
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
    return [word] if word in all_topics() else None


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
    topic = all_topics()[name]
    sep = text("list.sep", lang)
    what = text(f"help.cmd.{name}", lang, names=sep.join(topic.names)).replace("\n", "\n  ")
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
