"""`dealer-assist simulate TARGET`: a table's simulation, run on every core.

    dealer-assist simulate TARGET [the table's options] [--seed S] [--workers W] [--scheduler ADDRESS]
                                  [--json] [--html FILE]

The targets and their options are the tables' (``Simulation``, declared by each table whose
capabilities say it has one; ``dealer_assist.sim.tables``); this command holds the options
every run has and names no table. The tables' options are gathered when the command runs or
shows its help (``_Simulate.get_params``), not when the command line is built, so that
``dealer-assist --help`` imports no table. ``--scheduler`` runs the chunks on a Dask cluster
(``dealer_assist.sim.cluster``); without it nothing of Dask is imported.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

import click

_BUILT: dict[int, tuple[Any, list[click.Parameter]]] = {}  # id(simulation) -> (it, its options, made once)


def _lang(ctx: click.Context, param: click.Parameter, value: str | None) -> str:
    from dealer_assist.cli_lang import _lang_callback

    return _lang_callback(ctx, param, value)


def _table_options() -> list[tuple[Any, list[click.Parameter]]]:
    """Each simulation on offer with its options (made the first time), in the targets' order."""
    from dealer_assist.sim.tables import simulations

    out = []
    for simulation in simulations():
        built = _BUILT.get(id(simulation))
        if built is None or built[0] is not simulation:
            built = _BUILT[id(simulation)] = (simulation, list(simulation.options()))
        out.append(built)
    return out


def _localized(command: str, params: list[click.Parameter]) -> None:
    """The tables' options speak the language click speaks now (as ``cli_lang.localize`` does for
    the options made with the command line)."""
    from dealer_assist import cli_lang, click_words
    from dealer_assist.i18n import catalog

    lang = cli_lang.SPOKEN
    if lang is None:  # nothing spoken yet: the options' own (English) help
        return
    words = catalog(lang)
    for param in params:
        if isinstance(param, click.Option) and param.help:
            param.help = words.get(f"cli.opt.{command}.{param.name}") or words[f"cli.opt.{param.name}"]
    click_words.localize_paths([type("Options", (), {"params": params})], lang)


class _Simulate(click.Command):
    """``simulate``, whose targets and table options come from the tables (see the module)."""

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        from dealer_assist.sim.tables import targets

        own = super().get_params(ctx)
        target, rest = own[0], own[1:]
        target.type.choices = tuple(targets())  # type: ignore[attr-defined]
        tables = [param for _, params in _table_options() for param in params]
        names = [param.name for param in (*own, *tables)]
        if len(set(names)) != len(names):
            raise TypeError(f"two simulations declare the same option: {sorted(names)}")
        _localized(self.name or "simulate", tables)
        return [target, *tables, *rest]


@click.command(cls=_Simulate, context_settings={"allow_extra_args": True})
@click.argument("target", type=click.Choice([]))  # the choices: the tables' targets (``_Simulate.get_params``)
@click.option("--seed", type=int, default=1, show_default=True, help="The seed of the shoes: the same seed, the same result.")
@click.option("--workers", type=int, default=None, help="Processes to use (default: every core).")
@click.option("--scheduler", metavar="ADDRESS", default=None,
              help="Run on the Dask cluster whose scheduler is at ADDRESS (tcp://HOST:8786), or 'local' for a local "
                   "cluster of --workers processes; needs dealer-assist[cluster].")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option("--html", "html_path", type=click.Path(), help="Also write the result as an HTML page with charts.")
@click.option("--lang", "lang", metavar="en|ja", callback=_lang, is_eager=True,
              help="Language of everything printed (default: $DEALER_ASSIST_LANG, else the system's).")
@click.pass_context
def simulate(ctx: click.Context, target: str, seed: int, workers: int | None, scheduler: str | None, as_json: bool,
             html_path: str | None, lang: str, **options: Any) -> None:  # fmt: skip
    """Simulate many games through the rules engine."""
    import json

    from dealer_assist import cli_common, cli_lang
    from dealer_assist.sim import runner
    from dealer_assist.sim.tables import targets
    from dealer_assist.sim.words import lines

    lang = cli_lang.LANG
    extra = list(ctx.args)
    chosen: dict[str, Any] = {}
    for simulation, params in _table_options():
        own = {param.name: options[param.name] for param in params}
        if simulation.trailing is not None:
            own, extra = simulation.trailing(own, extra)
        if simulation is targets()[target]:
            chosen = own
    if extra:
        raise click.UsageError(cli_lang._say("sim.error.extra", args=" ".join(extra)), ctx)
    runner.check_run(seed, workers)
    if scheduler is not None and scheduler != "local" and workers is not None:
        raise runner.SimulationError("sim.cluster.workers", address=scheduler)
    if html_path:
        cli_common._check_writable(html_path)  # before the run, not after it
    run = targets()[target].targets[target](chosen)
    with (_Progress(lang, run.bar, run.digits, run.total) as progress,
          _interrupted(progress, run.total, scheduler is not None),
          runner.on_scheduler(scheduler, workers) as on_cluster):  # fmt: skip
        result = run.start(seed, on_cluster or workers or runner.default_workers(), progress.update)
    if html_path:
        from dealer_assist.sim.chart import to_html

        cli_common._write_output(html_path, to_html(result, lang))
    if as_json:
        click.echo(json.dumps(result, ensure_ascii=False, indent=2))
        return
    for line in lines(result, lang):
        click.echo(line)
    if html_path:
        click.echo(cli_lang._say("sim.html.written", path=html_path))


@contextmanager
def _interrupted(progress: "_Progress", total: int, on_cluster: bool = False) -> Iterator[None]:
    """Ctrl-C: the workers are stopped (they ignore the signal themselves; on a cluster, every
    future is cancelled) and the run ends in one sentence, saying how far it got, instead of a
    traceback from every process."""
    from dealer_assist.sim.runner import SimulationError

    try:
        yield
    except KeyboardInterrupt:
        key = "sim.interrupted_cluster" if on_cluster else "sim.interrupted"
        raise SimulationError(key, done=progress.done, total=total) from None


class _Progress:
    """The rich progress bar on stderr with the running estimate (only on a terminal): its
    words are the run's (``sim.progress.<bar>``, ``sim.progress.estimate_<bar>``)."""

    def __init__(self, lang: str, bar: str, digits: int, total: int) -> None:
        self.lang = lang
        self.total = max(total, 1)
        self.kind = bar
        self.digits = digits
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
        from dealer_assist.sim.words import percent

        if estimate is not None:
            value, low, high = estimate
            digits = self.digits
            self.shown = text(f"sim.progress.estimate_{self.kind}", self.lang, value=percent(value, digits),
                              low=percent(low, digits), high=percent(high, digits))  # fmt: skip
        self.bar.update(self.task, completed=self.done, total=total, estimate=self.shown)

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.stop()
