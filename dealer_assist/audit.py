"""Audit a disputed hand: replay a session or script command by command, with the state each
command met, every ruling and the full text of the clause it applied, and the ledger.

``steps`` makes plain data (one ``Step`` per command); ``print_audit`` shows it with rich.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator

from dealer_assist import notation as n
from dealer_assist import rulebook, rulesets
from dealer_assist.core.session import Session
from dealer_assist.core.step import Ruling
from dealer_assist.errors import DealerAssistError
from dealer_assist.i18n import with_clause
from dealer_assist.messages import text


@dataclass(slots=True)
class Step:
    seq: int  # the command's number (the stored event's seq)
    line: int | None  # the script line, for a script
    text: str  # the command, normalised (what replays)
    met: dict[str, Any]  # the state the command met
    rulings: list[Ruling] = field(default_factory=list)
    undone: str | None = None
    game: int = 0
    ledger: dict | None = None  # the game's record when this command settled it
    typed: str | None = None  # the whole line as the dealer typed it (stored sessions)
    book: str = "RULES"  # the rulebook of the table the command was played at
    table: str = ""  # the table the command was played at (its name in the registry)
    undo_end: bool = False  # `undo end`: the explicit word that may take back a session's end


def situation(state) -> dict[str, Any]:
    """What a command met: what the tool expected (clause and sentence) and the table's facts
    (its ``facts`` hook: catalog keys with their values, worded in any language later)."""
    e = rulesets.expectation(state)
    return {"expect": e, "game": state.games, "facts": rulesets.screens(state).facts(state)}


def commands(text: str) -> Iterator[tuple[int | None, str, n.Command]]:
    """(script line, normalised text, command) for each command of a script; a line that
    cannot be read raises its ``NotationError`` with ``line`` set."""
    for number, raw in n.lines(text):  # the notation's one definition of a line
        try:
            segments = n.split_line(raw)
            parsed = [(segment, n.parse_command(segment)) for segment in segments]
        except n.NotationError as exc:
            exc.line = number  # type: ignore[attr-defined]
            raise
        for segment, cmd in parsed:
            yield number, segment, cmd


def steps(items: Iterator[tuple], *, at: int | None = None) -> tuple[list[Step], Session]:
    """Replay ``items`` — (script line, text, command) or (None, text, command, line as typed)
    — and stop after command ``at`` when given. A refused command raises its error, with
    ``line`` set to its script line (or ``seq`` to its number)."""
    session = Session()
    out: list[Step] = []
    for seq, item in enumerate(items, start=1):
        line, typed, cmd = item[:3]
        # the first command choosing the table meets no table yet (not the default table's blank state)
        met = {"new": True} if seq == 1 and isinstance(cmd, n.Ruleset) else situation(session.state)
        try:
            outcome = session.submit(cmd)
        except DealerAssistError as exc:
            if line is not None:
                exc.line = line  # type: ignore[attr-defined]
            exc.seq = seq  # type: ignore[attr-defined]
            raise
        step = Step(seq, line, typed, met, list(outcome.rulings), game=session.state.games,
                    undone=str(outcome.undone) if outcome.undone is not None else None,
                    typed=item[3] if len(item) > 3 else None,
                    book=rulesets.of(session.state).rulebook, table=rulesets.of(session.state).name, undo_end=isinstance(cmd, n.UndoEnd))  # fmt: skip
        if outcome.settled:
            step.ledger = rulesets.game_record(session.state)
        out.append(step)
        if at is not None and seq >= at:
            break
    return out, session


def print_audit(console, items: list[Step], *, game: int | None = None, lang: str = "en") -> None:
    from rich.text import Text

    from dealer_assist import render
    from dealer_assist.wrap import Wrapped

    for step in items:
        if game is not None and step.game != game:
            continue
        where = text("audit.line", lang, line=step.line) if step.line is not None else ""
        console.print(Text(text("audit.command", lang, seq=step.seq, where=where, game=step.game or "-"),
                           style="bold") + Text(step.text))  # fmt: skip
        met = step.met
        if met.get("new"):
            facts = [text("audit.new_session", lang)]
        else:
            expected = met["expect"]
            facts = [with_clause(expected.clause, expected.text(lang), lang)]
            facts += [text(key, lang, **params) for key, params in met["facts"]]
        if step.typed is not None and step.typed.strip(n.SPACE_CHARS) != step.text:
            console.print(Text(text("audit.typed", lang, typed=step.typed), style="dim"))
        console.print(Wrapped(text("audit.met", lang, facts=text("audit.sep", lang).join(facts)), hang=None, style="dim"))
        if step.undone:
            key = "audit.undo_end" if step.undo_end else "audit.undo"
            style = "bold yellow" if step.undo_end else "yellow"
            console.print(Text(text(key, lang, command=step.undone), style=style))
        for ruling in step.rulings:
            console.print(Wrapped(render.ruling_text(ruling, lang), hang=13))  # a number kept with its label
            quoted = rulebook.clause(ruling.clause, lang, book=step.book)
            for line in quoted.splitlines():
                console.print(Wrapped(Text("        │ " + line.strip(), style="cyan"), hang=10))
        if step.ledger is not None:
            render.game_summary(console, step.ledger, lang, step.table)
            for clause in dict.fromkeys(e["rule"] for e in step.ledger.get("ledger", [])):
                for line in rulebook.clause(clause, lang, book=step.book).splitlines():
                    console.print(Text("        │ " + line.strip(), style="cyan"))
