"""The finished games of a session as a persistent list (``History``), shared by every table:
appending shares the old list, so a step copies nothing of the past."""

from __future__ import annotations

import json
import marshal
from typing import Any, Callable, Iterator


class History:
    """A persistent list of finished games' records: appending shares the old one.

    Each record is kept as one flat value: one object per game instead of dozens of small
    dicts and lists, which the garbage collector would walk again and again in a long
    session; iterating gives the records back as new dicts. A record appended here is kept as
    ``marshal`` bytes (several times faster to write and read than JSON, and never stored:
    it lives only in this process); the records of a resumed session's past come as the
    store's JSON texts. A record appended with ``append_later`` is made only when it is first
    read (a simulator never reads its past), and at the latest once ``PENDING_MOST`` more
    are waiting behind it."""

    __slots__ = ("_parent", "_record", "_length", "_source", "_pending")

    def __init__(self, parent: "History | None" = None, record: str | bytes | None = None) -> None:
        self._parent = parent
        self._record: str | bytes | Callable[[], dict] | None = record
        self._length = 0 if parent is None else parent._length + 1
        self._source: Callable[[], list[str]] | None = None
        self._pending = 0 if parent is None else parent._pending  # records not made yet, up to here

    @classmethod
    def deferred(cls, count: int, source: Callable[[], list[str]]) -> "History":
        """The records of the first ``count`` games, read from ``source`` (their JSON texts)
        only when they are asked for: a resumed session does not read its whole past."""
        node = cls()
        node._length = count
        cache: list[list[str]] = []

        def records() -> list[str]:
            if not cache:
                texts = source()
                if len(texts) != count:
                    raise ValueError(f"expected the records of {count} games, got {len(texts)}")
                cache.append(texts)
            return cache[0]

        node._source = records
        return node

    def append(self, record: dict) -> "History":
        return History(self, _flat(record))

    def append_later(self, make: Callable[[], dict]) -> "History":
        """``append(make())``, with ``make`` called only when the record is first read:
        ``make`` must give the same record whenever it is called (it reads only what nothing
        changes any more, such as a finished game no state holds)."""
        node = History(self)
        node._record = make
        node._pending += 1
        if node._pending > PENDING_MOST:
            node._make_all()
        return node

    def _make_all(self) -> None:
        """Every record not made yet, from here back, made now."""
        node: History | None = self
        while node is not None and node._pending:
            node._pending = 0
            _made(node)
            node = node._parent

    def __len__(self) -> int:
        return self._length

    def __iter__(self) -> Iterator[dict]:
        records = []
        node: History | None = self
        while node is not None and node._parent is not None:
            records.append(_made(node))
            node = node._parent
        records.reverse()
        if node is not None and node._source is not None:
            records[:0] = node._source()
        return (_read(record) for record in records)

    def last(self, count: int) -> list[dict]:
        """The last ``count`` records, oldest first, read from the end of the list (a resumed
        session's older records stay unread)."""
        texts: list[str | bytes] = []
        node: History | None = self
        while len(texts) < count and node is not None and node._parent is not None:
            texts.append(_made(node))
            node = node._parent
        if len(texts) < count:
            return list(self)[-count:] if count else []
        return [_read(text) for text in reversed(texts)]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, History):
            return NotImplemented
        return self is other or (len(self) == len(other) and list(self) == list(other))

    def __deepcopy__(self, memo: dict) -> "History":
        return self

    def __repr__(self) -> str:
        return f"History({len(self)} games)"


PENDING_MOST = 64  # records waiting to be made (``append_later``) in one history, at most


def _made(node: History) -> str | bytes:
    """The node's record as it is kept, made first if it was appended with ``append_later``."""
    record = node._record
    if type(record) is bytes or type(record) is str:
        return record
    node._record = record = _flat(record())
    return record


def _flat(record: dict) -> str | bytes:
    """``marshal`` bytes, or the JSON text of a record ``marshal`` refuses (a value of a
    subclass, e.g. an enum). A table's record is made of dicts, lists and plain scalars, as
    JSON gives them back (no tuples: ``tests/test_history_records.py``)."""
    try:
        return marshal.dumps(record)
    except ValueError:
        return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def _read(record: str | bytes) -> dict:
    return marshal.loads(record) if type(record) is bytes else json.loads(record)
