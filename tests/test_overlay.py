"""The stream overlay's feed and server (the page itself is tested in headless Chromium in
test_overlay_browser.py): the event stream never carries what only the dealer knows, the
routes are read-only, a (re)connect gets the full picture at once, updates are pushed, and
`play --overlay` starts and ends the overlay with the prompt."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from helpers import overlay_server
from test_public_view import hidden_variant

from dealer_assist.live import LiveSession
from dealer_assist.overlay import Feed
from dealer_assist.store import Store, now

SAMPLES = sorted((Path(__file__).parent.parent / "sample_sessions").glob("*.txt"))
EXAMPLE = (Path(__file__).parent.parent / "sample_sessions" / "notation_example.txt").read_text(encoding="utf-8")


def commands(text: str) -> list[str]:
    from dealer_assist.notation import split_line

    return [segment for line in text.splitlines() for segment in split_line(line)]


def steady(picture: dict) -> dict:
    """A picture without the server's clock reading (the only thing that changes by itself)."""
    picture = json.loads(json.dumps(picture))
    if picture.get("clock"):
        picture["clock"].pop("now")
    return picture


# ---------------------------------------------------------------- the event stream is the players' view


@pytest.mark.parametrize("script", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_the_event_stream_never_carries_what_only_the_dealer_knows(script):
    feed = Feed(Path("unused.db"), "s")
    for seq, line in enumerate(commands(script.read_text(encoding="utf-8")), start=1):
        feed.apply(seq, line, now())
        state = feed.session.state
        for lang in ("en", "ja"):
            real = steady(feed.picture(lang))
            feed.session.state = hidden_variant(state)
            try:
                varied = steady(feed.picture(lang))
            finally:
                feed.session.state = state
            assert real == varied, (script.stem, seq, line)
            text = json.dumps(real, ensure_ascii=False)
            assert "dealer's view" not in text and "ディーラー目線" not in text  # no dealer-count ruling
            game = getattr(state, "game", None) or getattr(state, "round", None)  # One Million's or the casino's
            if game is not None and game.hole is not None:
                assert real["dealer"]["cards"][1] == "[?]"


def test_the_picture_words_the_view_in_the_page_language():
    feed = Feed(Path("unused.db"), "s")
    for seq, line in enumerate(commands(EXAMPLE)[:12], start=1):
        feed.apply(seq, line, now())
    ja, en = feed.picture("ja"), feed.picture("en")
    assert ja["hp"]["text"] == "100万P以下" and en["hp"]["text"] == "1,000,000 P or less"
    assert ja["boxes"][0]["hands"][0]["bet_text"] == "2万" and en["boxes"][0]["hands"][0]["bet_text"] == "20,000"
    assert ja["last"][0]["clause"] == en["last"][0]["clause"]
    assert ja["clock"]["name"] and ja["clock"]["seconds"] == 210  # the action clock runs (TIME-1)
    assert ja["hp"]["exact"] is None
    assert Feed(Path("unused.db"), "s", exact_hp=True).picture("en")["hp"]["exact_text"] == "1,000,000"


# ---------------------------------------------------------------- the server


@pytest.fixture()
def server(tmp_path):
    path = tmp_path / "s.db"
    live = LiveSession.open(Store(path), "friday", create=True, lock=True)
    live.row = live.store.set_lang(live.row, "ja")
    for line in commands(EXAMPLE)[:11]:  # up to the deal: box 1 is to act
        live.enter(line)
    feed = Feed(path, "friday")
    with overlay_server(feed) as base:
        yield base, live
    live.close()


def get(url: str) -> tuple[int, bytes, str]:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, response.read(), response.headers.get("Content-Type", "")
    except urllib.error.HTTPError as exc:
        return exc.code, b"", ""
    except urllib.error.URLError:  # nothing listens (yet)
        return 0, b"", ""


def test_the_page_is_local_transparent_and_in_the_sessions_language(server):
    base, _ = server
    code, body, kind = get(base + "/")
    page = body.decode("utf-8")
    assert code == 200 and kind.startswith("text/html")
    assert '<html lang="ja">' in page and "background: transparent" in page
    assert "http://" not in page.replace('"http://www.w3.org', "") and "https://" not in page  # no outside asset
    assert '<html lang="en">' in get(base + "/?lang=en")[1].decode("utf-8")
    assert 'class="compact"' in get(base + "/?layout=compact")[1].decode("utf-8")
    code, body, _ = get(base + "/state")
    assert code == 200 and json.loads(body)["lang"] == "ja" and json.loads(body)["game"] == 1


def test_the_server_is_read_only(server):
    base, _ = server
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        request = urllib.request.Request(base + "/state", data=b"{}", method=method)
        with pytest.raises(urllib.error.HTTPError) as info:
            urllib.request.urlopen(request, timeout=5)
        assert info.value.code == 405
    assert get(base + "/admin")[0] == 404


def read_events(url: str, count: int, timeout: float = 5.0) -> list[dict]:
    """The first ``count`` pictures of the event stream."""
    out: list[dict] = []
    with urllib.request.urlopen(url, timeout=timeout) as stream:
        event = None
        for raw in stream:
            line = raw.decode("utf-8").rstrip("\n")
            if line.startswith("event: "):
                event = line[7:]
            elif line.startswith("data: ") and event == "picture":
                out.append(json.loads(line[6:]))
                if len(out) == count:
                    return out
    return out


def test_a_connection_gets_the_full_picture_at_once_then_every_change(server):
    base, live = server
    first = read_events(base + "/events?lang=en", 1)[0]
    assert first["game"] == 1 and first["lang"] == "en" and first["boxes"]
    got: list[dict] = []
    arrived: list[float] = []

    def read() -> None:  # the full picture, then the change (a picture may come between: odds, issue 23)
        with urllib.request.urlopen(base + "/events?lang=en", timeout=5.0) as stream:
            for raw in stream:
                line = raw.decode("utf-8").rstrip("\n")
                if line.startswith("data: "):
                    got.append(json.loads(line[6:]))
                    arrived.append(time.monotonic())
                    if len(got) == 3 or (len(got) > 1 and got[-1]["last"][0]["text"].startswith("hand 1 stands")):
                        return

    reader = threading.Thread(target=read)
    reader.start()
    time.sleep(0.3)
    stored = time.monotonic()
    live.enter("1 st")
    reader.join(5)
    changed = [n for n, p in enumerate(got) if p["last"] and p["last"][0]["text"].startswith("hand 1 stands")]
    assert changed and changed[0] > 0, got
    assert got[changed[0]]["version"] > got[0]["version"]
    assert arrived[changed[0]] - stored < 1.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_play_overlay_starts_the_overlay_and_ends_it_with_the_prompt(tmp_path):
    port = free_port()
    db = str(tmp_path / "s.db")
    play = subprocess.Popen([sys.executable, "-m", "dealer_assist", "play", "--session", "stream", "--db", db,
                             "--overlay", "--port", str(port), "--lang", "en"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
    try:
        play.stdin.write("\n".join(commands(EXAMPLE)[:8]) + "\n")
        play.stdin.flush()
        deadline = time.monotonic() + 15
        picture = None
        while time.monotonic() < deadline:
            code, body, _ = get(f"http://127.0.0.1:{port}/state")
            if code == 200 and json.loads(body)["game"] == 1:
                picture = json.loads(body)
                break
            time.sleep(0.2)
        assert picture is not None and picture["boxes"][0]["player"] == "aki"
        play.stdin.close()
        out = play.stdout.read()
        assert play.wait(15) == 0
        assert f"http://127.0.0.1:{port}/" in out
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:  # the overlay ends with the prompt
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            except OSError:
                break
            time.sleep(0.2)
        else:
            pytest.fail("the overlay outlived the prompt")
    finally:
        if play.poll() is None:
            play.kill()


def test_an_overlay_whose_parent_is_gone_stops(tmp_path):
    db = tmp_path / "s.db"
    LiveSession.open(Store(db), "x", create=True).close()
    parent = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(0.5)"])
    port = free_port()
    overlay = subprocess.Popen([sys.executable, "-m", "dealer_assist", "overlay", "--session", "x", "--db", str(db),
                                "--port", str(port), "--parent", str(parent.pid)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    try:
        parent.wait(10)
        # the overlay is not the parent's child here, so it watches a pid that is not its parent:
        # it stops at once (the parent check is "my parent is no longer the one I was given")
        assert overlay.wait(15) == 0
    finally:
        if overlay.poll() is None:
            overlay.kill()
