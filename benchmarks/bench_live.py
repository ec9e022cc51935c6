"""Live play latency: one command (parse, apply, store, render) on a session that already
holds 1,000 games — median and 99th percentile — and the time to resume that session.
With --overlay, the second half of the timed commands is played while the stream overlay
follows the session in its own process with a page connected: both figures are printed, so
that the overlay's cost to the dealer can be read (it must be none).

Run: python benchmarks/bench_live.py [--overlay]
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
    parser.add_argument("--overlay", action="store_true", help="also time the commands with the overlay following")
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
        rest = lines[cut:]
        halves = [("", rest)]
        if args.overlay:
            half = len(rest) // 2
            halves = [("without the overlay", rest[:half]), ("with the overlay following", rest[half:])]
        for label, part in halves:
            follower = start_overlay(path) if label.startswith("with the") else None
            try:
                timings = []
                for line in part:
                    start = time.perf_counter()
                    assert handle_line(live, line, console)
                    timings.append(time.perf_counter() - start)
            finally:
                if follower is not None:
                    stop_overlay(*follower)
            timings.sort()
            p50 = statistics.median(timings) * 1000
            p99 = timings[min(len(timings) - 1, int(len(timings) * 0.99))] * 1000
            print(f"one command (parse, apply, store with fsync, render), {len(timings)} commands on top of "
                  f"{args.games} games{', ' + label if label else ''}: median {p50:.2f} ms, p99 {p99:.2f} ms, "
                  f"max {timings[-1] * 1000:.2f} ms")
        assert to_json(live.state)["games"] == total


def start_overlay(path: Path):
    """The overlay in its own process, following ``path``, with one page connected."""
    import socket
    import subprocess
    import sys
    import threading
    import urllib.request

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen([sys.executable, "-m", "dealer_assist", "overlay", "--session", "bench", "--db",
                                str(path), "--port", str(port)], stdout=subprocess.DEVNULL)  # fmt: skip
    for _ in range(200):
        try:
            stream = urllib.request.urlopen(f"http://127.0.0.1:{port}/events", timeout=60)
            break
        except OSError:
            time.sleep(0.1)
    else:
        raise SystemExit("the overlay did not start")

    def drain() -> None:
        try:
            for _ in stream:
                pass
        except OSError:
            return

    threading.Thread(target=drain, daemon=True).start()
    return process, stream


def stop_overlay(process, stream) -> None:
    process.terminate()
    process.wait(10)
    stream.close()


if __name__ == "__main__":
    main()
