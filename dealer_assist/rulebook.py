"""The rulebook that ships inside the package, quoted by clause id, in each language.

``data/RULES.md`` is the English rulebook (the contract, RULES.md); ``data/RULES.ja.md`` is
its Japanese text, clause by clause with the same ids. Audits print the full text of each
clause a ruling applied, so a disputed hand can be read against the rule itself.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources

_CLAUSE = re.compile(r"^- ([A-Z]+-[A-Z0-9]+) (.*)$")


FILES = {"en": "data/{book}.md", "ja": "data/{book}.ja.md"}
BOOK = "RULES"  # One Million's; each table names its own (``rulesets.Ruleset.rulebook``)


def text(lang: str = "en", book: str = BOOK) -> str:
    name = FILES.get(lang, FILES["en"]).format(book=book)
    return resources.files("dealer_assist").joinpath(name).read_text(encoding="utf-8")


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
