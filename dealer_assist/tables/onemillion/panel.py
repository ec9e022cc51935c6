"""The One Million dealer's screens (``Screens.panel``, ``final``, ``settled``): the compact live
panel after each command, the end of a replay, and a settled game's hands and ledger."""

from __future__ import annotations

from rich.console import Console, Group
from rich.text import Text

from dealer_assist.grid import Flat, Grid, joined
from dealer_assist.i18n import amount, with_clause
from dealer_assist.messages import Term, text
from dealer_assist.render import grid, hands_grid
from dealer_assist.tables.onemillion.end import announce
from dealer_assist.tables.onemillion.state import State
from dealer_assist.tables.onemillion.view import to_json
from dealer_assist.wrap import Wrapped

# the colours of the rulebook's clause families on the dealer's screen
CLAUSE_STYLES = {
    "END": "bold magenta", "JK": "bold red", "DSK": "red", "DRAW": "cyan", "SET": "green",
    "HEAL": "green", "GUILD": "blue", "SURR": "yellow", "BET": "white", "BASE": "white",
}  # fmt: skip


def settled(record: dict, lang: str = "en") -> list:
    """A settled game: its hands under the dealer's cards, then its ledger (SET-A…E)."""
    parts: list = [hands_grid(record, lang)]
    if record.get("ledger"):
        parts.append(ledger_table(record, lang))
    return parts


def ledger_table(record: dict, lang: str = "en") -> Grid:
    table = grid(("step", "hand", "points", "damage", "heal", "hp", "rule"), lang,
                 right=("points", "damage", "heal", "hp"), title=text("render.ledger", lang, game=record["game"]))  # fmt: skip
    for e in record.get("ledger", []):
        table.add_row(e["step"], e["hand"] or "-", amount(e["points"], lang, sign=True), amount(e["damage"], lang),
                      amount(e["heal"], lang), amount(e["hp"], lang), e["rule"])  # fmt: skip
    return table


def final_state(console: Console, state: State, lang: str = "en") -> None:
    data = to_json(state)
    console.print(Text(text(f"render.final.{data['status']}", lang, reason=Term(f"reason.{data['reason']}"),
                            reward=Term(f"reward.{state.config.difficulty}")), style="bold"))  # fmt: skip
    console.print(Wrapped(
        text("render.state", lang, hp=data["hp"], announced=announced(data["hp"], lang), games=data["games"],
             mp=data["mp"], **data["jokers"])),
        highlight=False,
    )  # fmt: skip
    bomb = time_bomb(state)
    table = grid(("box", "player", "points", "bankrupt", "streak", "yellow"), lang,
                 right=("points", "streak", "yellow"))  # fmt: skip
    for number, box in data["boxes"].items():
        table.add_row(number, box["player"], amount(box["points"], lang),
                      text("render.bankrupt", lang) if box["bankrupt"] else "", streak_cell(box["streak"], bomb),
                      str(box["yellow"]))  # fmt: skip
    console.print(table, crop=False)
    if not bomb and data["boxes"]:
        console.print(Wrapped(text("render.streak_off", lang)), style="dim", highlight=False)


def announced(hp: int, lang: str = "en") -> str:
    """ANN-1's announcement of the HP, beside a sentence that already gives the HP (so the HP is
    not said twice); at HP 0 there is none (the quest is won, END-S)."""
    return text("announce.short", lang, announce=announce(hp)) if hp > 0 else text("announce.none", lang)


def time_bomb(state: State) -> bool:
    """Whether the streak column counts (DSK-4, the time bomb, is in play)."""
    return state.skill(4) > 0


def streak_cell(streak: int, bomb: bool) -> str:
    """The streak column: DSK-4's count of games lost in a row, ``-`` without the time bomb
    (the count is kept only for it: NOTATION.md)."""
    return str(streak) if bomb else "-"


def _known_top(state: State, lang: str) -> str:
    """The cards known on top of the shoe, grouped by how they are known: shown by future
    sight (GUILD-3) or an open card the dealer stood on (DRAW-5)."""
    groups: list[tuple[str, list[str]]] = []
    for known in state.known_top:
        key = "render.top_stood" if known.source == "stood" else "render.top_foresight"
        if groups and groups[-1][0] == key:
            groups[-1][1].append(str(known.card))
        else:
            groups.append((key, [str(known.card)]))
    sep = text("list.sep", lang)
    return text("render.top", lang, cards=sep.join(text(key, lang, cards=" ".join(cards)) for key, cards in groups))


def _marks(state: State, box, hand, lang: str) -> str:
    """What the table knows about a row beyond its figures: locked (DSK-3), bankrupt (BOX-1),
    forced to leave (BOX-3: bankrupt for good), played by another player (TIME-3)."""
    marks = []
    if hand is not None and hand.locked:
        marks.append(text("render.mark.locked", lang))
    if box.left:
        marks.append(text("render.mark.out", lang))
    elif box.bankrupt:
        marks.append(text("render.mark.bankrupt", lang))
    by = state.replaced_by.get(box.player)
    if by is not None:
        marks.append(text("render.mark.played_by", lang, player=by))
    return " · ".join(marks)


def live_state(state: State, lang: str = "en"):
    """The compact state shown after each command in live play: the game, HP, recovery, the
    jokers seen in each view (this is the dealer's own screen), MP; the shoe (cards left and
    the share dealt, when its size was given) and the cards known on top of it; a row per hand
    with locked, bankrupt and departed boxes marked (bankrupt ones dimmed); what comes next."""
    from dealer_assist.cards import total
    from dealer_assist.expected import expected as expectation  # a new session also names the other tables

    game = state.game
    title: list[tuple[str, str | None]] = []  # its pieces and their styles, made into one text at once
    if state.hp <= 0:  # the quest is won: no announcement (ANN-1)
        title.append((text("render.live_won", lang, game=state.games, hp=state.hp), None))
    elif state.games:
        title.append((text("render.live", lang, game=state.games, hp=state.hp, announce=announce(state.hp)), None))
    else:  # the setup: no game yet
        title.append((text("render.live_setup", lang, hp=state.hp, announce=announce(state.hp)), None))
    if game is not None:
        title.append((text("render.recovery_on" if game.recovery else "render.recovery_off", lang),
                      "green" if game.recovery else None))  # fmt: skip
    title.append((text("render.jokers_seen", lang, players=state.jokers_players, dealer=state.jokers_dealer,
                       mp=state.mp), None))  # fmt: skip
    if state.over:
        title.append((text("render.over", lang, status=Term(f"status.{state.status.value}"),
                           reason=Term(f"reason.{state.reason}")), "bold magenta"))  # fmt: skip
    shoe = []
    size = state.config.shoe
    if state.shoe_left is not None and size:
        dealt = round(100 * (size - state.shoe_left) / size)
        shoe.append(text("render.shoe_left", lang, left=state.shoe_left, dealt=dealt))
    if state.known_top:
        shoe.append(_known_top(state, lang))
    if shoe:  # (its style after the line's end: rich styles each line, printed the same)
        title += [("\n", None), (" · ".join(shoe), "cyan")]
    table = grid(("", "box", "player", "points", "bet", "cards", "total", "streak", "yellow", ""), lang,
                 right=("points", "bet", "streak", "yellow"), ruled=False)  # fmt: skip
    expected = expectation(state)
    bomb = time_bomb(state)
    turn = expected.params.get("hand") if expected.phase.value == "players" else None
    if game is not None and game.dealer:
        # the hole card stays hidden on screen until it is revealed (the stream may show it)
        down = game.hole is not None  # the second card, face down (by place: equal cards may be one object)
        cards = " ".join("[?]" if down and i == 1 else str(c) for i, c in enumerate(game.dealer))
        shown = [c for c in game.dealer_visible() if not c.is_unknown]
        table.add_row("", "D", text("render.dealer_row", lang), "", "", cards, total(shown).localized(lang), "", "",
                      "")  # fmt: skip
    for number, box in state.boxes.items():
        hands = game.hands_of(number) if game is not None else []
        rows = hands or [None]
        for hand in rows:
            label = hand.label if hand is not None else str(number)
            bet = hand.bet if hand is not None else (game.bets.get(number) if game else None)
            cards = " ".join(str(c) for c in hand.cards) if hand is not None else ""
            value = hand.total().localized(lang) if hand is not None and hand.cards else ""
            if hand is not None and hand.outcome in ("bust", "blackjack", "surrender", "joker", "under"):
                value += " " + text(f"outcome.{hand.outcome}", lang)
            marker = "▶" if turn == label else ""
            style = "dim" if box.bankrupt else ""
            table.add_row(marker, label, box.player, amount(box.points, lang), amount(bet, lang) if bet else "-", cards,
                          value, streak_cell(box.streak, bomb), str(state.yellow.get(box.player, 0)),
                          _marks(state, box, hand, lang),
                          style=style)  # fmt: skip
    footer = Text(with_clause(expected.clause, expected.text(lang), lang), style="italic", no_wrap=True, overflow="ignore")
    note = streak_note(state, lang)
    # one line each: wrapping is the terminal's, and costs
    head = Wrapped(joined(title, Text, no_wrap=True, overflow="ignore"))
    if note is not None:
        return Group(head, table.text(), note, Wrapped(footer, hang=2))
    return Group(head, table.text(), Wrapped(footer, hang=2))


def streak_note(state: State, lang: str = "en") -> Text | None:
    """The live panel's footnote under the boxes when the streak column shows ``-``: the quest
    has no time bomb (DSK-4), once its dealer skills are known (dice rolled, or a game begun).
    One short line, narrower than the table in terminal cells in every language."""
    if time_bomb(state) or not state.boxes or not (state.config.dice or state.games):
        return None
    return Flat(text("render.streak_off_short", lang), style="dim", no_wrap=True, overflow="ignore")
