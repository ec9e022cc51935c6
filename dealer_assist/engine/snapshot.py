"""A state as JSON text and back: the cache that lets a long session resume at once.

The event log stays the single truth: a snapshot is written beside the events, names the
event it follows (its number and hash) and the engine it was made by (``FINGERPRINT``: the
source of the rules), and is used only when all of that still holds; otherwise it is thrown
away and the state is rebuilt from the events. The finished games' records are not in the
snapshot (they are the ``games`` rows): ``load`` takes them from the caller, as a sequence
that may be read later (``History.deferred``).

Only the engine's own classes can come out of ``load`` (a whitelist, no pickle): a damaged or
hostile snapshot raises ``SnapshotError`` and is ignored.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from enum import Enum
from functools import lru_cache
from importlib import resources
from typing import Any, Callable

from dealer_assist.engine.state import History

def _classes() -> dict[str, type]:
    """Every class a snapshot may hold, by qualified name (every table's, ``rulesets``)."""
    from dealer_assist import rulesets

    return rulesets.state_classes()


class SnapshotError(ValueError):
    """A snapshot that cannot be used (damaged, or from another engine): rebuild instead."""


@lru_cache(maxsize=1)
def fingerprint() -> str:
    """The engine that makes snapshots: a hash of the rules' source, so that a snapshot made by
    other rules (an upgrade, a fix) is never used."""
    from dealer_assist import __version__

    digest = hashlib.sha256(__version__.encode())
    package = resources.files("dealer_assist")
    from dealer_assist import rulesets

    for name in rulesets.sources():
        entry = package.joinpath(name)
        files = sorted((f for f in entry.iterdir() if f.name.endswith(".py")), key=lambda f: f.name) \
            if entry.is_dir() else [entry]  # fmt: skip
        for source in files:
            digest.update(source.name.encode())
            digest.update(source.read_bytes())
    return digest.hexdigest()[:32]


def _encode(value: Any) -> Any:
    if isinstance(value, History):
        return {"__history": len(value)}  # the records come from the caller (the games rows)
    if isinstance(value, Enum):
        return {"__enum": _name(type(value)), "v": value.value}
    if dataclasses.is_dataclass(value):
        return {"__class": _name(type(value)),
                **{f.name: _encode(getattr(value, f.name)) for f in dataclasses.fields(value)}}  # fmt: skip
    if isinstance(value, tuple):
        return {"__tuple": [_encode(v) for v in value]}
    if isinstance(value, (set, frozenset)):
        return {"__set": [_encode(v) for v in sorted(value)]}
    if isinstance(value, dict):
        if all(isinstance(k, str) for k in value):
            return {"__dict": [[k, _encode(v)] for k, v in value.items()]}
        return {"__dict": [[_encode(k), _encode(v)] for k, v in value.items()]}
    if isinstance(value, list):
        return [_encode(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise SnapshotError(f"cannot keep a {type(value).__name__} in a snapshot")


def _name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def dump(state: Any) -> str:
    """The state as JSON text (without the finished games' records)."""
    return json.dumps(_encode(state), ensure_ascii=False, separators=(",", ":"))


def _decode(value: Any, history: Callable[[int], History]) -> Any:
    if isinstance(value, list):
        return [_decode(v, history) for v in value]
    if not isinstance(value, dict):
        return value
    if "__history" in value:
        return history(int(value["__history"]))
    if "__enum" in value:
        return _classes()[value["__enum"]](value["v"])
    if "__class" in value:
        cls = _classes()[value["__class"]]
        names = {f.name for f in dataclasses.fields(cls)}
        args = {k: _decode(v, history) for k, v in value.items() if k != "__class"}
        if set(args) != names:
            raise SnapshotError(f"the fields of {cls.__name__} changed")
        return cls(**args)
    if "__tuple" in value:
        return tuple(_decode(v, history) for v in value["__tuple"])
    if "__set" in value:
        return {_decode(v, history) for v in value["__set"]}
    if "__dict" in value:
        return {_decode(k, history): _decode(v, history) for k, v in value["__dict"]}
    raise SnapshotError("an unknown value in a snapshot")


def load(text: str, history: Callable[[int], History]) -> Any:
    """The state kept by ``dump``; ``history(n)`` gives the records of the first ``n`` games."""
    try:
        state = _decode(json.loads(text), history)
    except SnapshotError:
        raise
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError) as exc:
        raise SnapshotError(f"a damaged snapshot: {exc}") from None
    if not hasattr(type(state), "RULESET"):
        raise SnapshotError("a snapshot that is not a state")
    return state
