"""`dealer-assist simulate` (its implementation is in ``dealer_assist.simulate``)."""

from __future__ import annotations

import click


@click.command()
def simulate() -> None:
    """Simulate many games through the rules engine (being built)."""
    raise click.ClickException("not yet")
