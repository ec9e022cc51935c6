"""The notation as the casino table's modules read it (``from dealer_assist.tables.casino import
notation as n``): the shared notation, and the table's own command (``n.Insurance``)."""

from __future__ import annotations

from dealer_assist.notation import *  # noqa: F401,F403 - the shared notation, by its own names
from dealer_assist.notation import __all__ as _SHARED
from dealer_assist.tables.casino.commands import Insurance  # noqa: F401 - the table's own command

__all__ = [*_SHARED, "Insurance"]


def __getattr__(name: str):
    """The merged notation's names (``KEYWORDS``, ``HAND_ACTIONS`` …), as the shared notation has them."""
    from dealer_assist import notation

    return getattr(notation, name)
