"""SHOE — six decks, the count of cards left, the reshuffles (SHOE-1…4).

The faces out of the shoe are counted too (SHOE-1): six decks hold 24 cards of each rank and 6
of each exact card (``As``), so a card typed when all of them are already out of the shoe —
dealt since the shoe was last filled, on the table or in the discards — is refused, as One
Million refuses an eighth joker (CARD-6). A card typed without its suit counts for its rank
only; the hole card typed ``[?]`` counts once its face is named (``face``)."""

from __future__ import annotations

from dealer_assist.cards import Card
from dealer_assist.tables.casino.state import PER_CARD, PER_RANK, RESHUFFLE_BELOW, SHOE, CasinoState
from dealer_assist.tables.casino.step import Step


def reshuffle_check(t: Step) -> None:
    """SHOE-3: before the bets, a shoe with fewer than 78 cards left is reshuffled to 312."""
    state = t.state
    if state.shoe_left < RESHUFFLE_BELOW:
        t.rule("SHOE-3", "casino.reshuffle", left=state.shoe_left, cards=SHOE)
        state.shoe_left, state.discards = SHOE, 0
        state.round.shuffled = True


def _on_table(state: CasinoState) -> dict[str, int]:
    """The faces of the cards on the table now (the round being dealt)."""
    counts: dict[str, int] = {}
    current = state.round
    if current is not None:
        for hand in current.hands:
            for card in hand.cards:
                _add(counts, card)
        for card in current.dealer:
            _add(counts, card)
    return counts


def _add(counts: dict[str, int], card: Card) -> None:
    if card.is_unknown or card.is_joker:
        return
    counts[card.rank] = counts.get(card.rank, 0) + 1
    if card.suit:
        exact = card.rank + card.suit
        counts[exact] = counts.get(exact, 0) + 1


def _sync(state: CasinoState) -> None:
    """The count of faces belongs to the shoe it was made for: a shoe filled again since
    (SHOE-3 before a round, or a shuffler that puts every card back) has only the cards on
    the table out of it."""
    if state.faces_left != state.shoe_left:
        state.faces_out = _on_table(state)
        state.faces_left = state.shoe_left


def _count(t: Step, card: Card) -> None:
    """SHOE-1: ``card`` leaves the shoe: refused when every such card is already out of it."""
    rank = card.rank
    if rank == "?" or rank == "JK":
        return
    out = t.state.faces_out
    count = out.get(rank, 0)
    if count >= PER_RANK:
        t.refuse("SHOE-1", "casino.shoe_rank_out", card=str(card), rank=rank, most=PER_RANK)
    suit = card.suit
    if suit:
        exact = rank + suit
        same = out.get(exact, 0)
        if same >= PER_CARD:
            t.refuse("SHOE-1", "casino.shoe_card_out", card=str(card), most=PER_CARD)
        out[exact] = same + 1
    out[rank] = count + 1


def draw(t: Step) -> None:
    """A card leaves the shoe (SHOE-2); an empty shoe mid-round takes the discards (SHOE-4)."""
    state = t.state
    if state.shoe_left <= 0:
        if state.discards <= 0:  # pragma: no cover - 312 cards never run out in five rounds
            t.refuse("SHOE-4", "casino.shoe_out")
        t.rule("SHOE-4", "casino.discards_shuffled", cards=state.discards)
        state.shoe_left, state.discards = state.discards, 0
        state.faces_out = _on_table(state)  # the discards are back in the shoe
    state.shoe_left -= 1


def take(t: Step, card: Card, clause: str, *, hole: bool = False) -> Card:
    """A card typed as dealt from the shoe: its face is needed (``clause``; only the hole card
    may be typed ``[?]``), there are no jokers (SHOE-1), it can still be in the shoe (SHOE-1:
    24 of a rank, 6 of an exact card), and it leaves the shoe (SHOE-2). The card as the table
    keeps it: face up — orientation means nothing here — but the hole card."""
    rank = card.rank
    if rank == "?" and not hole:
        t.refuse(clause, "casino.face_needed")
    if rank == "JK":
        t.refuse("SHOE-1", "casino.no_jokers")
    state = t.state
    if state.faces_left != state.shoe_left:
        _sync(state)
    if state.shoe_left > 0:  # ``draw``, when the shoe is not empty
        state.shoe_left -= 1
    else:
        draw(t)
    _count(t, card)
    state.faces_left = state.shoe_left
    if card.closed == hole and card.level is None:  # already the card as the table keeps it
        return card
    return kept(rank, card.suit, hole)


_KEPT: dict[tuple[str, str | None, bool], Card] = {}  # the cards as the table keeps them, made once


def kept(rank: str, suit: str | None, closed: bool) -> Card:
    """The card ``rank``/``suit`` as the table keeps it (face down: ``closed``), one value per
    face and orientation: a card is immutable, so it is shared (a round makes one for the hole
    card as it is dealt and one as it is turned up)."""
    key = (rank, suit, closed)
    card = _KEPT.get(key)
    if card is None:
        card = Card(rank, suit, closed)
        if len(_KEPT) < KEPT_MOST:
            _KEPT[key] = card
    return card


KEPT_MOST = 1024  # more than the faces and orientations there are (13 ranks × 5 suits × 2, and ``?``)


def face(t: Step, card: Card) -> None:
    """The face of a hole card dealt ``[?]``, named at the peek or the reveal: it counts now
    (SHOE-1)."""
    state = t.state
    _sync(state)
    _count(t, card)


def example_face(state: CasinoState) -> str:
    """A face the hole card can still have (for a refusal's example: ``peek 9``)."""
    counts = state.faces_out if state.faces_left == state.shoe_left else _on_table(state)
    for rank in ("9", "8", "7", "6", "5", "4", "3", "2", "T", "J", "Q", "K", "A"):
        if counts.get(rank, 0) < PER_RANK:
            return rank
    return "9"  # pragma: no cover - 312 cards cannot all be out of the shoe


def discard_round(t: Step) -> None:
    """The cards of a settled round go to the discards (SHOE-4 shuffles them when needed)."""
    state = t.state
    current = state.round
    cards = len(current.dealer)
    for hand in current.hands:
        cards += len(hand.cards)
    state.discards += cards
