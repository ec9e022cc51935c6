"""One Million's quest report, as a ``Document`` (``dealer_assist.report``): a title block
(session, date, difficulty, the dealer's dice and skills, the guild's skills, the players by
box), the result in words, a table per game (on the page: a detail per game with its hands and
ledger), per-box totals and the HP over the games. ``totals`` (``report --all``) adds sessions up.

``build`` makes plain, language-neutral facts from a state (their JSON is the machine's form);
``_page`` words them in a language for the shared writers.
"""

from __future__ import annotations

from typing import Any

from dealer_assist.i18n import amount
from dealer_assist.messages import Term, text
from dealer_assist.render import ratio_text, result_text
from dealer_assist.report import FORMATS, print_text, to_csv, to_html, to_json_text, to_markdown
from dealer_assist.report.document import (Chart, Detail, Document, Field, Headline, Note, Page, Paragraph, Series,
                                           Span, Table, local_time, log_of)  # fmt: skip
from dealer_assist.tables.onemillion import State, to_json
from dealer_assist.tables.onemillion.report_all import totals

# the report as the shell reaches it (``TableReport``); the writers are the shared ones
__all__ = ["FORMATS", "build", "print_text", "to_csv", "to_html", "to_json_text", "to_markdown", "totals"]

RESULT_COUNTS = {"wins": ("win",), "blackjacks": ("blackjack",), "unders": ("under",), "busts": ("bust",),
                 "surrenders": ("surrender",), "jokers": ("joker",)}  # fmt: skip
# the hands counted as won, lost and pushed (the report says so under the box table); a
# surrender (half the bet back, SURR-4) is none of them: it has its own column, as at the casino
WON = ("win", "blackjack", "under")
LOST = ("lose", "bust", "joker")
PUSHED = ("push", "forced_push")


def _facts(state: State, chain: dict[str, Any] | None, meta: dict[str, Any] | None) -> dict[str, Any]:
    """The report's facts (see ``build``)."""
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


def build(state: State, *, chain: dict[str, Any] | None = None, meta: dict[str, Any] | None = None) -> Document:
    """The report. ``chain`` (a stored session's log: events, head, short, ok, problem) is shown
    in every format, so that a posted head hash can be checked; ``meta`` names the session
    (``session``, ``created``)."""
    return Document(_facts(state, chain, meta), _page)


# --------------------------------------------------------------------------- wording


def _results(game: dict, lang: str = "en") -> str:
    return text("list.sep", lang).join(f"{h['hand']} {result_text(h['result'], lang)}" for h in game["hands"])


GAME_COLUMNS = ("game", "recovery", "bets", "results", "damage", "heal", "hp_after")
BOX_COLUMNS = ("box", "player", "games", "won", "lost", "pushed", "blackjacks", "unders", "busts", "surrenders",
               "jokers_drawn", "jokers_lost", "points_start", "points_end")  # fmt: skip
CSV_COLUMNS = ("game", "recovery", "bets", "results", "damage", "heal", "hp_after")
HAND_COLUMNS = ("hand", "cards", "bet", "result", "ratio")
LEDGER_COLUMNS = ("step", "hand", "points", "damage", "heal", "hp", "rule")


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


def _fields(report: dict, lang: str) -> list[Field]:
    """The title block: session, date, difficulty, the dealer, the guild, jokers, players."""
    title = report["title"]
    say = lambda key, **p: text(key, lang, **p)  # noqa: E731
    out: list[Field] = []
    if title["session"]:
        out.append(Field(say("report.t.session"), title["session"]))
    if title["created"]:
        out.append(Field(say("report.t.created"), local_time(title["created"]) or ""))
    out.append(Field(say("report.t.difficulty"), say(f"difficulty.{title['difficulty']}")))
    skills = [say("report.t.skill_aggravated" if s["level"] == 2 else "report.t.skill", face=s["face"],
                  name=Term(f"skill.name.{s['face']}")) for s in title["skills"]]  # fmt: skip
    if title["burst_stream"]:
        skills.append(say("report.t.burst_stream"))
    dice = " ".join(map(str, title["dice"])) or "-"
    out.append(Field(say("report.t.dealer"), say("report.t.dice", dice=dice, skills=say("list.sep").join(skills) or "-")))
    guild = title["guild"]
    out.append(Field(say("report.t.guild"), say("report.t.guild_skills", surrender=guild["surrender"],
                                               under=Term("setup.on" if guild["under"] else "setup.off"),
                                               redistribute=guild["redistribute"], mp=guild["mp"])))  # fmt: skip
    out.append(Field(say("report.t.jokers"), say("setup.jokers", **title["jokers"])))
    out.append(Field(say("report.t.players"), say("list.sep").join(
        say("report.t.player", box=p["box"], player=p["player"], points=p["points"]) for p in title["players"])))
    return out


def _detail(g: dict, lang: str) -> Detail:
    """A game on the page: its bets, damage, heal, recovery and HP, the dealer, hands and ledger."""
    say = lambda key, **p: text(key, lang, **p)  # noqa: E731
    hands = Table("", tuple(_headers(HAND_COLUMNS, lang)),
                  tuple((h["hand"], " ".join(h["cards"]), amount(h["bet"], lang), result_text(h["result"], lang),
                         ratio_text(h["ratio"], lang)) for h in g["hands"]), left=frozenset({0, 1, 3}))  # fmt: skip
    ledger = Table("", tuple(_headers(LEDGER_COLUMNS, lang)),
                   tuple((e["step"], e["hand"] or "-", amount(e["points"], lang, sign=True), amount(e["damage"], lang),
                          amount(e["heal"], lang), amount(e["hp"], lang), e["rule"]) for e in g["ledger"]),
                   left=frozenset({0, 1, 6}))  # fmt: skip
    dealer = say("render.dealer_bust" if g["dealer_bust"] else "render.dealer", cards=g["dealer"],
                 total=g["dealer_total"])  # fmt: skip
    return Detail(say("overlay.game", game=g["game"]), (say("report.unfinished"),) if g["unfinished"] else (),
                  (Span(say("report.s.bets", bets=g["bets"])), Span(say("report.s.damage", damage=g["damage"])),
                   Span(say("report.s.heal", heal=g["heal"])),
                   Span(say("report.on_long" if g["recovery"] else "report.off_long")),
                   Span(say("report.s.hp", hp=g["hp_after"]), "hp")),
                  (Paragraph(dealer), hands, *((ledger,) if g["ledger"] else ())))  # fmt: skip


def _chart(report: dict, lang: str) -> Chart:
    """The HP after each game, with the recovery line and every game marked."""
    chart = report["chart"]
    line = report["title"]["recovery_line"]
    values = tuple(p["hp"] for p in chart)
    top = max([*values, line]) or 1
    start = text("chart.start", lang)  # the point before game 1 is 「開始時」, not 「第0ゲーム」
    tips = tuple(text("report.svg_point" if p["game"] else "report.svg_point_start", lang, game=p["game"], hp=p["hp"])
                 for p in chart)  # fmt: skip
    return Chart(text("report.chart", lang), text("report.svg_label", lang), "hp-chart",
                 tuple(str(p["game"] or start) for p in chart), tuple(bool(p.get("unfinished")) for p in chart),
                 (Series("", values, tuple(amount(v, lang) for v in values), tips),), low=0, high=top,
                 full=max(values), reference=line, reference_label=text("report.svg_recovery", lang, hp=line),
                 top_label=text("report.svg_top", lang, hp=top))  # fmt: skip


def _page(report: dict, lang: str) -> Page:
    games = Table(text("report.games", lang), tuple(_headers(GAME_COLUMNS, lang)),
                  tuple(tuple(_game_cells(g, lang)) for g in report["games"]), left=frozenset({3}),
                  details=tuple(_detail(g, lang) for g in report["games"]))  # fmt: skip
    boxes = Table(text("report.boxes", lang), tuple(_headers(BOX_COLUMNS, lang)),
                  tuple(tuple(_box_cells(b, lang)) for b in report["boxes"]), left=frozenset({1}), keep=2)  # fmt: skip
    grid = Table("", tuple(text(f"csv.{name}", lang) for name in CSV_COLUMNS),
                 tuple((str(g["game"]), str(int(g["recovery"])), str(g["bets"]), _results(g, lang), str(g["damage"]),
                        str(g["heal"]), str(g["hp_after"])) for g in report["games"]))  # fmt: skip
    result = report["result"]
    return Page(lang, text("report.title", lang), tuple(_fields(report, lang)),
                Headline(text("report.result", lang), _headline(result, lang), result["status"]),
                log_of(report.get("chain"), lang, listed=True),
                (games, boxes, Note(text("report.counted", lang))), _chart(report, lang), grid)  # fmt: skip
