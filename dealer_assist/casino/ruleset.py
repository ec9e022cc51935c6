"""The casino table as a ruleset (``dealer_assist.rulesets``)."""

from __future__ import annotations

import json

from dealer_assist.cards import Card
from dealer_assist.casino import apply
from dealer_assist.casino.state import CasinoState, Phase, Round, Seat
from dealer_assist.casino.view import round_record, to_json
from dealer_assist.core.hand import Hand
from dealer_assist.rulesets import Ruleset


def summary(state: CasinoState) -> dict:
    return {"setup": json.dumps({"ruleset": "casino", "difficulty": None}), "status": "over" if state.over else
            "running", "games": state.rounds, "hp": None,
            "seats": json.dumps({str(n): s.player for n, s in state.seats.items()}, ensure_ascii=False)}  # fmt: skip


def current_round(state: CasinoState) -> dict | None:
    return round_record(state, state.round) if state.round is not None else None


RULESET = Ruleset(
    name="casino",
    rulebook="CASINO",
    choice_clause="TABLE-1",
    new_state=CasinoState,
    step=apply.step,
    expectation=apply.expectation,
    legal=apply.legal,
    can=apply.can,
    to_json=to_json,
    game_record=current_round,
    summary=summary,
    state_classes=(Card, CasinoState, Hand, Phase, Round, Seat),
    sources=("cards.py", "notation", "core", "casino"),
    hooks={
        "hint": "dealer_assist.casino.cpu:advice",
        "report": "dealer_assist.casino.report",  # build, print_text, FORMATS
        "arguments": "dealer_assist.casino.shell:arguments",
        "schema": "dealer_assist.schema:CasinoGame",
        "panel": "dealer_assist.casino.shell:panel",
        "final": "dealer_assist.casino.shell:final",
        "facts": "dealer_assist.casino.shell:facts",
        "suggestions": "dealer_assist.casino.shell:suggestions",
        "picture": "dealer_assist.casino.shell:picture",
        "public_rulings": "dealer_assist.casino.shell:public_rulings",
        "public": "dealer_assist.casino.shell:public_view",
    },
)
