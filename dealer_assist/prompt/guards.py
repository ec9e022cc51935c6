"""The prompt's guards and hints (none of them in a pipe): the bet guard of the deal (``deal_guard``,
BET-1: a deal while boxes have no bet line is held), ``deal!`` (``deal_now``: dealt without the
guard), and the card notation taught after the first refused card (``CardHint``). The guard of
a deal line that stops inside a round is ``dealer_assist.deal_line``."""

from __future__ import annotations

from dealer_assist import notation as n
from dealer_assist.tables.onemillion import Phase
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


def deal_guard(state, line: str) -> list[int]:
    """The boxes that ``line`` would deal past without a bet line (BET-1: they play no bet) —
    the non-bankrupt boxes with no bet line yet, less those the line itself bets for before
    its ``deal``; empty when the line deals nothing in the bet window (or after a back-bet,
    where the bets come after the deal)."""
    game = state.game
    if state.phase is not Phase.BETS or game is None or game.backbet:
        return []
    try:
        commands = n.parse_line(line)
    except DealerAssistError:
        return []
    covered = set(game.bets)
    for cmd in commands:
        if isinstance(cmd, n.Bet):
            covered.add(cmd.box)
        elif isinstance(cmd, n.Deal):
            return [b for b, box in state.boxes.items() if not box.bankrupt and b not in covered]
    return []


def guard_text(state, boxes: list[int], lang: str = "en") -> str:
    named = text("list.sep", lang).join(text("prompt.guard_box", lang, box=b, player=state.boxes[b].player)
                                        for b in boxes)  # fmt: skip
    return text("prompt.deal_guard", lang, boxes=named)
