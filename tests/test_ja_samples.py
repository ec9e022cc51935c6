"""The sample sessions commented in Japanese (``sample_sessions/ja/``): the same commands as
the English-commented samples, so the same JSON, and their Japanese replay at 80 columns is
checked in (``NAME.ja.out``, made by the tool) with no comment cut off."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.cells import cell_len

from dealer_assist.cli import cli

SAMPLES = Path(__file__).parent.parent / "sample_sessions"
JA = SAMPLES / "ja"
NAMES = ("jokers", "casino_game")
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
ENGLISH = re.compile(r"\b(the|is|are|and|of|to|for|with|from|this|that|at|it|on|in|or|as|if|then|after|before)\b", re.I)


def invoke(*args: str, columns: int = 80):
    return CliRunner().invoke(cli, list(args), env={"COLUMNS": str(columns)})


def commands(path: Path) -> list[str]:
    """The script's commands, its comments and blank lines left out."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        command = line.split("#", 1)[0].strip()
        if command:
            out.append(" ".join(command.split()))
    return out


def comments(path: Path) -> list[str]:
    return [line.split("#", 1)[1].strip() for line in path.read_text(encoding="utf-8").splitlines() if "#" in line]


def test_every_japanese_sample_has_an_english_twin():
    assert sorted(p.stem for p in JA.glob("*.txt")) == sorted(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_the_japanese_commented_sample_has_the_english_ones_commands_and_json(name):
    assert commands(JA / f"{name}.txt") == commands(SAMPLES / f"{name}.txt")
    result = invoke("replay", str(JA / f"{name}.txt"), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == json.loads((SAMPLES / f"{name}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", NAMES)
def test_its_comments_are_japanese(name):
    said = comments(JA / f"{name}.txt")
    assert len(said) >= 10
    # a comment is Japanese, or only cards, totals and clause ids (「6 T＝16（DEALER-1）」)
    assert [c for c in said if not JAPANESE.search(c) and re.search(r"[a-z]{2,}", re.sub(r"[A-Z]+-\w+", "", c), re.I)] == []
    assert sum(bool(JAPANESE.search(c)) for c in said) >= len(said) * 2 // 3
    assert [c for c in said if ENGLISH.search(c)] == []


@pytest.mark.parametrize("name", NAMES)
def test_its_japanese_replay_is_the_checked_in_output(name):
    result = invoke("replay", str(JA / f"{name}.txt"), "--lang", "ja")
    assert result.exit_code == 0
    assert result.output == (JA / f"{name}.ja.out").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", NAMES)
def test_the_checked_in_output_cuts_no_comment_at_80_columns(name):
    out = (JA / f"{name}.ja.out").read_text(encoding="utf-8")
    assert "…" not in out
    assert [line for line in out.splitlines() if cell_len(line) > 80] == []
    for comment in comments(JA / f"{name}.txt"):
        if not comment.startswith(("ジョーカーは目線", "第2ゲームは", "カジノの卓")):  # the header lines are not echoed
            assert comment in out, comment
