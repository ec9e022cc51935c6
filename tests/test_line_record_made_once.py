"""The settled game's record a live line shows is the one its games row was made of (issue 20:
made once a line): after every line it is the state's own record (``rulesets.game_record``),
tied to that line's last event; and the store writes the same bytes as ``json.dumps`` would."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from dealer_assist import rulesets
from dealer_assist.errors import DealerAssistError
from dealer_assist.live import LiveSession
from dealer_assist.prompt.lines import handle_line
from dealer_assist.store import Store

CASINO = ["ruleset casino", "seat 1 aki", "seat 2 ben", "game", "deal A 9 K", "deal K 9 [?]", "peek A; game",
          "deal 5 6 9", "deal 9 T [8]", "2 st", "1 st; reveal; game", "deal 7 8 T", "deal T 2 [9]", "undo"]  # fmt: skip


@pytest.fixture(autouse=True)
def key(tmp_path, monkeypatch):
    monkeypatch.setenv("DEALER_ASSIST_KEY", str(tmp_path / "snapshot.key"))


SAMPLES = sorted((Path(__file__).parent.parent / "sample_sessions").glob("*.txt"))


def scripts():
    yield CASINO
    for path in SAMPLES:
        yield path.read_text(encoding="utf-8").splitlines()


@pytest.mark.parametrize("lines", list(scripts()), ids=["casino", *(p.stem for p in SAMPLES)])
def test_the_line_record_is_the_states_record_after_each_line(tmp_path, lines):
    store = Store(tmp_path / "s.db")
    live = LiveSession.open(store, "s", create=True, lock=True)
    seen = 0
    for line in lines:
        if not line.strip() or line.startswith("#"):
            continue
        try:
            live.enter(line)
        except DealerAssistError:
            continue
        seq, record = live.line_record
        assert seq == live.last[0]
        assert record == rulesets.game_record(live.state)
        seen += 1
    assert seen
    db = store.conn
    for (event,) in db.execute("select event from events"):
        assert event == json.dumps(json.loads(event), ensure_ascii=False, sort_keys=True)
    for (record,) in db.execute("select record from games"):
        assert record == json.dumps(json.loads(record), ensure_ascii=False)
    live.close()
    store.close()


def test_a_refused_line_leaves_the_record_of_the_last_line_and_the_screen_as_before(tmp_path):
    store = Store(tmp_path / "s.db")
    live = LiveSession.open(store, "s", create=True, lock=True)
    for line in CASINO[:6]:
        live.enter(line)
    before = live.line_record
    out = io.StringIO()
    assert not handle_line(live, "deal nonsense", Console(file=out, width=80))
    assert live.line_record == before
    assert handle_line(live, "peek A; game", Console(file=out, width=80))
    assert live.line_record[0] == live.last[0]
    live.close()
    store.close()
