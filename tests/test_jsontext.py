"""The tool's JSON text (``replay --json``, ``report --format json``) is the standard library's
``json.dumps(obj, ensure_ascii=False, indent=2)`` byte for byte, whichever encoder writes it."""

from __future__ import annotations

import json
import math
from pathlib import Path

from hypothesis import given, settings, strategies as st

from dealer_assist import jsontext
from dealer_assist.replay import replay_text
from dealer_assist.rulesets import to_json

SAMPLES = sorted((Path(__file__).parent.parent / "sample_sessions").glob("*.txt"))

floats = st.floats(allow_nan=False, allow_infinity=False)
scalars = st.none() | st.booleans() | st.integers() | floats | st.text()
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=5) | st.integers(), inner, max_size=4), max_leaves=20)


def standard(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, indent=2)


@settings(max_examples=400, deadline=None)
@given(values)
def test_jsontext_is_the_standard_librarys_text(obj):
    assert jsontext.dumps(obj) == standard(obj)


def test_jsontext_falls_back_where_orjson_would_differ():
    for obj in ({"tiny": 1e-05}, {"big": 2**70}, {1: "int key"}, [0.00001234], {"s": "0.00001"}):
        assert jsontext.dumps(obj) == standard(obj)
    assert not math.isnan(1.0)


def test_replay_json_of_every_sample_is_the_standard_text():
    assert SAMPLES
    for path in SAMPLES:
        state = replay_text(path.read_text(encoding="utf-8"), keep_lines=False).session.state
        assert jsontext.dumps(to_json(state)) == standard(to_json(state)), path.name
