"""What ``simulate casino`` says of its results: the sentences (before the shared speed
sentence) and the HTML page's charts (drawn by the shared ``dealer_assist.sim.chart``)."""

from __future__ import annotations

import html
from typing import Any


def lines(result: dict[str, Any], lang: str = "en") -> list[str]:
    """The sentences for a house-edge run (``casino``) or a five-round-game run (``casino-game``)."""
    from dealer_assist.i18n import text
    from dealer_assist.messages import Term
    from dealer_assist.sim.words import percent

    out: list[str] = []
    if result["simulation"] == "casino":
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
        if result.get("exact_edge") is not None:
            inside = low <= result["exact_edge"] <= high
            out.append(text("sim.casino.exact_in" if inside else "sim.casino.exact_out", lang,
                            edge=percent(result["exact_edge"], 3)))  # fmt: skip
        out.append(text("sim.casino.model", lang))
        out.append(text(f"sim.casino.shuffle_{result['shuffle']}", lang))
    else:
        out.append(text("sim.game.title", lang, strategy=Term(f"sim.strategy.{result['strategy']}"),
                        shuffle=Term(f"sim.shuffle.{result['shuffle']}"), games=result["games"], seat=result["seat"],
                        opponents=result["opponents"], seed=result["seed"]))  # fmt: skip
        low, high = result["ci95"]
        out.append(text("sim.game.result", lang, seat=result["seat"], win=percent(result["win"], 2),
                        low=percent(low, 2), high=percent(high, 2), draw=percent(result["draw"], 2),
                        lose=percent(result["lose"], 2)))  # fmt: skip
        out.append(text("sim.game.chips", lang, chips=f"{result['mean_chips']:.2f}"))
        out.append(text("sim.game.model_alone" if result["opponents"] == 0 else "sim.game.model", lang))
    return out


def charts(result: dict[str, Any], lang: str) -> list[str]:
    """The net chips of the initial hands (house edge), or the seat's final chips (the game)."""
    from dealer_assist.i18n import text
    from dealer_assist.sim.chart import bars

    esc = html.escape

    def say(key: str, **params) -> str:
        return text(key, lang, **params)
    if result["simulation"] == "casino":
        net = {int(k): v for k, v in result["net_chips"].items()}
        count = sum(net.values()) or 1
        keys = sorted(net)
        categories = [f"{k / 10:+g}" if k else "0" for k in keys]
        return [f"<h2>{esc(say('sim.html.net'))}</h2>" + bars(
            categories, [("share", [100 * net[k] / count for k in keys])], label=say("sim.html.net"),
            x_label=say("sim.html.net_axis"), y_label=say("sim.html.share_axis"), fmt=lambda v: f"{v:.3g}%")]  # fmt: skip
    chips = {int(k): v for k, v in result["final_chips"].items()}
    count = sum(chips.values()) or 1
    bins: dict[int, int] = {}
    for k, v in chips.items():
        bins[k // 10 * 10] = bins.get(k // 10 * 10, 0) + v
    keys = list(range(0, max(bins, default=0) + 10, 10))
    return [f"<h2>{esc(say('sim.html.chips'))}</h2>" + bars(
        [str(k) for k in keys], [("share", [100 * bins.get(k, 0) / count for k in keys])],
        label=say("sim.html.chips"), x_label=say("sim.html.chips_axis"), y_label=say("sim.html.share_axis"),
        fmt=lambda v: f"{v:.3g}%")]  # fmt: skip
