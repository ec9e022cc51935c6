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
``argument_completions``, ``toolbar_html``, ``prompt_word``, ``guard_warning``, ``deal_now``,
``card_refusal``) so that they can be tested as text.

The parts, one job each:

- ``loop``: the interactive prompt (``run_prompt``), its completer and key bindings;
- ``lines``: one line entered and its rulings printed (``handle_line``), the pipe (``run_pipe``);
- ``completion``: the completion menu (``completions``, ``matching``, ``argument_completions``;
  ``Matcher``: ``matching`` found once per state while a line is typed);
- ``topics``: the help topics (``all_topics()``, ``topics_for``, ``topic_help``);
- ``words``: the prompt words ``help``, ``hint``, ``quit`` (``help_text``, ``hint_text``,
  ``prompt_word``);
- ``toolbar``: the bottom toolbar and the TIME-1 clocks it shows (``toolbar_html``, ``Clocks``);
- ``guards``: the table's guard of a line and ``deal!`` (``guard_warning``, ``deal_now``), the card
  hint (``CardHint``, ``card_refusal``); the deal-line guard is ``dealer_assist.deal_line``.

Every name stays importable from ``dealer_assist.prompt``.
"""

from __future__ import annotations

from dealer_assist.messages import text
from dealer_assist.prompt.guards import (
    CARD_REFUSALS, DEAL_WORDS, CardHint, card_refusal, deal_now, guard_warning,
)  # fmt: skip
from dealer_assist.prompt.topics import (
    ALL_WORDS, Topic, all_topics, hand_topics, japanese_words, topic_help, topic_of, topics_for,
)  # fmt: skip
from dealer_assist.prompt.completion import argument_completions, completions, matching
from dealer_assist.prompt.words import STRATEGY_WORDS, help_text, hint_text, prompt_answer, prompt_word
from dealer_assist.prompt.toolbar import Clocks, toolbar_html
from dealer_assist.prompt.lines import LOSING, WindowLost, handle_line, n_commands, run_pipe, verify_command
from dealer_assist.prompt.loop import ROWS_WITHOUT_CPR, output_without_cpr, run_prompt

__all__ = [
    "ALL_WORDS", "CARD_REFUSALS", "DEAL_WORDS", "LOSING", "ROWS_WITHOUT_CPR", "STRATEGY_WORDS",
    "CardHint", "Clocks", "Topic", "all_topics", "WindowLost", "argument_completions", "card_refusal", "completions",
    "deal_now", "guard_warning", "hand_topics", "handle_line", "help_text", "hint_text", "japanese_words", "matching",
    "n_commands", "output_without_cpr", "prompt_answer", "prompt_word", "run_pipe", "run_prompt", "text",
    "toolbar_html", "topic_help", "topic_of", "topics_for", "verify_command",
]  # fmt: skip


def __getattr__(name: str):
    """``TOPICS`` and ``HAND_TOPICS``, built when first asked for (the tables are imported then)."""
    import importlib

    return getattr(importlib.import_module("dealer_assist.prompt.topics"), name)
