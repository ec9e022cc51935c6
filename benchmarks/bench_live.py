"""Live play latency: one command (parse, apply, store, render) on a session that already
holds 1,000 games — median and 99th percentile — and the time to resume that session.

Run: python benchmarks/bench_live.py
"""

from __future__ import annotations

import argparse
import io
import statistics
import tempfile
import time
from pathlib import Path

from rich.console import Console

from dealer_assist.engine import to_json
from dealer_assist.live import LiveSession
from dealer_assist.prompt import handle_line
from dealer_assist.scriptgen import Generator, Options
from dealer_assist.store import Store


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000, help="games already in the session")
    parser.add_argument("--measure", type=int, default=50, help="games played live and timed")
    args = parser.parse_args()
    total = args.games + args.measure
    options = Options(games=total, hp=10**9, points=(10**8, 10**9), jokers=False, skills=False, bet_max=2000,
                      empty=False)
    lines = Generator(7, options).run()
    starts = [i for i, line in enumerate(lines) if line.strip() == "game"]
    cut = starts[args.games]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.db"
        store = Store(path)
        live = LiveSession.open(store, "bench", create=True)
        live.enter_many(lines[:cut])
        store.close()

        start = time.perf_counter()
        live = LiveSession.open(Store(path), "bench")
        resume = time.perf_counter() - start
        print(f"resume a {live.state.games}-game session ({len(live.session.events)} commands): {resume:.2f} s")

        console = Console(file=io.StringIO(), width=120, force_terminal=True)
        timings = []
        for line in lines[cut:]:
            start = time.perf_counter()
            assert handle_line(live, line, console)
            timings.append(time.perf_counter() - start)
        timings.sort()
        p50 = statistics.median(timings) * 1000
        p99 = timings[min(len(timings) - 1, int(len(timings) * 0.99))] * 1000
        print(f"one command (parse, apply, store with fsync, render), {len(timings)} commands on top of "
              f"{args.games} games: median {p50:.2f} ms, p99 {p99:.2f} ms, max {timings[-1] * 1000:.2f} ms")
        assert to_json(live.state)["games"] == total


if __name__ == "__main__":
    main()
