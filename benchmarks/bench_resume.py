"""Resume time: how long `play --session NAME` takes to load a stored session of 1,000 (and
4,000) games from its snapshot (opening the file included, and the session alone), beside
loading it by replaying the whole log. The snapshot is sealed with this computer's key
(``dealer_assist.seal``); the benchmark uses a key of its own.

Run: python benchmarks/bench_resume.py   (add --games 1000 4000 to choose the sizes;
--quick: tiny sizes for the smoke test, the figures then mean nothing beside the targets).
The whole process (`play --session` to its first prompt, in a pty) is timed by bench_live.py.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from dealer_assist.live import LiveSession
from dealer_assist.tables.onemillion.scriptgen import Generator, Options
from dealer_assist.store import Store

TARGET_RESUME_MS = 50  # resuming from the snapshot, whatever the session's length


def script(games: int, seed: int = 1) -> list[str]:
    options = Options(games=games, hp=10**9, points=(10**8, 10**9), jokers=False, bet_max=2000, empty=False)
    return Generator(seed, options).run()


def timed(function, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, nargs="+", default=[1000, 4000])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--quick", action="store_true", help="tiny sizes for the smoke test (targets meaningless)")
    args = parser.parse_args()
    if args.quick:
        args.games, args.runs = [5, 10], 2
    with tempfile.TemporaryDirectory() as folder:
        os.environ.setdefault("DEALER_ASSIST_KEY", str(Path(folder) / "snapshot.key"))
        for games in args.games:
            path = Path(folder) / f"s{games}.db"
            live = LiveSession.open(Store(path), "s", create=True)
            live.enter_many(script(games))
            live.close()
            events = live.count

            def resume() -> None:  # what `play --session` does: open the file, hold the session, load it
                store = Store(path)
                opened = LiveSession.open(store, "s", lock=True)
                assert opened.base > 0, "the snapshot was not used"
                opened.close()
                store.close()

            held = Store(path, readonly=True)
            row = held.get("s")

            def load() -> None:  # the session alone, from its snapshot (the file already open)
                assert LiveSession(held, row).base > 0

            def whole() -> None:
                LiveSession(held, row, whole=True)

            fast = timed(resume, args.runs)
            alone = timed(load, args.runs)
            slow = timed(whole, max(1, args.runs // 3))
            held.close()
            print(f"resume {games:>5} games ({events} events): play --session {fast * 1000:6.1f} ms"
                  f"   target <= {TARGET_RESUME_MS} ms: {'met' if fast * 1000 <= TARGET_RESUME_MS else 'NOT MET'};"
                  f" the session from its snapshot {alone * 1000:5.1f} ms;"
                  f" replaying the whole log {slow * 1000:6.0f} ms")


if __name__ == "__main__":
    main()
