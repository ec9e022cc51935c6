"""The hash chain carried by an exported script (issue 17): a backup proves the posted head.

Each event's hash covers its seq, its text, its event JSON, its timestamp and the line as
typed (``store.event_hash``); the text alone does not give it. So ``export`` writes the
commands as before, one a line, and after them a comment block with what the text does not
hold::

    # the lines that start with #@ carry the log's hash chain: ...
    #@chain 1
    #@ dbfaeooabpjcmkhf...

The block is one JSON value a line, readable by anyone who holds the file: an event a line,
``[SEQ, "TIMESTAMP", "HASH12", TYPED(, "EVENT JSON")]``, then the head, ``{"head": [COUNT,
"HEAD"]}``. TYPED is ``0`` when the line as typed is the command's text, ``1`` when it is the
previous event's (one line of ``;``-joined commands), ``null`` for an event stored before lines
were kept (schema v3), else the line itself; the event JSON is there only when today's parser
would not give the stored one. HASH12 (each event's short hash) names the first event of the
file that was changed. The block is comments: ``replay``, ``audit`` and ``import`` read the
script as before.

``read_chain`` recomputes the chain from the file alone (``verify --script FILE --posted
HASH``), and ``import`` stores the events with their own timestamps when the file's chain
holds, so the copy has the same head hash (``store_kept``).
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass, field

from dealer_assist import notation as n
from dealer_assist.errors import DealerAssistError
from dealer_assist.messages import text as say
from dealer_assist.store import EventRow, SessionRow, Store, event_hash, short_hash

FORMAT, MARK = "#@chain 1", "#@ "
SAME_AS_TEXT, SAME_AS_BEFORE = 0, 1


def event_json(text: str) -> str:
    """The event JSON today's parser gives for a stored text (what the store writes)."""
    return json.dumps(n.parse_command(text).to_dict(), ensure_ascii=False, sort_keys=True)


def _encode(data: dict) -> list[str]:
    rows = [json.dumps(record, ensure_ascii=False, separators=(",", ":")) for record in data["events"]]
    rows.append(json.dumps({"head": data["head"]}, ensure_ascii=False, separators=(",", ":")))
    return [MARK + row for row in rows]


def _decode(rows: list[str]) -> dict | None:
    events: list[object] = []
    head = None
    for row in rows:
        try:
            value = json.loads(row)
        except ValueError:
            return None
        if isinstance(value, dict) and "head" in value:
            head = value["head"]
        else:
            events.append(value)
    return {"events": events, "head": head}


def export_script(store: Store, row: SessionRow, lang: str = "en") -> str:
    """The session as a notation script that ``replay`` accepts (the commands as before),
    followed by the block that carries its hash chain."""
    lines = ["# " + say("export.header", lang, name=row.name, created=row.created)]
    records: list[list[object]] = []
    previous: str | None = None
    last = (0, "")
    for event in store.events(row):
        typed: object = event.typed
        if event.typed is not None and event.typed == event.text:
            typed = SAME_AS_TEXT
        elif event.typed is not None and event.typed == previous:
            typed = SAME_AS_BEFORE
        record: list[object] = [event.seq, event.ts, short_hash(event.hash), typed]
        try:
            same = event_json(event.text) == event.event
        except DealerAssistError:
            same = False
        if not same:
            record.append(event.event)
        records.append(record)
        lines.append(event.text)
        previous, last = event.typed, (event.seq, event.hash)
    lines += ["# " + say("export.chain_note", lang), FORMAT]
    lines += _encode({"events": records, "head": [last[0], last[1]]})
    return "\n".join(lines) + "\n"


@dataclass(slots=True)
class Chain:
    """The chain recomputed from a script: the events, the first one that does not hold (its
    text changed, or its record), and the head the block names."""

    rows: list[EventRow] = field(default_factory=list)
    broken: int | None = None  # the first event whose recomputed hash is not the one written
    written: tuple[int, str] | None = None  # the head the block names

    @property
    def head(self) -> str:
        return self.rows[-1].hash if self.rows else ""

    @property
    def ok(self) -> bool:
        return self.broken is None and self.written == (len(self.rows), self.head)


def read_chain(text: str) -> Chain | None:
    """The chain of an exported script, recomputed; None when the file carries none."""
    marked, block, commands = False, [], []
    for _, raw in n.lines(text):
        if raw == FORMAT:
            marked = True
        elif marked and raw.startswith(MARK):
            block.append(raw[len(MARK) :])
        else:
            commands += n.split_line(raw)
    if not marked:
        return None
    data = _decode(block) or {}
    records = data.get("events") if isinstance(data.get("events"), list) else []
    head = data.get("head")
    chain = Chain(written=(head[0], head[1]) if isinstance(head, list) and len(head) == 2 else None)
    prev, typed_before = "", None
    for seq in range(1, max(len(records), len(commands)) + 1):
        record = records[seq - 1] if seq <= len(records) else None
        command = commands[seq - 1] if seq <= len(commands) else ""
        if not isinstance(record, list) or len(record) not in (4, 5) or record[0] != seq:
            chain.broken = chain.broken or seq
            record = [seq, "", "", SAME_AS_TEXT]
        ts, recorded, typed = str(record[1]), str(record[2]), record[3]
        if typed is None or isinstance(typed, str):
            pass
        elif typed == SAME_AS_BEFORE:
            typed = typed_before
        else:
            typed = command
        try:
            body = str(record[4]) if len(record) == 5 else event_json(command)
        except DealerAssistError:
            body = ""
        digest = event_hash(prev, seq, command, body, ts, typed)
        if not recorded or not digest.startswith(recorded):
            chain.broken = chain.broken or seq
        chain.rows.append(EventRow(seq, command, body, ts, digest, prev, typed))
        prev, typed_before = digest, typed
    return chain


def store_kept(store: Store, name: str, chain: Chain, state, *, lock: bool = False):
    """Store an imported script's events with their own timestamps and lines (its chain holds),
    so the new session has the exported head; returns the live session (held when ``lock``)."""
    from dealer_assist import rulesets
    from dealer_assist.core import snapshot
    from dealer_assist.errors import SessionError
    from dealer_assist.live import LiveSession

    row = store.create(name)
    token = store.acquire(row)[0] if lock else None
    try:
        items = [(e.text, json.loads(e.event), e.typed, e.ts) for e in chain.rows]
        last = store.append(row, items, after=(0, ""), summary=rulesets.summary(state),
                            games=rulesets.to_json(state)["log"], lock=token,
                            snapshot=snapshot.keep(state))  # fmt: skip
        if last[1] != chain.head:  # pragma: no cover - the store hashes as the chain was recomputed
            raise SessionError("import.chain_lost", name=name)
        return LiveSession(store, store.get(name), lock=token)
    except BaseException:
        if token is not None:
            store.release(row, token)
        store.delete(row)
        raise
