"""The message catalog: every sentence the tool shows, by key, per language.

Rulings and errors carry a key and values; the text is made here, so a Japanese catalog
can sit beside the English one (``CATALOGS["ja"]``) without touching the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

EN: dict[str, str] = {
    # notation
    "notation.card": "cannot read {got!r} as a card: expected A 2-9 T J Q K (10 = T) with an optional suit s/h/d/c, [..] for a closed card, JK for a joker, [?] for an unknown closed card",
    "notation.amount": "cannot read {got!r} as an amount: expected 5000, 5k or 1.2m",
    "notation.amount_whole": "{got!r} is not a whole number of points",
    "notation.number": "{what}: expected a number from {low} to {high}, got {got!r}",
    "notation.switch": "{what}: expected on or off, got {got!r}",
    "notation.usage": "expected: {usage}",
    "notation.rule_name": "unknown rule {got!r}: expected one of {names}",
    "notation.hand_action": "hand {hand}: expected ht CARD, st, dd CARD, sp, sr, foresight CARD [CARD] or a split hand's second card",
    "notation.unknown": "unknown command {got!r}: expected a command of NOTATION.md (quest, seat, game, bet, deal, peek, next, ...) or a hand (e.g. 3 ht 9)",
    "notation.empty": "empty command",
    # session
    "session.nothing_to_undo": "nothing to undo",
    "session.undo_here": "undo is handled by the session, not by the rules engine",
    "session.unknown": "no session named {name!r}",
    "session.exists": "a session named {name!r} already exists",
    "session.gap": "session {name!r} is damaged: event {expected} is missing (found {found})",
    "session.line": "line {line}: {error}",
    # what the tool expects next
    "expect.setup": "setup: quest, dice, seat ..., then game",
    "expect.between": "type game to start the next game",
    "expect.bets": "bets (bet BOX AMOUNT / bet BOX -), then deal; no bet line yet: {missing}",
    "expect.deal": "deal: next card to {to} (round {round})",
    "expect.surrender": "surrender call: sr BOX ..., then go (or peek)",
    "expect.check": "the dealer checks the hole card: peek [CARD]",
    "expect.late_bets": "bets after the back-bet deal; no bet line yet: {missing}",
    "expect.lock": "two-lock roll: lock with {dice} dice, or lock none",
    "expect.players": "box {hand} ({player}): {total} vs {up} - {actions}",
    "expect.split_card": "box {hand} ({player}): the split hand's second card ({hand} CARD)",
    "expect.reveal": "reveal the hole card: reveal [CARD]",
    "expect.dealer": "dealer has {total}: next CARD or next [?]",
    "expect.dealer_card": "the dealer drew a closed card: dealer CARD",
    "expect.over": "the quest is over ({status}, {reason})",
    "out_of_turn": "{command!r} is not possible now; expected: {expected}",
    "quest.over": "the quest is over ({status}); only note is accepted",
    # setup
    "setup.too_late": "{command} belongs to the setup, before the first game",
    "setup.quest": "difficulty {difficulty}: {dice} dealer dice",
    "setup.dice_count": "difficulty {difficulty} rolls {need} dealer dice, not {got}",
    "setup.dice_before_quest": "choose the difficulty (quest ...) before rolling the dealer's dice",
    "setup.hp_positive": "the dealer's HP must be above 0",
    "setup.need_quest": "choose the difficulty first (quest extreme|hard|normal|easy)",
    "setup.need_dice": "roll the dealer-skill dice first (dice ...)",
    "setup.need_seat": "seat at least one player first (seat BOX NAME POINTS)",
    "setup.split_range": "max_split_hands must be from 2 to 8",
    "game.in_progress": "the current game is not settled yet",
    "game.recovery_on": "game {game}: HP {hp:,} is below {line:,}: dealer recovery is ON for this game",
    "game.recovery_off": "game {game}: HP {hp:,}: dealer recovery is off for this game",
    # skills
    "skill.held": "dealer skill {face} ({name})",
    "skill.aggravated": "dealer skill {face} ({name}), aggravated (rolled twice)",
    "skill.name.1": "forced push",
    "skill.name.2": "bet cap",
    "skill.name.3": "two-lock",
    "skill.name.4": "time bomb",
    "skill.name.5": "bust penalty",
    "skill.name.6": "long second half",
    "skill.burst_stream": "a triple: Burst Stream - if the dealer busts and still has HP after settlement, the quest fails",
    "skill.streak": "box {box} lost this game: {streak} in a row",
    "skill.streak_reset": "box {box} avoided a loss: its losing streak is reset",
    # bets and boxes
    "bet.no_player": "nobody is seated at box {box}",
    "bet.bankrupt": "box {box} is bankrupt ({points:,} P) and cannot bet",
    "bet.minimum": "a bet of {amount:,} P is below the minimum of {minimum:,} P",
    "bet.digits": "{amount:,} P has more than two significant digits (e.g. 49000 is valid, 49500 is not)",
    "bet.cap": "{amount:,} P is above the dealer's bet cap of {cap:,} P (DSK-2)",
    "bet.over_points": "box {box} bets {amount:,} P but holds only {points:,} P",
    "bet.placed": "box {box} bets {amount:,} P",
    "bet.none": "box {box}: no bet",
    "bet.replaced": "box {box}: the earlier bet ({old}) is replaced",
    "bet.window_closed": "the bet window is closed; expected: {expected}",
    "bet.window_closed_nobet": "box {box} has no bet when the window closes: it plays no bet (dealt two burned cards)",
    "box.bankrupt": "box {box} holds {points:,} P: bankrupt",
    "box.bankrupt_seated": "box {box} is seated with {points:,} P: bankrupt from the start",
    "box.left": "box {box} is bankrupt and leaves for the rest of the quest",
    # cards and the deal
    "card.unknown_here": "[?] is only for the dealer's hole card or next [?]: a player's card is shown face up",
    "card.eighth_joker": "the shoe holds exactly seven jokers: this would be an eighth",
    "deal.too_many": "the deal is complete: too many cards",
    "deal.first_face_needed": "the dealer's first card is always shown face up: give its face (e.g. [K])",
    "deal.burned": "burned cards for box(es) {boxes} (bankrupt or no bet)",
    "deal.dealer_open": "the dealer's two cards are both face up: {cards}",
    "deal.open_blackjack": "open blackjack: no play; every hand that is not a blackjack loses",
    "deal.check_needed": "the dealer shows {up}: the dealer checks the hole card (peek)",
    "check.not_needed": "no check is needed: the dealer does not show an ace or a ten-value card over a closed hole card",
    "check.blackjack": "the dealer has blackjack: every hand that is not a blackjack loses",
    "check.no_blackjack": "the dealer does not have blackjack",
    "shoe.empty": "the shoe is empty: type empty (the quest fails, END-F2)",
    "shoe.empty_in_game": "empty is reported during a game",
    "shoe.known_top": "the top card of the shoe is known to be {known}; {card} cannot be it",
    "shoe.report_empty": "a card must be drawn and the shoe is empty",
    # hands
    "hand.unknown": "there is no hand {hand} in this game",
    "hand.locked": "hand {hand} is locked by the two-lock and stands this game",
    "hand.nobet": "box {hand} has no bet this game",
    "hand.finished": "hand {hand} has already finished ({outcome})",
    "hand.not_turn": "it is hand {current}'s turn, not {hand}'s",
    "hand.no_split_card": "hand {hand} is not a split hand waiting for its second card",
    "hand.split_card_first": "hand {hand} needs its second card first ({hand} CARD)",
    "hand.blackjack": "box {hand}: blackjack",
    "hand.bust": "hand {hand} busts with {total}",
    "hand.twenty_one": "hand {hand} reaches 21 and stands",
    "hand.hit": "hand {hand} hits: {card}, total {total}",
    "hand.stand": "hand {hand} stands on {total}",
    "hand.double": "hand {hand} doubles to {bet:,} P: {card}, total {total}",
    "hand.double_when": "hand {hand} may double only on its first two cards, unsplit, before any other action",
    "hand.split": "hand {hand} splits: {new} is a new hand with {bet:,} P",
    "hand.split_card": "hand {hand} receives {card}: {total}",
    "hand.split_aces_stand": "split aces: hand {hand} stands with one card",
    "hand.split_when": "hand {hand} may split only with exactly two cards, before any other action",
    "hand.split_values": "hand {hand}: the two cards are not of equal value",
    "hand.split_aces_again": "hand {hand}: split aces are not split again",
    "hand.split_limit": "box {hand} already has {limit} hands (the split limit)",
    "hand.stake": "hand {hand}: {action} would put the box's stake at {stake:,} P, above its {points:,} P",
    # surrender
    "surrender.call_open": "the dealer shows an ace: each box says surrender or no surrender (sr BOX ..., then go)",
    "surrender.call_open_bj": "open blackjack: with the surrender skill each box may surrender (sr BOX ..., then go)",
    "surrender.call_closed": "surrender call closed; surrendered: {boxes}",
    "surrender.done": "box {box} surrenders (half of {bet:,} P is lost)",
    "surrender.twice": "box {box} is named twice",
    "surrender.no_bet": "box {box} has no bet this game",
    "surrender.finished": "box {box}'s hand has already finished",
    "surrender.blackjack": "box {box} holds a blackjack, which is always paid 2.5x: it does not surrender",
    "surrender.late": "hand {hand} surrenders (half of {bet:,} P is lost)",
    "surrender.late_off": "late surrender is switched off for this quest",
    "surrender.late_when": "hand {hand} may surrender only on its first two cards, unsplit, before any other action",
    # lock
    "lock.roll": "two-lock: roll {dice} dice (lock D D ...), or lock none if it was forgotten",
    "lock.after_call": "the surrender call comes before the two-lock roll: close it first (go)",
    "lock.dice_count": "the two-lock rolls {need} dice here, not {got}",
    "lock.locked": "lock {dice}: boxes locked: {boxes}",
    "lock.misdeal": "no lock roll: misdeal recorded, the game goes on without a lock",
    # the dealer
    "draw.hit": "dealer {total}, top card {card}: HIT",
    "draw.stand": "dealer {total}, top card {card}: STAND",
    "draw.hit_closed": "dealer {total}, top card closed: HIT",
    "draw.stand_closed": "dealer {total}, top card closed: STAND",
    "dealer.reveal": "hole card {card}: dealer {total}",
    "dealer.hole_face_needed": "the hole card's face is not known yet: give it (e.g. reveal 9)",
    "dealer.hole_mismatch": "{card} contradicts the hole card dealt as {hole}",
    "dealer.card_face_needed": "give the face of the card the dealer drew",
    "dealer.draws": "dealer draws {card}: {total}",
    "dealer.no_draw": "no hand is left to compare: the dealer does not draw",
    "dealer.bust": "the dealer busts with {total}",
    "dealer.hard21": "the dealer has hard 21: the dealer's turn ends",
    # jokers
    "joker.players": "a joker in hand {hand}: number {number} in the players' view ({phase}): Lv.{level}",
    "joker.dealer": "dealer's joker: number {number} in the dealer's view ({phase}): Lv.{level}",
    "joker.stands": "the ruling made when the dealer saw this joker stands (Lv.{level})",
    "joker.ace": "the joker in hand {hand} counts as an ace of any suit",
    "joker.ace_dealer": "the dealer's joker counts as an ace of any suit",
    "joker.hand_loses": "hand {hand} holds a joker: it loses at once",
    "joker.box_bankrupt": "box {box} holds a Lv.3 joker: bankrupt at once; its bet is lost and its other points are forfeited",
    "joker.burned_lv3": "a Lv.3 joker on burned box(es) {boxes}",
    "joker.blackjacks_first": "the blackjacks on the table are paid before the dealer's joker takes effect",
    "joker.dealer_lv1": "the dealer's Lv.1 joker: every hand except blackjacks loses",
    "joker.seen_foresight": "future sight turns over a joker: number {number} in the players' view",
    # guild
    "guild.under": "hand {hand} stands with {cards} cards: Under Bonus {ratio}x",
    "guild.mp_gain": "hand {hand} paid 2.5x or more: +1 MP ({mp} MP)",
    "guild.mp_short": "{skill} costs {cost} MP; the guild holds {mp} MP",
    "guild.redistribute_when": "point redistribution is declared in the bet window",
    "guild.redistribute_none": "no point redistribution is left in this quest",
    "guild.redistribute_after_backbet": "point redistribution cannot follow a back-bet attack in the same game",
    "guild.redistribute_twice": "a box is named twice",
    "guild.redistribute_bankrupt": "box {box} is bankrupt and receives nothing",
    "guild.redistribute_missing": "every occupied box must be listed: box {box} is missing",
    "guild.redistribute_total": "the shares add up to {given:,} P; the pool is {pool:,} P",
    "guild.redistributed": "points redistributed ({pool:,} P pooled); {left} use(s) left",
    "guild.backbet": "back-bet attack: the deal comes first, the bets after it ({mp} MP left)",
    "guild.backbet_when": "the back-bet attack is declared in the bet window, before the deal",
    "guild.backbet_twice": "the back-bet attack is already declared",
    "guild.backbet_after_bets": "declare the back-bet attack before any bet",
    "guild.backbet_dealt": "back-bet deal complete",
    "guild.bets_after_deal": "after a back-bet attack the deal comes first; the bets follow it",
    "guild.bets_now": "the bets are placed now (bet BOX AMOUNT / bet BOX -)",
    "guild.bets_closed": "the bets after the back-bet deal are closed",
    "guild.foresight": "future sight for hand {hand}: top card {top}, under it {under} ({mp} MP left)",
    "guild.foresight_unknown": "future sight shows the faces: give them",
    "guild.foresight_second_open": "the second card is shown only when it is open, and a joker is never open",
    # time
    "time.up": "time is up: hands {hands} stand",
    "time.ran_out": "the {clock} time is up (TIME-1)",
    "time.foresight_extra": "the action time grows by {seconds} s",
    "time.stands_after_card": "time is up: hand {hand} stands with its second card",
    "yellow.card": "yellow card for {player} (box {box}): {count}",
    "yellow.leave": "{player} has two yellow cards and must leave; box(es) {boxes} are played by {by}",
    "yellow.no_player": "nobody is seated at box {box}",
    "yellow.already_left": "{player} has already left the table",
    "yellow.in_game": "a yellow card is given during a game",
    # settlement and the end
    "settle.start": "settlement of game {game}, in the order A to E",
    "settle.push": "hand {hand} pushes",
    "settle.forced_push": "hand {hand}: forced push (paid 1x, no damage)",
    "settle.heal": "the dealer recovers {amount:,} HP from {collected:,} P of losing bets (HP {hp:,})",
    "announce": "dealer HP {hp:,}: announced as {announce:,} P or less",
    "end.success": "the dealer's HP is 0: QUEST SUCCESS - reward: {reward}",
    "end.pay_blackjacks_first": "the blackjacks already dealt are paid first; nothing else of this game is settled",
    "end.failure.below_threshold": "every box holds less than 1% of the dealer's HP ({threshold:,} P): QUEST FAILED",
    "end.failure.shoe_empty": "the shoe is empty: QUEST FAILED",
    "end.failure.joker": "the joker ends the quest: QUEST FAILED",
    "end.burst_stream": "Burst Stream: the dealer busted and still has HP after the settlement",
    "end.failure.burst_stream": "Burst Stream ends the quest: QUEST FAILED",
    # cli
    "cli.saved": "session {name!r} is stored; resume it with: dealer-assist play --session {name}",
}

CATALOGS: dict[str, dict[str, str]] = {"en": EN}


@dataclass(frozen=True, slots=True)
class Term:
    """A value that is itself a catalog entry (a skill's name), translated with the sentence."""

    key: str


def text(key: str, lang: str = "en", **params: Any) -> str:
    catalog = CATALOGS.get(lang, EN)
    params = {k: text(v.key, lang) if isinstance(v, Term) else v for k, v in params.items()}
    template = catalog.get(key) or EN.get(key)
    if template is None:
        return key + (" " + repr(params) if params else "")
    try:
        return template.format(**params)
    except (KeyError, ValueError, IndexError):
        return template + " " + repr(params)
