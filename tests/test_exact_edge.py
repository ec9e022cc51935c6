"""Issue 23: the casino's house edge computed exactly (``core.round_value``, ``casino.edge``) —
the published figure for the seed-004 rules, the simulator's interval around it, the next
round's edge from the cards left (public in the viewers' view), and the resplit count.

Published: the Wizard of Odds, "4-Deck to 8-Deck Blackjack Strategy" and the house edge
calculator (wizardofodds.com/games/blackjack/calculator/): six decks, dealer stands on soft 17,
double on any two and after a split, resplit to four hands, no resplitting aces, late
surrender, blackjack 3:2 — a house edge of about 0.33% (the figure ``simulation.run``
already quotes as ``PUBLISHED_EDGE``)."""

from __future__ import annotations

import pytest

from dealer_assist.core import outcomes, round_value
from dealer_assist.core.table import Viewpoint
from dealer_assist.replay import replay_text
from dealer_assist.tables.casino.edge import exact_edge, shoe_odds
from dealer_assist.tables.casino.simulation.run import PUBLISHED_EDGE, simulate_casino


def test_basic_strategys_exact_edge_matches_the_published_figure():
    assert exact_edge("basic") == pytest.approx(PUBLISHED_EDGE, abs=0.00005)  # 0.33% to its last digit


def test_playing_each_hand_as_well_as_can_be_is_never_worse_than_basic_strategy():
    full = outcomes.counts_of(6)
    optimal = -round_value.round_value(full, decide=None)
    assert optimal <= exact_edge("basic") and exact_edge("basic") - optimal < 0.0002


def test_the_seeds_cpu_gives_away_more_than_basic_strategy():
    assert 0.008 < exact_edge("cpu") - exact_edge("basic") < 0.0095  # README: "about 0.8% more"


@pytest.mark.parametrize("strategy", ["basic", "cpu"])
def test_a_seeded_simulations_interval_contains_the_exact_edge(strategy):
    result = simulate_casino(strategy, "continuous", 40_000, seed=2026, workers=2)
    low, high = result["ci95"]
    assert low <= result["exact_edge"] <= high
    assert result["exact_edge"] == pytest.approx(exact_edge(strategy))


def test_the_next_rounds_edge_follows_the_cards_left():
    rich = outcomes.counts_of(6, {"2": 12, "3": 12, "4": 12, "5": 12, "6": 12})  # the small cards gone
    poor = outcomes.counts_of(6, {"T": 40})  # forty tens gone
    assert exact_edge("basic", rich) < 0 < exact_edge("basic") < exact_edge("basic", poor)


def test_the_viewers_shoe_edge_does_not_depend_on_the_hole_card():
    script = "ruleset casino\nseat 1 aki\ngame\ndeal 9 6\ndeal 7 {hole}\n"
    seen = [shoe_odds(replay_text(script.format(hole=hole)).session.state, Viewpoint.PLAYERS)
            for hole in ("[T]", "[5]", "[?]")]
    assert seen[0] == seen[1] == seen[2] and seen[0]["edge"]["strategy"] == "basic"
    dealer = shoe_odds(replay_text(script.format(hole="[5]")).session.state, Viewpoint.DEALER)
    assert dealer["edge"]["next_round"] != seen[0]["edge"]["next_round"]  # the dealer knows one more card


def test_a_pair_is_split_again_to_four_hands_with_the_chance_of_its_rank():
    """PLAY-5: the resplit count (``outcomes._resplit``) for at most three hands, written out."""
    p, other, again = 0.1, 0.2, -0.3
    third = 3 * (p * again + (1 - p) * other)  # three hands: none may be split again
    one_waiting = (1 - p) * other + p * 2 * (p * again + (1 - p) * other)  # one waiting, two hands
    expected = p * third + (1 - p) * (other + one_waiting)
    assert outcomes._resplit(2, 2, p, other, again, 3) == pytest.approx(expected)
    assert outcomes._resplit(2, 2, p, other, again, 2) == pytest.approx(2 * (p * again + (1 - p) * other))
