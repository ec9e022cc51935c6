"""The overlay's picture of the One Million table (``Screens.picture``): the players' view
(``public``) worded in the viewers' language — the HP as announced, the jokers the players have
seen, the boxes, the TIME-1 clock, the settlement and the end banner."""

from __future__ import annotations

import time
from typing import Any

from dealer_assist.i18n import amount, text
from dealer_assist.messages import Term
from dealer_assist.overlay_words import box_words, dealer_words
from dealer_assist.overlay_words import words as overlay_words
from dealer_assist.tables.onemillion.public import public_view


def picture(feed, lang: str) -> dict[str, Any]:
    """One Million: the players' view worded in ``lang``."""
    from dealer_assist.live import clock

    state = feed.session.state
    view = public_view(state, exact_hp=feed.exact_hp, shoe=feed.shoe)
    words = overlay_words(lang)
    picture: dict[str, Any] = {"version": feed.version, "lang": lang, "words": words, "problem": None}
    if feed.problem is not None:
        picture["problem"] = text(feed.problem, lang, name=feed.name)
    hp = view["hp"]
    picture["hp"] = {
        "announce": hp["announce"], "start": hp["start"], "exact": hp["exact"],
        "text": text("overlay.hp_announce" if hp["announce"] else "overlay.hp_zero", lang, announce=hp["announce"]),
        "exact_text": amount(hp["exact"], lang) if hp["exact"] is not None else None,
        "fraction": min(1.0, (hp["exact"] if hp["exact"] is not None else hp["announce"]) / max(hp["start"], 1)),
        "recovery_line": min(1.0, hp["recovery_line"] / max(hp["start"], 1)),
    }  # fmt: skip
    picture["game"] = view["game"]
    picture["game_text"] = text("overlay.game", lang, game=view["game"]) if view["game"] else ""
    picture["recovery"] = view["recovery"]
    picture["mp"] = view["mp"]
    picture["jokers"] = view["jokers"]
    picture["shoe"] = view["shoe"]
    picture["top"] = view["top"]
    picture["turn"] = view["turn"]
    picture["phase"] = view["phase"]
    picture["dealer"] = dealer_words(view["dealer"], lang)
    picture["boxes"] = [box_words(box, lang) for box in view["boxes"]]
    picture["last"] = [{"clause": r.clause, "text": r.text(lang)} for r in feed.rulings[-1:]]
    running = clock(state)
    picture["clock"] = None
    if running is not None and running.key in feed.started:
        picture["clock"] = {"name": text(f"clock.{running.name}", lang), "seconds": running.seconds,
                            "started": feed.started[running.key], "now": time.time()}  # fmt: skip
    picture["settlement"] = None
    if view["settlement"] is not None:
        s = view["settlement"]
        picture["settlement"] = {"game": s["game"], "damage": s["damage"], "heal": s["heal"],
                                 "damage_text": amount(s["damage"], lang), "heal_text": amount(s["heal"], lang)}  # fmt: skip
    picture["banner"] = None
    if view["status"] != "running":
        picture["banner"] = {
            "status": view["status"],
            "text": text(f"overlay.banner.{view['status']}", lang, reason=Term(f"reason.{view['reason']}"),
                         reward=Term(f"reward.{view['difficulty']}")),
        }  # fmt: skip
    return picture
