"""A posted head hash and what came after it (issue 17, "Safe on stream").

When a session ends (the quest's END-S/END-F, the casino game's ranking, RANK) the prompt
announces the log's head hash for the dealer to post. ``verify --posted HASH`` finds the event
whose hash that is, and reports every event stored after it — an ``undo`` that took back the
posted end, a note, a card — with what each one changed, and whether the result now is still
the posted one (exit status 1 when it is not). The same report is made from an exported
script (``verify --script FILE --posted HASH``, ``chainfile``), without the dealer's database.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from dealer_assist import notation as n
from dealer_assist import rulesets
from dealer_assist.errors import SessionError
from dealer_assist.i18n import amount
from dealer_assist.messages import text
from dealer_assist.store import EventRow, SessionRow, Store, announced_head, short_hash  # noqa: F401

FIELDS = ("status", "games", "hp")  # what a change after the posted head is told in


def check_posted(posted: str) -> str:
    wanted = posted.strip().lower()
    if len(wanted) < 12 or any(c not in "0123456789abcdef" for c in wanted):
        raise SessionError("verify.posted_short", posted=posted)
    return wanted


@dataclass(slots=True)
class After:
    """One event stored after the posted head, and what it changed."""

    seq: int
    text: str
    undone: tuple[int, str] | None = None  # (seq, text) of the command an undo took back
    changes: list[tuple[str, Any, Any]] = field(default_factory=list)  # (field, before, after)


@dataclass(slots=True)
class Posted:
    """The posted head found in a log: the event it is the head after, the events after it,
    and whether the result now differs from the one posted."""

    posted: str
    seq: int | None  # None: no event of the log has that hash
    events: int = 0
    after: list[After] = field(default_factory=list)
    before: dict[str, Any] = field(default_factory=dict)  # the posted result
    now: dict[str, Any] = field(default_factory=dict)  # the result now
    changed: bool = False

    @property
    def ok(self) -> bool:
        return self.seq is not None and not self.changed


def _facts(state) -> dict[str, Any]:
    summary = rulesets.summary(state)
    return {key: summary.get(key) for key in FIELDS}


def _result(state) -> str:
    return json.dumps(rulesets.to_json(state), sort_keys=True, ensure_ascii=False, default=str)


def posted_report(rows: list[tuple[int, str, str]], posted: str) -> Posted:
    """``rows``: (seq, text, hash) of every event of a log, in order; ``posted``: a checked
    hash prefix. The log is replayed as written (a script replays as written)."""
    from dealer_assist.core.session import Session

    match = next((seq for seq, _, digest in rows if digest.startswith(posted)), None)
    report = Posted(posted, match, len(rows))
    if match is None:
        return report
    session = Session()
    seqs: list[int] = []  # the stored seq of each command the session holds (undo pops)
    texts: dict[int, str] = {}
    posted_result = ""
    for seq, body, _ in rows:
        before = _facts(session.state) if seq > match else None
        item = After(seq, body) if seq > match else None
        for cmd in n.parse_line(body):
            outcome = session.submit(cmd)
            if outcome.undone is not None:
                if seqs:
                    gone = seqs.pop()
                    if item is not None:
                        item.undone = (gone, texts[gone])
            else:
                seqs.append(seq)
                texts[seq] = body
        if item is not None and before is not None:
            after = _facts(session.state)
            item.changes = [(key, before[key], after[key]) for key in FIELDS if before[key] != after[key]]
            report.after.append(item)
        if seq == match:
            report.before, posted_result = _facts(session.state), _result(session.state)
    report.now = _facts(session.state)
    report.changed = _result(session.state) != posted_result
    return report


def _value(key: str, value: Any, lang: str) -> str:
    if value is None:
        return "-"
    if key == "status":
        return text(f"status.{value}", lang)
    if key == "hp":
        return amount(value, lang)
    return str(value)


def _facts_text(facts: dict[str, Any], lang: str) -> str:
    key = "posted.facts_one" if facts.get("games") == 1 else "posted.facts"  # 1 game, 0 or 2 games
    return text(key, lang, status=_value("status", facts.get("status"), lang),
                games=_value("games", facts.get("games"), lang), hp=_value("hp", facts.get("hp"), lang))  # fmt: skip


def report_lines(report: Posted, name: str, lang: str = "en") -> list[str]:
    """The report as sentences in ``lang``."""
    if report.seq is None:
        return [text("verify.posted_unknown", lang, name=name, posted=report.posted)]
    if not report.after:
        return [text("verify.posted_ok", lang, posted=report.posted, seq=report.seq),
                text("posted.nothing_after", lang, seq=report.seq)]  # fmt: skip
    many = "posted.events_after" if len(report.after) != 1 else "posted.event_after"  # one event, or many
    out = [text(many, lang, posted=report.posted, seq=report.seq, count=len(report.after))]
    for item in report.after:
        parts = []
        if item.undone is not None:
            parts.append(text("posted.took_back", lang, seq=item.undone[0], command=item.undone[1]))
        for key, old, new in item.changes:
            parts.append(text(f"posted.change_{key}", lang, old=_value(key, old, lang), new=_value(key, new, lang)))
        if not parts:
            parts.append(text("posted.no_change", lang))
        out.append(text("posted.event", lang, seq=item.seq, command=item.text,
                        changes=text("posted.sep", lang).join(parts)))  # fmt: skip
    if report.changed:
        out.append(text("posted.result_changed", lang, posted=_facts_text(report.before, lang),
                        now=_facts_text(report.now, lang)))  # fmt: skip
    else:
        out.append(text("posted.result_same", lang, posted=_facts_text(report.before, lang)))
    return out


def stored_report(store: Store, row: SessionRow, posted: str) -> Posted:
    rows: list[EventRow] = store.events(row)
    return posted_report([(e.seq, e.text, e.hash) for e in rows], posted)


def script_lines(script: str, label: str, posted: str | None, lang: str = "en") -> tuple[list[str], bool]:
    """``verify --script FILE [--posted HASH]``: the chain an exported script carries,
    recomputed from the file alone, and the posted head in it; (sentences, whether all holds)."""
    from dealer_assist.chainfile import read_chain

    chain = read_chain(script)
    if chain is None:
        return [text("verify.script_no_chain", lang, path=label)], False
    if chain.ok:
        out = [text("verify.script_ok", lang, path=label, events=len(chain.rows))]
    elif chain.broken is not None:
        out = [text("verify.script_changed", lang, path=label, seq=chain.broken)]
    else:
        out = [text("verify.script_head", lang, path=label, events=len(chain.rows))]
    out.append(text("verify.head", lang, head=chain.head or "-", short=short_hash(chain.head) or "-"))
    good = chain.ok
    if posted is not None:
        report = posted_report([(e.seq, e.text, e.hash) for e in chain.rows], posted)
        if report.seq is not None and chain.broken is not None and chain.broken <= report.seq:
            report.seq = None  # the file was changed before the posted event: it proves nothing
        out += report_lines(report, label, lang)
        good = good and report.ok
    return out, good
