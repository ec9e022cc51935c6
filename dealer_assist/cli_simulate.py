"""`dealer-assist simulate casino|quest` (the work is done by ``dealer_assist.simulate``; the
heavy modules are imported when the command runs, so that ``dealer-assist --help`` stays fast).

    dealer-assist simulate casino --strategy basic|cpu --shuffle continuous|reshuffle --hands N
                                  [--game --opponents K --seat S --games N] [--seed S] [--workers W] [--json]
    dealer-assist simulate quest --difficulty D --dice F [F …] --decks N --quests N
                                 [--seed S] [--workers W] [--json] [--html FILE]
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

import click


def _lang(ctx: click.Context, param: click.Parameter, value: str | None) -> str:
    from dealer_assist.cli_lang import _lang_callback

    return _lang_callback(ctx, param, value)


@click.command(context_settings={"allow_extra_args": True})
@click.argument("target", type=click.Choice(["casino", "quest"]))
@click.option("--strategy", type=click.Choice(["basic", "cpu"]), default="basic", show_default=True,
              help="Casino: the player's strategy, basic strategy or the CPU's (CASINO.md CPU).")
@click.option("--shuffle", type=click.Choice(["continuous", "reshuffle"]), default=None,
              help="Casino: a continuous shuffler, or the table's reshuffle below 78 cards (SHOE-3). "
                   "Default: continuous; with --game, reshuffle.")  # fmt: skip
@click.option("--hands", type=int, default=1_000_000, show_default=True, help="Casino: the number of hands to play.")
@click.option("--game", "game", is_flag=True,
              help="Casino: instead of the house edge, how often a seat wins the five-round game.")
@click.option("--opponents", type=int, default=1, show_default=True, help="With --game: the number of CPU opponents (0-5).")
@click.option("--seat", type=int, default=1, show_default=True, help="With --game: the seat that plays --strategy.")
@click.option("--games", type=int, default=100_000, show_default=True, help="With --game: the number of games.")
@click.option("--difficulty", type=click.Choice(["easy", "normal", "hard", "extreme"]), default="normal",
              show_default=True, help="Quest: the difficulty (the number of dealer dice, DSK-0).")
@click.option("--dice", multiple=True, metavar="FACES",
              help="Quest: the dealer's dice (4 5, 45 or 4,5), or random for a new roll each quest (default).")
@click.option("--decks", type=int, default=8, show_default=True, help="Quest: the decks in the half-up shoe.")
@click.option("--quests", type=int, default=1_000, show_default=True, help="Quest: the number of quests to play.")
@click.option("--hp", type=int, default=1_000_000, show_default=True, help="Quest: the dealer's HP.")
@click.option("--boxes", type=int, default=7, show_default=True, help="Quest: the boxes seated (1-7).")
@click.option("--points", type=int, default=100_000, show_default=True, help="Quest: each box's points.")
@click.option("--bet", type=float, default=0.1, show_default=True,
              help="Quest: each box bets this fraction of its points every game.")
@click.option("--skills/--no-skills", default=False, show_default=True,
              help="Quest: guild skills on (surrender Lv.1, Under Bonus) or off.")
@click.option("--jk", nargs=2, type=int, default=(0, 2), show_default=True, metavar="EARLY LATE",
              help="Quest: the jokers' effect levels, early and late (GUILD-7).")
@click.option("--max-games", type=int, default=1_000, show_default=True,
              help="Quest: stop a quest after this many games (counted as unfinished).")
@click.option("--seed", type=int, default=1, show_default=True, help="The seed of the shoes: the same seed, the same result.")
@click.option("--workers", type=int, default=None, help="Processes to use (default: every core).")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option("--html", "html_path", type=click.Path(), help="Also write the result as an HTML page with charts.")
@click.option("--lang", "lang", metavar="en|ja", callback=_lang, is_eager=True,
              help="Language of everything printed (default: $DEALER_ASSIST_LANG, else the system's).")
@click.pass_context
def simulate(ctx: click.Context, target: str, strategy: str, shuffle: str, hands: int, game: bool, opponents: int,
             seat: int, games: int, difficulty: str, dice: tuple[str, ...], decks: int, quests: int, hp: int,
             boxes: int, points: int, bet: float, skills: bool, jk: tuple[int, int], max_games: int, seed: int,
             workers: int | None, as_json: bool, html_path: str | None, lang: str) -> None:  # fmt: skip
    """Simulate many games through the rules engine."""
    import json

    from dealer_assist import cli_common, cli_lang
    from dealer_assist import simulate as sim

    lang = cli_lang.LANG
    extra = list(ctx.args)
    if extra and dice and all(word.replace(",", "").isdigit() for word in extra):
        dice, extra = (*dice, *extra), []  # `--dice 4 5`: the faces after the first one
    if extra:
        raise click.UsageError(cli_lang._say("sim.error.extra", args=" ".join(extra)), ctx)
    sim.check_run(seed, workers)
    if html_path:
        cli_common._check_writable(html_path)  # before the run, not after it
    workers = workers or sim.default_workers()
    shuffle = shuffle or ("reshuffle" if game else "continuous")  # a game is dealt by the table's rules
    total = quests if target == "quest" else games if game else hands
    with _Progress(lang, target, game, total) as progress, _interrupted(progress, total):
        if target == "casino" and game:
            result = sim.simulate_game(strategy, shuffle, games, opponents=opponents, seat=seat, seed=seed,
                                       workers=workers, progress=progress.update)  # fmt: skip
        elif target == "casino":
            result = sim.simulate_casino(strategy, shuffle, hands, seed=seed, workers=workers,
                                         progress=progress.update)  # fmt: skip
        else:
            faces = sim.parse_dice(dice, difficulty)
            result = sim.simulate_quest(difficulty, faces, decks, quests, seed=seed, workers=workers,
                                        progress=progress.update, hp=hp, boxes=boxes, points=points, bet=bet,
                                        skills=skills, jk=tuple(jk), max_games=max_games)  # fmt: skip
    if html_path:
        from dealer_assist.sim.chart import to_html

        cli_common._write_output(html_path, to_html(result, lang))
    if as_json:
        click.echo(json.dumps(result, ensure_ascii=False, indent=2))
        return
    for line in sim.lines(result, lang):
        click.echo(line)
    if html_path:
        click.echo(cli_lang._say("sim.html.written", path=html_path))


@contextmanager
def _interrupted(progress: "_Progress", total: int) -> Iterator[None]:
    """Ctrl-C: the workers are stopped (they ignore the signal themselves) and the run ends in
    one sentence, saying how far it got, instead of a traceback from every process."""
    from dealer_assist.simulate import SimulationError

    try:
        yield
    except KeyboardInterrupt:
        raise SimulationError("sim.interrupted", done=progress.done, total=total) from None


class _Progress:
    """The rich progress bar on stderr with the running estimate (only on a terminal)."""

    def __init__(self, lang: str, target: str, game: bool, total: int) -> None:
        self.lang = lang
        self.total = max(total, 1)
        self.kind = "quest" if target == "quest" else "game" if game else "casino"
        self.bar = None
        self.task = None
        self.done = 0
        self.shown = ""  # the estimate so far

    def __enter__(self) -> "_Progress":
        from rich.console import Console

        console = Console(stderr=True)
        if not console.is_terminal:
            return self
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

        from dealer_assist.i18n import text

        self.bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                            TextColumn("{task.fields[estimate]}"), TimeElapsedColumn(), TimeRemainingColumn(),
                            console=console, transient=True)  # fmt: skip
        self.task = self.bar.add_task(text(f"sim.progress.{self.kind}", self.lang), total=self.total,
                                      estimate="")  # fmt: skip
        self.bar.start()
        return self

    def update(self, done: int, total: int, estimate) -> None:
        """``done`` counts what the workers played so far, chunks under way included (the bar
        and its time left move from the first hand); ``estimate`` comes with each finished
        chunk (None: the last one stays)."""
        self.done = max(self.done, done)
        if self.bar is None:
            return
        from dealer_assist.i18n import text
        from dealer_assist.simulate import percent

        if estimate is not None:
            value, low, high = estimate
            digits = 3 if self.kind == "casino" else 2
            self.shown = text(f"sim.progress.estimate_{self.kind}", self.lang, value=percent(value, digits),
                              low=percent(low, digits), high=percent(high, digits))  # fmt: skip
        self.bar.update(self.task, completed=self.done, total=total, estimate=self.shown)

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.stop()
