"""Values worded inside a ruling at the casino table: seats named the way each language
counts them (``seat 1``, ``seats 1 and 2``; 「1番席」「1番・2番席」)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Seats:
    numbers: tuple[int, ...]

    def localized(self, lang: str) -> str:
        from dealer_assist.messages import text

        names = [text("casino.term.seat_number", lang, seat=number) for number in self.numbers]
        if len(names) == 1:
            return text("casino.term.seat", lang, seats=names[0])
        joined = text("list.and", lang, items=text("list.and_sep", lang).join(names[:-1]), last=names[-1])
        return text("casino.term.seats", lang, seats=joined)

    def __str__(self) -> str:
        return self.localized("en")
