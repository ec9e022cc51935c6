"""What a table's `hint` answers (``Screens.hint``): a command the dealer might type now, the
clause behind it and the reason, as the prompt shows it. Nothing is entered."""

from __future__ import annotations


class Advice(tuple):
    """``(command, clause, reason)`` — unpacks as those three. Also ``action`` (the command's
    word: ``ht`` …, ``keep``, or a table's own such as ``no_insurance``), ``hand`` (the hand's
    label or the seat, or empty) and ``params`` (the values of the reason's sentence)."""

    def __new__(cls, command: str, clause: str, reason: str, *, action: str, hand: str, params: dict):
        self = super().__new__(cls, (command, clause, reason))
        self.action = action
        self.hand = hand
        self.params = params
        self.figures = None  # the exact values behind the advice, when the table computes them
        self.figures_key = None  # their sentence, where it is not ``hint.figures`` (per unit staked)
        self.strategy = None  # the strategy that answered, where the table has not the one asked for
        return self

    @property
    def command(self) -> str:
        return self[0]

    @property
    def clause(self) -> str:
        return self[1]

    @property
    def reason(self) -> str:
        return self[2]
