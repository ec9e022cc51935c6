"""The command line (click): the group, its last-resort guard and the console script. Each family
of commands lives in a module of its own (``cli_replay``, ``cli_overlay``, ``cli_session``,
``cli_audit``, ``cli_simulate``, ``cli_rules``, ``backup``); the options and helpers they share
are in ``cli_lang`` (the language) and ``cli_common``. Heavy modules are imported inside each
command, so that ``dealer-assist --help`` starts fast.

No Python traceback reaches the user: the tool's own errors are one sentence each, and a
last-resort guard turns anything unexpected into one sentence and exit status 1
(``DEALER_ASSIST_DEBUG=1`` shows the traceback instead).
"""

from __future__ import annotations

import os
import sys

import click

from dealer_assist import __version__, cli_lang
from dealer_assist.wrap import install_click
from dealer_assist.errors import DealerAssistError

# the names the commands' modules share, still importable from here
from dealer_assist.cli_lang import _early_lang, _lang_callback, _say, lang_option, session_lang, speak  # noqa: F401
from dealer_assist.cli_common import (Failure, _check_writable, _verdict_text, _write_output, console,  # noqa: F401
                                      db_option, error_text, fail, open_store, read_script, script_argument)  # fmt: skip

DEBUG_ENV = "DEALER_ASSIST_DEBUG"
install_click()  # click's help measured in terminal cells, Japanese broken between characters (wrap)

_STATE = ("LANG", "EXPLICIT", "ARGV_LANG", "SPOKEN")  # the invocation's language: kept in ``cli_lang``


def __getattr__(name: str):
    """``cli.LANG`` and the other language state, read where it is kept (``cli_lang``)."""
    if name in _STATE:
        return getattr(cli_lang, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class GuardedGroup(click.Group):
    """The last-resort guard: whatever escapes a command is one sentence, exit status 1."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort, SystemExit,
                KeyboardInterrupt, EOFError, BrokenPipeError):  # fmt: skip
            raise
        except DealerAssistError as exc:
            raise Failure(error_text(exc)) from None
        except Exception as exc:
            if os.environ.get(DEBUG_ENV, "") not in ("", "0"):
                raise
            raise Failure(_say("cli.unexpected", error=f"{type(exc).__name__}: {exc}")) from None


@click.group(cls=GuardedGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="dealer-assist")
@lang_option
def cli(lang: str) -> None:
    """The dealer's companion for the Mission One Million blackjack quest, and for the casino blackjack table (ruleset casino)."""


cli_lang.ROOT = cli  # the group whose help ``speak`` localizes


def main() -> None:  # the console script
    speak(_early_lang(sys.argv[1:]))
    try:
        cli()
    except BrokenPipeError:  # the reader went away (`... | head`): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(1)


def _register() -> None:
    """The commands, each family in a module of its own (their heavy imports happen when they run)."""
    from dealer_assist.backup import backup_command
    from dealer_assist.cli_audit import audit, report, verify
    from dealer_assist.cli_overlay import overlay
    from dealer_assist.cli_replay import replay, schema
    from dealer_assist.cli_rules import rules
    from dealer_assist.cli_session import export, import_, play, sessions
    from dealer_assist.cli_simulate import simulate

    for command in (replay, schema, overlay, play, sessions, export, import_, audit, verify, report, simulate, rules,
                    backup_command):  # fmt: skip
        cli.add_command(command)


_register()

# the commands and helpers that lived here, still importable from here
from dealer_assist.cli_replay import _print_replay, replay, schema  # noqa: E402,F401
from dealer_assist.cli_overlay import _overlay_urls, overlay, overlay_options, start_overlay  # noqa: E402,F401
from dealer_assist.cli_session import (_check_chain_before_play, _import, export, import_, play,  # noqa: E402,F401
                                       sessions)  # fmt: skip
from dealer_assist.cli_audit import _chain_warning, _report_all, _source, audit, report, verify  # noqa: E402,F401
