"""High card's registration record: the whole table as the shell sees it (``core.table.Ruleset``)."""

from __future__ import annotations

import json

from dealer_assist.cards import Card
from dealer_assist.core.table import Capabilities, Examples, Ruleset, Screens, StoreViews, Topic, Viewpoint
from tinytable import grammar, rules


def _screens() -> Screens:
    from tinytable.screens import SCREENS

    return SCREENS


def view(state: rules.TinyState, viewpoint: Viewpoint, **options) -> dict:
    return rules.to_json(state) if viewpoint is Viewpoint.DEALER else rules.players_view(state, **options)


def current(state: rules.TinyState) -> dict | None:
    return rules.record(state) if state.rounds else None


def summary(state: rules.TinyState) -> dict:
    return {"setup": json.dumps({"ruleset": "tiny", "difficulty": None}), "status": "over" if state.over else
            "running", "games": state.rounds, "hp": None, "seats": json.dumps({"1": state.player})}  # fmt: skip


def game_row(record: dict) -> dict:
    """A round's row: the chips after it (there is no dealer's total, no hand, no ledger)."""
    return {"points": record["chips"], "result": None}


# the table's own derived view: each round with its player, the two cards and the chips after it
VIEWS = {"tiny_rounds": """CREATE VIEW tiny_rounds AS
select t.session, t.game as round, json_extract(t.seats, '$."1"') as player,
       json_extract(t.record, '$.hole') as hole, json_extract(t.record, '$.card') as card, t.points as chips
from table_games t where t.ruleset = 'tiny' order by t.session_id, t.game"""}


RULESET = Ruleset(
    name="tiny",
    rulebook="tinytable/TINY",
    choice_clause="HC-1",
    new_state=rules.TinyState,
    step=rules.step,
    expectation=rules.expectation,
    legal=rules.legal,
    can=rules.can,
    to_json=rules.to_json,
    view=view,
    game_record=current,
    summary=summary,
    settling=frozenset({"tiny.settled"}),
    grammar=grammar.GRAMMAR,
    keywords=grammar.KEYWORDS,
    topics=(Topic("hole", "hole [CARD]", ("HC-3",), "[CARD]"), Topic("draw", "draw CARD", ("HC-3",), "CARD"),
            Topic("show", "show", ("HC-4",))),  # fmt: skip
    store=StoreViews(views=VIEWS, game_row=game_row),
    screens=_screens,
    state_classes=(Card, rules.TinyState),
    sources=(),
    capabilities=Capabilities(),
    examples=Examples(setup=("ruleset tiny", "seat 1 aki"),
                      probes=("game", "hole [9]", "hole 9", "draw 5", "draw [5]", "show", "seat 1 ben", "seat 2 x",
                              "ruleset tiny")),  # fmt: skip
    secrets=rules.secrets_changed,
    catalogs="tinytable",
)
