"""Line breaking for Japanese as well as English, measured in terminal cells.

rich breaks lines only at spaces. Japanese has few spaces, and those it has sit between a
label and its value (「MP 1」, 「プレーヤー目線 7枚」, 「「1 ht 3」」), exactly where a break
must not fall. A line with Japanese in it is broken here between two full-width characters
instead, with the usual 禁則 (never before 、。）」ー・ and the like, never after （「), and
next to an ASCII letter or digit only after full-width punctuation (「1万、|2.5万」), so a
number stays with its label (「7枚」, 「94万P」, 「ハンド1」) and a command, a card or a clause
id (``1 ht 3``, ``[JK]``, ``DRAW-2``) stays whole. Its spaces break only where no number
touches them and not inside 「」 or []. A break at a word's edge (after 、 or a particle) is
taken when one is near. A line without Japanese breaks at spaces, as rich does.

``Wrapped`` prints a text (rich) broken this way, continuation lines indented by ``hang``
cells (under the text of a ruling, or a help entry's description); ``install_click`` makes
click's ``--help`` break the same way, in cells. rich is imported only by ``Wrapped``.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # rich is not imported for --help (click's help is wrapped here too)
    from rich.text import Text

# 行頭禁則: characters a line must not start with
NO_START = set("、。，．,.)）]］｝〕〉》」』】〙〗〟’”｠»ー－‐゠–〜～・：；:;？！?!…‥ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ々〻ゝゞヽヾ%％")
# 行末禁則: characters a line must not end with
NO_END = set("(（[［｛〔〈《「『【〘〖〝‘“｟«")


@lru_cache(maxsize=4096)
def _wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in "WF"


@lru_cache(maxsize=4096)
def _cells(ch: str) -> int:
    if unicodedata.combining(ch) or ch in "\u200b\u200c\u200d\ufe0f":
        return 0
    return 2 if _wide(ch) else 1


def cell_len(text: str) -> int:
    """The width of ``text`` in terminal cells (a full-width character takes two)."""
    if text.isascii():
        return len(text)
    return sum(1 if ch < "\u0300" else _cells(ch) for ch in text)


def has_japanese(line: str) -> bool:
    return any(_wide(ch) for ch in line)


# full-width punctuation a line may end with, even before an ASCII word or number (「1万、|2.5万」)
CLOSING = set("、。，．：；！？）」』】〕〉》”’")
OPENING = set("（「『【〔〈《“‘")


def _may_break(a: str, b: str) -> bool:
    """Whether a Japanese line may break between the characters ``a`` and ``b`` (no space between)."""
    if b in NO_START or a in NO_END:
        return False
    if not (a.isascii() or b.isascii()):
        return True  # two full-width characters
    return a in CLOSING or b in OPENING  # an ASCII word or number stays with its label


def _hiragana(ch: str) -> bool:
    return "\u3041" <= ch <= "\u309f"


def _boundary(a: str, b: str) -> bool:
    """Whether a break between ``a`` and ``b`` falls at a word's edge: after punctuation, or
    after kana of a particle or an ending before a new word (「…が|回復」, 「…は|プレーヤー」)."""
    return a in CLOSING or a in "／・" or b in OPENING or (_hiragana(a) and not _hiragana(b) and b != "ー")


def _may_break_at_space(before: str, after: str, quoted: bool) -> bool:
    """Whether a Japanese line may break at spaces between ``before`` and ``after``: not between
    a label and its number (「MP 1」, 「目線 7枚」), not inside 「」 (an echoed command), not
    before 」、 or a dash."""
    if quoted or before.isdigit() or after.isdigit():
        return False
    return after not in NO_START and after not in "—–-" and before not in NO_END


def offsets(line: str, width: int, hang: int = 0) -> list[int]:
    """Where to break ``line`` (character offsets) so that each piece fits ``width`` cells,
    the pieces after the first in ``width - hang``."""
    return list(_offsets(line, max(width, 1), hang))


@lru_cache(maxsize=2048)  # the live panel prints the same lines again and again
def _offsets(line: str, width: int, hang: int) -> tuple[int, ...]:
    if len(line) <= width // 2 or cell_len(line) <= width:
        return ()  # it fits (most lines, on a wide terminal)
    japanese = has_japanese(line)
    breaks: list[int] = []
    start, used, limit = 0, 0, width
    best = 0  # the last place the current piece may break, 0 when none yet
    good = 0  # the last of those at a word's edge
    quoted = 0  # inside 「」
    square = 0  # inside []
    word = ""  # the last character before the current run of spaces
    for i, ch in enumerate(line):
        if i > start and not ch.isspace():
            before = line[i - 1]
            if before.isspace():
                if not japanese or (word and not square and _may_break_at_space(word, ch, quoted > 0)):
                    best = good = i
            elif japanese and not square and _may_break(before, ch):
                best = i
                if _boundary(before, ch):
                    good = i
        w = 1 if ch < "\u0300" else _cells(ch)
        if used + w > limit and i > start and not ch.isspace():
            # rather at a word's edge (after 、 or a particle) when one is near the end of the line
            cut = good if good and cell_len(line[good:i]) <= max(8, limit // 4) else best or i  # else fold
            breaks.append(cut)
            start, limit, best, good = cut, max(width - hang, 1), 0, 0
            used = cell_len(line[start:i])
        used += w
        if not ch.isspace():
            word = ch
        quoted += (ch == "「") - (ch == "」")
        square = max(square + (ch == "[") - (ch == "]"), 0)  # 「[既定値：10万]」, 「[JK]」 stay whole
    return tuple(breaks)


def wrap(line: str, width: int, hang: int = 0) -> list[str]:
    """``line`` broken into pieces (trailing spaces dropped; continuation pieces indented by ``hang``)."""
    out: list[str] = []
    for paragraph in line.split("\n"):
        cuts = [0, *offsets(paragraph, width, hang), len(paragraph)]
        for k, (a, b) in enumerate(zip(cuts, cuts[1:])):
            piece = paragraph[a:b].rstrip()
            out.append(" " * hang + piece.lstrip() if k else piece)
    return out


def auto_hang(line: str, width: int) -> int:
    """Where a line's text starts after its label (see ``Wrapped``), in cells."""
    hang = len(line) - len(line.lstrip(" "))
    for gap in re.finditer(r"\S( {2,})(?=\S)", line):
        at = cell_len(line[: gap.end()])
        if at > width // 2:
            break
        return at
    return hang


def fill(line: str, width: int, hang: int = 0) -> str:
    return "\n".join(wrap(line, width, hang))


_BROKEN: dict = {}  # (text, spans, style, width, hang) -> the broken text


class Wrapped:
    """A text (a ``rich.text.Text`` or a string) printed broken as above, continuation lines
    indented by ``hang`` cells; ``hang=None``: each line's own indent, under the text after its
    label (the first run of two spaces or more in the line's first half, as in ``help`` and
    the rulings), else under its first character. (Not a ``Text`` subclass: rich joins
    printed texts into a plain ``Text``.)"""

    def __init__(self, text: Text | str, hang: int | None = 0, style: str = "") -> None:
        from rich.text import Text

        self.text = text if isinstance(text, Text) else Text(text)
        if style:
            self.text.stylize(style)
        self.hang = hang

    def lines(self, width: int) -> Text:
        """The text with its line breaks for ``width`` cells."""
        from rich.text import Text

        if all(not offsets(line, width) for line in self.text.plain.split("\n")):
            out = self.text.copy()  # nothing to break
            out.no_wrap, out.overflow, out.end = True, "fold", "\n"
            return out
        key = (self.text.plain, tuple(self.text.spans), str(self.text.style), width, self.hang)
        if key in _BROKEN:  # the live panel prints the same lines again and again
            return _BROKEN[key].copy()
        out = Text(no_wrap=True, overflow="fold")
        for n, line in enumerate(self.text.split(allow_blank=True)):
            if n:
                out.append("\n")
            hang = auto_hang(line.plain, width) if self.hang is None else self.hang
            hang = hang if hang < width // 2 else 0
            for k, piece in enumerate(line.divide(offsets(line.plain, width, hang))):
                piece.rstrip()
                if k:
                    while piece.plain.startswith(" "):
                        piece = piece[1:]
                    out.append("\n" + " " * hang)
                out.append_text(piece)
        if len(_BROKEN) > 512:
            _BROKEN.clear()
        _BROKEN[key] = out.copy()
        return out

    def __str__(self) -> str:
        return self.text.plain

    def __rich_console__(self, console, options):
        width = options.max_width
        text = self.text
        if all(not offsets(line, width) for line in text.plain.split("\n")) and _as_is(text, options):
            # nothing to break, and rich would split it into its lines and join them again: the same text
            if text.style:  # as rich joins it: its style a span over its one line
                from rich.text import Span

                from dealer_assist.grid import made

                text = made(text.plain, spans=[Span(0, len(text), text.style), *text.spans])
            yield from text.render(console, end="\n")
        else:
            yield self.lines(width)

    def __rich_measure__(self, console, options):
        from rich.measure import Measurement

        plain = self.text.plain
        longest = max((cell_len(line) for line in plain.split("\n")), default=0)
        return Measurement(min(longest, max(options.max_width, 1)), longest)


def _as_is(text: Text, options) -> bool:
    """Whether rich's own rendering of ``text`` as ``Wrapped.lines`` gives it when nothing is to
    be broken (a copy, ``no_wrap``, overflow ``fold``: each line cut to the width, then joined
    again) renders the very segments ``text.render`` gives: every line fits, no tab, no style
    across a line's end, a style of its own only on a single line, no other justification
    (``grid._as_is`` for a text the terminal cuts)."""
    if (text.justify or options.justify or "default") != "default":
        return False
    plain = text.plain
    if "\t" in plain or (text.style and (not plain or "\n" in plain)):
        return False  # rich styles each line of a text, not the line ends between them
    from rich.cells import cell_len as rich_len

    width = options.max_width
    if any(rich_len(line) > width for line in plain.split("\n")):  # rich would cut it
        return False
    return all("\n" not in plain[span.start : span.end] for span in text.spans)


def install_click() -> None:
    """click's help in terminal cells and broken as above: its wrapper counts characters and
    breaks inside words (「（r⏎eshuffle、SHOE-3）」, a full-width description running past the
    terminal), and its option column is measured in characters (「--html パス」 one column off)."""
    import click._textwrap as textwrap_module
    import click.formatting as formatting

    if getattr(formatting, "_cells_installed", False):
        return
    base = textwrap_module.TextWrapper

    class CellWrapper(base):  # type: ignore[misc, valid-type]
        def wrap(self, text: str) -> list[str]:
            first, rest = self.initial_indent, self.subsequent_indent
            text = " ".join(text.split("\n"))
            room = max(self.width - cell_len(first), 1)
            hang = max(cell_len(rest) - cell_len(first), 0)
            cuts = [0, *offsets(text, room, hang), len(text)]
            pieces = [text[a:b].strip() for a, b in zip(cuts, cuts[1:])]
            return [(rest if k else first) + piece for k, piece in enumerate(pieces) if piece or not k]

    def term_len(text: str) -> int:
        from click._compat import strip_ansi

        return cell_len(strip_ansi(text))

    textwrap_module.TextWrapper = CellWrapper
    formatting.term_len = term_len
    formatting._cells_installed = True
