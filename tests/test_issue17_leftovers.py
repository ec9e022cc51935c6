"""Issue 17, "Safe on stream": the leftovers.

- after the session's end the prompt offers `undo end` (Tab, help), not the refused `undo`;
- `verify --posted` words one event and one game in the singular;
- the live panel says why the streak column shows `-` (no time bomb, DSK-4);
- a settled insurance (INS-4) is seen wherever a round is shown: the round's summary at its
  settlement (replay, prompt, audit), the dealer's panel and the overlay's last ruling;
- the test session keeps its snapshot seal key in a temporary folder, not the user's.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pexpect
import platformdirs
import pytest
from click.testing import CliRunner
from rich.cells import cell_len
from rich.console import Console

from dealer_assist import notation as n
from dealer_assist import seal
from dealer_assist.tables.casino import shell
from dealer_assist.cli import cli
from dealer_assist.live import LiveSession
from dealer_assist.messages import text
from dealer_assist.overlay import Feed
from dealer_assist.render import outcomes
from dealer_assist.tables.onemillion.panel import live_state
from dealer_assist.replay import replay_text
from dealer_assist.store import Store, now, short_hash

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_sessions"
EXE = [sys.executable, "-m", "dealer_assist"]


def command_lines(sample: str) -> list[str]:
    text = (SAMPLES / sample).read_text(encoding="utf-8")
    return [raw for _, raw in n.lines(text) if n.split_line(raw)]


def invoke(*args: str, lang: str = "en"):
    return CliRunner().invoke(cli, [*args, "--lang", lang], terminal_width=200)


def shown(renderable, width: int = 200) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


# ---------------------------------------------------------------- 1. after the end: `undo end`


@pytest.mark.parametrize("sample", ["quest_success.txt", "casino_game.txt"])
def test_tab_after_the_end_completes_undo_end_in_a_real_prompt(tmp_path, sample):
    db = str(tmp_path / "s.db")
    lines = command_lines(sample)
    script = tmp_path / "part.txt"
    script.write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")
    imported = subprocess.run(EXE + ["import", str(script), "--session", "t", "--db", db], capture_output=True)
    assert imported.returncode == 0
    env = {**os.environ, "PROMPT_TOOLKIT_NO_CPR": "1", "TERM": "xterm", "COLUMNS": "250", "LINES": "50"}
    child = pexpect.spawn(EXE[0], EXE[1:] + ["play", "--session", "t", "--db", db, "--lang", "en"], env=env,
                          encoding="utf-8", timeout=30, dimensions=(50, 250))  # fmt: skip
    child.delaybeforesend = 0
    try:
        child.expect("t>")
        child.sendline(lines[-1])
        if sample.startswith("quest"):  # its dice gave no time bomb: the panel says why streak is -
            child.expect(r"streak -: no time bomb \(DSK-4\) in this quest")
        child.expect("post it")
        child.expect("t>")
        child.sendline("help undo")
        child.expect("takes it back on purpose")
        child.expect("t>")
        child.send("un")  # the menu offers one completion: `undo end` (a plain undo is refused now)
        child.expect("take back the end of the session")
        child.send("\t")  # Tab takes it
        child.expect("undo end")
        child.send("\r")
        child.expect("t>")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    store = Store(db)
    assert store.events(store.get("t"))[-1].text == "undo end"


# ---------------------------------------------------------------- 2. verify --posted: one event


def ended(tmp_path: Path) -> tuple[LiveSession, str]:
    store = Store(tmp_path / "s.db")
    live = LiveSession.open(store, "q1", create=True)
    lines = command_lines("quest_success.txt")
    live.enter_many(lines[:-1])
    live.enter(lines[-1])
    assert live.state.over
    return live, short_hash(live.last[1])


def test_verify_posted_says_one_event_in_the_singular_and_many_in_the_plural(tmp_path):
    live, posted = ended(tmp_path)
    end = live.last[0]
    live.enter("note gg")
    db = str(tmp_path / "s.db")
    said = invoke("verify", "q1", "--db", db, "--posted", posted)
    assert said.exit_code == 0, said.output
    assert f"after event {end}, but 1 event was stored after it:" in said.output
    assert "1 events" not in said.output and "the result now is still the posted one" in said.output  # not "them"
    ja = invoke("verify", "q1", "--db", db, "--posted", posted, lang="ja")
    assert "その後に1件のイベントが記録されています：" in ja.output
    live.enter("note again")
    live.close()
    said = invoke("verify", "q1", "--db", db, "--posted", posted)
    assert f"after event {end}, but 2 events were stored after it:" in said.output


def test_the_posted_result_says_one_game_in_the_singular():
    from dealer_assist.verify import _facts_text

    assert _facts_text({"status": "running", "games": 1, "hp": 5}, "en").startswith("running, 1 game, HP")
    assert "2 games" in _facts_text({"status": "running", "games": 2, "hp": 5}, "en")
    assert "1ゲーム" in _facts_text({"status": "running", "games": 1, "hp": 5}, "ja")


# ---------------------------------------------------------------- 3. the streak column on the live panel

NO_BOMB = "quest easy\ndice 6\njk 0 0\nseat 1 aki 100k\ngame\nbet 1 10k\ndeal 9 5\ndeal 8 [?]\n"
BOMB = "quest easy\ndice 4\njk 0 0\nseat 1 aki 100k\ngame\nbet 1 10k\ndeal 9 5\ndeal 8 [?]\n"


@pytest.mark.parametrize("lang, note", [("en", "streak -: no time bomb (DSK-4) in this quest"),
                                        ("ja", "連敗「-」：このクエストには時限爆弾（DSK-4）がありません")])  # fmt: skip
def test_the_live_panel_says_why_the_streak_shows_a_dash(lang, note):
    for script in (NO_BOMB, "quest easy\ndice 6\nseat 1 aki 100k\nseat 7 ben 100k\n"):  # in a game, in the setup
        said = shown(live_state(replay_text(script).session.state, lang)).splitlines()
        assert note in said
        table = [line for line in said if line.startswith(("▶", " ")) or line.lstrip().startswith(("1", "7"))]
        assert cell_len(note) <= max(cell_len(line) for line in table)  # no wider than the table
    # with the time bomb the column counts, and needs no note; before the dice nothing is known
    for script in (BOMB, "quest easy\nseat 1 aki 100k\n"):
        assert note not in shown(live_state(replay_text(script).session.state, lang))


def test_with_the_time_bomb_the_live_panel_shows_the_streak():
    said = shown(live_state(replay_text(BOMB).session.state, "en"))
    row = next(line for line in said.splitlines() if "aki" in line)
    assert row.split()[-2] == "0" and "-" not in row.split()[-3:]  # streak 0, yellow 0


# ---------------------------------------------------------------- 4. a settled insurance is seen

INSURED = """ruleset casino
seat 1 aki
seat 2 ben
seat 3 cat
game
deal 8 9 7 A
deal 9 K 9 [?]
ins 1 3
go
"""
LOST = INSURED + "peek 7\n1 st\n2 st\n3 st\nreveal\n"  # no dealer blackjack: insurance lost (-5)
WON = INSURED + "peek K\n"  # dealer blackjack: insurance won (+10), the round settled at once


def test_the_rounds_summary_at_settlement_names_the_insurance_results():
    for script, en, won in ((LOST, "insurance: seat 1 -5, seat 3 -5", -5),
                            (WON, "insurance: seat 1 +10, seat 3 +10", 10)):  # fmt: skip
        ja = text("casino.report.s.insurance", "ja", entries=text("list.sep", "ja").join(
            text("casino.report.insurance", "ja", seat=seat, chips=won) for seat in ("1", "3")))
        result = replay_text(script)
        assert result.error is None
        record = shell_record(result.session.state)
        last = result.lines[-1].outcomes
        assert en in shown_outcomes(last, record, "en") and ja in shown_outcomes(last, record, "ja")
    plain = replay_text(INSURED.replace("ins 1 3\n", "") + "peek 7\n1 st\n2 st\n3 st\nreveal\n")
    assert "insurance" not in shown_outcomes(plain.lines[-1].outcomes, shell_record(plain.session.state), "en")


def shell_record(state) -> dict:
    from dealer_assist import rulesets

    return rulesets.game_record(state)


def shown_outcomes(items, record: dict, lang: str) -> str:
    console = Console(width=200, record=True, color_system=None)
    outcomes(console, items, {record["game"]: record}, lang, "casino")
    return console.export_text()


def test_replay_and_audit_show_the_insurance_under_the_settled_round(tmp_path):
    script = tmp_path / "lost.txt"
    script.write_text(LOST, encoding="utf-8")
    for command in ("replay", "audit"):
        said = invoke(command, str(script))
        assert said.exit_code == 0, said.output
        assert said.output.count("seat 1: the insurance is lost (-5)") == 1  # at the peek
        assert "insurance: seat 1 -5, seat 3 -5" in said.output  # and under the round at settlement


def test_the_dealers_panel_marks_the_insurance_once_settled():
    before = shown(shell.panel(replay_text(INSURED).session.state, "en"))
    assert before.count("insured (INS)") == 2
    after = replay_text(INSURED + "peek 7\n").session.state
    for lang, mark in (("en", "insurance -5 (INS-4)"), ("ja", text("casino.mark.insurance", "ja", chips=-5))):
        said = shown(shell.panel(after, lang))
        assert said.count(mark) == 2 and "insured (INS)" not in said
        assert mark not in said.splitlines()[[i for i, line in enumerate(said.splitlines()) if "ben" in line][0]]


@pytest.mark.parametrize("peek, en, ja", [
    ("peek 7", ["seat 1: the insurance is lost (-5)", "seat 3: the insurance is lost (-5)",
                "the dealer does not have blackjack"], [("casino.insurance_lost", 1, "lost", 5),
                                                        ("casino.insurance_lost", 3, "lost", 5)]),
    ("peek K", ["seat 1: the insurance pays 2:1 (+10)", "seat 3: the insurance pays 2:1 (+10)"],
     [("casino.insurance_won", 1, "won", 10), ("casino.insurance_won", 3, "won", 10)]),
])  # fmt: skip
def test_the_overlays_last_ruling_shows_the_insurance_settled_at_the_peek(peek, en, ja):
    feed = Feed(Path("unused.db"), "s")
    lines = [segment for line in (INSURED + peek).splitlines() for segment in n.split_line(line)]
    for seq, line in enumerate(lines, start=1):
        feed.apply(seq, line, now())
    english, japanese = feed.picture("en")["last"], feed.picture("ja")["last"]
    assert len(english) == 1 and len(japanese) == 1  # the page shows one ruling
    assert english[0]["clause"].startswith("INS-4 · ") and english[0]["clause"] == japanese[0]["clause"]
    assert all(part in english[0]["text"] for part in en), english
    said = [text(key, "ja", seat=seat, **{name: value}) for key, seat, name, value in ja]  # the catalog's words
    assert all(part in japanese[0]["text"] for part in said), japanese
    if peek == "peek 7":  # the next command's ruling replaces it
        feed.apply(len(lines) + 1, "1 st", now())
        assert feed.picture("en")["last"][0]["clause"] == "PLAY-3"


# ---------------------------------------------------------------- 5. the test session's seal key


def test_the_test_session_keeps_its_seal_key_out_of_the_users_data_folder(tmp_path):
    real = Path(platformdirs.user_data_dir("dealer-assist", appauthor=False)) / "snapshot.key"
    assert seal.key_path() != real
    from conftest import SEAL_KEYS

    assert seal.key_path().parent == SEAL_KEYS
    # the processes the tests start inherit it
    child = subprocess.run([sys.executable, "-c", "from dealer_assist import seal; print(seal.key_path())"],
                           capture_output=True, text=True, check=True)  # fmt: skip
    assert Path(child.stdout.strip()).parent == SEAL_KEYS


def test_a_test_may_still_name_its_own_key(tmp_path, monkeypatch):
    monkeypatch.setenv("DEALER_ASSIST_KEY", str(tmp_path / "own.key"))
    assert seal.key_path() == tmp_path / "own.key"
