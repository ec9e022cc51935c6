"""Rich rendering of rulings, ledgers and the state (the only module that knows colours)."""

from __future__ import annotations

from typing import Iterable

from rich.console import Console, Group
from rich.table import Table as RichTable
from rich.text import Text

from dealer_assist.engine import State, to_json
from dealer_assist.engine.state import Ruling
from dealer_assist.messages import text

CLAUSE_STYLE = {
    "END": "bold magenta", "JK": "bold red", "DSK": "red", "DRAW": "cyan", "SET": "green",
    "HEAL": "green", "GUILD": "blue", "SURR": "yellow", "BET": "white", "BASE": "white",
}  # fmt: skip


def clause_style(clause: str) -> str:
    return CLAUSE_STYLE.get(clause.split("-")[0], "white")


def ruling_text(ruling: Ruling, lang: str = "en") -> Text:
    out = Text("    ")
    out.append(f"{ruling.clause:<8}", style=clause_style(ruling.clause))
    out.append(" " + ruling.text(lang))
    return out


def rulings(console: Console, items: Iterable[Ruling], lang: str = "en") -> None:
    for ruling in items:
        console.print(ruling_text(ruling, lang), highlight=False)


def ledger_table(record: dict) -> RichTable:
    table = RichTable(title=text("render.ledger", game=record["game"]), title_justify="left", show_edge=False)
    for name in ("step", "hand", "points", "damage", "heal", "HP", "rule"):
        table.add_column(name, justify="right" if name in ("points", "damage", "heal", "HP") else "left")
    for e in record["ledger"]:
        table.add_row(e["step"], e["hand"] or "-", f"{e['points']:+,}", f"{e['damage']:,}",
                      f"{e['heal']:,}", f"{e['hp']:,}", e["rule"])  # fmt: skip
    return table


def hands_table(record: dict) -> RichTable:
    dealer = record["dealer"]
    title = text("render.dealer_bust" if dealer["bust"] else "render.dealer", cards=" ".join(dealer["cards"]),
                 total=dealer["total"])  # fmt: skip
    table = RichTable(title=title, title_justify="left", show_edge=False)
    for name in ("hand", "cards", "bet", "result", "ratio"):
        table.add_column(name, justify="right" if name in ("bet", "ratio") else "left")
    for h in record["hands"]:
        ratio = "-" if h["ratio"] is None else f"{h['ratio']:g}x"
        table.add_row(h["hand"], " ".join(h["cards"]), f"{h['bet']:,}", h["result"] or "-", ratio)
    return table


def game_summary(console: Console, record: dict) -> None:
    console.print(hands_table(record))
    if record["ledger"]:
        console.print(ledger_table(record))


def final_state(console: Console, state: State, lang: str = "en") -> None:
    data = to_json(state)
    head = Text()
    head.append(f"status {data['status']}", style="bold")
    if data["reason"]:
        head.append(f" ({data['reason']})")
    if data["reward"]:
        head.append(f" - {data['reward']}", style="bold yellow")
    console.print(head)
    console.print(
        text("render.state", lang, hp=data["hp"], announced=text("announce", lang, hp=data["hp"],
             announce=data["announce"]), games=data["games"], mp=data["mp"], **data["jokers"]),
        highlight=False,
    )  # fmt: skip
    table = RichTable(show_edge=False)
    for name in ("box", "player", "points", "bankrupt", "streak", "yellow"):
        table.add_column(name, justify="right" if name in ("points", "streak", "yellow") else "left")
    for number, box in data["boxes"].items():
        table.add_row(number, box["player"], f"{box['points']:,}", "yes" if box["bankrupt"] else "",
                      str(box["streak"]), str(box["yellow"]))  # fmt: skip
    console.print(table)


def outcomes(console: Console, items, records: dict[int, dict] | None, lang: str = "en") -> None:
    """The rulings of one line, then the game's hands and ledger if the line settled it."""
    settled = None
    for outcome in items:
        if outcome.undone is not None:
            console.print(Text(f"    undo     {outcome.undone}", style="yellow"))
        rulings(console, outcome.rulings, lang)
        if outcome.settled:
            settled = outcome.game
    if records is not None and settled in records:
        game_summary(console, records[settled])


def live_state(state: State, lang: str = "en"):
    """The compact state shown after each command in live play."""
    from dealer_assist.cards import total
    from dealer_assist.engine import expectation
    from dealer_assist.engine.end import announce

    game = state.game
    title = Text()
    title.append(text("render.live", lang, game=state.games or "-", hp=state.hp, announce=announce(state.hp)))
    if game is not None:
        title.append(text("render.recovery_on" if game.recovery else "render.recovery_off", lang),
                     style="green" if game.recovery else "")  # fmt: skip
    title.append(text("render.jokers_mp", lang, players=state.jokers_players, dealer=state.jokers_dealer, mp=state.mp))
    if state.shoe_left is not None:
        title.append(text("render.shoe", lang, left=state.shoe_left))
    if state.over:
        title.append(f" · {state.status.value.upper()} ({state.reason})", style="bold magenta")
    table = RichTable(show_edge=False, pad_edge=False, box=None)
    for name in ("", "box", "player", "points", "bet", "cards", "total", "streak", "yellow"):
        table.add_column(name, justify="right" if name in ("points", "bet", "streak", "yellow") else "left")
    expected = expectation(state)
    turn = expected.params.get("hand") if expected.phase.value == "players" else None
    if game is not None and game.dealer:
        # the hole card stays hidden on screen until it is revealed (the stream may show it)
        cards = " ".join("[?]" if c is game.hole else str(c) for c in game.dealer)
        shown = [c for c in game.dealer_visible() if not c.is_unknown]
        table.add_row("", "D", "dealer", "", "", cards, str(total(shown)), "", "")
    for number, box in state.boxes.items():
        hands = game.hands_of(number) if game is not None else []
        rows = hands or [None]
        for hand in rows:
            label = hand.label if hand is not None else str(number)
            bet = hand.bet if hand is not None else (game.bets.get(number) if game else None)
            cards = " ".join(str(c) for c in hand.cards) if hand is not None else ""
            value = str(hand.total()) if hand is not None and hand.cards else ""
            if hand is not None and hand.outcome in ("bust", "blackjack", "surrender", "joker", "under"):
                value += f" {hand.outcome}"
            marker = "▶" if turn == label else ""
            style = "dim" if box.bankrupt else ""
            table.add_row(marker, label, box.player, f"{box.points:,}", f"{bet:,}" if bet else "-", cards, value,
                          str(box.streak), str(state.yellow.get(box.player, 0)), style=style)  # fmt: skip
    footer = Text(f"{expected.clause}: {expected.text(lang)}", style="italic")
    return Group(title, table, footer)
