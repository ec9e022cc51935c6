"""Live play: the latency of one command (parse, apply, store, render) on a session that
already holds 1,000 and 4,000 games, and the time to resume such a session.

The durable commit (WAL, synchronous=FULL: the fsync that makes an acknowledged command
survive a power cut) is the disk's time, not the tool's: it is timed on its own and printed
beside the latency, which is given without it. With --overlay, the timed commands are played
a second time with the stream overlay following the session from its own process (a page
connected), to show that the overlay costs the dealer nothing.

Run: python benchmarks/bench_live.py [--games 1000 4000] [--overlay]
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

TARGET_P99_MS = 2.0  # one command without the durable commit, settling lines included
TARGET_RESUME_S = {1000: 0.050, 4000: 0.100}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT MET"


def session_lines(games: int, measure: int) -> tuple[list[str], int]:
    options = Options(games=games + measure, hp=10**9, points=(10**8, 10**9), jokers=False, skills=False,
                      bet_max=2000, empty=False)  # fmt: skip
    lines = Generator(7, options).run()
    starts = [i for i, line in enumerate(lines) if line.strip() == "game"]
    return lines, starts[games]


def play(live: LiveSession, lines: list[str]) -> tuple[list[float], list[float], list[float]]:
    """(latency without the commit, commit, latency of the lines that settle a game) per line."""
    console = Console(file=io.StringIO(), width=120, force_terminal=True)
    work, commits, settling = [], [], []
    for line in lines:
        games = live.state.games
        settled = live.state.game.settled if live.state.game is not None else True
        start = time.perf_counter()
        assert handle_line(live, line, console)
        elapsed = time.perf_counter() - start
        commit = live.store.commit_seconds
        work.append(elapsed - commit)
        commits.append(commit)
        game = live.state.game
        if game is not None and game.settled and not settled and live.state.games == games:
            settling.append(elapsed - commit)
    return work, commits, settling


def bench(games: int, measure: int, overlay: bool) -> None:
    lines, cut = session_lines(games, measure)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.db"
        store = Store(path)
        live = LiveSession.open(store, "bench", create=True)
        live.enter_many(lines[:cut])
        live.close()
        store.close()

        times = []
        for _ in range(5):
            start = time.perf_counter()
            live = LiveSession.open(Store(path), "bench")
            times.append(time.perf_counter() - start)
            live.close()
        resume = statistics.median(times)
        target = TARGET_RESUME_S.get(games)
        print(f"resume a {games}-game session ({cut} commands): {resume * 1000:.1f} ms"
              + (f"   target <= {target * 1000:.0f} ms: {verdict(resume <= target)}" if target else ""))

        live = LiveSession.open(Store(path), "bench")
        rounds = [("", None)]
        if overlay:
            rounds.append((" with the overlay following", path))
        for label, follow in rounds:
            follower = start_overlay(follow) if follow else None
            try:
                work, commits, settling = play(live, lines[cut:] if not label else lines[cut:])
            finally:
                if follower is not None:
                    stop_overlay(*follower)
            p50, p99 = statistics.median(work) * 1000, percentile(work, 0.99) * 1000
            print(f"one command on top of {games} games{label} ({len(work)} commands, without the durable commit): "
                  f"median {p50:.2f} ms, p99 {p99:.2f} ms, max {max(work) * 1000:.2f} ms"
                  f"   target p99 <= {TARGET_P99_MS:.1f} ms: {verdict(p99 <= TARGET_P99_MS)}")
            print(f"    lines that settle a game: median {statistics.median(settling) * 1000:.2f} ms, "
                  f"max {max(settling) * 1000:.2f} ms; the durable commit itself: median "
                  f"{statistics.median(commits) * 1000:.2f} ms, p99 {percentile(commits, 0.99) * 1000:.2f} ms")
            if overlay and not label:  # the same commands again, on a fresh copy, with the overlay
                live.close()
                live = LiveSession.open(Store(path), "bench")
                for _ in range(len(work)):
                    live.enter("undo")
        assert to_json(live.state)["games"] >= games
        live.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, nargs="+", default=[1000, 4000], help="games already in the session")
    parser.add_argument("--measure", type=int, default=40, help="games played live and timed")
    parser.add_argument("--overlay", action="store_true", help="also time the commands with the overlay following")
    args = parser.parse_args()
    for games in args.games:
        bench(games, args.measure, args.overlay)


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
    for _ in range(300):
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
