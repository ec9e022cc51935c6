"""The stream overlay: a local web page for an OBS / Streamlabs browser source.

It follows a stored session in the database (read-only, from its own process, so the
dealer's prompt never waits for it), folds the new events as they are committed, and pushes
the *players' view* (``engine.public``) to every page over server-sent events: a full picture
on every (re)connect and after every change. Nothing else is ever sent: the picture is made
from ``public_view`` and ``public_rulings`` only, and the odds it shows (issue 23: the dealer's
bust chance, the best action) from ``odds_now(state, "players")`` — found in a thread of their
own after each change: a change waits up to ``ODDS_GRACE`` for them, slower ones follow in a
picture of their own.

The server is the standard library's ``ThreadingHTTPServer``: three read-only routes, no
write endpoint, no asset from outside the machine.

- ``GET /`` — the page (``?layout=compact`` for a corner of the screen, ``?lang=ja|en``);
- ``GET /state`` — the picture as JSON (the same object the events carry);
- ``GET /events`` — ``text/event-stream``: ``event: picture`` with the JSON picture.

The picture (``Feed.picture``) is display-ready: every word comes from the catalog in the
page's language and every amount is written the way that language writes it.
"""

from __future__ import annotations

import json
import os
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from dealer_assist import i18n, rulesets
from dealer_assist import notation as n
from dealer_assist.core.session import Session
from dealer_assist.core.step import Ruling
from dealer_assist.errors import DealerAssistError
from dealer_assist.i18n import text

POLL_SECONDS = 0.05  # how often the database is asked for new events
ODDS_GRACE = 0.03  # how long a new state waits for its odds before it is pushed without them (the casino's come in a few ms)
HEARTBEAT_SECONDS = 15.0
LAYOUTS = ("full", "compact")
LOOPBACK = ("127.0.0.1", "localhost", "::1")


def _epoch(ts: str) -> float:
    try:
        return datetime.fromisoformat(ts).timestamp()
    except ValueError:
        return time.time()


@dataclass
class Feed:
    """The session as the viewers know it, kept up to date from the database."""

    db_path: Path
    name: str
    exact_hp: bool = False
    shoe: bool = False
    session: Session = field(default_factory=Session)
    seq: int = 0
    session_id: int | None = None
    lang: str | None = None  # the page's default language: --lang, else the session's
    fixed_lang: str | None = None  # the --lang the overlay was started with
    rulings: tuple[Ruling, ...] = ()  # the last public rulings
    started: dict[tuple[int, str], float] = field(default_factory=dict)  # TIME-1 windows
    version: int = 0
    problem: str | None = None  # a catalog key when the session cannot be followed
    odds: tuple[int, dict | None] | None = None  # (seq, the viewers' odds there): ``compute_odds``
    odds_grace: float = 0.0  # seconds a new state waits for its odds before it is pushed (``serve``)
    _pushed: int = -1  # the seq of the last state the poll pushed to the pages
    _warmed: bool = False  # what the table's odds share built (``rulesets.warm_odds``), in the odds' thread
    changed: threading.Condition = field(default_factory=threading.Condition)
    _store: Any = None

    def _open(self):
        from dealer_assist.store import Store

        if self._store is None:
            self._store = Store(self.db_path, readonly=True)
        return self._store

    def _restart(self) -> None:
        self.session, self.seq, self.rulings, self.started, self.odds = Session(), 0, (), {}, None
        self._pushed = -1

    def poll(self) -> bool:
        """Apply the events stored since the last poll. True when the picture changed."""
        try:
            store = self._open()
            row = store.find(self.name)
            if row is None:
                return self._set_problem("overlay.waiting")
            if row.id != self.session_id:  # a new session under that name: start again
                self._restart()
                self.session_id = row.id
            self.lang = self.fixed_lang or row.lang
            events = store.events_since(row, self.seq)
        except DealerAssistError as exc:
            self._store = None
            return self._set_problem("overlay.waiting" if exc.key == "store.missing" else "overlay.unreadable")
        if not events:
            return self._set_problem(None)
        for seq, line, ts in events:
            self.apply(seq, line, ts)
        self.problem = None
        if self.odds_grace:
            self._await_odds(self.odds_grace)
        with self.changed:
            self._pushed = self.seq
            self._bump()
        return True

    def _await_odds(self, grace: float) -> None:
        """Give the odds thread ``grace`` seconds to find the new state's figures, so that most
        changes reach the page as one picture with their odds (slower figures follow in a
        picture of their own)."""
        with self.changed:
            self.changed.notify_all()  # the odds thread wakes
            deadline = time.monotonic() + grace
            while self.odds is None or self.odds[0] != self.seq:
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self.changed.wait(left)

    def apply(self, seq: int, line: str, ts: str) -> None:
        """Fold one stored event: the state, the last public rulings, the TIME-1 windows."""
        from dealer_assist.live import clock

        for cmd in n.parse_line(line):
            outcome = self.session.submit(cmd)
            shown = rulesets.screens(self.session.state).public_rulings(outcome.rulings, self.session.state,
                                                                         exact_hp=self.exact_hp)  # fmt: skip
            if shown:
                self.rulings = tuple(shown)
        running = clock(self.session.state)
        if running is not None:
            self.started.setdefault(running.key, _epoch(ts))  # the window opened with this event
        self.seq = seq

    def _set_problem(self, key: str | None) -> bool:
        if key == self.problem:
            return False
        self.problem = key
        self._bump()
        return True

    def _bump(self) -> None:
        with self.changed:
            self.version += 1
            self.changed.notify_all()

    # -- the odds (issue 23)

    def compute_odds(self) -> bool:
        """The exact odds of the state followed now, from the PLAYERS' view only
        (``odds_now(state, "players")``: the hole card and every other card only the dealer
        knows are counted as unseen, so the figures cannot tell them). Slow (up to seconds): the
        server runs it in a thread of its own (``serve``), never in the poll or a request; the
        picture carries the figures once they are for the state shown. True when stored."""
        seq, state = self.seq, self.session.state
        try:
            if not self._warmed and seq > 0:
                self._warmed = True
                rulesets.warm_odds(state)
            found = rulesets.odds_now(state, "players")
        except Exception:  # noqa: BLE001 - figures only: the page goes on without them
            found = None
        with self.changed:
            if seq != self.seq or state is not self.session.state:
                return False  # the session moved on meanwhile: these figures are of a table gone
            self.odds = (seq, found)
            if self._pushed != seq:  # the poll is about to push this state: they go with it
                self.changed.notify_all()
                return True
            self._bump()  # the state is on the pages already: its figures follow
        return True

    def odds_words(self, lang: str) -> dict[str, str] | None:
        """The page's figures (``odds_words.overlay``) when they are for the state shown."""
        if self.odds is None or self.odds[0] != self.seq or self.odds[1] is None:
            return None
        from dealer_assist import odds_words

        return odds_words.overlay(self.odds[1], lang, rulesets.of(self.session.state).name)

    # -- the picture

    def picture(self, lang: str) -> dict[str, Any]:
        """The players' view worded in ``lang``: what the page shows, nothing more (by the
        table's own ``picture`` hook), and the viewers' odds (``odds_words``)."""
        from dealer_assist import rulesets

        picture = rulesets.screens(self.session.state).picture(self, lang)
        picture["odds"] = self.odds_words(lang)
        picture["seq"] = self.seq  # the last event shown (a later picture of the same state brings its odds)
        return picture


# --------------------------------------------------------------------------- the page and the server


def page(layout: str, lang: str) -> str:
    template = resources.files("dealer_assist").joinpath("data/overlay.html").read_text(encoding="utf-8")
    title = text("overlay.title", lang)
    return (template.replace("{{LANG}}", lang).replace("{{LAYOUT}}", layout)
            .replace("{{TITLE}}", title))  # fmt: skip


class OverlayServer(ThreadingHTTPServer):
    """IPv4 or IPv6 by the host (``overlay_net``); a viewer closing early is no traceback."""

    daemon_threads = True
    terminal_lang = "en"  # the language of the sentences on the server's terminal

    def __init__(self, address: tuple[str, int], feed: Feed) -> None:
        from dealer_assist import overlay_net

        self.address_family, address = overlay_net.family(*address)
        super().__init__(address, Handler)
        self.feed = feed
        self.stopping = threading.Event()

    def server_bind(self) -> None:
        from dealer_assist import overlay_net

        overlay_net.server_bind(self)

    def handle_error(self, request: Any, client_address: Any) -> None:
        from dealer_assist import overlay_net

        overlay_net.handle_error(self, request, client_address)


class Handler(BaseHTTPRequestHandler):
    server: OverlayServer
    server_version = "dealer-assist-overlay"
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:  # quiet: the dealer's terminal is busy
        return

    def _lang(self, query: dict[str, list[str]]) -> str:
        asked = (query.get("lang") or [""])[0]
        if asked in i18n.LANGS:
            return asked
        return self.server.feed.lang or "en"

    def _send(self, status: int, body: bytes, kind: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:  # noqa: N802 - the http.server convention
        url = urlsplit(self.path)
        query = parse_qs(url.query)
        lang = self._lang(query)
        if url.path == "/":
            layout = (query.get("layout") or ["full"])[0]
            layout = layout if layout in LAYOUTS else "full"
            self._send(HTTPStatus.OK, page(layout, lang).encode("utf-8"), "text/html; charset=utf-8")
        elif url.path == "/state":
            body = json.dumps(self.server.feed.picture(lang), ensure_ascii=False).encode("utf-8")
            self._send(HTTPStatus.OK, body, "application/json; charset=utf-8")
        elif url.path == "/events":
            self._events(lang)
        else:
            self._send(HTTPStatus.NOT_FOUND, b"not found", "text/plain; charset=utf-8")

    def _refuse(self) -> None:
        self.send_response(HTTPStatus.METHOD_NOT_ALLOWED)
        self.send_header("Allow", "GET")
        self.send_header("Content-Length", "0")
        self.end_headers()

    do_POST = do_PUT = do_DELETE = do_PATCH = _refuse  # read-only: no write endpoint

    def _events(self, lang: str) -> None:
        feed = self.server.feed
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.send_header("Cache-Control", "no-store")
        self.send_header("Connection", "keep-alive")
        self.end_headers()
        self.close_connection = True
        try:
            self.wfile.write(b"retry: 1000\n\n")
            seen = -1
            while not self.server.stopping.is_set():
                with feed.changed:
                    if feed.version == seen:
                        feed.changed.wait(HEARTBEAT_SECONDS)
                    version = feed.version
                if version == seen:
                    self.wfile.write(b": keep-alive\n\n")
                else:
                    data = json.dumps(feed.picture(lang), ensure_ascii=False)
                    self.wfile.write(f"event: picture\ndata: {data}\n\n".encode("utf-8"))
                    seen = version
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError, OSError):
            return


def serve(feed: Feed, *, host: str = "127.0.0.1", port: int = 8765, parent: int | None = None,
          ready=None) -> None:  # fmt: skip
    """Follow the session and serve the page until interrupted (or until ``parent`` exits)."""
    server = OverlayServer((host, port), feed)

    first = threading.Event()

    def follow() -> None:  # the only thread that reads the database
        while not server.stopping.is_set():
            try:
                feed.poll()
            except Exception:  # noqa: BLE001 - a database busy or changing under us: say so on the page, go on
                feed._set_problem("overlay.unreadable")
            first.set()
            if parent is not None and os.getppid() != parent:  # the prompt that started us is gone
                server.stopping.set()
                threading.Thread(target=server.shutdown, daemon=True).start()
                return
            time.sleep(POLL_SECONDS)

    def figures() -> None:  # the viewers' odds of each new state, off the poll and the requests
        done, warm = None, rulesets.warm_odds  # what the table's odds share, built once
        while not server.stopping.is_set():
            with feed.changed:
                if feed.seq == done:
                    feed.changed.wait(1.0)
            seq = feed.seq
            if seq != done and not server.stopping.is_set():
                if warm is not None and seq:  # the session's table known
                    try:
                        warm(feed.session.state)
                    except Exception:  # noqa: BLE001 - a warm-up only
                        pass
                    warm = None
                done = seq if feed.compute_odds() else None

    feed.odds_grace = ODDS_GRACE
    threading.Thread(target=figures, name="overlay-odds", daemon=True).start()
    poller = threading.Thread(target=follow, name="overlay-follow", daemon=True)
    poller.start()
    first.wait(10)
    if ready is not None:
        ready(server)
    try:
        server.serve_forever(poll_interval=0.2)
    finally:
        server.stopping.set()
        with feed.changed:
            feed.changed.notify_all()
        server.server_close()
