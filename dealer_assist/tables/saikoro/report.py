"""Saikoro's report: a ``Document`` — the score sheet hand by hand, the points and chips of
each player, the final table, a chart of the points — which the shared writers render as
text, Markdown, HTML, CSV and JSON. The table writes no writer of its own."""

from __future__ import annotations

from typing import Any

from dealer_assist.i18n import amount, text
from dealer_assist.report.document import (
    Chart, Detail, Document, Field, Headline, Page, Paragraph, Series, Span, Table, local_time, log_of,
)  # fmt: skip
from dealer_assist.tables.saikoro.apply import to_json
from dealer_assist.tables.saikoro.options import START
from dealer_assist.tables.saikoro.words import value_text
from dealer_assist.tables.saikoro.state import SaikoroState

totals = None  # no totals across sessions (`report --all` counts its sessions apart)


def build(state: SaikoroState, *, chain: dict[str, Any] | None = None,
          meta: dict[str, Any] | None = None) -> Document:  # fmt: skip
    """The report of a session (``chain``: a stored session's log, shown so that a posted head
    can be checked; ``meta``: its name and date)."""
    data = to_json(state)
    data["session"] = (meta or {}).get("session")
    data["created"] = (meta or {}).get("created")
    data["chain"] = chain
    return Document(data, _page)


def _name(data: dict, seat: int | None) -> str:
    for p in data["players"]:
        if p["seat"] == seat:
            return p["name"]
    return "-"


def hand_name(h: dict, lang: str) -> str:
    wind = text(f"saikoro.wind.{h['wind']}", lang)
    return text("saikoro.label.hand", lang, wind=wind, kyoku=h["kyoku"], honba=h["honba"])


def _what(h: dict, data: dict, lang: str) -> str:
    if h["kind"] == "draw":
        return text("saikoro.report.draw", lang, tenpai=text("list.sep", lang).join(_name(data, x) for x in h["tenpai"])
                    or text("list.none", lang))  # fmt: skip
    if h["kind"] == "chombo":
        return text("saikoro.report.chombo", lang, name=_name(data, h["chombo"]))
    parts = []
    for w in h["wins"]:
        how = "saikoro.report.ron" if w["loser"] else "saikoro.report.tsumo"
        parts.append(text(how, lang, name=_name(data, w["winner"]), loser=_name(data, w["loser"]),
                          value=value_text(w["value"], lang)))
    return text("list.sep", lang).join(parts)


def _roll(h: dict, lang: str) -> str:
    out = []
    for w in h["wins"]:
        rolls = " / ".join("".join(map(str, r)) for r in w["rolls"])
        result = w["result"]
        word = text(f"saikoro.result.{result['result']}", lang, number=result["number"]) if result else "-"
        out.append(f"{rolls} → {word} (×{w['times']})")
    for n in h.get("noten") or []:
        if n["roll"]:
            out.append(f"{''.join(map(str, n['roll']))}")
    return "; ".join(out) or "-"


def _rows(data: dict, lang: str) -> tuple[tuple[str, ...], ...]:
    rows = []
    for h in data["log"]:
        rows.append((str(h["game"]), hand_name(h, lang), _what(h, data, lang), _roll(h, lang),
                     *(f"{amount(h['points'][p['seat'] - 1], lang)} / {h['chips'][p['seat'] - 1]:+d}"
                       for p in data["players"])))  # fmt: skip
    return tuple(rows)


def _detail(h: dict, data: dict, lang: str) -> Detail:
    moves = tuple((_name(data, m["payer"]), _name(data, m["payee"]), amount(m["points"], lang), str(m["chips"]))
                  for m in h["moves"]) + tuple((_name(data, b["payer"]), _name(data, b["payee"]), "0", str(b["chips"]))
                                               for b in h["bust_prizes"])  # fmt: skip
    headers = tuple(text(f"saikoro.col.{c}", lang) for c in ("payer", "payee", "points", "chips"))
    body: list = [Paragraph(_what(h, data, lang)), Paragraph(text("saikoro.report.rolls", lang, rolls=_roll(h, lang)))]
    if moves:
        body.append(Table("", headers, moves, left=frozenset({0, 1})))
    return Detail(text("saikoro.report.hand_title", lang, game=h["game"], hand=hand_name(h, lang)), (),
                  tuple(Span(f"{p['name']} {amount(h['points'][p['seat'] - 1], lang)}") for p in data["players"]),
                  tuple(body))  # fmt: skip


def _chart(data: dict, lang: str) -> Chart | None:
    if not data["log"] or not data["players"]:
        return None
    points = [text("chart.start", lang)] + [str(h["game"]) for h in data["log"]]
    values_all = [START]
    series = []
    for p in data["players"]:
        values = (START, *(h["points"][p["seat"] - 1] for h in data["log"]))
        values_all += values
        tips = tuple(text("saikoro.report.tip", lang, name=p["name"], points=amount(v, lang)) for v in values)
        series.append(Series(p["name"], values, tuple(amount(v, lang) for v in values), tips))
    low, high = min(values_all) // 10_000 * 10_000 - 10_000, max(values_all) // 10_000 * 10_000 + 10_000
    return Chart(text("saikoro.report.chart", lang), text("saikoro.report.chart_label", lang), "points-chart",
                 tuple(points), tuple(False for _ in points), tuple(series), low=low, high=high, full=high,
                 reference=START, reference_label=text("saikoro.report.chart_start", lang, points=amount(START, lang)),
                 legend=True, x_name=text("saikoro.col.hand", lang), height=300,
                 y_ticks=tuple(sorted({low, START, high})))  # fmt: skip


def _page(data: dict[str, Any], lang: str) -> Page:
    players = data["players"]
    fields = [Field(text("report.t.session", lang), data["session"] or "-")]
    if data["created"]:
        fields.append(Field(text("report.t.created", lang), local_time(data["created"]) or ""))
    fields.append(Field(text("saikoro.report.table", lang), text("ruleset.name.saikoro", lang)))
    fields.append(Field(text("saikoro.report.options", lang),
                        text("list.sep", lang).join(text(f"saikoro.option.{name}.{data['options'][name]}", lang)
                                                    for name in ("tsumo", "bust"))))  # fmt: skip
    fields.append(Field(text("saikoro.report.players", lang), text("list.sep", lang).join(p["name"] for p in players)
                        or "-"))  # fmt: skip
    if data["status"] == "over" and data["final"]:
        top = data["final"][0]
        headline = Headline(text("saikoro.report.result", lang),
                            text("saikoro.report.top", lang, name=top["name"], total=amount(top["total_points"], lang,
                                                                                            sign=True),
                                 chips=top["total_chips"]), "success")  # fmt: skip
    else:
        headline = Headline(text("saikoro.report.result", lang), text("saikoro.report.running", lang,
                                                                        hands=data["hands"]), "running")  # fmt: skip
    sheet_headers = (text("saikoro.col.hand", lang), text("saikoro.col.kyoku", lang), text("saikoro.col.what", lang),
                     text("saikoro.col.roll", lang), *(p["name"] for p in players))  # fmt: skip
    sheet = Table(text("saikoro.report.sheet", lang), sheet_headers, _rows(data, lang), left=frozenset({1, 2, 3}),
                  details=tuple(_detail(h, data, lang) for h in data["log"]))  # fmt: skip
    score = Table(text("saikoro.report.score", lang),
                  tuple(text(f"saikoro.col.{c}", lang) for c in ("seat", "player", "points", "chips")),
                  tuple((str(p["seat"]), p["name"], amount(p["points"], lang), f"{p['chips']:+d}") for p in players),
                  left=frozenset({1}))  # fmt: skip
    sections: list = [score, sheet]
    if data["final"]:
        sections.insert(0, Table(text("saikoro.report.final", lang),
                                 tuple(text(f"saikoro.col.{c}", lang) for c in
                                       ("rank", "player", "points", "uma", "chips", "total_points", "total_chips")),
                                 tuple((str(r["rank"]), r["name"], amount(r["points"], lang), f"{r['uma']:+d}",
                                        f"{r['chips']:+d}", amount(r["total_points"], lang, sign=True),
                                        r["total_chips"]) for r in data["final"]), left=frozenset({1})))  # fmt: skip
    grid_rows = tuple((str(h["game"]), h["wind"], str(h["kyoku"]), str(h["honba"]), h["kind"], str(p["seat"]),
                       p["name"], str(h["points"][p["seat"] - 1]), str(h["chips"][p["seat"] - 1]))
                      for h in data["log"] for p in players)  # fmt: skip
    grid = Table("", ("hand", "wind", "kyoku", "honba", "kind", "seat", "player", "points", "chips"), grid_rows)
    return Page(lang, text("saikoro.report.title", lang), tuple(fields), headline, log_of(data["chain"], lang),
                tuple(sections), _chart(data, lang), grid)  # fmt: skip
