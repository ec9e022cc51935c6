"""One Million's pieces of the shell, as the table interface's ``Screens``."""

from __future__ import annotations

from dealer_assist.tables.onemillion.clock import one_million_clock
from dealer_assist.tables.onemillion.completion import RECALL, one_million_arguments, one_million_suggestions
from dealer_assist.tables.onemillion import panel
from dealer_assist.tables.onemillion.facts import one_million_facts
from dealer_assist.tables.onemillion.guard import deal_guard_warning
from dealer_assist.tables.onemillion.picture import picture
from dealer_assist.core.table import Screens
from dealer_assist.tables.onemillion.public import public_rulings


def _report():
    """The table's report (imported when a report is asked for: the writers are not needed
    to deal)."""
    from dealer_assist.tables.onemillion import report

    return report


def _schema() -> type:
    from dealer_assist.tables.onemillion.schema import Quest

    return Quest


def _hint(state, strategy: str = "cpu", seat: int | None = None):
    from dealer_assist.tables.onemillion.hint import advise

    return advise(state, strategy, seat)


SCREENS = Screens(
    panel=panel.live_state,
    final=panel.final_state,
    settled=panel.settled,
    facts=one_million_facts,
    suggestions=one_million_suggestions,
    arguments=one_million_arguments,
    picture=picture,
    public_rulings=public_rulings,
    report=_report,
    schema=_schema,
    clock=one_million_clock,
    clause_styles=panel.CLAUSE_STYLES,
    deal_guard=deal_guard_warning,
    recall=RECALL,
    hint=_hint,
)
