"""Audit a disputed hand: replay a session or script command by command, with the state each
command met, every ruling and the full text of the clause it applied, and the ledger.

``steps`` makes plain data (one ``Step`` per command); ``print_audit`` shows it with rich.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator

from dealer_assist import notation as n
from dealer_assist import rulebook
from dealer_assist.cards import total
from dealer_assist.engine import Session, State, expectation
from dealer_assist.engine.end import announce
from dealer_assist.engine.state import Ruling
from dealer_assist.engine.view import game_record
from dealer_assist.messages import text


@dataclass(slots=True)
class Step:
    seq: int  # the command's number (the stored event's seq)
    line: int | None  # the script line, for a script
    text: str
    met: dict[str, Any]  # the state the command met
    rulings: list[Ruling] = field(default_factory=list)
    undone: str | None = None
    game: int = 0
    ledger: dict | None = None  # the game's record when this command settled it


def situation(state: State) -> dict[str, Any]:
    """What a command met: whose turn, the totals, the top card known, JK counts, HP, recovery."""
    e = expectation(state)
    game = state.game
    met: dict[str, Any] = {
        "expect": f"{e.clause}: {e.text()}",  # the clause id, then the catalog's sentence
        "game": state.games,
        "hp": state.hp,
        "announce": announce(state.hp),
        "recovery": game.recovery if game is not None else None,
        "jokers": {"players": state.jokers_players, "dealer": state.jokers_dealer},
        "top": " ".join(str(k.card) for k in state.known_top) or None,
        "turn": e.params.get("hand"),
        "total": e.params.get("total"),
        "dealer": None,
    }
    if game is not None and game.dealer:
        shown = [c for c in game.dealer_visible() if not c.is_unknown]
        met["dealer"] = {"cards": " ".join(map(str, shown)), "total": str(total(shown)), "hole": game.hole is not None}
    return met


def commands(text: str) -> Iterator[tuple[int | None, str, n.Command]]:
    """(script line, text as typed, command) for each command of a script."""
    for number, raw in enumerate(text.splitlines(), start=1):
        for segment in n.split_line(raw):
            yield number, segment, n.parse_command(segment)


def steps(items: Iterator[tuple[int | None, str, n.Command]], *, at: int | None = None) -> tuple[list[Step], Session]:
    """Replay ``items``; stop after command ``at`` when given. Raises at a refused command."""
    session = Session()
    out: list[Step] = []
    for seq, (line, typed, cmd) in enumerate(items, start=1):
        met = situation(session.state)
        outcome = session.submit(cmd)
        step = Step(seq, line, typed, met, list(outcome.rulings), game=session.state.games,
                    undone=str(outcome.undone) if outcome.undone is not None else None)  # fmt: skip
        if outcome.settled:
            step.ledger = game_record(session.state, session.state.game)
        out.append(step)
        if at is not None and seq >= at:
            break
    return out, session


def print_audit(console, items: list[Step], *, game: int | None = None, lang: str = "en") -> None:
    from rich.text import Text

    from dealer_assist import render

    for step in items:
        if game is not None and step.game != game:
            continue
        where = text("audit.line", lang, line=step.line) if step.line is not None else ""
        console.print(Text(text("audit.command", lang, seq=step.seq, where=where, game=step.game or "-"),
                           style="bold") + Text(step.text))  # fmt: skip
        met = step.met
        facts = [met["expect"], text("audit.hp", lang, hp=met["hp"], announce=met["announce"])]
        if met["recovery"] is not None:
            facts.append(text("audit.recovery_on" if met["recovery"] else "audit.recovery_off", lang))
        facts.append(text("audit.jokers", lang, **met["jokers"]))
        if met["dealer"]:
            dealer = met["dealer"]
            key = "audit.dealer_hole" if dealer["hole"] else "audit.dealer"
            facts.append(text(key, lang, cards=dealer["cards"], total=dealer["total"]))
        if met["top"]:
            facts.append(text("audit.top", lang, cards=met["top"]))
        console.print(Text(text("audit.met", lang, facts="; ".join(facts)), style="dim"))
        if step.undone:
            console.print(Text(text("audit.undo", lang, command=step.undone), style="yellow"))
        for ruling in step.rulings:
            console.print(render.ruling_text(ruling, lang))
            quoted = rulebook.clause(ruling.clause)
            for line in quoted.splitlines():
                console.print(Text("        │ " + line.strip(), style="cyan"))
        if step.ledger is not None:
            render.game_summary(console, step.ledger)
            for clause in dict.fromkeys(e["rule"] for e in step.ledger["ledger"]):
                for line in rulebook.clause(clause).splitlines():
                    console.print(Text("        │ " + line.strip(), style="cyan"))
