"""One Million's pieces of the shell, as the table interface's ``Screens``."""

from __future__ import annotations

from dealer_assist import audit, live, overlay, render
from dealer_assist import report as report_module
from dealer_assist.core.table import Screens
from dealer_assist.tables.onemillion.public import public_rulings


def _schema() -> type:
    from dealer_assist.tables.onemillion.schema import Quest

    return Quest


SCREENS = Screens(
    panel=render.live_state,
    final=render.final_state,
    facts=audit.one_million_facts,
    suggestions=live.one_million_suggestions,
    arguments=live.one_million_arguments,
    picture=overlay.one_million_picture,
    public_rulings=public_rulings,
    report=report_module,
    schema=_schema,
    clock=live.one_million_clock,
)
