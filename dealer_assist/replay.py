"""Re-running a script: the notation parsed line by line and folded by one ``Session``.

Shared by ``dealer-assist replay`` and the tests; it stops at the first refused line and
keeps the state before it (a line is accepted or refused as a whole).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from dealer_assist.core.session import Session
from dealer_assist.core.session import Outcome
from dealer_assist.errors import DealerAssistError
from dealer_assist.i18n import with_clause
from dealer_assist import notation as n
from dealer_assist.notation import lines, parse_line


@dataclass(slots=True)
class LineResult:
    number: int
    text: str
    outcomes: list[Outcome]


@dataclass(slots=True)
class ReplayResult:
    session: Session
    lines: list[LineResult] = field(default_factory=list)
    error: DealerAssistError | None = None
    error_line: int | None = None

    @property
    def ok(self) -> bool:
        return self.error is None

    def error_text(self, lang: str = "en") -> str:
        assert self.error is not None
        from dealer_assist.messages import text

        clause = getattr(self.error, "clause", None)
        body = with_clause(clause, self.error.text(lang), lang)
        return text("session.line", lang, line=self.error_line, error=body)


def replay_text(text: str, *, session: Session | None = None, keep_lines: bool = True,
                each: Callable[[LineResult, Any], None] | None = None) -> ReplayResult:  # fmt: skip
    """The script folded line by line. ``keep_lines``: keep each line with its outcomes (what
    the text replay prints); without it only the session is kept (``replay --json``). ``each``
    (with ``keep_lines``) is called after every accepted line with it and the state it left —
    the state as it is then: the fold goes on in place (``replay --odds``)."""
    result = ReplayResult(session or Session(owned=True))  # nothing here keeps a state: stepped in place
    session, kept = result.session, result.lines
    fold = session.submit_all if keep_lines else session.fold  # without lines, no outcomes either
    for number, raw in lines(text):  # the notation's one definition of a line
        try:
            commands = parse_line(raw)
            if not commands:
                continue
            outcomes = fold(commands)
        except DealerAssistError as exc:
            result.error, result.error_line = exc, number
            break
        if keep_lines:
            kept.append(LineResult(number, raw.rstrip(n.SPACE_CHARS), outcomes))
            if each is not None:
                each(kept[-1], session.state)
    return result
