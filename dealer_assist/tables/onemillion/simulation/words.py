"""What ``simulate quest`` says of its results: the sentences (before the shared speed
sentence) and the HTML page's charts (drawn by the shared ``dealer_assist.sim.chart``)."""

from __future__ import annotations

import html
from typing import Any

RANKED_QUESTS = 30  # a roll of the dealer's dice is ranked (best, worst) from this many quests


def _by_dice_line(groups: dict[str, dict[str, Any]], lang: str) -> str:
    """The rolls of the dealer's dice, best and worst — only among the rolls met in at least
    ``RANKED_QUESTS`` quests, each with its 95% interval; with fewer than two such rolls, the
    sentence says that the run is too small to rank them."""
    from dealer_assist.i18n import text
    from dealer_assist.sim.words import percent

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


def lines(result: dict[str, Any], lang: str = "en") -> list[str]:
    """The sentences for a quest run."""
    from dealer_assist.i18n import text
    from dealer_assist.messages import Term
    from dealer_assist.sim.words import percent

    out: list[str] = []
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
    return out


def _dice_table(by_dice: dict[str, dict[str, Any]], say) -> str:
    """The success of the quests by the dealer's dice (DSK-0), one row per roll met."""
    from dealer_assist.sim.words import percent

    esc = html.escape
    head = "".join(f"<th>{esc(say(key))}</th>" for key in ("sim.html.dice_faces", "sim.html.dice_quests",
                                                         "sim.html.dice_success", "sim.html.dice_interval"))  # fmt: skip
    rows = "".join(
        f"<tr><td>{esc(faces)}</td><td>{row['quests']:,}</td><td>{percent(row['success'], 1)}</td>"
        f"<td>{percent(row['ci95'][0], 1)} – {percent(row['ci95'][1], 1)}</td></tr>"
        for faces, row in by_dice.items()
    )
    return (f"<h2>{esc(say('sim.html.dice'))}</h2><table class=\"dice\"><thead><tr>{head}</tr></thead>"
            f"<tbody>{rows}</tbody></table>")  # fmt: skip


def charts(result: dict[str, Any], lang: str) -> list[str]:
    """The quests' ends by the games they lasted, the HP over the games, the success by the
    dealer's dice."""
    from dealer_assist.i18n import amount, text
    from dealer_assist.sim.chart import band, bars, legend

    esc = html.escape

    def say(key: str, **params) -> str:
        return text(key, lang, **params)

    charts: list[str] = []
    histogram = result["games"]["histogram"]
    keys = list(range(1, result["games"]["max"] + 1))
    series = [(css, [histogram.get(str(k), {}).get(css, 0) for k in keys]) for css in ("success", "failure",
                                                                                      "unfinished")]  # fmt: skip
    charts.append(f"<h2>{esc(say('sim.html.games'))}</h2>"
                  + legend([("var(--good)", say("sim.html.success")), ("var(--accent)", say("sim.html.failure")),
                            ("#9aa0ad", say("sim.html.unfinished"))])
                  + bars([str(k) for k in keys], series, label=say("sim.html.games"),
                         x_label=say("sim.html.games_axis"), y_label=say("sim.html.quests_axis"), whole=True))  # fmt: skip
    if result["hp_over_games"]:
        charts.append(f"<h2>{esc(say('sim.html.hp'))}</h2>"
                      + legend([("var(--accent)", say("sim.html.median")), ("#f4b6b6", say("sim.html.band")),
                                ("#444", say("sim.html.mean"))])
                      + band(result["hp_over_games"], label=say("sim.html.hp"), x_label=say("sim.html.games_axis"),
                             y_label=say("sim.html.hp_axis"), fmt=lambda v: amount(int(v), lang))
                      + f'<p class="note">{esc(say("sim.html.hp_note"))}</p>')  # fmt: skip
    if len(result.get("by_dice", {})) > 1:
        charts.append(_dice_table(result["by_dice"], say))
    return charts
