"""Issue 20: the fold's fast paths give exactly what the plain rules give.

``cards.total`` shares one ``Total`` per value, settlement pays in integers, the rules read the
enum members through a plain namespace, and ``apply.step`` routes a command once per class:
each is checked here against the plain computation it replaces."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from math import floor

import pytest

from dealer_assist.cards import JOKER, RANKS, Card, Total, is_blackjack, total
from dealer_assist.errors import DealerAssistError
from dealer_assist import notation as shared
from dealer_assist.notation import lines, parse_line
from dealer_assist.tables.onemillion import apply
from dealer_assist.tables.onemillion.settlement import RATIOS, _exact, winnings
from dealer_assist.tables.onemillion.state import PHASE, STATUS, Phase, State, Status
from dealer_assist.tables.onemillion.step import Step
from dealer_assist.tables.onemillion.view import to_json


def _plain_total(cards: list[Card]) -> Total:
    low = sum(c.low_value for c in cards if not c.is_unknown)
    if any(c.is_ace for c in cards if not c.is_unknown) and low <= 11:
        return Total(low + 10, True)
    return Total(low, False)


def test_total_is_the_sum_of_low_values() -> None:
    rng = random.Random(20)
    faces = [*RANKS, "?"]
    for _ in range(3000):
        cards = [Card(rng.choice(faces)) for _ in range(rng.randint(0, 9))]
        if rng.random() < 0.2:
            cards.append(Card(JOKER, level=rng.choice([None, 0, 1, 2, 3])))
        assert total(cards) == _plain_total(cards)
        assert is_blackjack(cards) == (len(cards) == 2 and _plain_total(cards).value == 21)


def test_a_long_hand_gets_its_own_total() -> None:
    cards = [Card("T")] * 7  # 70: beyond the shared totals
    assert total(cards) == Total(70, False)


@pytest.mark.parametrize("ratio", [*RATIOS.values(), Fraction(3), Fraction(9, 2), Fraction(6), Fraction(12),
                                   Fraction(18), Fraction(24), Fraction(36)])  # fmt: skip
def test_winnings_round_down_like_the_fraction(ratio: Fraction) -> None:
    for bet in range(0, 20_000, 13):
        assert winnings(bet, ratio) == floor(bet * (ratio - 1))
    numerator, denominator, damages, gains_mp = _exact(float(ratio))
    assert Fraction(numerator, denominator) == ratio
    assert damages == (ratio >= Fraction(3, 2)) and gains_mp == (ratio >= Fraction(5, 2))


def test_the_namespaces_hold_the_enum_members_themselves() -> None:
    for phase in Phase:
        assert getattr(PHASE, phase.name) is phase
    for status in Status:
        assert getattr(STATUS, status.name) is status


_PROBES = ["bet 1 1000", "bet 2 1050", "bet 3 -", "deal 5 6 7 8", "deal A T", "next 5", "next [?]", "dealer 7",
           "1 ht 5", "1 st", "1 dd 9", "1 sp", "1 sr", "game", "peek", "reveal 5", "go", "lock 1 2", "empty",
           "note x", "timeup", "backbet"]  # fmt: skip


def _parsed(line: str) -> list:
    try:
        return parse_line(line)
    except DealerAssistError:
        return []


def _outcome(run, state: State, cmd) -> tuple:
    try:
        new, rulings = run(state, cmd)
    except DealerAssistError as exc:
        return ("refused", type(exc).__name__, getattr(exc, "clause", None), exc.text("en"))
    return ("ok", [(r.clause, r.key, repr(r.params)) for r in rulings], to_json(new))


def _plain_step(state: State, cmd) -> tuple:
    """``step`` as it was: every command through ``_dispatch``."""
    if state.over and not isinstance(cmd, (shared.Note, shared.Undo)):
        return apply.step(state, cmd)  # the refusal of a finished quest: the same path in both
    if isinstance(cmd, (shared.Note, shared.Undo)):
        return apply.step(state, cmd)
    t = Step(state.copy())
    apply._dispatch(t, cmd)
    return t.state, t.rulings


def test_the_routed_step_rules_and_refuses_like_the_dispatcher(sample_text: str) -> None:
    state = State()
    probes = [c for p in _PROBES for c in _parsed(p)]
    for _, raw in itertools.islice(lines(sample_text), 400):
        commands = parse_line(raw)
        for cmd in [*probes, *commands]:
            assert _outcome(apply.step, state, cmd) == _outcome(_plain_step, state, cmd), (raw, cmd)
        try:
            for cmd in commands:
                state, _ = apply.step(state, cmd)
        except DealerAssistError:
            break


@pytest.fixture(params=["jokers", "guild_skills", "dealer_skills", "quest_failure", "recovery_and_empty_shoe"])
def sample_text(request: pytest.FixtureRequest) -> str:
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "sample_sessions" / f"{request.param}.txt"
    return path.read_text(encoding="utf-8")
