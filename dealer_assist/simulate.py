"""``dealer-assist simulate``: many games through the tables' own rules engines, in parallel.

- ``simulate_casino`` — the casino table's house edge per initial hand for a strategy
  (``casino.cpu``: the CPU or basic strategy), with the table's reshuffle or a continuous
  shuffler (``sim.casino.house_edge_chunk``);
- ``simulate_game`` — how often a seat wins the five-round game against CPU players
  (``sim.casino.game_chunk``);
- ``simulate_quest`` — how often a One Million quest succeeds for a stated player policy,
  with the games it lasts and the HP over the games (``sim.quest.quest_chunk``).

The work is cut into chunks of a fixed size, each with its own seed (``seed`` and the chunk's
number), so a run's result depends on the seed and the size of the run only — never on the
number of workers or the order in which the chunks finish; the sums are kept in integers, so
adding them up in any order gives the same figures. The workers are processes
(``multiprocessing``); ``workers=1`` runs in this process.

Every function returns the JSON object ``--json`` prints; ``lines`` gives the sentences the
command prints, in either language.
"""

from __future__ import annotations

import math
import os
import time
from typing import Any, Callable

from dealer_assist.errors import DealerAssistError
from dealer_assist.sim.stats import mean_interval, percentile, proportion_interval

CASINO_CHUNK = 20_000  # hands per chunk (about 1.5 s of one core)
GAME_CHUNK = 1_000  # five-round games per chunk
QUEST_CHUNK = 5  # quests per chunk
BET = 10  # the casino table's fixed bet (TABLE-4): the house edge is per 10-chip hand
PUBLISHED_EDGE = 0.0033  # Wizard of Odds: 6 decks, S17, DAS, late surrender, no resplit aces
DIFFICULTIES = ("easy", "normal", "hard", "extreme")
END_REASONS = ("hp_zero", "below_threshold", "shoe_empty", "joker", "burst_stream", "unfinished")

# (done, total, estimate and its interval); the estimate is None while no chunk has returned yet
Progress = Callable[[int, int, "tuple[float, float, float] | None"], None]


class SimulationError(DealerAssistError):
    """A simulation that cannot be run as asked (a bad option value)."""


def _term(difficulty: str):
    from dealer_assist.i18n import Term

    return Term(f"difficulty.{difficulty}")


def default_workers() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


# --------------------------------------------------------------------------- running chunks


def _indexed(job: tuple[Callable[[dict], dict], int, dict]) -> tuple[int, dict]:
    func, index, task = job
    return index, func(task)


def _worker_start(counter) -> None:
    """A pool worker leaves Ctrl-C to the main process, which stops the pool (no traceback from
    every worker). It was forked with SIGINT blocked (``run_tasks``), so a Ctrl-C typed while
    it starts cannot kill it before this; ignored now, a pending one is dropped."""
    import signal

    from dealer_assist.sim import progress

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    progress.install_worker(counter)


WAIT = 0.2  # seconds between two looks at the workers' progress


def run_tasks(func: Callable[[dict], dict], tasks: list[dict], workers: int,
              on_result: Callable[[dict], None] | None = None,
              on_tick: Callable[[int], None] | None = None) -> list[dict]:  # fmt: skip
    """``func`` over ``tasks`` on ``workers`` processes; the results in the tasks' order.
    ``on_result`` sees each result as it arrives (in any order); ``on_tick`` sees the count
    the workers have done so far, chunks under way included (``sim.progress``).

    Ctrl-C: the pool's workers are forked with SIGINT blocked and then ignore it, so only this
    process takes it; the ``with`` ends the pool (its workers are terminated)."""
    import signal

    from dealer_assist.sim import progress

    results: list[dict | None] = [None] * len(tasks)
    if workers <= 1 or len(tasks) <= 1:
        progress.install_local(on_tick)
        try:
            for index, task in enumerate(tasks):
                results[index] = func(task)
                if on_result is not None:
                    on_result(results[index])
        finally:
            progress.install_local(None)
        return results  # type: ignore[return-value]
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    counter = context.Value("q", 0)
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        pool = context.Pool(min(workers, len(tasks)), initializer=_worker_start, initargs=(counter,))
        with pool:
            # a Ctrl-C typed while the pool started is taken here, inside the with
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)
            jobs = [(func, index, task) for index, task in enumerate(tasks)]
            arriving = pool.imap_unordered(_indexed, jobs)
            for _ in range(len(tasks)):
                while True:
                    try:
                        index, result = arriving.next(timeout=WAIT)
                        break
                    except multiprocessing.TimeoutError:
                        if on_tick is not None:
                            on_tick(counter.value)
                results[index] = result
                if on_result is not None:
                    on_result(result)
                if on_tick is not None:
                    on_tick(counter.value)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
    return results  # type: ignore[return-value]


def _moved(progress: Progress | None, total: int) -> Callable[[int], None] | None:
    """The bar's move as the workers play (the estimate waits for whole chunks: ``None``)."""
    if progress is None:
        return None
    return lambda done: progress(min(done, total), total, None)


def _chunks(total: int, size: int) -> list[tuple[int, int]]:
    """``(first, count)`` of each chunk of ``size`` (the last may be smaller)."""
    return [(first, min(size, total - first)) for first in range(0, total, size)]


MOST = {  # the largest value of each count (the work list and the results stay in memory)
    "--hands": 10**10, "--games": 10**8, "--quests": 10**6, "--hp": 10**12, "--points": 10**12,
    "--max-games": 10**6, "--workers": 256,
}  # fmt: skip
SEED_MOST = 2**63 - 1


def _positive(name: str, value: int) -> None:
    """A count from 1 to its ``MOST``."""
    if value < 1:
        raise SimulationError("sim.error.positive", option=name, value=value)
    if value > MOST.get(name, value):
        raise SimulationError("sim.error.range", option=name, least=1, most=MOST[name], value=value)


def check_run(seed: int, workers: int | None) -> None:
    """The options every simulation has: ``--seed`` (0 to 2^63 - 1) and ``--workers``."""
    if not 0 <= seed <= SEED_MOST:
        raise SimulationError("sim.error.range", option="--seed", least=0, most=SEED_MOST, value=seed)
    if workers is not None:
        _positive("--workers", workers)


# --------------------------------------------------------------------------- the casino table


def _merge(counters: list[dict[Any, int]]) -> dict[Any, int]:
    out: dict[Any, int] = {}
    for counter in counters:
        for key, count in counter.items():
            out[key] = out.get(key, 0) + count
    return out


def _edge(net: dict[int, int]) -> tuple[int, float, float, float, float]:
    """From the net chips per hand: hands, house edge, its sd per hand, the interval."""
    count = sum(net.values())
    total = sum(k * v for k, v in net.items())
    squares = sum(k * k * v for k, v in net.items())
    mean, sd, low, high = mean_interval(count, total, squares, scale=BET)
    return count, -mean, sd, -high, -low


def simulate_casino(strategy: str = "basic", shuffle: str = "continuous", hands: int = 1_000_000, *, seed: int = 1,
                    workers: int | None = None, progress: Progress | None = None,
                    chunk: int = CASINO_CHUNK) -> dict[str, Any]:  # fmt: skip
    """The house edge per initial hand (a fraction of the 10-chip bet) of ``strategy`` at the
    casino table, one seat with its chip rules relaxed (``sim.casino``)."""
    from dealer_assist.tables.casino.cpu import STRATEGIES
    from dealer_assist.sim.casino import house_edge_chunk

    if strategy not in STRATEGIES:
        raise SimulationError("sim.error.strategy", strategy=strategy, strategies=", ".join(STRATEGIES))
    if shuffle not in ("continuous", "reshuffle"):
        raise SimulationError("sim.error.shuffle", shuffle=shuffle)
    _positive("--hands", hands)
    check_run(seed, workers)
    workers = workers or default_workers()
    tasks = [{"strategy": strategy, "shuffle": shuffle, "hands": count, "seed": seed, "index": i}
             for i, (_, count) in enumerate(_chunks(hands, chunk))]  # fmt: skip
    seen: list[dict] = []

    def arrived(result: dict) -> None:
        seen.append(result["net"])
        if progress is not None:
            count, edge, _, low, high = _edge(_merge(seen))
            progress(count, hands, (edge, low, high))

    started = time.perf_counter()
    results = run_tasks(house_edge_chunk, tasks, workers, arrived, _moved(progress, hands))
    wall = time.perf_counter() - started
    net = _merge([r["net"] for r in results])
    tally = _merge([r["tally"] for r in results])
    count, edge, sd, low, high = _edge(net)
    busy = sum(r["seconds"] for r in results)
    per = lambda key: tally.get(key, 0) / count  # noqa: E731
    return {
        "simulation": "casino",
        "strategy": strategy,
        "shuffle": shuffle,
        "seed": seed,
        "workers": workers,
        "hands": count,
        "house_edge": edge,
        "ci95": [low, high],
        "sd_per_hand": sd,
        "hands_per_second": count / wall if wall > 0 else math.inf,
        "hands_per_second_per_worker": count / busy if busy > 0 else math.inf,
        "seconds": wall,
        "outcomes": {
            "win": sum(v for k, v in net.items() if k > 0) / count,
            "push": net.get(0, 0) / count,
            "lose": sum(v for k, v in net.items() if k < 0) / count,
        },
        "per_hand": {"blackjack": per("blackjack"), "double": per("dd"), "split": per("sp"),
                     "surrender": per("sr")},  # fmt: skip
        "net_chips": {str(k): v for k, v in sorted(net.items())},
        "model": {"seats": 1, "bet": BET, "chips": "unlimited", "games": "a new five-round game when one ends",
                  "shuffle": "every round" if shuffle == "continuous" else "SHOE-3"},  # fmt: skip
        "published_edge": PUBLISHED_EDGE if strategy == "basic" else None,
    }


def simulate_game(strategy: str = "basic", shuffle: str = "reshuffle", games: int = 100_000, *, opponents: int = 1,
                  seat: int = 1, seed: int = 1, workers: int | None = None, progress: Progress | None = None,
                  chunk: int = GAME_CHUNK) -> dict[str, Any]:  # fmt: skip
    """How often seat ``seat`` playing ``strategy`` wins the five-round game (every chip
    rule) against ``opponents`` CPU players (RANK-2; alone, RANK-3: more than 100 chips)."""
    from dealer_assist.tables.casino.cpu import STRATEGIES
    from dealer_assist.tables.casino.state import SEATS
    from dealer_assist.sim.casino import game_chunk

    if strategy not in STRATEGIES:
        raise SimulationError("sim.error.strategy", strategy=strategy, strategies=", ".join(STRATEGIES))
    if shuffle not in ("continuous", "reshuffle"):
        raise SimulationError("sim.error.shuffle", shuffle=shuffle)
    _positive("--games", games)
    if not 0 <= opponents <= SEATS - 1:
        raise SimulationError("sim.error.opponents", opponents=opponents, most=SEATS - 1)
    if not 1 <= seat <= opponents + 1:
        raise SimulationError("sim.error.seat", seat=seat, seats=opponents + 1)
    check_run(seed, workers)
    workers = workers or default_workers()
    tasks = [{"strategy": strategy, "shuffle": shuffle, "games": count, "opponents": opponents, "seat": seat,
              "seed": seed, "index": i} for i, (_, count) in enumerate(_chunks(games, chunk))]  # fmt: skip
    seen: list[dict] = []

    def arrived(result: dict) -> None:
        seen.append(result["results"])
        if progress is not None:
            merged = _merge(seen)
            done = sum(merged.values())
            progress(done, games, proportion_interval(merged.get("win", 0), done))

    started = time.perf_counter()
    results = run_tasks(game_chunk, tasks, workers, arrived, _moved(progress, games))
    wall = time.perf_counter() - started
    outcome = _merge([r["results"] for r in results])
    chips = _merge([r["chips"] for r in results])
    hands_played = sum(r["hands"] for r in results)
    count = sum(outcome.values())
    win, low, high = proportion_interval(outcome.get("win", 0), count)
    draw, draw_low, draw_high = proportion_interval(outcome.get("draw", 0), count)
    lose, lose_low, lose_high = proportion_interval(outcome.get("lose", 0), count)
    mean_chips, _, chips_low, chips_high = mean_interval(count, sum(k * v for k, v in chips.items()),
                                                         sum(k * k * v for k, v in chips.items()))  # fmt: skip
    return {
        "simulation": "casino-game",
        "strategy": strategy,
        "shuffle": shuffle,
        "seed": seed,
        "workers": workers,
        "opponents": opponents,
        "seat": seat,
        "games": count,
        "win": win,
        "ci95": [low, high],
        "draw": draw,
        "draw_ci95": [draw_low, draw_high],
        "lose": lose,
        "lose_ci95": [lose_low, lose_high],
        "mean_chips": mean_chips,
        "mean_chips_ci95": [chips_low, chips_high],
        "final_chips": {str(k): v for k, v in sorted(chips.items())},
        "hands": hands_played,
        "hands_per_second": hands_played / wall if wall > 0 else math.inf,
        "games_per_second": count / wall if wall > 0 else math.inf,
        "seconds": wall,
    }


# --------------------------------------------------------------------------- One Million


def parse_dice(values: tuple[str, ...] | list[str] | str | None, difficulty: str) -> tuple[int, ...] | None:
    """``--dice``: faces 1–6 (``4 5``, ``4,5``, ``45``, or repeated), or ``random`` (None: a new
    roll for every quest). Their number must be the difficulty's (DSK-0)."""
    from dealer_assist.tables.onemillion.skills import DICE_BY_DIFFICULTY

    if difficulty not in DIFFICULTIES:
        raise SimulationError("sim.error.difficulty", difficulty=difficulty, difficulties=", ".join(DIFFICULTIES))
    if isinstance(values, str):
        values = [values]
    words = [w for value in (values or ()) for w in value.replace(",", " ").split()]
    need = DICE_BY_DIFFICULTY[difficulty]
    if not words or words == ["random"]:
        return None
    faces: list[int] = []
    for word in words:
        if not word.isdigit() or not all(c in "123456" for c in word):
            raise SimulationError("sim.error.dice", dice=" ".join(words))
        faces += [int(c) for c in word]
    if len(faces) != need:
        raise SimulationError("sim.error.dice_count", difficulty=_term(difficulty), need=need, got=len(faces))
    return tuple(faces)


def simulate_quest(difficulty: str = "normal", dice: tuple[int, ...] | None = None, decks: int = 8,
                   quests: int = 1_000, *, seed: int = 1, workers: int | None = None,
                   progress: Progress | None = None, chunk: int = QUEST_CHUNK, hp: int = 1_000_000, boxes: int = 7,
                   points: int = 100_000, bet: float = 0.1, skills: bool = False, jk: tuple[int, int] = (0, 2),
                   max_games: int = 1_000) -> dict[str, Any]:  # fmt: skip
    """The chance that a One Million quest succeeds for the policy of ``sim.quest`` on a
    half-up shoe of ``decks`` decks; the games to the end and the HP over the games."""
    from dealer_assist.tables.onemillion.skills import DICE_BY_DIFFICULTY
    from dealer_assist.sim.quest import SUCCESS, quest_chunk

    if difficulty not in DIFFICULTIES:
        raise SimulationError("sim.error.difficulty", difficulty=difficulty, difficulties=", ".join(DIFFICULTIES))
    if dice is not None and (len(dice) != DICE_BY_DIFFICULTY[difficulty] or not all(1 <= d <= 6 for d in dice)):
        raise SimulationError("sim.error.dice_count", difficulty=_term(difficulty), need=DICE_BY_DIFFICULTY[difficulty],
                              got=len(dice))  # fmt: skip
    for name, value in (("--decks", decks), ("--quests", quests), ("--hp", hp), ("--boxes", boxes),
                        ("--points", points), ("--max-games", max_games)):  # fmt: skip
        _positive(name, value)
    if decks > 1_900:  # the notation's shoe holds at most 100,000 cards
        raise SimulationError("sim.error.decks", decks=decks, most=1_900)
    if boxes > 7:
        raise SimulationError("sim.error.boxes", boxes=boxes)
    if not 0 < bet <= 1:
        raise SimulationError("sim.error.bet", bet=bet)
    if not all(0 <= level <= 3 for level in jk):
        raise SimulationError("sim.error.jk", early=jk[0], late=jk[1])
    check_run(seed, workers)
    workers = workers or default_workers()
    base = {"difficulty": difficulty, "dice": list(dice) if dice else None, "decks": decks, "hp": hp, "boxes": boxes,
            "points": points, "bet": bet, "skills": skills, "jk": list(jk), "max_games": max_games, "seed": seed}  # fmt: skip
    tasks = [{**base, "first": first, "quests": count} for first, count in _chunks(quests, chunk)]
    done = [0, 0]

    def arrived(result: dict) -> None:
        done[0] += result["quests"]
        done[1] += sum(1 for r in result["results"] if r["status"] == SUCCESS)
        if progress is not None:
            progress(done[0], quests, proportion_interval(done[1], done[0]))

    started = time.perf_counter()
    results = run_tasks(quest_chunk, tasks, workers, arrived, _moved(progress, quests))
    wall = time.perf_counter() - started
    records = [r for chunk_result in results for r in chunk_result["results"]]
    count = len(records)
    successes = sum(1 for r in records if r["status"] == SUCCESS)
    p, low, high = proportion_interval(successes, count)
    reasons = {reason: sum(1 for r in records if r["reason"] == reason) for reason in END_REASONS}
    games = sorted(r["games"] for r in records)
    histogram: dict[str, dict[str, int]] = {}
    for r in records:
        entry = histogram.setdefault(str(r["games"]), {"success": 0, "failure": 0, "unfinished": 0})
        entry["success" if r["status"] == SUCCESS else "unfinished" if r["reason"] == "unfinished" else "failure"] += 1
    histogram = {k: histogram[k] for k in sorted(histogram, key=int)}
    hp_over = []
    for game in range(1, (games[-1] if games else 0) + 1):
        values = sorted(r["hp"][game - 1] for r in records if len(r["hp"]) >= game)
        hp_over.append({"game": game, "quests": len(values), "mean": sum(values) / len(values),
                        "p10": percentile(values, 0.1), "p50": percentile(values, 0.5),
                        "p90": percentile(values, 0.9)})  # fmt: skip
    hands_played = sum(r["hands"] for r in records)
    return {
        "simulation": "quest",
        "difficulty": difficulty,
        "dice": list(dice) if dice else "random",
        "decks": decks,
        "shoe_cards": 52 * decks + 7,
        "hp": hp,
        "boxes": boxes,
        "points": points,
        "bet": bet,
        "skills": skills,
        "jokers": {"early": jk[0], "late": jk[1]},
        "max_games": max_games,
        "seed": seed,
        "workers": workers,
        "quests": count,
        "successes": successes,
        "success": p,
        "ci95": [low, high],
        "end_reasons": reasons,
        "by_dice": _by_dice(records, SUCCESS),
        "games": {"mean": sum(games) / count, "median": percentile(games, 0.5), "p10": percentile(games, 0.1),
                  "p90": percentile(games, 0.9), "max": games[-1], "histogram": histogram},  # fmt: skip
        "hp_over_games": hp_over,
        "hands": hands_played,
        "hands_per_second": hands_played / wall if wall > 0 else math.inf,
        "quests_per_second": count / wall if wall > 0 else math.inf,
        "seconds": wall,
        "policy": {"bet": f"{bet:g} of the box's points, two significant digits, at least 10, DSK-2 cap",
                   "play": "basic strategy on totals against the dealer's first card",
                   "surrender_call": "hard 16 against the ace (SURR-1); always at SURR-2",
                   "guild_skills": ["surrender 1", "under on"] if skills else []},  # fmt: skip
    }


def _by_dice(records: list[dict], success: str) -> dict[str, dict[str, Any]]:
    """The quests grouped by the dealer's dice (faces in order, DSK-0 does not look at the
    order): how many, how many succeeded, the proportion and its 95% interval."""
    groups: dict[str, list[int]] = {}
    for r in records:
        entry = groups.setdefault(" ".join(map(str, sorted(r["dice"]))), [0, 0])
        entry[0] += 1
        entry[1] += r["status"] == success
    out = {}
    for faces in sorted(groups):
        count, won = groups[faces]
        p, low, high = proportion_interval(won, count)
        out[faces] = {"quests": count, "successes": won, "success": p, "ci95": [low, high]}
    return out


# --------------------------------------------------------------------------- what is printed

RANKED_QUESTS = 30  # a roll of the dealer's dice is ranked (best, worst) from this many quests


def _by_dice_line(groups: dict[str, dict[str, Any]], lang: str) -> str:
    """The rolls of the dealer's dice, best and worst — only among the rolls met in at least
    ``RANKED_QUESTS`` quests, each with its 95% interval; with fewer than two such rolls, the
    sentence says that the run is too small to rank them."""
    from dealer_assist.i18n import text

    ranked = {faces: g for faces, g in groups.items() if g["quests"] >= RANKED_QUESTS}
    if len(ranked) < 2:
        return text("sim.quest.by_dice_few", lang, kinds=len(groups), least=RANKED_QUESTS,
                    most=max(g["quests"] for g in groups.values()))  # fmt: skip
    best = max(ranked, key=lambda faces: (ranked[faces]["success"], faces))
    worst = min(ranked, key=lambda faces: (ranked[faces]["success"], faces))

    def shown(faces: str) -> dict[str, Any]:
        g = ranked[faces]
        return {"p": percent(g["success"], 1), "low": percent(g["ci95"][0], 1), "high": percent(g["ci95"][1], 1),
                "n": g["quests"]}  # fmt: skip

    b, w = shown(best), shown(worst)
    return text("sim.quest.by_dice_ranked", lang, kinds=len(groups), ranked=len(ranked), least=RANKED_QUESTS,
                best=best, best_p=b["p"], best_low=b["low"], best_high=b["high"], best_n=b["n"], worst=worst,
                worst_p=w["p"], worst_low=w["low"], worst_high=w["high"], worst_n=w["n"])  # fmt: skip



def percent(value: float, digits: int = 3) -> str:
    return "-" if value is None or math.isnan(value) else f"{value * 100:.{digits}f}%"


def lines(result: dict[str, Any], lang: str = "en") -> list[str]:
    """The sentences ``simulate`` prints for ``result``, in ``lang``."""
    from dealer_assist.i18n import text
    from dealer_assist.messages import Term

    out: list[str] = []
    kind = result["simulation"]
    rate = int(round(result["hands_per_second"]))
    if kind == "casino":
        out.append(text("sim.casino.title", lang, strategy=Term(f"sim.strategy.{result['strategy']}"),
                        shuffle=Term(f"sim.shuffle.{result['shuffle']}"), hands=result["hands"], seed=result["seed"]))  # fmt: skip
        low, high = result["ci95"]
        out.append(text("sim.casino.edge", lang, edge=percent(result["house_edge"]), low=percent(low),
                        high=percent(high)))  # fmt: skip
        o, h = result["outcomes"], result["per_hand"]
        out.append(text("sim.casino.outcomes", lang, win=percent(o["win"], 2), push=percent(o["push"], 2),
                        lose=percent(o["lose"], 2), blackjack=percent(h["blackjack"], 2),
                        double=percent(h["double"], 2), split=percent(h["split"], 2),
                        surrender=percent(h["surrender"], 2)))  # fmt: skip
        if result.get("published_edge") is not None:
            inside = low <= result["published_edge"] <= high
            out.append(text("sim.casino.published_in" if inside else "sim.casino.published_out", lang,
                            edge=percent(result["published_edge"], 2)))  # fmt: skip
        out.append(text("sim.casino.model", lang))
        out.append(text(f"sim.casino.shuffle_{result['shuffle']}", lang))
    elif kind == "casino-game":
        out.append(text("sim.game.title", lang, strategy=Term(f"sim.strategy.{result['strategy']}"),
                        shuffle=Term(f"sim.shuffle.{result['shuffle']}"), games=result["games"], seat=result["seat"],
                        opponents=result["opponents"], seed=result["seed"]))  # fmt: skip
        low, high = result["ci95"]
        out.append(text("sim.game.result", lang, seat=result["seat"], win=percent(result["win"], 2),
                        low=percent(low, 2), high=percent(high, 2), draw=percent(result["draw"], 2),
                        lose=percent(result["lose"], 2)))  # fmt: skip
        out.append(text("sim.game.chips", lang, chips=f"{result['mean_chips']:.2f}"))
        out.append(text("sim.game.model_alone" if result["opponents"] == 0 else "sim.game.model", lang))
    else:
        dice = "random" if result["dice"] == "random" else " ".join(map(str, result["dice"]))
        out.append(text("sim.quest.title", lang, difficulty=Term(f"difficulty.{result['difficulty']}"),
                        dice=Term("sim.dice_random") if dice == "random" else dice, decks=result["decks"],
                        quests=result["quests"], seed=result["seed"]))  # fmt: skip
        low, high = result["ci95"]
        out.append(text("sim.quest.success", lang, success=percent(result["success"], 2), low=percent(low, 2),
                        high=percent(high, 2), successes=result["successes"], quests=result["quests"]))  # fmt: skip
        ended = text("sim.list_sep", lang).join(text("sim.quest.reason", lang, reason=Term(f"sim.reason.{reason}"), count=count)
                          for reason, count in result["end_reasons"].items() if count)  # fmt: skip
        out.append(text("sim.quest.ended", lang, reasons=ended))
        groups = result["by_dice"]
        if result["dice"] == "random" and len(groups) > 1:
            out.append(_by_dice_line(groups, lang))
        g = result["games"]
        out.append(text("sim.quest.games", lang, mean=f"{g['mean']:.1f}", median=f"{g['median']:g}",
                        p10=f"{g['p10']:g}", p90=f"{g['p90']:g}", most=g["max"]))  # fmt: skip
        out.append(text("sim.quest.policy", lang, boxes=result["boxes"], points=result["points"],
                        bet=f"{result['bet'] * 100:g}%",
                        skills=Term("sim.quest.skills_on" if result["skills"] else "sim.quest.skills_off")))  # fmt: skip
        out.append(text("sim.quest.shoe", lang, decks=result["decks"], cards=result["shoe_cards"],
                        early=result["jokers"]["early"], late=result["jokers"]["late"], hp=result["hp"]))  # fmt: skip
    out.append(text("sim.speed" if result["workers"] > 1 else "sim.speed_one", lang, hands=result["hands"],
                    seconds=f"{result['seconds']:.1f}", rate=rate, workers=result["workers"]))  # fmt: skip
    return out
