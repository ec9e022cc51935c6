"""The casino table's simulation (``Ruleset.simulation``): ``simulate casino``, the house edge
per initial hand of a strategy, or with ``--game`` how often a seat wins the five-round game.

    dealer-assist simulate casino --strategy basic|cpu --shuffle continuous|reshuffle --hands N
                                  [--game --opponents K --seat S --games N] [--seed S] [--workers W] [--json]

Modules: ``shoe`` (the seeded six-deck shoe), ``chunks`` (the workers, through the table's own
engine), ``run`` (the checks, the chunks and the sums: the JSON), ``words`` (the sentences and
the charts). This record is light: each of them is imported when a run needs it.
"""

from __future__ import annotations

from typing import Any, Mapping

from dealer_assist.core.simulation import Run, Simulation


def _options() -> list:
    """``simulate``'s options for this table (the English help; the catalogs localize it)."""
    import click

    return [
        click.Option(["--strategy"], type=click.Choice(["basic", "cpu"]), default="basic", show_default=True,
                     help="Casino: the player's strategy, basic strategy or the CPU's (CASINO.md CPU)."),
        click.Option(["--shuffle"], type=click.Choice(["continuous", "reshuffle"]), default=None,
                     help="Casino: a continuous shuffler, or the table's reshuffle below 78 cards (SHOE-3). "
                          "Default: continuous; with --game, reshuffle."),
        click.Option(["--hands"], type=int, default=1_000_000, show_default=True,
                     help="Casino: the number of hands to play."),
        click.Option(["--game", "game"], is_flag=True,
                     help="Casino: instead of the house edge, how often a seat wins the five-round game."),
        click.Option(["--opponents"], type=int, default=1, show_default=True,
                     help="With --game: the number of CPU opponents (0-5)."),
        click.Option(["--seat"], type=int, default=1, show_default=True,
                     help="With --game: the seat that plays --strategy."),
        click.Option(["--games"], type=int, default=100_000, show_default=True,
                     help="With --game: the number of games."),
    ]  # fmt: skip


def _casino(options: Mapping[str, Any]) -> Run:
    """``simulate casino``: the house edge, or with ``--game`` the five-round game (dealt by the
    table's rules: its shoe is reshuffled below 78 cards unless ``--shuffle`` says otherwise)."""
    game = options["game"]
    shuffle = options["shuffle"] or ("reshuffle" if game else "continuous")
    strategy = options["strategy"]

    def start(seed: int, workers: int, progress) -> dict:
        from dealer_assist.tables.casino.simulation import run

        if game:
            return run.simulate_game(strategy, shuffle, options["games"], opponents=options["opponents"],
                                     seat=options["seat"], seed=seed, workers=workers, progress=progress)  # fmt: skip
        return run.simulate_casino(strategy, shuffle, options["hands"], seed=seed, workers=workers, progress=progress)

    if game:
        return Run(bar="game", total=options["games"], digits=2, start=start)
    return Run(bar="casino", total=options["hands"], digits=3, start=start)


def _lines(result: dict, lang: str) -> list[str]:
    from dealer_assist.tables.casino.simulation.words import lines

    return lines(result, lang)


def _charts(result: dict, lang: str) -> list[str]:
    from dealer_assist.tables.casino.simulation.words import charts

    return charts(result, lang)


SIMULATION = Simulation(targets={"casino": _casino}, options=_options, kinds=("casino", "casino-game"), lines=_lines,
                        charts=_charts)  # fmt: skip
