"""The casino table's pieces of the shell, as the table interface's ``Screens``."""

from __future__ import annotations

from dealer_assist.core.table import Screens
from dealer_assist.tables.casino import cpu, shell


def _report():
    """The table's report (imported when a report is asked for: the writers are not needed
    to deal)."""
    from dealer_assist.tables.casino import report

    return report


def _schema() -> type:
    from dealer_assist.tables.casino.schema import CasinoGame

    return CasinoGame


SCREENS = Screens(
    panel=shell.panel,
    final=shell.final,
    settled=shell.settled,
    facts=shell.facts,
    suggestions=shell.suggestions,
    arguments=shell.arguments,
    picture=shell.picture,
    public_rulings=shell.public_rulings,
    report=_report,
    schema=_schema,
    hint=cpu.advice,
)
