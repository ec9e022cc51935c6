"""The quest report, ready to post: a title block (session, date, difficulty, the dealer's dice
and skills, the guild's skills, the players by box), the result in words, a table per game,
per-box totals and the HP over the games; and the totals across every stored session.

``build`` makes plain, language-neutral data from a state (its JSON is the machine's form);
the format functions word it in a language: text (rich), Markdown, HTML (one self-contained,
printable page with an inline SVG chart) or CSV.
"""

from __future__ import annotations

import csv
import html
import io
import json
from datetime import datetime
from typing import Any

from rich.cells import cell_len

from dealer_assist.tables.onemillion import State, to_json
from dealer_assist.i18n import amount
from dealer_assist.messages import Term, text
from dealer_assist.render import ratio_text, result_text

RESULT_COUNTS = {"wins": ("win",), "blackjacks": ("blackjack",), "unders": ("under",), "busts": ("bust",),
                 "surrenders": ("surrender",), "jokers": ("joker",)}  # fmt: skip
# the hands counted as won, lost and pushed (the report says so under the box table); a
# surrender (half the bet back, SURR-4) is none of them: it has its own column, as at the casino
WON = ("win", "blackjack", "under")
LOST = ("lose", "bust", "joker")
PUSHED = ("push", "forced_push")


def _local_time(stamp: str | None) -> str | None:
    if not stamp:
        return None
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return stamp


def build(state: State, *, chain: dict[str, Any] | None = None, meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """The report's data. ``chain`` (a stored session's log: events, head, short, ok, problem)
    is shown in every format, so that a posted head hash can be checked; ``meta`` names the
    session (``session``, ``created``)."""
    data = to_json(state)
    config = state.config
    hp = config.hp
    games = []
    chart = [{"game": 0, "hp": hp}]
    boxes: dict[str, dict[str, Any]] = {
        number: {"box": int(number), "player": box["player"], "games": 0, **{k: 0 for k in RESULT_COUNTS},
                 "won": 0, "lost": 0, "pushed": 0, "jokers_drawn": 0,
                 "points_start": state.boxes[int(number)].start, "points_end": box["points"]}
        for number, box in data["boxes"].items()
    }  # fmt: skip
    for record in data["log"]:
        ledger = record["ledger"]
        hp = ledger[-1]["hp"] if ledger else hp
        hands = [h for h in record["hands"] if h["result"] not in ("nobet", None) or h["bet"]]
        unfinished = any(h["result"] is None for h in record["hands"])
        games.append({
            "game": record["game"],
            "recovery": record["recovery"],
            "unfinished": unfinished,
            "dealer": " ".join(record["dealer"]["cards"]),
            "dealer_total": record["dealer"]["total"],
            "dealer_bust": record["dealer"]["bust"],
            "bets": sum(h["bet"] for h in hands),
            "hands": [{k: h[k] for k in ("hand", "cards", "bet", "result", "ratio")} for h in hands],
            "ledger": ledger,
            "damage": sum(e["damage"] for e in ledger),
            "heal": sum(e["heal"] for e in ledger),
            "hp_after": hp,
        })  # fmt: skip
        chart.append({"game": record["game"], "hp": hp, "unfinished": unfinished})
        played = set()
        for h in record["hands"]:
            box = boxes[h["hand"][0]]
            box["jokers_drawn"] += h["cards"].count("[JK]")  # a joker dealt to the box, burned ones too
            if h not in hands:
                continue
            played.add(h["hand"][0])
            for key, results in RESULT_COUNTS.items():
                box[key] += h["result"] in results
            box["won"] += h["result"] in WON
            box["lost"] += h["result"] in LOST
            box["pushed"] += h["result"] in PUSHED
        for number in played:
            boxes[number]["games"] += 1
    meta = meta or {}
    return {
        "title": {
            "session": meta.get("session"),
            "created": meta.get("created"),
            "difficulty": config.difficulty,
            "dice": list(config.dice),
            "skills": [{"face": face, "level": level} for face, level in sorted(state.skills.items())],
            "burst_stream": state.burst_stream,
            "guild": {"surrender": config.surrender_level, "under": config.under,
                      "redistribute": config.redistribute_uses, "mp": config.mp},  # fmt: skip
            "jokers": {"early": config.jk_early, "late": config.jk_late},
            "hp": config.hp,
            "recovery_line": config.heal_cap,
            "players": [{"box": b["box"], "player": b["player"], "points": b["points_start"]}
                        for b in boxes.values()],  # fmt: skip
        },
        "result": {"status": data["status"], "reason": data["reason"], "reward": data["reward"],
                   "difficulty": config.difficulty, "hp": data["hp"], "announce": data["announce"],
                   "games": data["games"], "mp": data["mp"]},
        "games": games,
        "boxes": list(boxes.values()),
        "chart": chart,
        **({"chain": chain} if chain is not None else {}),
    }  # fmt: skip


# --------------------------------------------------------------------------- wording


def _results(game: dict, lang: str = "en") -> str:
    return text("list.sep", lang).join(f"{h['hand']} {result_text(h['result'], lang)}" for h in game["hands"])


GAME_COLUMNS = ("game", "recovery", "bets", "results", "damage", "heal", "hp_after")
BOX_COLUMNS = ("box", "player", "games", "won", "lost", "pushed", "blackjacks", "unders", "busts", "surrenders",
               "jokers_drawn", "jokers_lost", "points_start", "points_end")  # fmt: skip
CSV_COLUMNS = ("game", "recovery", "bets", "results", "damage", "heal", "hp_after")


def _headers(names, lang: str) -> list[str]:
    return [text(f"col.{name}", lang) for name in names]


def _game_cells(game: dict, lang: str = "en") -> list[str]:
    number = str(game["game"]) + (" " + text("report.unfinished", lang) if game["unfinished"] else "")
    return [number, text("report.on" if game["recovery"] else "report.off", lang),
            amount(game["bets"], lang), _results(game, lang), amount(game["damage"], lang),
            amount(game["heal"], lang), amount(game["hp_after"], lang)]  # fmt: skip


def _box_cells(box: dict, lang: str = "en") -> list[str]:
    return [str(box["box"]), box["player"],
            *(str(box[k]) for k in ("games", "won", "lost", "pushed", "blackjacks", "unders", "busts", "surrenders",
                                    "jokers_drawn", "jokers")),
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


def title_lines(report: dict, lang: str = "en") -> list[tuple[str, str]]:
    """The title block: (label, value) pairs, worded in ``lang``."""
    title = report["title"]
    say = lambda key, **p: text(key, lang, **p)  # noqa: E731
    out: list[tuple[str, str]] = []
    if title["session"]:
        out.append((say("report.t.session"), title["session"]))
    if title["created"]:
        out.append((say("report.t.created"), _local_time(title["created"]) or ""))
    out.append((say("report.t.difficulty"), say(f"difficulty.{title['difficulty']}")))
    skills = [say("report.t.skill_aggravated" if s["level"] == 2 else "report.t.skill", face=s["face"],
                  name=Term(f"skill.name.{s['face']}")) for s in title["skills"]]  # fmt: skip
    if title["burst_stream"]:
        skills.append(say("report.t.burst_stream"))
    dice = " ".join(map(str, title["dice"])) or "-"
    out.append((say("report.t.dealer"), say("report.t.dice", dice=dice, skills=say("list.sep").join(skills) or "-")))
    guild = title["guild"]
    out.append((say("report.t.guild"), say("report.t.guild_skills", surrender=guild["surrender"],
                                          under=Term("setup.on" if guild["under"] else "setup.off"),
                                          redistribute=guild["redistribute"], mp=guild["mp"])))  # fmt: skip
    out.append((say("report.t.jokers"), say("setup.jokers", **title["jokers"])))
    out.append((say("report.t.players"), say("list.sep").join(
        say("report.t.player", box=p["box"], player=p["player"], points=p["points"]) for p in title["players"])))
    out.append((say("report.result"), _headline(report["result"], lang)))
    chain = _chain(report, lang)
    if chain:
        out.append((say("report.log"), chain))
    return out


def to_json_text(report: dict, lang: str = "en") -> str:
    """The report's data (language-neutral, like NOTATION.md's JSON)."""
    return json.dumps(report, ensure_ascii=False, indent=2)


def csv_writer(report: dict, columns, lang: str):
    """A CSV writer with its header written (in ``lang``; English: machine names), and the
    cells every row ends with: a stored session's head hash (``log_head``), else none."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    chain = report.get("chain")
    extra = ["log_head"] if chain is not None else []
    writer.writerow([text(f"csv.{name}", lang) for name in (*columns, *extra)])
    return out, writer, [chain["short"]] if chain is not None else []


def to_csv(report: dict, lang: str = "en") -> str:
    """One row per game."""
    out, writer, tail = csv_writer(report, CSV_COLUMNS, lang)
    for g in report["games"]:
        writer.writerow([g["game"], int(g["recovery"]), g["bets"], _results(g, lang), g["damage"], g["heal"],
                         g["hp_after"], *tail])  # fmt: skip
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

    lines = [f"# {say('report.title')}", ""]
    lines += [f"- **{label}** {value}" for label, value in title_lines(report, lang)] + [""]
    lines += [f"## {say('report.games')}", "", *table(GAME_COLUMNS, (_game_cells(g, lang) for g in report["games"]))]
    lines += ["", f"## {say('report.boxes')}", "", *table(BOX_COLUMNS, (_box_cells(b, lang) for b in report["boxes"]))]
    lines += ["", say("report.counted"), ""]
    top = max(p["hp"] for p in report["chart"])
    lines += [f"## {say('report.chart')}", "", "```"]
    start = text("chart.start", lang)  # the point before game 1
    lines += [f"{_right(str(p['game'] or start), 6)} {_right(amount(p['hp'], lang), 13)} {_bar(p['hp'], top)}"
              for p in report["chart"]]  # fmt: skip
    lines += ["```", ""]
    return "\n".join(lines)


def svg_chart(report: dict, *, lang: str = "en", width: int = 760, height: int = 280) -> str:
    """The HP after each game as an inline SVG chart, with the recovery line and every game marked."""
    chart = report["chart"]
    line = report["title"]["recovery_line"]
    pad = 48
    top = max([p["hp"] for p in chart] + [line]) or 1
    last = max(len(chart) - 1, 1)

    def y(hp: int) -> float:
        return height - pad - (height - 2 * pad) * hp / top

    points = [(pad + (width - 2 * pad) * i / last, y(p["hp"])) for i, p in enumerate(chart)]
    path = " ".join(f"{x:.1f},{v:.1f}" for x, v in points)
    def point(p: dict) -> str:  # the point before game 1 is 「開始時」, not 「第0ゲーム」
        return text("report.svg_point" if p["game"] else "report.svg_point_start", lang, game=p["game"], hp=p["hp"])

    dots = "".join(f'<circle cx="{x:.1f}" cy="{v:.1f}" r="{3 if len(chart) > 60 else 5}" class="dot'
                   f'{" open" if p.get("unfinished") else ""}"><title>{html.escape(point(p))}</title></circle>'
                   for (x, v), p in zip(points, chart))  # fmt: skip
    step = max(1, len(chart) // 20)  # at most about 20 game numbers under the axis
    start = html.escape(text("chart.start", lang))
    labels = "".join(f'<text x="{x:.1f}" y="{height - pad + 18}" class="tick">{p["game"] or start}</text>'
                     for i, ((x, _), p) in enumerate(zip(points, chart)) if i % step == 0 or i == len(chart) - 1)  # fmt: skip
    label = html.escape(text("report.svg_label", lang), quote=True)
    recovery = html.escape(text("report.svg_recovery", lang, hp=line))
    return (
        f'<svg id="hp-chart" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{label}">'
        f'<rect width="{width}" height="{height}" class="bg"/>'
        f'<line x1="{pad}" y1="{height - pad}" x2="{width - pad}" y2="{height - pad}" class="axis"/>'
        f'<line x1="{pad}" y1="{pad}" x2="{pad}" y2="{height - pad}" class="axis"/>'
        f'<line x1="{pad}" y1="{y(line):.1f}" x2="{width - pad}" y2="{y(line):.1f}" class="recovery"/>'
        f'<text x="{width - pad}" y="{y(line) - 6:.1f}" class="recovery-label">{recovery}</text>'
        f'<text x="{pad}" y="{pad - 14}" class="top">{html.escape(text("report.svg_top", lang, hp=top))}</text>'
        f'<polyline points="{path}" class="hp"/>{dots}{labels}</svg>'
    )


HTML_STYLE = """
:root{--ink:#1b1f2a;--muted:#5d6474;--line:#d9dde6;--accent:#c62828;--good:#2e7d32;--bad:#b71c1c;--bg:#fff}
*{box-sizing:border-box}
body{margin:0;background:#f3f4f7;color:var(--ink);
 font-family:"Noto Sans CJK JP","Noto Sans JP","Hiragino Sans","Yu Gothic","Meiryo","Segoe UI",Arial,sans-serif;
 font-variant-numeric:tabular-nums;line-height:1.45}
main{max-width:1100px;margin:0 auto;padding:32px 28px 48px;background:var(--bg)}
h1{font-size:28px;margin:0 0 4px}h2{font-size:20px;margin:32px 0 10px;border-bottom:2px solid var(--line);padding-bottom:4px}
.result{font-size:20px;font-weight:700;padding:12px 16px;border-radius:8px;margin:16px 0;background:#eef0f5}
.result.success{background:#e8f5e9;color:var(--good)}.result.failure{background:#ffebee;color:var(--bad)}
dl.title{display:grid;grid-template-columns:max-content 1fr;gap:4px 18px;margin:14px 0}
dl.title dt{color:var(--muted);font-weight:600}dl.title dd{margin:0}
table{border-collapse:collapse;width:100%;margin:8px 0;font-size:14px}
th,td{border-bottom:1px solid var(--line);padding:5px 7px;text-align:right;white-space:nowrap}
th{background:#f6f7fa;font-weight:700;white-space:normal;vertical-align:bottom;font-size:13px}
td.l,th.l{text-align:left;white-space:normal;min-width:5em}.scroll{overflow-x:auto}
details.game{border:1px solid var(--line);border-radius:8px;margin:6px 0;padding:0 12px}
details.game summary{cursor:pointer;padding:8px 0;display:flex;gap:18px;flex-wrap:wrap;font-weight:600}
details.game summary .n{min-width:6em}details.game summary .hp{margin-left:auto}
details.game[open]{padding-bottom:10px}.unfinished{color:var(--accent);font-weight:700}
.note{color:var(--muted);font-size:13px}
svg .bg{fill:#fff}svg .axis{stroke:#8a90a0}svg .hp{fill:none;stroke:var(--accent);stroke-width:3}
svg .dot{fill:var(--accent)}svg .dot.open{fill:#fff;stroke:var(--accent);stroke-width:2}
svg .recovery{stroke:var(--good);stroke-dasharray:6 5;stroke-width:2}
svg text{font-size:12px;fill:#444}svg .tick{text-anchor:middle}svg .recovery-label{text-anchor:end;fill:var(--good)}
@media print{body{background:#fff}main{max-width:none;padding:0}details.game{break-inside:avoid}
 details.game summary{list-style:none}}
"""
# a printed report shows every game's detail
HTML_SCRIPT = ('window.addEventListener("beforeprint",()=>document.querySelectorAll("details").forEach(d=>'
               'd.setAttribute("open","")));')  # fmt: skip


def to_html(report: dict, lang: str = "en") -> str:
    """One self-contained page: its own styling, no outside asset, printable."""
    esc = html.escape

    def say(key: str, **params) -> str:
        return esc(text(key, lang, **params))

    def table(names, rows, *, left=()) -> str:
        head = "".join(f'<th{" class=l" if n in left else ""}>{esc(h)}</th>' for n, h in zip(names, _headers(names, lang)))
        body = "".join("<tr>" + "".join(f'<td{" class=l" if n in left else ""}>{esc(c)}</td>'
                                        for n, c in zip(names, row)) + "</tr>" for row in rows)  # fmt: skip
        return f'<div class="scroll"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'

    status = report["result"]["status"]
    title = "".join(f"<dt>{esc(label)}</dt><dd>{esc(value)}</dd>" for label, value in title_lines(report, lang)
                    if label != text("report.result", lang))  # fmt: skip
    games = []
    for g in report["games"]:
        hands = table(("hand", "cards", "bet", "result", "ratio"),
                      ([h["hand"], " ".join(h["cards"]), amount(h["bet"], lang), result_text(h["result"], lang),
                        ratio_text(h["ratio"], lang)] for h in g["hands"]), left=("hand", "cards", "result"))  # fmt: skip
        ledger = table(("step", "hand", "points", "damage", "heal", "hp", "rule"),
                       ([e["step"], e["hand"] or "-", amount(e["points"], lang, sign=True), amount(e["damage"], lang),
                         amount(e["heal"], lang), amount(e["hp"], lang), e["rule"]] for e in g["ledger"]),
                       left=("step", "hand", "rule")) if g["ledger"] else ""  # fmt: skip
        dealer = say("render.dealer_bust" if g["dealer_bust"] else "render.dealer", cards=g["dealer"],
                     total=g["dealer_total"])  # fmt: skip
        unfinished = f' <span class="unfinished">{say("report.unfinished")}</span>' if g["unfinished"] else ""
        games.append(
            f'<details class="game"><summary><span class="n">{say("overlay.game", game=g["game"])}{unfinished}</span>'
            f'<span>{say("report.s.bets", bets=g["bets"])}</span><span>{say("report.s.damage", damage=g["damage"])}'
            f'</span><span>{say("report.s.heal", heal=g["heal"])}</span>'
            f'<span>{say("report.on_long" if g["recovery"] else "report.off_long")}</span>'
            f'<span class="hp">{say("report.s.hp", hp=g["hp_after"])}</span></summary>'
            f"<p>{dealer}</p>{hands}{ledger}</details>"
        )  # fmt: skip
    return (
        f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{say('report.title')}</title><style>{HTML_STYLE}</style></head><body><main>"
        f"<h1>{say('report.title')}</h1>"
        f'<p id="result" class="result {esc(status)}"><strong>{say("report.result")}</strong> '
        f"{esc(_headline(report['result'], lang))}</p>"
        f'<dl class="title">{title}</dl>'
        + (f'<p id="log" class="note"><strong>{say("report.log")}</strong> {esc(_chain(report, lang))}</p>'
           if _chain(report, lang) else "")
        + f"<h2>{say('report.chart')}</h2>" + svg_chart(report, lang=lang)
        + f"<h2>{say('report.games')}</h2>" + "".join(games)
        + f"<h2>{say('report.boxes')}</h2>"
        + table(BOX_COLUMNS, [_box_cells(b, lang) for b in report["boxes"]], left=("player",))
        + f'<p class="note">{say("report.counted")}</p>'
        + f"</main><script>{HTML_SCRIPT}</script></body></html>\n"
    )


def print_text(report: dict, console, lang: str = "en") -> None:
    """The report in the terminal (rich), the HP chart as bars; a table wider than the
    console is printed in parts (``layout``), no header or value cut."""
    from rich.table import Table
    from rich.text import Text

    from dealer_assist.layout import print_table
    from dealer_assist.wrap import Wrapped

    def table(title: str, names, rows, *, left: str, keep: int = 1) -> None:
        print_table(console, title, _headers(names, lang), list(rows), keep=keep,
                    justify=["left" if name == left else "right" for name in names])  # fmt: skip

    console.print(text("report.title", lang), style="bold")
    print_table(console, None, ["", ""], [(Text(label, style="bold"), value) for label, value in title_lines(report, lang)],
                show_header=False, box=None, pad_edge=False)  # fmt: skip
    table(text("report.games", lang), GAME_COLUMNS, (_game_cells(g, lang) for g in report["games"]), left="results")
    table(text("report.boxes", lang), BOX_COLUMNS, (_box_cells(b, lang) for b in report["boxes"]), left="player", keep=2)
    console.print(Wrapped(text("report.counted", lang), style="dim"))
    chart = Table(title=text("report.chart", lang), title_justify="left", show_edge=False, show_header=False, box=None)
    chart.add_column(justify="right")
    chart.add_column(justify="right")
    chart.add_column(style="red")
    top = max(p["hp"] for p in report["chart"])
    for p in report["chart"]:
        chart.add_row(str(p["game"] or text("chart.start", lang)), amount(p["hp"], lang), _bar(p["hp"], top))
    console.print(chart)


FORMATS = {"markdown": to_markdown, "html": to_html, "json": to_json_text, "csv": to_csv}


# --------------------------------------------------------------------------- every session


def build_all(reports: list[dict], *, other_tables: int = 0) -> dict[str, Any]:
    """Totals across sessions (each a ``build`` report): per player name and per difficulty.
    ``other_tables``: the stored sessions at another table, not in these totals."""
    players: dict[str, dict[str, Any]] = {}
    levels: dict[str, dict[str, Any]] = {}
    for report in reports:
        title, result = report["title"], report["result"]
        for box in report["boxes"]:
            p = players.setdefault(box["player"], {"player": box["player"], "sessions": set(), "boxes": set(),
                                                  "games": 0, "won": 0, "lost": 0, "pushed": 0, "blackjacks": 0,
                                                  "unders": 0, "busts": 0, "surrenders": 0, "jokers": 0,
                                                  "points": 0})  # fmt: skip
            p["sessions"].add(title["session"])
            p["boxes"].add(box["box"])
            for key in ("games", "won", "lost", "pushed", "blackjacks", "unders", "busts", "surrenders", "jokers"):
                p[key] += box[key]
            p["points"] += box["points_end"] - box["points_start"]
        d = levels.setdefault(title["difficulty"] or "-", {"difficulty": title["difficulty"], "quests": 0,
                                                          "success": 0, "failure": 0, "running": 0, "ended_games": 0})  # fmt: skip
        d["quests"] += 1
        d[result["status"]] += 1
        if result["status"] != "running":
            d["ended_games"] += result["games"]
    for d in levels.values():
        ended = d["success"] + d["failure"]
        d["average_games"] = round(d.pop("ended_games") / ended, 1) if ended else None
    return {
        "sessions": len(reports),
        "other_tables": other_tables,
        "players": [{**p, "sessions": len(p["sessions"]), "boxes": sorted(p["boxes"])}
                    for p in sorted(players.values(), key=lambda p: -p["points"])],  # fmt: skip
        "difficulties": sorted(levels.values(), key=lambda d: ["extreme", "hard", "normal", "easy", None].index(
            d["difficulty"]) if d["difficulty"] in ("extreme", "hard", "normal", "easy", None) else 9),
    }  # fmt: skip


PLAYER_COLUMNS = ("player", "sessions", "boxes_sat", "games", "won", "lost", "pushed", "blackjacks", "unders",
                  "busts", "surrenders", "jokers", "points_won")  # fmt: skip
LEVEL_COLUMNS = ("difficulty", "quests", "successes", "failures", "running", "average_games")


def _player_cells(p: dict, lang: str) -> list[str]:
    return [p["player"], str(p["sessions"]), " ".join(map(str, p["boxes"])),
            *(str(p[k]) for k in ("games", "won", "lost", "pushed", "blackjacks", "unders", "busts", "surrenders",
                                  "jokers")),
            amount(p["points"], lang, sign=True)]  # fmt: skip


def _level_cells(d: dict, lang: str) -> list[str]:
    name = text(f"difficulty.{d['difficulty']}", lang)
    average = "-" if d["average_games"] is None else f"{d['average_games']:g}"
    return [name, str(d["quests"]), str(d["success"]), str(d["failure"]), str(d["running"]), average]


def all_formats(stats: dict, fmt: str, lang: str = "en", console=None) -> str | None:
    """The totals across sessions in ``fmt`` (text is printed on ``console``)."""
    sections = [(text("report.all.players", lang), PLAYER_COLUMNS, [_player_cells(p, lang) for p in stats["players"]]),
                (text("report.all.difficulties", lang), LEVEL_COLUMNS,
                 [_level_cells(d, lang) for d in stats["difficulties"]])]  # fmt: skip
    heading = text("report.all.title", lang, sessions=stats["sessions"])
    others = text("report.all.other_tables", lang, count=stats["other_tables"]) if stats["other_tables"] else ""
    if fmt == "json":
        return json.dumps(stats, ensure_ascii=False, indent=2)
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(_headers(PLAYER_COLUMNS, lang))
        writer.writerows(sections[0][2])
        return out.getvalue()
    if fmt == "markdown":
        lines = [f"# {heading}", ""]
        for title, names, rows in sections:
            lines += [f"## {title}", "", "| " + " | ".join(_headers(names, lang)) + " |", "|" + "---|" * len(names)]
            lines += ["| " + " | ".join(row) + " |" for row in rows] + [""]
        return "\n".join(lines + ([others, ""] if others else []))
    if fmt == "html":
        body = "".join(
            f"<h2>{html.escape(title)}</h2><table><thead><tr>"
            + "".join(f"<th>{html.escape(h)}</th>" for h in _headers(names, lang)) + "</tr></thead><tbody>"
            + "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows)
            + "</tbody></table>" for title, names, rows in sections)  # fmt: skip
        return (f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><title>{html.escape(heading)}</title>'
                f"<style>{HTML_STYLE}</style></head><body><main><h1>{html.escape(heading)}</h1>{body}"
                + (f'<p class="note">{html.escape(others)}</p>' if others else "") + "</main></body></html>\n")
    from dealer_assist.layout import print_table
    from dealer_assist.wrap import Wrapped

    console.print(heading, style="bold")
    for title, names, rows in sections:  # in parts if wider than the console, nothing cut (layout)
        print_table(console, title, _headers(names, lang), list(rows),
                    justify=["left" if i == 0 else "right" for i in range(len(names))])  # fmt: skip
    if others:
        console.print(Wrapped(others, style="dim"))
    return None
