"""Saikoro's pieces of the shell (``Screens``): the scorekeeper's panel, the end of a replay, a
settled hand's lines, the audit's facts, the prompt's offers, the overlay's scoreboard, the
report and the JSON model. Nothing at this table is hidden, so the viewers' picture is made
from the same state."""

from __future__ import annotations

from typing import Any

from rich.console import Console, Group
from rich.text import Text

from dealer_assist.core.table import Screens
from dealer_assist.grid import Grid
from dealer_assist.i18n_values import Items
from dealer_assist.live import Argument, closing
from dealer_assist.i18n import amount
from dealer_assist.messages import text
from dealer_assist.tables.saikoro import apply, dice, grammar
from dealer_assist.tables.saikoro.commands import Riichi
from dealer_assist.tables.saikoro.state import Phase, SaikoroState
from dealer_assist.tables.saikoro.words import ValueWord, value_text

FACES = "⚀⚁⚂⚃⚄⚅"  # the dice as they fell, on the overlay


def hand_label(s: SaikoroState, lang: str) -> str:
    wind = text("saikoro.wind.east" if s.wind == 0 else "saikoro.wind.south", lang)
    return text("saikoro.label.hand", lang, wind=wind, kyoku=s.kyoku, honba=s.honba)


def _role(s: SaikoroState, seat: int, lang: str) -> str:
    if s.hands and seat == s.dealer:
        return text("saikoro.label.dealer", lang)
    if seat == s.sitting_out:
        return text("saikoro.label.out", lang)
    return ""


def scores(s: SaikoroState, lang: str) -> Grid:
    table = Grid(tuple(text(f"saikoro.col.{c}", lang) for c in ("seat", "player", "role", "points", "chips", "riichi")),
                 right=(0, 3, 4))  # fmt: skip
    for seat in s.seated:
        table.add_row(str(seat), s.names[seat - 1] or "", _role(s, seat, lang), amount(s.points[seat - 1], lang),
                      f"{s.chips[seat - 1]:+d}", text("saikoro.label.riichi", lang) if seat in s.riichi else "")  # fmt: skip
    return table


def panel(state: SaikoroState, lang: str = "en") -> Group:
    """The scorekeeper's screen: the hand, the score, a win waiting for its dice, what comes next."""
    s = state
    parts: list[Any] = []
    if s.hands:
        parts.append(Text(text("saikoro.panel.hand", lang, hand=hand_label(s, lang), sticks=s.sticks), style="bold"))
    parts.append(scores(s, lang))
    if s.phase in (Phase.ROLL, Phase.CHOOSE) and s.wins:
        for w in s.wins:
            rolls = " / ".join(" ".join(map(str, r)) for r in w.rolls) or "-"
            parts.append(Text(text("saikoro.panel.win", lang, name=s.names[w.winner - 1], value=ValueWord(w.value),
                                   dice=w.dice, rights=w.rights, rolls=rolls)))  # fmt: skip
    expected = apply.expectation(s)
    parts.append(Text(expected.text(lang), style="italic"))
    return Group(*parts)


def final(console: Console, state: SaikoroState, lang: str = "en") -> None:
    s = state
    console.print(Text(text("saikoro.final.over" if s.over else "saikoro.final.running", lang, hands=s.hands),
                       style="bold"))  # fmt: skip
    if s.over and s.final:
        table = Grid(tuple(text(f"saikoro.col.{c}", lang) for c in ("rank", "player", "points", "uma", "chips",
                                                                     "total_points", "total_chips")),
                     right=(0, 2, 3, 4, 5, 6))  # fmt: skip
        for r in s.final:
            table.add_row(str(r["rank"]), r["name"], amount(r["points"], lang), f"{r['uma']:+d}", f"{r['chips']:+d}",
                          amount(r["total_points"], lang, sign=True), r["total_chips"])  # fmt: skip
        console.print(table, crop=False)
    else:
        console.print(scores(s, lang), crop=False)


def result_text(win: dict, lang: str) -> str:
    if not win.get("result"):
        return "-"
    return text(f"saikoro.result.{win['result']['result']}", lang, number=win["result"]["number"])


def settled(record: dict, lang: str = "en") -> list:
    """A settled hand: each win with its rolls and result, then what moved."""
    out: list[Any] = []
    names = record.get("names", [])

    def name(seat: int) -> str:
        return names[seat - 1] if 0 < seat <= len(names) else str(seat)

    for w in record.get("wins", []):
        rolls = " / ".join(" ".join(map(str, r)) for r in w["rolls"])
        out.append(text("saikoro.settled.win", lang, winner=name(w["winner"]), value=value_text(w["value"], lang),
                        rolls=rolls,
                        result=result_text(w, lang), times=w["times"]))  # fmt: skip
    moves = Grid(tuple(text(f"saikoro.col.{c}", lang) for c in ("payer", "payee", "points", "chips")), right=(2, 3))
    for m in record.get("moves", []):
        moves.add_row(name(m["payer"]), name(m["payee"]), amount(m["points"], lang), str(m["chips"]))
    for b in record.get("bust_prizes", []):
        moves.add_row(name(b["payer"]), name(b["payee"]), "0", str(b["chips"]))
    if record.get("moves") or record.get("bust_prizes"):
        out.append(moves)
    return out


def facts(state: SaikoroState) -> list[tuple[str, dict[str, Any]]]:
    """What a command met, for the audit: the hand, the score, the sticks."""
    s = state
    out: list[tuple[str, dict[str, Any]]] = []
    if s.hands:
        out.append(("saikoro.audit.hand", {"hand": s.hands, "kyoku": s.kyoku, "honba": s.honba, "sticks": s.sticks,
                                           "dealer": s.names[s.dealer - 1]}))  # fmt: skip
    out.append(("saikoro.audit.score", {"score": Items(tuple(f"{s.names[x - 1]} {s.points[x - 1]:,}/{s.chips[x - 1]:+d}"
                                                             for x in s.seated))}))  # fmt: skip
    return out


# --------------------------------------------------------------------------- completion


def _free_seat(s: SaikoroState) -> int | None:
    for seat in range(1, grammar.SEATS + 1):
        if s.names[seat - 1] is None:
            return seat
    return None


def suggestions(state: SaikoroState) -> list[str]:
    """The commands the sheet allows now, each accepted by the rules."""
    s = state
    out: list[str] = []
    if s.phase == Phase.SETUP:
        seat = _free_seat(s)
        if seat is not None:
            out.append(f"seat {seat} ")
        out += ["option tsumo ", "option bust "]
    if apply.can(s, _game()):
        out.append("game")
    if s.phase == Phase.PLAY:
        if any(apply.can(s, Riichi(x)) for x in s.active):
            out.append("riichi ")
        out += ["ron ", "tsumo ", "ryukyoku ", "nagashi ", "chombo "]
    if s.phase in (Phase.ROLL, Phase.CHOOSE, Phase.NOTEN):
        out.append("roll ")
    if s.phase == Phase.CHOOSE:
        out.append("keep")
    if s.phase == Phase.ROLL and s.wins and s.wins[0].loser is not None and not any(w.rolls for w in s.wins) \
            and len(s.wins) < 2:  # fmt: skip
        out.append("ron ")
    return out + closing(s)


def _game():
    from dealer_assist import notation as n

    return n.Game()


def _dice_left(s: SaikoroState, words: list[str]) -> list[Argument]:
    need = 2 if s.phase == Phase.NOTEN else s.wins[s.turn].dice if s.wins else 0
    typed = len(words) - 1
    if typed >= need:
        return []
    return [Argument(str(d), "saikoro.complete.die", {"face": FACES[d - 1]}) for d in range(1, 7)]


def arguments(state: SaikoroState, words: list[str], last: Any = None) -> list[Argument]:
    """The next word of a command: only seats, values and dice the rules accept now."""
    s = state
    head = grammar.GRAMMAR.get(words[0]) and words[0].lower()
    head = {"リーチ": "riichi", "ロン": "ron", "ツモ": "tsumo", "サイコロ": "roll", "チンチロ": "roll", "出目": "roll",
            "流局": "ryukyoku", "チョンボ": "chombo", "流し役満": "nagashi"}.get(words[0], head)  # fmt: skip
    names = {x: s.names[x - 1] for x in s.active} if s.seated else {}
    if head == "roll" and s.phase in (Phase.ROLL, Phase.CHOOSE, Phase.NOTEN):
        return _dice_left(s, words)
    if head in ("riichi", "chombo", "nagashi", "tsumo") and len(words) == 1:
        make = {"riichi": lambda x: Riichi(x), "chombo": None, "nagashi": None, "tsumo": None}[head]
        return [Argument(str(x), "saikoro.complete.seat", {"name": name}) for x, name in names.items()
                if make is None or apply.can(s, make(x))]  # fmt: skip
    double = s.phase == Phase.ROLL and s.wins and s.wins[0].loser is not None  # a second ron: the same discard
    if head == "ron" and len(words) == 1:
        taken = {w.winner for w in s.wins} | ({s.wins[0].loser} if double else set())
        return [Argument(str(x), "saikoro.complete.seat", {"name": name}) for x, name in names.items()
                if x not in taken]  # fmt: skip
    if head == "ron" and len(words) == 2:
        return [Argument(str(x), "saikoro.complete.loser", {"name": name}) for x, name in names.items()
                if str(x) != words[1] and (not double or x == s.wins[0].loser)]  # fmt: skip
    if (head == "ron" and len(words) == 3) or (head == "tsumo" and len(words) == 2):
        return [Argument(word, "saikoro.complete.value", {}) for word in
                ("mangan", "haneman", "baiman", "sanbaiman", "kazoe", "yakuman", "double", "1h30", "2h30", "3h30")]
    if head == "ryukyoku" and s.phase == Phase.PLAY:
        listed = set(words[1:])
        return [Argument(str(x), "saikoro.complete.tenpai", {"name": name}) for x, name in names.items()
                if str(x) not in listed] + ([Argument("-", "saikoro.complete.none", {})] if len(words) == 1 else [])
    return []


# --------------------------------------------------------------------------- the overlay


def _banner(s: SaikoroState, lang: str) -> dict | None:
    if not s.last_roll or s.phase not in (Phase.CHOOSE, Phase.BETWEEN, Phase.ROLL, Phase.OVER):
        return None
    reading = dice.read(s.last_roll)
    faces = " ".join(FACES[d - 1] for d in s.last_roll)
    word = text(f"saikoro.result.{reading.result.value}", lang, number=reading.number)
    tone = "failure" if reading.result is dice.Result.LOW else "success"
    return {"status": tone, "text": f"{faces}  {word}"}


def picture(feed, lang: str) -> dict[str, Any]:
    """The stream scoreboard: points and chips per player, the hand with 本場 and riichi
    sticks, the last roll as dice."""
    from dealer_assist.overlay_words import words as _words

    s: SaikoroState = feed.session.state
    words = {**_words(lang), "points": text("saikoro.overlay.points", lang), "bet": text("saikoro.overlay.chips", lang)}
    picture: dict[str, Any] = {"version": feed.version, "lang": lang, "words": words, "problem": None}
    if feed.problem is not None:
        picture["problem"] = text(feed.problem, lang, name=feed.name)
    picture.update(hp=None, recovery=None, mp=None, jokers=None, top=[], clock=None, settlement=None, shoe=None,
                   turn=None, phase=s.phase.value, game=s.hands, dealer=None)  # fmt: skip
    picture["game_text"] = text("saikoro.overlay.hand", lang, hand=hand_label(s, lang), sticks=s.sticks) \
        if s.hands else ""  # fmt: skip
    boxes = []
    for seat in s.seated:
        role = _role(s, seat, lang)
        name = s.names[seat - 1] + (f" ({role})" if role else "")
        boxes.append({"box": seat, "player": name, "points": s.points[seat - 1], "bankrupt": s.points[seat - 1] < 0,
                      "left": seat == s.sitting_out, "streak": 0, "yellow": 0, "replaced_by": None, "locked": False,
                      "bet": s.chips[seat - 1], "points_text": amount(s.points[seat - 1], lang),
                      "bet_text": f"{s.chips[seat - 1]:+d}", "hands": []})  # fmt: skip
    picture["boxes"] = boxes
    picture["last"] = last_ruling(feed.rulings, lang)
    picture["banner"] = _banner(s, lang)
    return picture


SHOWN = ("saikoro.paid", "saikoro.paid_back", "saikoro.noten_paid", "saikoro.bust_prize", "saikoro.chombo")


def last_ruling(rulings, lang: str) -> list[dict[str, str]]:
    """The overlay's last ruling: what moved (the payments of a settled hand, after the dice),
    else the command's last ruling."""
    if not rulings:
        return []
    moved = [r for r in rulings if r.key in SHOWN]
    shown = moved or [rulings[-1]]
    clauses = list(dict.fromkeys(r.clause for r in shown))
    return [{"clause": " · ".join(clauses), "text": text("saikoro.overlay.sep", lang).join(r.text(lang) for r in shown)}]


def public_rulings(rulings, state, **options) -> list:
    """Every ruling is read aloud: nothing at this table is hidden."""
    return list(rulings)


def _hint(state, strategy: str = "cpu", seat: int | None = None):
    from dealer_assist.tables.saikoro.advice import advise

    return advise(state, strategy, seat)


def _report():
    from dealer_assist.tables.saikoro import report

    return report


def _schema() -> type:
    from dealer_assist.tables.saikoro.schema import SaikoroGame

    return SaikoroGame


SCREENS = Screens(
    panel=panel, final=final, settled=settled, facts=facts, suggestions=suggestions, arguments=arguments,
    picture=picture, public_rulings=public_rulings, report=_report, schema=_schema,
    clause_styles={"SAI": "magenta", "HOUSE": "cyan"}, hint=_hint,
)  # fmt: skip
