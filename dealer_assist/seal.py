"""The seal on a snapshot: an HMAC-SHA256 with a key that only this computer's user holds.

A snapshot (``engine.snapshot``) is a cache of the state after one event; resuming from it
must not replay the log, so nothing in the database can prove it summarises that log. The
seal makes a forgery fail: it covers the event the snapshot follows (number and hash), the
engine that made it and its body, keyed by a secret that is not in the database (a file of
the user's data folder, readable by that user only: ``snapshot.key``, or the file named by
``$DEALER_ASSIST_KEY``). A snapshot edited with any SQLite tool, moved to another event, or
kept on another computer fails its seal and is rebuilt from the events. ``verify`` does not
rely on the seal: it replays the log and compares the snapshot with the state it gives.

The checksum column holds ``hmac-sha256:KEYID:MAC`` (KEYID: the key's first 8 hex digits of
its own hash, so a snapshot made with another key is told apart from a damaged one).
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import secrets
from functools import lru_cache
from pathlib import Path

ENV_KEY = "DEALER_ASSIST_KEY"
PREFIX = "hmac-sha256"


def key_path() -> Path:
    """``$DEALER_ASSIST_KEY``, else ``snapshot.key`` in the user's data directory."""
    if os.environ.get(ENV_KEY):
        return Path(os.environ[ENV_KEY])
    import platformdirs

    return Path(platformdirs.user_data_dir("dealer-assist", appauthor=False)) / "snapshot.key"


@lru_cache(maxsize=4)
def _read(path: Path) -> bytes | None:
    try:
        text = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    try:
        key = bytes.fromhex(text)
    except ValueError:
        return None
    return key if len(key) >= 16 else None


def _create(path: Path) -> None:
    """Write a new key where there is none (atomically: a half-written key is never read)."""
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(descriptor, "w", encoding="ascii") as handle:
                handle.write(secrets.token_hex(32) + "\n")
                handle.flush()
                os.fsync(handle.fileno())
            try:
                os.link(temporary, path)  # fails when another process made one first: keep theirs
            except FileExistsError:
                pass
            except OSError:  # a file system without hard links
                if not path.exists():
                    os.replace(temporary, path)
        finally:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


def key(*, create: bool = False) -> bytes | None:
    """This computer's snapshot key (made on first use when ``create``); None when there is
    none and none can be made (then no snapshot is kept, and every resume replays the log)."""
    path = key_path()
    found = _read(path)
    if found is None and create:
        _read.cache_clear()
        _create(path)
        found = _read(path)
    return found


def key_id(secret: bytes) -> str:
    return hashlib.sha256(secret).hexdigest()[:8]


def _mac(secret: bytes, seq: int, digest: str, engine: str, body: str) -> str:
    payload = json.dumps([seq, digest, engine, body], ensure_ascii=False, separators=(",", ":"))
    return hmac.new(secret, payload.encode("utf-8"), hashlib.sha256).hexdigest()


def seal(seq: int, digest: str, engine: str, body: str) -> str | None:
    """The checksum to store beside a snapshot; None when this computer has no key."""
    secret = key(create=True)
    if secret is None:
        return None
    return f"{PREFIX}:{key_id(secret)}:{_mac(secret, seq, digest, engine, body)}"


def holds(checksum: str | None, seq: int, digest: str, engine: str, body: str) -> bool:
    """Whether ``checksum`` is this computer's seal of exactly that snapshot."""
    secret, mac = _this_computers(checksum)
    return mac is not None and hmac.compare_digest(mac, _mac(secret, seq, digest, engine, body))


def _this_computers(checksum: object) -> tuple[bytes | None, str | None]:
    """(this computer's key, the checksum's MAC) when ``checksum`` is of this computer's form
    and key, else (key or None, None)."""
    secret = key()
    if secret is None or not isinstance(checksum, str):
        return secret, None
    prefix, _, rest = checksum.partition(":")
    ident, _, mac = rest.partition(":")
    if prefix != PREFIX or ident != key_id(secret):
        return secret, None
    return secret, mac


def seal_fields(kind: str, *fields: object) -> str | None:
    """This computer's seal of a record of ``kind`` (e.g. the verified-up-to mark of
    ``store/marks.py``): the same key and checksum form as a snapshot's, over
    ``[kind, *fields]`` (so a seal of one kind never holds for another); None without a key."""
    secret = key(create=True)
    if secret is None:
        return None
    payload = json.dumps([kind, *fields], ensure_ascii=False, separators=(",", ":"))
    return f"{PREFIX}:{key_id(secret)}:{hmac.new(secret, payload.encode('utf-8'), hashlib.sha256).hexdigest()}"


def fields_hold(checksum: object, kind: str, *fields: object) -> bool:
    """Whether ``checksum`` is this computer's ``seal_fields(kind, *fields)``."""
    secret, mac = _this_computers(checksum)
    if mac is None:
        return False
    payload = json.dumps([kind, *fields], ensure_ascii=False, separators=(",", ":"))
    return hmac.compare_digest(mac, hmac.new(secret, payload.encode("utf-8"), hashlib.sha256).hexdigest())
