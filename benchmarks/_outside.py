"""Measuring from outside (issue 20): whole processes and a real pseudo-terminal.

Shared by the benchmarks: the cold start of a command (median of N runs, beside a bare
``python -c pass`` measured in the same run), the verdict beside a target, and ``Terminal``,
which drives ``dealer-assist play`` in a pty (pexpect, ``delaybeforesend=0``: pexpect's 50 ms
default would hide in every figure) and timestamps what the program draws.

"The next prompt is drawn": every ``prompt()`` call of prompt_toolkit starts by enabling
bracketed paste (``ESC[?2004h``), then draws the prompt (``NAME>``) and the bottom toolbar
in one render, which ends by showing the cursor again (``ESC[?25h``). The time of the chunk
that completes ``ESC[?2004h … NAME> … ESC[?25h`` after the Enter is the time the dealer can
type again. A keystroke's echo is the first chunk drawn after it; its completion is the last
render before the screen falls quiet (the periodic refresh of the toolbar excluded: an empty
one, or one that only moves the clock's figures, ``clock_tick``).
"""

from __future__ import annotations

import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

# the render prompt_toolkit draws for its periodic refresh when nothing changed
EMPTY_RENDER = "\x1b[?25l\x1b[?7l\x1b[?7h\x1b[0m\x1b[?12l\x1b[?25h"


ESCAPES = re.compile(r"\x1b(?:\[[0-9;?]*[ -/]*[@-~]|[@-Z\\-_])")


def clock_tick(chunk: str) -> bool:
    """Whether a render only redraws the clock's figures (``0:41`` → ``0:40``: what prompt_toolkit
    draws when the toolbar's clock moves on and nothing else changed)."""
    shown = "".join(ESCAPES.sub("", chunk).split())
    return 0 < len(shown) <= 5 and all(ch in "0123456789:" for ch in shown)


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT MET"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def command(*args: str) -> list[str]:
    """``dealer-assist ARGS`` as the dealer runs it: the installed console script (next to this
    Python), else ``python -m dealer_assist``."""
    script = Path(sys.executable).with_name("dealer-assist")
    if script.exists():
        return [str(script), *args]
    found = shutil.which("dealer-assist")
    return [found, *args] if found else [sys.executable, "-m", "dealer_assist", *args]


def environment(key: Path | None = None) -> dict[str, str]:
    env = {**os.environ, "PROMPT_TOOLKIT_NO_CPR": "1", "TERM": "xterm-256color", "LANG": "C.UTF-8",
           "LC_ALL": "C.UTF-8", "COLUMNS": "120", "LINES": "40"}  # fmt: skip
    env.pop("DEALER_ASSIST_LANG", None)
    if key is not None:
        env["DEALER_ASSIST_KEY"] = str(key)
    return env


def whole_process(argv: list[str], runs: int, env: dict[str, str] | None = None) -> list[float]:
    """Seconds from start to exit of ``argv``, one per run (output captured, exit 0 required)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, check=True, capture_output=True, env=env)
        times.append(time.perf_counter() - start)
    return times


def cold_starts(runs: int, env: dict[str, str] | None = None) -> dict[str, float]:
    """Medians, in seconds, of ``python -c pass``, ``dealer-assist --version`` and ``--help``,
    measured interleaved (one of each per round) so that a load on the machine falls on all."""
    argvs = {"python -c pass": [sys.executable, "-c", "pass"], "dealer-assist --version": command("--version"),
             "dealer-assist --help": command("--help")}  # fmt: skip
    times: dict[str, list[float]] = {label: [] for label in argvs}
    for _ in range(runs):
        for label, argv in argvs.items():
            times[label] += whole_process(argv, 1, env)
    return {label: statistics.median(values) for label, values in times.items()}


class Terminal:
    """``dealer-assist play --session NAME --db DB`` in a pseudo-terminal, read chunk by chunk."""

    def __init__(self, name: str, db: Path, env: dict[str, str], *, rows: int = 40, cols: int = 120) -> None:
        import pexpect

        self.pexpect = pexpect
        self.name = name
        self.prompt = re.compile(re.escape("\x1b[?2004h") + ".*?" + re.escape(f"{name}>") + ".*?"
                                 + re.escape("\x1b[?25h"), re.S)  # fmt: skip
        argv = command("play", "--lang", "en", "--session", name, "--db", str(db))
        self.started = self._last = time.perf_counter()
        self.child = pexpect.spawn(argv[0], argv[1:], env=env, encoding="utf-8", codec_errors="replace",
                                   dimensions=(rows, cols), timeout=60)  # fmt: skip
        self.child.delaybeforesend = 0
        self.out = ""

    def _read(self, timeout: float) -> tuple[float, str] | None:
        try:
            chunk = self.child.read_nonblocking(1 << 16, timeout=timeout)
        except self.pexpect.TIMEOUT:
            return None
        arrived = time.perf_counter()
        self.out += chunk
        return arrived, chunk

    def until_prompt(self, since: int, timeout: float = 60.0) -> float:
        """The time the next prompt is drawn completely, in output after position ``since``."""
        deadline = time.perf_counter() + timeout
        while True:
            if self.prompt.search(self.out, since):
                return self._last
            left = deadline - time.perf_counter()
            if left <= 0:
                raise SystemExit(f"no prompt drawn within {timeout:.0f} s; the screen ends:\n{self.out[-2000:]!r}")
            got = self._read(left)
            if got is not None:
                self._last = got[0]

    def first_prompt(self) -> float:
        """Seconds from the spawn to the first prompt drawn."""
        return self.until_prompt(0) - self.started

    def quiet(self, gap: float) -> list[tuple[float, str]]:
        """The chunks drawn until nothing more comes for ``gap`` seconds."""
        chunks = []
        while (got := self._read(gap)) is not None:
            chunks.append(got)
        return chunks

    def key(self, char: str, gap: float) -> tuple[float | None, float | None]:
        """Send one keystroke; (seconds to its echo, seconds to the last render it caused).

        The renders after the first that only move the clock's figures (``clock_tick``: the
        toolbar redrawn each second while a clock runs) are the clock's, not the keystroke's."""
        sent = time.perf_counter()
        self.child.send(char)
        chunks = [c for c in self.quiet(gap) if c[1] != EMPTY_RENDER]
        if not chunks:
            return None, None
        own = chunks[:1] + [c for c in chunks[1:] if not clock_tick(c[1])]
        return chunks[0][0] - sent, own[-1][0] - sent

    def enter(self, gap: float) -> tuple[float, str]:
        """Press Enter; (seconds to the next prompt drawn, what was drawn until then)."""
        since = len(self.out)
        sent = time.perf_counter()
        self.child.send("\r")
        drawn = self.until_prompt(since) - sent
        shown = self.out[since:]
        self.quiet(gap)  # what is drawn after the prompt (a late toolbar) is not the next line's
        return drawn, shown

    def quit(self) -> float:
        """Type quit; seconds from the Enter to the end of the process."""
        sent = time.perf_counter()
        self.child.send("quit\r")
        self.child.expect(self.pexpect.EOF)
        ended = time.perf_counter()
        self.child.close()
        return ended - sent

    def close(self) -> None:
        if self.child.isalive():
            self.child.close(force=True)


def settling_kinds(all_lines: list[str], cut: int) -> list[str]:
    """For each line from ``cut`` on: ``deal`` (a deal line), ``settling`` (a line that settles a
    game), or ``ordinary`` — found by replaying the script in-process."""
    from dealer_assist.tables.onemillion import Session
    from dealer_assist.notation import parse_line

    session = Session()
    kinds = []
    for index, line in enumerate(all_lines):
        game = session.state.game
        before = game.settled if game is not None else True
        games = session.state.games
        session.submit_all(parse_line(line))
        if index < cut:
            continue
        after = session.state.game
        settles = after is not None and after.settled and not before and session.state.games == games
        if line.strip().startswith("deal"):
            kinds.append("deal")
        elif settles:
            kinds.append("settling")
        else:
            kinds.append("ordinary")
    return kinds
