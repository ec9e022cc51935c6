"""The casino table's pieces of the shell, like ``casino/shell.py``: the report of
``dealer-assist report`` for a casino session (the ruleset hook ``report``).

The same report as One Million's (``dealer_assist.report``), for the casino table: a title
block (session, date, table, rules, the players by seat), the result in words (the winner or
a draw, or alone: a win, a draw or a loss against 100 chips), a table per round, per-seat
totals, the ranking (or the standing so far) and the chips of every seat after each round.

``build`` makes plain, language-neutral data from a state (its JSON is the machine's form);
the format functions word it in a language from the catalogs: text (rich), Markdown, HTML
(one self-contained, printable page with an inline SVG chart) or CSV.
"""

from __future__ import annotations

import html
from typing import Any

from dealer_assist.tables.casino.state import BET, CHIPS, ROUNDS, CasinoState
from dealer_assist.tables.casino.view import to_json
from dealer_assist.tables.casino.words import casino_text, result_word
from dealer_assist.i18n import amount, text
from dealer_assist.render import ratio_text
from dealer_assist.report import HTML_SCRIPT, HTML_STYLE, _chain, _local_time, _right, csv_writer, to_json_text

# the hands counted as won, lost and pushed (the report says so under the seat table)
WON = ("win", "blackjack")
LOST = ("lose", "bust")
PUSHED = ("push",)
DOUBLE = 2 * BET  # a doubled hand's bet


def _seat_of(label: str) -> str:
    """The seat of a hand: ``1`` → ``1``, ``3b`` → ``3``."""
    return label.rstrip("abcdefghijklmnopqrstuvwxyz")


def _standing(chips: dict[str, int]) -> list[tuple[int, str]]:
    """RANK-1 on ``chips`` (seat → chips): most first, equal chips share a rank, the next is skipped."""
    ordered = sorted(chips, key=lambda s: (-chips[s], int(s)))
    out: list[tuple[int, str]] = []
    for i, seat in enumerate(ordered):
        rank = out[-1][0] if out and chips[out[-1][1]] == chips[seat] else i + 1
        out.append((rank, seat))
    return out


def build(state: CasinoState, *, chain: dict[str, Any] | None = None,
          meta: dict[str, Any] | None = None) -> dict[str, Any]:  # fmt: skip
    """The report's data. ``chain`` (a stored session's log: events, head, short, ok, problem)
    is shown in every format, so that a posted head hash can be checked; ``meta`` names the
    session (``session``, ``created``).

    The chips after each round are rebuilt from the start (100) and the rounds' changes (the
    insurance included); ``result.chips_check`` says whether they add up to the chips the
    seats hold (None while a round is being dealt: its stakes are on the table)."""
    data = to_json(state)
    seats = data["seats"]
    chips = {number: CHIPS for number in seats}
    chart: list[dict[str, Any]] = [{"round": 0, "chips": dict(chips), "unfinished": False}]
    rounds = []
    totals: dict[str, dict[str, Any]] = {
        number: {"seat": int(number), "player": seat["player"], "rounds": 0, "hands": 0, "won": 0, "lost": 0,
                 "pushed": 0, "blackjacks": 0, "busts": 0, "surrenders": 0, "doubles": 0, "splits": 0,
                 "insured": 0, "insurance_net": 0, "chips_start": CHIPS}
        for number, seat in seats.items()
    }  # fmt: skip
    unsettled = None
    for record in data["log"]:
        unfinished = any(h["result"] is None for h in record["hands"])
        if unfinished:
            unsettled = record["round"]
        for number, change in record["changes"].items():
            chips[number] = chips.get(number, CHIPS) + change
        hands = [{k: h[k] for k in ("hand", "cards", "bet", "result", "ratio")} for h in record["hands"]]
        rounds.append({
            "round": record["round"],
            "first": record["first"],
            "shuffled": record["shuffled"],
            "unfinished": unfinished,
            "dealer": dict(record["dealer"]),
            "hands": hands,
            "insurance": dict(record["insurance"]),
            "changes": dict(record["changes"]),
            "chips_after": dict(chips),
        })  # fmt: skip
        chart.append({"round": record["round"], "chips": dict(chips), "unfinished": unfinished})
        per_seat: dict[str, int] = {}
        for h in hands:
            number = _seat_of(h["hand"])
            per_seat[number] = per_seat.get(number, 0) + 1
            seat = totals[number]
            seat["hands"] += 1
            seat["doubles"] += h["bet"] == DOUBLE
            seat["won"] += h["result"] in WON
            seat["lost"] += h["result"] in LOST
            seat["pushed"] += h["result"] in PUSHED
            seat["blackjacks"] += h["result"] == "blackjack"
            seat["busts"] += h["result"] == "bust"
            seat["surrenders"] += h["result"] == "surrender"
        for number, count in per_seat.items():
            totals[number]["rounds"] += 1
            totals[number]["splits"] += count - 1
        for number, value in record["insurance"].items():
            totals[number]["insured"] += 1
            totals[number]["insurance_net"] += value
    over = data["status"] == "over"
    if over:
        ranks = {str(r["seat"]): r["rank"] for r in data["ranking"]}
        ranking = data["ranking"]
    else:
        standing = _standing(chips)
        ranks = {seat: rank for rank, seat in standing}
        ranking = [{"rank": rank, "seat": int(seat), "player": seats[seat]["player"], "chips": chips[seat]}
                   for rank, seat in standing]  # fmt: skip
    mismatch = [{"seat": int(number), "player": seat["player"], "counted": chips[number], "held": seat["chips"]}
                for number, seat in seats.items() if chips[number] != seat["chips"]]  # fmt: skip
    for number, seat in totals.items():
        seat["chips_end"] = chips[number]
        seat["net"] = chips[number] - CHIPS
        seat["rank"] = ranks.get(number)
    alone = len(seats) == 1
    meta = meta or {}
    return {
        "title": {
            "session": meta.get("session"),
            "created": meta.get("created"),
            "table": "casino",
            "rounds": ROUNDS,
            "bet": BET,
            "seats": [{"seat": int(number), "player": seat["player"], "chips": CHIPS}
                      for number, seat in seats.items()],  # fmt: skip
        },
        "result": {
            "status": data["status"],
            "reason": data["reason"],
            "rounds": data["rounds"],
            "alone": alone,
            "winner": data.get("winner"),
            "result": data.get("result"),  # alone: win, draw or lose
            "ranking": ranking,
            "unsettled": unsettled,
            "chips_check": None if unsettled is not None else not mismatch,
            "mismatch": [] if unsettled is not None else mismatch,
        },
        "rounds": rounds,
        "seats": list(totals.values()),
        "chart": chart,
        **({"chain": chain} if chain is not None else {}),
    }  # fmt: skip


# --------------------------------------------------------------------------- wording


def _player(report: dict, seat: int | str) -> str:
    return next((s["player"] for s in report["title"]["seats"] if s["seat"] == int(seat)), str(seat))


def _verdict(result: dict, lang: str) -> str:
    top = result["ranking"][0] if result["ranking"] else {"player": "-", "chips": CHIPS}
    if result["alone"]:
        return text(f"casino.alone_{result['result']}", lang, player=top["player"], chips=top["chips"])
    if result["winner"] is not None:
        return text("casino.winner", lang, player=result["winner"], chips=top["chips"])
    return text("casino.draw", lang, chips=top["chips"])


def _headline(result: dict, lang: str = "en") -> str:
    if result["status"] != "over":
        return text("casino.final.running", lang, rounds=result["rounds"], rule=ROUNDS)
    return text(f"casino.report.headline.{result['reason']}", lang, verdict=_verdict(result, lang),
                rounds=result["rounds"], bet=BET)  # fmt: skip


def _notes(report: dict, lang: str = "en") -> list[str]:
    """What the reader must know about the figures: an unsettled round, chips that do not add up."""
    result = report["result"]
    out = [text("casino.report.counted", lang, double=DOUBLE)]
    if result["unsettled"] is not None:
        out.append(text("casino.report.unsettled", lang, round=result["unsettled"]))
    if result["mismatch"]:
        out.append(text("casino.report.mismatch", lang, seats=text("list.sep", lang).join(
            text("casino.report.mismatch_seat", lang, **m) for m in result["mismatch"])))  # fmt: skip
    return out


def title_lines(report: dict, lang: str = "en") -> list[tuple[str, str]]:
    """The title block: (label, value) pairs, worded in ``lang``."""
    title = report["title"]
    out: list[tuple[str, str]] = []
    if title["session"]:
        out.append((text("report.t.session", lang), title["session"]))
    if title["created"]:
        out.append((text("report.t.created", lang), _local_time(title["created"]) or ""))
    out.append((text("casino.report.t.table", lang), text(f"ruleset.name.{title['table']}", lang)))
    out.append((text("casino.report.t.rules_label", lang),
                text("casino.report.t.rules", lang, rounds=title["rounds"], bet=title["bet"], chips=CHIPS)))
    seats = text("list.sep", lang).join(text("casino.report.t.seat", lang, **s) for s in title["seats"])
    out.append((text("casino.report.t.seats", lang), seats or "-"))
    out.append((text("report.result", lang), _headline(report["result"], lang)))
    chain = _chain(report, lang)
    if chain:
        out.append((text("report.log", lang), chain))
    return out


ROUND_COLUMNS = ("round", "first", "dealer", "results", "insurance")
SEAT_COLUMNS = ("seat", "player", "rounds_played", "hands", "won", "lost", "pushed", "blackjacks", "busts",
                "surrenders", "doubles", "splits", "insured", "insurance_net", "chips_start", "chips_end", "net",
                "rank")  # fmt: skip
RANKING_COLUMNS = ("rank", "seat", "player", "chips")
HAND_COLUMNS = ("hand", "player", "cards", "bet", "result", "ratio")
CSV_COLUMNS = ("round", "seat", "player", "change", "insurance", "chips_after", "results")


def _headers(names, lang: str, report: dict | None = None) -> list[str]:
    """Column headers from the catalog (``chips_end`` reads "chips now" while the game goes on)."""
    running = report is not None and report["result"]["status"] != "over"
    return [casino_text("col.chips_now" if name == "chips_end" and running else f"col.{name}", lang) for name in names]


def _seat_headers(report: dict, lang: str) -> list[str]:
    return [text("casino.report.seat_col", lang, seat=s["seat"], player=s["player"]) for s in report["title"]["seats"]]


def _dealer(r: dict, lang: str) -> str:
    dealer = r["dealer"]
    if not dealer["cards"]:
        return "-"
    out = f"{' '.join(dealer['cards'])} = {dealer['total']}"
    if dealer["bust"]:
        out += " " + text("result.bust", lang)
    elif dealer["blackjack"]:
        out += " " + casino_text("result.blackjack", lang)
    return out


def _results(hands: list[dict], lang: str) -> str:
    return text("list.sep", lang).join(f"{h['hand']} {result_word(h['result'], lang)}" for h in hands) or "-"


def _insurance(r: dict, lang: str) -> str:
    return text("list.sep", lang).join(text("casino.report.insurance", lang, seat=seat, chips=value)
                                       for seat, value in r["insurance"].items()) or "-"  # fmt: skip


def _round_number(r: dict, lang: str) -> str:
    marks = [text("casino.report.shuffled", lang)] if r["shuffled"] else []
    marks += [text("report.unfinished", lang)] if r["unfinished"] else []
    return " ".join([str(r["round"]), *marks])


def _seat_cell(r: dict, seat: int, lang: str) -> str:
    """A seat in a round: its change and chips after (``+15 → 115``), or that it sat out."""
    number = str(seat)
    chips = amount(r["chips_after"][number], lang)
    if not any(_seat_of(h["hand"]) == number for h in r["hands"]):
        return f"{text('casino.word.out', lang)} {chips}"
    if r["unfinished"]:
        return chips
    return f"{amount(r['changes'].get(number, 0), lang, sign=True)} → {chips}"


def _round_cells(r: dict, report: dict, lang: str = "en") -> list[str]:
    return [_round_number(r, lang), str(r["first"]), _dealer(r, lang), _results(r["hands"], lang),
            _insurance(r, lang), *(_seat_cell(r, s["seat"], lang) for s in report["title"]["seats"])]  # fmt: skip


def _seat_row(seat: dict, lang: str = "en") -> list[str]:
    return [str(seat["seat"]), seat["player"],
            *(str(seat[k]) for k in ("rounds", "hands", "won", "lost", "pushed", "blackjacks", "busts",
                                     "surrenders", "doubles", "splits", "insured")),
            amount(seat["insurance_net"], lang, sign=True), amount(seat["chips_start"], lang),
            amount(seat["chips_end"], lang), amount(seat["net"], lang, sign=True),
            "-" if seat["rank"] is None else str(seat["rank"])]  # fmt: skip


def _ranking_rows(report: dict, lang: str = "en") -> list[list[str]]:
    return [[str(r["rank"]), str(r["seat"]), r["player"], amount(r["chips"], lang)]
            for r in report["result"]["ranking"]]  # fmt: skip


def _ranking_title(report: dict, lang: str) -> str:
    return text("casino.report.ranking" if report["result"]["status"] == "over" else "casino.report.standing", lang)


def _hand_rows(r: dict, report: dict, lang: str) -> list[list[str]]:
    return [[h["hand"], _player(report, _seat_of(h["hand"])), " ".join(h["cards"]), amount(h["bet"], lang),
             result_word(h["result"], lang), ratio_text(h["ratio"], lang)] for h in r["hands"]]  # fmt: skip


def to_csv(report: dict, lang: str = "en") -> str:
    """One row per round and seat; the header in ``lang`` (English: machine names)."""
    out, writer, tail = csv_writer(report, CSV_COLUMNS, lang)
    for r in report["rounds"]:
        for seat in report["title"]["seats"]:
            number = str(seat["seat"])
            hands = [h for h in r["hands"] if _seat_of(h["hand"]) == number]
            change = "" if r["unfinished"] else r["changes"].get(number, 0)
            writer.writerow([r["round"], seat["seat"], seat["player"], change, r["insurance"].get(number, ""),
                             r["chips_after"][number],
                             _results(hands, lang) if hands else text("casino.word.out", lang),
                             *tail])  # fmt: skip
    return out.getvalue()


def _top(report: dict) -> int:
    return max([CHIPS, *(c for p in report["chart"] for c in p["chips"].values())])


def _bar(chips: int, top: int, width: int) -> str:
    return "█" * (round(width * chips / top) if top else 0)


def _md(cell: str) -> str:
    return cell.replace("|", "\\|")


def to_markdown(report: dict, lang: str = "en") -> str:
    def table(headers, rows) -> list[str]:
        return ["| " + " | ".join(map(_md, headers)) + " |", "|" + "---|" * len(headers),
                *("| " + " | ".join(map(_md, row)) + " |" for row in rows)]  # fmt: skip

    lines = [f"# {text('casino.report.title', lang)}", ""]
    lines += [f"- **{label}** {_md(value)}" for label, value in title_lines(report, lang)] + [""]
    lines += [f"## {_ranking_title(report, lang)}", "", *table(_headers(RANKING_COLUMNS, lang),
                                                                _ranking_rows(report, lang))]  # fmt: skip
    lines += ["", f"## {text('casino.report.rounds', lang)}", ""]
    lines += table([*_headers(ROUND_COLUMNS, lang), *_seat_headers(report, lang)],
                   (_round_cells(r, report, lang) for r in report["rounds"]))  # fmt: skip
    lines += ["", f"## {text('casino.report.seats', lang)}", ""]
    lines += table(_headers(SEAT_COLUMNS, lang, report), (_seat_row(s, lang) for s in report["seats"]))
    lines += ["", *(line for note in _notes(report, lang) for line in (note, ""))]
    top = _top(report)
    lines += [f"## {text('casino.report.chart', lang)}", "", "```"]
    for seat in report["title"]["seats"]:
        lines.append(text("casino.report.seat_col", lang, seat=seat["seat"], player=seat["player"]))
        lines += [f"{_right(str(p['round'] or text('chart.start', lang)), 6)} "
                  f"{_right(amount(p['chips'][str(seat['seat'])], lang), 6)} "
                  f"{_bar(p['chips'][str(seat['seat'])], top, 40)}" for p in report["chart"]]  # fmt: skip
    lines += ["```", ""]
    return "\n".join(lines)


SEAT_COLOURS = ("#c62828", "#1565c0", "#2e7d32", "#ef6c00", "#6a1b9a", "#00838f")
CASINO_STYLE = (".result.over{background:#e8f5e9;color:var(--good)}"
                + "".join(f"svg .s{i},svg .dot.open.s{i}{{stroke:{c}}}svg .f{i}{{fill:{c}}}"
                          for i, c in enumerate(SEAT_COLOURS))
                + "svg .line{fill:none;stroke-width:3}svg .dot.open{fill:#fff;stroke-width:2}"
                "svg .start{stroke:#8a90a0;stroke-dasharray:6 5;stroke-width:1.5}svg .legend{font-size:13px}"
                "svg .start-key{fill:#8a90a0;font-weight:700}")  # fmt: skip


def svg_chart(report: dict, *, lang: str = "en", width: int = 760, height: int = 300) -> str:
    """The chips of every seat after each round as an inline SVG line chart: the axis from
    the fewest chips to the most (10 below and above), the start (100) dashed."""
    chart = report["chart"]
    seats = report["title"]["seats"]
    pad = 48
    values = [CHIPS, *(c for p in chart for c in p["chips"].values())]
    low, high = max(0, min(values) // 10 * 10 - 10), max(values) // 10 * 10 + 10
    last = max(len(chart) - 1, 1)

    def x(i: int) -> float:
        return pad + (width - 2 * pad) * i / last

    def y(chips: int) -> float:
        return height - pad - (height - 2 * pad) * (chips - low) / (high - low)

    lines, legend = [], []
    for k, seat in enumerate(seats):
        number, colour = str(seat["seat"]), k % len(SEAT_COLOURS)
        points = [(x(i), y(p["chips"][number])) for i, p in enumerate(chart)]
        path = " ".join(f"{a:.1f},{b:.1f}" for a, b in points)
        dots = "".join(
            f'<circle cx="{a:.1f}" cy="{b:.1f}" r="4" class="dot f{colour}'
            f'{" open s" + str(colour) if p["unfinished"] else ""}"><title>'
            + html.escape(text("casino.report.svg_point" if p["round"] else "casino.report.svg_point_start", lang,
                               round=p["round"], player=seat["player"], chips=p["chips"][number]))
            + "</title></circle>" for (a, b), p in zip(points, chart))  # fmt: skip
        lines.append(f'<polyline points="{path}" class="line s{colour}"/>{dots}')
        name = html.escape(text("casino.report.seat_col", lang, seat=seat["seat"], player=seat["player"]))
        legend.append(f'<text x="{pad + 120 * (k % 5)}" y="{pad - 28 + 16 * (k // 5)}" '
                      f'class="legend f{colour}">{name}</text>')  # fmt: skip
    start = html.escape(text("casino.report.svg_start", lang, chips=CHIPS))
    legend.append(f'<text x="{width - pad}" y="{pad - 28}" class="legend" style="text-anchor:end">'
                  f'<tspan class="start-key">- - </tspan>{start}</text>')  # fmt: skip
    first = html.escape(text("chart.start", lang))  # the point before round 1: 「開始時」
    ticks = "".join(f'<text x="{x(i):.1f}" y="{height - pad + 18}" class="tick">{p["round"] or first}</text>'
                    for i, p in enumerate(chart))  # fmt: skip
    ticks += "".join(f'<text x="{pad - 6}" y="{y(v) + 4:.1f}" style="text-anchor:end">{v}</text>'
                     for v in sorted({low, CHIPS, high}))  # fmt: skip
    label = html.escape(text("casino.report.svg_label", lang), quote=True)
    return (
        f'<svg id="chips-chart" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{label}">'
        f'<rect width="{width}" height="{height}" class="bg"/>'
        f'<line x1="{pad}" y1="{height - pad}" x2="{width - pad}" y2="{height - pad}" class="axis"/>'
        f'<line x1="{pad}" y1="{pad}" x2="{pad}" y2="{height - pad}" class="axis"/>'
        f'<line x1="{pad}" y1="{y(CHIPS):.1f}" x2="{width - pad}" y2="{y(CHIPS):.1f}" class="start"/>'
        + "".join(lines) + "".join(legend) + ticks + "</svg>"
    )  # fmt: skip


def to_html(report: dict, lang: str = "en") -> str:
    """One self-contained page: its own styling, no outside asset, printable."""
    esc = html.escape

    def say(key: str, **params) -> str:
        return esc(text(key, lang, **params))

    def table(headers, rows, *, left=()) -> str:
        head = "".join(f'<th{" class=l" if i in left else ""}>{esc(h)}</th>' for i, h in enumerate(headers))
        body = "".join("<tr>" + "".join(f'<td{" class=l" if i in left else ""}>{esc(c)}</td>'
                                        for i, c in enumerate(row)) + "</tr>" for row in rows)  # fmt: skip
        return f'<div class="scroll"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'

    result = report["result"]
    title = "".join(f"<dt>{esc(label)}</dt><dd>{esc(value)}</dd>" for label, value in title_lines(report, lang)
                    if label not in (text("report.result", lang), text("report.log", lang)))  # fmt: skip
    sep = text("list.sep", lang)
    rounds = []
    for r in report["rounds"]:
        hands = table(_headers(HAND_COLUMNS, lang), _hand_rows(r, report, lang), left=(0, 1, 2, 4))
        flags = (("casino.report.shuffled", r["shuffled"]), ("report.unfinished", r["unfinished"]))
        marks = "".join(f' <span class="unfinished">{say(key)}</span>' for key, on in flags if on)
        changes = "".join(f"<span>{esc(s['player'])} {esc(_seat_cell(r, s['seat'], lang))}</span>"
                          for s in report["title"]["seats"])  # fmt: skip
        dealer = r["dealer"]
        cards = " ".join(dealer["cards"]) or "-"
        said = say("render.dealer_bust" if dealer["bust"] else "render.dealer", cards=cards, total=dealer["total"])
        if dealer["blackjack"]:
            said += " " + esc(casino_text("result.blackjack", lang))
        insurance = f'<p>{say("casino.report.s.insurance", entries=_insurance(r, lang))}</p>' if r["insurance"] else ""
        held = (f"{s['player']} {amount(r['chips_after'][str(s['seat'])], lang)}" for s in report["title"]["seats"])
        after = say("casino.report.s.chips", chips=sep.join(held))
        rounds.append(
            f'<details class="game"><summary><span class="n">'
            f'{say("casino.overlay.round", round=r["round"], rounds=ROUNDS)}{marks}</span>'
            f'<span>{say("casino.report.s.first", seat=r["first"])}</span>{changes}</summary>'
            f"<p>{said}</p>{insurance}{hands}<p class=\"note\">{after}</p></details>"
        )  # fmt: skip
    chain = _chain(report, lang)
    notes = "".join(f'<p class="note">{esc(note)}</p>' for note in _notes(report, lang))
    return (
        f'<!DOCTYPE html><html lang="{esc(lang)}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{say('casino.report.title')}</title><style>{HTML_STYLE}{CASINO_STYLE}</style></head><body><main>"
        f"<h1>{say('casino.report.title')}</h1>"
        f'<p id="result" class="result {esc(result["status"])}"><strong>{say("report.result")}</strong> '
        f"{esc(_headline(result, lang))}</p>"
        f'<dl class="title">{title}</dl>'
        + (f'<p id="log" class="note"><strong>{say("report.log")}</strong> {esc(chain)}</p>' if chain else "")
        + f"<h2>{esc(_ranking_title(report, lang))}</h2>"
        + table(_headers(RANKING_COLUMNS, lang), _ranking_rows(report, lang), left=(2,))
        + f"<h2>{say('casino.report.chart')}</h2>" + svg_chart(report, lang=lang)
        + f"<h2>{say('casino.report.rounds')}</h2>" + "".join(rounds)
        + f"<h2>{say('casino.report.seats')}</h2>"
        + table(_headers(SEAT_COLUMNS, lang, report), [_seat_row(s, lang) for s in report["seats"]], left=(1,))
        + notes
        + f"</main><script>{HTML_SCRIPT}</script></body></html>\n"
    )  # fmt: skip


def print_text(report: dict, console, lang: str = "en") -> None:
    """The report in the terminal (rich); the chips chart as bars, a column per seat."""
    from rich.table import Table
    from rich.text import Text

    from dealer_assist.layout import print_table
    from dealer_assist.wrap import Wrapped

    def table(title: str, headers, rows, *, left=(), keep: int = 1) -> None:
        # in parts if wider than the console, no header or value cut (layout)
        print_table(console, title, list(headers), list(rows), keep=keep,
                    justify=["left" if i in left else "right" for i in range(len(headers))])  # fmt: skip

    console.print(Text(text("casino.report.title", lang), style="bold"))
    print_table(console, None, ["", ""], [(Text(label, style="bold"), value) for label, value in title_lines(report, lang)],
                show_header=False, box=None, pad_edge=False)  # fmt: skip
    table(_ranking_title(report, lang), _headers(RANKING_COLUMNS, lang), _ranking_rows(report, lang), left=(2,))
    table(text("casino.report.rounds", lang), [*_headers(ROUND_COLUMNS, lang), *_seat_headers(report, lang)],
          [_round_cells(r, report, lang) for r in report["rounds"]], left=(2, 3, 4))  # fmt: skip
    split = SEAT_COLUMNS.index("insured")  # two tables, to fit a terminal: the hands, then the chips
    headers, rows = _headers(SEAT_COLUMNS, lang, report), [_seat_row(s, lang) for s in report["seats"]]
    table(text("casino.report.seats", lang), headers[:split], [row[:split] for row in rows], left=(1,), keep=2)
    table("", headers[:2] + headers[split:], [row[:2] + row[split:] for row in rows], left=(1,), keep=2)
    for note in _notes(report, lang):
        console.print(Wrapped(note, style="dim"))
    seats = report["title"]["seats"]
    # the bars as long as the console lets every seat's column sit side by side
    width = max(2, min(48 // max(len(seats), 1), (console.width - 8) // max(len(seats), 1) - 8))
    top = _top(report)
    rows = []
    for k, p in enumerate(report["chart"]):
        cells = []
        for i, seat in enumerate(seats):
            chips = p["chips"][str(seat["seat"])]
            cell = Text(_right(amount(chips, lang), 5) + " ")
            cell.append(_bar(chips, top, width), style=SEAT_COLOURS[i % len(SEAT_COLOURS)])
            cells.append(cell)
        rows.append([str(p["round"] or text("chart.start", lang)), *cells])
    print_table(console, text("casino.report.chart", lang), [casino_text("col.round", lang), *_seat_headers(report, lang)],
                rows, justify=["right"] + ["left"] * len(seats), box=None)  # fmt: skip


FORMATS = {"markdown": to_markdown, "html": to_html, "json": to_json_text, "csv": to_csv}
