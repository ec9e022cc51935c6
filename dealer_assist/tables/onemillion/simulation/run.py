"""One Million's simulation, checked, cut into chunks and summed (the JSON that
``simulate quest --json`` prints): ``simulate_quest`` — how often a quest succeeds for a stated
player policy (``quests``), with the games it lasts and the HP over the games; ``parse_dice``
reads ``--dice``.

The chunks run on the shared runner (``dealer_assist.sim.runner``): a run's figures depend on
its seed and size only.
"""

from __future__ import annotations

import math
import time
from typing import Any

from dealer_assist.sim.runner import (Progress, SimulationError, check_run, chunks, default_workers, moved, positive,
                                      run_tasks)  # fmt: skip
from dealer_assist.sim.stats import percentile, proportion_interval

QUEST_CHUNK = 5  # quests per chunk
DIFFICULTIES = ("easy", "normal", "hard", "extreme")
END_REASONS = ("hp_zero", "below_threshold", "shoe_empty", "joker", "burst_stream", "unfinished")
MOST = {"--quests": 10**6, "--hp": 10**12, "--points": 10**12, "--max-games": 10**6}  # the largest counts


def _term(difficulty: str):
    from dealer_assist.i18n_values import Term

    return Term(f"difficulty.{difficulty}")


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
    """The chance that a One Million quest succeeds for the policy of ``quests`` on a
    half-up shoe of ``decks`` decks; the games to the end and the HP over the games."""
    from dealer_assist.tables.onemillion.simulation.quests import SUCCESS, quest_chunk
    from dealer_assist.tables.onemillion.skills import DICE_BY_DIFFICULTY

    if difficulty not in DIFFICULTIES:
        raise SimulationError("sim.error.difficulty", difficulty=difficulty, difficulties=", ".join(DIFFICULTIES))
    if dice is not None and (len(dice) != DICE_BY_DIFFICULTY[difficulty] or not all(1 <= d <= 6 for d in dice)):
        raise SimulationError("sim.error.dice_count", difficulty=_term(difficulty), need=DICE_BY_DIFFICULTY[difficulty],
                              got=len(dice))  # fmt: skip
    for name, value in (("--decks", decks), ("--quests", quests), ("--hp", hp), ("--boxes", boxes),
                        ("--points", points), ("--max-games", max_games)):  # fmt: skip
        positive(name, value, MOST.get(name))
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
    tasks = [{**base, "first": first, "quests": count} for first, count in chunks(quests, chunk)]
    done = [0, 0]

    def arrived(result: dict) -> None:
        done[0] += result["quests"]
        done[1] += sum(1 for r in result["results"] if r["status"] == SUCCESS)
        if progress is not None:
            progress(done[0], quests, proportion_interval(done[1], done[0]))

    started = time.perf_counter()
    results = run_tasks(quest_chunk, tasks, workers, arrived, moved(progress, quests))
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
