"""The shared tokens of the notation: cards, amounts (``5k``, ``1.2m``, ``1万5千``), plain
numbers, boxes, hands, on/off switches, and the marks an IME writes for ``-``."""

from __future__ import annotations

import re

from dealer_assist.cards import JOKER, UNKNOWN, Card
from dealer_assist.errors import NotationError
from dealer_assist.notation.bounds import MAX_POINTS, MAX_TOKEN
from dealer_assist.notation.commands import HandRef
from dealer_assist.notation.text import shown
from dealer_assist.notation.words import DASHES, JA_CARDS, JA_UNITS

_CARD_RE = re.compile(
    r"(?P<open>\[)?(?:(?P<joker>jk)(?P<variant>[bc])?|(?P<rank>10|[2-9tjqka])(?P<suit>[shdc])?"
    r"|(?P<unknown>\?))(?P<close>\])?",
    re.IGNORECASE,
)
_AMOUNT_RE = re.compile(r"(?P<whole>[0-9]+)(?:\.(?P<fraction>[0-9]+))?(?P<unit>[km])?", re.IGNORECASE)
_NUMERIC_RE = re.compile(r"[0-9,_.]+[km]?|[0-9,_.兆億万千]+p?", re.IGNORECASE)
_JA_PART = r"[0-9]+(?:\.[0-9]+)?"
_JA_AMOUNT_RE = re.compile(
    "".join(f"(?:(?P<u{i}>{_JA_PART}){unit})?" for i, (unit, _) in enumerate(JA_UNITS)) + r"(?P<rest>[0-9]+)?"
)
_DASH_RE = re.compile(f"-|[{DASHES}]+")
_DIGITS_RE = re.compile(r"[0-9]+")
_HAND_RE = re.compile(r"(?P<box>[1-7])(?P<letter>[a-h])?", re.IGNORECASE)
_UNITS = {"": 1, "k": 1000, "m": 1_000_000}


def parse_card(token: str) -> Card:
    """``9``, ``[K]``, ``Kc``, ``10``, ``JK`` (``ジョーカー``), ``[?]``: one card (a card is
    immutable: each spelling met is read once)."""
    card = _READ.get(token)
    if card is None:
        card = _parse_card(token)
        if len(_READ) < _READ_MAX:
            _READ[token] = card
    return card


_READ: dict[str, Card] = {}
_READ_MAX = 4096  # more than every spelling of every card (ranks × suits × brackets × letter case)


def _parse_card(token: str) -> Card:
    token = JA_CARDS.get(token, token)
    m = _CARD_RE.fullmatch(token) if len(token) <= MAX_TOKEN else None
    if not m or bool(m["open"]) != bool(m["close"]):
        raise NotationError("notation.card", got=shown(token))
    closed = bool(m["open"])
    if m["unknown"]:
        if not closed:
            raise NotationError("notation.card", got=shown(token))
        return Card(UNKNOWN, None, True)
    if m["joker"]:
        return Card(JOKER, None, True)  # a joker is always a closed card
    rank = m["rank"].upper()
    rank = "T" if rank == "10" else rank
    suit = m["suit"].lower() if m["suit"] else None
    return Card(rank, suit, closed)


def parse_amount(token: str) -> int:
    """``5000``, ``5k``, ``1.2m``, ``100,000``, ``1万``, ``2.5万``, ``1万5千``, ``1万5000P``: a
    whole number of points, at most ``MAX_POINTS`` (computed exactly, never in floats)."""
    if len(token) > MAX_TOKEN:
        if _NUMERIC_RE.fullmatch(token):
            raise NotationError("notation.amount_max", got=shown(token), limit=MAX_POINTS)
        raise NotationError("notation.amount_forms", got=shown(token))
    plain = token.replace(",", "").replace("_", "")
    if len(plain) > 1 and plain[-1] in "Pp" and plain[-2] in "0123456789兆億万千":
        plain = plain[:-1]  # 5000P, 1万P: the unit of points
    m = _AMOUNT_RE.fullmatch(plain)
    if m:
        value = _scaled(m["whole"], m["fraction"] or "", _UNITS[(m["unit"] or "").lower()], token)
    else:
        value = _japanese_amount(plain, token)
    if value > MAX_POINTS:
        raise NotationError("notation.amount_max", got=shown(token), limit=MAX_POINTS)
    return value


def _scaled(whole: str, fraction: str, unit: int, token: str) -> int:
    """``whole.fraction`` times ``unit``, exactly; refused unless it is a whole number."""
    part = int(fraction or "0") * unit  # exact: no decimal rounding
    if part % 10 ** len(fraction):
        raise NotationError("notation.amount_whole", got=shown(token))
    return int(whole) * unit + part // 10 ** len(fraction)


def _japanese_amount(plain: str, token: str) -> int:
    """``1万5千``, ``2.5万``, ``1億2000万``: units largest first, each at most once, each part
    below the unit before it, a decimal only in the last part."""
    m = _JA_AMOUNT_RE.fullmatch(plain)
    parts = [(m[f"u{i}"], size) for i, (_, size) in enumerate(JA_UNITS) if m[f"u{i}"]] if m else []
    if not parts:  # a plain number was read above: this is no amount at all
        raise NotationError("notation.amount_forms", got=shown(token))
    if m["rest"]:
        parts.append((m["rest"], 1))
    value, above = 0, None
    for index, (number, size) in enumerate(parts):
        whole, _, fraction = number.partition(".")
        if fraction and index != len(parts) - 1:
            raise NotationError("notation.amount_forms", got=shown(token))
        amount = _scaled(whole, fraction, size, token)
        if above is not None and amount >= above:  # 1万15千, 1万10000: not a Japanese figure
            raise NotationError("notation.amount_forms", got=shown(token))
        value, above = value + amount, size
    return value


def parse_int(token: str, *, what: str, low: int, high: int) -> int:
    """A plain number (ASCII digits) from ``low`` to ``high``."""
    if len(token) > MAX_TOKEN or not _DIGITS_RE.fullmatch(token) or not low <= int(token) <= high:
        raise NotationError("notation.number", what=_what(what), low=low, high=high, got=shown(token))
    return int(token)


# what a number is, in the words of each language (a skill's or a rule's name is notation)
_WHAT = {"box": "notation.what.box", "die": "notation.what.die", "joker level": "notation.what.joker_level",
         "cards in the shoe": "notation.what.shoe"}  # fmt: skip


def _what(what: str):
    from dealer_assist.i18n_values import Term

    return Term(_WHAT[what]) if what in _WHAT else what


def parse_box(token: str) -> int:
    return parse_int(token, what="box", low=1, high=7)


def parse_hand(token: str) -> HandRef | None:
    m = _HAND_RE.fullmatch(token) if len(token) <= 2 else None
    if not m:
        return None
    return HandRef(int(m["box"]), m["letter"].lower() if m["letter"] else None)


def parse_switch(token: str, *, what: str) -> bool:
    low = token.lower()
    if low in ("on", "yes", "true", "1"):
        return True
    if low in ("off", "no", "false", "0"):
        return False
    raise NotationError("notation.switch", what=what, got=shown(token))


def is_dash(token: str) -> bool:
    """``-`` or a mark an IME writes for it (``ー``, ``―``, …): ``bet``'s "no bet"."""
    return _DASH_RE.fullmatch(token) is not None
