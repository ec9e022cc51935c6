"""Audits, the tamper-evident log, reports, and browsing the database."""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from dealer_assist import rulebook
from dealer_assist.cli import cli
from dealer_assist.live import LiveSession
from dealer_assist.replay import replay_text
from dealer_assist.store import Store, event_hash
from helpers import CHROMIUM, chromium_screenshot, needs_chromium

ROOT = Path(__file__).parent.parent
SAMPLES = ROOT / "sample_sessions"


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False, terminal_width=200)
    return result.exit_code, result.output


def stored(tmp_path: Path, sample: str = "extreme_445", name: str = "q") -> str:
    db = str(tmp_path / "s.db")
    code, out = invoke("import", str(SAMPLES / f"{sample}.txt"), "--session", name, "--db", db)
    assert code == 0, out
    return db


# ---------------------------------------------------------------- the rulebook


def test_the_shipped_rulebook_is_the_contract():
    contract = ROOT.parent / "shared" / "spec" / "RULES.md"
    if not contract.exists():
        pytest.skip("the shared spec is not beside this checkout")
    assert rulebook.text() == contract.read_text(encoding="utf-8")


def test_every_clause_the_engine_cites_is_in_the_rulebook():
    cited = set()
    for path in (ROOT / "dealer_assist").rglob("*.py"):
        cited |= set(re.findall(r'"((?:CARD|BASE|BET|BOX|DRAW|SURR|SET|HEAL|GUILD|JK|DSK|END|ANN|TIME)-[A-Z0-9]+|SETUP)"',
                                path.read_text(encoding="utf-8")))  # fmt: skip
    assert len(cited) > 50
    assert sorted(c for c in cited if c not in rulebook.clauses()) == []
    assert rulebook.clause("JK-4").count("Lv.") == 4


# ---------------------------------------------------------------- audit


def test_audit_quotes_the_clause_of_every_ruling():
    code, out = invoke("audit", str(SAMPLES / "extreme_445.txt"))
    assert code == 0
    result = replay_text((SAMPLES / "extreme_445.txt").read_text(encoding="utf-8"))
    clauses = {r.clause for line in result.lines for o in line.outcomes for r in o.rulings}
    assert len(clauses) > 12
    for clause in clauses:
        first_line = rulebook.clause(clause).splitlines()[0]
        assert "│ " + first_line in out, clause
    assert "game 4 ledger" in out and "│ SET-E" in out  # the ledger's clauses too


def test_audit_shows_the_state_each_command_met():
    code, out = invoke("audit", str(SAMPLES / "jokers.txt"), "--game", "2")
    assert code == 0
    assert "#1 " not in out  # only game 2
    assert "JK seen: players 3 / dealer 3" in out  # what the peek met
    assert "JK seen: players 3 / dealer 4" in out  # what the player's joker met
    assert "recovery off" in out and "HP 980,000" in out
    assert "│ JK-8 A ruling made at the dealer's sighting stands" in out


@pytest.mark.parametrize("sample,lang,said", [("casino_game.txt", "en", "met: a new session, its table not chosen yet"),
                                               ("gear_match.txt", "ja", "状態：新しいセッション（卓はまだ選ばれていない）")])  # fmt: skip
def test_audit_the_first_ruleset_line_meets_a_new_session_not_the_default_tables(sample, lang, said):
    """A session that starts ``ruleset NAME`` met no table yet: not One Million's blank quest."""
    code, out = invoke("audit", str(SAMPLES / sample), "--lang", lang)
    met = [line for line in out.splitlines() if line.startswith(("   met:", "   状態："))]
    assert code == 0 and met[0].strip() == said.strip()
    assert "JK" not in met[1] and "100万" not in met[1] and "1,000,000" not in met[1]  # the chosen table's facts next


def test_audit_at_shows_the_full_state_there():
    code, out = invoke("audit", str(SAMPLES / "notation_example.txt"), "--at", "12")
    assert code == 0
    assert "#13" not in out and "state after command #12" in out
    assert "box 3 (ben): 15 vs 6" in out


def test_audit_of_a_stored_session_checks_the_chain(tmp_path):
    db = stored(tmp_path)
    code, out = invoke("audit", "q", "--db", db, "--game", "4")
    assert code == 0
    assert "the hash chain holds over" in out
    assert "Platinum Treasure Box" in out


# ---------------------------------------------------------------- verify


def rows(db: str) -> list[tuple]:
    with sqlite3.connect(db) as conn:
        return conn.execute("select seq, text, event, ts, hash, prev_hash from events order by seq").fetchall()


def test_verify_passes_an_untouched_log(tmp_path):
    db = stored(tmp_path)
    code, out = invoke("verify", "q", "--db", db)
    assert code == 0 and "untouched" in out


def tampered(db: str, *statements: tuple[str, list]) -> tuple[int, str]:
    with sqlite3.connect(db) as conn:
        for sql, params in statements:
            conn.execute(sql, params)
    return invoke("verify", "q", "--db", db)


@pytest.mark.parametrize(
    "statements,verdict",
    [
        ([("update events set text = 'bet 3 90k' where seq = ?", [12])], "event 12 was changed"),
        ([("delete from events where seq = ?", [20])], "event 20 was removed"),
        ([("delete from events where seq = ?", [20]), ("update events set seq = seq - 1 where seq > ?", [20])],
         "event 20 was removed"),  # deleted and renumbered
    ],
    ids=["changed", "deleted", "deleted-and-renumbered"],
)  # fmt: skip
def test_verify_names_the_tampered_event(tmp_path, statements, verdict):
    db = stored(tmp_path)
    code, out = tampered(db, *statements)
    assert code == 1 and verdict in out


def test_verify_names_a_changed_and_rehashed_event(tmp_path):
    db = stored(tmp_path)
    seq, text, event, ts, _, prev = rows(db)[11]
    forged = event_hash(prev, seq, "bet 3 90k", event, ts)
    code, out = tampered(db, ("update events set text = 'bet 3 90k', hash = ? where seq = 12", [forged]))
    assert code == 1 and "event 12 was changed" in out


def test_verify_names_the_last_event_deleted(tmp_path):
    db = stored(tmp_path)
    last = len(rows(db))
    code, out = tampered(db, ("delete from events where seq = ?", [last]))
    assert code == 1 and f"event {last} was removed" in out


def test_verify_names_an_inserted_event(tmp_path):
    db = stored(tmp_path)
    seq, _, event, ts, _, prev = rows(db)[14]  # insert a new event 15, with a valid hash
    forged = event_hash(prev, 15, "note inserted", json.dumps({"command": "Note"}), ts)
    with sqlite3.connect(db) as conn:
        for s in sorted((r[0] for r in rows(db) if r[0] >= 15), reverse=True):
            conn.execute("update events set seq = seq + 1 where seq = ?", [s])
        conn.execute("insert into events (session_id, seq, text, event, ts, hash, prev_hash) values (1, 15, ?, ?, ?, ?, ?)",
                     ["note inserted", json.dumps({"command": "Note"}), ts, forged, prev])  # fmt: skip
    code, out = invoke("verify", "q", "--db", db)
    assert code == 1 and "event 15 was inserted" in out


# ---------------------------------------------------------------- report


def report(fmt: str, sample: str = "extreme_445") -> str:
    code, out = invoke("report", str(SAMPLES / f"{sample}.txt"), "--format", fmt)
    assert code == 0, out
    return out


def test_report_json_figures():
    data = json.loads(report("json"))
    assert data["result"] == {"status": "success", "reason": "hp_zero", "reward": "Platinum Treasure Box",
                              "difficulty": "extreme", "hp": 0, "announce": 0, "games": 4, "mp": 2}  # fmt: skip
    assert [(g["damage"], g["heal"], g["hp_after"]) for g in data["games"]] == [
        (0, 20000, 170000), (20000, 0, 150000), (30000, 10000, 130000), (130000, 0, 0)]
    box3 = next(b for b in data["boxes"] if b["box"] == 3)
    assert (box3["games"], box3["wins"], box3["blackjacks"], box3["points_start"], box3["points_end"]) == (
        4, 1, 2, 100000, 260000)
    box5 = next(b for b in data["boxes"] if b["box"] == 5)
    assert (box5["games"], box5["busts"], box5["points_end"]) == (3, 1, 0)
    assert [p["hp"] for p in data["chart"]] == [150000, 170000, 150000, 130000, 0]


def test_report_csv_figures():
    lines = report("csv").splitlines()
    assert lines[0] == "game,recovery,bets,results,damage,heal,hp_after"
    assert lines[4] == "4,1,110000,\"1 win, 3 blackjack\",130000,0,0"


def test_report_markdown_figures():
    text = report("markdown")
    assert "- **Result:** success (the dealer's HP is 0) - Platinum Treasure Box; HP 0 after 4 games" in text
    assert "| 3 | on | 40,000 | 1 bust, 3 blackjack, 5 push | 30,000 | 10,000 | 130,000 |" in text
    # box, player, games, won, lost, pushed, blackjacks, unders, busts, surrenders, jokers drawn, lost to a joker
    assert "| 3 | ben | 4 | 3 | 0 | 1 | 2 | 0 | 0 | 0 | 0 | 0 | 100,000 | 260,000 |" in text
    assert "Counted per hand: won = win, blackjack, Under Bonus" in text


def test_report_text_figures():
    text = report("text")
    assert "success (the dealer's HP is 0) - Platinum Treasure Box" in text
    assert "130,000" in text and "260,000" in text and "█" in text


def test_report_html_figures_and_chart():
    text = report("html")
    assert text.startswith("<!DOCTYPE html>") and '<svg id="hp-chart"' in text
    assert "<td>130,000</td>" in text and "Platinum Treasure Box" in text
    assert text.count("<circle") == 5


def test_report_of_a_stored_session(tmp_path):
    db = stored(tmp_path, "jokers", "j")
    code, out = invoke("report", "j", "--db", db, "--format", "json")
    assert code == 0 and json.loads(out)["result"]["reason"] == "joker"


@needs_chromium
def test_report_html_opens_in_headless_chromium_with_a_visible_chart(tmp_path):
    page = tmp_path / "report.html"
    page.write_text(report("html"), encoding="utf-8")
    image = chromium_screenshot(page, tmp_path, (900, 700))
    pixels = image.tobytes()
    red = sum(1 for i in range(0, len(pixels), 3) if pixels[i] > 180 and pixels[i + 1] < 80 and pixels[i + 2] < 80)
    assert red > 800  # the chart's line and points are drawn
    dom = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         f"--user-data-dir={tmp_path / 'profile2'}", "--dump-dom", page.as_uri()],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert dom.returncode == 0 and 'id="hp-chart"' in dom.stdout


# ---------------------------------------------------------------- browsing the database


def test_the_database_is_easy_to_browse(tmp_path):
    db = stored(tmp_path)
    with sqlite3.connect(db) as conn:
        conn.row_factory = sqlite3.Row
        games = conn.execute("select * from game_results where session = 'q' order by game").fetchall()
        assert [(g["game"], g["damage"], g["heal"], g["hp_after"]) for g in games] == [
            (1, 0, 20000, 170000), (2, 20000, 0, 150000), (3, 30000, 10000, 130000), (4, 130000, 0, 0)]
        hands = conn.execute("select hand, result from game_hands where game = 4").fetchall()
        assert [tuple(h) for h in hands] == [("1", "win"), ("3", "blackjack"), ("5", "nobet")]
        event = conn.execute("select json_extract(event, '$.command') from session_events where seq = 1").fetchone()
        assert event[0] == "Quest"


def test_live_sessions_fill_the_game_table_as_games_settle(tmp_path):
    store = Store(tmp_path / "s.db")
    live = LiveSession.open(store, "x", create=True)
    for line in (SAMPLES / "notation_example.txt").read_text(encoding="utf-8").splitlines():
        live.enter(line)
    live.enter("game")
    live.enter("undo")  # an undone game leaves no row
    with sqlite3.connect(tmp_path / "s.db") as conn:
        assert conn.execute("select game, hp_after from game_results").fetchall() == [(1, 975000)]
