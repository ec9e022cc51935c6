"""The old import path of ``dealer_assist.store.upgrade`` (what an older version did not record)."""

from dealer_assist.store.upgrade import fill_unrecorded, unrecorded

__all__ = ["fill_unrecorded", "unrecorded"]
