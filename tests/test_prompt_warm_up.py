"""The prompt finds completion while the dealer types nothing (issue 20): after a render the
pieces the next keystrokes may ask for are found one per turn of the event loop, none while
a redraw is pending or once the line is accepted, and again on the next prompt's own loop.
Also: the loaded session is kept out of the collector's full collections (``freeze_loaded``)."""

from __future__ import annotations

import asyncio
import gc
from types import SimpleNamespace

from helpers import PLAIN, run

from dealer_assist.prompt.completion import Matcher, matching
from dealer_assist.prompt.loop import _Warm, freeze_loaded


class FakeLive:
    def __init__(self, state) -> None:
        self.state = state
        self.count = 1

    def remembered(self):
        return None


def fake_app(loop, typed: str = ""):
    return SimpleNamespace(loop=loop, is_running=True, is_done=False, invalidated=False,
                           current_buffer=SimpleNamespace(document=SimpleNamespace(text_before_cursor=typed)))  # fmt: skip


def drain(loop) -> None:
    loop.run_until_complete(asyncio.sleep(0.2))


def test_after_a_render_everything_ahead_is_found_and_served_as_matching_does():
    state = run(PLAIN + "game\n").state
    matcher = Matcher()
    loop = asyncio.new_event_loop()
    try:
        app = fake_app(loop)
        warm = _Warm(app, matcher, FakeLive(state), "en")
        warm.after_render(app)
        drain(loop)
        assert matcher.ahead(state, "", "en", version=1) == []
        assert matcher.commands(state, "en", version=1) == matching(state, "", "en")
        assert matcher(state, "bet 1 ", "en", version=1) == matching(state, "bet 1 ", "en")
    finally:
        loop.close()


def test_nothing_is_found_while_a_redraw_is_pending_or_the_line_is_accepted():
    state = run(PLAIN + "game\n").state
    for flag in ("invalidated", "is_done"):
        matcher = Matcher()
        loop = asyncio.new_event_loop()
        try:
            app = fake_app(loop)
            setattr(app, flag, True)
            _Warm(app, matcher, FakeLive(state), "en").after_render(app)
            drain(loop)
            assert matcher.ahead(state, "", "en", version=1) == [None]  # not even the commands
        finally:
            loop.close()


def test_the_next_prompt_warms_on_its_own_loop_though_a_piece_was_left_waiting():
    state = run(PLAIN + "game\n").state
    matcher = Matcher()
    first, second = asyncio.new_event_loop(), asyncio.new_event_loop()
    try:
        app = fake_app(first)
        warm = _Warm(app, matcher, FakeLive(state), "en")
        warm.after_render(app)  # the prompt ends before its loop runs the piece
        app.loop = second
        warm.after_render(app)
        drain(second)
        assert matcher.ahead(state, "", "en", version=1) == []
    finally:
        first.close()
        second.close()


def test_what_was_typed_is_warmed_for_the_space_that_may_follow():
    state = run(PLAIN + "game\nbet 1 1000\nbet 3 1000\n").state
    matcher = Matcher()
    loop = asyncio.new_event_loop()
    try:
        app = fake_app(loop, "deal 9")
        _Warm(app, matcher, FakeLive(state), "en").after_render(app)
        drain(loop)
        assert "deal 9" in matcher._arguments
        assert matcher(state, "deal 9 ", "en", version=1) == matching(state, "deal 9 ", "en")
    finally:
        loop.close()


def test_freeze_loaded_moves_what_is_loaded_out_of_the_collectors_generations():
    held = [object() for _ in range(100)]
    gc.unfreeze()
    try:
        freeze_loaded()
        assert gc.get_freeze_count() >= len(held)
    finally:
        gc.unfreeze()
