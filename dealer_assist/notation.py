"""The session notation (NOTATION.md): text -> commands and back.

This module knows nothing of the table: it checks syntax only. Whether a command is legal
now is the engine's business. Input is NFKC-normalised first, so text typed through a
Japanese IME (full-width digits, letters, brackets, spaces) reads as half-width.

It is also the door every text goes through, whoever reads it (``replay``, ``audit``, the
live prompt, the pipe mode of ``play``, ``import``, a stored session being loaded):

- a *line* ends only at ``\n``; ``\r\n`` is accepted (the ``\r`` is dropped) and a UTF-8
  byte order mark before the first line is ignored (``lines``, ``decode_script``);
- a *space* is U+0020 or a tab, after NFKC (so U+3000 and the other width variants of the
  space are spaces too);
- any other control, format or separator character (NUL, ``\x0c``, ``\x1c``-``\x1f``,
  ``\x85``, U+2028, U+2029, U+1680, zero-width and bidi controls, lone surrogates) is refused
  wherever it stands, notes included, so what is stored is exactly what replays;
- numbers are bounded: points and HP at most ``MAX_POINTS``, a line at most ``MAX_LINE``
  characters, a token (a name, a card, an amount) at most ``MAX_TOKEN``.

Japanese input (issue 9) is read as the notation's canonical form. After NFKC (so half-width
katakana ``ﾋｯﾄ`` is ``ヒット`` and full-width digits are digits), and only as a whole token in
the position of a command, a hand action, a card, an amount or ``bet``'s ``-``:

- amounts in 万/千 (億 and 兆 too), with an optional trailing ``P``: ``1万``, ``2.5万``,
  ``１万５千`` (= ``1万5千``), ``100万``, ``5千``, ``1万5000``, ``97万5000P``, ``1億``; each unit
  at most once, largest first, each part smaller than the unit before it; a decimal only in
  the last part (``2.5万``, not ``1.5万5千``); computed exactly, the result must be whole and
  at most ``MAX_POINTS``. ``5000P`` is ``5000``. (``JA_UNITS``)
- the marks an IME writes for ``-``: a token made only of ``ー`` (U+30FC; ``ｰ`` U+FF70 is it
  after NFKC), ``―`` (U+2015), ``‐`` (U+2010), ``—`` (U+2014), ``−`` (U+2212), ``–`` (U+2013) or
  ``‒`` (U+2012) is ``-`` (``－`` U+FF0D is ``-`` after NFKC): ``bet 3 ー``. (``DASHES``)
- words (``JA_COMMANDS``, ``JA_ACTIONS``, ``JA_CARDS``, ``JA_NONE``; the prompt's own words are
  ``JA_PROMPT``):

  | Japanese | notation |
  |---|---|
  | ゲーム | ``game`` |
  | ベット | ``bet`` |
  | 再分配, ポイント再分配 | ``redistribute`` |
  | バックベット, バックベットアタック | ``backbet`` |
  | ディール, 配布 | ``deal`` |
  | サレンダー (command) | ``sr`` (the surrender call) |
  | ノーサレンダー | ``go`` |
  | ピーク, チェック | ``peek`` |
  | ロック, ツーロック | ``lock`` |
  | なし (after ``lock``) | ``none`` |
  | タイムアップ | ``timeup`` |
  | イエロー, イエローカード | ``yellow`` |
  | リビール | ``reveal`` |
  | ネクスト | ``next`` |
  | ディーラー | ``dealer`` |
  | 時間切れ, シューター切れ, シュー切れ | ``empty`` |
  | メモ | ``note`` |
  | 取り消し, 取消し, 取消, アンドゥ | ``undo`` |
  | 取り消し 終了 (``undo`` then 終了) | ``undo end`` (takes back the end of a session) |
  | ヒット | ``HAND ht`` |
  | スタンド | ``HAND st`` |
  | ダブル, ダブルダウン | ``HAND dd`` |
  | スプリット | ``HAND sp`` |
  | サレンダー (after a hand) | ``HAND sr`` (late surrender) |
  | 未来予知 | ``HAND foresight`` |
  | ジョーカー, [ジョーカー] | ``JK``, ``[JK]`` (a card) |
  | ヘルプ, 終了 (the prompt) | ``help``, ``quit`` |

  The setup commands (``quest``, ``hp``, ``dice``, ``seat``, ``skill``, ``jk``, ``shoe``,
  ``rule``) and their values have no Japanese words (amounts in 万 are read there too).

Nothing else is rewritten: a ``ー`` inside a word (``ゲーム``) is part of the word, and a
``note``'s text and a ``seat``'s player name are kept exactly as typed. What is stored and
exported is the canonical text (``canonical``): the segment itself when it is plain ASCII,
else ``str(command)``, which reads back as the same command.
"""

from __future__ import annotations

import re
from functools import lru_cache
import unicodedata
from dataclasses import dataclass, field, fields
from typing import ClassVar, Iterable, Iterator

from dealer_assist.cards import JOKER, UNKNOWN, Card
from dealer_assist.errors import NotationError

DIFFICULTIES = ("extreme", "hard", "normal", "easy")
# configurable values for `rule NAME VALUE` and their kinds (see engine.config)
RULE_KINDS: dict[str, str] = {
    "max_split_hands": "int",
    "late_surrender": "bool",
    "heal_cap": "amount",
    "min_bet": "amount",
    "bet_cap": "amount",
    "bet_cap_aggravated": "amount",
    "bust_penalty": "amount",
    "bust_penalty_aggravated": "amount",
    "redistribute_after_backbet": "bool",
}
SKILL_KINDS: dict[str, str] = {"surrender": "int", "under": "bool", "redistribute": "int", "mp": "int"}

# The bounds of the notation, defined here once. Points and HP fit in 64 bits with a wide
# margin: seven boxes of MAX_POINTS each, multiplied by any payout ratio, stay far below
# 2**63 (SQLite's integers); no number ever reaches Python's int-string limit.
MAX_POINTS = 10**12  # an amount of points or HP: at most one trillion
MAX_LINE = 10_000  # characters in one line, a note included
MAX_TOKEN = 64  # characters in one token: a name, a card, an amount, a number
MAX_SHOE = 100_000  # cards in the shoe
MAX_SKILL = 99  # a guild skill's level, uses or MP; a `rule` count
MAX_NAME = 100  # characters in a session's name


# --------------------------------------------------------------------------- commands


@dataclass(frozen=True, slots=True)
class HandRef:
    """``3`` (box 3, its current hand) or ``3a`` (hand a of box 3)."""

    box: int
    letter: str | None = None

    def __str__(self) -> str:
        return f"{self.box}{self.letter or ''}"


@dataclass(frozen=True)
class Command:
    keyword: ClassVar[str] = ""

    def __str__(self) -> str:
        """The canonical text: the keyword, then each field (a hand command starts with its hand)."""
        values = [_text(getattr(self, f.name)) for f in fields(self)]
        if isinstance(self, HandCommand):
            hand, *values = values
            head = [hand] if isinstance(self, SplitCard) else [hand, self.keyword]
        else:
            head = [self.keyword]
        return " ".join(head + [v for v in values if v])

    def to_dict(self) -> dict:
        out: dict = {"command": type(self).__name__}
        for f in fields(self):
            out[f.name] = _plain(getattr(self, f.name))
        return out


def _plain(value):
    if isinstance(value, (Card, HandRef)):
        return str(value)
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, tuple):
        return " ".join(_text(v) for v in value)
    return str(value)


@dataclass(frozen=True)
class Quest(Command):
    keyword: ClassVar[str] = "quest"
    difficulty: str


@dataclass(frozen=True)
class Hp(Command):
    keyword: ClassVar[str] = "hp"
    amount: int


@dataclass(frozen=True)
class Dice(Command):
    keyword: ClassVar[str] = "dice"
    faces: tuple[int, ...]


@dataclass(frozen=True)
class Seat(Command):
    keyword: ClassVar[str] = "seat"
    box: int
    name: str
    points: int | None  # None: the table's own starting chips (the casino table)


@dataclass(frozen=True)
class Ruleset(Command):
    """`ruleset NAME`: the table this session is dealt at (first command; One Million if none)."""

    keyword: ClassVar[str] = "ruleset"
    name: str


@dataclass(frozen=True)
class Insurance(Command):
    """`ins BOX ...`: those seats take insurance (the casino table, INS)."""

    keyword: ClassVar[str] = "ins"
    boxes: tuple[int, ...]


@dataclass(frozen=True)
class Skill(Command):
    keyword: ClassVar[str] = "skill"
    name: str
    value: int | bool


@dataclass(frozen=True)
class JokerLevels(Command):
    keyword: ClassVar[str] = "jk"
    early: int
    late: int


@dataclass(frozen=True)
class Shoe(Command):
    keyword: ClassVar[str] = "shoe"
    cards: int


@dataclass(frozen=True)
class Rule(Command):
    keyword: ClassVar[str] = "rule"
    name: str
    value: int | bool


@dataclass(frozen=True)
class Game(Command):
    keyword: ClassVar[str] = "game"


@dataclass(frozen=True)
class Bet(Command):
    keyword: ClassVar[str] = "bet"
    box: int
    amount: int | None  # None: no bet

    def __str__(self) -> str:
        return f"bet {self.box} {'-' if self.amount is None else self.amount}"


@dataclass(frozen=True)
class Redistribute(Command):
    keyword: ClassVar[str] = "redistribute"
    shares: tuple[tuple[int, int], ...]

    def __str__(self) -> str:
        return "redistribute " + " ".join(f"{b}={a}" for b, a in self.shares)


@dataclass(frozen=True)
class Backbet(Command):
    keyword: ClassVar[str] = "backbet"


@dataclass(frozen=True)
class Deal(Command):
    keyword: ClassVar[str] = "deal"
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class SurrenderCall(Command):
    keyword: ClassVar[str] = "sr"
    boxes: tuple[int, ...]


@dataclass(frozen=True)
class Go(Command):
    keyword: ClassVar[str] = "go"


@dataclass(frozen=True)
class Peek(Command):
    keyword: ClassVar[str] = "peek"
    card: Card | None = None


@dataclass(frozen=True)
class Lock(Command):
    keyword: ClassVar[str] = "lock"
    dice: tuple[int, ...] | None  # None: `lock none` (misdeal)

    def __str__(self) -> str:
        return "lock " + ("none" if self.dice is None else " ".join(map(str, self.dice)))


@dataclass(frozen=True)
class HandCommand(Command):
    hand: HandRef


@dataclass(frozen=True)
class Hit(HandCommand):
    keyword: ClassVar[str] = "ht"
    card: Card


@dataclass(frozen=True)
class Stand(HandCommand):
    keyword: ClassVar[str] = "st"


@dataclass(frozen=True)
class Double(HandCommand):
    keyword: ClassVar[str] = "dd"
    card: Card


@dataclass(frozen=True)
class Split(HandCommand):
    keyword: ClassVar[str] = "sp"


@dataclass(frozen=True)
class SplitCard(HandCommand):
    keyword: ClassVar[str] = "card"
    card: Card


@dataclass(frozen=True)
class LateSurrender(HandCommand):
    keyword: ClassVar[str] = "sr"


@dataclass(frozen=True)
class Foresight(HandCommand):
    keyword: ClassVar[str] = "foresight"
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class TimeUp(Command):
    keyword: ClassVar[str] = "timeup"


@dataclass(frozen=True)
class Yellow(Command):
    keyword: ClassVar[str] = "yellow"
    box: int


@dataclass(frozen=True)
class Reveal(Command):
    keyword: ClassVar[str] = "reveal"
    card: Card | None = None


@dataclass(frozen=True)
class Next(Command):
    keyword: ClassVar[str] = "next"
    card: Card


@dataclass(frozen=True)
class DealerCard(Command):
    keyword: ClassVar[str] = "dealer"
    card: Card


@dataclass(frozen=True)
class Empty(Command):
    keyword: ClassVar[str] = "empty"


@dataclass(frozen=True)
class Note(Command):
    keyword: ClassVar[str] = "note"
    text: str = field(default="")


@dataclass(frozen=True)
class Undo(Command):
    keyword: ClassVar[str] = "undo"


@dataclass(frozen=True)
class UndoEnd(Undo):
    """``undo end``: an undo that may take back the end of a session (in live play a plain
    ``undo`` is refused once the session has ended); stored as its own event."""

    keyword: ClassVar[str] = "undo end"


HAND_ACTIONS = ("ht", "st", "dd", "sp", "sr", "foresight")
KEYWORDS = (
    "quest", "hp", "dice", "seat", "skill", "jk", "shoe", "rule", "game", "bet",
    "redistribute", "backbet", "deal", "sr", "go", "peek", "lock", "timeup", "yellow",
    "reveal", "next", "dealer", "empty", "note", "undo", "ruleset", "ins",
)  # fmt: skip

# ---- Japanese input (see the module docstring): whole tokens, after NFKC

JA_COMMANDS: dict[str, str] = {
    "ゲーム": "game", "ベット": "bet", "再分配": "redistribute", "ポイント再分配": "redistribute",
    "バックベット": "backbet", "バックベットアタック": "backbet", "ディール": "deal", "配布": "deal",
    "サレンダー": "sr", "ノーサレンダー": "go", "ピーク": "peek", "チェック": "peek", "ロック": "lock",
    "ツーロック": "lock", "タイムアップ": "timeup", "イエロー": "yellow", "イエローカード": "yellow",
    "リビール": "reveal", "ネクスト": "next", "ディーラー": "dealer", "時間切れ": "empty", "シューター切れ": "empty", "シュー切れ": "empty", "メモ": "note",
    "取り消し": "undo", "取消し": "undo", "取消": "undo", "アンドゥ": "undo",
    "インシュアランス": "ins", "保険": "ins",
}  # fmt: skip
JA_ACTIONS: dict[str, str] = {
    "ヒット": "ht", "スタンド": "st", "ダブル": "dd", "ダブルダウン": "dd", "スプリット": "sp",
    "サレンダー": "sr", "未来予知": "foresight",
}  # fmt: skip
JA_CARDS: dict[str, str] = {"ジョーカー": "JK", "[ジョーカー]": "[JK]"}
JA_NONE = ("なし",)  # lock none
JA_END = ("終了",)  # undo end
JA_PROMPT: dict[str, str] = {"ヘルプ": "help", "終了": "quit", "ヒント": "hint"}  # words of the prompt, not of the notation
# what an IME writes for "-" (after NFKC: U+FF0D is "-", U+FF70 is U+30FC)
DASHES = "ー―‐—−–‒"
JA_UNITS = (("兆", 10**12), ("億", 10**8), ("万", 10**4), ("千", 10**3))


# --------------------------------------------------------------------------- tokens

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
_RULESET_RE = re.compile(r"[a-z][a-z0-9_-]{0,31}")
_HAND_RE = re.compile(r"(?P<box>[1-7])(?P<letter>[a-h])?", re.IGNORECASE)
_UNITS = {"": 1, "k": 1000, "m": 1_000_000}

# ---- the one definition of a line and of a space

SPACE_CHARS = " \t"
_SPACES_RE = re.compile(r"[ \t]+")
_PLAIN_RE = re.compile(r"[\t\x20-\x7e]*")  # the fast path: printable ASCII and tabs
BOM = "\ufeff"


def refused_character(ch: str) -> bool:
    """A character no line may hold (after NFKC): controls but the tab, format characters
    (zero-width, bidi controls, BOM), surrogates, line and paragraph separators, and every
    space but U+0020."""
    if ch == "\t":
        return False
    category = unicodedata.category(ch)
    return category in ("Cc", "Cf", "Cs", "Zl", "Zp") or (category == "Zs" and ch != " ")


def lines(text: str) -> Iterator[tuple[int, str]]:
    """(number, text) of each line: a line ends only at ``\n`` (``\r\n`` accepted, its ``\r``
    dropped); a byte order mark before the first line is ignored. Every reader uses this."""
    if text.startswith(BOM):
        text = text[1:]
    for number, raw in enumerate(text.split("\n"), start=1):
        yield number, raw[:-1] if raw.endswith("\r") else raw


def decode_script(data: bytes) -> str:
    """A script's bytes as text: UTF-8 (with or without a byte order mark), else a
    ``NotationError`` whose ``line`` is the first line that is not UTF-8 text."""
    if data.startswith(BOM.encode("utf-8")):
        data = data[3:]
    nul = data.find(b"\x00")  # a NUL byte: binary, or UTF-16 without a byte order mark
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        where = exc.start
        if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
            error = NotationError("notation.not_utf8_utf16")
        elif 0 <= nul < exc.start:  # the NUL byte comes first: say what the file is
            error, where = NotationError("notation.nul_bytes"), nul
        else:
            error = NotationError("notation.not_utf8_bytes", offset=exc.start)
        error.line = data[:where].count(b"\n") + 1  # type: ignore[attr-defined]
        raise error from None
    if nul >= 0:
        error = NotationError("notation.nul_bytes")
        error.line = data[:nul].count(b"\n") + 1  # type: ignore[attr-defined]
        raise error
    return text


def read_lines(stream: Iterable[bytes]) -> Iterator[tuple[int, "str | NotationError"]]:
    """(number, text) of each line of a byte stream as it comes (the pipe of ``play``), by
    the same definition of a line as ``lines``; a line that is not UTF-8 comes as its
    ``NotationError`` instead of its text."""
    for number, raw in enumerate(stream, start=1):
        if number == 1 and raw.startswith(BOM.encode("utf-8")):
            raw = raw[3:]
        if raw.endswith(b"\n"):
            raw = raw[:-1]
        if raw.endswith(b"\r"):
            raw = raw[:-1]
        try:
            yield number, raw.decode("utf-8")
        except UnicodeDecodeError:
            error = NotationError("notation.not_utf8_line")
            error.line = number  # type: ignore[attr-defined]
            yield number, error


def check_text(text: str) -> None:
    """Refuse a line that is too long or holds a refused character (see ``refused_character``)."""
    if len(text) > MAX_LINE:
        raise NotationError("notation.line_long", length=len(text), limit=MAX_LINE)
    if _PLAIN_RE.fullmatch(text):
        return
    for column, ch in enumerate(text, start=1):
        if refused_character(ch):
            raise NotationError("notation.character", code=f"U+{ord(ch):04X}", column=column, name=_name(ch))


_CONTROL_NAMES = {"\x00": "NUL", "\r": "CARRIAGE RETURN", "\n": "LINE FEED", "\x0b": "VERTICAL TAB",
                  "\x0c": "FORM FEED", "\x85": "NEXT LINE", "\x1c": "FILE SEPARATOR",
                  "\x1d": "GROUP SEPARATOR", "\x1e": "RECORD SEPARATOR", "\x1f": "UNIT SEPARATOR",
                  "\x7f": "DELETE"}  # fmt: skip


def _name(ch: str) -> str:
    """A character's Unicode name (controls and surrogates have none)."""
    if unicodedata.category(ch) == "Cs":
        return "SURROGATE"
    return unicodedata.name(ch, "") or _CONTROL_NAMES.get(ch, "CONTROL")


def tokens_of(segment: str) -> list[str]:
    """A command's tokens: split at runs of spaces (U+0020 and tabs only)."""
    segment = segment.strip(SPACE_CHARS)
    return _SPACES_RE.split(segment) if segment else []


def shown(token: str) -> str:
    """A token as quoted in a message: a long one is cut, with its length."""
    return token if len(token) <= 24 else f"{token[:20]}…({len(token)})"


def normalize(text: str) -> str:
    """NFKC: full-width IME input (``１ ｈｔ ９``, ``［？］``) becomes half-width."""
    return unicodedata.normalize("NFKC", text)


def parse_card(token: str) -> Card:
    """``9``, ``[K]``, ``Kc``, ``10``, ``JK`` (``ジョーカー``), ``[?]``: one card."""
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
    from dealer_assist.i18n import Term

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


# --------------------------------------------------------------------------- commands


def _need(args: list[str], count: int, usage: str, *, at_most: int | None = None) -> None:
    if len(args) < count or (at_most is not None and len(args) > at_most):
        raise NotationError("notation.usage", usage=usage)


def _parse_hand_command(hand: HandRef, args: list[str]) -> Command:
    if not args:
        raise NotationError("notation.hand_action", hand=str(hand))
    action = JA_ACTIONS.get(args[0], args[0].lower())
    rest = args[1:]
    if action == "ht":
        _need(rest, 1, f"{hand} ht CARD", at_most=1)
        return Hit(hand, parse_card(rest[0]))
    if action == "dd":
        _need(rest, 1, f"{hand} dd CARD", at_most=1)
        return Double(hand, parse_card(rest[0]))
    if action == "st":
        _need(rest, 0, f"{hand} st", at_most=0)
        return Stand(hand)
    if action == "sp":
        _need(rest, 0, f"{hand} sp", at_most=0)
        return Split(hand)
    if action == "sr":
        _need(rest, 0, f"{hand} sr", at_most=0)
        return LateSurrender(hand)
    if action == "foresight":
        _need(rest, 1, f"{hand} foresight CARD [CARD]", at_most=2)
        return Foresight(hand, tuple(parse_card(t) for t in rest))
    if len(args) == 1:
        try:
            return SplitCard(hand, parse_card(args[0]))
        except NotationError:
            pass
    raise NotationError("notation.hand_action", hand=str(hand))


def parse_command(segment: str) -> Command:
    """One command (no ``;``, no comment), already normalised (``split_line``).

    Commands are immutable, so the same text always gives the same object: a session types the
    same few hundred commands again and again (``bet 1 10k``, ``1 st``), and replay parses each
    text once."""
    if len(segment) <= _CACHED_TEXT:
        return _parse_cached(segment)
    return _parse_command(segment)


_CACHED_TEXT = 200  # longer texts (notes) are parsed every time and not kept


def _parse_command(segment: str) -> Command:
    check_text(segment)
    tokens = tokens_of(segment)
    if not tokens:
        raise NotationError("notation.empty")
    head, args = JA_COMMANDS.get(tokens[0], tokens[0].lower()), tokens[1:]
    hand = parse_hand(head)
    if hand is not None:
        return _parse_hand_command(hand, args)
    if head == "quest":
        _need(args, 1, "quest extreme|hard|normal|easy", at_most=1)
        if args[0].lower() not in DIFFICULTIES:
            raise NotationError("notation.usage", usage="quest extreme|hard|normal|easy")
        return Quest(args[0].lower())
    if head == "hp":
        _need(args, 1, "hp N", at_most=1)
        return Hp(parse_amount(args[0]))
    if head == "dice":
        _need(args, 1, "dice D [D [D]]", at_most=3)
        return Dice(tuple(parse_int(t, what="die", low=1, high=6) for t in args))
    if head == "seat":
        _need(args, 2, "seat BOX NAME [POINTS]", at_most=3)
        if len(args[1]) > MAX_TOKEN:
            raise NotationError("notation.name_long", got=shown(args[1]), limit=MAX_TOKEN)
        return Seat(parse_box(args[0]), args[1], parse_amount(args[2]) if len(args) == 3 else None)
    if head == "ruleset":
        _need(args, 1, "ruleset NAME", at_most=1)
        if not _RULESET_RE.fullmatch(args[0].lower()):
            raise NotationError("notation.usage", usage="ruleset NAME")
        return Ruleset(args[0].lower())
    if head == "ins":
        _need(args, 1, "ins BOX ...")
        return Insurance(tuple(parse_box(t) for t in args))
    if head == "skill":
        usage = "skill surrender LEVEL | skill under on|off | skill redistribute USES | skill mp N"
        _need(args, 2, usage, at_most=2)
        name = args[0].lower()
        if name not in SKILL_KINDS:
            raise NotationError("notation.usage", usage=usage)
        if SKILL_KINDS[name] == "bool":
            return Skill(name, parse_switch(args[1], what=name))
        return Skill(name, parse_int(args[1], what=name, low=0, high=MAX_SKILL))
    if head == "jk":
        _need(args, 2, "jk EARLY LATE", at_most=2)
        return JokerLevels(*(parse_int(t, what="joker level", low=0, high=3) for t in args))
    if head == "shoe":
        _need(args, 1, "shoe N", at_most=1)
        return Shoe(parse_int(args[0], what="cards in the shoe", low=1, high=MAX_SHOE))
    if head == "rule":
        usage = "rule NAME VALUE (" + ", ".join(RULE_KINDS) + ")"
        _need(args, 2, usage, at_most=2)
        name = args[0].lower()
        kind = RULE_KINDS.get(name)
        if kind is None:
            raise NotationError("notation.rule_name", got=shown(args[0]), names=", ".join(RULE_KINDS))
        if kind == "bool":
            return Rule(name, parse_switch(args[1], what=name))
        if kind == "int":
            return Rule(name, parse_int(args[1], what=name, low=1, high=MAX_SKILL))
        return Rule(name, parse_amount(args[1]))
    if head == "bet":
        _need(args, 2, "bet BOX AMOUNT | bet BOX -", at_most=2)
        box = parse_box(args[0])
        return Bet(box, None if _DASH_RE.fullmatch(args[1]) else parse_amount(args[1]))
    if head == "redistribute":
        _need(args, 1, "redistribute BOX=AMOUNT ...")
        shares = []
        for t in args:
            box, sep, amount = t.partition("=")
            if not sep:
                raise NotationError("notation.usage", usage="redistribute BOX=AMOUNT ...")
            shares.append((parse_box(box), parse_amount(amount)))
        return Redistribute(tuple(shares))
    if head == "deal":
        _need(args, 1, "deal CARD ...")
        return Deal(tuple(parse_card(t) for t in args))
    if head == "sr":
        _need(args, 1, "sr BOX ...")
        return SurrenderCall(tuple(parse_box(t) for t in args))
    if head == "peek":
        _need(args, 0, "peek [CARD]", at_most=1)
        return Peek(parse_card(args[0]) if args else None)
    if head == "lock":
        usage = "lock D D | lock D D D | lock none"
        _need(args, 1, usage, at_most=3)
        if len(args) == 1 and (args[0].lower() == "none" or args[0] in JA_NONE):
            return Lock(None)
        if len(args) < 2:
            raise NotationError("notation.usage", usage=usage)
        return Lock(tuple(parse_int(t, what="die", low=1, high=6) for t in args))
    if head == "yellow":
        _need(args, 1, "yellow BOX", at_most=1)
        return Yellow(parse_box(args[0]))
    if head == "reveal":
        _need(args, 0, "reveal [CARD]", at_most=1)
        return Reveal(parse_card(args[0]) if args else None)
    if head == "next":
        _need(args, 1, "next CARD | next [?]", at_most=1)
        return Next(parse_card(args[0]))
    if head == "dealer":
        _need(args, 1, "dealer CARD", at_most=1)
        return DealerCard(parse_card(args[0]))
    if head == "note":
        return Note(segment.strip(SPACE_CHARS)[len(tokens[0]) :].strip(SPACE_CHARS))
    if head == "undo" and len(args) == 1 and (args[0].lower() == "end" or args[0] in JA_END):
        return UndoEnd()
    simple = {"game": Game, "backbet": Backbet, "go": Go, "timeup": TimeUp, "empty": Empty, "undo": Undo}
    if head in simple:
        _need(args, 0, "undo | undo end" if head == "undo" else head, at_most=0)
        return simple[head]()
    raise NotationError("notation.unknown", got=shown(tokens[0]))


def canonical(segment: str, command: Command) -> str:
    """The text stored and exported for one command: the segment as typed (normalised,
    ``split_line``) when it is plain ASCII notation, else the command's canonical text
    (``str(command)``: ``bet 3 1万`` → ``bet 3 10000``, ``3 ヒット 9`` → ``3 ht 9``), which
    reads back as the same command; a note's text and a player's name are kept as typed."""
    if segment.isascii():
        return segment
    return str(command)


_parse_cached = lru_cache(maxsize=8192)(_parse_command)


def split_line(line: str) -> list[str]:
    """The command segments of one line: normalised, comment removed, ``;``-joined commands
    apart. The whole line, its comment included, must pass ``check_text``."""
    if len(line) > MAX_LINE:  # before any work on it
        raise NotationError("notation.line_long", length=len(line), limit=MAX_LINE)
    text = normalize(line)
    check_text(text)
    text = text.split("#", 1)[0]
    return [s.strip(SPACE_CHARS) for s in text.split(";") if s.strip(SPACE_CHARS)]


def parse_line(line: str) -> list[Command]:
    """Every command of one line (empty for a blank or comment line); a line met before is
    not read again (its commands are immutable)."""
    if len(line) <= _CACHED_TEXT:
        return list(_parse_line_cached(line))
    return [parse_command(segment) for segment in split_line(line)]


@lru_cache(maxsize=8192)
def _parse_line_cached(line: str) -> tuple[Command, ...]:
    return tuple(parse_command(segment) for segment in split_line(line))


@dataclass(frozen=True, slots=True)
class ScriptLine:
    number: int
    text: str
    commands: tuple[Command, ...]


def iter_script(text: str) -> Iterator[ScriptLine]:
    """Each non-empty line of a script with its commands; raises on the first bad line.

    The ``NotationError`` raised carries ``line`` (its number) in ``params``.
    """
    for number, raw in lines(text):
        try:
            commands = tuple(parse_line(raw))
        except NotationError as exc:
            exc.line = number  # type: ignore[attr-defined]
            raise
        if commands:
            yield ScriptLine(number, raw, commands)
