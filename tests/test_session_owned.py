"""A session that steps its state in place (``Session(owned=True)``, what replay folds with):
every line gives the state the copying fold gives, a refused command or line still changes
nothing (the state is folded again from the start of its game), and undo is exact — for both
tables and for the table chosen by a ``ruleset`` line."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, strategies as st

from dealer_assist import notation as n
from dealer_assist.core.session import Session
from dealer_assist.errors import DealerAssistError
from dealer_assist.replay import replay_text
from dealer_assist.rulesets import to_json
from dealer_assist.tables.onemillion.scriptgen import Generator, Options

from test_properties import PROBES, SETTINGS, options, seeds

SAMPLES = sorted((Path(__file__).parent.parent / "sample_sessions").glob("*.txt"))


def text_of(session: Session) -> str:
    return json.dumps(to_json(session.state), sort_keys=True)


@SETTINGS
@given(seed=seeds, opts=options, probes=st.lists(st.sampled_from([*PROBES, "game; bet 1 9", "undo", "undo; undo"]),
                                                  max_size=8), every=st.integers(3, 9))  # fmt: skip
def test_owned_fold_equals_the_copying_fold_refusals_and_undos_included(seed, opts, probes, every):
    lines = Generator(seed, opts).run()
    plain, owned, folded = Session(), Session(owned=True), Session(owned=True)  # folded: `fold`, no outcomes
    for index, line in enumerate(lines):
        mixed = [line] if index % every else [line, *probes]  # probes (mostly refused) now and then
        for text in mixed:
            results = []
            for session in (plain, owned, folded):
                try:
                    (session.fold if session is folded else session.submit_all)(n.parse_line(text))
                    results.append("ok")
                except DealerAssistError as exc:
                    results.append(f"{type(exc).__name__}:{getattr(exc, 'clause', None)}")
            assert results[0] == results[1] == results[2], (text, results)
            assert text_of(owned) == text_of(plain) == text_of(folded), text
            assert owned.events == plain.events == folded.events
    assert owned.ended == plain.ended == folded.ended


def test_owned_session_does_not_change_the_state_it_was_given():
    lines = Generator(3, Options(games=2)).run()
    start = Session()
    for line in lines[:5]:
        start.submit_all(n.parse_line(line))
    given_state = start.state
    before = json.dumps(to_json(given_state), sort_keys=True)
    owned = Session(given_state, owned=True)
    for line in lines[5:]:
        owned.submit_all(n.parse_line(line))
    assert json.dumps(to_json(given_state), sort_keys=True) == before
    assert text_of(owned) != before


def test_replay_of_every_sample_is_the_same_owned_or_copying():
    assert SAMPLES
    for path in SAMPLES:
        text = path.read_text(encoding="utf-8")
        owned = replay_text(text)
        plain = replay_text(text, session=Session())
        assert (owned.ok, owned.error_line) == (plain.ok, plain.error_line), path.name
        assert text_of(owned.session) == text_of(plain.session), path.name
        assert [line.number for line in owned.lines] == [line.number for line in plain.lines]
        assert [[o.rulings for o in line.outcomes] for line in owned.lines] == \
            [[o.rulings for o in line.outcomes] for line in plain.lines], path.name  # fmt: skip


def test_replay_without_lines_folds_to_the_same_end_and_stops_at_the_same_line():
    for path in SAMPLES:
        text = path.read_text(encoding="utf-8")
        for broken in (text, text + "\nbet 9 10k\n"):  # and one refused at its end
            full, bare = replay_text(broken), replay_text(broken, keep_lines=False)
            assert (full.ok, full.error_line) == (bare.ok, bare.error_line), path.name
            assert text_of(full.session) == text_of(bare.session), path.name
            assert bare.lines == []
