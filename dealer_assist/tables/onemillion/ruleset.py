"""The One Million table as a ruleset (``dealer_assist.rulesets``): its rules are this package."""

from __future__ import annotations

import json
from functools import partial
from dataclasses import asdict

from dealer_assist.cards import Card
from dealer_assist.core.hand import Hand
from dealer_assist.tables.onemillion.apply import can, expectation, legal, legal_actions, step
from dealer_assist.tables.onemillion.state import (
    Box, Config, Game, JokerSighting, KnownCard, Phase, State, Status,
)  # fmt: skip
from dealer_assist.tables.onemillion.view import game_record, to_json
from dealer_assist.tables.onemillion import grammar
from dealer_assist.core.table import Capabilities, Examples, Ruleset, Screens, Viewpoint
from dealer_assist.tables.onemillion.public import public_view
from dealer_assist.tables.onemillion.secrets import secrets_changed
from dealer_assist.tables.onemillion.store import STORE
from dealer_assist.tables.onemillion.topics import TOPICS
from dealer_assist.tables.onemillion.simulation import SIMULATION

_SETUP: list = [None, ""]  # the last setup written, and its JSON (the setup changes only before game 1)


def _setup_json(config: Config) -> str:
    if _SETUP[0] is not config:  # the engine copies the setup only when a setup command changes it
        _SETUP[:] = [config, json.dumps(asdict(config), ensure_ascii=False, default=list)]
    return _SETUP[1]


def summary(state: State) -> dict:
    seats = json.dumps({str(number): box.player for number, box in state.boxes.items()}, ensure_ascii=False)
    return {"setup": _setup_json(state.config), "status": state.status.value, "games": state.games, "hp": state.hp,
            "seats": seats}  # fmt: skip


def view(state: State, viewpoint: Viewpoint, **options) -> dict:
    """What a viewpoint may know: the dealer everything (NOTATION.md's JSON), the players what
    has been shown at the table (``public``)."""
    return to_json(state) if viewpoint is Viewpoint.DEALER else public_view(state, **options)


def current_game(state: State) -> dict | None:
    return game_record(state, state.game) if state.game is not None else None


def _warm_odds() -> None:
    """The odds' compiled loops (``odds_loops.ready``) and the weighings' memory kept
    (``odds_memory.keep``), before the first figures."""
    from dealer_assist.tables.onemillion import odds_loops, odds_memory

    odds_loops.ready()
    odds_memory.keep()


def _live_odds(state: State, viewpoint: Viewpoint) -> dict | None:
    """Issue 23: the exact odds after the last line, as ``viewpoint`` may know them (``odds``)."""
    from dealer_assist.tables.onemillion.odds import live

    return live(state, viewpoint)


def _screens() -> Screens:
    from dealer_assist.tables.onemillion.screens import SCREENS

    return SCREENS


RULESET = Ruleset(
    name="onemillion",
    rulebook="RULES",
    choice_clause="SETUP",
    new_state=State,
    step=step,
    step_owned=partial(step, owned=True),
    expectation=expectation,
    legal=legal,
    can=can,
    to_json=to_json,
    view=view,
    game_record=current_game,
    summary=summary,
    settling=frozenset({"settle.start", "end.pay_blackjacks_first"}),  # SET-A, or END-1 on a failure
    grammar=grammar.GRAMMAR,
    keywords=grammar.KEYWORDS,
    hand_grammar=grammar.HAND_GRAMMAR,
    topics=TOPICS,
    store=STORE,
    screens=_screens,
    state_classes=(Box, Card, Config, Game, Hand, JokerSighting, KnownCard, State, Phase, Status),
    sources=("cards.py", "notation", "core", "tables/onemillion"),
    options=Config(),
    capabilities=Capabilities(clock=True, deal_guard=True, hands=True, simulation=True, hint=True),
    simulation=SIMULATION,
    live_odds=_live_odds,
    # warm_odds compiles the odds' loops and keeps the weighings' memory only: building every table
    # One Million's odds could need takes ~3–5 s and ~0.9 GB (docs/decisions.md); each is built when a
    # state first needs it, in the odds' own thread
    warm_odds=_warm_odds,
    examples=Examples(
        setup=("quest normal", "dice 1 2", "seat 1 aki 100k", "seat 2 ben 80k", "seat 3 chika 50k"),
        probes=("game", "deal 9", "deal JK", "peek", "reveal", "reveal 5", "dealer 7", "go", "1 ht 5", "1 st",
                "2 dd 9", "2 sp", "1a 5", "3 sr", "bet 1 10k", "seat 4 dan 10k", "seat 9 x", "sr 1", "next 4",
                "empty", "lock 1", "ruleset casino"),
    ),  # fmt: skip
    secrets=secrets_changed,
    hand_actions=legal_actions,
)
