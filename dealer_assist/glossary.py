"""The Japanese glossary (``data/glossary.toml``): the seeds' word for each term, per table, and
the words it replaces.

``table_of(key)`` says which table a catalog entry speaks for; ``violations(text, table)`` lists
the replaced words a Japanese text still uses. The tests hold every Japanese message and both
Japanese rulebooks to it, and a term that is a word of its own points at its catalog entry, so
the ruling, the panel, the report, the overlay and the rulebook say the same word."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

SHARED = "shared"  # the terms every table shares


@dataclass(frozen=True)
class Term:
    key: str
    table: str
    en: str
    ja: str
    replaces: tuple[str, ...] = ()
    allow: tuple[str, ...] = ()
    patterns: tuple[str, ...] = ()
    entry: str | None = None
    used_in: tuple[str, ...] = field(default=())

    def applies_to(self, table: str) -> bool:
        """Whether this term binds the Japanese of ``table`` (shared terms bind both)."""
        return self.table == SHARED or self.table == table

    def misuses(self, ja_text: str) -> list[str]:
        """The replaced words (and forbidden patterns) found in ``ja_text``."""
        plain = ja_text
        for word in self.allow:
            plain = plain.replace(word, "\x00")  # the allowed longer words are not a misuse
        found = [word for word in self.replaces if word in plain]
        found += [m.group(0) for p in self.patterns for m in [re.search(p, plain)] if m]
        return found


@lru_cache(maxsize=1)
def _data() -> dict:
    return tomllib.loads(resources.files("dealer_assist").joinpath("data/glossary.toml").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def terms() -> tuple[Term, ...]:
    out = []
    for raw in _data()["term"]:
        out.append(Term(key=raw["key"], table=raw["table"], en=raw["en"], ja=raw["ja"],
                        replaces=tuple(raw.get("replaces", ())), allow=tuple(raw.get("allow", ())),
                        patterns=tuple(raw.get("patterns", ())), entry=raw.get("entry"),
                        used_in=tuple(raw.get("used_in", ()))))  # fmt: skip
    return tuple(out)


def term(key: str) -> Term:
    for t in terms():
        if t.key == key:
            return t
    raise KeyError(key)


def tables() -> tuple[str, ...]:
    """The tables the glossary knows, and ``shared`` (the data's ``[tables]``)."""
    return (*_data()["tables"]["order"], SHARED)


def table_of(key: str) -> str:
    """The table a catalog entry speaks for (by the data's ``NAME_keys`` and ``NAME_prefixes``),
    ``shared`` (every table's), or the default table."""
    spec = _data()["tables"]
    for name in spec["order"]:
        if key in spec.get(f"{name}_keys", ()) or key.startswith(tuple(spec.get(f"{name}_prefixes", ()))):
            return name
    if key.startswith(tuple(spec["shared_prefixes"])):
        return SHARED
    return spec["default"]


def violations(ja_text: str, table: str) -> list[tuple[str, str]]:
    """``(term key, word)`` for each replaced word ``ja_text`` uses at ``table``."""
    return [(t.key, word) for t in terms() if t.applies_to(table) for word in t.misuses(ja_text)]
