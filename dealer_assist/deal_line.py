"""The deal line that stops inside a round (issue 17, "Safe on stream"), for the live prompt.

A deal may be split over several ``deal`` lines (NOTATION.md), so a line one card short is
the notation: a script or a pipe deals it as it is. At the live prompt it is most often a
typo, and the next line — the whole line typed again — would shift every card by one. So the
prompt holds such a line and says where the next card would go (``hold``):

- a deal line whose last card is not the last card of a round (round 1 or round 2 of the
  deal) is held: the table's own expectation after it names the box, seat or dealer the next
  card would go to. Enter again deals it as it is;
- a deal line typed right after such a partial line, that dealt after it would again stop
  inside a round (or would be refused), but in its place completes a round, is offered as the
  replacement of the partial line: Enter again takes the partial line back (``undo``, stored
  like any undo) and deals this one. ``deal!`` deals any line as typed, without asking.

Where a round ends is read from the table's expectation alone (``expectation(state)`` in the
deal phase names the next recipient and the round, at every table), never from the shell's own
idea of the deal order. Everything here is a pure function of the state and the line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dealer_assist import notation as n
from dealer_assist import rulesets
from dealer_assist.errors import DealerAssistError
from dealer_assist.i18n import with_clause
from dealer_assist.messages import text


def deal_round(expected) -> int | None:
    """The round of the deal the table expects a card of (1 or 2), or None when the table
    expects no deal card (the deal is done, or has not begun)."""
    phase = getattr(expected.phase, "value", expected.phase)
    if phase != "deal" or "round" not in expected.params:
        return None
    return int(expected.params["round"])


def _after(state: Any, commands: list[n.Command]) -> Any:
    for cmd in commands:
        state, _ = rulesets.step(state, cmd)
    return state


def _commands(line: str | list[n.Command]) -> list[n.Command] | None:
    if not isinstance(line, str):
        return list(line)
    if len(line) > n.MAX_LINE:
        return None
    try:
        return n.parse_line(line)
    except DealerAssistError:
        return None


@dataclass(frozen=True)
class DealEnd:
    """Where a line that deals cards leaves the deal."""

    state: Any  # the table as the line leaves it
    expected: Any  # the table's expectation then
    inside: bool  # whether its last card stops inside a round (the table waits for more of it)


def deal_end(state: Any, line: str | list[n.Command]) -> DealEnd | None:
    """Where ``line`` leaves the deal, tried on ``state`` (nothing is kept); None when the line
    deals no card, cannot be read, holds an ``undo``, or is refused."""
    commands = _commands(line)
    if not commands or any(isinstance(cmd, n.Undo) for cmd in commands):
        return None
    last = max((i for i, cmd in enumerate(commands) if isinstance(cmd, n.Deal) and cmd.cards), default=None)
    if last is None:
        return None
    try:
        ahead = _after(state, commands[:last])
        cards = commands[last].cards
        before = _after(ahead, [n.Deal(cards[:-1])]) if len(cards) > 1 else ahead  # all but its last card
        dealt = _after(ahead, [commands[last]])
        final = _after(dealt, commands[last + 1 :])
    except DealerAssistError:
        return None
    now = deal_round(rulesets.expectation(dealt))
    # the last card closed a round when the table then expects another round, or no deal card
    inside = now is not None and deal_round(rulesets.expectation(before)) in (None, now)
    expected = rulesets.expectation(final)
    return DealEnd(final, expected, inside and deal_round(expected) is not None)


def refusal(state: Any, line: str) -> DealerAssistError | None:
    """Why ``line`` would be refused on ``state`` (None when it would be accepted)."""
    try:
        _after(state, n.parse_line(line))
    except DealerAssistError as exc:
        return exc
    return None


@dataclass(frozen=True)
class Partial:
    """The last line accepted at the prompt, when its deal stopped inside a round: what a
    replacement takes back."""

    line: str  # as it was entered
    takes_back: int  # its trailing deal commands (the events an undo takes back)
    count: int  # the events stored right after it (a replacement is offered only then)
    before: Any  # the table before those deal commands


def partial_line(state: Any, line: str, count: int) -> Partial | None:
    """``line``, accepted on ``state`` (the table before it), as a partial deal line; None
    when its deal did not stop inside a round (or it dealt nothing, or took something back)."""
    commands = _commands(line)
    end = deal_end(state, commands) if commands else None
    if end is None or not end.inside or not isinstance(commands[-1], n.Deal):
        return None
    takes_back = 0
    while takes_back < len(commands) and isinstance(commands[-1 - takes_back], n.Deal):
        takes_back += 1
    try:
        before = _after(state, commands[: len(commands) - takes_back])
    except DealerAssistError:
        return None
    return Partial(line.strip(n.SPACE_CHARS), takes_back, count, before)


@dataclass
class Hold:
    """A deal line the prompt holds until it is sent again: what to say, the table as it would
    leave it, and the events a confirmation takes back first (a replacement)."""

    lines: list[str] = field(default_factory=list)
    preview: Any = None
    takes_back: int = 0


def hold(state: Any, line: str, partial: Partial | None, lang: str = "en") -> Hold | None:
    """Whether the prompt holds ``line`` (None: enter it at once). ``partial``: the line just
    accepted, if its deal stopped inside a round."""
    commands = _commands(line)
    if not commands or not any(isinstance(cmd, n.Deal) for cmd in commands):
        return None
    end = deal_end(state, commands)
    if partial is not None:
        instead = deal_end(partial.before, commands)
        if instead is not None and not instead.inside and (end is None or end.inside):
            if end is None:
                reason = refusal(state, line)
                why = _reason(reason, lang) if reason is not None else ""
                after = text("prompt.deal_after_refused", lang, reason=why)
            else:
                after = _inside(end, lang, "prompt.deal_after_inside")
            said = text("prompt.deal_replace", lang, previous=partial.line, expected=instead.expected.text(lang))
            return Hold([after, said], instead.state, partial.takes_back)
    if end is None or not end.inside:
        return None
    return Hold([_inside(end, lang, "prompt.deal_inside")], end.state, 0)


def replacement(line: str, takes_back: int) -> str:
    """The line the prompt enters for a confirmed replacement: the partial line's deal
    commands taken back (``undo``, one per command), then the line."""
    return "; ".join(["undo"] * takes_back + [line.strip(n.SPACE_CHARS)])


def _inside(end: DealEnd, lang: str, key: str) -> str:
    return text(key, lang, round=deal_round(end.expected), expected=end.expected.text(lang),
                clause=end.expected.clause)  # fmt: skip


def _reason(exc: DealerAssistError, lang: str) -> str:
    clause = getattr(exc, "clause", None)
    return with_clause(clause, exc.text(lang), lang)


def hold_parts(held: Hold, lang: str = "en") -> list:
    """What the prompt prints for a held line: its sentences, then the table as the line would
    leave it (the panel, whose last line says where the next card goes)."""
    from rich.text import Text

    from dealer_assist import render

    parts: list = [Text("  ⚠ " + line, style="bold yellow") for line in held.lines]
    if held.preview is not None:
        parts += [Text(text("prompt.deal_preview", lang), style="yellow"), render.panel(held.preview, lang)]
    return parts
