"""One Million's simulation (``Ruleset.simulation``): ``simulate quest``, how often a quest
succeeds for a stated player policy, with the games it lasts and the HP over the games.

    dealer-assist simulate quest --difficulty D --dice F [F …] --decks N --quests N
                                 [--seed S] [--workers W] [--json] [--html FILE]

Modules: ``shoe`` (the seeded half-up shoe), ``quests`` (the workers and the players' policy,
through the table's own engine), ``run`` (the checks, the chunks and the sums: the JSON),
``words`` (the sentences and the charts). This record is light: each of them is imported when
a run needs it.
"""

from __future__ import annotations

from typing import Any, Mapping

from dealer_assist.core.simulation import Run, Simulation


def _options() -> list:
    """``simulate``'s options for this table (the English help; the catalogs localize it)."""
    import click

    return [
        click.Option(["--difficulty"], type=click.Choice(["easy", "normal", "hard", "extreme"]), default="normal",
                     show_default=True, help="Quest: the difficulty (the number of dealer dice, DSK-0)."),
        click.Option(["--dice"], multiple=True, metavar="FACES",
                     help="Quest: the dealer's dice (4 5, 45 or 4,5), or random for a new roll each quest (default)."),
        click.Option(["--decks"], type=int, default=8, show_default=True, help="Quest: the decks in the half-up shoe."),
        click.Option(["--quests"], type=int, default=1_000, show_default=True,
                     help="Quest: the number of quests to play."),
        click.Option(["--hp"], type=int, default=1_000_000, show_default=True, help="Quest: the dealer's HP."),
        click.Option(["--boxes"], type=int, default=7, show_default=True, help="Quest: the boxes seated (1-7)."),
        click.Option(["--points"], type=int, default=100_000, show_default=True, help="Quest: each box's points."),
        click.Option(["--bet"], type=float, default=0.1, show_default=True,
                     help="Quest: each box bets this fraction of its points every game."),
        click.Option(["--skills/--no-skills"], default=False, show_default=True,
                     help="Quest: guild skills on (surrender Lv.1, Under Bonus) or off."),
        click.Option(["--jk"], nargs=2, type=int, default=(0, 2), show_default=True, metavar="EARLY LATE",
                     help="Quest: the jokers' effect levels, early and late (GUILD-7)."),
        click.Option(["--max-games"], type=int, default=1_000, show_default=True,
                     help="Quest: stop a quest after this many games (counted as unfinished)."),
    ]  # fmt: skip


def _trailing(options: dict[str, Any], extra: list[str]) -> tuple[dict[str, Any], list[str]]:
    """``--dice 4 5``: the faces after the first one are left on the command line; they are the
    dice's."""
    dice = options["dice"]
    if extra and dice and all(word.replace(",", "").isdigit() for word in extra):
        return {**options, "dice": (*dice, *extra)}, []
    return options, extra


def _quest(options: Mapping[str, Any]) -> Run:
    """``simulate quest``: the quests, the dice read when the run starts."""

    def start(seed: int, workers: int, progress) -> dict:
        from dealer_assist.tables.onemillion.simulation import run

        faces = run.parse_dice(options["dice"], options["difficulty"])
        return run.simulate_quest(options["difficulty"], faces, options["decks"], options["quests"], seed=seed,
                                  workers=workers, progress=progress, hp=options["hp"], boxes=options["boxes"],
                                  points=options["points"], bet=options["bet"], skills=options["skills"],
                                  jk=tuple(options["jk"]), max_games=options["max_games"])  # fmt: skip

    return Run(bar="quest", total=options["quests"], digits=2, start=start)


def _lines(result: dict, lang: str) -> list[str]:
    from dealer_assist.tables.onemillion.simulation.words import lines

    return lines(result, lang)


def _charts(result: dict, lang: str) -> list[str]:
    from dealer_assist.tables.onemillion.simulation.words import charts

    return charts(result, lang)


SIMULATION = Simulation(targets={"quest": _quest}, options=_options, kinds=("quest",), lines=_lines, charts=_charts,
                        trailing=_trailing)  # fmt: skip
