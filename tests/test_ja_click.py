"""Issue 18: click's own words under ``--lang ja`` read as Japanese: 「」 quotes with no space
beside them, type names in Japanese (not ``File``, ``integer``), "Missing option" in Japanese
word order, ``[必須]`` for ``[required]``, 「エラー：」「既定値：」 with the full-width colon.
English stays click's own."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

EXE = [sys.executable, "-m", "dealer_assist"]
ASCII_QUOTED = re.compile(r"'[^'\n]*'")


def run(*args: str) -> str:
    done = subprocess.run([*EXE, *args], capture_output=True, text=True, env={"PATH": "", "LANG": "C.UTF-8",
                                                                                "COLUMNS": "200"})  # fmt: skip
    return done.stdout + done.stderr


def error_lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith(("エラー", "Error", "ヘルプは", "Try"))]


def test_a_missing_file_is_a_japanese_sentence_with_japanese_quotes():
    out = run("--lang", "ja", "replay", "/nonexistent/x.txt")
    line = error_lines(out)[-1]
    assert line.startswith("エラー：") and "File" not in line and "ファイル「/nonexistent/x.txt」" in line, out
    assert not ASCII_QUOTED.search("\n".join(error_lines(out))), out
    assert "Error: Invalid value for 'SCRIPT': File '/nonexistent/x.txt' does not exist." in run(
        "--lang", "en", "replay", "/nonexistent/x.txt")


def test_a_missing_option_or_argument_is_said_in_japanese_word_order():
    out = run("--lang", "ja", "overlay")
    line = error_lines(out)[-1]
    assert line == "エラー：オプション「--session」がありません。", out
    line = error_lines(run("--lang", "ja", "audit"))[-1]
    assert line == "エラー：引数「NAME|SCRIPT」がありません。"
    assert "Error: Missing option '--session'." in run("--lang", "en", "overlay")
    assert "Error: Missing argument 'NAME|SCRIPT'." in run("--lang", "en", "audit")


def test_a_number_that_is_not_one_names_the_type_in_japanese():
    out = run("--lang", "ja", "overlay", "--session", "x", "--port", "abc")
    line = error_lines(out)[-1]
    assert "integer" not in line and "（整数）" in line and "「abc」" in line and "「--port」" in line, out
    assert " 「" not in line and "」 " not in line


def test_a_wrong_choice_lists_the_choices_in_japanese_quotes():
    out = run("--lang", "ja", "report", "x", "--format", "foo")
    line = error_lines(out)[-1]
    assert "「text」「markdown」「html」「json」「csv」" in line and not ASCII_QUOTED.search(line), out


def test_the_hint_to_ask_for_help_quotes_the_command_in_japanese():
    out = run("--lang", "ja", "nosuch")
    assert any(line.startswith("ヘルプは「") for line in error_lines(out)), out
    assert "エラー：「nosuch」というコマンドはありません。" in out


@pytest.mark.parametrize("command", ["import", "overlay"])
def test_a_required_option_is_marked_in_japanese_in_the_help(command):
    out = run("--lang", "ja", command, "--help")
    assert "[必須]" in out and "[required]" not in out, out
    assert "[required]" in run("--lang", "en", command, "--help")


def test_help_defaults_use_the_full_width_colon():
    out = run("--lang", "ja", "overlay", "--help")
    assert "既定値：8765" in out and "既定値: " not in out, out
