"""The text door (NOTATION.md): every text goes through it, whoever reads it (``replay``,
``audit``, the live prompt, the pipe mode of ``play``, ``import``, a stored session being loaded).

- a *line* ends only at ``\n``; ``\r\n`` is accepted (the ``\r`` is dropped) and a UTF-8
  byte order mark before the first line is ignored (``lines``, ``decode_script``);
- a *space* is U+0020 or a tab, after NFKC (so U+3000 and the other width variants of the
  space are spaces too);
- any other control, format or separator character (NUL, ``\x0c``, ``\x1c``-``\x1f``,
  ``\x85``, U+2028, U+2029, U+1680, zero-width and bidi controls, lone surrogates) is refused
  wherever it stands, notes included, so what is stored is exactly what replays;
- numbers are bounded (``bounds``): points and HP at most ``MAX_POINTS``, a line at most ``MAX_LINE``
  characters, a token (a name, a card, an amount) at most ``MAX_TOKEN``.

Input is NFKC-normalised first (``normalize``), so text typed through a Japanese IME (full-width
digits, letters, brackets, spaces) reads as half-width.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Iterable, Iterator

from dealer_assist.errors import NotationError
from dealer_assist.notation.bounds import MAX_LINE

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
