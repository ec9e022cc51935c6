"""The casino table as a ruleset (``dealer_assist.rulesets``)."""

from __future__ import annotations

import json
from functools import partial

from dealer_assist.cards import Card
from dealer_assist.tables.casino import apply
from dealer_assist.tables.casino.state import CasinoState, Phase, Round, Seat
from dealer_assist.tables.casino.view import round_record, to_json
from dealer_assist.core.hand import Hand
from dealer_assist.tables.casino import grammar
from dealer_assist.core.table import Capabilities, Examples, Ruleset, Screens, Viewpoint
from dealer_assist.tables.casino.public import public_view
from dealer_assist.tables.casino.options import OPTIONS
from dealer_assist.tables.casino.secrets import secrets_changed
from dealer_assist.tables.casino.store import STORE
from dealer_assist.tables.casino.topics import TOPICS
from dealer_assist.tables.casino.simulation import SIMULATION


def summary(state: CasinoState) -> dict:
    return {"setup": json.dumps({"ruleset": "casino", "difficulty": None}), "status": "over" if state.over else
            "running", "games": state.rounds, "hp": None,
            "seats": json.dumps({str(n): s.player for n, s in state.seats.items()}, ensure_ascii=False)}  # fmt: skip


def current_round(state: CasinoState) -> dict | None:
    return round_record(state, state.round) if state.round is not None else None


def _screens() -> Screens:
    from dealer_assist.tables.casino.screens import SCREENS

    return SCREENS


def view(state: CasinoState, viewpoint: Viewpoint, **options) -> dict:
    """What a viewpoint may know: the dealer everything, the players the hole card face down."""
    return to_json(state) if viewpoint is Viewpoint.DEALER else public_view(state, **options)


def _live_odds(state, viewpoint):
    from dealer_assist.tables.casino.odds import live

    return live(state, viewpoint)


def _shoe_odds(state, viewpoint):
    from dealer_assist.tables.casino.edge import shoe_odds

    return shoe_odds(state, viewpoint)


def _odds():
    from dealer_assist.tables.casino.odds_command import command

    return command


def _warm_odds() -> None:
    from dealer_assist.core import outcomes

    outcomes.warm()


RULESET = Ruleset(
    name="casino",
    rulebook="CASINO",
    choice_clause="TABLE-1",
    new_state=CasinoState,
    live_odds=_live_odds,
    shoe_odds=_shoe_odds,
    warm_odds=_warm_odds,
    step=apply.step,
    step_owned=partial(apply.step, owned=True),
    expectation=apply.expectation,
    legal=apply.legal,
    can=apply.can,
    to_json=to_json,
    view=view,
    game_record=current_round,
    summary=summary,
    settling=frozenset({"casino.settlement"}),  # PAY-1
    grammar=grammar.GRAMMAR,
    keywords=grammar.KEYWORDS,
    topics=TOPICS,
    store=STORE,
    screens=_screens,
    state_classes=(Card, CasinoState, Hand, Phase, Round, Seat),
    sources=("cards.py", "notation", "core", "tables/casino"),
    options=OPTIONS,
    capabilities=Capabilities(hint=True, hands=True, simulation=True, odds=True),
    odds=_odds,
    catalogs="dealer_assist.tables.casino",
    simulation=SIMULATION,
    examples=Examples(
        setup=("ruleset casino", "seat 1 aki", "seat 2 ben", "seat 3 chika"),
        probes=("game", "deal 9", "peek", "reveal", "reveal 5", "dealer 7", "ins 1", "ins 7", "1 ht 5", "1 st",
                "2 dd 9", "2 sp", "1a 5", "3 sr", "seat 4 dan", "seat 9 x", "ruleset casino"),
    ),  # fmt: skip
    secrets=secrets_changed,
    hand_actions=apply.legal_actions,
)
