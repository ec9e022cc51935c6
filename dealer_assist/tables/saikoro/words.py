"""Values of Saikoro's sentences that word themselves in the sentence's language: an amount of
points (97万5000 in Japanese), a payer's share, a win's value (満貫, 3翻40符), a roll's result."""

from __future__ import annotations

from dataclasses import dataclass

from dealer_assist.tables.saikoro.commands import Value


def _text(key: str, lang: str, **params) -> str:
    from dealer_assist.i18n import text

    return text(key, lang, **params)


@dataclass(frozen=True, slots=True)
class Points:
    value: int
    sign: bool = False

    def localized(self, lang: str) -> str:
        from dealer_assist.i18n import amount

        return amount(self.value, lang, sign=self.sign)


@dataclass(frozen=True, slots=True)
class Share:
    """One payer's share of a win: ``aki 7,700`` (「aki 7700」)."""

    name: str
    points: int

    def localized(self, lang: str) -> str:
        return _text("saikoro.share", lang, name=self.name, points=Points(self.points).localized(lang))


@dataclass(frozen=True, slots=True)
class ValueWord:
    """A win's value: a limit's name, han and fu, or the points typed."""

    value: Value

    def localized(self, lang: str) -> str:
        v = self.value
        if v.limit:
            return _text(f"saikoro.limit.{v.limit}", lang)
        if v.points:
            return "/".join(Points(p).localized(lang) for p in v.points)
        return _text("saikoro.han_fu", lang, han=v.han, fu=v.fu)


@dataclass(frozen=True, slots=True)
class Said:
    """A roll's result (目無し, a point of 5, ピンゾロ …)."""

    key: str
    number: int = 0

    def localized(self, lang: str) -> str:
        return _text(self.key, lang, number=self.number)


def value_text(value: str, lang: str) -> str:
    """A stored win's value (``mangan``, ``3h40``, ``2000/3900``) in the reader's words."""
    from dealer_assist.tables.saikoro.grammar import value as parse

    return ValueWord(parse(value)).localized(lang)
