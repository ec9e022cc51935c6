"""The casino table's pieces of the shell (``rulesets`` hooks): the dealer's live panel, the end
of a replay, the facts an audit shows, the prompt's completion, and the players' view for the
overlay. Built from the shared parts: ``grid`` (widths in terminal cells), the catalogs."""

from __future__ import annotations

from typing import Any

from rich.console import Console, Group
from rich.text import Text

from dealer_assist.tables.casino import notation as n
from dealer_assist.cards import RANKS
from dealer_assist.tables.casino import apply, play
from dealer_assist.tables.casino.state import ROUNDS, SEATS, CasinoState, Phase
from dealer_assist.tables.casino.step import Step
from dealer_assist.tables.casino.table import ranking, verdict
from dealer_assist.tables.casino.public import _dealer_cells, public_rulings, public_view  # noqa: F401
from dealer_assist.tables.casino.words import casino_text, result_word
from dealer_assist.grid import Grid
from dealer_assist.i18n import with_clause
from dealer_assist.i18n_values import Items
from dealer_assist.messages import text
from dealer_assist.render import grid
from dealer_assist.wrap import Wrapped


def panel(state: CasinoState, lang: str = "en"):
    """The dealer's screen after each command: the round, the shoe, every seat's chips and hands."""
    title = Text(no_wrap=True, overflow="ignore")
    title.append(text("casino.panel.title" if state.rounds else "casino.panel.title_setup", lang, round=state.rounds,
                      rounds=ROUNDS, shoe=state.shoe_left))  # fmt: skip
    names = ("", "seat", "player", "chips", "bet", "cards", "total", "")
    table = Grid([casino_text(f"col.{name}", lang) if name else "" for name in names],  # 賭け, not ベット
                 right=[names.index("chips"), names.index("bet")], ruled=False)  # fmt: skip
    current = state.round
    turn = None
    if state.phase is Phase.PLAYERS:
        hand = play.current_hand(Step(state))
        turn = hand.label if hand is not None else None
    cards, value = _dealer_cells(state)
    if cards:
        table.add_row("", "D", text("render.dealer_row", lang), "", "", cards,
                      value.localized(lang) if hasattr(value, "localized") else value, "")  # fmt: skip
    for number, seat in state.seats.items():
        hands = current.hands_of(number) if current is not None else []
        for hand in hands or [None]:
            label = hand.label if hand is not None else str(number)
            marks = []
            if seat.out:
                marks.append(text("casino.mark.out", lang))
            if current is not None and number in current.insurance:  # settled at the peek (INS-4)
                marks.append(text("casino.mark.insurance", lang, chips=current.insurance[number]))
            elif current is not None and current.insured.get(number):
                marks.append(text("casino.mark.insured", lang))
            status = ""
            if hand is not None and hand.result is not None:
                status = result_word(hand.result, lang)
            elif hand is not None and hand.outcome in ("bust", "blackjack", "surrender"):
                status = casino_text(f"outcome.{hand.outcome}", lang)
            table.add_row("▶" if turn == label else "", label, seat.player, str(seat.chips),
                          str(hand.bet) if hand is not None else "-",
                          " ".join(map(str, hand.cards)) if hand is not None else "",
                          (hand.total().localized(lang) + (" " + status if status else "")) if hand and hand.cards
                          else status, " ".join(marks), style="dim" if seat.out else "")  # fmt: skip
    expected = apply.expectation(state)
    footer = Text(with_clause(expected.clause, expected.text(lang), lang), style="italic", no_wrap=True,
                  overflow="ignore")  # fmt: skip
    return Group(Wrapped(title), table.text(), Wrapped(footer, hang=2))  # Japanese broken between characters


def insurance_line(record: dict, lang: str = "en") -> str | None:
    """The casino round's insurance results (INS-4, settled at the peek) under its hands at
    settlement: ``insurance: seat 1 -5, seat 2 +10``; None when nobody insured."""
    taken = record.get("insurance") or {}
    if not taken:
        return None
    entries = text("list.sep", lang).join(text("casino.report.insurance", lang, seat=seat, chips=value)
                                          for seat, value in taken.items())  # fmt: skip
    return text("casino.report.s.insurance", lang, entries=entries)


def settled(record: dict, lang: str = "en") -> list:
    """A settled round: its hands in the casino's own words (手札, 賭け, 引き分け; glossary.toml)
    under the dealer's cards, then the insurance results (INS-4)."""
    from dealer_assist.render import hands_grid

    headers = [casino_text(f"col.{name}", lang) for name in ("hand", "cards", "bet", "result", "ratio")]
    parts: list = [hands_grid(record, lang, headers=headers, words=result_word)]
    insured = insurance_line(record, lang)
    if insured is not None:
        parts.append(insured)
    return parts


def final(console: Console, state: CasinoState, lang: str = "en") -> None:
    """The end of a replay: the chips, and the ranking once the game is over."""
    status = "over" if state.over else "running"
    console.print(Text(text(f"casino.final.{status}", lang, rounds=state.rounds, rule=ROUNDS), style="bold"))
    table = grid(("rank", "seat", "player", "chips"), lang, right=("rank", "chips"))
    ranks = {r["seat"]: r["rank"] for r in ranking(state)} if state.over else {}
    for number, seat in state.seats.items():
        table.add_row(str(ranks.get(number, "-")), str(number), seat.player, str(seat.chips))
    console.print(table, crop=False)
    if state.over:
        outcome = verdict(state)
        key = f"casino.alone_{outcome['result']}" if outcome["alone"] else (
            "casino.winner" if outcome["winner"] else "casino.draw")  # fmt: skip
        top = ranking(state)[0]
        console.print(text(key, lang, player=outcome["winner"] or top["player"], chips=top["chips"]), style="bold")


def facts(state: CasinoState) -> list[tuple[str, dict[str, Any]]]:
    """What a command met, for the audit: the round, the shoe, the dealer's visible cards."""
    out: list[tuple[str, dict[str, Any]]] = [("casino.audit.round", {"round": state.rounds, "shoe": state.shoe_left})]
    out.append(("casino.audit.chips", {"chips": Items(tuple(f"{s.player} {s.chips}" for s in state.seats.values()))}))
    cards, value = _dealer_cells(state)
    if cards:
        out.append(("audit.dealer", {"cards": cards, "total": value}))
    return out


def suggestions(state: CasinoState) -> list[str]:
    """What the prompt offers now: only commands the rules would accept."""
    out: list[str] = []
    phase = state.phase
    if phase is Phase.SETUP:
        out += [f"seat {len(state.seats) + 1} "] if len(state.seats) < 6 else []
    if phase in (Phase.SETUP, Phase.BETWEEN) and apply.can(state, n.Game()):
        out.append("game")
    if phase is Phase.DEAL:
        out.append("deal ")
    if phase is Phase.INSURANCE:
        out += ["ins ", "go"]
    if phase is Phase.PEEK:
        out.append("peek ")
    if phase is Phase.PLAYERS:
        e = apply.expectation(state)
        hand = e.params.get("hand", "")
        if e.key == "casino.expect.split_card":
            out.append(f"{hand} ")
        else:
            for action in str(e.params.get("actions", "")).split("/"):
                if action:
                    out.append(f"{hand} {action}" + (" " if action in ("ht", "dd") else ""))
    if phase is Phase.REVEAL:
        out.append("reveal ")
    if phase is Phase.DEALER:
        out.append("dealer ")
    if phase in (Phase.INSURANCE, Phase.PLAYERS):
        out.append("hint")
    from dealer_assist.live import closing

    return out + closing(state)


def last_ruling(rulings, lang: str) -> list[dict[str, str]]:
    """The overlay's last ruling, one entry: the command's last ruling, after the insurance
    results it settled at the peek (INS-4), so that a won or lost insurance is seen on stream
    and not hidden behind "the dealer does not have blackjack" or the settlement."""
    if not rulings:
        return []
    shown = [r for r in rulings[:-1] if r.clause == "INS-4"] + [rulings[-1]]
    clauses = list(dict.fromkeys(r.clause for r in shown))
    sep = text("casino.overlay.ruling_sep", lang)
    return [{"clause": " · ".join(clauses), "text": sep.join(r.text(lang) for r in shown)}]


def picture(feed, lang: str) -> dict[str, Any]:
    """The overlay's picture of the casino table (``overlay.Feed.picture``): the same page as
    One Million's, without the dealer's HP, recovery, jokers and MP."""
    from dealer_assist.overlay_words import box_words, dealer_words, words as _words

    state: CasinoState = feed.session.state
    view = public_view(state, shoe=feed.shoe)
    words = {**_words(lang), "points": text("casino.word.chips", lang), "bankrupt": text("casino.word.out", lang),
             "bet": text("casino.word.bet", lang), "shoe": text("casino.word.shoe", lang)}  # 賭け, シュー
    picture: dict[str, Any] = {"version": feed.version, "lang": lang, "words": words, "problem": None}
    if feed.problem is not None:
        picture["problem"] = text(feed.problem, lang, name=feed.name)
    picture.update(hp=None, recovery=None, mp=None, jokers=None, top=[], clock=None, settlement=None)
    picture["game"] = view["round"]
    picture["game_text"] = text("casino.overlay.round", lang, round=view["round"], rounds=ROUNDS) \
        if view["round"] else ""  # fmt: skip
    picture["shoe"] = view["shoe"]
    picture["turn"] = view["turn"]
    picture["phase"] = view["phase"]
    dealer = view["dealer"]
    picture["dealer"] = dealer_words(dealer, lang) if dealer is not None else None
    picture["boxes"] = [box_words(box, lang, blackjack="casino.overlay.blackjack") for box in view["boxes"]]
    for box in picture["boxes"]:  # the casino's own result words (引き分け, ブラックジャック)
        for hand in box["hands"]:
            if hand.get("result") is not None:
                hand["status"] = result_word(hand["result"], lang)
            elif hand.get("outcome") in ("bust", "surrender"):
                hand["status"] = casino_text(f"outcome.{hand['outcome']}", lang)
    picture["last"] = last_ruling(feed.rulings, lang)
    picture["banner"] = None
    if state.over and state.seats:
        outcome = verdict(state)
        top = ranking(state)[0]
        key = f"casino.alone_{outcome['result']}" if outcome["alone"] else (
            "casino.winner" if outcome["winner"] else "casino.draw")  # fmt: skip
        picture["banner"] = {"status": "success", "text": text(key, lang, player=outcome["winner"] or top["player"],
                                                               chips=top["chips"])}  # fmt: skip
    return picture


# --------------------------------------------------------------------------- the prompt's arguments

CARD_WORDS = (*RANKS, "[?]")


def _cards(state: CasinoState, make) -> list:
    """The card words with which ``make(card)`` is accepted now (``[?]``: the hole card typed
    face down, its face named at the peek or the reveal)."""
    from dealer_assist.live import Argument

    out = []
    for word in CARD_WORDS:
        if apply.can(state, make(n.parse_card(word))):
            out.append(Argument(word, "casino.complete.hole" if word == "[?]" else "casino.complete.card", {}))
    return out


def _seat_argument(state: CasinoState, number: int):
    from dealer_assist.live import Argument

    seat = state.seats[number]
    return Argument(str(number), "casino.complete.seat", {"player": seat.player, "chips": seat.chips})


def arguments(state: CasinoState, words: list[str], remembered=None) -> list:
    """The words the prompt offers after ``words``, each accepted by the rules now: the next
    seat after ``seat``, the seats that may insure after ``ins``, a hand's actions, and the
    cards wherever a card is expected."""
    from dealer_assist.live.completion import Argument, hand_words, listed

    head, args = words[0].lower(), words[1:]
    ref = n.parse_hand(head)
    if ref is not None:
        label = f"{ref.box}{ref.letter or ''}"
        actions = apply.legal_actions(state, label) if state.phase is Phase.PLAYERS and not args else []
        return hand_words(ref, args, actions, lambda make: _cards(state, make)) or []
    if head == "seat" and not args and state.phase is Phase.SETUP and len(state.seats) < SEATS:
        return [Argument(str(len(state.seats) + 1), "complete.free_box", {})]
    if head == "deal":
        before = tuple(n.parse_card(word) for word in args)
        return _cards(state, lambda c: n.Deal((*before, c)))
    if head == "ins":
        return listed(args, state.seats, lambda seats: apply.can(state, n.Insurance(seats)),
                      lambda seat: _seat_argument(state, seat))  # fmt: skip
    makers = {"peek": n.Peek, "reveal": n.Reveal, "dealer": n.DealerCard}
    if head in makers and not args:
        return _cards(state, makers[head])
    return []
