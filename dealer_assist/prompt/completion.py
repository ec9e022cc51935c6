"""The completion menu (Tab): the commands that can be typed now and the arguments of the
command being typed (Japanese words read as the notation), each with its description from the
catalog. The offers themselves are the live layer's (``live.suggestions``, ``live.arguments``)."""

from __future__ import annotations

from dealer_assist import notation as n
from dealer_assist.live import Argument, arguments, suggestions
from dealer_assist.messages import text
from dealer_assist.notation import SPACE_CHARS
from dealer_assist.prompt.guards import deal_now
from dealer_assist.prompt.topics import all_topics, topic_of


def completions(state, lang: str = "en") -> list[tuple[str, str, str]]:
    """What can be typed now, as (text to insert, text shown, description): the notation, and
    its description from the catalog in ``lang``."""
    out = []
    for option in suggestions(state):
        topic = all_topics()[topic_of(option)]
        stem = option.strip(SPACE_CHARS)
        shown = stem + (f" {topic.hint}" if topic.hint and (option.endswith(" ") or topic.hint[0] == "[") else "")
        short = "help.short.undo_end" if stem == "undo end" else f"help.short.{topic.name}"  # after the end
        out.append((option, shown, text(short, lang)))
    return out


def _canonical(typed: str) -> str:
    """What the dealer typed so far, with its Japanese words read as the notation
    (``ベット `` → ``bet ``, ``3 ヒット`` → ``3 ht``)."""
    if len(typed) > n.MAX_LINE:
        return typed
    typed = n.normalize(typed).replace("\t", " ")
    tokens = typed.split(" ")
    if tokens and n.parse_hand(tokens[0].lower()) is not None:
        if len(tokens) > 1:
            tokens[1] = n.JA_ACTIONS.get(tokens[1], tokens[1])
    elif tokens:
        tokens[0] = n.JA_COMMANDS.get(tokens[0], n.JA_PROMPT.get(tokens[0], tokens[0]))
    return " ".join(tokens)


def _canonical_prefix(typed: str) -> str:
    """``_canonical``, lower case (completions match whatever the case)."""
    return _canonical(typed).lower()


def argument_completions(state, typed: str, lang: str = "en", *, remembered=None
                         ) -> list[tuple[str, str, str]]:  # fmt: skip
    """The completions of the word being typed after a command's first word (``bet 3 `` → the
    amounts box 3 can bet, ``deal 9 `` → the cards the deal accepts next, ``1 `` → hand 1's
    actions …), as (the whole line to insert, the word shown, its description)."""
    line = _canonical(typed)
    if len(line) > n.MAX_LINE or ";" in line or "#" in line or " " not in line.lstrip(" "):
        return []
    stem, _, _ = line.rpartition(" ")
    words = stem.split()
    if not words:
        return []
    if words[0].lower() in ("help", "ヘルプ") and len(words) == 1:
        options = [Argument(name, f"help.short.{name}", {}) for name in all_topics()]
    else:
        if deal_now(words[0]) is not None:  # deal! takes the cards of deal
            words = ["deal", *words[1:]]
        options = arguments(state, words, remembered)
    head = stem.rstrip(" ") + " "
    return [(head + a.word, a.word, text(a.key, lang, **a.params)) for a in options]


def matching(state, typed: str, lang: str = "en", *, remembered=None
             ) -> list[tuple[str, str, str]]:  # fmt: skip
    """The completions that continue ``typed`` (Japanese words read as the notation): the
    commands that can be typed now, and the arguments of the command being typed."""
    prefix = _canonical_prefix(typed)
    out, seen = [], set()
    for option in completions(state, lang) + argument_completions(state, typed, lang, remembered=remembered):
        low = option[0].lower()
        if low.startswith(prefix) and low != prefix and low.rstrip(" ") not in seen:
            seen.add(low.rstrip(" "))
            out.append(option)
    return out
