"""Blackjack Gear's report: a ``Document`` — the rounds one by one (the showdown, the goal, the
bets, who lost how much HP), each player's HP over the rounds as a chart — which the shared
writers render as text, Markdown, HTML, CSV and JSON."""

from __future__ import annotations

from typing import Any

from dealer_assist.i18n import text
from dealer_assist.report.document import Chart, Document, Field, Headline, Page, Series, Table, local_time, log_of
from dealer_assist.tables.gear.apply import to_json
from dealer_assist.tables.gear.state import HP, GearState

totals = None


def build(state: GearState, *, chain: dict[str, Any] | None = None,
          meta: dict[str, Any] | None = None) -> Document:  # fmt: skip
    data = to_json(state)
    data["session"] = (meta or {}).get("session")
    data["created"] = (meta or {}).get("created")
    data["chain"] = chain
    return Document(data, _page)


def _name(data: dict, seat: int | None) -> str:
    return next((p["name"] or "-" for p in data["players"] if p["seat"] == seat), "-")


def _rows(data: dict, lang: str) -> tuple[tuple[str, ...], ...]:
    rows = []
    for r in data["log"]:
        how = text(f"gear.report.kind.{r['kind']}", lang)
        cards = " / ".join(" ".join(r["cards"][str(seat)]) for seat in (1, 2))
        totals = " / ".join("-" if r["totals"].get(str(seat)) is None else str(r["totals"][str(seat)]) for seat in (1, 2))
        rows.append((str(r["round"]), str(r["goal"]), cards, totals, how, _name(data, r["loser"]) if r["loser"] else "-",
                     str(r["lost"]), f"{r['hp'][0]} / {r['hp'][1]}"))  # fmt: skip
    return tuple(rows)


def _chart(data: dict, lang: str) -> Chart | None:
    if not data["log"]:
        return None
    points = [text("chart.start", lang)] + [str(r["round"]) for r in data["log"]]
    series = []
    for index, p in enumerate(data["players"]):
        values = (HP, *(r["hp"][index] for r in data["log"]))
        tips = tuple(text("gear.report.tip", lang, name=p["name"], hp=v) for v in values)
        series.append(Series(p["name"] or "-", values, tuple(str(v) for v in values), tips))
    return Chart(text("gear.report.chart", lang), text("gear.report.chart_label", lang), "hp-chart", tuple(points),
                 tuple(False for _ in points), tuple(series), low=0, high=HP, full=HP, reference=None, legend=True,
                 x_name=text("gear.col.round", lang), height=260, y_ticks=tuple(range(0, HP + 1)))  # fmt: skip


def _page(data: dict[str, Any], lang: str) -> Page:
    fields = [Field(text("report.t.session", lang), data["session"] or "-")]
    if data["created"]:
        fields.append(Field(text("report.t.created", lang), local_time(data["created"]) or ""))
    fields.append(Field(text("gear.report.table", lang), text("ruleset.name.gear", lang)))
    fields.append(Field(text("gear.report.players", lang), " — ".join(p["name"] or "-" for p in data["players"])))
    fields.append(Field(text("gear.report.catalog", lang), str(len(data["catalog"]))))
    if data["winner"]:
        headline = Headline(text("gear.report.result", lang),
                            text("gear.report.winner", lang, name=_name(data, data["winner"]), rounds=data["round"]),
                            "success")  # fmt: skip
    else:
        headline = Headline(text("gear.report.result", lang), text("gear.report.running", lang, rounds=data["round"]),
                            "running")  # fmt: skip
    headers = tuple(text(f"gear.col.{c}", lang) for c in ("round", "goal", "cards", "total", "result", "loser",
                                                          "lost", "hp"))  # fmt: skip
    rounds = Table(text("gear.report.rounds", lang), headers, _rows(data, lang), left=frozenset({2, 4, 5}))
    players = Table(text("gear.report.now", lang), tuple(text(f"gear.col.{c}", lang) for c in ("seat", "player", "hp",
                                                                                                 "pp", "placed")),
                    tuple((str(p["seat"]), p["name"] or "-", str(p["hp"]), f"{p['pp']}/{p['pp_max']}",
                           " ".join(p["placed"]) or "-") for p in data["players"]), left=frozenset({1, 4}))  # fmt: skip
    grid = Table("", ("round", "goal", "kind", "loser", "lost", "hp1", "hp2"),
                 tuple((str(r["round"]), str(r["goal"]), r["kind"], str(r["loser"] or ""), str(r["lost"]),
                        str(r["hp"][0]), str(r["hp"][1])) for r in data["log"]))  # fmt: skip
    return Page(lang, text("gear.report.title", lang), tuple(fields), headline, log_of(data["chain"], lang),
                (players, rounds), _chart(data, lang), grid)  # fmt: skip
