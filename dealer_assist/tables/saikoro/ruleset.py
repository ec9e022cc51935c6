"""Saikoro's registration record: the whole table as the shell sees it (``core.table.Ruleset``)."""

from __future__ import annotations

import json

from dealer_assist.core.table import Capabilities, Examples, Ruleset, Screens, StoreViews, Viewpoint
from dealer_assist.tables.saikoro import apply, grammar, topics
from dealer_assist.tables.saikoro.commands import Extras, Value
from dealer_assist.tables.saikoro.options import Options
from dealer_assist.tables.saikoro.state import Phase, SaikoroState, Win


def _screens() -> Screens:
    from dealer_assist.tables.saikoro.screens import SCREENS

    return SCREENS


def _odds():
    from dealer_assist.tables.saikoro.odds_command import command

    return command


def view(state: SaikoroState, viewpoint: Viewpoint, **options) -> dict:
    return apply.to_json(state)  # the same for every viewpoint: nothing is hidden


def current(state: SaikoroState) -> dict | None:
    """The hand as the store keeps it: its record once settled, else what is known so far."""
    if not state.hands:
        return None
    if state.phase in (Phase.BETWEEN, Phase.OVER) and len(state.history) == state.hands:
        return state.history.last(1)[0]
    return {"game": state.hands, "wind": "east" if state.wind == 0 else "south", "kyoku": state.kyoku,
            "honba": state.honba, "points": list(state.points), "chips": list(state.chips)}  # fmt: skip


def summary(state: SaikoroState) -> dict:
    return {"setup": json.dumps({"ruleset": "saikoro", "difficulty": None}), "status": "over" if state.over
            else "running", "games": state.hands, "hp": None,
            "seats": json.dumps({str(seat): state.names[seat - 1] for seat in state.seated})}  # fmt: skip


def game_row(record: dict) -> dict:
    """A hand's row: the points after it as a list, its kind (win, draw, chombo) as the result."""
    return {"points": sum(record.get("points", [])), "result": record.get("kind")}


VIEWS = {"saikoro_hands": """CREATE VIEW saikoro_hands AS
select t.session, t.game as hand, json_extract(t.record, '$.wind') as wind, json_extract(t.record, '$.kyoku') as kyoku,
       json_extract(t.record, '$.honba') as honba, json_extract(t.record, '$.kind') as kind,
       json_extract(t.record, '$.points') as points, json_extract(t.record, '$.chips') as chips
from table_games t where t.ruleset = 'saikoro' order by t.session_id, t.game"""}


def _live_odds(state, viewpoint):
    from dealer_assist.tables.saikoro.live import live

    return live(state, viewpoint)


RULESET = Ruleset(
    name="saikoro",
    rulebook="dealer_assist.tables.saikoro/SAIKORO",
    choice_clause="SAI-1",
    live_odds=_live_odds,
    new_state=SaikoroState,
    step=apply.step,
    expectation=apply.expectation,
    legal=apply.legal,
    can=apply.can,
    to_json=apply.to_json,
    view=view,
    game_record=current,
    summary=summary,
    settling=frozenset({"saikoro.hand_settled"}),
    grammar=grammar.GRAMMAR,
    keywords=grammar.KEYWORDS,
    topics=topics.TOPICS,
    store=StoreViews(views=VIEWS, game_row=game_row),
    screens=_screens,
    state_classes=(SaikoroState, Win, Value, Extras, Options),
    sources=("notation", "core", "tables/saikoro"),
    capabilities=Capabilities(hint=True, odds=True),
    odds=_odds,
    examples=Examples(
        setup=("ruleset saikoro", "option bust play", "seat 1 aki", "seat 2 ben", "seat 3 chika"),
        probes=("game", "riichi 1", "riichi 2", "ron 2 1 3h30", "ron 3 1 mangan", "tsumo 1 2h40", "tsumo 3 yakuman",
                "tsumo 1 mangan ippatsu", "roll 4 5 6", "roll 3 3", "roll 1 1", "roll 2 5", "roll 1 2 3",
                "roll 2 2 5", "roll 1 1 1", "keep", "ryukyoku 1", "ryukyoku -", "ryukyoku 1 2", "chombo 3",
                "nagashi 2", "seat 4 dan", "option tsumo split"),
    ),  # fmt: skip
    secrets=apply.secrets_changed,
    catalogs="dealer_assist.tables.saikoro",
)
