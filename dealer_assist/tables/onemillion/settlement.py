"""SET — settlement in the order A → E, with HEAL (recovery) and the damage rules.

``settle`` runs by itself when the dealer's turn ends or the game ends early; it fills
each hand's result and the game's ledger, then hands over to ``end.after_settlement``.
"""

from __future__ import annotations

from fractions import Fraction
from math import floor

from dealer_assist.cards import Total, total
from dealer_assist.tables.onemillion import end, guild, hole, skills
from dealer_assist.tables.onemillion.state import PHASE, Hand
from dealer_assist.tables.onemillion.step import Step

RATIOS: dict[str, Fraction] = {
    "blackjack": Fraction(5, 2),  # BASE-2
    "win": Fraction(2),
    "push": Fraction(1),
    "forced_push": Fraction(1),  # DSK-1
    "surrender": Fraction(1, 2),  # SURR-4
    "lose": Fraction(0),
    "bust": Fraction(0),
    "joker": Fraction(0),
}
LOSSES = ("lose", "bust", "joker")
_COLLECTED = frozenset({*LOSSES, "surrender"})  # the results SET-C collects from
_DAMAGE_FROM = Fraction(3, 2)  # SET-1: a payout of 1.5x or more deals damage
_MP_FROM = Fraction(5, 2)  # GUILD-5: a blackjack's payout gains MP


def ledger_order(hands: list[Hand]) -> list[Hand]:
    """Box order, split hands by letter (NOTATION: within a step)."""
    return sorted(hands, key=lambda h: (h.box, h.letter or ""))


def _entry(t: Step, step: str, hand: str | None, *, points: int = 0, damage: int = 0,
           heal: int = 0, rule: str) -> None:  # fmt: skip
    t.game.ledger.append(
        {"step": step, "hand": hand, "points": points, "damage": damage, "heal": heal,
         "hp": t.state.hp, "rule": rule}
    )  # fmt: skip


def showdown(t: Step, hand: Hand, dealer: Total | None = None) -> tuple[str, Fraction]:
    """The result of one hand (BASE-2, BASE-6…8, DSK-1, GUILD-2, JK-7); ``dealer``: the
    dealer's total, when the caller has it (``settle`` counts it once for every hand)."""
    game = t.game
    if hand.nobet:
        return "nobet", Fraction(0)
    if hand.outcome == "blackjack":
        return "blackjack", RATIOS["blackjack"]
    if hand.outcome in ("surrender", "bust", "joker"):
        return hand.outcome, RATIOS[hand.outcome]
    if game.dealer_joker_loss:
        return "joker", RATIOS["joker"]  # JK-4 Lv.1, JK-7: lost to a joker (Under Bonus included)
    if game.dealer_blackjack:
        return "lose", RATIOS["lose"]  # BASE-6, BASE-7
    if hand.outcome == "under":
        return "under", guild.under_ratio(hand)
    if dealer is None:
        dealer = game_total(t)
    mine = hand.total().value
    if dealer.bust or mine > dealer.value:
        if skills.forced_push(t.state, game):
            return "forced_push", RATIOS["forced_push"]
        return "win", RATIOS["win"]
    if mine == dealer.value:
        return "push", RATIOS["push"]
    return "lose", RATIOS["lose"]


def game_total(t: Step) -> Total:
    return total(t.game.dealer)


def winnings(bet: int, ratio: Fraction) -> int:
    """SET-4: every amount paid is rounded down (``floor(bet * (ratio - 1))`` in integers)."""
    return bet * (ratio.numerator - ratio.denominator) // ratio.denominator


# a payout ratio met (a hand's float) -> (its numerator, its denominator, damage?, MP?)
_EXACT: dict[float, tuple[int, int, bool, bool]] = {}


def _exact(ratio: float) -> tuple[int, int, bool, bool]:
    """A hand's payout ratio as the fraction it was made from, and whether it deals damage
    (SET-1) and gains MP (GUILD-5) (the few ratios met are kept)."""
    exact = _EXACT.get(ratio)
    if exact is None:
        fraction = Fraction(ratio).limit_denominator(1000)
        exact = (fraction.numerator, fraction.denominator, fraction >= _DAMAGE_FROM, fraction >= _MP_FROM)
        if len(_EXACT) < 256:
            _EXACT[ratio] = exact
    return exact


_FLOATS = {result: float(ratio) for result, ratio in RATIOS.items()}  # a result's ratio, as a hand keeps it


def pay(t: Step, hand: Hand, *, step: str, rule: str) -> None:
    """Pay a hand (SET-A, SET-B, SET-E) and deal its damage (SET-1, SET-3); GUILD-5 MP."""
    state = t.state
    assert hand.ratio is not None
    numerator, denominator, damages, gains_mp = _exact(hand.ratio)
    amount = hand.bet * (numerator - denominator) // denominator  # ``winnings``, SET-4
    t.own_boxes()[hand.box].points += amount
    damage = min(amount, state.hp) if damages else 0
    state.hp -= damage
    hand.paid = True
    t.game.ledger.append({"step": step, "hand": hand.label, "points": amount, "damage": damage, "heal": 0,
                          "hp": state.hp, "rule": rule})  # ``_entry``, written out  # fmt: skip
    if gains_mp:
        guild.gain_mp(t, hand)
    if damage and state.hp == 0:
        end.hp_zero(t)


def pay_blackjacks(t: Step) -> None:
    """SET-A: each player blackjack wins 1.5× its bet (also run early: JK-7, END-1).

    A blackjack dealt in a back-bet deal is paid only once its box has bet (GUILD-4)."""
    _pay_blackjacks(t, ledger_order(t.game.hands))


def _pay_blackjacks(t: Step, hands: list[Hand]) -> None:
    """``pay_blackjacks`` of ``hands`` in ledger order (``settle`` has them sorted)."""
    for hand in hands:
        if hand.outcome == "blackjack" and not hand.nobet and not hand.paid and hand.bet > 0:
            hand.result, hand.ratio = "blackjack", _FLOATS["blackjack"]
            pay(t, hand, step="A", rule="SET-A")


def settle(t: Step) -> None:
    state, game = t.state, t.game
    t.own_boxes()  # settlement changes the boxes' points, streaks and bankruptcies
    hole.show_if_seen(t)
    hands = ledger_order(game.hands)
    dealer = game_total(t)  # the dealer's cards do not change while the hands are judged
    for hand in hands:
        if hand.paid:
            continue
        result, ratio = showdown(t, hand, dealer)
        hand.result = result
        if result == "nobet":
            hand.ratio = None
        elif ratio is RATIOS.get(result):  # the result's own ratio (not the Under Bonus's)
            hand.ratio = _FLOATS[result]
        else:
            hand.ratio = float(ratio)
    t.rule(_first_step(t, hands), "settle.start", game=game.number)

    _pay_blackjacks(t, hands)  # SET-A (the game's hands, in ledger order)
    for hand in hands:  # SET-B
        if hand.result == "under" and not hand.paid:
            pay(t, hand, step="B", rule="SET-B")

    healable = 0  # SET-C
    bombs = skills.time_bomb(t)
    by_box: dict[int, list[Hand]] = {}
    for hand in hands:  # box order already (``ledger_order``)
        by_box.setdefault(hand.box, []).append(hand)
    for box, own in by_box.items():
        stakes = [stake(h) for h in own]
        reserved = sum(stakes)  # DSK-5: the box's stakes come before its penalties
        for hand, owed in zip(own, stakes):
            reserved -= owed
            healable += _collect(t, hand, reserved, owed)
        for reason in ("JK-4", "DSK-4"):
            if (reason == "JK-4" and box in game.forfeits) or (reason == "DSK-4" and box in bombs):
                _forfeit(t, box, rule=reason)
                break

    _heal(t, healable)  # SET-D
    for hand in hands:  # SET-E
        if hand.result == "win":
            pay(t, hand, step="E", rule="SET-E")
        elif hand.result in ("push", "forced_push"):
            t.rule("DSK-1" if hand.result == "forced_push" else "BASE-8", f"settle.{hand.result}",
                   hand=hand.label)  # fmt: skip
    for number, box in state.boxes.items():  # BOX-1
        if not box.bankrupt and box.points < state.config.min_bet:
            box.bankrupt = True
            t.rule("BOX-1", "box.bankrupt", box=number, points=box.points)
    game.settled = True
    state.phase = PHASE.BETWEEN
    end.after_settlement(t)


def stake(hand: Hand) -> int:
    """What SET-C collects of a hand: a losing bet, or a surrender's half (SURR-4, SET-4)."""
    if hand.result in LOSSES:
        return hand.bet
    if hand.result == "surrender":
        return floor(hand.bet / 2)
    return 0


def _first_step(t: Step, hands: list[Hand]) -> str:
    """The clause of the first settlement step that moves anything (SET-E when none does)."""
    results = {h.result for h in hands if not h.paid}
    if "blackjack" in results:
        return "SET-A"
    if "under" in results:
        return "SET-B"
    if results & {*LOSSES, "surrender"} or t.game.forfeits:
        return "SET-C"
    return "SET-E"


def _collect(t: Step, hand: Hand, reserved: int, owed: int) -> int:
    """SET-C for one hand: its losing bet (and DSK-5 penalty). Returns what recovery may use.

    ``reserved`` is what the box's later hands still owe at SET-C: a bust penalty takes at
    most what the box has left beyond it (DSK-5). ``owed``: the hand's ``stake``."""
    if hand.result not in _COLLECTED:
        return 0  # nothing to collect (a win, a push, a blackjack, no bet): no entry
    box = t.state.boxes[hand.box]
    amount = min(owed, box.points)  # SET-5: never below 0 P
    if hand.result in LOSSES:
        box.points -= amount
        _entry(t, "C", hand.label, points=-amount, rule="SET-C")
        if hand.result == "bust":
            penalty = skills.bust_penalty(t.state, max(box.points - reserved, 0))
            if penalty:
                box.points -= penalty
                _entry(t, "C", hand.label, points=-penalty, rule="DSK-5")
        return amount
    if hand.result == "surrender":
        box.points -= amount
        _entry(t, "C", hand.label, points=-amount, rule="SURR-4")
    return 0


def _forfeit(t: Step, number: int, *, rule: str) -> None:
    """JK-4 Lv.3 / DSK-4: the rest of the box's points are forfeited, never healed."""
    box = t.state.boxes[number]
    box.bankrupt = True
    box.left = True
    if box.points:
        amount = box.points
        box.points = 0
        _entry(t, "C", str(number), points=-amount, rule=rule)
    t.rule("BOX-3", "box.left", box=number)


def _heal(t: Step, healable: int) -> None:
    """SET-D / HEAL-2: recovery by the collected losing bets, never above the cap."""
    state, game = t.state, t.game
    cap = state.config.heal_cap
    if not game.recovery or healable <= 0 or state.hp <= 0 or state.hp >= cap:
        return
    amount = min(healable, cap - state.hp)
    state.hp += amount
    rule = "HEAL-2" if amount < healable else "SET-D"
    _entry(t, "D", None, heal=amount, rule=rule)
    t.rule(rule, "settle.heal", amount=amount, collected=healable, hp=state.hp)
