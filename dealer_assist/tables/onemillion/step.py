"""The working context of one step: a private copy of the state plus the rulings made, with
copy on write for the parts of the state a step shares with the state before it.

Every rule module receives a ``Step`` (the casino's is ``tables.casino.step.Step``); it holds
no rule itself (the shoe's are ``shoe``). A refusal raises ``RuleViolation`` before the copy
is handed back, so the caller's state is never touched (a refused command changes nothing).
"""

from __future__ import annotations

from dealer_assist.core.step import Work
from dealer_assist.tables.onemillion.state import Box, Config, Game, Hand, JokerSighting, State


class Step(Work):
    __slots__ = ("_owned",)

    def __init__(self, state: State) -> None:
        self.state = state  # ``Work``'s two members, set here: one call less per command
        self.rulings = []
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
