"""Blackjack Gear's pieces of the shell (``Screens``): the referee's panel, the end of a replay, a
settled round's lines, the audit's facts, the prompt's offers, the overlay's picture (made from
the players' view: the first cards face down until the showdown, no gear in hand), the report
and the JSON model."""

from __future__ import annotations

from typing import Any

from rich.console import Console, Group
from rich.text import Text

from dealer_assist.core.table import Screens
from dealer_assist.grid import Grid
from dealer_assist.i18n_values import Items
from dealer_assist.live import Argument, closing
from dealer_assist.messages import text
from dealer_assist.tables.gear import apply, effects
from dealer_assist.tables.gear import cards as trumps
from dealer_assist.tables.gear.commands import First, Mulligan, Pick, Round, Use
from dealer_assist.tables.gear.turn import usable
from dealer_assist.tables.gear.state import GearState, Phase

COLUMNS = ("seat", "player", "hp", "pp", "bet", "cards", "total", "placed", "hand")


def table(view: dict, lang: str, *, hand: bool = True) -> Grid:
    names = COLUMNS if hand else COLUMNS[:-1]
    grid = Grid(tuple(text(f"gear.col.{c}", lang) for c in names), right=(0, 2, 4, 6))
    for p in view["players"]:
        row = [str(p["seat"]), p["name"] or "-", f"{p['hp']}/5", f"{p['pp']}/{p['pp_max']}", str(p["bet"]),
               " ".join(p["cards"]) or "-", "-" if p["total"] is None else str(p["total"]),
               " ".join(p["placed"]) or "-"]  # fmt: skip
        if hand:
            row.append(" ".join(p.get("hand", [])) or "-")
        grid.add_row(*row)
    return grid


def panel(state: GearState, lang: str = "en") -> Group:
    """The referee's screen: the round, the goal, both players with every card and gear."""
    view = apply.to_json(state)
    parts: list[Any] = []
    if state.rounds:
        parts.append(Text(text("gear.panel.round", lang, round=state.rounds, goal=view["goal"],
                               left=view["trumps_left"]), style="bold"))  # fmt: skip
    parts.append(table(view, lang))
    parts.append(Text(apply.expectation(state).text(lang), style="italic"))
    return Group(*parts)


def final(console: Console, state: GearState, lang: str = "en") -> None:
    view = apply.to_json(state)
    if state.over:
        console.print(Text(text("gear.final.over", lang, winner=state.player(state.winner).name,
                                rounds=state.rounds), style="bold"))  # fmt: skip
    else:
        console.print(Text(text("gear.final.running", lang, rounds=state.rounds), style="bold"))
    console.print(table(view, lang), crop=False)


def settled(record: dict, lang: str = "en") -> list:
    if "totals" not in record:  # a round still being played: nothing settled to show
        return []
    grid = Grid(tuple(text(f"gear.col.{c}", lang) for c in ("seat", "cards", "total", "bet")), right=(0, 2, 3))
    for seat in ("1", "2"):
        total = record["totals"].get(seat)
        grid.add_row(seat, " ".join(record["cards"][seat]), "-" if total is None else str(total), str(record["bets"][seat]))
    loser = record["names"][record["loser"] - 1] if record.get("loser") else "-"
    return [grid, text(f"gear.settled.{record['kind']}", lang, round=record["round"], goal=record["goal"],
                       loser=loser, lost=record["lost"])]  # fmt: skip


def facts(state: GearState) -> list[tuple[str, dict[str, Any]]]:
    s = state
    out: list[tuple[str, dict[str, Any]]] = []
    if s.rounds:
        out.append(("gear.audit.round", {"round": s.rounds, "goal": effects.goal(s),
                                         "left": trumps.remaining(s.trumps_out)}))  # fmt: skip
    out.append(("gear.audit.players", {"players": Items(tuple(
        f"{p.name} HP {p.hp} PP {p.pp} bet {effects.bet(s, seat)}" for seat, p in ((1, s.player(1)), (2, s.player(2)))
        if p.name))}))  # fmt: skip
    return out


# --------------------------------------------------------------------------- completion


def suggestions(state: GearState) -> list[str]:
    s = state
    out: list[str] = []
    if s.phase == Phase.SETUP:
        out.append("gear ")
        if s.first is None and all(p.name for p in s.players):
            out.append("deck ")
        if any(apply.can(s, First(seat)) for seat in (1, 2)):
            out.append("first ")
        if s.first is not None and not all(p.picked for p in s.players):
            out.append("pick ")
        if any(p.picked and not p.mulliganed for p in s.players):
            out.append("mulligan ")
    if apply.can(s, Round()):
        out.append("round")
    if s.phase == Phase.DEAL:
        out.append("cards ")
    if s.phase == Phase.TURN and s.turn is not None:
        seat = s.turn
        if any(apply.can(s, Pick(seat, (g,))) for g, _ in s.player(seat).deck):
            out.append(f"pick {seat} ")
        if _uses(s, seat):
            out.append(f"use {seat} ")
        out += [f"hit {seat} ", f"stand {seat}"]
    if s.phase == Phase.FLIP:
        out.append("flip ")
    return out + closing(s)


RANK_WORDS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")


def arguments(state: GearState, words: list[str], last: Any = None) -> list[Argument]:
    """The next word: only the gears a player can afford and place, the cards the deck still
    holds, the seat whose turn it is."""
    s = state
    head = words[0].lower()
    seats = [seat for seat in (1, 2) if s.player(seat).name]
    if head == "first" and len(words) == 1:
        return [Argument(str(seat), "gear.complete.seat", {"name": s.player(seat).name}) for seat in seats
                if apply.can(s, First(seat))]  # fmt: skip
    if head == "mulligan" and len(words) == 2:
        return [Argument("-", "gear.complete.keep", {})] if apply.can(s, Mulligan(int(words[1]), (), ())) else []
    if head in ("cards", "flip", "deck", "mulligan", "pick") and len(words) == 1:
        return [Argument(str(seat), "gear.complete.seat", {"name": s.player(seat).name}) for seat in seats]
    if head == "pick" and len(words) >= 2 and words[1].isdigit() and 1 <= int(words[1]) <= 2:
        seat = int(words[1])
        return [Argument(g, "gear.complete.in_deck", {"n": c}) for g, c in s.player(seat).deck]
    if head == "use" and len(words) == 2 and words[1].isdigit() and 1 <= int(words[1]) <= 2:
        return _uses(s, int(words[1]))
    if head == "use" and len(words) == 3:
        gear = s.gear(words[2])
        kinds = {e.kind for e in gear.effects} if gear is not None else set()
        if "remove" in kinds:
            return [Argument(f"{p.owner}:{p.name}", "gear.complete.placed", {"name": s.player(p.owner).name})
                    for p in s.placed]  # fmt: skip
        if "draw" in kinds:
            return _cards(s)
    if head == "hit" and len(words) == 2:
        return _cards(s) if trumps.remaining(s.trumps_out) else [Argument("JK", "gear.complete.joker", {})]
    if head == "cards" and len(words) == 2:
        return [Argument(f"[{r}]", "gear.complete.face_down", {}) for r in RANK_WORDS if trumps.left(s.trumps_out)[r]]
    if head == "cards" and len(words) == 3:
        return _cards(s)
    if head == "flip" and len(words) == 2:
        return _cards(s)
    return []


def _uses(s: GearState, seat: int) -> list[Argument]:
    """The gears ``seat`` can use now, each with the target it needs — a placed gear to remove,
    a card to draw — so that every offer is a whole command the rules accept (GR-8)."""
    out = []
    for name in dict.fromkeys(s.player(seat).hand):
        if not usable(s, seat, name):
            continue
        gear = s.gear(name)
        kinds = {e.kind for e in gear.effects}
        if "remove" in kinds:
            targets = [f"{p.owner}:{p.name}" for p in s.placed]
        elif "draw" in kinds:
            left = trumps.left(s.trumps_out)
            targets = [r for r in RANK_WORDS if left[r]]
        else:
            targets = [None]
        for target in targets:
            if apply.can(s, Use(seat, name, target)):
                word = name if target is None else f"{name} {target}"
                out.append(Argument(word, "gear.complete.gear", {"pp": gear.pp}))
    return out


def _cards(s: GearState) -> list[Argument]:
    left = trumps.left(s.trumps_out)
    return [Argument(r, "gear.complete.card", {"n": left[r]}) for r in RANK_WORDS if left[r]]


# --------------------------------------------------------------------------- the overlay


def picture(feed, lang: str) -> dict[str, Any]:
    """The stream's picture: both players' HP and PP, the goal and the bets, the placed gears, the
    cards (each first one face down until the showdown); never a gear in hand."""
    from dealer_assist.overlay_words import words as _words

    view = apply.players_view(feed.session.state)
    words = {**_words(lang), "points": text("gear.overlay.hp", lang), "bet": text("gear.overlay.bet", lang)}
    picture: dict[str, Any] = {"version": feed.version, "lang": lang, "words": words, "problem": None}
    if feed.problem is not None:
        picture["problem"] = text(feed.problem, lang, name=feed.name)
    picture.update(hp=None, recovery=None, mp=None, jokers=None, top=[], clock=None, settlement=None, shoe=None,
                   turn=None, phase=view["phase"], game=view["round"], dealer=None)  # fmt: skip
    picture["game_text"] = text("gear.overlay.round", lang, round=view["round"], goal=view["goal"]) \
        if view["round"] else ""  # fmt: skip
    boxes = []
    for p in view["players"]:
        if not p["name"]:
            continue
        placed = text("gear.overlay.placed", lang, gears=" ".join(p["placed"])) if p["placed"] else ""
        hand = {"hand": str(p["seat"]), "cards": p["cards"], "bet": p["bet"],
                "total_text": "" if p["total"] is None else str(p["total"]), "bet_text": str(p["bet"]),
                "status": "", "turn": view["turn"] == p["seat"], "result": None, "outcome": None, "nobet": False,
                "locked": False}  # fmt: skip
        boxes.append({"box": p["seat"], "player": f"{p['name']}  {placed}".rstrip(), "points": p["hp"], "bankrupt": p["hp"] <= 0,
                      "left": False, "streak": 0, "yellow": 0, "replaced_by": None, "locked": False, "bet": p["bet"],
                      "points_text": text("gear.overlay.hp_pp", lang, hp=p["hp"], pp=p["pp"], pp_max=p["pp_max"]),
                      "bet_text": str(p["bet"]), "hands": [hand] if p["cards"] else []})  # fmt: skip
    picture["boxes"] = boxes
    picture["last"] = [{"clause": r.clause, "text": r.text(lang)} for r in feed.rulings[-1:]]
    picture["banner"] = None
    if view["winner"]:
        winner = view["players"][view["winner"] - 1]["name"]
        picture["banner"] = {"status": "success", "text": text("gear.overlay.winner", lang, name=winner)}
    return picture


def public_rulings(rulings, state, **options) -> list:
    """Every ruling may be read aloud: none names a face-down card before the showdown or a gear
    drawn into a hand (they say how many), which the tests hold the rulings to."""
    return list(rulings)


def _report():
    from dealer_assist.tables.gear import report

    return report


def _schema() -> type:
    from dealer_assist.tables.gear.schema import GearGame

    return GearGame


def _hint(state, strategy: str = "cpu", seat: int | None = None):
    from dealer_assist.tables.gear.advice import advise

    return advise(state, strategy, seat)


SCREENS = Screens(
    panel=panel, final=final, settled=settled, facts=facts, suggestions=suggestions, arguments=arguments,
    picture=picture, public_rulings=public_rulings, report=_report, schema=_schema,
    clause_styles={"GEAR": "bright_blue"}, hint=_hint,
)  # fmt: skip
