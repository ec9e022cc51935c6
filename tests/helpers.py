"""Shared helpers: run a script, expect a refusal, read the JSON."""

from __future__ import annotations

import contextlib

import pytest

from dealer_assist.tables.onemillion import Session, to_json
from dealer_assist.errors import RuleViolation
from dealer_assist.replay import replay_text

# a quest whose dealer skill cannot touch these tests: skill 6 only moves joker phases,
# and with `jk 0 0` every joker is an ace anyway
PLAIN = """
quest easy
dice 6
jk 0 0
seat 1 aki 100k
seat 3 ben 50k
"""


def run(script: str) -> Session:
    result = replay_text(script)
    if not result.ok:
        raise AssertionError(result.error_text())
    return result.session


def js(script: str) -> dict:
    return to_json(run(script).state)


def game(script: str, number: int = -1) -> dict:
    return js(script)["log"][number]


def hand(script: str, label: str, number: int = -1) -> dict:
    return next(h for h in game(script, number)["hands"] if h["hand"] == label)


def rulings(script: str) -> list[tuple[str, str]]:
    """(clause, key) of every ruling the script made."""
    result = replay_text(script)
    assert result.ok, result.error_text()
    return [(r.clause, r.key) for line in result.lines for o in line.outcomes for r in o.rulings]


def clauses(script: str) -> set[str]:
    return {c for c, _ in rulings(script)}


def refused(script: str, line: str) -> RuleViolation:
    """``line`` is refused after ``script``, with the state left exactly as it was: by the
    copying fold (the very same state), and by the in-place fold replay uses (an equal one)."""
    from dealer_assist.notation import parse_line

    for owned in (False, True):
        result = replay_text(script, session=Session(owned=owned))
        if not result.ok:
            raise AssertionError(result.error_text())
        session = result.session
        before = session.state
        before_json = to_json(before)
        with pytest.raises(RuleViolation) as info:
            session.submit_all(parse_line(line))
        if not owned:
            assert session.state is before
        assert to_json(session.state) == before_json
    return info.value


def lines(*parts: str) -> str:
    return "\n".join(parts)


def walk_casino(state, shoe: list[str], choose, on_insurance=None, step=None):
    """Plays the casino table ``state`` to its end, dealing from ``shoe`` (ranks, popped from
    the end): ``choose(state, hand)`` gives each decision's action (``ht`` … ``sr``);
    ``on_insurance(state)`` is called whenever insurance is offered (then everyone declines);
    ``step`` is the fold (default ``casino.apply.step``). Returns the final state."""
    from dealer_assist import notation as n
    from dealer_assist.cards import Card
    from dealer_assist.tables.casino import play
    from dealer_assist.tables.casino.apply import step as fold
    from dealer_assist.tables.casino.state import Phase
    from dealer_assist.tables.casino.step import Step

    step = step or fold
    card = lambda: Card(shoe.pop())  # noqa: E731
    while not state.over:
        phase = state.phase
        if phase in (Phase.SETUP, Phase.BETWEEN):
            cmd = n.Game()
        elif phase is Phase.DEAL:
            cmd = n.Deal(tuple(card() for _ in state.round.recipients))
        elif phase is Phase.INSURANCE:
            if on_insurance is not None:
                on_insurance(state)
            cmd = n.Go()
        elif phase is Phase.PEEK:
            cmd = n.Peek()
        elif phase is Phase.REVEAL:
            cmd = n.Reveal()
        elif phase is Phase.DEALER:
            cmd = n.DealerCard(card())
        else:
            hand = play.current_hand(Step(state))
            ref = n.HandRef(hand.box, hand.letter)
            if len(hand.cards) == 1:  # a split hand waits for its second card
                cmd = n.SplitCard(ref, card())
            else:
                action = choose(state, hand)
                cmd = {"ht": lambda: n.Hit(ref, card()), "st": lambda: n.Stand(ref),
                       "dd": lambda: n.Double(ref, card()), "sp": lambda: n.Split(ref),
                       "sr": lambda: n.LateSurrender(ref)}[action]()  # fmt: skip
        state, _ = step(state, cmd)
    return state


CHROMIUM = __import__("shutil").which("chromium") or __import__("shutil").which("chromium-browser")
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed (.ci/run installs it)")


def chromium_screenshot(page, tmp_path, size: tuple[int, int]):
    """``page`` (an HTML file) drawn by headless Chromium at ``size``: the RGB image (PIL)."""
    import subprocess

    from PIL import Image

    shot = tmp_path / f"shot-{page.stem}.png"
    run = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         f"--user-data-dir={tmp_path / 'profile'}", f"--screenshot={shot}", f"--window-size={size[0]},{size[1]}",
         "--hide-scrollbars", page.as_uri()],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert shot.exists(), run.stderr[-2000:]
    return Image.open(shot).convert("RGB")


def dealers_secrets_changed(state, *, keep_check: bool = False):
    """The same table with what only the dealer knows changed (each table says what that is:
    ``Ruleset.secrets``). ``keep_check``: the dealer's check keeps its answer, so the same next
    command stays legal."""
    from dealer_assist import rulesets

    return rulesets.of(state).secrets(state, keep_check=keep_check)




def play_in_pty(db, session: str, lang: str = "en", args: tuple[str, ...] = ()):
    """`dealer-assist play` on ``session`` of ``db`` in a real terminal (pexpect, 120×40, no
    cursor-position reports, nothing waited before each send); ``args``: more options."""
    import os
    import sys

    import pexpect

    env = {**os.environ, "PROMPT_TOOLKIT_NO_CPR": "1", "TERM": "xterm", "COLUMNS": "120", "LINES": "40"}
    env.pop("DEALER_ASSIST_LANG", None)
    command = ["-m", "dealer_assist", "play", "--db", str(db), "--session", session, "--lang", lang, *args]
    child = pexpect.spawn(sys.executable, command, env=env, encoding="utf-8", timeout=30, dimensions=(40, 120))
    child.delaybeforesend = 0
    return child


@contextlib.contextmanager
def overlay_server(feed):
    """The overlay's server for ``feed`` in a thread of its own, on a free port: its base URL,
    while the block runs; then stopped."""
    import threading

    from dealer_assist.overlay import serve

    box: dict = {}
    started = threading.Event()

    def ready(srv) -> None:
        box["server"] = srv
        started.set()

    thread = threading.Thread(target=serve, args=(feed,), kwargs={"port": 0, "ready": ready}, daemon=True)
    thread.start()
    assert started.wait(10)
    srv = box["server"]
    try:
        yield f"http://127.0.0.1:{srv.server_address[1]}"
    finally:
        srv.stopping.set()
        srv.shutdown()
        thread.join(10)


def assert_group_ends(pid: int, seconds: float = 5.0) -> None:
    """Every process of the group ``pid`` leads (a run and its workers) is gone within
    ``seconds``; else they are killed and the test fails."""
    import os
    import signal
    import time

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            os.killpg(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.1)
    os.killpg(pid, signal.SIGKILL)
    raise AssertionError("a worker outlived the run")
