"""A third table is one package and one registration (docs/TABLES.md): ``tests/tinytable`` (high
card) is registered by ``$DEALER_ASSIST_TABLES`` alone — no shared module knows it — and passes
the same conformance suite as the two real tables, and every shared command of the tool deals it
as a whole process: replay (text and JSON), audit with its own rulebook, the store, export,
verify, report and the overlay's picture."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
SCRIPT = """# high card: three rounds
ruleset tiny
seat 1 aki
game
hole [9]
draw K
show
game
hole [A]
draw 2
show
game
hole [5]
draw 5
show
"""


def env(**extra: str) -> dict[str, str]:
    out = dict(os.environ, DEALER_ASSIST_TABLES="tiny=tinytable.ruleset",
               PYTHONPATH=os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")]))  # fmt: skip
    out.update(extra)
    return out


def run(*args: str, tmp_path: Path, stdin: str | None = None, **extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "dealer_assist", *args], cwd=tmp_path, env=env(**extra),
                          input=stdin, capture_output=True, text=True, timeout=120)  # fmt: skip


@pytest.fixture
def script(tmp_path: Path) -> Path:
    path = tmp_path / "tiny.txt"
    path.write_text(SCRIPT, encoding="utf-8")
    return path


def test_the_third_table_passes_the_conformance_suite_of_every_table(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(TESTS / "test_conformance.py"),
         "-k", "tiny", "-o", "addopts="],
        cwd=ROOT, env=env(DEALER_ASSIST_EXAMPLES="12"), capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    passed = int(done.stdout.rsplit(" passed", 1)[0].split()[-1])
    assert passed >= 6, done.stdout[-1000:]  # every conformance test ran for the tiny table


def test_replay_deals_it_and_its_json_is_checked_by_its_own_schema(script, tmp_path):
    shown = run("replay", str(script), tmp_path=tmp_path)
    assert shown.returncode == 0, shown.stderr
    assert "HC-4" in shown.stdout and "K wins a chip (11 chips)" in shown.stdout
    assert "the game ends with 10 chips" in shown.stdout
    data = run("replay", "--json", str(script), tmp_path=tmp_path)
    assert data.returncode == 0, data.stderr
    state = json.loads(data.stdout)
    assert state["ruleset"] == "tiny" and state["status"] == "over" and len(state["log"]) == 3
    checked = run("schema", "--ruleset", "tiny", tmp_path=tmp_path)
    assert checked.returncode == 0 and "TinyGame" in checked.stdout


def test_audit_quotes_its_own_rulebook_in_both_languages(script, tmp_path):
    en = run("audit", str(script), tmp_path=tmp_path)
    ja = run("--lang", "ja", "audit", str(script), tmp_path=tmp_path)
    assert en.returncode == 0 and ja.returncode == 0, en.stderr + ja.stderr
    assert "HC-4 `show` turns the dealer's card" in en.stdout
    assert "HC-4 `show` でディーラーのカードを表にする" in ja.stdout and "第3ラウンドを精算した。" in ja.stdout


def test_the_store_keeps_it_and_export_replays_to_the_same_state(script, tmp_path):
    db = tmp_path / "s.db"
    imported = run("import", str(script), "--db", str(db), "--session", "hc", tmp_path=tmp_path)
    assert imported.returncode == 0, imported.stderr
    verified = run("verify", "--db", str(db), "hc", tmp_path=tmp_path)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    exported = run("export", "--db", str(db), "hc", tmp_path=tmp_path)
    assert exported.returncode == 0, exported.stderr
    again = tmp_path / "again.txt"
    again.write_text(exported.stdout, encoding="utf-8")
    assert json.loads(run("replay", "--json", str(again), tmp_path=tmp_path).stdout) == json.loads(
        run("replay", "--json", str(script), tmp_path=tmp_path).stdout)
    import sqlite3

    with sqlite3.connect(db) as connection:
        rows = connection.execute("SELECT round, player, hole, card, chips FROM tiny_rounds").fetchall()
    assert rows == [(1, "aki", "[9]", "K", 11), (2, "aki", "[A]", "2", 10), (3, "aki", "[5]", "5", 10)]


def test_its_report_is_a_document_the_shared_writers_render_in_every_format(script, tmp_path):
    for form, needle in (("text", "aki ends with 10 chips after 3 rounds."), ("markdown", "| 1 | [9] | K | 11 |"),
                         ("csv", "1,[9],K,11"), ("html", "<table"), ("json", '"chips": 10')):  # fmt: skip
        done = run("report", "--format", form, str(script), tmp_path=tmp_path)
        assert done.returncode == 0 and needle in done.stdout, (form, done.stdout[-500:], done.stderr)
    ja = run("--lang", "ja", "report", str(script), tmp_path=tmp_path)
    assert "aki は 3 ラウンドを終えて 10 枚。" in ja.stdout


def test_the_overlay_picture_is_made_from_the_players_view(script, tmp_path):
    code = (
        "import json, sys; from dealer_assist import notation as n, rulesets; from dealer_assist.overlay import Feed\n"
        "feed = Feed(db_path=None, name='x')\n"
        "for line in open(sys.argv[1], encoding='utf-8').read().splitlines()[:6]:\n"
        "    feed.apply(len(feed.session.events) + 1, line, '2026-12-01T00:00:00+00:00') if line and line[0] != '#' else None\n"
        "print(json.dumps(feed.picture('en')['dealer']))\n"
    )  # fmt: skip
    done = subprocess.run([sys.executable, "-c", code, str(script)], cwd=tmp_path, env=env(), capture_output=True,
                          text=True, timeout=60)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["cards"] == ["[?]"]  # the dealer's card, face down (HC-3)


def test_the_players_view_hides_the_face_down_card_until_it_is_shown():
    sys.path.insert(0, str(TESTS))
    try:
        from tinytable import rules
        from tinytable.ruleset import RULESET

        from dealer_assist.core.table import Viewpoint
        from dealer_assist.notation.tokens import parse_card
        from tinytable.commands import Draw, Hole, Show

        state = rules.TinyState()
        for cmd in (rules.n.Seat(1, "aki", None), rules.n.Game(), Hole(parse_card("[9]")), Draw(parse_card("K"))):
            state, _ = RULESET.step(state, cmd)
        assert RULESET.view(state, Viewpoint.DEALER)["hole"] == "[9]"
        assert RULESET.view(state, Viewpoint.PLAYERS)["hole"] == "[?]"
        state, _ = RULESET.step(state, Show())
        assert RULESET.view(state, Viewpoint.PLAYERS)["hole"] == "[9]"
    finally:
        sys.path.remove(str(TESTS))
