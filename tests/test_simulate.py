"""`dealer-assist simulate`: the shoes, reproducible results for a seed whatever the number
of workers, the JSON and its intervals, the five-round game, One Million quests, the HTML
page. Small seed-fixed samples (the house-edge check at 10^7 hands is a benchmark:
benchmarks/bench_simulate.py)."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from click.testing import CliRunner

from dealer_assist import notation as n
from dealer_assist.cards import RANKS
from dealer_assist.casino.apply import legal_actions, step
from dealer_assist.casino.state import CasinoState, Phase
from dealer_assist.cli import cli
from dealer_assist.sim.casino import Offered, house_edge_chunk
from dealer_assist.sim.shoe import CasinoShoe, HalfUpShoe
from dealer_assist.sim.stats import mean_interval, proportion_interval
from dealer_assist.simulate import (SimulationError, lines, parse_dice, simulate_casino, simulate_game,
                                    simulate_quest)  # fmt: skip

TIMINGS = {"seconds", "hands_per_second", "hands_per_second_per_worker", "games_per_second", "quests_per_second",
           "workers"}  # fmt: skip


def figures(result: dict) -> dict:
    """A result without its timings (and the number of workers)."""
    return {k: v for k, v in result.items() if k not in TIMINGS}


def run(*args: str):
    result = CliRunner().invoke(cli, ["simulate", *args], env={"COLUMNS": "120"})
    return result.exit_code, result.output


# --------------------------------------------------------------------------- shoes


def test_casino_shoe_deals_six_decks_once_each_then_reshuffles():
    shoe = CasinoShoe(random.Random(1))
    dealt = Counter(shoe.draw().rank for _ in range(312))
    assert dealt == {rank: 24 for rank in RANKS} and len(shoe) == 0
    shoe.shuffle()
    assert len(shoe) == 312


def test_casino_shoe_takes_the_discards_when_it_runs_out_mid_round():
    shoe = CasinoShoe(random.Random(2))
    for _ in range(300):
        shoe.draw()
    shoe.end_round()  # 300 cards are discards
    table = [shoe.draw() for _ in range(12)]  # the shoe is empty now, 12 cards on the table
    assert len(shoe) == 0
    more = [shoe.draw() for _ in range(300)]  # SHOE-4: the discards, not the table's cards
    assert Counter(c.rank for c in table + more) == {rank: 24 for rank in RANKS}


def test_half_up_shoe_half_open_and_seven_closed_jokers():
    shoe = HalfUpShoe(random.Random(3), 8)
    cards = [shoe.draw() for _ in range(len(shoe))]
    assert len(cards) == 8 * 52 + 7 and shoe.draw() is None and shoe.peek() is None
    jokers = [c for c in cards if c.is_joker]
    assert len(jokers) == 7 and all(c.closed for c in jokers)
    assert sum(not c.closed for c in cards) == 4 * 52


# --------------------------------------------------------------------------- statistics


def test_intervals():
    mean, sd, low, high = mean_interval(4, 4.0, 8.0)  # values 0, 2, 0, 2
    assert mean == 1.0 and low < 1.0 < high and sd == pytest.approx((4 / 3) ** 0.5)
    p, low, high = proportion_interval(0, 10)
    assert p == 0 and low == 0 and 0 < high < 0.35
    p, low, high = proportion_interval(50, 100)
    assert low < 0.5 < high and high - low == pytest.approx(0.19, abs=0.01)


# --------------------------------------------------------------------------- the casino table


def test_casino_simulation_is_reproducible_for_a_seed_and_independent_of_workers():
    one = simulate_casino("basic", "continuous", 3_000, seed=5, workers=1, chunk=1_000)
    again = simulate_casino("basic", "continuous", 3_000, seed=5, workers=1, chunk=1_000)
    two = simulate_casino("basic", "continuous", 3_000, seed=5, workers=2, chunk=1_000)
    assert figures(one) == figures(again) == figures(two)
    other = simulate_casino("basic", "continuous", 3_000, seed=6, workers=1, chunk=1_000)
    assert figures(other)["net_chips"] != figures(one)["net_chips"]


def test_casino_json_keys_and_interval():
    result = simulate_casino("cpu", "reshuffle", 2_000, seed=1, workers=1)
    assert result["hands"] == 2_000
    low, high = result["ci95"]
    assert low < result["house_edge"] < high and high - low < 0.2
    assert result["hands_per_second"] > 0
    assert sum(result["outcomes"].values()) == pytest.approx(1)
    assert sum(result["net_chips"].values()) == 2_000
    assert all(int(k) % 5 == 0 and -80 <= int(k) <= 80 for k in result["net_chips"])
    json.dumps(result)


def test_casino_strategies_play_differently_on_the_same_shoes():
    basic = simulate_casino("basic", "continuous", 2_000, seed=3, workers=1)
    cpu = simulate_casino("cpu", "continuous", 2_000, seed=3, workers=1)
    assert basic["per_hand"]["double"] > cpu["per_hand"]["double"]  # basic doubles soft hands and 9s too
    assert basic["per_hand"]["blackjack"] == pytest.approx(cpu["per_hand"]["blackjack"], abs=0.01)


def test_the_real_shoe_and_the_engines_count_agree_through_reshuffles():
    # 4,000 rounds from one shoe cross SHOE-3 many times; the chunk checks the count every round
    result = house_edge_chunk({"strategy": "basic", "shuffle": "reshuffle", "hands": 4_000, "seed": 9, "index": 0})
    assert sum(result["net"].values()) == 4_000


def test_offered_actions_are_the_engines():
    """The simulator remembers the offered actions per kind of hand; what it remembers is
    what the engine's legal_actions says for every hand met."""
    offered = Offered()
    deck = [r for r in RANKS for _ in range(24)]
    rng = random.Random(4)
    state = CasinoState()
    for seat in (1, 2, 3):
        state, _ = step(state, n.Seat(seat, f"p{seat}", None))
    shoe = deck[:]
    rng.shuffle(shoe)
    from dealer_assist.cards import Card
    from dealer_assist.casino import play
    from dealer_assist.casino.step import Step

    checked = 0
    while not state.over:
        phase = state.phase
        if phase in (Phase.SETUP, Phase.BETWEEN):
            cmd = n.Game()
        elif phase is Phase.DEAL:
            cmd = n.Deal(tuple(Card(shoe.pop()) for _ in state.round.recipients))
        elif phase is Phase.INSURANCE:
            cmd = n.Go()
        elif phase is Phase.PEEK:
            cmd = n.Peek()
        elif phase is Phase.REVEAL:
            cmd = n.Reveal()
        elif phase is Phase.DEALER:
            cmd = n.DealerCard(Card(shoe.pop()))
        else:
            hand = play.current_hand(Step(state))
            ref = n.HandRef(hand.box, hand.letter)
            if len(hand.cards) == 1:
                cmd = n.SplitCard(ref, Card(shoe.pop()))
            else:
                count = sum(1 for h in state.round.hands if h.box == hand.box)
                legal = legal_actions(state, hand.label)
                assert list(offered(state, hand, count)) == legal
                checked += 1
                action = "sp" if "sp" in legal else rng.choice(legal)
                cmd = {"ht": lambda: n.Hit(ref, Card(shoe.pop())), "st": lambda: n.Stand(ref),
                       "dd": lambda: n.Double(ref, Card(shoe.pop())), "sp": lambda: n.Split(ref),
                       "sr": lambda: n.LateSurrender(ref)}[action]()  # fmt: skip
        state, _ = step(state, cmd)
    assert checked > 10


def test_game_simulation_wins_draws_and_losses():
    result = simulate_game("basic", "reshuffle", 300, opponents=2, seat=2, seed=1, workers=1, chunk=100)
    assert result["games"] == 300
    assert result["win"] + result["draw"] + result["lose"] == pytest.approx(1)
    low, high = result["ci95"]
    assert 0 <= low <= result["win"] <= high <= 1
    assert result["hands"] >= 300 * 3  # three seats, at least one round each
    again = simulate_game("basic", "reshuffle", 300, opponents=2, seat=2, seed=1, workers=2, chunk=100)
    assert figures(again) == figures(result)


def test_game_alone_is_ranked_against_100_chips():
    result = simulate_game("cpu", "continuous", 200, opponents=0, seed=2, workers=1)
    chips = {int(k): v for k, v in result["final_chips"].items()}
    assert result["win"] * 200 == pytest.approx(sum(v for k, v in chips.items() if k > 100))
    assert result["draw"] * 200 == pytest.approx(chips.get(100, 0))


def test_bad_options_are_refused():
    with pytest.raises(SimulationError):
        simulate_casino("martingale", "continuous", 10)
    with pytest.raises(SimulationError):
        simulate_casino("basic", "continuous", 0)
    with pytest.raises(SimulationError):
        simulate_game("basic", "continuous", 10, opponents=6)
    with pytest.raises(SimulationError):
        simulate_game("basic", "continuous", 10, opponents=1, seat=3)


# --------------------------------------------------------------------------- One Million


def test_dice():
    assert parse_dice(("4", "5"), "hard") == (4, 5)
    assert parse_dice(("45",), "normal") == (4, 5)
    assert parse_dice(("4,4,5",), "extreme") == (4, 4, 5)
    assert parse_dice((), "easy") is None and parse_dice(("random",), "easy") is None
    with pytest.raises(SimulationError):
        parse_dice(("4",), "hard")
    with pytest.raises(SimulationError):
        parse_dice(("7",), "easy")


def test_quest_simulation_runs_and_reports_success_in_0_1():
    result = simulate_quest("easy", (6,), 4, 12, seed=1, workers=1, bet=0.5, chunk=5)
    assert result["quests"] == 12
    assert 0 <= result["ci95"][0] <= result["success"] <= result["ci95"][1] <= 1
    assert sum(result["end_reasons"].values()) == 12
    assert result["end_reasons"]["hp_zero"] == result["successes"]
    histogram = result["games"]["histogram"]
    assert sum(sum(v.values()) for v in histogram.values()) == 12
    assert result["hp_over_games"][0]["quests"] == 12
    assert all(row["p10"] <= row["p50"] <= row["p90"] for row in result["hp_over_games"])
    assert result["hands_per_second"] > 0
    again = simulate_quest("easy", (6,), 4, 12, seed=1, workers=2, bet=0.5, chunk=5)
    assert figures(again) == figures(result)


def test_quest_with_random_dice_skills_and_an_empty_shoe():
    result = simulate_quest("extreme", None, 1, 6, seed=2, workers=1, skills=True, jk=(0, 0))
    assert result["dice"] == "random" and result["skills"]
    assert result["end_reasons"]["shoe_empty"] + result["end_reasons"]["hp_zero"] + \
        result["end_reasons"]["below_threshold"] + result["end_reasons"]["burst_stream"] == 6


# --------------------------------------------------------------------------- the command


def test_cli_casino_json():
    code, out = run("casino", "--strategy", "cpu", "--shuffle", "reshuffle", "--hands", "1500", "--seed", "4",
                    "--workers", "1", "--json")  # fmt: skip
    assert code == 0, out
    result = json.loads(out)
    for key in ("hands", "house_edge", "ci95", "hands_per_second"):
        assert key in result
    assert result["hands"] == 1500 and len(result["ci95"]) == 2


def test_cli_casino_text_in_both_languages(tmp_path):
    code, out = run("casino", "--hands", "1000", "--workers", "1", "--html", str(tmp_path / "edge.html"))
    assert code == 0, out
    assert "House edge per initial hand" in out and "unlimited" in out
    assert (tmp_path / "edge.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    code, out = run("casino", "--hands", "1000", "--workers", "1", "--lang", "ja")
    assert code == 0 and "ハウスエッジ" in out and "House edge" not in out


def test_cli_game_and_quest(tmp_path):
    code, out = run("casino", "--game", "--opponents", "3", "--games", "50", "--workers", "1", "--json")
    assert code == 0, out
    assert json.loads(out)["games"] == 50
    page = tmp_path / "quest.html"
    code, out = run("quest", "--difficulty", "hard", "--dice", "4", "5", "--decks", "2", "--quests", "4",
                    "--workers", "1", "--html", str(page), "--json")  # fmt: skip
    assert code == 0, out
    result = json.loads(out)
    assert result["dice"] == [4, 5] and result["quests"] == 4 and 0 <= result["success"] <= 1
    body = page.read_text(encoding="utf-8")
    assert "<svg" in body and "HP" in body


def test_cli_refuses_bad_dice_and_extra_arguments():
    code, out = run("quest", "--difficulty", "hard", "--dice", "4", "--quests", "1", "--workers", "1")
    assert code != 0 and "DSK-0" in out
    code, out = run("casino", "--hands", "10", "stray")
    assert code != 0 and "stray" in out


def test_lines_in_both_languages_have_no_placeholders_left():
    results = [simulate_casino("basic", "continuous", 500, workers=1),
               simulate_game("cpu", "reshuffle", 20, opponents=0, workers=1),
               simulate_quest("normal", (4, 5), 2, 2, workers=1)]  # fmt: skip
    for result in results:
        for lang in ("en", "ja"):
            for line in lines(result, lang):
                assert "{" not in line and "sim." not in line, line
