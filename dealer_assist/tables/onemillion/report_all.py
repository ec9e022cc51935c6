"""One Million's totals across stored sessions (``report --all``), as a ``Document``
(``dealer_assist.report``): per player name and per difficulty; the sessions at another table
are counted apart (their own reports show them)."""

from __future__ import annotations

from typing import Any

from dealer_assist.i18n import amount, text
from dealer_assist.report.document import Document, Note, Page, Table


def totals(reports: list, *, other_tables: int = 0) -> Document:
    """Totals across sessions (each a ``build`` report). ``other_tables``: the stored sessions at
    another table, not in these totals."""
    return Document(_stats(reports, other_tables), _page)


def _stats(reports: list, other_tables: int) -> dict[str, Any]:
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


def _headers(names, lang: str) -> tuple[str, ...]:
    return tuple(text(f"col.{name}", lang) for name in names)


def _page(stats: dict, lang: str) -> Page:
    players = Table(text("report.all.players", lang), _headers(PLAYER_COLUMNS, lang),
                    tuple(tuple(_player_cells(p, lang)) for p in stats["players"]), left=frozenset({0}))  # fmt: skip
    levels = Table(text("report.all.difficulties", lang), _headers(LEVEL_COLUMNS, lang),
                   tuple(tuple(_level_cells(d, lang)) for d in stats["difficulties"]), left=frozenset({0}))  # fmt: skip
    others = text("report.all.other_tables", lang, count=stats["other_tables"]) if stats["other_tables"] else ""
    return Page(lang, text("report.all.title", lang, sessions=stats["sessions"]), (), None, None,
                (players, levels, *((Note(others),) if others else ())), None,
                Table("", players.headers, players.rows), plain=True)  # fmt: skip
