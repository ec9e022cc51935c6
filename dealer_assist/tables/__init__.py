"""The tables the tool deals: one package each, registered here by name.

This is the one registration a table needs (``docs/TABLES.md``): its package's ``ruleset``
module is named here and imported when the table is first used. No shared module imports a
table's package; they reach a table only through ``dealer_assist.rulesets``.

A table shipped apart (a test's, an operator's own) is registered without editing this file by
``$DEALER_ASSIST_TABLES``: ``NAME=module`` pairs separated by commas, read once at start.
"""

from __future__ import annotations

import os
import re

# name: the module that defines the table's RULESET
TABLES = {
    "onemillion": "dealer_assist.tables.onemillion.ruleset",
    "casino": "dealer_assist.tables.casino.ruleset",
    "saikoro": "dealer_assist.tables.saikoro.ruleset",
    "gear": "dealer_assist.tables.gear.ruleset",
}
DEFAULT = "onemillion"  # the table of a session that does not choose one (`ruleset NAME`)
ENV_TABLES = "DEALER_ASSIST_TABLES"
_NAME = re.compile(r"[a-z][a-z0-9_-]{0,31}")  # as `ruleset NAME` reads it
_MODULE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*")


def _extra(value: str) -> dict[str, str]:
    """``NAME=module,...`` → {name: module}; a malformed pair is ignored (the registry then
    simply does not know that table, and says so when a session asks for it)."""
    out: dict[str, str] = {}
    for pair in value.split(","):
        name, sep, module = (part.strip() for part in pair.partition("="))
        if sep and _NAME.fullmatch(name) and _MODULE.fullmatch(module) and name not in TABLES:
            out[name] = module
    return out


TABLES.update(_extra(os.environ.get(ENV_TABLES, "")))
