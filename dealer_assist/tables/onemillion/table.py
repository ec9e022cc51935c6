"""The working context of one step: a private copy of the state plus the rulings made.

Every rule module receives a ``Table``. A refusal raises ``RuleViolation`` before the copy
is handed back, so the caller's state is never touched (a refused command changes nothing).
"""

from __future__ import annotations

from dealer_assist.cards import Card
from dealer_assist.core.step import Work
from dealer_assist.tables.onemillion.state import Box, Config, Game, Hand, JokerSighting, KnownCard, State


class Table(Work):
    __slots__ = ("_owned",)

    def __init__(self, state: State) -> None:
        super().__init__(state)
        self._owned: set[object] = set()  # the shared parts this step has copied already

    # -- copy on write: the parts of the state a step shares with the state before it

    def own_boxes(self) -> dict[int, Box]:
        """The boxes, this step's own copy (to be changed)."""
        if "boxes" not in self._owned:
            self._owned.add("boxes")
            self.state.boxes = {number: box.copy() for number, box in self.state.boxes.items()}
        return self.state.boxes

    def own_config(self) -> Config:
        if "config" not in self._owned:
            self._owned.add("config")
            self.state.config = self.state.config.copy()
        return self.state.config

    def own_players(self) -> None:
        """The players' yellow cards and stand-ins, this step's own copies."""
        if "players" not in self._owned:
            self._owned.add("players")
            self.state.yellow = dict(self.state.yellow)
            self.state.replaced_by = dict(self.state.replaced_by)

    def own_joker(self, index: int) -> JokerSighting:
        """Joker record ``index``, this step's own copy (the list itself is copied per step)."""
        if ("joker", index) not in self._owned:
            self._owned.add(("joker", index))
            self.state.jokers[index] = self.state.jokers[index].copy()
        return self.state.jokers[index]

    # -- shortcuts

    @property
    def game(self) -> Game:
        game = self.state.game
        assert game is not None
        return game

    def hand(self, label: str) -> Hand:
        for hand in self.game.hands:
            if hand.label == label:
                return hand
        raise KeyError(label)

    # -- the shoe (DRAW-6, CARD-6, known top cards)

    def known_top(self, card: Card) -> KnownCard | None:
        """The card known to be on top of the shoe, if any; ``card`` must be it."""
        if not self.state.known_top:
            return None
        known = self.state.known_top[0]
        if not known.accepts(card):
            self.refuse(known.clause, "shoe.known_top", card=str(card), known=str(known.card))
        return known

    def take_card(self, card: Card) -> tuple[Card, int | None]:
        """A card leaves the shoe; returns it as recorded and its joker sighting, if seen.

        Checks, in this order: the shoe is not empty (DRAW-6), the card matches a card known
        to be on top (GUILD-3, NOTATION), and it is not an eighth joker (CARD-6).
        """
        from dealer_assist.tables.onemillion import jokers  # the shoe and the joker count meet here

        state = self.state
        if state.shoe_left is not None and state.shoe_left <= 0:
            self.refuse("DRAW-6", "shoe.empty")
        sighting = None
        known = self.known_top(card)
        if known is not None:
            card, sighting = known.card, known.sighting
            state.known_top.pop(0)
        elif card.is_unknown:
            self.refuse("CARD-2", "card.unknown_here")
        elif card.is_joker:
            jokers.check_new_joker(self)
        if state.shoe_left is not None:
            state.shoe_left -= 1
        return card, sighting
