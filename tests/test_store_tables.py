"""Issue 19, "a table-neutral store": events and sessions generic; a games row is the table's
record (JSON) plus what every table has (``points``, ``result``); each table's own columns and
derived views come from its ``Ruleset.store``; schema v7 keeps every older database readable
and verifiable, its hash chain untouched."""

from __future__ import annotations

import dataclasses
import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from dealer_assist import rulesets
from dealer_assist.core.table import StoreViews
from dealer_assist.live import LiveSession, check_derived
from dealer_assist.store import SCHEMA, Store
from dealer_assist.store.views import sync_views

FIXTURES = Path(__file__).parent / "fixtures"
OLD = range(1, 7)  # the schemas before v7
CASINO = ["ruleset casino", "seat 1 aki", "seat 2 ben", "game", "deal A 9 K", "deal K 9 [?]", "peek A; game",
          "deal 5 6 9", "deal 9 T [8]", "2 st", "1 st; reveal; game", "deal 7 8 T", "deal T 2 [9]"]  # fmt: skip


@pytest.fixture(autouse=True)
def key(tmp_path, monkeypatch):
    monkeypatch.setenv("DEALER_ASSIST_KEY", str(tmp_path / "snapshot.key"))


def dice_table(monkeypatch, views: dict | None = None, row=None) -> None:
    """Register a made-up table with no dealer and no hands: a record is {"game", "scores"}."""
    if views is None:
        views = {"dice_scores": "CREATE VIEW dice_scores AS select t.session, t.game, cast(s.key as integer) as box, "
                                "s.value as score from table_games t, json_each(t.record, '$.scores') s "
                                "where t.ruleset = 'dice' order by t.session_id, t.game, box"}  # fmt: skip

    def game_row(record: dict) -> dict:
        best = max(record["scores"], key=record["scores"].get)
        return {"points": sum(record["scores"].values()), "result": f"box {best}"}

    fake = dataclasses.replace(rulesets.get("casino"), name="dice", store=StoreViews(views, row or game_row))
    monkeypatch.setitem(rulesets.TABLES, "dice", "tests.nowhere")
    monkeypatch.setitem(rulesets._LOADED, "dice", fake)


def dice_round(store: Store, name: str, record: dict) -> None:
    row = store.get(name) if store.find(name) else store.create(name)
    store.append(row, [("note roll", {"command": "Note", "text": "roll"})], after=store.last(row),
                 summary={"setup": json.dumps({"ruleset": "dice"}), "status": "running", "games": record["game"]},
                 games=[record])  # fmt: skip


def rows(path: Path, sql: str) -> list[tuple]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def copy(version: int, tmp_path: Path) -> Path:
    target = tmp_path / f"v{version}.db"
    shutil.copyfile(FIXTURES / f"schema_v{version}.db", target)
    return target


def test_a_round_of_a_table_with_no_dealer_and_no_hands_is_stored_with_its_own_view(tmp_path, monkeypatch):
    dice_table(monkeypatch)
    path = tmp_path / "d.db"
    store = Store(path)
    dice_round(store, "d", {"game": 1, "scores": {"1": 3, "2": 5}})
    dice_round(store, "d", {"game": 2, "scores": {"1": 6, "2": 1}})
    row = store.get("d")
    assert row.ruleset == "dice" and row.hp is None  # the generic store needs no HP
    games = store.game_rows(row)
    assert [(g["game"], g["points"], g["result"], json.loads(g["record"])["scores"]) for g in games] == [
        (1, 8, "box 2", {"1": 3, "2": 5}), (2, 7, "box 1", {"1": 6, "2": 1})]
    assert all(g["dealer_total"] is None and g["hands"] is None for g in games)  # no One Million column filled
    store.close()
    assert rows(path, "select * from dice_scores") == [("d", 1, 1, 3), ("d", 1, 2, 5), ("d", 2, 1, 6), ("d", 2, 2, 1)]
    assert rows(path, "select count(*) from game_results")[0][0] == 0  # One Million's views keep to its sessions
    assert rows(path, "select count(*) from casino_rounds")[0][0] == 0


def test_a_table_whose_games_row_names_a_column_the_store_lacks_stores_nothing(tmp_path, monkeypatch):
    dice_table(monkeypatch, row=lambda record: {"points": 1, "result": None, "luck": 7})
    store = Store(tmp_path / "d.db")
    with pytest.raises(TypeError, match="luck"):
        dice_round(store, "d", {"game": 1, "scores": {"1": 1}})
    assert store.last(store.get("d")) == (0, "") and store.game_rows(store.get("d")) == []


def test_a_view_that_is_not_the_create_view_it_is_named_after_is_refused(tmp_path, monkeypatch):
    dice_table(monkeypatch, views={"dice_scores": "CREATE VIEW other AS select 1"})
    with pytest.raises(TypeError, match="dice_scores"):
        Store(tmp_path / "d.db")


def test_the_views_are_written_once_and_a_table_registered_later_gets_its_own(tmp_path, monkeypatch):
    path = tmp_path / "s.db"
    Store(path).close()
    schema = rows(path, "select name, sql from sqlite_master order by name")
    store = Store(path)
    with store._write():
        assert sync_views(store.db) is False  # as declared: nothing written
    store.close()
    assert rows(path, "select name, sql from sqlite_master order by name") == schema
    assert "dice_scores" not in {name for name, _ in schema}
    dice_table(monkeypatch)
    Store(path).close()  # the next writable open after the table came
    assert rows(path, "select count(*) from dice_scores") == [(0,)]
    monkeypatch.delitem(rulesets.TABLES, "dice")  # a table no longer registered leaves its view
    Store(path).close()
    assert rows(path, "select count(*) from dice_scores") == [(0,)]


@pytest.mark.parametrize("version", OLD)
def test_one_million_views_give_what_they_gave_before_v7(version, tmp_path):
    path = copy(version, tmp_path)
    if version == 1:  # no games table yet: the rows come from the events once migrated
        before_results = [("q1", 1, 0, 16, 25000, 0, 25000, 975000), ("q2", 1, 0, 6, 0, 0, 0, None)]
        before_hands = None
    else:
        before_results = rows(path, "select * from game_results")
        before_hands = rows(path, "select * from game_hands")
    Store(path).close()
    assert rows(path, "select * from game_results") == before_results
    after = rows(path, "select * from game_hands")
    players = {hand: player for _, _, hand, player, *_ in after}
    assert players == {"1": "aki", "3": "ben"}  # the player of each hand's box (v6's view; now every DB's)
    if before_hands is not None:  # v6's view had the player too (none here: the fixture's seats came later)
        drop_player = [(s, g, h, *rest) for s, g, h, _, *rest in after]
        if version == 6:
            before_hands = [(s, g, h, *rest) for s, g, h, _, *rest in before_hands]
        assert drop_player == before_hands and len(after) == 4


def test_game_hands_finds_the_player_of_a_box_numbered_ten_or_more(tmp_path):
    path = tmp_path / "s.db"
    Store(path).close()
    record = {"game": 1, "dealer": {"total": 20}, "hands": [{"hand": "10b", "bet": 5, "result": "win", "ratio": 2.0,
                                                             "cards": ["9"]}], "ledger": []}  # fmt: skip
    with sqlite3.connect(path) as conn:
        conn.execute("insert into sessions (name, created, setup, status, games, seats) values "
                     "('big', 'now', '{}', 'running', 1, '{\"1\": \"one\", \"10\": \"ten\"}')")  # fmt: skip
        conn.execute("insert into games (session_id, game, record) values (1, 1, ?)", [json.dumps(record)])
    assert rows(path, "select hand, player from game_hands") == [("10b", "ten")]


def test_the_casino_views_give_the_chips_of_each_round_and_seat(tmp_path):
    path = tmp_path / "c.db"
    store = Store(path)
    live = LiveSession.open(store, "c", create=True)
    live.enter_many(CASINO)
    records = {g["game"]: json.loads(g["record"]) for g in store.game_rows(store.get("c"))}
    points = {g["game"]: g["points"] for g in store.game_rows(store.get("c"))}
    assert check_derived(store, store.get("c")) == []
    live.close()
    store.close()
    rounds = rows(path, "select round, chips, dealer_total, result from casino_rounds where session = 'c'")
    assert [(r, chips) for r, chips, *_ in rounds] == [(n, sum(rec["changes"].values())) for n, rec in records.items()]
    assert [chips for _, chips, *_ in rounds] == [points[n] for n in records]  # what game_results.points gave
    assert rounds[0][2:] == (21, "blackjack") and rounds[-1][3] is None  # round 1: the peek found it; the last runs
    seats = rows(path, "select round, box, player, chips from casino_chips where session = 'c'")
    assert seats == [(n, int(box), {"1": "aki", "2": "ben"}[box], chips) for n, rec in records.items()
                     for box, chips in sorted(rec["changes"].items(), key=lambda kv: int(kv[0]))]  # fmt: skip
    assert any(chips for *_, chips in seats)  # not vacuous: chips changed hands
    hands = rows(path, "select round, hand, player from casino_hands where session = 'c'")
    assert len(hands) == sum(len(rec["hands"]) for rec in records.values()) and {p for *_, p in hands} == {"aki", "ben"}
    assert rows(path, "select count(*) from game_hands where session = 'c'") == [(0,)]


@pytest.mark.parametrize("version", OLD)
def test_every_old_fixture_migrates_to_v7_verifies_and_keeps_its_hash_chain(version, tmp_path):
    path = copy(version, tmp_path)
    columns = {row[1] for row in rows(path, "pragma table_info(events)")}
    chain_sql = "select session_id, seq, text, event, ts, hash, prev_hash" + (", typed" if "typed" in columns else "")
    chain = rows(path, chain_sql + " from events order by session_id, seq")
    heads = {sid: digest for sid, _, _, _, _, digest, _, *_ in chain}
    snapshots = rows(path, "select * from snapshots") if version >= 5 else []
    store = Store(path)
    assert max(store.versions()) == SCHEMA == 7
    for row in store.sessions():
        verdict = store.verify(row)
        assert verdict.ok and verdict.head == heads[row.id], row.name
        assert check_derived(store, row) == [], row.name
    results = {g["game"]: g["result"] for g in store.game_rows(store.get("q1"))}
    store.close()
    assert rows(path, chain_sql + " from events order by session_id, seq") == chain  # not one byte of the chain
    assert results == {1: "16"}  # filled in by v7 for the rows stored before it
    assert rows(path, "select * from snapshots") == snapshots  # v7 leaves the snapshots as they were


def test_the_v7_fixture_was_written_by_this_schema_and_verifies_read_only(tmp_path):
    path = copy(7, tmp_path)
    before = path.read_bytes()
    store = Store(path, readonly=True)
    assert max(store.versions()) == 7
    for row in store.sessions():
        assert store.verify(row).ok and check_derived(store, row) == []
    store.close()
    assert path.read_bytes() == before
    assert {name for (name,) in rows(path, "select name from sqlite_master where type = 'view'")} >= {
        "table_games", "game_results", "game_hands", "casino_rounds", "casino_chips", "casino_hands"}


def test_an_old_database_read_only_verifies_without_the_v7_columns(tmp_path):
    path = copy(6, tmp_path)
    store = Store(path, readonly=True)
    assert "result" not in store.game_rows(store.get("q1"))[0]
    assert check_derived(store, store.get("q1")) == []
    store.close()


def test_a_tampered_result_is_named_by_verify(tmp_path):
    path = copy(6, tmp_path)
    Store(path).close()
    with sqlite3.connect(path) as conn:
        conn.execute("update games set result = 'bust' where session_id = 1")
    store = Store(path, readonly=True)
    found = check_derived(store, store.get("q1"))
    store.close()
    assert [(f.key, f.params["column"]) for f in found] == [("verify.derived_game", "result")]


def test_the_last_commands_of_a_name_are_read_from_the_end_whatever_the_table(tmp_path):
    store = Store(tmp_path / "s.db")
    row = store.create("s")
    events = [("bet 1 5", {"command": "Bet", "box": 1, "amount": 5}), ("note a", {"command": "Note", "text": "a"}),
              ("bet 2 7", {"command": "Bet", "box": 2, "amount": 7}),
              ("bet 1 9", {"command": "Bet", "box": 1, "amount": 9})]  # fmt: skip
    store.append(row, events, after=(0, ""), summary={"setup": "{}", "status": "running", "games": 0})
    assert [e["amount"] for e in store.last_commands(row, "Bet", 64)] == [9, 7, 5]
    assert [e["amount"] for e in store.last_commands(row, "Bet", 2)] == [9, 7]
    assert store.last_commands(row, "Roll", 64) == []
    assert store.get("s").hp is None  # a summary without `hp` leaves it alone
    store.close()
