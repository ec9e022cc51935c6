"""Issue 23: the cards One Million's shoe still holds, as a viewpoint knows them (``odds_dealer``'s
pool): the half-up shoe less every card seen, each with its orientation, the cards known on top
(GUILD-3, a card stood on) and the hidden hole card.

The shoe is ``decks`` decks (``shoe N`` gives their number, N − 7 cards rounded up to whole
decks; without it 8, the simulator's shoe) with half of the faces open, and the seven jokers
among the closed cards (CARD-6). The dealer's view knows every face the tool was given; the
players' view only what was shown (``public``): the hole card before the reveal is a closed
card not seen, and so is a hole card a game ended on without showing it (a Lv.1 joker at the
deal, JK-6) — the players never read the dealer's joker count, a private check or a hidden face.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

from dealer_assist.cards import Card
from dealer_assist.core import outcomes
from dealer_assist.core.table import Viewpoint
from dealer_assist.tables.onemillion import jokers
from dealer_assist.tables.onemillion.odds_dealer import JK
from dealer_assist.tables.onemillion.state import PHASE, Game, State

DECKS = 8  # without `shoe N`: the simulator's half-up shoe (`simulate quest --decks 8`)
JOKERS = jokers.JOKERS_IN_SHOE


@dataclass(frozen=True, slots=True)
class Pool:
    """What a viewpoint has not seen: faces ``r`` by value, ``open`` of them open, ``jokers``;
    ``hidden``: one closed card of the pool is not in the shoe (the hole card, face down);
    ``known``: the cards known on top (``(index, players' number, dealer's number)``, the
    numbers for a joker only); ``left``: the cards left, when the viewpoint counts them."""

    r: tuple[int, ...]
    open: int
    jokers: int
    hidden: bool
    known: tuple[tuple[int, int | None, int | None], ...]
    left: int | None


def decks(state: State) -> int:
    shoe = state.config.shoe
    return DECKS if shoe is None else max(1, ceil((shoe - JOKERS) / 52))


def shoe_faces(state: State) -> tuple[int, ...]:
    """The model shoe's faces by value (``decks`` decks): the most of each any pool holds."""
    n = decks(state)
    return (4 * n,) * 9 + (16 * n,)


def _parse(text: str) -> tuple[int | None, bool]:
    """A card as the record writes it (``[K]``, ``9h``, ``[JK]``): its index and orientation."""
    closed = text.startswith("[")
    face = text.strip("[]")
    if face.startswith("JK"):
        return JK, True
    return outcomes.index_of(face[:1]), closed


def _index(card: Card) -> int | None:
    return JK if card.is_joker else outcomes.index_of(card.rank)


def _hidden_in_record(record: dict) -> bool:
    """A finished game whose hole card was never shown: a Lv.1 joker as the dealer's first card
    ended it at the deal (JK-6), before any check. The record does not say it, so every game
    that may have ended so is taken as one (an unseen card counts as not seen: never wrong)."""
    cards = record["dealer"]["cards"]
    if len(cards) != 2 or not cards[0].startswith("[JK") or not cards[1].startswith("["):
        return False
    return all(h.get("result") in ("joker", "blackjack", "nobet", None) for h in record["hands"])


def seen_cards(state: State, viewpoint: Viewpoint) -> list[tuple[int | None, bool]]:
    """Every card out of the shoe the viewpoint has seen, as (index, closed)."""
    players = viewpoint is Viewpoint.PLAYERS
    out: list[tuple[int | None, bool]] = []
    for record in state.history:
        dealer = record["dealer"]["cards"]
        if players and _hidden_in_record(record):
            dealer = dealer[:1]
        out += [_parse(c) for c in dealer]
        for hand in record["hands"]:
            out += [_parse(c) for c in hand["cards"]]
    game = state.game
    if game is not None:  # the game in play (a game joins the history when the next one starts)
        dealer = game.dealer_visible() if players else game.dealer
        out += [(_index(c), c.closed) for c in dealer if not c.is_unknown]
        for hand in game.hands:
            out += [(_index(c), c.closed) for c in hand.cards]
    for known in state.known_top:  # still in the shoe, but seen: out of the pool
        out.append((_index(known.card), known.source == "turned" or known.card.is_joker))
    return out


def pool(state: State, viewpoint: Viewpoint) -> Pool:
    """The pool of ``odds_dealer`` for the state's shoe as ``viewpoint`` knows it."""
    n = decks(state)
    r = list(shoe_faces(state))
    open_left = closed_left = 26 * n
    jokers_left = JOKERS
    for index, closed in seen_cards(state, viewpoint):
        if index is None:
            continue
        if index == JK:
            jokers_left -= 1
            continue
        r[index] -= 1
        if closed:
            closed_left -= 1
        else:
            open_left -= 1
    r = [max(c, 0) for c in r]  # a face seen more often than the model shoe holds: none left
    size = sum(r)
    open_left = min(max(open_left, 0), size)
    game = state.game
    hidden = False
    if game is not None and game.hole is not None:
        hidden = viewpoint is Viewpoint.PLAYERS or game.hole.is_unknown
    known = []
    for k in state.known_top:
        if k.card.is_joker:
            record = state.jokers[k.sighting] if k.sighting is not None else None
            number = record.players if record is not None else None
            dealer = record.dealer if record is not None and viewpoint is Viewpoint.DEALER else number
            known.append((JK, number, dealer))
        else:
            known.append((_index(k.card), None, None))
    left = state.shoe_left if viewpoint is Viewpoint.DEALER else None
    return Pool(tuple(r), open_left, max(jokers_left, 0), hidden, tuple(known), left)


def players_count_at_check(state: State) -> int:
    """The players' joker count when the dealer checked (after the deal): their count now less
    the jokers shown since — drawn in the player turns (past the deal's two cards, a split
    hand's past its first) or turned by future sight and still on top."""
    game = state.game
    assert game is not None
    later = sum(1 for k in state.known_top if k.card.is_joker)
    for hand in game.hands:
        cards = hand.cards[1:] if hand.split else hand.cards[2:]
        later += sum(1 for c in cards if c.is_joker)
    return state.jokers_players - later


def checked(game: Game, phase) -> bool:
    """The check (BASE-6) was made (a public fact: the table saw the dealer look)."""
    return game.check and phase not in (PHASE.SURRENDER, PHASE.CHECK)
