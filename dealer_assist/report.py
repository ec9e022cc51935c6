"""The quest report: its result, a table per game, per-box totals and the HP over the games.

``build`` makes plain data from a state; the format functions turn it into text (rich),
Markdown, HTML (with an inline SVG chart), JSON or CSV.
"""

from __future__ import annotations

import csv
import html
import io
import json
from typing import Any

from dealer_assist.engine import State, to_json
from dealer_assist.messages import text

RESULT_COUNTS = {"wins": ("win",), "blackjacks": ("blackjack",), "unders": ("under",), "busts": ("bust",),
                 "surrenders": ("surrender",), "jokers": ("joker",)}  # fmt: skip


def build(state: State, *, chain: dict[str, Any] | None = None) -> dict[str, Any]:
    """The report's data; ``chain`` (a stored session's log: events, head, short, ok,
    problem) is shown in every format, so that the posted head hash can be checked."""
    data = to_json(state)
    hp = state.config.hp
    games = []
    chart = [{"game": 0, "hp": hp}]
    boxes: dict[str, dict[str, Any]] = {
        number: {"box": int(number), "player": box["player"], "games": 0, **{k: 0 for k in RESULT_COUNTS},
                 "points_start": state.boxes[int(number)].start, "points_end": box["points"]}
        for number, box in data["boxes"].items()
    }  # fmt: skip
    for record in data["log"]:
        ledger = record["ledger"]
        hp = ledger[-1]["hp"] if ledger else hp
        hands = [h for h in record["hands"] if h["result"] not in ("nobet", None) or h["bet"]]
        games.append({
            "game": record["game"],
            "recovery": record["recovery"],
            "dealer": " ".join(record["dealer"]["cards"]),
            "dealer_total": record["dealer"]["total"],
            "bets": sum(h["bet"] for h in hands),
            "hands": [{k: h[k] for k in ("hand", "bet", "result", "ratio")} for h in hands],
            "damage": sum(e["damage"] for e in ledger),
            "heal": sum(e["heal"] for e in ledger),
            "hp_after": hp,
        })  # fmt: skip
        chart.append({"game": record["game"], "hp": hp})
        played = set()
        for h in hands:
            box = boxes[h["hand"][0]]
            played.add(h["hand"][0])
            for key, results in RESULT_COUNTS.items():
                box[key] += h["result"] in results
        for number in played:
            boxes[number]["games"] += 1
    return {
        "result": {"status": data["status"], "reason": data["reason"], "reward": data["reward"],
                   "hp": data["hp"], "announce": data["announce"], "games": data["games"], "mp": data["mp"]},
        "games": games,
        "boxes": list(boxes.values()),
        "chart": chart,
        **({"chain": chain} if chain is not None else {}),
    }  # fmt: skip


def _results(game: dict) -> str:
    return ", ".join(f"{h['hand']} {h['result'] or '-'}" for h in game["hands"])


GAME_COLUMNS = ("game", "recovery", "bets", "results", "damage", "heal", "HP after")
BOX_COLUMNS = ("box", "player", "games", "wins", "blackjacks", "unders", "busts", "surrenders", "jokers",
               "points at start", "points at end")  # fmt: skip


def _game_cells(game: dict) -> list[str]:
    return [str(game["game"]), "on" if game["recovery"] else "off", f"{game['bets']:,}", _results(game),
            f"{game['damage']:,}", f"{game['heal']:,}", f"{game['hp_after']:,}"]  # fmt: skip


def _box_cells(box: dict) -> list[str]:
    return [str(box["box"]), box["player"], *(str(box[k]) for k in ("games", *RESULT_COUNTS)),
            f"{box['points_start']:,}", f"{box['points_end']:,}"]  # fmt: skip


def _headline(result: dict) -> str:
    return text("report.headline", status=result["status"], hp=result["hp"], games=result["games"],
                reason=f" ({result['reason']})" if result["reason"] else "",
                reward=f" - {result['reward']}" if result["reward"] else "")  # fmt: skip


def _chain(report: dict) -> str | None:
    """The log line of a stored session: its events and head hash (short form)."""
    chain = report.get("chain")
    if chain is None:
        return None
    if chain["ok"]:
        return text("report.chain", events=chain["events"], short=chain["short"])
    return text("report.chain_broken", events=chain["events"], short=chain["short"], verdict=chain["problem"])


def to_json_text(report: dict) -> str:
    return json.dumps(report, ensure_ascii=False, indent=2)


def to_csv(report: dict) -> str:
    """One row per game."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    chain = report.get("chain")
    extra = ["log_head"] if chain is not None else []  # a stored session: its head hash on each row
    writer.writerow(["game", "recovery", "bets", "results", "damage", "heal", "hp_after", *extra])
    for g in report["games"]:
        writer.writerow([g["game"], int(g["recovery"]), g["bets"], _results(g), g["damage"], g["heal"], g["hp_after"],
                         *([chain["short"]] if chain is not None else [])])  # fmt: skip
    return out.getvalue()


def _bar(hp: int, top: int, width: int = 40) -> str:
    return "█" * (round(width * hp / top) if top else 0)


def to_markdown(report: dict) -> str:
    lines = [f"# {text('report.title')}", "", f"**{text('report.result')}** {_headline(report['result'])}", ""]
    if _chain(report):
        lines += [f"**{text('report.log')}** {_chain(report)}", ""]
    lines += [f"## {text('report.games')}", "", "| " + " | ".join(GAME_COLUMNS) + " |", "|" + "---|" * len(GAME_COLUMNS)]
    lines += ["| " + " | ".join(_game_cells(g)) + " |" for g in report["games"]]
    lines += ["", f"## {text('report.boxes')}", "", "| " + " | ".join(BOX_COLUMNS) + " |", "|" + "---|" * len(BOX_COLUMNS)]
    lines += ["| " + " | ".join(_box_cells(b)) + " |" for b in report["boxes"]]
    top = max(p["hp"] for p in report["chart"])
    lines += ["", f"## {text('report.chart')}", "", "```"]
    lines += [f"{p['game']:>4} {p['hp']:>11,} {_bar(p['hp'], top)}" for p in report["chart"]]
    lines += ["```", ""]
    return "\n".join(lines)


def svg_chart(chart: list[dict], *, width: int = 640, height: int = 240) -> str:
    """The HP after each game as an inline SVG line chart."""
    pad = 40
    top = max(p["hp"] for p in chart) or 1
    last = max(len(chart) - 1, 1)
    points = [(pad + (width - 2 * pad) * i / last, height - pad - (height - 2 * pad) * p["hp"] / top)
              for i, p in enumerate(chart)]  # fmt: skip
    path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    dots = "".join(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="#d62728"><title>game {p["game"]}: '
                   f'{p["hp"]:,} HP</title></circle>' for (x, y), p in zip(points, chart))  # fmt: skip
    labels = "".join(f'<text x="{x:.1f}" y="{height - pad + 16}" font-size="11" text-anchor="middle">'
                     f'{p["game"]}</text>' for (x, _), p in zip(points, chart))  # fmt: skip
    return (
        f'<svg id="hp-chart" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="dealer HP after each game">'
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>'
        f'<line x1="{pad}" y1="{height - pad}" x2="{width - pad}" y2="{height - pad}" stroke="#555"/>'
        f'<line x1="{pad}" y1="{pad}" x2="{pad}" y2="{height - pad}" stroke="#555"/>'
        f'<text x="{pad}" y="{pad - 10}" font-size="12">{top:,} HP</text>'
        f'<polyline points="{path}" fill="none" stroke="#d62728" stroke-width="4"/>{dots}{labels}</svg>'
    )


def to_html(report: dict) -> str:
    def table(columns, rows) -> str:
        head = "".join(f"<th>{html.escape(c)}</th>" for c in columns)
        body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows)
        return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"

    style = ("body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin:1em 0}"
             "td,th{border:1px solid #ccc;padding:4px 8px;text-align:right}th{background:#f0f0f0}")  # fmt: skip
    title = html.escape(text("report.title"))
    return (
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
        f"<title>{title}</title><style>{style}</style></head><body><h1>{title}</h1>"
        f"<p id=\"result\"><strong>{html.escape(text('report.result'))}</strong> "
        f"{html.escape(_headline(report['result']))}</p>"
        + (f"<p id=\"log\"><strong>{html.escape(text('report.log'))}</strong> {html.escape(_chain(report))}</p>"
           if _chain(report) else "")
        + f"<h2>{html.escape(text('report.chart'))}</h2>" + svg_chart(report["chart"])
        + f"<h2>{html.escape(text('report.games'))}</h2>" + table(GAME_COLUMNS, [_game_cells(g) for g in report["games"]])
        + f"<h2>{html.escape(text('report.boxes'))}</h2>" + table(BOX_COLUMNS, [_box_cells(b) for b in report["boxes"]])
        + "</body></html>\n"
    )


def print_text(report: dict, console) -> None:
    """The report in the terminal (rich), the HP chart as bars."""
    from rich.table import Table

    def table(title: str, columns, rows, *, left: str) -> Table:
        out = Table(title=title, title_justify="left", show_edge=False)
        for column in columns:
            out.add_column(column, justify="left" if column == left else "right")
        for row in rows:
            out.add_row(*row)
        return out

    console.print(text("report.title"), style="bold")
    console.print(_headline(report["result"]))
    if _chain(report):
        console.print(f"{text('report.log')} {_chain(report)}")
    console.print(table("games", GAME_COLUMNS, map(_game_cells, report["games"]), left="results"))
    console.print(table("boxes", BOX_COLUMNS, map(_box_cells, report["boxes"]), left="player"))
    chart = Table(title=text("report.chart"), title_justify="left", show_edge=False, show_header=False, box=None)
    chart.add_column(justify="right")
    chart.add_column(justify="right")
    chart.add_column(style="red")
    top = max(p["hp"] for p in report["chart"])
    for p in report["chart"]:
        chart.add_row(str(p["game"]), f"{p['hp']:,}", _bar(p["hp"], top))
    console.print(chart)


FORMATS = {"markdown": to_markdown, "html": to_html, "json": to_json_text, "csv": to_csv}
