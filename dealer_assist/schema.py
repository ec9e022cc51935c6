"""The `replay --json` object of NOTATION.md as pydantic models: the public API, checked.

Scripts written against the JSON can rely on these fields and values; ``dealer-assist
schema`` prints the JSON Schema, and the tests validate every sample session's output. Each
table's model is its own (``tables/NAME/schema.py``, ``Screens.schema``); the pieces every
blackjack table shares are here.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Dealer(_Model):
    cards: list[str]
    total: int
    bust: bool
    blackjack: bool


def _model(table: str) -> type[_Model]:
    from dealer_assist import rulesets

    return rulesets.screens(table).schema()


def validate(data: dict) -> _Model:
    """The `replay --json` object checked against its table's model (by its ``ruleset``; One
    Million's object has none, as before tables were chosen)."""
    from dealer_assist import rulesets

    return _model(data.get("ruleset", rulesets.DEFAULT)).model_validate(data)


def json_schema(table: str | None = None) -> dict:
    """The JSON Schema of ``table``'s `replay --json` object (the default table's without one)."""
    from dealer_assist import rulesets

    return _model(table or rulesets.DEFAULT).model_json_schema()
