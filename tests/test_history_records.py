"""A finished game's record comes back from ``History`` exactly as JSON would give it back
(the store keeps records as JSON): plain dicts, lists and scalars, for every table's samples."""

from __future__ import annotations

import json
from pathlib import Path

from dealer_assist.core.history import History
from dealer_assist.replay import replay_text

SAMPLES = sorted((Path(__file__).parent.parent / "sample_sessions").glob("*.txt"))


def test_history_gives_back_each_record_as_json_would():
    checked = 0
    for path in SAMPLES:
        history = replay_text(path.read_text(encoding="utf-8")).session.state.history
        for record in history:
            assert record == json.loads(json.dumps(record)), path.name
            assert json.dumps(record) == json.dumps(json.loads(json.dumps(record)))
            checked += 1
    assert checked > 20


def test_a_record_marshal_refuses_is_kept_as_json():
    from enum import StrEnum

    class Kind(StrEnum):
        WIN = "win"

    history = History().append({"result": Kind.WIN, "cards": ["9", "K"]}).append({"game": 2, "hands": []})
    assert list(history) == [{"result": "win", "cards": ["9", "K"]}, {"game": 2, "hands": []}]
    assert type(list(history)[0]["result"]) is str


def test_deferred_json_records_and_appended_ones_read_alike():
    past = History.deferred(2, lambda: ['{"game":1}', '{"game":2,"x":[1]}'])
    later = past.append({"game": 3, "x": [1, None, True, 2.5]})
    assert list(later) == [{"game": 1}, {"game": 2, "x": [1]}, {"game": 3, "x": [1, None, True, 2.5]}]
    assert later == History.deferred(3, lambda: ['{"game":1}', '{"game":2,"x":[1]}',
                                                  '{"game":3,"x":[1,null,true,2.5]}'])  # fmt: skip


def test_last_records_are_read_from_the_end_oldest_first():
    past = History.deferred(2, lambda: ['{"game":1}', '{"game":2}'])
    later = past.append({"game": 3}).append({"game": 4})
    assert later.last(2) == [{"game": 3}, {"game": 4}]
    assert later.last(3) == [{"game": 2}, {"game": 3}, {"game": 4}]  # reaches into the stored past
    assert later.last(0) == []
