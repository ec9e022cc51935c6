"""The rulebook that ships inside the package, quoted by clause id, in each language.

``data/RULES.md`` is the English rulebook (the contract, RULES.md); ``data/RULES.ja.md`` is
its Japanese text, clause by clause with the same ids. Audits print the full text of each
clause a ruling applied, so a disputed hand can be read against the rule itself.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

_CLAUSE = re.compile(r"^- ([A-Z]+-[A-Z0-9]+) (.*)$")


FILES = {"en": "data/{book}.md", "ja": "data/{book}.ja.md"}
BOOK = "RULES"  # the default table's; each table names its own (``Ruleset.rulebook``)


def text(lang: str = "en", book: str = BOOK) -> str:
    """The rulebook ``book`` in ``lang``: ``STEM`` is ``dealer_assist/data/STEM.md`` (``.ja.md``);
    ``package/STEM`` is the same file under another package (a table shipped apart)."""
    package, _, stem = book.rpartition("/")
    name = FILES.get(lang, FILES["en"]).format(book=stem)
    return resources.files(package or "dealer_assist").joinpath(name).read_text(encoding="utf-8")


@lru_cache(maxsize=8)
def clauses(lang: str = "en", book: str = BOOK) -> dict[str, str]:
    """Clause id → its full text (continuation and nested lines included)."""
    out: dict[str, str] = {}
    current: str | None = None
    section: list[str] = []
    in_setup = False
    for line in text(lang, book).splitlines():
        if line.startswith("## "):
            current = None
            in_setup = line.startswith("## SETUP")
            continue
        if in_setup:
            if line.strip():
                section.append(line)
            continue
        match = _CLAUSE.match(line)
        if match:
            current = match.group(1)
            out[current] = f"{current} {match.group(2)}"
        elif current and line.startswith("  ") and line.strip():
            out[current] += "\n" + line.rstrip()
        else:
            current = None
    if section:
        out["SETUP"] = "SETUP\n" + "\n".join(section)
    return out


def clause(clause_id: str, lang: str = "en", book: str = BOOK) -> str:
    return clauses(lang, book).get(clause_id) or clauses("en", book).get(clause_id, f"{clause_id} (?)")


# --------------------------------------------------------------------------- sections (`dealer-assist rules`)

_SECTION = re.compile(r"^## ([A-Z]+) — (.*)$")


@dataclass(frozen=True)
class Section:
    id: str  # DRAW, SET, SETUP …
    title: str  # the heading after the id, in the rulebook's language
    text: str  # the section as the rulebook writes it, heading included
    clauses: tuple[str, ...]  # its clause ids, in order (SETUP: the section is one clause)


@lru_cache(maxsize=8)
def sections(lang: str = "en", book: str = BOOK) -> dict[str, Section]:
    """Section id → the section (every ``## ID — title`` of the rulebook; the terms are not one)."""
    ids = list(clauses(lang, book))
    out: dict[str, Section] = {}
    lines = text(lang, book).splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith("## ")] + [len(lines)]
    for begin, end in zip(starts, starts[1:]):
        match = _SECTION.match(lines[begin])
        if match is None:
            continue
        sid = match.group(1)
        body = "\n".join(lines[begin:end]).strip("\n")
        own = tuple(c for c in ids if c == sid or c.startswith(sid + "-"))
        out[sid] = Section(sid, match.group(2).strip(), body, own)
    return out


def find(query: str, book: str = BOOK) -> tuple[str, str] | None:
    """``("clause" | "section", id)`` for a clause or section id of ``book`` (any case,
    full-width too), or None."""
    import unicodedata

    wanted = unicodedata.normalize("NFKC", query).strip().upper()
    if wanted in sections("en", book):
        return "section", wanted
    if wanted in clauses("en", book):
        return "clause", wanted
    return None


def close_matches(query: str, book: str = BOOK, count: int = 5) -> list[str]:
    """The clause and section ids of ``book`` nearest to ``query`` (a typo, a wrong number)."""
    import difflib
    import unicodedata

    wanted = unicodedata.normalize("NFKC", query).strip().upper()
    ids = list(dict.fromkeys([*sections("en", book), *clauses("en", book)]))
    found = set(difflib.get_close_matches(wanted, ids, n=count, cutoff=0.6))
    head = wanted.split("-")[0]
    if head in ids:  # DRAW-9: the section it names comes first
        found.add(head)
    return [i for i in ids if i in found]  # in the rulebook's order
