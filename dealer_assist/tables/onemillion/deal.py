"""The deal (CARD-2…4, BOX-2), the dealer's check (BASE-6) and the two-lock roll (DSK-3)."""

from __future__ import annotations

from dealer_assist.tables.onemillion import notation as n
from dealer_assist.cards import JOKER, UNKNOWN, Card, is_blackjack
from dealer_assist.tables.onemillion import flow, hole, jokers, settlement, shoe, skills
from dealer_assist.tables.onemillion.state import DEALER, PHASE, Hand
from dealer_assist.tables.onemillion.step import Step
from dealer_assist.i18n_values import Numbers


def begin(t: Step) -> None:
    """The bet window closes (BET-1) and the deal order is fixed: seated boxes, dealer, twice."""
    state, game = t.state, t.game
    seated = sorted(state.boxes)
    if not game.backbet:
        for number in seated:
            if number not in game.bets and not state.boxes[number].bankrupt:
                game.bets[number] = None
                t.rule("BET-1", "bet.window_closed_nobet", box=number)
    game.hands = []
    for number in seated:
        box = state.boxes[number]
        bet = game.bets.get(number)
        if game.backbet:
            nobet = box.bankrupt
        else:
            nobet = box.bankrupt or bet is None
        game.hands.append(Hand(box=number, bet=0 if nobet or bet is None else bet, nobet=nobet))
    game.recipients = [*seated, DEALER, *seated, DEALER]
    game.dealt = 0
    state.phase = PHASE.DEAL


def deal(t: Step, cmd: n.Deal) -> None:
    state, game = t.state, t.game
    if state.phase is PHASE.BETS:
        begin(t)
    recipients = game.recipients  # fixed by ``begin`` for the whole deal
    count = len(recipients)
    for card in cmd.cards:
        dealt = game.dealt
        if dealt >= count:
            t.refuse("CARD-4", "deal.too_many", extra=len(cmd.cards))
        to = recipients[dealt]
        game.dealt = dealt + 1
        if to == DEALER:
            _dealer_card(t, card, first=dealt < count // 2)
        else:
            box = int(to)
            for hand in game.hands:  # the box's first hand (``hands_of(box)[0]``)
                if hand.box == box:
                    break
            else:
                raise IndexError(box)  # pragma: no cover - ``begin`` gives every seated box a hand
            _box_card(t, hand, card)
    if game.dealt == count:
        flow.end_of_deal(t)


def _box_card(t: Step, hand: Hand, card: Card) -> None:
    """CARD-2: every card dealt to a player is shown face up (BOX-2: burned boxes too)."""
    if card.rank == UNKNOWN:
        t.refuse("CARD-2", "card.unknown_here")
    card, sighting = shoe.take(t, card)
    hand.cards.append(card)
    if card.rank == JOKER:
        sighting = jokers.sight(t, sighting, where=hand.label, public=True)
        jokers.on_box_card(t, hand, sighting)
    if len(hand.cards) == 2:  # ``flow.dealt_blackjack``: only a second card can make one
        flow.dealt_blackjack(t, hand)


def _dealer_card(t: Step, card: Card, *, first: bool) -> None:
    game = t.game
    if first:
        if card.is_unknown:
            t.refuse("CARD-3", "deal.first_face_needed")  # CARD-3: always shown face up
        card, sighting = shoe.take(t, card)
        game.dealer.append(card)
        if card.is_joker:
            game.deal_jokers.append(jokers.sight(t, sighting, where="dealer", public=True))
        return
    state = t.state
    if state.known_top:  # a card known on top of the shoe: it must be that one
        card, sighting = shoe.take(t, card)
        game.dealer.append(card)
        if card.closed:  # turned face up by future sight: not a hidden hole card
            game.hole_seen = game.hole_shown = True
        if card.is_joker:  # a joker turned by future sight: seen at the deal (JK-6)
            assert sighting is not None
            game.deal_jokers.append(sighting)
        return
    if card.closed:  # CARD-4: the hole card stays face down ([?] allowed)
        if state.shoe_left is not None and state.shoe_left <= 0:
            t.refuse("DRAW-6", "shoe.empty")
        if card.is_joker:
            jokers.check_new_joker(t)
        if state.shoe_left is not None:
            state.shoe_left -= 1
        game.dealer.append(card)
        return
    card, _ = shoe.take(t, card)  # CARD-4: an open second card lies face up
    game.dealer.append(card)


def peek(t: Step, cmd: n.Peek) -> None:
    """BASE-6: the dealer checks the hole card for blackjack; JK-6 for a joker."""
    game = t.game
    if game.call == "SURR-1":
        flow.close_call(t)
    assert game.hole is not None
    card = hole.face(t, game.hole, cmd.card, clause="BASE-6")
    game.dealer[1] = card
    game.hole_seen = True
    if card.is_joker:
        sighting = jokers.sight(t, None, where="dealer", public=False, hole=True)
        game.hole_joker = sighting
        if not flow.dealer_joker(t, sighting):
            return
    if is_blackjack(game.dealer):
        game.dealer_blackjack = True
        t.rule("BASE-6", "check.blackjack")
        hole.show(t)  # the dealer shows the blackjack (a joker in it was ruled at the check)
        if game.backbet:
            flow.after_check(t)
            return
        settlement.settle(t)
        return
    t.rule("BASE-6", "check.no_blackjack")
    flow.after_check(t)


def lock(t: Step, cmd: n.Lock) -> None:
    """DSK-3: the boxes the dice name stand this game without acting."""
    state, game = t.state, t.game
    if cmd.dice is None:
        t.rule("DSK-3", "lock.misdeal")
        flow.start_players(t)
        return
    need = skills.lock_dice(state)
    if len(cmd.dice) != need:
        t.refuse("DSK-3", "lock.dice_count", need=need, got=len(cmd.dice))
    named = skills.locked_boxes(state, cmd.dice)
    locked = []
    for number in named:
        box = state.boxes.get(number)
        hands = [h for h in game.hands_of(number) if not h.nobet]
        if box is None or box.bankrupt or not hands:
            continue
        locked.append(number)
        for hand in hands:
            hand.locked = True
            if not hand.done:
                flow.stand(t, hand)
    game.lock = locked
    t.rule("DSK-3", "lock.locked", dice=" ".join(map(str, cmd.dice)),
           boxes=Numbers(tuple(locked)))  # fmt: skip
    flow.start_players(t)
