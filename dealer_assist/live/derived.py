"""The derived-row check (``verify``): the ``sessions`` and ``games`` rows against what the
stored events give when replayed."""

from __future__ import annotations

from dealer_assist import rulesets
from dealer_assist.live.session import LiveSession, summary
from dealer_assist.snapshot_check import Finding
from dealer_assist.store import SessionRow, Store


def check_derived(store: Store, row: SessionRow) -> list[Finding]:
    """Replay the stored events and compare the ``sessions`` row and the ``games`` rows with
    what the events give (``verify``): an empty list when they agree."""
    from dealer_assist.snapshot_check import SnapshotCheck
    from dealer_assist.store import game_row

    check = SnapshotCheck(store, row)  # the whole log, never the snapshot: it is checked against it
    live = LiveSession(store, row, whole=True, on_event=check.on_event)
    found: list[Finding] = check.findings()
    stored = store.summary_row(row)
    # a session without events keeps the row it was created with
    expected = summary(live.state) if live.last[0] else {"status": "running", "games": 0}
    for column, value in expected.items():
        if column not in stored or (column == "seats" and stored[column] is None):
            continue  # a column of a later schema, or players an older version did not record
        if stored.get(column) != value:
            found.append(Finding("verify.derived_session", {"name": row.name, "column": column,
                                 "stored": _short(stored.get(column)), "expected": _short(value)}))  # fmt: skip
    if not store.keeps_games:  # a database from before the games table (schema v1)
        return found
    table = rulesets.of(live.state).name
    want = {record["game"]: game_row(row.id, record, table) for record in rulesets.to_json(live.state)["log"]}
    have = {game["game"]: game for game in store.game_rows(row)}
    for number in sorted(set(want) | set(have)):
        if number not in have:
            found.append(Finding("verify.derived_game_missing", {"game": number}))
        elif number not in want:
            found.append(Finding("verify.derived_game_extra", {"game": number}))
        else:
            for column, value in want[number].items():  # a column of a later schema is not there yet
                if column in have[number] and have[number][column] != value:
                    found.append(Finding("verify.derived_game", {"game": number, "column": column,
                                         "stored": _short(have[number].get(column)), "expected": _short(value)}))  # fmt: skip
                    break
    return found


def _short(value) -> str:
    shown = repr(value)
    return shown if len(shown) <= 40 else shown[:37] + "..."
