"""The prompt's own words, beside the notation: ``help [QUERY]`` (what can be typed now, or a
command explained), ``hint [basic]`` (what the table's CPU or basic strategy would do) and
``quit``; nothing they answer is entered."""

from __future__ import annotations

from dealer_assist import notation as n
from dealer_assist import rulesets
from dealer_assist.i18n_values import Term
from dealer_assist.messages import text
from dealer_assist.notation import SPACE_CHARS
from dealer_assist.prompt.completion import completions
from dealer_assist.prompt.topics import all_topics, topic_help, topics_for


def help_text(state, lang: str = "en", query: str = "") -> str:
    """``help``: first what can be typed now (with what each does), then how to type;
    ``help COMMAND``: that command explained (``topic_help``); ``help all``: every command."""
    if query.strip(SPACE_CHARS):
        names = topics_for(query)
        if names is None:
            return text("help.unknown", lang, word=n.shown(query.strip(SPACE_CHARS)), commands=" ".join(all_topics()))
        if len(names) == len(all_topics()):
            width = min(max(len(t.form) for t in all_topics().values()), 26)  # a longer form: its own line
            rows = []
            for t in all_topics().values():
                what = text(f"help.short.{t.name}", lang)
                rows += [f"  {t.form}", f"  {'':{width}}  {what}"] if len(t.form) > width else [
                    f"  {t.form.ljust(width)}  {what}"]  # fmt: skip
            return "\n".join([text("help.all", lang), *rows])
        return "\n\n".join(topic_help(name, lang) for name in names)
    rows = completions(state, lang)
    width = max(len(shown) for _, shown, _ in rows)
    lines = [text("help.now", lang)]
    lines += [f"  {shown.ljust(width)}  {meta}" for _, shown, meta in rows]
    words = " ".join(f"{w}={k}" for w, k in n.JA_ACTIONS.items()) + " ジョーカー=JK"
    lines += [text("help.general", lang), text("help.japanese", lang, words=words)]
    return "\n".join(lines)


def prompt_word(line: str) -> tuple[str, str] | None:
    """``help [QUERY]`` or ``quit`` typed at the prompt (``ヘルプ``, ``終了``, ``exit`` too):
    (word, the rest of the line); None for a line of the notation."""
    if len(line) > n.MAX_LINE:
        return None
    tokens = n.tokens_of(n.normalize(line))
    if not tokens:
        return None
    word = n.JA_PROMPT.get(tokens[0], tokens[0].lower())
    word = "quit" if word == "exit" else word
    if word == "quit" and len(tokens) == 1:
        return "quit", ""
    if word in ("help", "hint"):
        return word, " ".join(tokens[1:])
    return None


STRATEGY_WORDS = {"cpu": "cpu", "basic": "basic", "基本": "basic", "基本戦略": "basic"}


def hint_text(state, lang: str = "en", query: str = "") -> str:
    """``hint [basic]``: what the table's CPU (CASINO.md, CPU) — or basic strategy — would do
    now, for the hand whose turn it is or the seat deciding on insurance; nothing is entered."""
    strategy = STRATEGY_WORDS.get(query.strip().lower() or "cpu")
    if strategy is None:
        return text("hint.unknown_strategy", lang, word=query.strip(), words="cpu, basic")
    advise = rulesets.screens(state).hint
    if advise is None:
        return text("hint.no_table", lang)
    advice = advise(state, strategy)
    if advice is None:
        return text("hint.nothing", lang)
    command = text("hint.no_insurance", lang) if advice.action == "no_insurance" else advice.command
    said = text("hint.advice", lang, clause=advice.clause, command=command,
                reason=text(advice.reason, lang, **advice.params),
                strategy=Term(f"sim.strategy.{advice.strategy or strategy}"))  # fmt: skip
    if advice.figures is not None:  # the exact values behind it, where the table computes them (issue 23)
        said += "\n" + text(advice.figures_key or "hint.figures", lang, figures=advice.figures)
    return said


def prompt_answer(state, lang: str, word: tuple[str, str]) -> str:
    """What a prompt word (``prompt_word``: help or hint) answers."""
    return hint_text(state, lang, word[1]) if word[0] == "hint" else help_text(state, lang, word[1])
