"""ANN-1 in the final state line: the HP is said once, then the announcement (issue 18)."""

from __future__ import annotations

import io

from rich.console import Console

from dealer_assist.tables.onemillion.panel import final_state
from helpers import PLAIN, run


def state_line(script: str, lang: str) -> str:
    out = io.StringIO()
    final_state(Console(file=out, width=200, color_system=None), run(script).state, lang)
    return out.getvalue().splitlines()[1]


def test_ANN_1_the_state_line_gives_the_hp_once_in_japanese():
    line = state_line(PLAIN + "hp 940000\n", "ja")
    assert line.count("94万") == 1 and "「100万P以下」と告知" in line, line


def test_ANN_1_the_state_line_gives_the_hp_once_in_english():
    line = state_line(PLAIN + "hp 940000\n", "en")
    assert line.count("940,000") == 1 and "announced as 1,000,000 P or less" in line, line


# --- the charts' first row is the start, not "game 0" (issue 18, review §3d)

import re  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
from click.testing import CliRunner  # noqa: E402

from dealer_assist.cli import cli  # noqa: E402

SAMPLES = Path(__file__).resolve().parent.parent / "sample_sessions"


def report(tmp_path: Path, sample: str, lang: str, form: str) -> str:
    db = str(tmp_path / "r.db")
    runner = CliRunner()
    assert runner.invoke(cli, ["import", str(SAMPLES / f"{sample}.txt"), "--session", "s", "--db", db]).exit_code == 0
    result = runner.invoke(cli, ["report", "s", "--db", db, "--lang", lang, "--format", form], terminal_width=200)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("sample", ["extreme_445", "casino_game"])
@pytest.mark.parametrize("form", ["text", "markdown"])
def test_the_charts_start_row_is_named_the_start(tmp_path, sample, form):
    ja = report(tmp_path, sample, "ja", form)
    assert "開始時" in ja and "第0" not in ja
    (tmp_path / "en").mkdir()
    assert re.search(r"^\s*start\s", report(tmp_path / "en", sample, "en", form), re.M)
