"""The small files a store keeps beside its database (the verified-up-to mark, the views'
stamp): caches, written whole or not at all; a failure to write one only loses the cache."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


def write_cache(path: Path, text: str) -> None:
    """``text`` into ``path`` atomically (a temporary file beside it, then renamed over it);
    nothing is raised if the folder cannot be written."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}")
    with contextlib.suppress(OSError):
        try:
            temporary.write_text(text, encoding="utf-8")
            os.replace(temporary, path)
        finally:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
