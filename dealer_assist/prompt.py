"""The live prompt (prompt_toolkit): what the dealer types during a stream.

Each line goes through ``LiveSession.enter`` (stored before it is reported); the rulings
and the compact state are printed with rich; the bottom toolbar says what the tool expects
next and shows the TIME-1 clock (also in a terminal without cursor position reports:
``output_without_cpr``). When a clock runs out the toolbar offers the command that records it
(F2 puts it on the line; Enter records it like any other command).

The prompt teaches itself: ``help`` lists what can be typed now, ``help COMMAND`` explains
one command of NOTATION.md with its form, an example and its clauses; Tab completes the
commands possible now and their arguments (difficulties, boxes, the amounts a box can bet,
a hand's actions, cards), every one tried with the engine's own ``can``; the first refused
card of a session is followed by the card notation. It guards the deal: ``deal`` while
boxes have no bet line and the bet clock runs is held until it is sent again (or typed as
``deal!``), and so is a deal line that stops inside a round, or that would complete the round
only in place of the partial line before it (``deal_line``: it is then offered as that line's
replacement). A pipe (``run_pipe``) has none of this: it reads the notation, strictly.

Everything the prompt prints comes from the catalog, in the language it is given (the
completions themselves are the notation, the same in every language). The parts that need
no terminal are pure functions (``help_text``, ``completions``, ``matching``,
``argument_completions``, ``toolbar_html``, ``prompt_word``, ``deal_guard``, ``deal_now``,
``card_refusal``) so that they can be tested as text.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Iterable

from rich.console import Console, Group
from rich.text import Text

from dealer_assist import notation as n
from dealer_assist import deal_line
from dealer_assist import render
from dealer_assist.engine import Phase
from dealer_assist import rulesets
from dealer_assist.errors import DealerAssistError
from dealer_assist.i18n import Term, clause_prefix
from dealer_assist.live import Argument, LiveSession, arguments, clock, suggestions
from dealer_assist.messages import text
from dealer_assist.notation import SPACE_CHARS
from dealer_assist.wrap import Wrapped
from dealer_assist.store import short_hash


# --------------------------------------------------------------------------- help topics


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


def completions(state, lang: str = "en") -> list[tuple[str, str, str]]:
    """What can be typed now, as (text to insert, text shown, description): the notation, and
    its description from the catalog in ``lang``."""
    out = []
    for option in suggestions(state):
        topic = TOPICS[topic_of(option)]
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


def argument_completions(state, typed: str, lang: str = "en", *, last_bets: dict[int, int] | None = None
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
        options = [Argument(name, f"help.short.{name}", {}) for name in TOPICS]
    else:
        if deal_now(words[0]) is not None:  # deal! takes the cards of deal
            words = ["deal", *words[1:]]
        options = arguments(state, words, last_bets)
    head = stem.rstrip(" ") + " "
    return [(head + a.word, a.word, text(a.key, lang, **a.params)) for a in options]


def matching(state, typed: str, lang: str = "en", *, last_bets: dict[int, int] | None = None
             ) -> list[tuple[str, str, str]]:  # fmt: skip
    """The completions that continue ``typed`` (Japanese words read as the notation): the
    commands that can be typed now, and the arguments of the command being typed."""
    prefix = _canonical_prefix(typed)
    out, seen = [], set()
    for option in completions(state, lang) + argument_completions(state, typed, lang, last_bets=last_bets):
        low = option[0].lower()
        if low.startswith(prefix) and low != prefix and low.rstrip(" ") not in seen:
            seen.add(low.rstrip(" "))
            out.append(option)
    return out


def help_text(state, lang: str = "en", query: str = "") -> str:
    """``help``: first what can be typed now (with what each does), then how to type;
    ``help COMMAND``: that command explained (``topic_help``); ``help all``: every command."""
    if query.strip(SPACE_CHARS):
        names = topics_for(query)
        if names is None:
            return text("help.unknown", lang, word=n.shown(query.strip(SPACE_CHARS)), commands=" ".join(TOPICS))
        if len(names) == len(TOPICS):
            width = min(max(len(t.form) for t in TOPICS.values()), 26)  # a longer form: its own line
            rows = []
            for t in TOPICS.values():
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
    advise = rulesets.hook(state, "hint")
    if advise is None:
        return text("hint.no_table", lang)
    advice = advise(state, strategy)
    if advice is None:
        return text("hint.nothing", lang)
    command = text("hint.no_insurance", lang) if advice.action == "no_insurance" else advice.command
    return text("hint.advice", lang, clause=advice.clause, command=command,
                reason=text(advice.reason, lang, **advice.params),
                strategy=Term(f"sim.strategy.{strategy}"))  # fmt: skip


class Clocks:
    """Start times of the TIME-1 windows, by (game, window), on the ``monotonic`` clock.

    A window's clock starts at the timestamp of the stored event that opened it
    (``LiveSession.window_start``), so after a restart it goes on where it was instead of
    starting from full; a window this prompt cannot date starts when the prompt first sees it."""

    def __init__(self, monotonic: Callable[[], float] = time.monotonic, wall: Callable[[], float] = time.time) -> None:
        self.monotonic = monotonic
        self.wall = wall  # the clock of the stored timestamps (epoch seconds)
        self.started: dict[tuple[int, str], float] = {}

    def remaining(self, live: LiveSession) -> tuple[str, int, str] | None:
        running = clock(live.state)
        if running is None:
            return None
        start = self.started.get(running.key)
        if start is None:
            now = self.monotonic()
            opened = live.window_start(running.key)
            start = now if opened is None else now - max(0.0, self.wall() - opened)
            self.started[running.key] = start
        left = running.seconds - int(self.monotonic() - start)
        return running.name, left, running.offer

    def offer(self, live: LiveSession) -> str | None:
        """The command that records a run-out clock (F2 puts it on the line), if one ran out."""
        ticking = self.remaining(live)
        if ticking is not None and ticking[1] <= 0:
            return ticking[2]
        return None

    def bets_running(self, live: LiveSession) -> bool:
        """Whether the bet clock is running and has time left."""
        ticking = self.remaining(live)
        return ticking is not None and ticking[0] == "bets" and ticking[1] > 0


# --------------------------------------------------------------------------- guards and hints

# refusals about a card: the first one of a session is followed by the card notation's hint
CARD_REFUSALS = frozenset({
    "notation.card", "card.unknown_here", "deal.first_face_needed", "deal.too_many", "dealer.card_face_needed",
    "card.eighth_joker", "dealer.hole_face_needed", "dealer.hole_mismatch", "shoe.known_top",
    "guild.foresight_unknown", "guild.foresight_second_open",
})  # fmt: skip
DEAL_WORDS = ("deal", *(w for w, k in n.JA_COMMANDS.items() if k == "deal"))


def card_refusal(error: DealerAssistError) -> bool:
    """Whether a refusal is about a card (one that cannot be read, or cannot be there, or a
    card missing where the notation needs one)."""
    if error.key in CARD_REFUSALS:
        return True
    return error.key == "notation.usage" and "CARD" in str(error.params.get("usage", ""))


class CardHint:
    """The card notation explained once a session, after the first refused card."""

    def __init__(self) -> None:
        self.shown = False

    def after(self, error: DealerAssistError, lang: str = "en") -> str | None:
        if self.shown or not card_refusal(error):
            return None
        self.shown = True
        return text("prompt.card_hint", lang)


def deal_now(line: str) -> str | None:
    """``deal! CARD …`` (a prompt word, not the notation): the same line with the plain
    ``deal``, to be dealt without the guard; None for any other line."""
    if len(line) > n.MAX_LINE:
        return None
    stripped = line.lstrip(SPACE_CHARS)
    tokens = n.tokens_of(stripped)
    if not tokens:
        return None
    first = tokens[0]
    word = n.normalize(first)
    if not word.endswith("!") or (word[:-1].lower() not in DEAL_WORDS and word[:-1] not in DEAL_WORDS):
        return None
    return line[: len(line) - len(stripped)] + "deal" + stripped[len(first) :]


def deal_guard(state, line: str) -> list[int]:
    """The boxes that ``line`` would deal past without a bet line (BET-1: they play no bet) —
    the non-bankrupt boxes with no bet line yet, less those the line itself bets for before
    its ``deal``; empty when the line deals nothing in the bet window (or after a back-bet,
    where the bets come after the deal)."""
    game = state.game
    if state.phase is not Phase.BETS or game is None or game.backbet:
        return []
    try:
        commands = n.parse_line(line)
    except DealerAssistError:
        return []
    covered = set(game.bets)
    for cmd in commands:
        if isinstance(cmd, n.Bet):
            covered.add(cmd.box)
        elif isinstance(cmd, n.Deal):
            return [b for b, box in state.boxes.items() if not box.bankrupt and b not in covered]
    return []


def guard_text(state, boxes: list[int], lang: str = "en") -> str:
    named = text("list.sep", lang).join(text("prompt.guard_box", lang, box=b, player=state.boxes[b].player)
                                        for b in boxes)  # fmt: skip
    return text("prompt.deal_guard", lang, boxes=named)


def toolbar_html(live: LiveSession, clocks: Clocks, lang: str = "en") -> str:
    """The bottom toolbar: what the tool expects next, and the TIME-1 clock."""
    from dealer_assist.expected import expected as expectation  # a new session also names the other tables

    expected = expectation(live.state)
    parts = f"<b>{expected.clause}</b> {_escape(expected.text(lang))}"
    ticking = clocks.remaining(live)
    if ticking is not None:
        name, left, offer = ticking
        clock_name = Term(f"clock.{name}")
        if left > 0:
            shown = text("prompt.clock", lang, clock=clock_name, minutes=left // 60, seconds=left % 60)
            parts += f"   ⏱ {_escape(shown)}"
        else:
            ran_out = text("time.ran_out", lang, clock=clock_name)
            shown = text("prompt.offer", lang, ran_out=ran_out, offer=offer)
            parts += f"   <style bg='ansired'>⏰ {_escape(shown)}</style>"
    return parts


class WindowLost(Exception):
    """This window can store nothing more (the session was taken over, or changed by another
    writer); the error has been shown. Not a user-facing error: the prompt stops on it."""


# errors after which the window stops: its state no longer follows the stored session
LOSING = ("session.taken_over", "session.lock_lost", "session.moved_on")


def handle_line(live: LiveSession, line: str, console: Console, *, lang: str = "en", panel: bool = True,
                hint: CardHint | None = None) -> bool:  # fmt: skip
    """One line from the dealer; returns False when it was refused (nothing stored). With
    ``hint`` (the interactive prompt), the first refused card is followed by the card notation.

    Raises ``WindowLost`` (after saying why) when this window can store nothing more."""
    was_over = live.state.over
    try:
        outcomes = live.enter(line)
    except DealerAssistError as exc:
        clause = getattr(exc, "clause", None)
        message = Text("  ✗ ", style="bold red")
        if clause:
            message.append(clause_prefix(clause, lang), style="bold red")
        message.append(exc.text(lang))
        console.print(Wrapped(message, hang=4))  # Japanese broken between characters, not inside 「1 ht 3」
        taught = hint.after(exc, lang) if hint is not None else None
        if taught:
            console.print(Wrapped(taught, hang=None, style="cyan"), highlight=False)
        if exc.key in LOSING:
            console.print(text("cli.window_closed", lang), style="bold")
            raise WindowLost(exc.key) from None
        return False
    state = live.state
    records = {}
    if any(o.settled for o in outcomes):
        record = rulesets.game_record(state)
        records = {record["game"]: record} if record is not None else {}
    parts = render.outcome_parts(outcomes, records, lang)
    if panel and outcomes:
        parts.append(render.panel(live.state, lang))
    if parts:  # one print a line: what the line did, then the table as it is now
        console.print(Group(*parts), crop=False, highlight=False)
    if state.over and not was_over:  # the end of the quest: the head hash to post
        seq, head = live.last
        console.print(text(f"chain.over.{rulesets.of(state).name}", lang, short=short_hash(head), events=seq,
                           verify=verify_command(live, short_hash(head))), style="bold")  # fmt: skip
    return True


def verify_command(live: LiveSession, posted: str) -> str:
    """The command that later proves the posted head hash (with --db unless the default)."""
    import shlex

    from dealer_assist.store import default_path

    command = f"dealer-assist verify {shlex.quote(live.row.name)} --posted {posted}"
    if live.store.path.absolute() != default_path().absolute():
        command += f" --db {shlex.quote(str(live.store.path))}"
    return command


def _prompt_answer(state, lang: str, word: tuple[str, str]) -> str:
    return hint_text(state, lang, word[1]) if word[0] == "hint" else help_text(state, lang, word[1])


def run_pipe(live: LiveSession, lines: Iterable, console: Console, *, lang: str = "en") -> int:
    """Commands from a pipe, one per line: the same rulings, no interactive screen. ``lines``
    holds strings, or (number, text) pairs from ``notation.read_lines`` (where a line that
    is not UTF-8 comes as its error). Returns how many lines were refused."""
    refused = 0
    for number, item in _numbered(lines):
        if isinstance(item, DealerAssistError):
            console.print(Text("  ✗ " + text("prompt.pipe_line", lang, line=number, error=item.text(lang)),
                               style="bold red"))  # fmt: skip
            refused += 1
            continue
        line = item.rstrip("\n")
        word = prompt_word(line)
        if word is not None and word[0] == "quit":
            break
        if word is not None:  # help or hint: the same text as in the prompt
            console.print(Wrapped(_prompt_answer(live.state, lang, word), hang=None))
            continue
        if not n_commands(line):
            continue
        console.print(Text(f"{number:>4}  {line.strip(SPACE_CHARS)}", style="dim"), no_wrap=True, overflow="ellipsis")
        if not handle_line(live, line, console, lang=lang, panel=False):
            refused += 1
    return refused


def _numbered(lines: Iterable):
    for number, item in enumerate(lines, start=1):
        yield item if isinstance(item, tuple) else (number, item)


def n_commands(line: str) -> bool:
    """Whether the line holds a command (a line the notation refuses counts as one: it is
    then refused like any other)."""
    from dealer_assist.notation import split_line

    try:
        return bool(split_line(line))
    except DealerAssistError:
        return True


# rows the prompt claims below the cursor when the terminal cannot report where the cursor is:
# the prompt line, the completion menu's room and the toolbar
ROWS_WITHOUT_CPR = 10


def output_without_cpr(output, renderer: Callable[[], object]) -> None:
    """Let the bottom toolbar (the TIME-1 clock) show in a terminal without cursor position
    reports (``PROMPT_TOOLKIT_NO_CPR=1``, or a terminal that never answers one).

    prompt_toolkit draws its bottom toolbar only once it knows the rows below the cursor, which
    a VT100 terminal tells only by a CPR; without one the toolbar (and so the clock) never
    shows. Here the output answers that question itself when no CPR is to be had: the prompt
    then takes ``ROWS_WITHOUT_CPR`` rows, with the toolbar on the last. A terminal that
    answers CPRs is asked as before."""
    from prompt_toolkit.renderer import CPR_Support

    asked = output.get_rows_below_cursor_position

    def rows_below_cursor() -> int:
        try:
            return asked()
        except NotImplementedError:
            shown = renderer()
            cpr = getattr(shown, "cpr_support", None)
            if output.responds_to_cpr and cpr is not CPR_Support.NOT_SUPPORTED:
                raise  # a CPR is on its way: wait for it
            return max(1, min(ROWS_WITHOUT_CPR, output.get_size().rows))

    output.get_rows_below_cursor_position = rows_below_cursor


def run_prompt(live: LiveSession, console: Console, *, lang: str = "en", resume: str | None = None) -> None:
    """The interactive prompt; ``resume`` is the command that resumes the session (with the
    ``--db`` it was opened with), printed when the dealer leaves.

    Besides the notation it knows two prompt words: ``help`` and ``quit``; and it guards the
    deal: ``deal`` while boxes have no bet line and the bet clock still runs is held, naming
    those boxes, until it is sent again (a second Enter: the line stays on the prompt) or typed
    as ``deal!`` (stored as the plain ``deal``); a deal line that stops inside a round is held
    the same way, naming where the next card would go, and one that completes the round only
    in place of the partial line just entered replaces it on the second Enter (``deal_line``).
    The first refused card of the session is followed by the card notation."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import Completer, Completion
    from prompt_toolkit.formatted_text import HTML
    from prompt_toolkit.history import InMemoryHistory
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.output.defaults import create_output

    clocks = Clocks()
    hint = CardHint()

    class LegalCompleter(Completer):
        def get_completions(self, document, complete_event):
            typed = document.text_before_cursor
            for option, shown, meta in matching(live.state, typed, lang, last_bets=live.last_bets()):
                yield Completion(option, start_position=-len(typed), display=shown, display_meta=meta)

    def toolbar():
        return HTML(toolbar_html(live, clocks, lang))

    bindings = KeyBindings()

    @bindings.add("f2")
    def _(event):
        offer = clocks.offer(live)
        if offer:
            event.app.current_buffer.text = offer
            event.app.current_buffer.cursor_position = len(offer)

    output = create_output()
    holder: list = []
    output_without_cpr(output, lambda: holder[0].app.renderer if holder else None)
    session = PromptSession(
        history=InMemoryHistory([e.text for e in live.store.events(live.row)][-200:]),
        completer=LegalCompleter(),
        complete_while_typing=True,
        bottom_toolbar=toolbar,
        refresh_interval=1.0,
        key_bindings=bindings,
        output=output,
    )
    holder.append(session)
    # a terminal found not to answer CPRs: draw the toolbar from then on, without a warning
    session.app.renderer.cpr_not_supported_callback = session.app.invalidate
    console.print(render.panel(live.state, lang))
    held: str | None = None  # a deal line a guard held: sent again, it goes through
    takes_back = 0  # a held replacement (issue 17): the events of the partial line it takes back
    partial: deal_line.Partial | None = None  # the last line entered, if its deal stopped inside a round
    while True:
        try:
            line = session.prompt(f"{live.row.name}> ", default=held or "")
        except KeyboardInterrupt:
            held = None
            continue
        except EOFError:
            break
        word = prompt_word(line)
        if word is not None and word[0] == "quit":
            break
        if word is not None:
            held = None
            console.print(Wrapped(_prompt_answer(live.state, lang, word), hang=None))
            continue
        if not line.strip(SPACE_CHARS):
            held = None
            continue
        again = held is not None and line.strip(SPACE_CHARS) == held.strip(SPACE_CHARS)
        replace = takes_back if again else 0
        held, takes_back = None, 0
        last = partial if partial is not None and partial.count == live.count else None
        forced = deal_now(line)
        if forced is not None:
            line = forced
        elif not again:
            boxes = deal_guard(live.state, line) if clocks.bets_running(live) else []
            short = deal_line.hold(live.state, line, last, lang)
            if boxes or short is not None:
                parts = [Text("  ⚠ " + guard_text(live.state, boxes, lang), style="bold yellow")] if boxes else []
                parts += deal_line.hold_parts(short, lang) if short is not None else []
                console.print(Group(*parts), crop=False, highlight=False)
                held, takes_back = line, short.takes_back if short is not None else 0
                continue
        before = live.state
        if replace and last is not None:  # the partial line is taken back, and this one dealt
            line = deal_line.replacement(line, replace)
        if handle_line(live, line, console, lang=lang, hint=hint):
            partial = deal_line.partial_line(before, line, live.count)
    command = resume or f"dealer-assist play --session {live.row.name}"
    console.print(text("cli.saved", lang, name=live.row.name, command=command))


def _escape(value: str) -> str:
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
