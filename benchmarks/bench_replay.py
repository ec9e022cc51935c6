"""Replay speed: commands per second for generated 1,000- and 4,000-game scripts, and the
cold start of `dealer-assist --help` beside a bare `python -c pass`.

Run: python benchmarks/bench_replay.py   (add --games 1000 4000 to choose the sizes)
"""

from __future__ import annotations

import argparse
import gc
import statistics
import subprocess
import sys
import time

from dealer_assist.notation import parse_line
from dealer_assist.engine import Session, to_json
from dealer_assist.scriptgen import Generator, Options


def script(games: int, seed: int = 1) -> list[str]:
    options = Options(games=games, hp=10**9, points=(10**8, 10**9), jokers=False, bet_max=2000, empty=False)
    lines = Generator(seed, options).run()
    assert sum(line.strip() == "game" for line in lines) == games, "the quest ended early"
    return lines


def replay(lines: list[str]) -> tuple[float, int]:
    start = time.perf_counter()
    session = Session()
    commands = 0
    for line in lines:
        cmds = parse_line(line)
        session.submit_all(cmds)
        commands += len(cmds)
    to_json(session.state)
    return time.perf_counter() - start, commands


def cold_start(argv: list[str], runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, nargs="+", default=[1000, 4000])
    args = parser.parse_args()
    rates: dict[tuple[int, str], float] = {}
    for games in args.games:
        lines = script(games)
        for gc_mode in ("gc on", "gc off"):
            gc.collect()
            if gc_mode == "gc off":
                gc.disable()
            seconds, commands = replay(lines)
            gc.enable()
            rates[games, gc_mode] = commands / seconds
            print(f"replay {games:>5} games ({gc_mode}): {commands:>7} commands in {seconds:6.2f} s = "
                  f"{commands / seconds:>8.0f} commands/s ({seconds / games * 1000:.2f} ms per game)")
    if len(args.games) > 1:
        small, large = min(args.games), max(args.games)
        for gc_mode in ("gc on", "gc off"):
            ratio = rates[large, gc_mode] / rates[small, gc_mode]
            print(f"commands/s at {large} games / at {small} games ({gc_mode}) = {ratio:.2f} (1.00 = linear)")
    bare = cold_start([sys.executable, "-c", "pass"])
    helpt = cold_start([sys.executable, "-m", "dealer_assist", "--help"])
    print(f"cold start: python -c pass {bare * 1000:.0f} ms; dealer-assist --help {helpt * 1000:.0f} ms")


if __name__ == "__main__":
    main()
