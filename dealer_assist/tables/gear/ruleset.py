"""Blackjack Gear's registration record: the whole table as the shell sees it (``core.table.Ruleset``)."""

from __future__ import annotations

import json

from dealer_assist.cards import Card
from dealer_assist.core.table import Capabilities, Examples, Ruleset, Screens, StoreViews, Viewpoint
from dealer_assist.tables.gear import apply, grammar, topics
from dealer_assist.tables.gear.commands import Effect, GearDef
from dealer_assist.tables.gear.state import GearState, Mod, PlacedGear, Player


def _screens() -> Screens:
    from dealer_assist.tables.gear.screens import SCREENS

    return SCREENS


def view(state: GearState, viewpoint: Viewpoint, **options) -> dict:
    return apply.to_json(state) if viewpoint is Viewpoint.DEALER else apply.players_view(state, **options)


def current(state: GearState) -> dict | None:
    """The round as the store keeps it: its record once settled, else what is known so far."""
    if not state.rounds:
        return None
    if state.result is not None and state.result["round"] == state.rounds:
        return state.result
    return {"game": state.rounds, "round": state.rounds, "hp": [state.player(1).hp, state.player(2).hp],
            "phase": state.phase.value}  # fmt: skip


def summary(state: GearState) -> dict:
    return {"setup": json.dumps({"ruleset": "gear", "difficulty": None}), "status": "over" if state.over else
            "running", "games": state.rounds, "hp": None,
            "seats": json.dumps({str(seat): state.player(seat).name for seat in (1, 2) if state.player(seat).name})}  # fmt: skip


def game_row(record: dict) -> dict:
    """A round's row: the HP after it (both players', added) and how it ended."""
    return {"points": sum(record.get("hp", [])), "result": record.get("kind")}


VIEWS = {"gear_rounds": """CREATE VIEW gear_rounds AS
select t.session, t.game as round, json_extract(t.record, '$.kind') as kind,
       json_extract(t.record, '$.goal') as goal, json_extract(t.record, '$.loser') as loser,
       json_extract(t.record, '$.lost') as lost, json_extract(t.record, '$.hp') as hp
from table_games t where t.ruleset = 'gear' order by t.session_id, t.game"""}

SETUP = (
    "ruleset gear",
    "gear raise placed 2 5 bet:opp:+1", "gear guard placed 2 5 bet:self:-1", "gear goal-24 placed 3 3 goal:=24",
    "gear breaker consumable 2 4 remove", "gear force consumable 3 3 draw:opp", "gear potion consumable 4 1 heal:self:1",
    "seat 1 aki", "seat 2 ben",
    "deck 1 raise*4 guard*4 goal-24*3 breaker*3 force*3 potion*3",
    "deck 2 raise*4 guard*4 goal-24*3 breaker*3 force*3 potion*3",
    "first 1", "pick 1 raise guard breaker", "pick 2 goal-24 force potion",
)  # fmt: skip

def _live_odds(state, viewpoint):
    from dealer_assist.tables.gear.live import live

    return live(state, viewpoint)


RULESET = Ruleset(
    name="gear",
    rulebook="dealer_assist.tables.gear/GEAR",
    choice_clause="GEAR-0",
    live_odds=_live_odds,
    new_state=GearState,
    step=apply.step,
    expectation=apply.expectation,
    legal=apply.legal,
    can=apply.can,
    to_json=apply.to_json,
    view=view,
    game_record=current,
    summary=summary,
    settling=frozenset({"gear.round_settled"}),
    grammar=grammar.GRAMMAR,
    keywords=grammar.KEYWORDS,
    topics=topics.TOPICS,
    store=StoreViews(views=VIEWS, game_row=game_row),
    screens=_screens,
    state_classes=(GearState, Player, Mod, PlacedGear, GearDef, Effect, Card),
    sources=("cards.py", "notation", "core", "tables/gear"),
    capabilities=Capabilities(hint=True),
    examples=Examples(
        setup=SETUP,
        probes=("round", "cards 1 [9] 5", "cards 2 [?] K", "hit 1 7", "hit 2 JK", "stand 1", "stand 2", "use 1 raise",
                "use 2 goal-24", "use 1 breaker goal-24", "pick 1 raise", "pick 2 potion", "flip 2 8", "seat 3 x",
                "mulligan 1 -"),
    ),  # fmt: skip
    secrets=apply.secrets_changed,
    catalogs="dealer_assist.tables.gear",
)
