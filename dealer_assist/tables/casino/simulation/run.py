"""The casino table's two simulations, checked, cut into chunks and summed (the JSON that
``simulate casino --json`` prints):

- ``simulate_casino`` — the house edge per initial hand for a strategy (``casino.cpu``: the CPU
  or basic strategy), with the table's reshuffle or a continuous shuffler
  (``chunks.house_edge_chunk``);
- ``simulate_game`` — how often a seat wins the five-round game against CPU players
  (``chunks.game_chunk``).

The chunks run on the shared runner (``dealer_assist.sim.runner``): a run's figures depend on
its seed and size only.
"""

from __future__ import annotations

import math
import time
from typing import Any

from dealer_assist.sim.runner import (Progress, SimulationError, check_run, chunks, default_workers, merge, moved,
                                      positive, run_tasks)  # fmt: skip
from dealer_assist.sim.stats import mean_interval, proportion_interval

CASINO_CHUNK = 20_000  # hands per chunk (about 1.5 s of one core)
GAME_CHUNK = 1_000  # five-round games per chunk
BET = 10  # the casino table's fixed bet (TABLE-4): the house edge is per 10-chip hand
PUBLISHED_EDGE = 0.0033  # Wizard of Odds: 6 decks, S17, DAS, late surrender, no resplit aces
SHUFFLES = ("continuous", "reshuffle")
HANDS_MOST = 10**10  # the largest --hands (the work list and the results stay in memory)
GAMES_MOST = 10**8  # the largest --games


def _edge(net: dict[int, int]) -> tuple[int, float, float, float, float]:
    """From the net chips per hand: hands, house edge, its sd per hand, the interval."""
    count = sum(net.values())
    total = sum(k * v for k, v in net.items())
    squares = sum(k * k * v for k, v in net.items())
    mean, sd, low, high = mean_interval(count, total, squares, scale=BET)
    return count, -mean, sd, -high, -low


def _check_play(strategy: str, shuffle: str) -> None:
    from dealer_assist.tables.casino.cpu import STRATEGIES

    if strategy not in STRATEGIES:
        raise SimulationError("sim.error.strategy", strategy=strategy, strategies=", ".join(STRATEGIES))
    if shuffle not in SHUFFLES:
        raise SimulationError("sim.error.shuffle", shuffle=shuffle)


def simulate_casino(strategy: str = "basic", shuffle: str = "continuous", hands: int = 1_000_000, *, seed: int = 1,
                    workers: int | None = None, progress: Progress | None = None,
                    chunk: int = CASINO_CHUNK) -> dict[str, Any]:  # fmt: skip
    """The house edge per initial hand (a fraction of the 10-chip bet) of ``strategy`` at the
    casino table, one seat with its chip rules relaxed (``chunks.house_edge_chunk``)."""
    from dealer_assist.tables.casino.simulation.chunks import house_edge_chunk

    _check_play(strategy, shuffle)
    positive("--hands", hands, HANDS_MOST)
    check_run(seed, workers)
    workers = workers or default_workers()
    tasks = [{"strategy": strategy, "shuffle": shuffle, "hands": count, "seed": seed, "index": i}
             for i, (_, count) in enumerate(chunks(hands, chunk))]  # fmt: skip
    seen: list[dict] = []

    def arrived(result: dict) -> None:
        seen.append(result["net"])
        if progress is not None:
            count, edge, _, low, high = _edge(merge(seen))
            progress(count, hands, (edge, low, high))

    started = time.perf_counter()
    results = run_tasks(house_edge_chunk, tasks, workers, arrived, moved(progress, hands))
    wall = time.perf_counter() - started
    net = merge([r["net"] for r in results])
    tally = merge([r["tally"] for r in results])
    count, edge, sd, low, high = _edge(net)
    busy = sum(r["seconds"] for r in results)
    per = lambda key: tally.get(key, 0) / count  # noqa: E731
    return {
        "simulation": "casino",
        "strategy": strategy,
        "shuffle": shuffle,
        "seed": seed,
        "workers": workers,
        "hands": count,
        "house_edge": edge,
        "ci95": [low, high],
        "sd_per_hand": sd,
        "hands_per_second": count / wall if wall > 0 else math.inf,
        "hands_per_second_per_worker": count / busy if busy > 0 else math.inf,
        "seconds": wall,
        "outcomes": {
            "win": sum(v for k, v in net.items() if k > 0) / count,
            "push": net.get(0, 0) / count,
            "lose": sum(v for k, v in net.items() if k < 0) / count,
        },
        "per_hand": {"blackjack": per("blackjack"), "double": per("dd"), "split": per("sp"),
                     "surrender": per("sr")},  # fmt: skip
        "net_chips": {str(k): v for k, v in sorted(net.items())},
        "model": {"seats": 1, "bet": BET, "chips": "unlimited", "games": "a new five-round game when one ends",
                  "shuffle": "every round" if shuffle == "continuous" else "SHOE-3"},  # fmt: skip
        "published_edge": PUBLISHED_EDGE if strategy == "basic" else None,
        **_exact(strategy),
    }


def _exact(strategy: str) -> dict[str, Any]:
    """The same strategy's house edge computed exactly for a full shoe (``casino.edge``), beside
    the estimate: what a continuous shuffle deals every round."""
    from dealer_assist.tables.casino.edge import METHOD, exact_edge

    return {"exact_edge": exact_edge(strategy), "exact_method": METHOD}


def simulate_game(strategy: str = "basic", shuffle: str = "reshuffle", games: int = 100_000, *, opponents: int = 1,
                  seat: int = 1, seed: int = 1, workers: int | None = None, progress: Progress | None = None,
                  chunk: int = GAME_CHUNK) -> dict[str, Any]:  # fmt: skip
    """How often seat ``seat`` playing ``strategy`` wins the five-round game (every chip
    rule) against ``opponents`` CPU players (RANK-2; alone, RANK-3: more than 100 chips)."""
    from dealer_assist.tables.casino.simulation.chunks import game_chunk
    from dealer_assist.tables.casino.state import SEATS

    _check_play(strategy, shuffle)
    positive("--games", games, GAMES_MOST)
    if not 0 <= opponents <= SEATS - 1:
        raise SimulationError("sim.error.opponents", opponents=opponents, most=SEATS - 1)
    if not 1 <= seat <= opponents + 1:
        raise SimulationError("sim.error.seat", seat=seat, seats=opponents + 1)
    check_run(seed, workers)
    workers = workers or default_workers()
    tasks = [{"strategy": strategy, "shuffle": shuffle, "games": count, "opponents": opponents, "seat": seat,
              "seed": seed, "index": i} for i, (_, count) in enumerate(chunks(games, chunk))]  # fmt: skip
    seen: list[dict] = []

    def arrived(result: dict) -> None:
        seen.append(result["results"])
        if progress is not None:
            merged = merge(seen)
            done = sum(merged.values())
            progress(done, games, proportion_interval(merged.get("win", 0), done))

    started = time.perf_counter()
    results = run_tasks(game_chunk, tasks, workers, arrived, moved(progress, games))
    wall = time.perf_counter() - started
    outcome = merge([r["results"] for r in results])
    chips = merge([r["chips"] for r in results])
    hands_played = sum(r["hands"] for r in results)
    count = sum(outcome.values())
    win, low, high = proportion_interval(outcome.get("win", 0), count)
    draw, draw_low, draw_high = proportion_interval(outcome.get("draw", 0), count)
    lose, lose_low, lose_high = proportion_interval(outcome.get("lose", 0), count)
    mean_chips, _, chips_low, chips_high = mean_interval(count, sum(k * v for k, v in chips.items()),
                                                         sum(k * k * v for k, v in chips.items()))  # fmt: skip
    return {
        "simulation": "casino-game",
        "strategy": strategy,
        "shuffle": shuffle,
        "seed": seed,
        "workers": workers,
        "opponents": opponents,
        "seat": seat,
        "games": count,
        "win": win,
        "ci95": [low, high],
        "draw": draw,
        "draw_ci95": [draw_low, draw_high],
        "lose": lose,
        "lose_ci95": [lose_low, lose_high],
        "mean_chips": mean_chips,
        "mean_chips_ci95": [chips_low, chips_high],
        "final_chips": {str(k): v for k, v in sorted(chips.items())},
        "hands": hands_played,
        "hands_per_second": hands_played / wall if wall > 0 else math.inf,
        "games_per_second": count / wall if wall > 0 else math.inf,
        "seconds": wall,
    }
