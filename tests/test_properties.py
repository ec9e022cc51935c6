"""Property tests over random legal scripts (jokers, dealer skills and guild skills on)."""

from __future__ import annotations

import copy
import os
import json
import random
from fractions import Fraction
from math import floor

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer_assist import notation as n
from dealer_assist.tables.onemillion import Session, State, to_json
from dealer_assist.errors import DealerAssistError
from dealer_assist.replay import replay_text
from dealer_assist.schema import validate
from dealer_assist.tables.onemillion.scriptgen import Generator, Options

SETTINGS = settings(
    max_examples=int(os.environ.get("DEALER_ASSIST_EXAMPLES", "60")),  # raise it for a longer search
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
seeds = st.integers(min_value=0, max_value=2**32 - 1)
options = st.sampled_from([
    Options(games=12),  # everything on
    Options(games=12, jokers=False),
    Options(games=12, skills=False, extras=False, jokers=False),
    Options(games=12, hp=150_000),  # quests that end in success or failure
])  # fmt: skip


def play(seed: int, opts: Options) -> tuple[list[str], list[tuple[State, State]]]:
    """The script, and for each game the state at its start and at its end."""
    lines = Generator(seed, opts).run()
    session = Session()
    spans: list[tuple[State, State]] = []
    start: State | None = None
    for line in lines:
        for cmd in n.parse_line(line):
            before = session.state
            session.submit(cmd)
            if isinstance(cmd, n.Game):
                if start is not None:
                    spans.append((start, before))
                start = before
    if start is not None:
        spans.append((start, session.state))
    return lines, spans


def games(seed: int, opts: Options):
    """Each game as (state at its start, state at its end, its JSON record)."""
    lines, spans = play(seed, opts)
    log = to_json(Session.replay([c for line in lines for c in n.parse_line(line)]).state)["log"]
    return [(start, end, record) for (start, end), record in zip(spans, log, strict=True)]


def points(state: State) -> int:
    return sum(box.points for box in state.boxes.values())


@SETTINGS
@given(seed=seeds, opts=options)
def test_random_legal_scripts_never_crash_and_replay_identically(seed, opts):
    lines, _ = play(seed, opts)
    text = "\n".join(lines)
    first, second = replay_text(text), replay_text(text)
    assert first.ok and second.ok, first.error_text() if not first.ok else second.error_text()
    assert json.dumps(to_json(first.session.state)) == json.dumps(to_json(second.session.state))
    validate(to_json(first.session.state))  # the public JSON, whatever happened


@SETTINGS
@given(seed=seeds, opts=options)
def test_set_each_ledger_sums_to_the_change_in_the_boxes_points(seed, opts):
    for start, end, record in games(seed, opts):
        assert sum(e["points"] for e in record["ledger"]) == points(end) - points(start), record["game"]
        assert all(box.points >= 0 for box in end.boxes.values())  # SET-5


@SETTINGS
@given(seed=seeds, opts=options)
def test_set_1_damage_equals_the_winnings_of_hands_paid_1_5x_or_more(seed, opts):
    for start, end, record in games(seed, opts):
        damage = sum(e["damage"] for e in record["ledger"])
        winnings = sum(
            floor(h["bet"] * (Fraction(h["ratio"]) - 1))
            for h in record["hands"]
            if h["ratio"] is not None and h["ratio"] >= 1.5 and h["result"] is not None
        )
        if end.hp > 0:
            assert damage == winnings, record
        else:
            assert damage <= winnings
        for e in record["ledger"]:
            assert e["damage"] >= 0 and e["hp"] >= 0


@SETTINGS
@given(seed=seeds, opts=options)
def test_heal_never_exceeds_collected_losing_bets_nor_the_cap(seed, opts):
    for start, end, record in games(seed, opts):
        healed = sum(e["heal"] for e in record["ledger"])
        losing = sum(h["bet"] for h in record["hands"] if h["result"] in ("lose", "bust", "joker"))
        assert healed <= losing
        cap = start.config.heal_cap
        for e in record["ledger"]:
            if e["step"] == "D":
                assert e["hp"] <= cap and e["heal"] > 0
        if not record["recovery"]:
            assert healed == 0


PROBES = [
    "game", "bet 1 10k", "bet 2 49500", "bet 3 -", "deal 9", "deal [?]", "deal JK", "sr 1", "go",
    "peek", "peek 9", "lock 1 2", "lock none", "1 ht 5", "1 st", "2 dd 9", "3 sp", "4a 7", "1 sr",
    "5 foresight 9", "timeup", "reveal", "reveal 7", "next 9", "next [?]", "dealer 5", "backbet",
    "redistribute 1=10k", "yellow 9", "seat 2 x 10k", "empty", "3 ht [JK]", "7 st",
]  # fmt: skip


@SETTINGS
@given(seed=seeds, opts=options, cut=st.floats(0, 1), probes=st.lists(st.sampled_from(PROBES), max_size=6))
def test_a_refused_command_leaves_the_state_unchanged(seed, opts, cut, probes):
    lines, _ = play(seed, opts)
    session = Session()
    for line in lines[: int(len(lines) * cut)]:
        session.submit_all(n.parse_line(line))
    for probe in probes:
        before = session.state
        snapshot = copy.deepcopy(before)
        before_json = json.dumps(to_json(before))
        try:
            session.submit_all(n.parse_line(probe))
        except DealerAssistError:
            assert session.state is before
            assert before == snapshot  # the engine did not touch the state it was given
            assert json.dumps(to_json(session.state)) == before_json


def test_generator_covers_every_ending():
    reasons = set()
    for seed in range(150):
        lines, _ = play(seed, Options(games=25, hp=random.Random(seed).choice([100_000, 400_000])))
        state = replay_text("\n".join(lines)).session.state
        reasons.add(state.reason)
    assert {"hp_zero", "below_threshold", "joker"} <= reasons


COPY_ON_WRITE = {"config", "boxes", "yellow", "replaced_by", "skills"}  # shared until a step changes them


def test_state_copy_shares_only_the_parts_a_step_copies_on_write():
    """The engine works on ``State.copy()``: the game, its hands and every other list, dict
    and set are new; the setup, boxes, yellow cards and joker records are shared until a step
    changes them (``Table.own_*``)."""
    import dataclasses

    lines, _ = play(7, Options(games=3))
    session = Session()
    for line in lines[: len(lines) // 2]:
        session.submit_all(n.parse_line(line))
    state = session.state
    clone = state.copy()

    def check(a, b, path, shared=frozenset()):
        for f in dataclasses.fields(a):
            x, y = getattr(a, f.name), getattr(b, f.name)
            if f.name in shared:
                continue
            if isinstance(x, (list, dict, set)):
                assert x is not y, f"{path}.{f.name} is shared"
            if dataclasses.is_dataclass(x) and not getattr(type(x), "__dataclass_params__").frozen:
                assert x is not y, f"{path}.{f.name} is shared"
                check(x, y, f"{path}.{f.name}")
        return True

    check(state, clone, "state", COPY_ON_WRITE)
    assert clone.jokers is not state.jokers and all(a is b for a, b in zip(clone.jokers, state.jokers))
    if state.game is not None:
        for h1, h2 in zip(state.game.hands, clone.game.hands, strict=True):
            assert h1 is not h2 and h1.cards is not h2.cards


@SETTINGS
@given(seed=seeds, opts=options)
def test_a_step_never_changes_the_state_it_was_given(seed, opts):
    """Copy on write done right: after every accepted command the state before it is intact."""
    lines, _ = play(seed, opts)
    session = Session()
    for line in lines:
        for cmd in n.parse_line(line):
            before = session.state
            snapshot = copy.deepcopy(before)
            session.submit(cmd)
            assert before == snapshot, line
