"""The session notation (NOTATION.md): text -> commands and back.

This module knows nothing of the table: it checks syntax only. Whether a command is legal
now is the engine's business. Input is NFKC-normalised first, so text typed through a
Japanese IME (full-width digits, letters, brackets, spaces) reads as half-width.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, fields
from decimal import Decimal, InvalidOperation
from typing import ClassVar, Iterator

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
    points: int


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


HAND_ACTIONS = ("ht", "st", "dd", "sp", "sr", "foresight")
KEYWORDS = (
    "quest", "hp", "dice", "seat", "skill", "jk", "shoe", "rule", "game", "bet",
    "redistribute", "backbet", "deal", "sr", "go", "peek", "lock", "timeup", "yellow",
    "reveal", "next", "dealer", "empty", "note", "undo",
)  # fmt: skip


# --------------------------------------------------------------------------- tokens

_CARD_RE = re.compile(
    r"(?P<open>\[)?(?:(?P<joker>jk)(?P<variant>[bc])?|(?P<rank>10|[2-9tjqka])(?P<suit>[shdc])?"
    r"|(?P<unknown>\?))(?P<close>\])?",
    re.IGNORECASE,
)
_AMOUNT_RE = re.compile(r"(?P<num>\d+(?:\.\d+)?)(?P<unit>[km])?", re.IGNORECASE)
_HAND_RE = re.compile(r"(?P<box>[1-7])(?P<letter>[a-h])?", re.IGNORECASE)


def normalize(text: str) -> str:
    """NFKC: full-width IME input (``１ ｈｔ ９``, ``［？］``) becomes half-width."""
    return unicodedata.normalize("NFKC", text)


def parse_card(token: str) -> Card:
    m = _CARD_RE.fullmatch(token)
    if not m or bool(m["open"]) != bool(m["close"]):
        raise NotationError("notation.card", got=token)
    closed = bool(m["open"])
    if m["unknown"]:
        if not closed:
            raise NotationError("notation.card", got=token)
        return Card(UNKNOWN, None, True)
    if m["joker"]:
        return Card(JOKER, None, True)  # a joker is always a closed card
    rank = m["rank"].upper()
    rank = "T" if rank == "10" else rank
    suit = m["suit"].lower() if m["suit"] else None
    return Card(rank, suit, closed)


def parse_amount(token: str) -> int:
    m = _AMOUNT_RE.fullmatch(token.replace(",", "").replace("_", ""))
    if not m:
        raise NotationError("notation.amount", got=token)
    try:
        value = Decimal(m["num"]) * {None: 1, "k": 1000, "m": 1_000_000}[(m["unit"] or "").lower() or None]
    except InvalidOperation as exc:  # pragma: no cover - the regex admits only digits
        raise NotationError("notation.amount", got=token) from exc
    if value != value.to_integral_value():
        raise NotationError("notation.amount_whole", got=token)
    return int(value)


def parse_int(token: str, *, what: str, low: int, high: int) -> int:
    if not token.isdigit() or not low <= int(token) <= high:
        raise NotationError("notation.number", what=what, low=low, high=high, got=token)
    return int(token)


def parse_box(token: str) -> int:
    return parse_int(token, what="box", low=1, high=7)


def parse_hand(token: str) -> HandRef | None:
    m = _HAND_RE.fullmatch(token)
    if not m:
        return None
    return HandRef(int(m["box"]), m["letter"].lower() if m["letter"] else None)


def parse_switch(token: str, *, what: str) -> bool:
    low = token.lower()
    if low in ("on", "yes", "true", "1"):
        return True
    if low in ("off", "no", "false", "0"):
        return False
    raise NotationError("notation.switch", what=what, got=token)


# --------------------------------------------------------------------------- commands


def _need(args: list[str], count: int, usage: str, *, at_most: int | None = None) -> None:
    if len(args) < count or (at_most is not None and len(args) > at_most):
        raise NotationError("notation.usage", usage=usage)


def _parse_hand_command(hand: HandRef, args: list[str]) -> Command:
    if not args:
        raise NotationError("notation.hand_action", hand=str(hand))
    action = args[0].lower()
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
    """One command (no ``;``, no comment)."""
    tokens = segment.split()
    if not tokens:
        raise NotationError("notation.empty")
    head, args = tokens[0].lower(), tokens[1:]
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
        _need(args, 3, "seat BOX NAME POINTS", at_most=3)
        return Seat(parse_box(args[0]), args[1], parse_amount(args[2]))
    if head == "skill":
        usage = "skill surrender LEVEL | skill under on|off | skill redistribute USES | skill mp N"
        _need(args, 2, usage, at_most=2)
        name = args[0].lower()
        if name not in SKILL_KINDS:
            raise NotationError("notation.usage", usage=usage)
        if SKILL_KINDS[name] == "bool":
            return Skill(name, parse_switch(args[1], what=name))
        return Skill(name, parse_int(args[1], what=name, low=0, high=99))
    if head == "jk":
        _need(args, 2, "jk EARLY LATE", at_most=2)
        return JokerLevels(*(parse_int(t, what="joker level", low=0, high=3) for t in args))
    if head == "shoe":
        _need(args, 1, "shoe N", at_most=1)
        return Shoe(parse_int(args[0], what="cards in the shoe", low=1, high=100_000))
    if head == "rule":
        usage = "rule NAME VALUE (" + ", ".join(RULE_KINDS) + ")"
        _need(args, 2, usage, at_most=2)
        name = args[0].lower()
        kind = RULE_KINDS.get(name)
        if kind is None:
            raise NotationError("notation.rule_name", got=args[0], names=", ".join(RULE_KINDS))
        if kind == "bool":
            return Rule(name, parse_switch(args[1], what=name))
        if kind == "int":
            return Rule(name, parse_int(args[1], what=name, low=1, high=99))
        return Rule(name, parse_amount(args[1]))
    if head == "bet":
        _need(args, 2, "bet BOX AMOUNT | bet BOX -", at_most=2)
        box = parse_box(args[0])
        return Bet(box, None if args[1] == "-" else parse_amount(args[1]))
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
        if len(args) == 1 and args[0].lower() == "none":
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
        return Note(segment.strip()[len(tokens[0]) :].strip())
    simple = {"game": Game, "backbet": Backbet, "go": Go, "timeup": TimeUp, "empty": Empty, "undo": Undo}
    if head in simple:
        _need(args, 0, head, at_most=0)
        return simple[head]()
    raise NotationError("notation.unknown", got=tokens[0])


def split_line(line: str) -> list[str]:
    """The command segments of one line: comment removed, ``;``-joined commands apart."""
    text = normalize(line).split("#", 1)[0]
    return [s.strip() for s in text.split(";") if s.strip()]


def parse_line(line: str) -> list[Command]:
    """Every command of one line (empty for a blank or comment line)."""
    return [parse_command(segment) for segment in split_line(line)]


@dataclass(frozen=True, slots=True)
class ScriptLine:
    number: int
    text: str
    commands: tuple[Command, ...]


def iter_script(text: str) -> Iterator[ScriptLine]:
    """Each non-empty line of a script with its commands; raises on the first bad line.

    The ``NotationError`` raised carries ``line`` (its number) in ``params``.
    """
    for number, raw in enumerate(text.splitlines(), start=1):
        try:
            commands = tuple(parse_line(raw))
        except NotationError as exc:
            exc.line = number  # type: ignore[attr-defined]
            raise
        if commands:
            yield ScriptLine(number, raw.rstrip("\n"), commands)
