"""Fast copies of slots dataclasses: generated functions, not the ``copy`` module."""

from __future__ import annotations

from dataclasses import fields
from typing import Any


def copier(cls: type, **parts: str):
    """A fast copy function for the slots dataclass ``cls``: every field is carried over,
    those named in ``parts`` through the given expression of the value (``list({})`` …)."""
    lines = ["def copy(self):", "    new = _new(cls)"]
    for f in fields(cls):
        value = f"self.{f.name}"
        expression = parts.get(f.name)
        lines.append(f"    new.{f.name} = " + (expression.format(value) if expression else value))
    lines.append("    return new")
    namespace: dict[str, Any] = {"_new": object.__new__, "cls": cls}
    exec("\n".join(lines), namespace)  # noqa: S102 - code generated from the class's own fields
    copy = namespace["copy"]
    copy.__doc__ = f"A copy of this {cls.__name__} (generated from its fields)."
    return copy
