"""`dealer-assist overlay`: the stream overlay of a session (a local web page), and the options
and the process that `play --overlay` shares with it."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from dealer_assist import cli_lang
from dealer_assist.cli_common import db_option, fail
from dealer_assist.cli_lang import _say, lang_option
from dealer_assist.errors import DealerAssistError


def overlay_options(function):
    for option in reversed([
        click.option("--port", type=click.IntRange(1, 65535), default=8765, show_default=True,
                     help="The overlay's port on this machine."),
        click.option("--host", default="127.0.0.1", show_default=True,
                     help="The address to listen on (default 127.0.0.1: this machine only)."),
        click.option("--show-hp", is_flag=True, help="Show the dealer's exact HP."),
        click.option("--show-shoe", is_flag=True, help="Show the cards left in the shoe (ANN-2)."),
    ]):  # fmt: skip
        function = option(function)
    return function


def _overlay_urls(host: str, port: int) -> tuple[str, str]:
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/"
    return url, url + "?layout=compact"


@click.command()
@click.option("--session", "name", required=True, help="The session to show.")
@overlay_options
@click.option("--parent", type=int, hidden=True, help="Stop when this process ends (used by play --overlay).")
@lang_option
@db_option
def overlay(name: str, port: int, host: str, show_hp: bool, show_shoe: bool, parent: int | None, lang: str,
            db_path: str | None) -> None:  # fmt: skip
    """The stream overlay of a session: a local web page for an OBS / Streamlabs browser source,
    updated live as the dealer types, showing only what the players may see."""
    from dealer_assist import overlay_net
    from dealer_assist.i18n import join_items
    from dealer_assist.overlay import Feed, serve
    from dealer_assist.store import default_path

    from dealer_assist.errors import SessionError

    try:
        host = overlay_net.check_host(host)
        typo = overlay_net.preflight(Path(db_path or default_path()), name)  # a v99 file is refused here
    except DealerAssistError as exc:
        fail(exc)
    feed = Feed(Path(db_path or default_path()), name, exact_hp=show_hp, shoe=show_shoe,
                fixed_lang=cli_lang.LANG if (lang or cli_lang.EXPLICIT) else None)  # fmt: skip
    exposed = overlay_net.exposure(host)
    if exposed is not None:
        click.secho(_say(exposed, host=host), fg="yellow", err=True)
    if typo is not None:  # a --session that is not stored: the closest names, not a silent wait
        names = join_items(typo[1].get("names", []), cli_lang.LANG)
        click.secho(_say(typo[0], **{**typo[1], "names": names}), fg="yellow", err=True)
    url, compact = _overlay_urls(host, port)

    def ready(server) -> None:
        server.terminal_lang = cli_lang.LANG
        if parent is None:
            click.echo(_say("overlay.serving", name=name, url=url, compact=compact))

    try:
        serve(feed, host=host, port=port, parent=parent, ready=ready)
    except OSError as exc:
        fail(SessionError("overlay.cannot_listen", host=host, port=port, reason=exc.strerror or str(exc)))
    except KeyboardInterrupt:
        return


def start_overlay(name: str, db_path: str | None, port: int, host: str, show_hp: bool, show_shoe: bool,
                  lang: str):  # fmt: skip
    """``play --overlay``: the overlay in a process of its own (it never slows the prompt), ended
    with the prompt."""
    import subprocess

    from dealer_assist.store import default_path

    command = [sys.executable, "-m", "dealer_assist", "overlay", "--session", name, "--db",
               str(db_path or default_path()), "--port", str(port), "--host", host, "--parent", str(os.getpid()),
               "--lang", lang]  # fmt: skip
    command += ["--show-hp"] if show_hp else []
    command += ["--show-shoe"] if show_shoe else []
    return subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
