"""GC-1, GC-2: the operator's gear catalogue. No public catalogue of the app's gears exists, so the
tool invents none: a catalogue is a TOML file the operator writes, one ``[[gear]]`` table a
gear, each made of the guide's primitives (GC-2)::

    [[gear]]
    name = "bet-up"          # one word: how the referee types it (use 1 bet-up)
    kind = "placed"          # placed | consumable
    pp = 2                   # its PP cost, 0–10
    life = 3                 # uses before it can no longer be brought; omit it for a gear with none
    effects = ["bet:opp:+1"] # primitives: bet:self|opp:+N|-N, goal:=N|+N|-N, remove, block,
                             # draw:self|opp, return:self|opp, heal:self|opp:N, damage:self|opp:N;
                             # a final ! keeps the change when the gear is removed

A session holds its catalogue as ``gear`` lines (``gear bet-up placed 2 3 bet:opp:+1``), so that
it replays the same years later without the file. ``python -m dealer_assist.tables.gear.catalog
FILE`` checks a file — one clear sentence per wrong entry, naming its line — and prints those
lines, to start a session's script with.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

from dealer_assist.errors import DealerAssistError, NotationError
from dealer_assist.tables.gear import grammar
from dealer_assist.tables.gear.commands import GearDef

MAX_GEARS = 64
MAX_BYTES = 256 * 1024
EXAMPLE = Path(__file__).parent / "data" / "example_gears.toml"  # an example, not the app's gears


class CatalogError(NotationError):
    """A catalogue that cannot be used: the file, or an entry (its line named)."""


class _Worded:
    """An error inside another sentence, worded in that sentence's language."""

    def __init__(self, error: DealerAssistError) -> None:
        self.error = error

    def localized(self, lang: str) -> str:
        return self.error.text(lang)


def _line_of(text: str, index: int) -> int:
    """The line of the ``index``-th ``[[gear]]`` table (1-based), for the error."""
    starts = [m.start() for m in re.finditer(r"^[ \t]*\[\[[ \t]*gear[ \t]*\]\]", text, re.M)]
    return text.count("\n", 0, starts[index]) + 1 if index < len(starts) else 1


def read(path: Path | str) -> list[GearDef]:
    """The gears of a catalogue file, each checked; the first problem is a ``CatalogError``."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise CatalogError("gear.catalog.unreadable", path=str(path), error=exc.strerror or str(exc)) from None
    if len(data) > MAX_BYTES:
        raise CatalogError("gear.catalog.too_big", path=str(path), limit=MAX_BYTES)
    try:
        text = data.decode("utf-8")
        table = tomllib.loads(text)
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise CatalogError("gear.catalog.not_toml", path=str(path), error=str(exc)) from None
    gears = table.get("gear")
    if not isinstance(gears, list) or not gears or not all(isinstance(g, dict) for g in gears):
        raise CatalogError("gear.catalog.no_gears", path=str(path))
    if len(gears) > MAX_GEARS:
        raise CatalogError("gear.catalog.too_many", path=str(path), limit=MAX_GEARS)
    out: list[GearDef] = []
    for index, entry in enumerate(gears):
        line = _line_of(text, index)
        try:
            out.append(entry_of(entry))
        except DealerAssistError as exc:
            raise CatalogError("gear.catalog.entry", path=str(path), line=line, error=_Worded(exc)) from None
    names = [g.name for g in out]
    for index, gear in enumerate(out):
        if names.index(gear.name) != index:
            raise CatalogError("gear.catalog.entry", path=str(path), line=_line_of(text, index),
                               error=_Worded(NotationError("gear.catalog.twice", name=gear.name)))  # fmt: skip
    return out


FIELDS = {"name", "kind", "pp", "life", "effects", "note"}


def entry_of(entry: dict) -> GearDef:
    """One ``[[gear]]`` table as the ``gear`` command it stands for."""
    unknown = sorted(set(entry) - FIELDS)
    if unknown:
        raise NotationError("gear.catalog.field", field=unknown[0])
    for field in ("name", "kind", "pp", "effects"):
        if field not in entry:
            raise NotationError("gear.catalog.missing", field=field)
    effects = entry["effects"]
    if not isinstance(effects, list) or not effects or not all(isinstance(e, str) for e in effects):
        raise NotationError("gear.catalog.effects")
    pp, life = entry["pp"], entry.get("life")
    if not isinstance(pp, int) or isinstance(pp, bool) or (life is not None and (not isinstance(life, int) or isinstance(life, bool))):
        raise NotationError("gear.catalog.numbers")
    if not isinstance(entry["name"], str) or not isinstance(entry["kind"], str):
        raise NotationError("gear.catalog.words")
    words = [entry["name"], entry["kind"], str(pp), "-" if life is None else str(life), *effects]
    return grammar.GRAMMAR["gear"](words, " ".join(["gear", *words]))


def lines(path: Path | str) -> list[str]:
    """The catalogue as the session's ``gear`` lines."""
    return [str(g) for g in read(path)]


def main(argv: list[str] | None = None) -> int:
    """``python -m dealer_assist.tables.gear.catalog FILE [--lang ja]``: the file checked and
    printed as ``gear`` lines (exit status 2 and one sentence when it cannot be used)."""
    from dealer_assist import rulesets
    from dealer_assist.i18n import text

    rulesets.get("gear")  # the table's own sentences
    args = list(sys.argv[1:] if argv is None else argv)
    lang = "en"
    if "--lang" in args:
        at = args.index("--lang")
        lang = args[at + 1] if at + 1 < len(args) else "en"
        del args[at:at + 2]
    if len(args) != 1:
        print(text("gear.catalog.usage", lang), file=sys.stderr)
        return 2
    try:
        for line in lines(args[0]):
            print(line)
    except DealerAssistError as exc:
        print(exc.text(lang), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
