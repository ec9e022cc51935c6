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


TARGET_RATE = 50_000  # commands/s replaying a 1,000-game script
TARGET_LINEAR = 0.10  # the per-command cost at 4,000 games within 10% of the one at 1,000
TARGET_HELP_MS = 80  # a cold `dealer-assist --help`


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT MET"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, nargs="+", default=[1000, 4000])
    parser.add_argument("--runs", type=int, default=3, help="replays of each script (the best is kept)")
    args = parser.parse_args()
    rates: dict[tuple[int, str], float] = {}
    for games in args.games:
        lines = script(games)
        for gc_mode in ("gc on", "gc off"):
            best = None
            for _ in range(args.runs):
                gc.collect()
                if gc_mode == "gc off":
                    gc.disable()
                seconds, commands = replay(lines)
                gc.enable()
                best = seconds if best is None else min(best, seconds)
            rates[games, gc_mode] = commands / best
            target = f"   target >= {TARGET_RATE:,}: {verdict(commands / best >= TARGET_RATE)}" \
                if games == 1000 and gc_mode == "gc on" else ""  # fmt: skip
            print(f"replay {games:>5} games ({gc_mode}): {commands:>7} commands in {best:6.2f} s = "
                  f"{commands / best:>8.0f} commands/s ({best / games * 1000:.2f} ms per game){target}")
    if len(args.games) > 1:
        small, large = min(args.games), max(args.games)
        for gc_mode in ("gc on", "gc off"):
            cost = rates[small, gc_mode] / rates[large, gc_mode]  # per-command cost, large / small
            print(f"per-command cost at {large} games / at {small} games ({gc_mode}) = {cost:.2f} "
                  f"(1.00 = linear)   target within 10%: {verdict(abs(cost - 1) <= TARGET_LINEAR)}")
    bare = cold_start([sys.executable, "-c", "pass"])
    helpt = cold_start([sys.executable, "-m", "dealer_assist", "--help"])
    print(f"cold start: python -c pass {bare * 1000:.0f} ms; dealer-assist --help {helpt * 1000:.0f} ms"
          f"   target <= {TARGET_HELP_MS} ms: {verdict(helpt * 1000 <= TARGET_HELP_MS)}")


if __name__ == "__main__":
    main()
