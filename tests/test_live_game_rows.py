"""Issue 17: the games rows written by live play are the games the log gives, also for a line
that settles one game and starts the next (``peek K; game``): the settled game keeps its
final record, as an imported copy of the same script does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dealer_assist.live import LiveSession, check_derived
from dealer_assist.replay import replay_text
from dealer_assist.rulesets import to_json
from dealer_assist.tables.onemillion.scriptgen import Generator, Options
from dealer_assist.store import Store

# a dealer blackjack found at the peek settles round 1; the same line starts round 2
CASINO = ["ruleset casino", "seat 1 aki", "seat 2 ben", "game", "deal A 9 K", "deal K 9 [?]", "peek A; game",
          "deal 5 6 9", "deal 9 T [8]", "2 st", "1 st; reveal; game", "deal 7 8 T", "deal T 2 [9]"]  # fmt: skip


@pytest.fixture(autouse=True)
def key(tmp_path, monkeypatch):
    monkeypatch.setenv("DEALER_ASSIST_KEY", str(tmp_path / "snapshot.key"))


def played(path: Path, lines: list[str], name: str = "s") -> None:
    """The lines typed one by one at the live prompt's engine."""
    store = Store(path)
    live = LiveSession.open(store, name, create=True, lock=True)
    for line in lines:
        live.enter(line)
    live.close()
    store.close()


def imported(path: Path, lines: list[str], name: str) -> None:
    store = Store(path)
    row = store.create(name)
    LiveSession(store, row).enter_many(lines)
    store.close()


def rows(path: Path, name: str = "s") -> dict[int, dict]:
    store = Store(path, readonly=True)
    found = {g["game"]: json.loads(g["record"]) for g in store.game_rows(store.get(name))}
    store.close()
    return found


def records(lines: list[str]) -> dict[int, dict]:
    result = replay_text("\n".join(lines))
    assert result.ok, result.error_text()
    return {record["game"]: record for record in to_json(result.session.state)["log"]}


def one_line_settle_and_next(seed: int) -> list[str]:
    """A generated quest where each game's last line also types the next `game`."""
    merged: list[str] = []
    for line in Generator(seed, Options(games=6, empty=False)).run():
        if line == "game" and merged:  # the line before it (a settlement, often) and the next game
            merged[-1] += "; game"
        else:
            merged.append(line)
    return merged


def test_a_line_that_settles_a_casino_round_and_starts_the_next_leaves_its_final_row(tmp_path):
    path = tmp_path / "s.db"
    played(path, CASINO)
    want = records(CASINO)
    have = rows(path)
    assert have[1]["dealer"]["cards"] == ["K", "A"] and have[1]["dealer"]["blackjack"]
    assert have == want
    store = Store(path, readonly=True)
    assert check_derived(store, store.get("s")) == []


def test_a_resumed_session_reads_the_settled_game_as_the_log_gives_it(tmp_path):
    path = tmp_path / "s.db"
    played(path, CASINO)
    live = LiveSession.open(Store(path), "s")
    assert live.base > 0  # from the snapshot: the finished games come from the games rows
    assert to_json(live.state)["log"] == list(records(CASINO).values())


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_one_million_games_settled_and_followed_on_one_line_match_the_log(tmp_path, seed):
    lines = one_line_settle_and_next(seed)
    assert any(line.endswith("; game") for line in lines)
    path = tmp_path / "s.db"
    played(path, lines)
    assert rows(path) == records(lines)


def test_live_play_writes_the_same_rows_as_an_imported_copy(tmp_path):
    path = tmp_path / "s.db"
    played(path, CASINO, "live")
    imported(path, CASINO, "imported")
    assert rows(path, "live") == rows(path, "imported")
