"""`dealer-assist odds TABLE …`: a table's exact odds, computed from its rules (not simulated).

Each table whose capabilities say it has odds supplies its own command (``Ruleset.odds``, built
when it is asked for); this group lists them and names no table.
"""

from __future__ import annotations

import click


class _Tables(click.Group):
    """The tables with odds, as subcommands (each built by its table when first asked for)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        from dealer_assist import rulesets

        return [name for name in rulesets.names() if rulesets.get(name).capabilities.odds]

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        from dealer_assist import rulesets

        if name not in rulesets.names():  # only the table asked for is loaded, not every table
            return None
        table = rulesets.get(name)
        if not table.capabilities.odds:
            return None
        command = table.odds()
        command.name = name
        _speak(f"odds_{name}", command)
        return command


def _speak(name: str, command: click.Command) -> None:
    """The table's command in the language click speaks now: its help and options from the
    table's catalog (``cli.help.odds_NAME``, ``cli.opt.odds_NAME.OPTION`` or the shared
    ``cli.opt.OPTION``)."""
    from dealer_assist import cli_lang

    if cli_lang.SPOKEN is None:
        return
    from dealer_assist.i18n import catalog

    words = catalog(cli_lang.SPOKEN)
    command.help = words.get(f"cli.help.{name}", command.help)
    for param in command.params:
        if isinstance(param, click.Option) and param.help:
            param.help = words.get(f"cli.opt.{name}.{param.name}") or words.get(f"cli.opt.{param.name}", param.help)


@click.group(cls=_Tables)
def odds() -> None:  # its help: the catalog's ``cli.help.odds`` (the command line's localization)
    """A table's exact odds, computed from its rules (`odds TABLE --help` for its options)."""
