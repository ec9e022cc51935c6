"""The overlay server's network side: where it listens, who can reach it, what it says.

- ``--host`` is an IPv4 or IPv6 address or a name: ``::1`` listens on IPv6 loopback, ``::``
  on every interface (IPv6 and, where the system allows, IPv4 too). A blank host is refused:
  it would listen on every interface without saying so.
- ``exposure`` tells whether other machines can reach the page: every loopback address
  (``127.0.0.0/8``, ``::1``, ``localhost``) is this machine only; ``0.0.0.0`` and ``::`` are
  every interface; any other address may be reached from the network.
- A viewer that closes the page early (OBS reloading a source, a browser tab closed) is
  normal: the server never prints a traceback for it, and any other failure of one request
  is one sentence on the terminal.
- ``close_names``: the stored sessions named like a ``--session`` that does not exist (a
  typo would otherwise wait silently for a session that never comes).
"""

from __future__ import annotations

import difflib
import ipaddress
import socket
import sys
import unicodedata
from http.server import HTTPServer

from dealer_assist.errors import SessionError


def check_host(host: str) -> str:
    """The host to listen on; a blank one is refused (``overlay.blank_host``)."""
    if not host.strip():
        raise SessionError("overlay.blank_host")
    return host.strip()


def _addresses(host: str) -> list[ipaddress.IPv4Address | ipaddress.IPv6Address]:
    try:
        return [ipaddress.ip_address(host.split("%", 1)[0])]
    except ValueError:
        pass
    try:
        found = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        return []
    out = []
    for entry in found:
        try:
            out.append(ipaddress.ip_address(str(entry[4][0]).split("%", 1)[0]))
        except ValueError:
            continue
    return out


def _loopback(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    mapped = getattr(address, "ipv4_mapped", None)
    return address.is_loopback or (mapped is not None and mapped.is_loopback)


def _unspecified(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    mapped = getattr(address, "ipv4_mapped", None)
    return address.is_unspecified or (mapped is not None and mapped.is_unspecified)


def exposure(host: str) -> str | None:
    """The warning the host deserves (a catalog key), or None for this machine only."""
    if host.lower() in ("localhost", "localhost.", "ip6-localhost"):
        return None
    addresses = _addresses(host)
    if addresses and all(_loopback(a) for a in addresses):
        return None
    if any(_unspecified(a) for a in addresses):
        return "overlay.all_interfaces"
    return "overlay.not_loopback"


def family(host: str, port: int) -> tuple[socket.AddressFamily, tuple[str, int]]:
    """The socket family and address to bind ``host`` with: an IPv6 literal (or a name that
    only has IPv6 addresses) listens on IPv6, anything else on IPv4 as before."""
    bare = host.strip("[]")
    try:
        literal = ipaddress.ip_address(bare.split("%", 1)[0])
    except ValueError:
        literal = None
    if literal is not None:
        return (socket.AF_INET6 if literal.version == 6 else socket.AF_INET), (bare, port)
    addresses = _addresses(bare)
    if addresses and all(a.version == 6 for a in addresses):
        return socket.AF_INET6, (bare, port)
    return socket.AF_INET, (bare, port)


def server_bind(server: HTTPServer) -> None:
    """Bind without ``HTTPServer``'s reverse lookup of the host (it can wait seconds on a
    network without DNS); ``::`` takes IPv4 connections too where the system allows it."""
    if server.address_family == socket.AF_INET6 and server.server_address[0] == "::":
        try:
            server.socket.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
        except (OSError, AttributeError):
            pass
    if server.allow_reuse_address and hasattr(socket, "SO_REUSEADDR"):
        server.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.socket.bind(server.server_address)
    server.server_address = server.socket.getsockname()
    server.server_name = str(server.server_address[0])
    server.server_port = server.server_address[1]


def handle_error(server: HTTPServer, request, client_address) -> None:
    """A request that failed: a viewer gone early is no news; anything else is one sentence."""
    error = sys.exc_info()[1]
    if isinstance(error, (ConnectionError, TimeoutError, OSError)) or error is None:
        return
    from dealer_assist.messages import text

    try:
        where = client_address[0] if client_address else "?"
        line = text("overlay.request_failed", getattr(server, "terminal_lang", "en"), client=where,
                    error=type(error).__name__)  # fmt: skip
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    except Exception:  # noqa: BLE001 - the terminal is gone: nothing to tell
        pass


def _fold(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold()


def close_names(name: str, stored: list[str], limit: int = 3) -> list[str]:
    """The stored names closest to ``name``, the closest first: one containing the other, or
    spelled alike (a short Japanese name shares few characters with its typo: 金よう, 金曜)."""
    want = _fold(name)
    scored = []
    for original in stored:
        key = _fold(original)
        ratio = difflib.SequenceMatcher(None, want, key).ratio()
        if want and (want in key or key in want):
            ratio = max(ratio, 0.9)
        if ratio >= 0.25:
            scored.append((-ratio, original))
    return [original for _, original in sorted(scored)[:limit]]


def preflight(path, name: str) -> tuple[str, dict] | None:  # (catalog key, values): names is a list
    """Before the overlay listens: a database that no command can use (a newer schema, not
    SQLite, another program's) raises its ``StoreError``, as every other command does; a
    database not created yet is fine (the page waits). A session name that is not stored
    gives the warning to print, with the closest stored names."""
    from dealer_assist.errors import StoreError
    from dealer_assist.store import Store

    try:
        store = Store(path, readonly=True)
    except StoreError as exc:
        if exc.key == "store.missing":
            return None
        raise
    try:
        if store.find(name) is not None:
            return None
        names = close_names(name, [row.name for row in store.sessions()])
    finally:
        store.close()
    if names:
        return "overlay.no_session_close", {"name": name, "names": names}
    return "overlay.no_session", {"name": name}
