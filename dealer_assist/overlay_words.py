"""The overlay's words for what every blackjack table shows (boxes, hands, the dealer's cards),
in the viewers' language: the tables' pictures (``Screens.picture``) are built from these."""

from __future__ import annotations

from dealer_assist.i18n import amount, text


def words(lang: str) -> dict[str, str]:
    keys = ("hp", "mp", "jokers", "top", "bet", "points", "recovery_on", "recovery_off", "locked", "bankrupt",
            "yellow", "dealer", "turn", "nobet", "left", "shoe", "damage", "heal", "streak", "played_by", "bust", "blackjack")  # fmt: skip
    return {key: text(f"overlay.word.{key}", lang) for key in keys}


def total_text(total: int | None, soft: bool, lang: str) -> str:
    if total is None:
        return ""
    return text("total.soft", lang, value=total) if soft else str(total)


def dealer_words(dealer: dict | None, lang: str) -> dict | None:
    if dealer is None:
        return None
    shown = "" if dealer.get("blackjack") else total_text(dealer["total"], dealer["soft"], lang)  # the flag says it
    return {**dealer, "total_text": shown}


def box_words(box: dict, lang: str, *, blackjack: str | None = None) -> dict:
    """A box's words; a blackjack is its tag alone (「ＢＪ」, not 「ソフト21 ＢＪ」), worded by the
    ``blackjack`` key when the table names it otherwise (the casino's 「ブラックジャック」)."""
    hands = []
    for hand in box["hands"]:
        status = ""
        if hand["result"] is not None:
            status = text(f"result.{hand['result']}", lang)
        elif hand["outcome"] in ("bust", "blackjack", "surrender", "joker", "under"):
            status = text(f"outcome.{hand['outcome']}", lang)
        natural = hand["result"] == "blackjack" or (hand["result"] is None and hand["outcome"] == "blackjack")
        if natural and blackjack:
            status = text(blackjack, lang)
        hands.append({**hand, "total_text": "" if natural else total_text(hand["total"], hand["soft"], lang),
                      "bet_text": amount(hand["bet"], lang) if hand["bet"] else "", "status": status})  # fmt: skip
    return {**box, "hands": hands, "points_text": amount(box["points"], lang),
            "bet_text": amount(box["bet"], lang) if box["bet"] else ""}  # fmt: skip
