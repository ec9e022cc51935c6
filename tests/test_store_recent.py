"""The prompt's history is the last 200 events, read from the end of the log."""

from __future__ import annotations

from dealer_assist.live import LiveSession
from dealer_assist.store import Store


def test_recent_texts_are_the_last_events_oldest_first(tmp_path):
    store = Store(tmp_path / "s.db")
    live = LiveSession.open(store, "h", create=True)
    for i in range(250):
        live.enter(f"note line {i}")
    texts = [e.text for e in store.events(live.row)]
    assert len(texts) == 250
    assert store.recent_texts(live.row, 200) == texts[-200:]
    assert store.recent_texts(live.row, 1000) == texts
    live.close()
    empty = LiveSession.open(store, "empty", create=True)
    assert store.recent_texts(empty.row, 200) == []
    empty.close()
