"""One Million's offers at the prompt (``Screens.suggestions`` and ``Screens.arguments``):
the commands possible now, bet amounts, a hand's actions, card ranks wherever a card is expected.

Every suggestion is a command, or the start of one, that the engine accepts now: each is tried
with ``engine.can`` (the same checks as ``step``), so a completion and a refusal can never
disagree.
"""

from __future__ import annotations

from typing import Callable, Iterable

from dealer_assist.tables.onemillion import notation as n
from dealer_assist.cards import RANKS, Card
from dealer_assist.tables.onemillion.apply import can, expectation, legal
from dealer_assist.tables.onemillion.state import Phase, State
from dealer_assist.errors import DealerAssistError
from dealer_assist.i18n_values import Term
from dealer_assist.core.table import Recall
from dealer_assist.live.completion import Argument, closing, hand_words, listed


CARD_WORDS = (*RANKS, *(f"[{rank}]" for rank in RANKS), "JK", "[?]")
_CARDS = {word: n.parse_card(word) for word in CARD_WORDS}
_PROBE = Card("2")  # any card: only an action's own checks matter (as in ``legal_actions``)
_HAND_ACTIONS = {
    "ht": lambda ref: n.Hit(ref, _PROBE), "st": n.Stand, "dd": lambda ref: n.Double(ref, _PROBE), "sp": n.Split,
    "sr": n.LateSurrender, "foresight": lambda ref: n.Foresight(ref, (_PROBE,)),
}  # fmt: skip
_TAKES_CARD = ("ht", "dd", "foresight")


def cards_for(state: State, make: Callable[[Card], n.Command], words: Iterable[str] = CARD_WORDS) -> list[str]:
    """The card words (``9``, ``[9]``, ``JK``, ``[?]``) with which ``make(card)`` is accepted now."""
    return [word for word in words if can(state, make(_CARDS[word]))]


def _any_card(state: State, make: Callable[[Card], n.Command]) -> bool:
    return any(can(state, make(card)) for card in _CARDS.values())


def hand_actions(state: State, ref: n.HandRef) -> list[str]:
    """The actions hand ``ref`` may take now, future sight included (as ``legal_actions``: a
    probe card, the cards known on top of the shoe aside)."""
    return [name for name, make in _HAND_ACTIONS.items() if can(state, make(ref), ignore_shoe=True)]


def redistribution_as_is(state: State) -> n.Redistribute | None:
    """GUILD-1 with every box keeping its points (a bankrupt box's leftover to the first box that
    can bet): the template the prompt offers, and the probe of whether a redistribution is
    possible now. None when no box can take part."""
    able = [b for b, box in state.boxes.items() if not box.bankrupt]
    if not able:
        return None
    leftover = sum(box.points for box in state.boxes.values() if box.bankrupt)
    shares = tuple((b, state.boxes[b].points + (leftover if i == 0 else 0)) for i, b in enumerate(able))
    return n.Redistribute(shares)


def one_million_suggestions(state: State) -> list[str]:
    """Command starts the prompt offers now (completion): only what the engine would accept."""
    phase = state.phase
    game = state.game
    out: list[str] = []
    if phase is Phase.SETUP:
        out += ["quest ", "dice ", "seat ", "hp ", "skill ", "jk ", "shoe ", "rule "]
        if can(state, n.Game()):
            out.append("game")
    elif phase is Phase.BETWEEN:
        if can(state, n.Game()):
            out.append("game")
    elif phase is Phase.BETS and game is not None and game.backbet:
        if _any_card(state, lambda c: n.Deal((c,))):
            out.append("deal ")
    elif phase in (Phase.BETS, Phase.LATE_BETS) and game is not None:
        waiting = game.late_bets if phase is Phase.LATE_BETS else game.bets
        out += [f"bet {b} " for b, box in state.boxes.items()
                if not box.bankrupt and b not in waiting and can(state, n.Bet(b, None))]  # fmt: skip
        if phase is Phase.BETS:
            if _any_card(state, lambda c: n.Deal((c,))):
                out.append("deal ")
            if can(state, n.Backbet()):
                out.append("backbet")
            probe = redistribution_as_is(state)
            if probe is not None and can(state, probe):
                out.append("redistribute ")
    elif phase is Phase.PLAYERS:
        e = expectation(state)
        hand = str(e.params.get("hand", ""))
        if e.key == "expect.split_card":
            out.append(f"{hand} ")
        elif hand:
            ref = n.parse_hand(hand)
            assert ref is not None
            for action in hand_actions(state, ref):
                out.append(f"{hand} {action}" + (" " if action in _TAKES_CARD else ""))
        if can(state, n.TimeUp()):
            out.append("timeup")
    else:
        for keyword in legal(state):
            if keyword == "deal" and _any_card(state, lambda c: n.Deal((c,))):
                out.append("deal ")
            elif keyword == "sr" and any(can(state, n.SurrenderCall((b,))) for b in state.boxes):
                out.append("sr ")
            elif keyword == "go" and can(state, n.Go()):
                out.append("go")
            elif keyword in ("peek", "reveal"):
                make = n.Peek if keyword == "peek" else n.Reveal
                if can(state, make(None)):
                    out.append(keyword)
                elif _any_card(state, make):
                    out.append(f"{keyword} ")
            elif keyword == "lock":
                out += ["lock ", "lock none"] if can(state, n.Lock(None)) else []
            elif keyword == "next" and _any_card(state, n.Next):
                out.append("next ")
            elif keyword == "dealer" and _any_card(state, n.DealerCard):
                out.append("dealer ")
    if phase not in (Phase.SETUP, Phase.BETWEEN, Phase.OVER):
        if any(can(state, n.Yellow(b)) for b in state.boxes):
            out.append("yellow ")
        if can(state, n.Empty()):
            out.append("empty")
    return out + closing(state)


def _card_argument(state: State, word: str) -> Argument:
    card = _CARDS[word]
    for known in state.known_top[:1]:
        if known.card.matches(card):
            return Argument(word, "complete.card_known", {"clause": known.clause})
    if card.is_unknown:
        return Argument(word, "complete.card_unknown", {})
    if card.is_joker:
        return Argument(word, "complete.card_joker", {})
    return Argument(word, "complete.card_closed" if card.closed else "complete.card_open", {})


def _cards(state: State, make: Callable[[Card], n.Command], words: Iterable[str] = CARD_WORDS) -> list[Argument]:
    return [_card_argument(state, word) for word in cards_for(state, make, words)]


def amount_word(amount: int) -> str:
    """An amount as the notation's shortest exact word: ``20k``, ``1m``, ``1500``."""
    if amount % 1_000_000 == 0:
        return f"{amount // 1_000_000}m"
    if amount % 1000 == 0:
        return f"{amount // 1000}k"
    return str(amount)


def bet_amounts(state: State, box: int, last: int | None = None) -> list[Argument]:
    """The amounts box ``box`` can bet now: its last bet, round amounts (1, 2, 5 × 10^k) from a
    hundredth of the most it may bet up to that most (its points at two significant digits,
    BET-3, within the cap of dealer skill 2, BET-4), and no bet; each accepted by the engine."""
    from dealer_assist.tables.onemillion.skills import bet_cap

    out: list[Argument] = []
    seat = state.boxes.get(box)
    if seat is not None and not seat.bankrupt:
        points = seat.points
        unit = 10 ** max(len(str(points)) - 2, 0)
        top = points // unit * unit
        cap = bet_cap(state)
        if cap is not None:
            top = min(top, cap)
        minimum = state.config.min_bet
        round_ = sorted({m * 10**k for k in range(1, 13) for m in (1, 2, 5)
                         if max(minimum, top / 100) <= m * 10**k < top})  # fmt: skip
        chosen: list[tuple[int, str]] = []
        if last:
            chosen.append((last, "complete.bet_last"))
        chosen += [(amount, "complete.bet_amount") for amount in round_]
        chosen.append((top, "complete.bet_cap" if cap is not None and top == cap else "complete.bet_top"))
        seen: set[int] = set()
        for amount, key in chosen:
            if amount in seen or amount < minimum or not can(state, n.Bet(box, amount)):
                continue
            seen.add(amount)
            out.append(Argument(amount_word(amount), key, {"amount": amount}))
    if can(state, n.Bet(box, None)):
        out.append(Argument("-", "complete.bet_none", {}))
    return out


def _box_argument(state: State, box: int) -> Argument:
    seat = state.boxes[box]
    return Argument(str(box), "complete.box", {"player": seat.player, "points": seat.points})


def one_million_arguments(state: State, words: list[str], remembered: dict[int, int] | None = None
                          ) -> list[Argument]:  # fmt: skip
    """One Million: difficulties after ``quest``, boxes after ``bet``, ``sr``, ``yellow``,
    amounts after ``bet BOX`` (``remembered``: each box's last bet, offered first), a hand's
    actions, and card ranks wherever a card is expected."""
    head, args = words[0].lower(), words[1:]
    try:
        hand = n.parse_hand(head)
        if hand is not None:
            return _hand_arguments(state, hand, args)
        return _command_arguments(state, head, args, remembered or {})
    except DealerAssistError:  # what was typed so far cannot be read: nothing to offer
        return []


def _hand_arguments(state: State, ref: n.HandRef, args: list[str]) -> list[Argument]:
    shared = hand_words(ref, args, hand_actions(state, ref) if not args else [], lambda make: _cards(state, make))
    if shared is not None:
        return shared
    action = n.JA_ACTIONS.get(args[0], args[0].lower())
    if action == "foresight" and len(args) in (1, 2):  # brackets are optional: open faces and JK
        before = tuple(n.parse_card(word) for word in args[1:])
        return _cards(state, lambda c: n.Foresight(ref, (*before, c)), (*RANKS, "JK"))
    return []


def _command_arguments(state: State, head: str, args: list[str], remembered: dict[int, int]) -> list[Argument]:
    phase = state.phase
    if head == "quest" and not args:
        return [Argument(d, "complete.difficulty", {"difficulty": Term(f"difficulty.{d}")})  # 「難易度 Extreme」
                for d in n.DIFFICULTIES if can(state, n.Quest(d))]  # fmt: skip
    if head == "skill" and phase is Phase.SETUP:
        if not args:
            return [Argument(name, "help.short.skill", {}) for name in n.SKILL_KINDS]
        if len(args) == 1 and n.SKILL_KINDS.get(args[0].lower()) == "bool":
            return [Argument(word, "help.short.skill", {}) for word in ("on", "off")]
        return []
    if head == "rule" and phase is Phase.SETUP and not args:
        return [Argument(name, "help.short.rule", {}) for name in n.RULE_KINDS]
    if head == "seat" and phase is Phase.SETUP and not args:
        return [Argument(str(b), "complete.free_box", {}) for b in range(1, 8) if b not in state.boxes]
    if head == "bet":
        if not args:  # the boxes still without a bet line (a bet is replaced by naming the box)
            game = state.game
            waiting = (game.late_bets if phase is Phase.LATE_BETS else game.bets) if game is not None else {}
            return [_box_argument(state, b) for b, seat in state.boxes.items()
                    if not seat.bankrupt and b not in waiting and can(state, n.Bet(b, None))]  # fmt: skip
        if len(args) == 1:
            box = n.parse_box(args[0])
            game = state.game
            last = game.bets.get(box) if game is not None else None
            return bet_amounts(state, box, last or remembered.get(box))
        return []
    if head == "deal":
        before = tuple(n.parse_card(word) for word in args)
        return _cards(state, lambda c: n.Deal((*before, c)))
    if head == "sr":
        return listed(args, state.boxes, lambda boxes: can(state, n.SurrenderCall(boxes)),
                      lambda box: _box_argument(state, box))  # fmt: skip
    if head == "yellow" and not args:
        return [_box_argument(state, b) for b in state.boxes if can(state, n.Yellow(b))]
    if head == "lock" and not args:
        return [Argument("none", "help.short.lock", {})] if can(state, n.Lock(None)) else []
    if head == "redistribute" and not args:
        probe = redistribution_as_is(state)
        if probe is None or not can(state, probe):
            return []
        return [Argument(" ".join(f"{b}={a}" for b, a in probe.shares), "complete.redistribute", {})]
    makers: dict[str, Callable[[Card], n.Command]] = {
        "peek": n.Peek, "reveal": n.Reveal, "next": n.Next, "dealer": n.DealerCard,
    }  # fmt: skip
    if head in makers and not args:
        return _cards(state, makers[head])
    return []


def last_bets(events: list[dict]) -> dict[int, int]:
    """Each box's latest bet with an amount, from the stored ``Bet`` events (newest first):
    completion offers it first (``Screens.recall``)."""
    found: dict[int, int] = {}
    for data in events:
        try:
            box, amount = int(data["box"]), data["amount"]
        except (TypeError, ValueError, KeyError):
            continue
        if isinstance(amount, int) and amount > 0:
            found.setdefault(box, amount)
    return found


RECALL = Recall("Bet", last_bets)
