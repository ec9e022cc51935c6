"""High card's report: a ``Document`` (the rounds, the chips), rendered by the shared writers in
every format. The table writes no writer of its own."""

from __future__ import annotations

from typing import Any

from dealer_assist.i18n import text
from dealer_assist.report.document import Document, Field, Headline, Page, Table, log_of
from tinytable.rules import TinyState

totals = None  # no totals across sessions (`report --all` counts its sessions apart)


def build(state: TinyState, *, chain: dict[str, Any] | None = None, meta: dict[str, Any] | None = None) -> Document:
    facts = {"table": "tiny", "player": state.player, "chips": state.chips, "over": state.over,
             "session": (meta or {}).get("session"), "rounds": list(state.history), "chain": chain}  # fmt: skip
    return Document(facts, _page)


def _page(data: dict[str, Any], lang: str) -> Page:
    rows = tuple((str(r["game"]), r["hole"] or "", r["card"] or "", str(r["chips"])) for r in data["rounds"])
    headers = (text("tiny.report.round", lang), text("tiny.report.dealer", lang), text("tiny.report.player", lang),
               text("tiny.report.chips", lang))  # fmt: skip
    rounds = Table(text("tiny.report.rounds", lang), headers, rows)
    fields = (Field(text("tiny.report.session", lang), data["session"] or "-"),)
    final = text("tiny.final", lang, player=data["player"] or "-", chips=data["chips"], rounds=len(data["rounds"]))
    headline = Headline(text("tiny.report.result", lang), final, "success" if data["over"] else "running")
    grid = Table("", ("round", "hole", "card", "chips"), rows)
    return Page(lang, text("tiny.report.title", lang), fields, headline, log_of(data["chain"], lang), (rounds,), None,
                grid)  # fmt: skip
