"""The One Million table as a ruleset (``dealer_assist.rulesets``): its rules are this package."""

from __future__ import annotations

import json
from dataclasses import asdict

from dealer_assist.cards import Card
from dealer_assist.core.hand import Hand
from dealer_assist.engine.apply import can, expectation, legal, step
from dealer_assist.engine.state import (
    Box, Config, Game, History, JokerSighting, KnownCard, Phase, State, Status,
)  # fmt: skip
from dealer_assist.engine.view import game_record, to_json
from dealer_assist.rulesets import Ruleset

_SETUP: list = [None, ""]  # the last setup written, and its JSON (the setup changes only before game 1)


def _setup_json(config: Config) -> str:
    if _SETUP[0] is not config:  # the engine copies the setup only when a setup command changes it
        _SETUP[:] = [config, json.dumps(asdict(config), ensure_ascii=False, default=list)]
    return _SETUP[1]


def summary(state: State) -> dict:
    seats = json.dumps({str(number): box.player for number, box in state.boxes.items()}, ensure_ascii=False)
    return {"setup": _setup_json(state.config), "status": state.status.value, "games": state.games, "hp": state.hp,
            "seats": seats}  # fmt: skip


def current_game(state: State) -> dict | None:
    return game_record(state, state.game) if state.game is not None else None


RULESET = Ruleset(
    name="onemillion",
    rulebook="RULES",
    choice_clause="SETUP",
    new_state=State,
    step=step,
    expectation=expectation,
    legal=legal,
    can=can,
    to_json=to_json,
    game_record=current_game,
    summary=summary,
    state_classes=(Box, Card, Config, Game, Hand, JokerSighting, KnownCard, State, Phase, Status),
    sources=("cards.py", "notation", "core", "engine"),
    hooks={
        "report": "dealer_assist.report",  # build, print_text, FORMATS
        "arguments": "dealer_assist.live:one_million_arguments",
        "schema": "dealer_assist.schema:Quest",
        "clock": "dealer_assist.live:one_million_clock",
        "suggestions": "dealer_assist.live:one_million_suggestions",
        "panel": "dealer_assist.render:live_state",
        "final": "dealer_assist.render:final_state",
        "facts": "dealer_assist.audit:one_million_facts",
        "picture": "dealer_assist.overlay:one_million_picture",
        "public_rulings": "dealer_assist.engine.public:public_rulings",
        "public": "dealer_assist.engine.public:public_view",
    },
)
