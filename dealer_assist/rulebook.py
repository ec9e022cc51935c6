"""The rulebook that ships inside the package (``data/RULES.md``), quoted by clause id.

Audits print the full text of each clause a ruling applied, so a disputed hand can be read
against the rule itself.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources

_CLAUSE = re.compile(r"^- ([A-Z]+-[A-Z0-9]+) (.*)$")


def text() -> str:
    return resources.files("dealer_assist").joinpath("data/RULES.md").read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def clauses() -> dict[str, str]:
    """Clause id → its full text (continuation and nested lines included)."""
    out: dict[str, str] = {}
    current: str | None = None
    section: list[str] = []
    in_setup = False
    for line in text().splitlines():
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


def clause(clause_id: str) -> str:
    return clauses().get(clause_id, f"{clause_id} (not in the rulebook)")
