"""High card's pieces of the shell (``Screens``): one screen for the dealer, one picture for the
viewers, the prompt's offers, the audit's facts, the report document, the JSON model."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict
from rich.console import Console
from rich.text import Text

from dealer_assist import notation as n
from dealer_assist.core.table import Screens
from dealer_assist.i18n import text
from dealer_assist.live import Argument, closing
from tinytable import rules
from tinytable.commands import Draw, Hole, Show

RANKS = tuple(rules.ORDER)


def panel(state: rules.TinyState, lang: str = "en") -> Text:
    """The dealer's screen: the round, the chips, both cards (the hole card shown to the dealer)."""
    hole = str(state.hole) if state.hole is not None else "-"
    card = str(state.card) if state.card is not None else "-"
    out = Text(text("tiny.panel", lang, round=state.rounds, player=state.player or "-", chips=state.chips,
                    hole=hole, card=card), no_wrap=True)  # fmt: skip
    expected = rules.expectation(state)
    out.append("\n" + text(expected.key, lang), style="italic")
    return out


def final(console: Console, state: rules.TinyState, lang: str = "en") -> None:
    console.print(text("tiny.final", lang, player=state.player or "-", chips=state.chips, rounds=state.rounds))


def settled(record: dict, lang: str = "en") -> list:
    return [text("tiny.settled_line", lang, round=record["game"], hole=record["hole"], card=record["card"],
                 chips=record["chips"])]  # fmt: skip


def facts(state: rules.TinyState) -> list[tuple[str, dict[str, Any]]]:
    return [("tiny.facts", {"chips": state.chips, "round": state.rounds})]


def suggestions(state: rules.TinyState) -> list[str]:
    out = []
    if rules.can(state, n.Seat(1, "x", None)):
        out.append("seat 1 ")
    if rules.can(state, n.Game()):
        out.append("game")
    for word, make in (("hole ", lambda c: Hole(c)), ("draw ", lambda c: Draw(c))):
        if any(rules.can(state, make(n.parse_card(w))) for w in _words(word)):
            out.append(word)
    if rules.can(state, Show()):
        out.append("show")
    return out + closing(state)


def _words(head: str) -> list[str]:
    return [f"[{r}]" for r in RANKS] if head == "hole " else list(RANKS)


def arguments(state: rules.TinyState, words: list[str], last: Any = None) -> list[Argument]:
    head = words[0].lower()
    if len(words) != 1 or head not in ("hole", "draw"):
        return []
    make = Hole if head == "hole" else Draw
    return [Argument(w, "tiny.complete.card", {}) for w in _words(head + " ")
            if rules.can(state, make(n.parse_card(w)))]  # fmt: skip


def picture(feed, lang: str) -> dict[str, Any]:
    """The overlay's picture: the players' view (the hole card face down until shown)."""
    from dealer_assist.overlay_words import words

    view = rules.players_view(feed.session.state)
    picture: dict[str, Any] = {"version": feed.version, "lang": lang, "words": words(lang), "problem": None}
    if feed.problem is not None:
        picture["problem"] = text(feed.problem, lang, name=feed.name)
    picture.update(hp=None, recovery=None, mp=None, jokers=None, top=[], clock=None, settlement=None, shoe=None,
                   turn=None, phase=view["phase"], game=view["rounds"], banner=None,
                   game_text=text("tiny.panel_round", lang, round=view["rounds"]) if view["rounds"] else "")  # fmt: skip
    picture["dealer"] = {"cards": [view["hole"]] if view["hole"] else [], "total": None, "soft": False,
                         "bust": False, "hole": view["hole"] == "[?]", "blackjack": False, "total_text": ""}  # fmt: skip
    picture["boxes"] = [{"box": 1, "player": view["player"], "points": view["chips"], "bankrupt": False,
                         "left": False, "streak": 0, "yellow": 0, "replaced_by": None, "locked": False, "bet": None,
                         "points_text": str(view["chips"]), "bet_text": "",
                         "hands": [{"hand": "1", "cards": [view["card"]] if view["card"] else [], "bet": 1,
                                    "total_text": "", "bet_text": "", "status": "", "turn": False, "result": None,
                                    "outcome": None, "nobet": False, "locked": False}]}] if view["player"] else []  # fmt: skip
    picture["last"] = [{"clause": r.clause, "text": r.text(lang)} for r in feed.rulings[-1:]]
    return picture


def public_rulings(rulings, state, **options) -> list:
    """Every ruling is spoken aloud except the hole card's own (HC-3: it is dealt face down)."""
    return [r for r in rulings if r.key != "tiny.hole_seen"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Round(_Model):
    game: int
    hole: str | None
    card: str | None
    chips: int


class TinyGame(_Model):
    ruleset: Literal["tiny"]
    status: Literal["running", "over"]
    phase: str
    player: str | None
    chips: int
    rounds: int
    hole: str | None
    card: str | None
    log: list[Round]


def _report():
    from tinytable import report

    return report


def _schema() -> type:
    return TinyGame


SCREENS = Screens(
    panel=panel, final=final, settled=settled, facts=facts, suggestions=suggestions, arguments=arguments,
    picture=picture, public_rulings=public_rulings, report=_report, schema=_schema,
    clause_styles={"HC": "green"},
)  # fmt: skip
