"""Issue 17: the overlay server on stream — viewers that close early, IPv6, the host it is
told to listen on, a database no command can use, and a session name that is not stored.

Each test runs `dealer-assist overlay` in its own process and reads its terminal (stderr)."""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import struct
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from dealer_assist.overlay_net import close_names, exposure

EXE = [sys.executable, "-m", "dealer_assist"]
ENV = {**os.environ, "COLUMNS": "200", "DEALER_ASSIST_LANG": "en"}


@pytest.fixture(autouse=True)
def key(tmp_path):
    """This computer's snapshot key (``play`` keeps snapshots), kept apart for the test."""
    ENV["DEALER_ASSIST_KEY"] = str(tmp_path / "snapshot.key")
    yield
    ENV.pop("DEALER_ASSIST_KEY", None)


def free_port(family: socket.AddressFamily = socket.AF_INET, host: str = "127.0.0.1") -> int:
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]


def stored(tmp_path: Path, *names: str) -> Path:
    db = tmp_path / "s.db"
    for name in names:
        done = subprocess.run(EXE + ["play", "--session", name, "--db", str(db)], input="note on stream\n",
                              capture_output=True, text=True, timeout=60, env=ENV)  # fmt: skip
        assert done.returncode == 0, done.stderr
    return db


class Overlay:
    """`dealer-assist overlay` in its own process: started, waited for, stopped."""

    def __init__(self, db: Path, name: str, host: str, port: int, *extra: str) -> None:
        self.host, self.port = host, port
        self.process = subprocess.Popen(EXE + ["overlay", "--session", name, "--db", str(db), "--host", host,
                                               "--port", str(port), *extra],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)  # fmt: skip
        self.watchdog = threading.Timer(60, self.process.kill)  # never left running
        self.watchdog.start()
        self.serving = self.process.stdout.readline()  # printed once it listens and has read the session

    def url(self, path: str) -> str:
        shown = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{shown}:{self.port}{path}"

    def stop(self) -> tuple[str, str]:
        self.process.terminate()
        out, err = self.process.communicate(timeout=30)
        self.watchdog.cancel()
        return self.serving + out, err


def close_early(family: socket.AddressFamily, host: str, port: int, request: bytes) -> None:
    """A viewer that goes away before the answer: the connection reset at once."""
    client = socket.socket(family, socket.SOCK_STREAM)
    client.connect((host, port))
    if request:
        client.sendall(request)
    client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    client.close()


def test_viewers_that_close_early_print_no_traceback_on_the_servers_terminal(tmp_path):
    db = stored(tmp_path, "stream")
    port = free_port()
    overlay = Overlay(db, "stream", "127.0.0.1", port)
    try:
        assert "stream overlay" in overlay.serving
        requests = [b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", b"GET /events HTTP/1.1\r\nHost: x\r\n\r\n",
                    b"GET /state HTTP/1.1\r\nHost: x\r\n\r\n", b"GET / HTT", b""]  # fmt: skip
        for number in range(50):
            close_early(socket.AF_INET, "127.0.0.1", port, requests[number % len(requests)])
        with urllib.request.urlopen(overlay.url("/state"), timeout=10) as answer:  # still serving
            assert answer.status == 200 and json.loads(answer.read())["version"] >= 1
        time.sleep(0.5)  # let the handler threads of the closed connections finish (not a timed assertion)
    finally:
        _, err = overlay.stop()
    assert "Traceback" not in err and "Error" not in err, err


def _ipv6_loopback() -> str | None:
    """Why IPv6 on ::1 cannot be tested here (None when it can)."""
    if not socket.has_ipv6:
        return "this Python has no IPv6"
    try:
        with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as probe:
            probe.bind(("::1", 0))
    except OSError as exc:
        return f"this machine cannot listen on ::1 ({exc.strerror or exc})"
    return None


@pytest.mark.skipif(_ipv6_loopback() is not None, reason=str(_ipv6_loopback()))
def test_the_overlay_listens_on_ipv6_loopback(tmp_path):
    db = stored(tmp_path, "stream")
    port = free_port(socket.AF_INET6, "::1")
    overlay = Overlay(db, "stream", "::1", port)
    try:
        assert f"http://[::1]:{port}/" in overlay.serving, overlay.serving
        with urllib.request.urlopen(overlay.url("/state"), timeout=10) as answer:
            assert answer.status == 200
        close_early(socket.AF_INET6, "::1", port, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    finally:
        _, err = overlay.stop()
    assert "warning" not in err and "Traceback" not in err, err


def test_a_blank_host_is_refused_in_one_sentence(tmp_path):
    db = stored(tmp_path, "stream")
    port = free_port()
    for host in ("", "  "):
        done = subprocess.run(EXE + ["overlay", "--session", "stream", "--db", str(db), "--host", host, "--port",
                                     str(port)], capture_output=True, text=True, timeout=60, env=ENV)  # fmt: skip
        assert done.returncode == 1
        assert "--host is empty" in done.stderr and "Traceback" not in done.stderr, done.stderr
        assert len(done.stderr.strip().splitlines()) == 1


def test_every_loopback_address_is_this_machine_only_and_every_interface_is_named():
    assert exposure("127.0.0.2") is None and exposure("127.1.2.3") is None
    assert exposure("::1") is None and exposure("localhost") is None
    assert exposure("0.0.0.0") == "overlay.all_interfaces" and exposure("::") == "overlay.all_interfaces"
    assert exposure("192.168.1.20") == "overlay.not_loopback"


def test_127_0_0_2_is_served_without_the_network_warning(tmp_path):
    db = stored(tmp_path, "stream")
    try:
        port = free_port(host="127.0.0.2")
    except OSError:
        pytest.skip("this machine cannot listen on 127.0.0.2")
    overlay = Overlay(db, "stream", "127.0.0.2", port)
    try:
        with urllib.request.urlopen(overlay.url("/state"), timeout=10) as answer:
            assert answer.status == 200
    finally:
        _, err = overlay.stop()
    assert "other machines" not in err, err


def test_a_database_of_a_newer_version_is_refused_by_the_overlay_too(tmp_path):
    db = stored(tmp_path, "stream")
    with sqlite3.connect(db) as conn:
        conn.execute("insert into migrations (version, applied) values (99, 'later')")
    try:
        done = subprocess.run(EXE + ["overlay", "--session", "stream", "--db", str(db), "--port", str(free_port())],
                              capture_output=True, text=True, timeout=30, env=ENV)  # fmt: skip
    except subprocess.TimeoutExpired:
        pytest.fail("the overlay kept running on a database no other command opens")
    assert done.returncode == 1
    assert "99" in done.stderr and "Traceback" not in done.stderr, done.stderr
    refused = subprocess.run(EXE + ["sessions", "--db", str(db)], capture_output=True, text=True, timeout=60, env=ENV)
    assert refused.returncode == 1 and done.stderr.strip() == refused.stderr.strip()  # the same sentence


def test_a_session_name_that_is_not_stored_is_warned_about_with_the_closest_names(tmp_path):
    db = stored(tmp_path, "金曜配信", "金よう配信", "practice")
    overlay = Overlay(db, "金よう", "127.0.0.1", free_port())
    _, err = overlay.stop()
    warning = [line for line in err.splitlines() if "金よう" in line]
    assert len(warning) == 1, err
    assert "no session named '金よう'" in warning[0]
    assert "金よう配信" in warning[0] and "金曜配信" in warning[0] and "practice" not in warning[0]


def test_the_closest_names_come_first():
    assert close_names("fridya", ["monday", "friday stream", "test"])[0] == "friday stream"
    assert close_names("xyz", ["金曜配信"]) == []
