"""Rich rendering of rulings, ledgers and the state (the only module that knows colours)."""

from __future__ import annotations

from typing import Iterable

from rich.console import Console
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
    table = RichTable(title=f"game {record['game']} ledger", title_justify="left", show_edge=False)
    for name in ("step", "hand", "points", "damage", "heal", "HP", "rule"):
        table.add_column(name, justify="right" if name in ("points", "damage", "heal", "HP") else "left")
    for e in record["ledger"]:
        table.add_row(e["step"], e["hand"] or "-", f"{e['points']:+,}", f"{e['damage']:,}",
                      f"{e['heal']:,}", f"{e['hp']:,}", e["rule"])  # fmt: skip
    return table


def hands_table(record: dict) -> RichTable:
    dealer = record["dealer"]
    title = f"dealer {' '.join(dealer['cards'])} = {dealer['total']}" + (" BUST" if dealer["bust"] else "")
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
        f"HP {data['hp']:,} ({text('announce', lang, hp=data['hp'], announce=data['announce'])}); "
        f"games {data['games']}; MP {data['mp']}; "
        f"jokers seen: players {data['jokers']['players']} / dealer {data['jokers']['dealer']}",
        highlight=False,
    )
    table = RichTable(show_edge=False)
    for name in ("box", "player", "points", "bankrupt", "streak", "yellow"):
        table.add_column(name, justify="right" if name in ("points", "streak", "yellow") else "left")
    for number, box in data["boxes"].items():
        table.add_row(number, box["player"], f"{box['points']:,}", "yes" if box["bankrupt"] else "",
                      str(box["streak"]), str(box["yellow"]))  # fmt: skip
    console.print(table)
