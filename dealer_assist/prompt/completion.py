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


def _argument_stem(typed: str) -> str | None:
    """The words before the word being typed (``bet 3 2`` → ``bet 3``), in the notation, when
    what was typed takes arguments; None when there is nothing to complete after a command."""
    line = _canonical(typed)
    if len(line) > n.MAX_LINE or ";" in line or "#" in line or " " not in line.lstrip(" "):
        return None
    return line.rpartition(" ")[0]


def _stem_completions(state, stem: str, lang: str, remembered) -> list[tuple[str, str, str]]:
    """The completions of the word after ``stem`` (``_argument_stem``)."""
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


def argument_completions(state, typed: str, lang: str = "en", *, remembered=None
                         ) -> list[tuple[str, str, str]]:  # fmt: skip
    """The completions of the word being typed after a command's first word (``bet 3 `` → the
    amounts box 3 can bet, ``deal 9 `` → the cards the deal accepts next, ``1 `` → hand 1's
    actions …), as (the whole line to insert, the word shown, its description)."""
    stem = _argument_stem(typed)
    return [] if stem is None else _stem_completions(state, stem, lang, remembered)


def matching(state, typed: str, lang: str = "en", *, remembered=None
             ) -> list[tuple[str, str, str]]:  # fmt: skip
    """The completions that continue ``typed`` (Japanese words read as the notation): the
    commands that can be typed now, and the arguments of the command being typed."""
    options = completions(state, lang) + argument_completions(state, typed, lang, remembered=remembered)
    return _continuing(options, typed)


def _continuing(options: list[tuple[str, str, str]], typed: str) -> list[tuple[str, str, str]]:
    """The options that continue ``typed``, each line once (the first of its kind)."""
    prefix = _canonical_prefix(typed)
    out, seen = [], set()
    for option in options:
        low = option[0].lower()
        if low.startswith(prefix) and low != prefix and low.rstrip(" ") not in seen:
            seen.add(low.rstrip(" "))
            out.append(option)
    return out


class Matcher:
    """``matching``, remembered while the state stays the same (a line is typed keystroke by
    keystroke, the state changes only when a line is entered): the commands possible now are
    found once per state, the arguments once per state and words before the one being typed;
    a keystroke inside a word only filters them. The same completions as ``matching``."""

    def __init__(self) -> None:
        self._key: tuple | None = None  # (state, lang, remembered, version): held, so never another's id
        self._commands: list[tuple[str, str, str]] | None = None
        self._arguments: dict[str, list[tuple[str, str, str]]] = {}

    def _for(self, state, lang: str, remembered, version) -> None:
        key = self._key
        if key is None or key[0] is not state or key[1] != lang or key[2] is not remembered or key[3] != version:
            self._key = (state, lang, remembered, version)
            self._commands = None
            self._arguments = {}

    def commands(self, state, lang: str = "en", *, remembered=None, version=None) -> list[tuple[str, str, str]]:
        """``completions(state, lang)``, found once per state (and ``version``: the number of
        events folded, should a state ever be stepped in place)."""
        self._for(state, lang, remembered, version)
        if self._commands is None:
            self._commands = completions(state, lang)
        return self._commands

    def arguments(self, state, typed: str, lang: str = "en", *, remembered=None, version=None
                  ) -> list[tuple[str, str, str]]:  # fmt: skip
        """``argument_completions``, found once per state and words before the one typed."""
        stem = _argument_stem(typed)
        if stem is None:
            return []
        self._for(state, lang, remembered, version)
        found = self._arguments.get(stem)
        if found is None:
            found = self._arguments[stem] = _stem_completions(state, stem, lang, remembered)
        return found

    def __call__(self, state, typed: str, lang: str = "en", *, remembered=None, version=None
                 ) -> list[tuple[str, str, str]]:  # fmt: skip
        """``matching(state, typed, lang, remembered=remembered)``."""
        commands = self.commands(state, lang, remembered=remembered, version=version)
        found = self.arguments(state, typed, lang, remembered=remembered, version=version)
        return _continuing(commands + found, typed)

    def ahead(self, state, typed: str, lang: str = "en", *, remembered=None, version=None) -> list[str | None]:
        """What the next keystrokes may ask for and is not found yet, to be found while the
        dealer types nothing (``warm``): None for the commands possible now, else the words
        before an argument — those of every command offered with a space after it
        (``deal ``, ``bet 3 ``), and what was typed, should a space follow it."""
        self._for(state, lang, remembered, version)
        if self._commands is None:
            return [None]
        stems = [_argument_stem(option) for option, _, _ in self._commands if option.endswith(" ")]
        if typed and not typed.endswith(" "):
            stems.append(_argument_stem(typed + " "))
        out: list[str | None] = []
        for stem in stems:
            if stem is not None and stem not in self._arguments and stem not in out:
                out.append(stem)
        return out

    def warm(self, state, stem: str | None, lang: str = "en", *, remembered=None, version=None) -> None:
        """Find one thing ``ahead`` named (None: the commands possible now)."""
        if stem is None:
            self.commands(state, lang, remembered=remembered, version=version)
        else:
            self.arguments(state, stem + " ", lang, remembered=remembered, version=version)
