"""JSON text as the tool prints it (``replay --json``, ``report --format json``): two-space
indent, non-ASCII kept as it is — the standard library's ``json.dumps(obj, ensure_ascii=False,
indent=2)``, byte for byte.

With an indent the standard library's encoder runs in Python (its C encoder serves compact
output only): a 1,000-game replay spends a quarter of its process there. ``orjson`` writes the
same text in C; it is used whenever its text is certainly the same, and the standard library
otherwise: an integer beyond 64 bits or a key that is not a string (``orjson`` refuses both),
and a float below 1e-4 (``orjson`` writes ``0.00001`` and ``5.9e-8`` where Python writes
``1e-05`` and ``5.9e-08``; such a float never occurs in the tool's objects, whose floats are
payout ratios, but the text is searched for it). Without ``orjson``
installed the standard library is used throughout.
"""

from __future__ import annotations

import json
import re
from typing import Any

try:
    import orjson
except ImportError:  # pragma: no cover - a dependency, but the text is the same without it
    orjson = None  # type: ignore[assignment]

# a float that Python writes with a negative exponent (``1e-05``, ``5.9e-08``) and orjson
# otherwise (``0.00001``, ``5.9e-8``): its text, or a string that merely looks like it
_EXPONENT = re.compile(rb"\de-")


def _small_float(data: bytes) -> bool:
    return b"0.0000" in data or (b"e-" in data and _EXPONENT.search(data) is not None)


def dumps(obj: Any) -> str:
    """``obj`` as indented JSON text (``json.dumps(obj, ensure_ascii=False, indent=2)``)."""
    if orjson is not None:
        try:
            data = orjson.dumps(obj, option=orjson.OPT_INDENT_2)
        except (TypeError, orjson.JSONEncodeError):
            pass
        else:
            if not _small_float(data):  # else perhaps a float written otherwise: the slow way
                return data.decode("utf-8")
    return json.dumps(obj, ensure_ascii=False, indent=2)
