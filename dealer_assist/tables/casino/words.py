"""Values worded inside a ruling at the casino table: seats named the way each language
counts them (``seat 1``, ``seats 1 and 2``; 「1番席」「1・2番席」)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Seats:
    numbers: tuple[int, ...]

    def localized(self, lang: str) -> str:
        from dealer_assist.messages import text

        names = [str(number) for number in self.numbers]
        if len(names) == 1:
            return text("casino.term.seat", lang, seats=text("casino.term.seat_number", lang, seat=names[0]))
        joined = text("list.and", lang, items=text("list.and_sep", lang).join(names[:-1]), last=names[-1])
        # the numbers first, the counter word once: 「1・2番席」 as the seed writes it
        return text("casino.term.seats", lang, seats=text("casino.term.seat_number", lang, seat=joined))

    def __str__(self) -> str:
        return self.localized("en")


def casino_text(key: str, lang: str, **params) -> str:
    """A word the casino says its own way (seed 004: 引き分け, ブラックジャック, 手札, 賭け): the
    catalog's ``casino.KEY`` where there is one, else the entry both tables share (``KEY``)."""
    from dealer_assist.i18n import catalog
    from dealer_assist.messages import text

    own = f"casino.{key}"
    return text(own if own in catalog(lang) or own in catalog("en") else key, lang, **params)


def result_word(result: str | None, lang: str) -> str:
    """A hand's result at the casino table (``casino.result.push`` = 引き分け)."""
    return "-" if result is None else casino_text(f"result.{result}", lang)
