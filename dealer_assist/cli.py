"""The command line (click): the group, its last-resort guard and the console script. Each family
of commands lives in a module of its own (``cli_replay``, ``cli_overlay``, ``cli_session``,
``cli_audit``, ``cli_simulate``, ``cli_rules``, ``backup``); the options and helpers they share
are in ``cli_lang`` (the language) and ``cli_common``.

The group knows its commands by name (``COMMANDS``): a command's module is imported only when
that command runs, shows its help or is asked for (click's "lazy loading of subcommands"), so
``dealer-assist --help`` lists every command, its short help read from the catalog, without
importing any of them, and ``--version`` imports nothing heavy.

No Python traceback reaches the user: the tool's own errors are one sentence each, and a
last-resort guard turns anything unexpected into one sentence and exit status 1
(``DEALER_ASSIST_DEBUG=1`` shows the traceback instead).
"""

from __future__ import annotations

import os
import sys
from collections.abc import MutableMapping

import click

from dealer_assist import __version__, cli_lang
from dealer_assist.cli_lang import _early_lang, _lang_callback, _say, lang_option, session_lang, speak  # noqa: F401
from dealer_assist.errors import DealerAssistError
from dealer_assist.wrap import install_click

DEBUG_ENV = "DEALER_ASSIST_DEBUG"
install_click()  # click's help measured in terminal cells, Japanese broken between characters (wrap)

# Every command, by the name it is typed as: (its module, the command's name in the module).
COMMANDS = {
    "replay": ("dealer_assist.cli_replay", "replay"),
    "schema": ("dealer_assist.cli_replay", "schema"),
    "overlay": ("dealer_assist.cli_overlay", "overlay"),
    "play": ("dealer_assist.cli_session", "play"),
    "sessions": ("dealer_assist.cli_session", "sessions"),
    "export": ("dealer_assist.cli_session", "export"),
    "import": ("dealer_assist.cli_session", "import_"),
    "audit": ("dealer_assist.cli_audit", "audit"),
    "verify": ("dealer_assist.cli_audit", "verify"),
    "report": ("dealer_assist.cli_audit", "report"),
    "simulate": ("dealer_assist.cli_simulate", "simulate"),
    "odds": ("dealer_assist.cli_odds", "odds"),
    "rules": ("dealer_assist.cli_rules", "rules"),
    "backup": ("dealer_assist.backup", "backup_command"),
}

_STATE = ("LANG", "EXPLICIT", "ARGV_LANG", "SPOKEN")  # the invocation's language: kept in ``cli_lang``
# the commands and helpers that lived here, still importable from here: name -> its module now
_MOVED = {
    **dict.fromkeys(("_print_replay", "replay", "schema"), "dealer_assist.cli_replay"),
    **dict.fromkeys(("_overlay_urls", "overlay", "overlay_options", "start_overlay"), "dealer_assist.cli_overlay"),
    **dict.fromkeys(("_check_chain_before_play", "_import", "export", "import_", "play", "sessions"),
                    "dealer_assist.cli_session"),
    **dict.fromkeys(("_chain_warning", "_report_all", "_source", "audit", "report", "verify"),
                    "dealer_assist.cli_audit"),
    **dict.fromkeys(("Failure", "_check_writable", "_verdict_text", "_write_output", "console", "db_option",
                     "error_text", "fail", "open_store", "read_script", "script_argument"),
                    "dealer_assist.cli_common"),
}  # fmt: skip


def __getattr__(name: str):
    """``cli.LANG`` and the other language state, read where it is kept (``cli_lang``); the names
    that moved to the commands' modules, imported when first asked for."""
    if name in _STATE:
        return getattr(cli_lang, name)
    if name in _MOVED:
        return getattr(__import__(_MOVED[name], fromlist=[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def help_width(max_width: int | None = None) -> int:
    """The width click's help is formatted to, as click's ``HelpFormatter`` finds it (the
    terminal's columns, at most ``max_width`` (80), less 2, at least 50), without importing
    ``shutil`` (~4 ms of a cold ``--help``): the columns as ``shutil.get_terminal_size`` finds
    them ($COLUMNS, else the terminal of stdout, else 80)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
        columns = columns or 80
    return max(min(columns, 80 if max_width is None else max_width) - 2, 50)


class LazyCommands(MutableMapping):
    """A group's commands by name, each imported from its module the first time it is asked for
    (and made to speak the language click speaks then); listing the names imports nothing."""

    def __init__(self, where: dict[str, tuple[str, str]]) -> None:
        self._where = dict(where)
        self._loaded: dict[str, click.Command] = {}

    def __getitem__(self, name: str) -> click.Command:
        command = self._loaded.get(name)
        if command is None:
            if name not in self._where:
                raise KeyError(name)
            module, attribute = self._where[name]  # (``__import__``: ``-X importtime`` shows it)
            command = self._loaded[name] = getattr(__import__(module, fromlist=[attribute]), attribute)
            cli_lang.localize_command(name, command)
        return command

    def __setitem__(self, name: str, command: click.Command) -> None:  # ``add_command``
        self._loaded[name] = command

    def __delitem__(self, name: str) -> None:
        if name not in self:
            raise KeyError(name)
        self._where.pop(name, None)
        self._loaded.pop(name, None)

    def __contains__(self, name: object) -> bool:
        return name in self._where or name in self._loaded

    def __iter__(self):
        return iter(dict.fromkeys([*self._where, *self._loaded]))

    def __len__(self) -> int:
        return len(dict.fromkeys([*self._where, *self._loaded]))

    def loaded(self) -> dict[str, click.Command]:
        """The commands imported so far (the ones ``speak`` localizes now)."""
        return dict(self._loaded)


class GuardedGroup(click.Group):
    """The last-resort guard: whatever escapes a command is one sentence, exit status 1. Its
    commands are imported when asked for (``LazyCommands``)."""

    def __init__(self, *args, lazy: dict[str, tuple[str, str]] | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        given, self.commands = self.commands, LazyCommands(lazy or {})
        for name, command in given.items():  # any given as click takes them (``commands=``)
            self.commands[name] = command

    def make_context(self, info_name, args, parent=None, **extra) -> click.Context:
        """The context of an invocation, with the width of its help (``help_width``): its
        commands' contexts take it from there."""
        import click.formatting

        if parent is None and click.formatting.FORCED_WIDTH is None and "terminal_width" not in extra:
            extra["terminal_width"] = help_width(extra.get("max_content_width") or self.context_settings.get(
                "max_content_width"))  # fmt: skip
        return super().make_context(info_name, args, parent, **extra)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(self.commands)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return self.commands.get(cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """click's list of commands; a command not imported yet shows its short help from the
        catalog (the one it is given when imported), so that listing imports none."""
        import inspect

        import click.core
        from dealer_assist.i18n import catalog

        words = catalog(cli_lang.SPOKEN or cli_lang.LANG)
        loaded = self.commands.loaded()
        shown: list[tuple[str, click.Command | None, str]] = []
        for name in self.list_commands(ctx):
            short = words.get(f"cli.short.{name}")
            if name not in loaded and short is not None:
                shown.append((name, None, short))
                continue
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                shown.append((name, command, ""))
        if shown:
            limit = formatter.width - 6 - max(len(name) for name, _, _ in shown)
            rows = [(name, command.get_short_help_str(limit) if command is not None else inspect.cleandoc(short).strip())
                    for name, command, short in shown]  # fmt: skip
            with formatter.section(click.core._("Commands")):
                formatter.write_dl(rows)

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort, SystemExit,
                KeyboardInterrupt, EOFError, BrokenPipeError):  # fmt: skip
            raise
        except DealerAssistError as exc:
            from dealer_assist.cli_common import Failure, error_text

            raise Failure(error_text(exc)) from None
        except Exception as exc:
            if os.environ.get(DEBUG_ENV, "") not in ("", "0"):
                raise
            from dealer_assist.cli_common import Failure

            raise Failure(_say("cli.unexpected", error=f"{type(exc).__name__}: {exc}")) from None


def version_option(function):
    """click's ``--version``. Its words are taken as click has them (its help is localized with
    the rest, ``speak``; the version line is click's English in every language): click would
    look them up with the standard gettext when the option is made, which imports ``locale``
    and searches the system's locale folders, at every start."""
    import click.decorators

    looked_up = click.decorators._
    click.decorators._ = str  # type: ignore[attr-defined]  # the words unchanged
    try:
        return click.version_option(__version__, prog_name="dealer-assist")(function)
    finally:
        click.decorators._ = looked_up  # type: ignore[attr-defined]


@click.group(cls=GuardedGroup, lazy=COMMANDS, context_settings={"help_option_names": ["-h", "--help"]})
@version_option
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
