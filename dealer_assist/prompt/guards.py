"""The prompt's guards and hints (none of them in a pipe): the table's own guard of a line
(``guard_warning``, ``Screens.deal_guard``: One Million's BET-1 bet guard of the deal), ``deal!``
(``deal_now``: dealt without the guard), and the card notation taught after the first refused
card (``CardHint``). The guard of a deal line that stops inside a round is
``dealer_assist.deal_line``."""

from __future__ import annotations

from dealer_assist import notation as n
from dealer_assist import rulesets
from dealer_assist.errors import DealerAssistError
from dealer_assist.messages import text
from dealer_assist.notation import SPACE_CHARS


# refusals about a card: the first one of a session is followed by the card notation's hint
CARD_REFUSALS = frozenset({
    "notation.card", "card.unknown_here", "deal.first_face_needed", "deal.too_many", "dealer.card_face_needed",
    "card.eighth_joker", "dealer.hole_face_needed", "dealer.hole_mismatch", "shoe.known_top",
    "guild.foresight_unknown", "guild.foresight_second_open",
})  # fmt: skip
DEAL_WORDS = ("deal", *(w for w, k in n.JA_COMMANDS.items() if k == "deal"))


def card_refusal(error: DealerAssistError) -> bool:
    """Whether a refusal is about a card (one that cannot be read, or cannot be there, or a
    card missing where the notation needs one)."""
    if error.key in CARD_REFUSALS:
        return True
    return error.key == "notation.usage" and "CARD" in str(error.params.get("usage", ""))


class CardHint:
    """The card notation explained once a session, after the first refused card."""

    def __init__(self) -> None:
        self.shown = False

    def after(self, error: DealerAssistError, lang: str = "en") -> str | None:
        if self.shown or not card_refusal(error):
            return None
        self.shown = True
        return text("prompt.card_hint", lang)


def deal_now(line: str) -> str | None:
    """``deal! CARD …`` (a prompt word, not the notation): the same line with the plain
    ``deal``, to be dealt without the guard; None for any other line."""
    if len(line) > n.MAX_LINE:
        return None
    stripped = line.lstrip(SPACE_CHARS)
    tokens = n.tokens_of(stripped)
    if not tokens:
        return None
    first = tokens[0]
    word = n.normalize(first)
    if not word.endswith("!") or (word[:-1].lower() not in DEAL_WORDS and word[:-1] not in DEAL_WORDS):
        return None
    return line[: len(line) - len(stripped)] + "deal" + stripped[len(first) :]


def guard_warning(state, line: str, lang: str = "en") -> str | None:
    """The table's guard of a line about to be entered in live play (``Screens.deal_guard``:
    One Million's BET-1 guard holds a deal past boxes with no bet line): its warning, or None."""
    screens = rulesets.screens(state)
    return screens.deal_guard(state, line, lang) if screens.deal_guard is not None else None
