"""One Million's exact live odds' speed (issue 23): the live panel's figures after each line of
One Million play — the dealer's outcomes (target p99 ≤ 2 ms) and the hand on turn's actions:
stand, hit (played on as well as can be), double, split, surrender (target p99 ≤ 10 ms).

The states: every line of the One Million sample sessions (``sample_sessions/*.txt``) and of
seeded generated quests (``scriptgen.generate``), replayed line by line
(``replay_text(each=…)``, as ``replay --odds`` does); after each line
``rulesets.odds_now(state, "dealer")`` — the panel is the dealer's screen, which knows the hole
card — is timed, split into its two parts: the dealer's outcomes (``odds._Table.dealer_now``) and
the actions (``odds.actions``; a state without a hand on turn has none). The viewers' view
(``odds_now(state, "players")``, the overlay) is timed the same way and printed beside them,
without a target (``--no-viewers`` skips it: a low soft hand with the hole card hidden takes
seconds, so it makes the run several minutes long).

What every composition shares — the dealer's ending sequences for each start, the hands a player
can reach from each start — is built first (``odds.warm``) and that time printed, so that the
figures are those of a warm process; the weighings' memory is then kept by the process
(``odds_memory.keep``, as the live session's odds thread does before its first figures). (A
session does not build it all at once: ~3–5 s and ~0.9 GB; each piece is built in the odds' thread
when a state first needs it.)

Run: python benchmarks/bench_odds_onemillion.py   (--quests N; --no-viewers; --quick: a tiny run
for the smoke test, the figures then mean nothing beside the targets)
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from dealer_assist import rulesets
from dealer_assist.replay import replay_text
from dealer_assist.tables.onemillion import odds
from dealer_assist.tables.onemillion.scriptgen import generate

from _outside import percentile, verdict

TARGET_DEALER_MS = 2.0
TARGET_ACTIONS_MS = 10.0
SAMPLES = Path(__file__).parent.parent / "sample_sessions"


class Timings:
    def __init__(self) -> None:
        self.dealer: list[float] = []
        self.actions: list[float] = []
        self.whole: list[float] = []
        self.worst: tuple[float, str] = (0.0, "")


_part: dict[str, float] = {}


def _timed(name: str, function):
    def timed(*args, **kwargs):
        start = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            _part[name] = _part.get(name, 0.0) + (time.perf_counter() - start) * 1000

    return timed


odds._Table.dealer_now = _timed("dealer", odds._Table.dealer_now)  # type: ignore[method-assign]
odds.actions = _timed("actions", odds.actions)  # type: ignore[assignment]


def measure(times: Timings, state, view: str, where: str) -> None:
    _part.clear()
    start = time.perf_counter()
    found = rulesets.odds_now(state, view)
    whole = (time.perf_counter() - start) * 1000
    if not found or "dealer" not in found:
        return
    times.dealer.append(_part.get("dealer", 0.0))
    times.whole.append(whole)
    if "actions" in _part:
        times.actions.append(_part["actions"])
        if _part["actions"] > times.worst[0]:
            times.worst = (_part["actions"], where)


def scripts(quests: int, quick: bool) -> list[tuple[str, str]]:
    out = []
    for path in sorted(SAMPLES.glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        if not any(line.startswith("ruleset ") for line in text.splitlines()):  # One Million's (the default)
            out.append((path.name, text))
    if quick:
        out = [(name, text) for name, text in out if name == "notation_example.txt"]
    for seed in range(1, quests + 1):
        out.append((f"quest seed {seed}", "\n".join(generate(seed)) + "\n"))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quests", type=int, default=40, help="seeded generated quests replayed after the samples")
    parser.add_argument("--no-viewers", action="store_true", help="the dealer's view only (the viewers' is slow)")
    parser.add_argument("--quick", action="store_true", help="a tiny run for the smoke test (targets meaningless)")
    args = parser.parse_args()
    quests = 1 if args.quick else args.quests
    start = time.perf_counter()
    odds.warm()
    print(f"shared tables built first (a session builds each when first needed): "
          f"{time.perf_counter() - start:.2f} s")  # fmt: skip
    panel, viewers = Timings(), Timings()
    for name, text in scripts(quests, args.quick):
        def each(line, state, name=name) -> None:
            if rulesets.of(state).name != "onemillion":
                return
            where = f"{name} line {line.number}: {line.text}"
            measure(panel, state, "dealer", where)
            if not args.no_viewers:
                measure(viewers, state, "players", where)

        result = replay_text(text, each=each)
        if result.error is not None:
            print(f"{name}: stopped at line {result.error_line}: {result.error}")
    for label, times, target in (("the panel (the dealer's view)", panel, True), ("the viewers' view", viewers, False)):
        if not times.dealer:
            continue
        d99 = percentile(times.dealer, 0.99)
        line = (f"{label}: dealer's outcomes after each line ({len(times.dealer)} figures): median "
                f"{statistics.median(times.dealer):.2f} ms, p99 {d99:.2f} ms, max {max(times.dealer):.1f} ms")
        if target:
            line += f"   target p99 <= {TARGET_DEALER_MS:g} ms: {verdict(d99 <= TARGET_DEALER_MS)}"
        print(line)
        if times.actions:
            a99 = percentile(times.actions, 0.99)
            line = (f"{label}: the hand on turn's actions ({len(times.actions)} figures): median "
                    f"{statistics.median(times.actions):.1f} ms, p99 {a99:.1f} ms, "
                    f"max {max(times.actions):.1f} ms")
            print(line + (f"   target p99 <= {TARGET_ACTIONS_MS:g} ms: {verdict(a99 <= TARGET_ACTIONS_MS)}"
                          if target else ""))  # fmt: skip
            print(f"{label}: slowest actions {times.worst[0]:.1f} ms at {times.worst[1]}")
            if target:  # how far p99 is: it needs 99% of the figures within the target
                over = sum(1 for ms in times.actions if ms > TARGET_ACTIONS_MS)
                allowed = int(len(times.actions) * 0.01)
                print(f"{label}: actions over {TARGET_ACTIONS_MS:g} ms: {over} of {len(times.actions)} "
                      f"(a p99 within {TARGET_ACTIONS_MS:g} ms allows {allowed})")  # fmt: skip
        w99 = percentile(times.whole, 0.99)
        print(f"{label}: odds_now as a whole: median {statistics.median(times.whole):.1f} ms, p99 {w99:.1f} ms")


if __name__ == "__main__":
    main()
