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

from rich.cells import cell_len

from dealer_assist.engine import State, to_json
from dealer_assist.i18n import amount
from dealer_assist.messages import Term, text
from dealer_assist.render import result_text

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
                   "difficulty": state.config.difficulty, "hp": data["hp"], "announce": data["announce"],
                   "games": data["games"], "mp": data["mp"]},
        "games": games,
        "boxes": list(boxes.values()),
        "chart": chart,
        **({"chain": chain} if chain is not None else {}),
    }  # fmt: skip


def _results(game: dict, lang: str = "en") -> str:
    return text("list.sep", lang).join(f"{h['hand']} {result_text(h['result'], lang)}" for h in game["hands"])


GAME_COLUMNS = ("game", "recovery", "bets", "results", "damage", "heal", "hp_after")
BOX_COLUMNS = ("box", "player", "games", "wins", "blackjacks", "unders", "busts", "surrenders", "jokers",
               "points_start", "points_end")  # fmt: skip
CSV_COLUMNS = ("game", "recovery", "bets", "results", "damage", "heal", "hp_after")


def _headers(names, lang: str) -> list[str]:
    return [text(f"col.{name}", lang) for name in names]


def _game_cells(game: dict, lang: str = "en") -> list[str]:
    return [str(game["game"]), text("report.on" if game["recovery"] else "report.off", lang),
            amount(game["bets"], lang), _results(game, lang), amount(game["damage"], lang),
            amount(game["heal"], lang), amount(game["hp_after"], lang)]  # fmt: skip


def _box_cells(box: dict, lang: str = "en") -> list[str]:
    return [str(box["box"]), box["player"], *(str(box[k]) for k in ("games", *RESULT_COUNTS)),
            amount(box["points_start"], lang), amount(box["points_end"], lang)]  # fmt: skip


def _headline(result: dict, lang: str = "en") -> str:
    return text(f"report.headline.{result['status']}", lang, hp=result["hp"], games=result["games"],
                reason=Term(f"reason.{result['reason']}"), reward=Term(f"reward.{result['difficulty']}"))  # fmt: skip


def _chain(report: dict, lang: str = "en") -> str | None:
    """The log line of a stored session: its events and head hash (short form)."""
    chain = report.get("chain")
    if chain is None:
        return None
    if chain["ok"]:
        return text("report.chain", lang, events=chain["events"], short=chain["short"])
    return text("report.chain_broken", lang, events=chain["events"], short=chain["short"], verdict=chain["problem"])


def to_json_text(report: dict, lang: str = "en") -> str:
    """The report's data (language-neutral, like NOTATION.md's JSON)."""
    return json.dumps(report, ensure_ascii=False, indent=2)


def to_csv(report: dict, lang: str = "en") -> str:
    """One row per game; the header in ``lang`` (English: machine names)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    chain = report.get("chain")
    extra = ["log_head"] if chain is not None else []  # a stored session: its head hash on each row
    writer.writerow([text(f"csv.{name}", lang) for name in (*CSV_COLUMNS, *extra)])
    for g in report["games"]:
        writer.writerow([g["game"], int(g["recovery"]), g["bets"], _results(g, lang), g["damage"], g["heal"],
                         g["hp_after"], *([chain["short"]] if chain is not None else [])])  # fmt: skip
    return out.getvalue()


def _bar(hp: int, top: int, width: int = 40) -> str:
    return "█" * (round(width * hp / top) if top else 0)


def _right(value: str, width: int) -> str:
    """Right-aligned in ``width`` terminal cells (full-width text takes two)."""
    return " " * max(width - cell_len(value), 0) + value


def to_markdown(report: dict, lang: str = "en") -> str:
    def say(key: str) -> str:
        return text(key, lang)

    def table(columns, rows) -> list[str]:
        return ["| " + " | ".join(_headers(columns, lang)) + " |", "|" + "---|" * len(columns),
                *("| " + " | ".join(row) + " |" for row in rows)]  # fmt: skip

    lines = [f"# {say('report.title')}", "", f"**{say('report.result')}** {_headline(report['result'], lang)}", ""]
    if _chain(report, lang):
        lines += [f"**{say('report.log')}** {_chain(report, lang)}", ""]
    lines += [f"## {say('report.games')}", "", *table(GAME_COLUMNS, (_game_cells(g, lang) for g in report["games"]))]
    lines += ["", f"## {say('report.boxes')}", "", *table(BOX_COLUMNS, (_box_cells(b, lang) for b in report["boxes"]))]
    top = max(p["hp"] for p in report["chart"])
    lines += ["", f"## {say('report.chart')}", "", "```"]
    lines += [f"{p['game']:>4} {_right(amount(p['hp'], lang), 13)} {_bar(p['hp'], top)}" for p in report["chart"]]
    lines += ["```", ""]
    return "\n".join(lines)


def svg_chart(chart: list[dict], *, lang: str = "en", width: int = 640, height: int = 240) -> str:
    """The HP after each game as an inline SVG line chart."""
    pad = 40
    top = max(p["hp"] for p in chart) or 1
    last = max(len(chart) - 1, 1)
    points = [(pad + (width - 2 * pad) * i / last, height - pad - (height - 2 * pad) * p["hp"] / top)
              for i, p in enumerate(chart)]  # fmt: skip
    path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    dots = "".join(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="#d62728"><title>'
                   f'{html.escape(text("report.svg_point", lang, game=p["game"], hp=p["hp"]))}</title></circle>'
                   for (x, y), p in zip(points, chart))  # fmt: skip
    labels = "".join(f'<text x="{x:.1f}" y="{height - pad + 16}" font-size="11" text-anchor="middle">'
                     f'{p["game"]}</text>' for (x, _), p in zip(points, chart))  # fmt: skip
    label = html.escape(text("report.svg_label", lang), quote=True)
    return (
        f'<svg id="hp-chart" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{label}">'
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>'
        f'<line x1="{pad}" y1="{height - pad}" x2="{width - pad}" y2="{height - pad}" stroke="#555"/>'
        f'<line x1="{pad}" y1="{pad}" x2="{pad}" y2="{height - pad}" stroke="#555"/>'
        f'<text x="{pad}" y="{pad - 10}" font-size="12">{html.escape(text("report.svg_top", lang, hp=top))}</text>'
        f'<polyline points="{path}" fill="none" stroke="#d62728" stroke-width="4"/>{dots}{labels}</svg>'
    )


def to_html(report: dict, lang: str = "en") -> str:
    def say(key: str) -> str:
        return html.escape(text(key, lang))

    def table(columns, rows) -> str:
        head = "".join(f"<th>{html.escape(c)}</th>" for c in _headers(columns, lang))
        body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows)
        return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"

    style = ("body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin:1em 0}"
             "td,th{border:1px solid #ccc;padding:4px 8px;text-align:right}th{background:#f0f0f0}")  # fmt: skip
    chain = _chain(report, lang)
    return (
        f"<!DOCTYPE html><html lang=\"{lang}\"><head><meta charset=\"utf-8\">"
        f"<title>{say('report.title')}</title><style>{style}</style></head><body><h1>{say('report.title')}</h1>"
        f"<p id=\"result\"><strong>{say('report.result')}</strong> "
        f"{html.escape(_headline(report['result'], lang))}</p>"
        + (f"<p id=\"log\"><strong>{say('report.log')}</strong> {html.escape(chain)}</p>" if chain else "")
        + f"<h2>{say('report.chart')}</h2>" + svg_chart(report["chart"], lang=lang)
        + f"<h2>{say('report.games')}</h2>" + table(GAME_COLUMNS, [_game_cells(g, lang) for g in report["games"]])
        + f"<h2>{say('report.boxes')}</h2>" + table(BOX_COLUMNS, [_box_cells(b, lang) for b in report["boxes"]])
        + "</body></html>\n"
    )


def print_text(report: dict, console, lang: str = "en") -> None:
    """The report in the terminal (rich), the HP chart as bars."""
    from rich.table import Table

    def table(title: str, names, rows, *, left: str) -> Table:
        out = Table(title=title, title_justify="left", show_edge=False)
        for name, header in zip(names, _headers(names, lang)):
            out.add_column(header, justify="left" if name == left else "right")
        for row in rows:
            out.add_row(*row)
        return out

    console.print(text("report.title", lang), style="bold")
    console.print(_headline(report["result"], lang))
    if _chain(report, lang):
        console.print(f"{text('report.log', lang)} {_chain(report, lang)}")
    console.print(table(text("report.games", lang), GAME_COLUMNS, (_game_cells(g, lang) for g in report["games"]),
                        left="results"))  # fmt: skip
    console.print(table(text("report.boxes", lang), BOX_COLUMNS, (_box_cells(b, lang) for b in report["boxes"]),
                        left="player"))  # fmt: skip
    chart = Table(title=text("report.chart", lang), title_justify="left", show_edge=False, show_header=False, box=None)
    chart.add_column(justify="right")
    chart.add_column(justify="right")
    chart.add_column(style="red")
    top = max(p["hp"] for p in report["chart"])
    for p in report["chart"]:
        chart.add_row(str(p["game"]), amount(p["hp"], lang), _bar(p["hp"], top))
    console.print(chart)


FORMATS = {"markdown": to_markdown, "html": to_html, "json": to_json_text, "csv": to_csv}
