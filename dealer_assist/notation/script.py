"""A line of commands and a script of lines: the segments of a line (its comment off, its
``;``-joined commands apart), the commands of a line (each line met before is read once), the
canonical text stored for a command, and the lines of a script with their commands."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator

from dealer_assist.errors import NotationError
from dealer_assist.notation.bounds import MAX_LINE
from dealer_assist.notation.commands import Command
from dealer_assist.notation.parser import _CACHED_TEXT, parse_command
from dealer_assist.notation.text import SPACE_CHARS, check_text, lines, normalize


def canonical(segment: str, command: Command) -> str:
    """The text stored and exported for one command: the segment as typed (normalised,
    ``split_line``) when it is plain ASCII notation, else the command's canonical text
    (``str(command)``: ``bet 3 1万`` → ``bet 3 10000``, ``3 ヒット 9`` → ``3 ht 9``), which
    reads back as the same command; a note's text and a player's name are kept as typed."""
    if segment.isascii():
        return segment
    return str(command)


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
