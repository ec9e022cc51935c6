"""Replay speed: commands per second for generated 1,000- and 4,000-game scripts, in-process
and as a whole process (`dealer-assist replay FILE --json`, less its cold start: the same
command on a one-line script, timed in the same run, interleaved), and the cold start of
`dealer-assist --help` beside a bare `python -c pass` (and `--version`).

Run: python benchmarks/bench_replay.py   (add --games 1000 4000 to choose the sizes;
--quick: tiny sizes for the smoke test, the figures then mean nothing beside the targets)
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import tempfile
import time
from pathlib import Path

from dealer_assist.core.collector import long_fold
from dealer_assist.notation import parse_line
from dealer_assist.replay import replay_text
from dealer_assist.tables.onemillion import to_json
from dealer_assist.tables.onemillion.scriptgen import Generator, Options

from _outside import cold_starts, command, verdict, whole_process


def script(games: int, seed: int = 1) -> list[str]:
    options = Options(games=games, hp=10**9, points=(10**8, 10**9), jokers=False, bet_max=2000, empty=False)
    lines = Generator(seed, options).run()
    assert sum(line.strip() == "game" for line in lines) == games, "the quest ended early"
    return lines


def replay(lines: list[str]) -> tuple[float, int]:
    """What `replay FILE --json` does in-process: the script folded (``replay_text``, the lines
    parsed before: cached; the collector as the command sets it) and its JSON object built;
    (seconds, commands)."""
    text = "\n".join(lines) + "\n"
    commands = sum(len(parse_line(line)) for line in lines)
    start = time.perf_counter()
    with long_fold():  # as the command does
        result = replay_text(text, keep_lines=False)
    to_json(result.session.state)
    seconds = time.perf_counter() - start
    assert result.ok, result.error_text()
    return seconds, commands


TARGET_RATE = 50_000  # commands/s replaying a 1,000-game script
TARGET_LINEAR = 0.10  # the per-command cost at 4,000 games within 10% of the one at 1,000
TARGET_HELP_MS = 80  # a cold `dealer-assist --help`
TOO_SHORT = "too short to tell"  # a whole-process replay no longer than its cold start (tiny sizes)
TARGET_PROCESS_RATE = 40_000  # commands/s of `replay FILE --json` as a whole process, less the cold start


def process_rate(lines: list[str], commands: int, runs: int, folder: Path) -> tuple[float, float, float]:
    """(commands/s, seconds of the replay, seconds of the cold start) of `replay FILE --json`:
    medians of ``runs``, the full script and a one-line script timed in turn."""
    full, one = folder / "full.txt", folder / "one.txt"
    full.write_text("\n".join(lines) + "\n", encoding="utf-8")
    one.write_text("# one line\n", encoding="utf-8")
    whole, cold = [], []
    for _ in range(runs):
        cold += whole_process(command("replay", str(one), "--json"), 1)
        whole += whole_process(command("replay", str(full), "--json"), 1)
    seconds, start = statistics.median(whole), statistics.median(cold)
    return (commands / (seconds - start) if seconds > start else None), seconds, start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, nargs="+", default=[1000, 4000],
                        help="sizes; the rate targets are judged on the smallest (the issue's 1,000)")
    parser.add_argument("--runs", type=int, default=3, help="replays of each script (the best is kept)")
    parser.add_argument("--cold-runs", type=int, default=15, help="runs of each cold start (the median is kept)")
    parser.add_argument("--quick", action="store_true", help="tiny sizes for the smoke test (targets meaningless)")
    args = parser.parse_args()
    if args.quick:
        args.games, args.runs, args.cold_runs = [5, 20], 1, 2
    rates: dict[tuple[int, str], float | None] = {}
    with tempfile.TemporaryDirectory() as folder:
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
                    if games == min(args.games) and gc_mode == "gc on" else ""  # fmt: skip
                print(f"replay {games:>5} games ({gc_mode}): {commands:>7} commands in {best:6.2f} s = "
                      f"{commands / best:>8.0f} commands/s ({best / games * 1000:.2f} ms per game){target}")
            rate, seconds, start = process_rate(lines, commands, max(args.runs, 3), Path(folder))
            rates[games, "process"] = rate
            judged = verdict(rate >= TARGET_PROCESS_RATE) if rate is not None else TOO_SHORT
            target = f"   target >= {TARGET_PROCESS_RATE:,}: {judged}" if games == min(args.games) else ""
            shown = f"{rate:>8.0f} commands/s" if rate is not None else "(no longer than the cold start)"
            print(f"replay {games:>5} games as a whole process (replay FILE --json): {seconds:.2f} s, less its "
                  f"cold start {start * 1000:.0f} ms = {shown}{target}")
    if len(args.games) > 1:
        small, large = min(args.games), max(args.games)
        for mode in ("gc on", "gc off", "process"):
            label = "whole process" if mode == "process" else mode
            if rates[small, mode] is None or rates[large, mode] is None:
                print(f"per-command cost at {large} games / at {small} games ({label}): "
                      f"target within 10%: {TOO_SHORT}")
                continue
            cost = rates[small, mode] / rates[large, mode]  # per-command cost, large / small
            print(f"per-command cost at {large} games / at {small} games ({label}) = {cost:.2f} "
                  f"(1.00 = linear)   target within 10%: {verdict(abs(cost - 1) <= TARGET_LINEAR)}")
    cold = cold_starts(args.cold_runs)
    helpt = cold["dealer-assist --help"]
    bare = cold["python -c pass"]
    print(f"cold start (median of {args.cold_runs}, interleaved): python -c pass {bare * 1000:.0f} ms; "
          f"dealer-assist --version {cold['dealer-assist --version'] * 1000:.0f} ms; dealer-assist --help "
          f"{helpt * 1000:.0f} ms   target <= {TARGET_HELP_MS} ms: {verdict(helpt * 1000 <= TARGET_HELP_MS)}")


if __name__ == "__main__":
    main()
