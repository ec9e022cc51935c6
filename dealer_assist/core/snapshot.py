"""A state as JSON text and back: the cache that lets a long session resume at once.

The event log stays the single truth: a snapshot is written beside the events, names the
event it follows (its number and hash) and the engine it was made by (``FINGERPRINT``: the
source of the rules), and is used only when all of that still holds; otherwise it is thrown
away and the state is rebuilt from the events. The finished games' records are not in the
snapshot (they are the ``games`` rows): ``load`` takes them from the caller, as a sequence
that may be read later (``History.deferred``).

Only the engine's own classes can come out of ``load`` (a whitelist, no pickle), and every
field must hold a value of its declared type (``int`` is not ``"7"``, a card is a real card):
a damaged or hostile snapshot raises ``SnapshotError`` and is ignored. That a well-formed
snapshot really summarises its log is told by its seal (``dealer_assist.seal``) when a session
resumes, and by replaying the log (``matches``) when it is verified.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import types
import typing
from enum import Enum
from functools import lru_cache
from importlib import resources
from typing import Any, Callable

from dealer_assist.core.history import History

def _classes(table: str | None) -> dict[str, type]:
    """The classes a snapshot of ``table`` may hold, by qualified name (every table's when
    ``table`` is None)."""
    from dealer_assist import rulesets

    return rulesets.state_classes(table)


class SnapshotError(ValueError):
    """A snapshot that cannot be used (damaged, or from another engine): rebuild instead."""


@lru_cache(maxsize=None)
def fingerprint(table: str) -> str:
    """The rules that make a snapshot of a state of ``table``: a hash of the sources that table's
    rules are made of (``Ruleset.sources``: the shared ones and its package), so that a snapshot
    made by other rules (an upgrade, a fix) is never used. Only that table is loaded for it."""
    from dealer_assist import __version__
    from dealer_assist import rulesets

    digest = hashlib.sha256(__version__.encode())
    digest.update(table.encode())
    package = resources.files("dealer_assist")
    for name in sorted(rulesets.get(table).sources):
        entry = package.joinpath(name)
        files = sorted((f for f in entry.iterdir() if f.name.endswith(".py")), key=lambda f: f.name) \
            if entry.is_dir() else [entry]  # fmt: skip
        for source in files:
            digest.update(source.name.encode())
            digest.update(source.read_bytes())
    return digest.hexdigest()[:32]


def keep(state: Any) -> tuple[str, str]:
    """What the store keeps as the snapshot of ``state``: (its rules' fingerprint, its text)."""
    from dealer_assist import rulesets

    return fingerprint(rulesets.of(state).name), dump(state)


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


def _decode(value: Any, history: Callable[[int], History], classes: dict[str, type]) -> Any:
    if isinstance(value, list):
        return [_decode(v, history, classes) for v in value]
    if not isinstance(value, dict):
        return value
    if "__history" in value:
        count = value["__history"]
        if type(count) is not int or count < 0 or len(value) != 1:
            raise SnapshotError("a damaged count of finished games")
        return history(count)
    if "__enum" in value:
        cls = classes[value["__enum"]]
        if not (isinstance(cls, type) and issubclass(cls, Enum)):
            raise SnapshotError("an enum that is not one")
        return cls(value["v"])
    if "__class" in value:
        cls = classes[value["__class"]]
        if not dataclasses.is_dataclass(cls):
            raise SnapshotError(f"{cls.__name__} is not a record")
        names = {f.name for f in dataclasses.fields(cls)}
        args = {k: _decode(v, history, classes) for k, v in value.items() if k != "__class"}
        if set(args) != names:
            raise SnapshotError(f"the fields of {cls.__name__} changed")
        hints = _hints(cls)
        for name, arg in args.items():
            if not _fits(arg, hints[name]):
                raise SnapshotError(f"{cls.__name__}.{name} holds a {type(arg).__name__}")
        made = cls(**args)
        _check_card(made)
        return made
    if "__tuple" in value:
        return tuple(_decode(v, history, classes) for v in value["__tuple"])
    if "__set" in value:
        return {_decode(v, history, classes) for v in value["__set"]}
    if "__dict" in value:
        return {_decode(k, history, classes): _decode(v, history, classes) for k, v in value["__dict"]}
    raise SnapshotError("an unknown value in a snapshot")


@lru_cache(maxsize=None)
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _fits(value: Any, hint: Any) -> bool:
    """Whether ``value`` is of the declared type ``hint`` (the forms the states use)."""
    if hint is Any:
        return True
    if hint is None or hint is type(None):
        return value is None
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, option) for option in typing.get_args(hint))
    if origin is None:
        if hint is bool:
            return type(value) is bool
        if hint is int:
            return type(value) is int
        if hint is float:
            return type(value) in (int, float)
        return isinstance(hint, type) and isinstance(value, hint)
    args = typing.get_args(hint)
    if origin is list:
        return type(value) is list and all(_fits(v, args[0]) for v in value)
    if origin in (set, frozenset):
        return isinstance(value, (set, frozenset)) and all(_fits(v, args[0]) for v in value)
    if origin is tuple:
        if type(value) is not tuple:
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(v, args[0]) for v in value)
        return len(args) == len(value) and all(_fits(v, a) for v, a in zip(value, args))
    if origin is dict:
        return type(value) is dict and all(_fits(k, args[0]) and _fits(v, args[1]) for k, v in value.items())
    return isinstance(value, origin)


def _check_card(value: Any) -> None:
    """A card is one the notation could have read (CARD-1): a rank, a suit or none."""
    from dealer_assist.cards import JOKER, RANKS, UNKNOWN, Card

    if isinstance(value, Card):
        if value.rank not in (*RANKS, JOKER, UNKNOWN) or value.suit not in (None, "s", "h", "d", "c"):
            raise SnapshotError("a card that does not exist")


def load(text: str, history: Callable[[int], History], table: str | None = None) -> Any:
    """The state kept by ``dump``; ``history(n)`` gives the records of the first ``n`` games;
    ``table``: the table whose state it must be (only its classes are read, and only it is
    loaded), else any table's. Anything else than a state of these rules, field by field,
    raises ``SnapshotError``."""
    try:
        state = _decode(json.loads(text), history, _classes(table))
    except SnapshotError:
        raise
    except Exception as exc:  # noqa: BLE001 - whatever a damaged snapshot makes fail: it is only a cache
        raise SnapshotError(f"a damaged snapshot: {type(exc).__name__}") from None
    if not dataclasses.is_dataclass(state) or not hasattr(type(state), "RULESET"):
        raise SnapshotError("a snapshot that is not a state")
    return state


def matches(body: str, state: Any, history: Callable[[int], History]) -> bool:
    """Whether the snapshot ``body`` is the state the log gives (``state``, replayed): the same
    text, or (written in another order) an equal state. For ``verify``."""
    if body == dump(state):
        return True
    try:
        from dealer_assist import rulesets

        return load(body, history, rulesets.of(state).name) == state
    except SnapshotError:
        return False
