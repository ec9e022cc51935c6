"""`dealer-assist odds saikoro VALUE`: the exact odds of the dice for a win of that value — the
distribution of the standing result and the expected points and chips, for a riichi win (two
dice, with its re-roll rights used as well as can be) beside a dama win (three dice) — the
question a player asks on stream: "is riichi worth it under the dice rule?" (SAI-6…8). And
`odds saikoro noten`: what a noten player's roll pays (SAI-11)."""

from __future__ import annotations

from fractions import Fraction

import click

from dealer_assist.tables.saikoro import chips, dice, grammar, odds, value as v, win as w
from dealer_assist.tables.saikoro.commands import Extras
from dealer_assist.tables.saikoro.options import HONBA_RON, HONBA_TSUMO

ORDER = [dice.Reading(dice.Result.NONE)] + [dice.Reading(dice.Result.POINT, n) for n in range(1, 7)] + [
    dice.Reading(dice.Result.LOW), dice.Reading(dice.Result.HIGH)] + [
    dice.Reading(dice.Result.TRIPLE, n) for n in range(2, 7)] + [dice.Reading(dice.Result.PIN, 1)]  # fmt: skip


def _fraction(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


def _said(reading: dice.Reading, lang: str) -> str:
    from dealer_assist.i18n import text

    return text(f"saikoro.result.{reading.result.value}", lang, number=reading.number)


def payments(value, *, tsumo: bool, dealer: bool, honba: int, extra_chips: int) -> list[tuple[int, int]]:
    """Each payer's (points with 本場, chips) before the dice, for a winner at seat 1 (the
    dealer when ``dealer``) of a three-player hand."""
    winner, dealer_seat = 1, 1 if dealer else 2
    payers = (2, 3) if tsumo else (2,)
    shares = v.shares(value, tsumo=tsumo, winner=winner, dealer=dealer_seat, payers=payers, split=False)
    if shares is None:
        raise click.BadParameter("typed points need their shape: a ron one number, a non-dealer's tsumo two")
    per = chips.of_win(value, Extras()) + extra_chips
    bonus = honba * (HONBA_TSUMO if tsumo else HONBA_RON)
    return [(points + bonus, per) for _, points in sorted(shares.items())]


def _block(name: str, result: odds.Odds, lang: str) -> dict:
    return {"name": name, "distribution": {_said(r, lang): {"p": _fraction(p), "percent": round(float(p) * 100, 3)}
                                           for r in ORDER for p in [result.distribution.get(r)] if p},
            "points": _fraction(result.points), "chips": _fraction(result.chips),
            "value": _fraction(result.value), "value_points": round(float(result.value))}  # fmt: skip


@click.command()
@click.argument("value_word", metavar="VALUE")
@click.option("--tsumo", is_flag=True, help="A tsumo (default: a ron).")
@click.option("--dealer", is_flag=True, help="The winner is the dealer.")
@click.option("--honba", type=click.IntRange(0, 50), default=0, show_default=True, help="本場 on the table.")
@click.option("--chips", "extra_chips", type=click.IntRange(0, 60), default=0, show_default=True,
              help="Chip objects per payer (一発, 裏, 赤, 金 ×3 …).")
@click.option("--rights", type=click.IntRange(0, 6), default=None,
              help="Re-roll rights of the riichi win (default: what the value gives).")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON (the probabilities as exact fractions).")
@click.option("--lang", "lang", type=click.Choice(["en", "ja"]), default=None, help="en or ja.")
def command(value_word: str, tsumo: bool, dealer: bool, honba: int, extra_chips: int, rights: int | None,
            as_json: bool, lang: str | None) -> None:  # fmt: skip
    """The dice's exact odds for a win of VALUE (3h40, mangan … double, 7700), riichi beside dama;
    VALUE `noten`: a noten player's roll."""
    import json

    from dealer_assist import cli_lang
    from dealer_assist.errors import NotationError
    from dealer_assist.grid import pad
    from dealer_assist.i18n import amount, text

    lang = lang or cli_lang.LANG or "en"
    if value_word.lower() == "noten":
        table = odds.noten_roll()
        points, chip = odds.noten_expected()
        data = {"noten": [{"points": p, "chips": c, "p": _fraction(q)} for (p, c), q in sorted(table.items())],
                "points": _fraction(points), "chips": _fraction(chip)}  # fmt: skip
        if as_json:
            click.echo(json.dumps(data, ensure_ascii=False, indent=2))
            return
        click.echo(text("saikoro.odds.noten_title", lang))
        for (p, c), q in sorted(table.items()):
            click.echo(text("saikoro.odds.noten_row", lang, points=amount(p, lang), chips=c, p=_fraction(q),
                            percent=f"{float(q) * 100:.2f}"))  # fmt: skip
        click.echo(text("saikoro.odds.noten_mean", lang, points=amount(round(points), lang), chips=f"{float(chip):.2f}"))
        return
    try:
        value = grammar.value(value_word)
    except NotationError as exc:
        raise click.BadParameter(exc.text(lang)) from None
    paid = payments(value, tsumo=tsumo, dealer=dealer, honba=honba, extra_chips=extra_chips)
    if rights is None:
        rights = w.rights(value, Extras(), "riichi")
    riichi, dama = odds.riichi(paid, rights), odds.dama(paid)
    data = {"value": str(value), "tsumo": tsumo, "dealer": dealer, "honba": honba, "payments": paid,
            "riichi": {**_block("riichi", riichi, lang), "rights": rights}, "dama": _block("dama", dama, lang),
            "difference": _fraction(riichi.value - dama.value)}  # fmt: skip
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    each = ", ".join(f"{p:,}/{c}" for p, c in paid)
    click.echo(text("saikoro.odds.title", lang, value=value_word, payments=each))
    click.echo(text("saikoro.odds.header", lang, rights=rights))
    for reading in ORDER:
        a, b = riichi.distribution.get(reading, Fraction(0)), dama.distribution.get(reading, Fraction(0))
        if a or b:
            click.echo(f"  {pad(_said(reading, lang), 14)} {float(a) * 100:7.2f}%  {float(b) * 100:7.2f}%")
    click.echo(text("saikoro.odds.expected", lang, what=text("saikoro.odds.riichi", lang),
                    points=amount(round(riichi.points), lang), chips=f"{float(riichi.chips):.2f}",
                    value=amount(round(riichi.value), lang)))  # fmt: skip
    click.echo(text("saikoro.odds.expected", lang, what=text("saikoro.odds.dama", lang),
                    points=amount(round(dama.points), lang), chips=f"{float(dama.chips):.2f}",
                    value=amount(round(dama.value), lang)))  # fmt: skip
    click.echo(text("saikoro.odds.method", lang))
