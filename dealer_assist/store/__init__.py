"""The session store: one SQLite file (sqlite-utils), one row per accepted command.

Every accepted line is written in its own transaction before its ruling is shown; the
connection runs in WAL mode with ``synchronous=FULL``, so an acknowledged command survives
a crash or a power cut. Refused commands are never stored. Loading checks that the
sequence numbers run 1, 2, 3 … without a gap.

Opening checks the file before anything is written: a folder, a path under a regular
file, a read-only file or folder, a file that is not SQLite, or another program's SQLite
database is refused with one ``StoreError`` sentence. The commands that only read open
the file read-only and never create it.

A session played live is held by one process at a time: an OS lock on a file beside the
database, which the kernel releases when the process ends (a crash too), and the ``locks``
table naming the holder (process, host, since when); a crashed holder's session is taken
over. Each append checks, inside its write transaction, that the session's last event is
the one this window knows and that it still holds the lock, so two writers can never
interleave.

Tables (browse them with any SQLite tool): ``sessions``, ``events``, ``games``, ``locks``,
``migrations``. The events and the sessions are the same at every table; a games row is the
game's record (JSON) with what every table has (``points``, ``result``); each table's own
views over the records (``game_hands``, ``casino_rounds`` ...) are its ``Ruleset.store``.

The package, one job a module: ``schema`` (tables, views, migrations), ``files`` (opening,
integrity check, damaged-file refusal), ``locks`` (the session lock), ``chain`` (event
hashes, verify), ``snapshots``, ``rows`` (session and game rows, names), ``store`` (the
``Store`` class), ``upgrade`` (what an older version did not record), ``views`` (the tables'
derived views), ``marks`` (the verified-up-to mark: the chain check before play from where
the last one stood). Every name is re-exported here (imported when first asked for):
``from dealer_assist.store import X`` keeps working.
"""

from __future__ import annotations

import os  # noqa: F401 - tests patch ``dealer_assist.store.os.access`` (the os module itself)

# every name re-exported, imported from its module when first asked for (PEP 562): ``play``
# starts its read-ahead (``marks.Early``) before the rest of the store is imported
_HOMES = {
    "chain": ("EventRow", "Verdict", "announced_head", "event_hash", "short_hash", "verify_chain"),
    "files": ("ENV_DB", "OUR_TABLES", "SQLITE_HEADER", "_check_path", "_connect", "_sqlite_error", "damaged",
              "default_path"),
    "locks": ("Holder",),
    "rows": ("GAME_COLUMNS", "SessionRow", "_encodable", "check_name", "game_row", "now", "table_of"),
    "schema": ("APPLICATION_ID", "MIGRATIONS", "SCHEMA", "_create_v1", "_create_v2", "_create_v3", "_create_v4",
               "_create_v5", "_create_v6", "_create_v7"),
    "store": ("Store",),
}  # fmt: skip
_HOME = {name: module for module, names in _HOMES.items() for name in names}


def __getattr__(name: str):
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOME))


__all__ = [
    "announced_head",
    "APPLICATION_ID", "ENV_DB", "GAME_COLUMNS", "MIGRATIONS", "OUR_TABLES", "SCHEMA", "SQLITE_HEADER", "EventRow",
    "Holder", "SessionRow", "Store", "Verdict", "check_name", "damaged", "default_path", "event_hash", "game_row",
    "now", "short_hash", "table_of", "verify_chain",
]  # fmt: skip
