"""The derived views of the store: ``table_games`` (every games row with its session's name,
table and players) and each registered table's own views over it (``StoreViews.views``).

The views are derived, never data: on every writable open the store compares the views in
the file with the ones the registered tables declare and, where one differs or is missing,
drops and recreates them all in the migration's transaction (idempotent: an open that finds
them as declared writes nothing of them). A table added later gets its views at the first
writable open after it; a table no longer registered leaves its views as they were.

Knowing what the tables declare means importing every registered table. An open that finds
the views as they were when this tool last checked them skips that: a small file beside the
database, ``<db>.views``, holds the ``stamp`` of what the declared views are made from (the
tool's version, this module, the registry, and the name, size and time of change of every file
of every registered table's package, found without importing it; a table already imported: its
views themselves) and the digest of the file's views after that check. Only the same stamp and the same views in the
file skip the comparison; after a migration, a changed source, an upgrade, a table
registered or no longer, a view edited by another program, or without the file (a copy), the
declared views are compared as before. See docs/decisions.md (issue 20, views).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
import sys
from importlib.machinery import PathFinder
from pathlib import Path

from dealer_assist.store.sidecar import write_cache

# every games row beside its session: the table (``ruleset`` of the session's setup, the
# default table when the setup names none) and the players by box (``seats``); each table's
# views read it, filtered by their own table's name
TABLE_GAMES = """CREATE VIEW table_games AS
select s.id as session_id, s.name as session, coalesce(json_extract(s.setup, '$.ruleset'), '{default}') as ruleset,
       s.seats, g.game, g.points, g.result, g.record
from games g join sessions s on s.id = g.session_id"""


def _normal(sql: str) -> str:
    """A view's SQL as SQLite keeps it in sqlite_master, give or take spaces and case of the
    leading keywords (the comparison ignores both)."""
    words = sql.split()
    return " ".join([w.upper() for w in words[:2]] + words[2:])


def declared() -> dict[str, str]:
    """The views the registered tables declare, by name, ``table_games`` first."""
    from dealer_assist import rulesets

    out = {"table_games": TABLE_GAMES.format(default=rulesets.DEFAULT)}
    owner = {"table_games": "the store"}
    for table in rulesets.names():
        for name, sql in rulesets.get(table).store.views.items():
            head = sql.split(None, 3)
            if len(head) < 4 or [w.lower() for w in head[:2]] != ["create", "view"] or head[2] != name:
                raise TypeError(f"table {table!r}: view {name!r} is not 'CREATE VIEW {name} AS ...'")
            if name in out:
                raise TypeError(f"table {table!r}: view {name!r} is already declared by {owner[name]}")
            out[name], owner[name] = sql.strip(), f"table {table!r}"
    return out


def _package_files(module: str) -> list[str] | None:
    """The ``.py`` files of the package that holds ``module`` (a top-level module: its file),
    found without importing it; None when they cannot be found (the stamp is then unknown)."""
    parts = module.split(".")
    package = parts[:-1] or parts
    top = sys.modules.get(package[0])
    if top is not None and getattr(top, "__path__", None) is not None:
        places = list(top.__path__)
    else:
        spec = PathFinder.find_spec(package[0])
        if spec is None:
            return None
        if spec.submodule_search_locations is None:  # a module of one file
            return [spec.origin] if spec.origin and len(parts) == 1 else None
        places = list(spec.submodule_search_locations)
    for part in package[1:]:
        places = [os.path.join(place, part) for place in places if os.path.isfile(os.path.join(place, part, "__init__.py"))]
    if len(places) != 1:
        return None
    found, folders = [], [places[0]]
    while folders:
        with os.scandir(folders.pop()) as entries:
            for entry in entries:
                if entry.is_dir() and entry.name != "__pycache__":
                    folders.append(entry.path)
                elif entry.name.endswith(".py"):
                    found.append(entry.path)
    return sorted(found)


def stamp() -> str | None:
    """What the declared views are made from, without importing a table that is not imported
    yet: the tool's version, this module, the registry's names, modules and default table,
    and each table's package source, file by file (name, size, time of last change: a new
    version installed, a file edited or checked out changes them; an imported table: the
    views it declares). None when a table's source cannot be found."""
    from dealer_assist import __version__, rulesets

    modules = rulesets.TABLES  # the registration, as the registry reads it

    digest = hashlib.sha256(f"{__version__}|{rulesets.DEFAULT}".encode())
    digest.update(Path(__file__).read_bytes())
    loaded = set(rulesets.loaded())
    for name in rulesets.names():
        digest.update(f"|{name}={modules[name]}|".encode())
        if name in loaded:
            digest.update(json.dumps(rulesets.get(name).store.views, sort_keys=True).encode())
            continue
        files = _package_files(modules[name])
        if files is None:
            return None
        for path in files:
            try:
                info = os.stat(path)
            except OSError:
                return None
            digest.update(f"{path}:{info.st_size}:{info.st_mtime_ns};".encode())
    return digest.hexdigest()


def _views_digest(have: dict[str, str]) -> str:
    return hashlib.sha256(json.dumps(sorted(have.items())).encode()).hexdigest()


def _claim_path(path: Path) -> Path:
    return path.with_name(f"{path.name}.views")


def _claimed(path: Path) -> dict:
    with contextlib.suppress(OSError, ValueError):
        found = json.loads(_claim_path(path).read_text(encoding="utf-8"))
        if isinstance(found, dict):
            return found
    return {}


def _claim(path: Path, stamp_now: str, have: dict[str, str]) -> None:
    """Remember that the file's views are as the tables of ``stamp_now`` declare them (a cache:
    a failure only loses it)."""
    write_cache(_claim_path(path), json.dumps({"stamp": stamp_now, "views": _views_digest(have)}) + "\n")


def _file_views(conn: sqlite3.Connection) -> dict[str, str]:
    listed = conn.execute("select name, sql from sqlite_master where type = 'view'").fetchall()
    return {name: _normal(sql or "") for name, sql in listed}


def sync_views(conn: sqlite3.Connection, path: Path | None = None, *, migrated: bool = True) -> bool:
    """Create or replace the declared views that differ from the file's (inside the caller's
    write transaction); whether anything was written. ``path``: the database's file, whose
    ``.views`` file lets an open skip the comparison when nothing changed since the last one
    (not after a migration: ``migrated``). ``conn``: a connection, or sqlite-utils' Database."""
    have = _file_views(conn)
    known = stamp() if path is not None else None
    if known is not None and not migrated:
        claim = _claimed(path)
        if claim.get("stamp") == known and claim.get("views") == _views_digest(have):
            return False
    wanted = declared()
    if all(have.get(name) == _normal(sql) for name, sql in wanted.items()):
        if known is not None:
            _claim(path, known, have)
        return False
    for name in wanted:  # all of them: a table's view may read table_games
        if name in have:
            conn.execute(f'drop view "{name}"')
    for sql in wanted.values():
        conn.execute(sql)
    if known is not None:
        _claim(path, known, _file_views(conn))
    return True
