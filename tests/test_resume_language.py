"""A session keeps its language (issue 17): `quit` prints a resume command with the session's
`--lang`; a resume without `--lang` speaks the session's language and keeps it stored (so the
report stays in it); only an explicit `--lang` changes it, and the prompt says so. The quit
message is checked in a real terminal (pexpect)."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pexpect
import pytest

from dealer_assist.store import Store

ENGLISH_SYSTEM = {k: v for k, v in os.environ.items() if k not in ("DEALER_ASSIST_LANG", "LC_ALL", "LC_MESSAGES")}
ENGLISH_SYSTEM.update({"LANG": "C.UTF-8", "COLUMNS": "120", "PROMPT_TOOLKIT_NO_CPR": "1"})
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def play(db, *args: str, lines: str = "") -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "dealer_assist", "play", "--db", str(db), *args]
    return subprocess.run(command, input=lines, env=ENGLISH_SYSTEM, capture_output=True, text=True, timeout=60)


def stored_lang(db, name: str) -> str | None:
    return Store(str(db), readonly=True).get(name).lang


def test_a_resume_without_lang_keeps_the_sessions_language(tmp_path):
    db = tmp_path / "s.db"
    first = play(db, "--session", "金曜", "--lang", "ja", lines="quest easy\n")
    assert first.returncode == 0, first.stderr
    assert stored_lang(db, "金曜") == "ja"
    again = play(db, "--session", "金曜", lines="dice 3\n")  # the system speaks English
    assert again.returncode == 0, again.stderr
    assert "ディーラースキル" in again.stdout, again.stdout
    assert stored_lang(db, "金曜") == "ja"  # the next report is still Japanese
    report = subprocess.run([sys.executable, "-m", "dealer_assist", "report", "金曜", "--db", str(db)],
                            env=ENGLISH_SYSTEM, capture_output=True, text=True, timeout=60)  # fmt: skip
    assert report.returncode == 0 and JAPANESE.search(report.stdout), report.stdout + report.stderr


def test_only_an_explicit_lang_changes_it_and_says_so(tmp_path):
    db = tmp_path / "s.db"
    play(db, "--session", "金曜", "--lang", "ja", lines="quest easy\n")
    same = play(db, "--session", "金曜", "--lang", "ja", lines="dice 3\n")
    assert "from now on" not in same.stdout and "これからは" not in same.stdout
    changed = play(db, "--session", "金曜", "--lang", "en", lines="seat 1 aki 1000\n")
    assert changed.returncode == 0, changed.stderr
    assert "'金曜' was played in Japanese; from now on it is played in English" in changed.stdout, changed.stdout
    assert stored_lang(db, "金曜") == "en"
    back = play(db, "--session", "金曜", "--lang", "ja", lines="note x\n")
    assert "これまで英語で進行していました。これからは日本語で進行します" in back.stdout, back.stdout
    fresh = play(db, "--session", "new", lines="quest easy\n")  # a new session: the language it starts in
    assert fresh.returncode == 0 and stored_lang(db, "new") == "en"


def _quit_line(db, *args: str) -> str:
    """The line ``quit`` prints in a real terminal."""
    child = pexpect.spawn(sys.executable, ["-m", "dealer_assist", "play", "--db", str(db), *args],
                          env={**ENGLISH_SYSTEM, "COLUMNS": "300"},
                          encoding="utf-8", timeout=30, dimensions=(40, 300))  # fmt: skip
    child.delaybeforesend = 0
    try:
        child.expect("金曜>")
        child.sendline("quit")
        child.expect(pexpect.EOF)
        return child.before
    finally:
        child.close(force=True)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_quit_prints_the_resume_command_with_the_sessions_language(tmp_path, lang):
    db = tmp_path / "s.db"
    out = _quit_line(db, "--session", "金曜", "--lang", lang)
    assert f"--session '金曜' --db {db} --lang {lang}" in out, out
    if lang == "ja":
        assert "再開するには" in out
        resumed = _quit_line(db, "--session", "金曜")  # without --lang: still Japanese
        assert "再開するには" in resumed and f"--db {db} --lang ja" in resumed, resumed
