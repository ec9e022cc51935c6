"""The players' view (engine.public), tested against the full state: after every command of
every sample session and of random legal sessions, the view does not change when what only
the dealer knows changes (the hole card's face, the dealer's joker count and the phases it
gives), and no ruling made from the dealer's private knowledge passes."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer_assist import notation as n
from dealer_assist import rulesets
from dealer_assist.core.table import Viewpoint
from dealer_assist.tables.casino.public import public_view as casino_public_view
from dealer_assist.tables.casino.state import CasinoState
from dealer_assist.tables.onemillion import Session, State
from dealer_assist.tables.onemillion.public import HIDDEN, PRIVATE_KEYS, public_rulings, public_view
from dealer_assist.tables.onemillion.scriptgen import Generator, Options
from helpers import dealers_secrets_changed

SAMPLES = sorted((Path(__file__).parent.parent / "sample_sessions").glob("*.txt"))


def hidden_variant(state):
    """The same table with everything only the dealer knows changed (each table's secrets)."""
    return dealers_secrets_changed(state)


def check(state, rulings) -> None:
    """What every table's players' view keeps (``Ruleset.view``, ``Ruleset.secrets``,
    ``Screens.public_rulings``): it does not change with what only the dealer knows, nor do the
    rulings the viewers read; then the table's own checks, if the tests have some for it."""
    table = rulesets.of(state)
    view = table.view(state, Viewpoint.PLAYERS)
    assert table.view(hidden_variant(state), Viewpoint.PLAYERS) == view
    TABLE_CHECKS.get(table.name, lambda state, rulings: None)(state, rulings)


def check_casino(state: CasinoState, rulings) -> None:
    view = casino_public_view(state)
    current = state.round
    if current is not None and current.hole is not None:
        assert view["dealer"]["cards"][1] == HIDDEN and view["dealer"]["hole"]
        assert not view["dealer"]["blackjack"]
        for ruling in rulings:  # every casino ruling is public: none may be about the hidden hole card
            assert ruling.key not in ("casino.reveal", "casino.dealer_blackjack", "casino.dealer_draws")


def check_onemillion(state: State, rulings) -> None:
    view = public_view(state)
    text = json.dumps(view, ensure_ascii=False)
    game = state.game
    if game is not None and game.hole is not None:
        assert view["dealer"]["cards"][1] == HIDDEN and view["dealer"]["hole"]
        visible = [str(c) for c in game.dealer_visible()]
        assert sorted(view["dealer"]["cards"]) == sorted([*visible, HIDDEN])  # only the visible faces
        assert not view["dealer"]["blackjack"]
    assert "jokers_dealer" not in text and view["jokers"] == state.jokers_players
    for ruling in public_rulings(rulings, state):
        assert ruling.key not in PRIVATE_KEYS
        if game is not None and game.hole is not None:
            assert ruling.key not in ("joker.ace_dealer", "joker.stands")



# the tables' own checks beyond the common one, by table (a table without any runs the common one)
TABLE_CHECKS = {"onemillion": check_onemillion, "casino": check_casino}

def walk(lines: list[str]) -> int:
    session = Session()
    hidden = 0
    for line in lines:
        for cmd in n.parse_line(line):
            outcome = session.submit(cmd)
            check(session.state, outcome.rulings)
            game = getattr(session.state, "game", None) or getattr(session.state, "round", None)
            hidden += game is not None and game.hole is not None
    return hidden


@pytest.mark.parametrize("script", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_the_players_view_of_every_sample_never_shows_what_only_the_dealer_knows(script):
    lines = script.read_text(encoding="utf-8").splitlines()
    walk(lines)


def test_the_samples_do_reach_hidden_hole_cards_and_dealer_checks():
    total = sum(walk(p.read_text(encoding="utf-8").splitlines()) for p in SAMPLES)
    assert total > 20


@settings(max_examples=int(os.environ.get("DEALER_ASSIST_EXAMPLES", "60")) // 2 or 1, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])  # fmt: skip
@given(seed=st.integers(0, 2**32 - 1))
def test_the_players_view_of_random_legal_sessions_never_shows_what_only_the_dealer_knows(seed):
    walk(Generator(seed, Options(games=8)).run())


def test_a_peeked_hole_card_stays_hidden_and_its_joker_ruling_stays_private():
    script = """quest easy
dice 6
jk 0 2
seat 1 aki 100k
game
bet 1 10k
deal 9 A
deal 7 [?]
peek [JK]"""
    session = Session()
    rulings = []
    for line in script.splitlines():
        for cmd in n.parse_line(line):
            rulings = session.submit(cmd).rulings
    state = session.state
    assert state.jokers_dealer == 1 and state.jokers_players == 0
    view = public_view(state)
    assert view["dealer"]["cards"] == ["A", HIDDEN] and view["jokers"] == 0
    keys = [r.key for r in rulings]
    assert "joker.dealer" in keys and "joker.ace_dealer" in keys
    shown = [r.key for r in public_rulings(rulings, state)]
    assert "joker.dealer" not in shown and "joker.ace_dealer" not in shown and "check.no_blackjack" in shown


def test_rulings_that_state_the_exact_hp_are_worded_with_the_announced_figure_unless_shown():
    script = ("quest easy", "dice 6", "jk 0 0", "hp 412345", "seat 1 aki 100k", "game", "bet 1 10k",
              "deal T 6 6 [T]", "1 st", "reveal", "next 2", "next [?]")  # 16 loses to 18: healed  # fmt: skip
    session = Session()
    said = []
    for line in script:
        for cmd in n.parse_line(line):
            said += session.submit(cmd).rulings
    state = session.state
    assert {"announce", "game.recovery_on", "settle.heal"} <= {r.key for r in said}
    hidden = public_rulings(said, state)
    texts = " ".join(r.text(lang) for r in hidden for lang in ("en", "ja"))
    assert "412,345" not in texts and "41万2345" not in texts and "422,345" not in texts
    assert "500,000 P or less" in texts and "「50万P以下」" in texts
    shown = public_rulings(said, state, exact_hp=True)
    assert "422,345" in " ".join(r.text("en") for r in shown)


def test_the_exact_hp_and_the_shoe_count_only_when_the_dealer_opts_in():
    session = Session()
    for line in ("quest easy", "dice 6", "hp 975k", "shoe 400", "seat 1 aki 100k", "game"):
        session.submit_all(n.parse_line(line))
    view = public_view(session.state)
    assert view["hp"]["announce"] == 1_000_000 and view["hp"]["exact"] is None and view["shoe"] is None
    view = public_view(session.state, exact_hp=True, shoe=True)
    assert view["hp"]["exact"] == 975_000 and view["shoe"] == 400


def test_an_up_card_equal_to_the_hole_card_is_still_shown():
    """Found by the conformance walk: the dealer's closed up card [J] and a hole card [J] may
    be one object (the notation's cache), and the view told the hole by identity — it hid the
    up card too, which told the viewers that the hole card was the same."""
    lines = ["quest normal", "dice 1 2", "seat 1 aki 100k", "seat 2 ben 80k", "seat 3 chika 50k", "game",
             "deal 3", "deal [A]", "deal [Q]", "deal [J]", "deal 4", "deal 3", "deal Q", "yellow 2", "deal [J]"]  # fmt: skip
    session = Session()
    for line in lines:
        for cmd in n.parse_line(line):
            session.submit(cmd)
    assert session.state.game.dealer[0] is session.state.game.dealer[1]  # the case itself
    view = public_view(session.state)
    assert view["dealer"]["cards"] == ["[J]", HIDDEN] and view["dealer"]["total"] == 10
    assert view == public_view(hidden_variant(session.state))
