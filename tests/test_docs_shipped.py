"""What a user is sent to exists for a user who installs the tool (issue 17): the notation is the
project's own document (docs/NOTATION.md, with the casino part beside it), the README and the
prompt's help point to it and to `dealer-assist rules` — never to ../shared/spec —, a new
session's help and panel offer `ruleset casino`, the Quick start says what the browser tests
need, and a test run says in one line what it skipped and why."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from dealer_assist import notation as n
from dealer_assist import render, rulesets
from dealer_assist.i18n import text
from dealer_assist.prompt import TOPICS, help_text, matching, topics_for
from dealer_assist.replay import replay_text

ROOT = Path(__file__).parent.parent
DOC = ROOT / "docs" / "NOTATION.md"
CONTRACT = ROOT.parent / "shared" / "spec" / "NOTATION.md"
README = (ROOT / "README.md").read_text(encoding="utf-8")
ROW = re.compile(r"^\| `([^`]+)`", re.M)


def doc() -> str:
    return DOC.read_text(encoding="utf-8")


def command_rows(body: str) -> list[str]:
    return [row for row in ROW.findall(body) if row.split()[0] in n.KEYWORDS or row.startswith("HAND")]


def test_the_notation_is_the_projects_own_document_beside_the_casino_part():
    body = doc()
    assert "[NOTATION-casino.md](NOTATION-casino.md)" in body
    assert (ROOT / "docs" / "NOTATION-casino.md").exists()
    assert "../shared" not in body and "../shared" not in (ROOT / "docs" / "NOTATION-casino.md").read_text("utf-8")
    assert "dealer-assist rules" in body


def test_every_command_of_the_doc_has_a_help_topic_and_the_contracts_are_all_there():
    rows = command_rows(doc())
    assert len(rows) > 30
    for row in rows:
        assert topics_for(row.split("|")[0].split("/")[0]), row
    if CONTRACT.exists():  # the contract (beside the project in its own checkout)
        assert set(command_rows(CONTRACT.read_text(encoding="utf-8"))) <= set(rows)


def test_the_docs_example_is_the_sample_session_and_replays():
    block = re.search(r"## An example[^\n]*\n+```\n(.*?)```", doc(), re.S).group(1)
    sample = (ROOT / "sample_sessions" / "notation_example.txt").read_text(encoding="utf-8")
    assert [line for line in sample.splitlines() if not line.startswith("#")] == block.splitlines()
    assert replay_text(block).ok


def test_the_readme_points_to_what_a_user_has():
    assert "../shared/spec" not in README
    assert "](docs/NOTATION.md)" in README and "dealer-assist rules DRAW-2" in README


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_prompts_help_points_to_the_doc_and_the_rules_command(lang):
    said = help_text(rulesets.new_state(), lang)
    assert "docs/NOTATION.md" in said and "rules DRAW-2" in said and "dealer-assist" in said
    assert "../shared" not in said


def test_the_quick_start_keeps_two_commands_and_says_what_the_browser_tests_need():
    quick = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = re.search(r"```sh\n(.*?)```", quick, re.S).group(1).strip().splitlines()
    assert len(commands) == 2 and "python -m pytest" in commands[1]
    assert "chromium" in quick and ".ci/run" in quick and "skipped" in quick


# ---------------------------------------------------------------- the setup's help and the panel


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_new_sessions_help_offers_ruleset_casino(lang):
    fresh = rulesets.new_state()
    now = help_text(fresh, lang).split(text("help.general", lang))[0]
    assert "ruleset onemillion|casino" in now
    assert ("ruleset casino", "casino", text("ruleset.choice.casino", lang)) in matching(fresh, "ruleset ", lang)
    started, _ = rulesets.step(fresh, n.parse_command("quest easy"))
    assert "ruleset" not in help_text(started, lang).split(text("help.general", lang))[0]
    assert TOPICS["ruleset"].form == "ruleset " + "|".join(rulesets.names())


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_new_sessions_panel_names_the_other_tables(lang):
    def footer(state) -> str:
        out = io.StringIO()
        Console(file=out, width=200, color_system=None).print(render.panel(state, lang))
        return out.getvalue().strip().splitlines()[-1]

    fresh = rulesets.new_state()
    assert "ruleset casino" in footer(fresh) and "quest" in footer(fresh)
    started, _ = rulesets.step(fresh, n.parse_command("quest easy"))
    assert "ruleset" not in footer(started)
    casino, _ = rulesets.step(fresh, n.parse_command("ruleset casino"))
    assert "quest" not in footer(casino) and "TABLE-1" in footer(casino)


# ---------------------------------------------------------------- the test run names what it skipped


def test_a_test_run_names_in_one_line_what_it_skipped_and_why(tmp_path):
    shutil.copy(ROOT / "tests" / "conftest.py", tmp_path / "conftest.py")
    (tmp_path / "test_some.py").write_text(
        "import pytest\nfrom helpers import needs_chromium\n\n"
        "@needs_chromium\ndef test_page_a():\n    pass\n\n@needs_chromium\ndef test_page_b():\n    pass\n\n"
        "@pytest.mark.skip(reason='not today')\ndef test_other():\n    pass\n\ndef test_runs():\n    pass\n",
        encoding="utf-8",
    )  # fmt: skip
    env = {**os.environ, "PATH": str(Path(sys.executable).parent), "PYTHONPATH": str(ROOT / "tests")}  # no chromium
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tmp_path)], env=env,
                         capture_output=True, text=True, timeout=120, cwd=tmp_path)  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    named = [line for line in run.stdout.splitlines() if line.startswith("skipped:")]
    assert named == ["skipped: 2 browser tests — Debian's chromium is not installed (.ci/run installs it: "
                     "apt-get install chromium); 1 test — not today"], run.stdout  # fmt: skip
