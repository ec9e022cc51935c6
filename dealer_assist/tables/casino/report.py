"""The casino table's report, as a ``Document`` (``dealer_assist.report``): a title block
(session, date, table, rules, the players by seat), the result in words (the winner or a draw,
or alone: a win, a draw or a loss against 100 chips), the ranking (or the standing so far), a
table per round (on the page: a detail per round with its hands), per-seat totals, and the
chips of every seat after each round.

``build`` makes plain, language-neutral facts from a state (their JSON is the machine's form);
``_page`` words them in a language from the catalogs for the shared writers.
"""

from __future__ import annotations

from typing import Any

from dealer_assist.i18n import amount, text
from dealer_assist.render import ratio_text
from dealer_assist.report import FORMATS, print_text, to_csv, to_html, to_json_text, to_markdown
from dealer_assist.report.document import (Chart, Detail, Document, Field, Headline, Note, Page, Paragraph, Series,
                                           Span, Table, local_time, log_of)  # fmt: skip
from dealer_assist.tables.casino.state import BET, CHIPS, ROUNDS, CasinoState
from dealer_assist.tables.casino.view import to_json
from dealer_assist.tables.casino.words import casino_text, result_word

totals = None  # no totals across sessions: `report --all` counts the casino's sessions apart

# the report as the shell reaches it (``TableReport``); the writers are the shared ones
__all__ = ["FORMATS", "build", "print_text", "to_csv", "to_html", "to_json_text", "to_markdown", "totals"]

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
          meta: dict[str, Any] | None = None) -> Document:  # fmt: skip
    """The report. ``chain`` (a stored session's log: events, head, short, ok, problem)
    is shown in every format, so that a posted head hash can be checked; ``meta`` names the
    session (``session``, ``created``).

    The chips after each round are rebuilt from the start (100) and the rounds' changes (the
    insurance included); ``result.chips_check`` says whether they add up to the chips the
    seats hold (None while a round is being dealt: its stakes are on the table)."""
    return Document(_facts(state, chain, meta), _page)


def _facts(state: CasinoState, chain: dict[str, Any] | None, meta: dict[str, Any] | None) -> dict[str, Any]:
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


def _top(report: dict) -> int:
    return max([CHIPS, *(c for p in report["chart"] for c in p["chips"].values())])


def _fields(report: dict, lang: str) -> list[Field]:
    """The title block: session, date, table, rules, the seats."""
    title = report["title"]
    out: list[Field] = []
    if title["session"]:
        out.append(Field(text("report.t.session", lang), title["session"]))
    if title["created"]:
        out.append(Field(text("report.t.created", lang), local_time(title["created"]) or ""))
    out.append(Field(text("casino.report.t.table", lang), text(f"ruleset.name.{title['table']}", lang)))
    out.append(Field(text("casino.report.t.rules_label", lang),
                     text("casino.report.t.rules", lang, rounds=title["rounds"], bet=title["bet"], chips=CHIPS)))
    seats = text("list.sep", lang).join(text("casino.report.t.seat", lang, **s) for s in title["seats"])
    out.append(Field(text("casino.report.t.seats", lang), seats or "-"))
    return out


def _detail(r: dict, report: dict, lang: str) -> Detail:
    """A round on the page: who acted first, each seat's change, the dealer, insurance, hands."""
    seats = report["title"]["seats"]
    flags = (("casino.report.shuffled", r["shuffled"]), ("report.unfinished", r["unfinished"]))
    dealer = r["dealer"]
    said = text("render.dealer_bust" if dealer["bust"] else "render.dealer", lang,
                cards=" ".join(dealer["cards"]) or "-", total=dealer["total"])  # fmt: skip
    if dealer["blackjack"]:
        said += " " + casino_text("result.blackjack", lang)
    insurance = (Paragraph(text("casino.report.s.insurance", lang, entries=_insurance(r, lang))),) if r["insurance"] else ()
    held = (f"{s['player']} {amount(r['chips_after'][str(s['seat'])], lang)}" for s in seats)
    hands = Table("", tuple(_headers(HAND_COLUMNS, lang)), tuple(map(tuple, _hand_rows(r, report, lang))),
                  left=frozenset({0, 1, 2, 4}))  # fmt: skip
    return Detail(text("casino.overlay.round", lang, round=r["round"], rounds=ROUNDS),
                  tuple(text(key, lang) for key, on in flags if on),
                  (Span(text("casino.report.s.first", lang, seat=r["first"])),
                   *(Span(f"{s['player']} {_seat_cell(r, s['seat'], lang)}") for s in seats)),
                  (Paragraph(said), *insurance, hands,
                   Paragraph(text("casino.report.s.chips", lang, chips=text("list.sep", lang).join(held)), note=True)))  # fmt: skip


def _chart(report: dict, lang: str) -> Chart:
    """The chips of every seat after each round: the axis from the fewest chips to the most
    (10 below and above), the start (100) dashed."""
    chart = report["chart"]
    values = [CHIPS, *(c for p in chart for c in p["chips"].values())]
    low, high = max(0, min(values) // 10 * 10 - 10), max(values) // 10 * 10 + 10
    series = []
    for seat in report["title"]["seats"]:
        number = str(seat["seat"])
        chips = tuple(p["chips"][number] for p in chart)
        tips = tuple(text("casino.report.svg_point" if p["round"] else "casino.report.svg_point_start", lang,
                          round=p["round"], player=seat["player"], chips=p["chips"][number]) for p in chart)  # fmt: skip
        series.append(Series(text("casino.report.seat_col", lang, seat=seat["seat"], player=seat["player"]), chips,
                             tuple(amount(c, lang) for c in chips), tips))  # fmt: skip
    return Chart(text("casino.report.chart", lang), text("casino.report.svg_label", lang), "chips-chart",
                 tuple(str(p["round"] or text("chart.start", lang)) for p in chart),
                 tuple(p["unfinished"] for p in chart), tuple(series), low=low, high=high, full=_top(report),
                 reference=CHIPS, reference_label=text("casino.report.svg_start", lang, chips=CHIPS), legend=True,
                 x_name=casino_text("col.round", lang), height=300, y_ticks=tuple(sorted({low, CHIPS, high})))  # fmt: skip


def _grid(report: dict, lang: str) -> Table:
    """The CSV form: one row per round and seat; the header in ``lang`` (English: machine names)."""
    rows = []
    for r in report["rounds"]:
        for seat in report["title"]["seats"]:
            number = str(seat["seat"])
            hands = [h for h in r["hands"] if _seat_of(h["hand"]) == number]
            change = "" if r["unfinished"] else r["changes"].get(number, 0)
            rows.append((str(r["round"]), str(seat["seat"]), seat["player"], str(change),
                         str(r["insurance"].get(number, "")), str(r["chips_after"][number]),
                         _results(hands, lang) if hands else text("casino.word.out", lang)))  # fmt: skip
    return Table("", tuple(text(f"csv.{name}", lang) for name in CSV_COLUMNS), tuple(rows))


def _page(report: dict, lang: str) -> Page:
    result = report["result"]
    ranking = Table(_ranking_title(report, lang), tuple(_headers(RANKING_COLUMNS, lang)),
                    tuple(map(tuple, _ranking_rows(report, lang))), left=frozenset({2}))  # fmt: skip
    rounds = Table(text("casino.report.rounds", lang), (*_headers(ROUND_COLUMNS, lang), *_seat_headers(report, lang)),
                   tuple(tuple(_round_cells(r, report, lang)) for r in report["rounds"]), left=frozenset({2, 3, 4}),
                   details=tuple(_detail(r, report, lang) for r in report["rounds"]))  # fmt: skip
    seats = Table(text("casino.report.seats", lang), tuple(_headers(SEAT_COLUMNS, lang, report)),
                  tuple(tuple(_seat_row(s, lang)) for s in report["seats"]), left=frozenset({1}), keep=2,
                  split=SEAT_COLUMNS.index("insured"))  # two tables in a terminal: the hands, then the chips
    return Page(lang, text("casino.report.title", lang), tuple(_fields(report, lang)),
                Headline(text("report.result", lang), _headline(result, lang), result["status"]),
                log_of(report.get("chain"), lang), (ranking, rounds, seats, *map(Note, _notes(report, lang))),
                _chart(report, lang), _grid(report, lang), style=".result.over{background:#e8f5e9;color:var(--good)}")  # fmt: skip
