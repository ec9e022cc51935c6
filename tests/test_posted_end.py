"""Issue 17, "Safe on stream": an ending is final once its head hash is announced.

- in live play a plain ``undo`` after the end (END-S/END-F, the casino game's RANK) is refused,
  naming the end's clause and the announced head; ``undo end`` (``取り消し 終了``) takes it back,
  stored as its own event that ``audit`` shows; a script replays as written;
- ``verify --posted HASH`` reports every event after the posted head and what it changed, and
  exits 1 when the result is no longer the posted one;
- ``export`` carries the chain: ``verify --script FILE --posted HASH`` checks it without the
  database, and ``import`` keeps the head hash.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest
from click.testing import CliRunner

from dealer_assist import notation as n
from dealer_assist.cli import cli
from dealer_assist.tables.onemillion import to_json
from dealer_assist.errors import RuleViolation, SessionError
from dealer_assist.live import LiveSession
from dealer_assist.replay import replay_text
from dealer_assist.store import Store, short_hash

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_sessions"
EXE = [sys.executable, "-m", "dealer_assist"]


def invoke(*args: str):
    return CliRunner().invoke(cli, [*args, "--lang", "en"], terminal_width=200)


def command_lines(sample: str) -> list[str]:
    text = (SAMPLES / sample).read_text(encoding="utf-8")
    return [raw for _, raw in n.lines(text) if n.split_line(raw)]


def ended(tmp_path: Path, sample: str = "quest_success.txt", name: str = "q1") -> tuple[Store, LiveSession, str]:
    """A session played live up to its end; the head hash announced then."""
    store = Store(tmp_path / "s.db")
    live = LiveSession.open(store, name, create=True)
    lines = command_lines(sample)
    live.enter_many(lines[:-1])
    live.enter(lines[-1])  # the last card, typed live: the end
    assert live.state.over
    return store, live, short_hash(live.last[1])


# ---------------------------------------------------------------- the end is final in live play


@pytest.mark.parametrize("sample, clause", [("quest_success.txt", "END-S"), ("quest_failure.txt", None),
                                            ("casino_game.txt", "RANK-1")])  # fmt: skip
def test_a_plain_undo_after_the_end_is_refused_with_its_clause_and_the_posted_head(tmp_path, sample, clause):
    store, live, posted = ended(tmp_path, sample)
    count = store.last(live.row)
    with pytest.raises(RuleViolation) as refused:
        live.enter("undo")
    assert refused.value.clause == (clause or refused.value.clause)
    assert refused.value.clause.startswith(("END-", "RANK-", "DSK-7"))
    said = refused.value.text("en")
    assert posted in said and "undo end" in said
    assert posted in refused.value.text("ja") and "取り消し 終了" in refused.value.text("ja")
    assert store.last(live.row) == count and live.state.over  # nothing stored, nothing changed


def test_a_note_after_the_end_may_be_taken_back_but_not_the_end(tmp_path):
    store, live, posted = ended(tmp_path)
    live.enter("note well played")
    live.enter("undo")  # the note
    with pytest.raises(RuleViolation) as refused:
        live.enter("undo")
    assert posted in refused.value.text("en")  # the head announced at the end, not the note's


def test_undo_end_takes_the_end_back_stored_as_its_own_event_shown_by_the_audit(tmp_path):
    store, live, posted = ended(tmp_path)
    live.enter("取り消し 終了")  # the IME form of `undo end`
    assert not live.state.over
    events = store.events(live.row)
    assert events[-1].text == "undo end" and events[-1].typed == "取り消し 終了"
    live.enter("undo")  # the session runs again: a plain undo works as before
    live.close()
    audit = invoke("audit", "q1", "--db", str(tmp_path / "s.db"))
    assert audit.exit_code == 0, audit.output
    assert f"#{events[-1].seq} (game" in audit.output and "undo end (typed explicitly" in audit.output


def test_undo_end_is_refused_while_the_session_runs(tmp_path):
    store = Store(tmp_path / "s.db")
    live = LiveSession.open(store, "r", create=True)
    live.enter_many(command_lines("quest_success.txt")[:5])
    with pytest.raises(SessionError) as refused:
        live.enter("undo end")
    assert refused.value.key == "session.undo_end_running"
    assert n.parse_command("undo end") == n.UndoEnd() != n.Undo()


def test_a_script_replays_undo_and_undo_end_after_the_end_as_written():
    """A stored log from before issue 17 may hold a plain undo after the end: it replays."""
    sample = (SAMPLES / "quest_success.txt").read_text(encoding="utf-8")
    for word in ("undo", "undo end", "取り消し 終了"):
        result = replay_text(sample + word + "\n")
        assert result.ok and not result.session.state.over, word


def test_the_pipe_refuses_a_plain_undo_after_the_end(tmp_path):
    db = str(tmp_path / "s.db")
    lines = command_lines("quest_success.txt")
    script = tmp_path / "part.txt"
    script.write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")
    imported = subprocess.run(EXE + ["import", str(script), "--session", "p", "--db", db], capture_output=True)
    assert imported.returncode == 0
    done = subprocess.run(EXE + ["play", "--session", "p", "--db", db, "--lang", "en"], input=f"{lines[-1]}\nundo\n",
                          capture_output=True, text=True, env={**os.environ, "COLUMNS": "300"}, timeout=60)  # fmt: skip
    assert done.returncode == 2  # a line was refused
    posted = Store(db).verify(Store(db).get("p")).short
    assert "✗ END-S" in done.stdout and posted in done.stdout


def test_the_prompt_refuses_a_plain_undo_after_the_end_and_takes_undo_end(tmp_path):
    db = str(tmp_path / "s.db")
    lines = command_lines("quest_success.txt")
    script = tmp_path / "part.txt"
    script.write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")
    imported = subprocess.run(EXE + ["import", str(script), "--session", "t", "--db", db], capture_output=True)
    assert imported.returncode == 0
    env = {**os.environ, "PROMPT_TOOLKIT_NO_CPR": "1", "TERM": "xterm", "COLUMNS": "250", "LINES": "50"}
    child = pexpect.spawn(EXE[0], EXE[1:] + ["play", "--session", "t", "--db", db, "--lang", "en"], env=env,
                          encoding="utf-8", timeout=30, dimensions=(50, 250))  # fmt: skip
    child.delaybeforesend = 0
    child.expect("t>")
    child.sendline(lines[-1])
    child.expect("post it")
    child.expect("t>")
    child.sendline("undo")
    child.expect("a plain undo does not take back the end")
    child.expect("t>")
    child.sendline("undo end")
    child.expect("t>")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    store = Store(db)
    assert store.events(store.get("t"))[-1].text == "undo end"


# ---------------------------------------------------------------- verify --posted: what came after


def test_verify_posted_reports_each_event_after_the_posted_head(tmp_path):
    store, live, posted = ended(tmp_path)
    end = live.last[0]
    live.enter("note gg")
    live.close()
    db = str(tmp_path / "s.db")
    said = invoke("verify", "q1", "--db", db, "--posted", posted)
    assert said.exit_code == 0, said.output  # a note changes nothing in the result
    assert f"after event {end}, but 1 event was stored after it" in said.output
    assert f"#{end + 1} note gg: changes nothing in the result" in said.output
    assert "still the posted one" in said.output


def test_verify_posted_fails_when_the_posted_end_was_taken_back(tmp_path):
    store, live, posted = ended(tmp_path)
    end = live.last[0]
    last = store.events(live.row)[-1].text
    live.enter("undo end")
    live.close()
    said = invoke("verify", "q1", "--db", str(tmp_path / "s.db"), "--posted", posted)
    assert said.exit_code == 1, said.output
    assert f"#{end + 1} undo end: takes back #{end} {last}" in said.output
    assert "status success → running" in said.output and "no longer the posted one" in said.output


# ---------------------------------------------------------------- a backup proves the posted head


def test_export_then_import_keeps_the_head_hash(tmp_path):
    store, live, posted = ended(tmp_path)
    live.close()
    db, out = str(tmp_path / "s.db"), str(tmp_path / "q1.txt")
    assert invoke("export", "q1", "--db", db, "-o", out).exit_code == 0
    imported = invoke("import", out, "--session", "copy", "--db", db)
    assert imported.exit_code == 0, imported.output
    copy = Store(db)
    assert copy.verify(copy.get("copy")).head == copy.verify(copy.get("q1")).head
    said = invoke("verify", "copy", "--db", db, "--posted", posted)
    assert said.exit_code == 0 and "the log up to event" in said.output
    # the export still replays like the plain script, and reads the same lines first
    text = Path(out).read_text(encoding="utf-8")
    assert to_json(replay_text(text).session.state) == to_json(live.state)
    assert [e.text for e in store.events(live.row)] == [line for line in text.splitlines()[1:] if n.split_line(line)]


def test_verify_script_checks_a_posted_head_without_the_database(tmp_path):
    store, live, posted = ended(tmp_path)
    live.enter("note " + "長い" * 2500)  # a long line typed in Japanese, kept in the chain
    live.close()
    db, out = tmp_path / "s.db", tmp_path / "q1.txt"
    assert invoke("export", "q1", "--db", str(db), "-o", str(out)).exit_code == 0
    head = short_hash(store.verify(live.row).head)
    db.unlink()  # the player has only the file
    said = invoke("verify", "--script", str(out), "--posted", posted)
    assert said.exit_code == 0, said.output
    assert "the hash chain written in the file holds" in said.output and "changes nothing in the result" in said.output
    assert invoke("verify", "--script", str(out), "--posted", head).exit_code == 0
    assert invoke("verify", "--script", str(out), "--posted", "0" * 12).exit_code == 1
    lines = out.read_text(encoding="utf-8").split("\n")
    changed = ["hp 280k" if line == "hp 275k" else line for line in lines]  # the dealer's HP, edited
    assert changed != lines
    out.write_text("\n".join(changed), encoding="utf-8")
    said = invoke("verify", "--script", str(out), "--posted", posted)
    assert said.exit_code == 1 and "of the file was changed" in said.output
    plain = invoke("verify", "--script", str(SAMPLES / "quest_success.txt"))
    assert plain.exit_code == 1 and "carries no hash chain" in plain.output


def test_verify_script_reports_an_undone_end(tmp_path):
    store, live, posted = ended(tmp_path)
    live.enter("undo end")
    live.close()
    out = tmp_path / "q1.txt"
    assert invoke("export", "q1", "--db", str(tmp_path / "s.db"), "-o", str(out)).exit_code == 0
    said = invoke("verify", "--script", str(out), "--posted", posted)
    assert said.exit_code == 1 and "undo end: takes back" in said.output
