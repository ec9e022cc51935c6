"""A table's simulation, as ``dealer-assist simulate`` sees it (``Ruleset.simulation``).

A table that declares ``Capabilities(simulation=True)`` gives its ruleset a ``Simulation``: the
targets of ``simulate TARGET`` it answers, its command-line options, and what it says of its
results (the sentences, the HTML page's charts). The shared machinery (``dealer_assist.sim``:
the chunks, the seeds, the pool of workers, the progress bar, the statistics, the JSON and the
speed sentence) runs any of them and names no table; the record is light (plain functions,
whose heavy imports happen when they are called), so a ruleset can carry it without slowing
anything that only replays.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

# (done, total, estimate and its interval); the estimate is None while no chunk has returned yet
Progress = Callable[[int, int, "tuple[float, float, float] | None"], None]


@dataclass(frozen=True, slots=True)
class Run:
    """One run the command line asked for, before it starts (nothing checked yet: the table's
    own checks happen in ``start``, after the shared ones)."""

    bar: str  # the progress bar's words: ``sim.progress.<bar>`` and ``sim.progress.estimate_<bar>``
    total: int  # what the bar counts to (hands, games, quests)
    digits: int  # the decimals of the running estimate's percentages
    start: Callable[[int, int, Progress | None], dict[str, Any]]  # (seed, workers, progress) -> the JSON


@dataclass(frozen=True, slots=True)
class Simulation:
    """What a table simulates. Every member is required unless it has a default."""

    # `simulate TARGET`: target name -> (the values of this simulation's options, by name) -> the run
    targets: Mapping[str, Callable[[Mapping[str, Any]], Run]]
    # its command-line options (click parameters, help in English; the catalogs' ``cli.opt.simulate.NAME``
    # localize them), built when the command first needs them
    options: Callable[[], Sequence[Any]]
    kinds: tuple[str, ...]  # the results it makes (their ``"simulation"`` member)
    lines: Callable[[dict, str], list[str]]  # (result, lang) -> its sentences (the speed's is shared)
    charts: Callable[[dict, str], list[str]]  # (result, lang) -> the HTML page's charts
    # (its options, the words left on the command line) -> both, once it took the words that belong
    # to one of its options (``--dice 4 5``); None: it takes none
    trailing: Callable[[dict[str, Any], list[str]], tuple[dict[str, Any], list[str]]] | None = None

    def __post_init__(self) -> None:
        if not self.targets or not self.kinds:
            raise TypeError("a simulation needs at least one target and one kind of result")
