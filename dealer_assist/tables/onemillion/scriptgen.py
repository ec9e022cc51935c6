"""Random *legal* session scripts, played against the engine from a simulated shoe.

Used by the property tests and the benchmark. The generator holds a real shoe (half of its
cards open, up to seven jokers among the closed ones), so every card it types is one the
table could have produced; each command is checked with ``engine.can`` before it is used.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from dealer_assist.tables.onemillion import notation as n
from dealer_assist.cards import JOKER, RANKS, Card
from dealer_assist.tables.onemillion import Phase, Session, can
from dealer_assist.tables.onemillion.skills import DICE_BY_DIFFICULTY, bet_cap, lock_dice
from dealer_assist.tables.onemillion.state import DEALER
from dealer_assist.errors import DealerAssistError


@dataclass(slots=True)
class Options:
    games: int = 20
    hp: int | None = None  # None: random
    points: tuple[int, int] = (20_000, 300_000)
    jokers: bool = True  # jokers in the shoe, with random effect levels
    skills: bool = True  # random dealer dice and guild skills
    extras: bool = True  # yellow cards, notes, future sight, back-bets, redistribution
    bet_max: int | None = None  # None: up to the box's points
    empty: bool = True  # with extras: the shoe may run out now and then (END-F2 ends the quest)


class Shoe:
    """An endless shoe: random cards, about half open; jokers only among the closed ones."""

    def __init__(self, rng: random.Random, jokers: int) -> None:
        self.rng = rng
        self.cards: list[Card] = []
        self.jokers_left = jokers

    def _new(self) -> Card:
        closed = self.rng.random() < 0.5
        if closed and self.jokers_left and self.rng.random() < 0.03:
            self.jokers_left -= 1
            return Card(JOKER, None, True)
        return Card(self.rng.choice(RANKS), None, closed)

    def peek(self, depth: int = 0) -> Card:
        while len(self.cards) <= depth:
            self.cards.append(self._new())
        return self.cards[depth]

    def draw(self) -> Card:
        card = self.peek()
        self.cards.pop(0)
        return card


def _two_digits(rng: random.Random, low: int, high: int) -> int | None:
    """A random bet with at most two significant digits in [low, high] (BET-3)."""
    if high < low:
        return None
    for _ in range(20):
        value = rng.randint(low, high)
        digits = len(str(value))
        scale = 10 ** max(0, digits - 2)
        value = value // scale * scale
        if low <= value <= high:
            return value
    return low if low <= high else None


class Generator:
    def __init__(self, seed: int, options: Options | None = None) -> None:
        self.rng = random.Random(seed)
        self.options = options or Options()
        self.session = Session()
        self.lines: list[str] = []
        self.shoe = Shoe(self.rng, 7 if self.options.jokers else 0)

    # -- the one way a line gets in

    def emit(self, text: str) -> bool:
        cmds = n.parse_line(text)
        try:
            self.session.submit_all(cmds)
        except DealerAssistError:  # refused: anything else is an engine bug and propagates
            return False
        self.lines.append(text)
        return True

    def must(self, text: str) -> None:
        if not self.emit(text):  # pragma: no cover - a generator bug
            cmds = n.parse_line(text)
            self.session.submit_all(cmds)  # raise the real error

    def ok(self, text: str) -> bool:
        return all(can(self.session.state, c) for c in n.parse_line(text))

    # -- the script

    def run(self) -> list[str]:
        self.setup()
        while not self.session.state.over:
            state = self.session.state
            if state.phase is Phase.BETWEEN and state.games >= self.options.games:
                break
            self.move()
        return self.lines

    def setup(self) -> None:
        rng, o = self.rng, self.options
        difficulty = rng.choice(list(DICE_BY_DIFFICULTY)) if o.skills else "easy"
        self.must(f"quest {difficulty}")
        if o.skills:
            dice = [rng.randint(1, 6) for _ in range(DICE_BY_DIFFICULTY[difficulty])]
        else:
            dice = [6] * DICE_BY_DIFFICULTY[difficulty]
        self.must("dice " + " ".join(map(str, dice)))
        hp = o.hp if o.hp is not None else rng.choice([200_000, 600_000, 1_000_000, 2_000_000])
        self.must(f"hp {hp}")
        boxes = sorted(rng.sample(range(1, 8), rng.randint(1, 7)))
        names = ["aki", "ben", "chika", "dai", "emi"]
        for i, box in enumerate(boxes):
            points = rng.randint(*o.points) if rng.random() > 0.05 else rng.randint(0, 9)
            self.must(f"seat {box} {names[i % len(names)]} {points}")
        if o.skills:
            self.must(f"skill surrender {rng.randint(0, 2)}")
            self.must(f"skill under {rng.choice(['on', 'off'])}")
            self.must(f"skill redistribute {rng.randint(0, 2)}")
            self.must(f"skill mp {rng.randint(0, 4)}")
        if o.jokers:
            self.must(f"jk {rng.randint(0, 3)} {rng.randint(0, 3)}")
        else:
            self.must("jk 0 0")
        if rng.random() < 0.2:
            self.must(f"rule max_split_hands {rng.randint(2, 4)}")

    def move(self) -> None:
        state = self.session.state
        rng = self.rng
        if self.options.extras and state.phase not in (Phase.SETUP, Phase.BETWEEN) and rng.random() < 0.01:
            box = rng.choice(sorted(state.boxes))
            if self.emit(f"yellow {box}"):
                return
        if self.options.extras and rng.random() < 0.005:
            self.must("note a note from the table, it changes nothing")
            return
        if (self.options.extras and self.options.empty and state.phase not in (Phase.SETUP, Phase.BETWEEN)
                and rng.random() < 0.002):  # fmt: skip
            self.must("empty")  # the shoe ran out (END-F2): blackjacks already dealt are paid (END-1)
            return
        handler = getattr(self, f"on_{state.phase.value}")
        handler()

    def card_text(self, card: Card, *, hole: bool = False) -> str:
        if card.is_joker:
            return "[JK]"
        if hole and self.rng.random() < 0.5:
            return "[?]"
        return str(card)

    def on_setup(self) -> None:
        self.must("game")

    def on_between(self) -> None:
        self.must("game")

    def on_bets(self) -> None:
        state, rng = self.session.state, self.rng
        game = state.game
        assert game is not None
        if self.options.extras and not game.bets and state.mp >= 3 and rng.random() < 0.3:
            if self.emit("backbet"):
                return
        if self.options.extras and state.redistribute_left and not game.bets and rng.random() < 0.2:
            live = [b for b, x in state.boxes.items() if not x.bankrupt]
            pool = sum(x.points for x in state.boxes.values())
            if live:
                weights = [rng.random() for _ in live]
                shares = {b: int(pool * w / sum(weights)) // 1000 * 1000 for b, w in zip(live, weights)}
                shares[live[0]] += pool - sum(shares.values())
                if self.emit("redistribute " + " ".join(f"{b}={a}" for b, a in shares.items())):
                    return
        if game.backbet:
            self.deal()
            return
        for number, box in state.boxes.items():
            if box.bankrupt and self.options.extras and rng.random() < 0.05:
                self.must(f"bet {number} -")  # harmless, accepted, changes nothing (BOX-1)
            if box.bankrupt or number in game.bets:
                continue
            self.place_bet(number)
            return
        self.deal()

    def place_bet(self, number: int) -> None:
        state, rng = self.session.state, self.rng
        box = state.boxes[number]
        if rng.random() < 0.1:
            self.must(f"bet {number} -")
            return
        cap = bet_cap(state) or box.points
        high = min(box.points, cap, max(10, box.points // rng.choice([2, 5, 10, 50])))
        if self.options.bet_max is not None:
            high = min(high, self.options.bet_max)
        amount = _two_digits(rng, 10, high)
        if amount is None or not self.emit(f"bet {number} {amount}"):
            self.must(f"bet {number} -")

    def deal(self) -> None:
        state = self.session.state
        game = state.game
        assert game is not None
        count = len(state.boxes) * 2 + 2 - (game.dealt if state.phase is Phase.DEAL else 0)
        recipients = game.recipients[game.dealt :] if state.phase is Phase.DEAL else None
        cards = []
        for i in range(count):
            card = self.shoe.draw()
            to = recipients[i] if recipients else None
            hole = (to == DEALER and i == count - 1) if recipients else i == count - 1
            cards.append(self.card_text(card, hole=hole and card.closed))
        # deal in one or two lines
        if len(cards) > 2 and self.rng.random() < 0.5:
            half = len(cards) // 2
            self.must("deal " + " ".join(cards[:half]))
            if self.session.state.phase is Phase.DEAL:
                self.must("deal " + " ".join(cards[half:]))
        else:
            self.must("deal " + " ".join(cards))
        self.hole = self.session.state.game.dealer[1] if len(self.session.state.game.dealer) > 1 else None

    on_deal = deal

    def hole_face(self) -> str:
        game = self.session.state.game
        assert game is not None
        hole = game.dealer[1]
        if hole.is_unknown:
            # the simulated shoe does not remember an unknown hole's face: make one up
            face = self.rng.choice(RANKS)
            if self.shoe.jokers_left and self.rng.random() < 0.05:
                self.shoe.jokers_left -= 1
                return " [JK]"
            return f" [{face}]"
        return ""

    def on_surrender(self) -> None:
        state, rng = self.session.state, self.rng
        game = state.game
        assert game is not None
        boxes = [h.box for h in game.hands if not h.nobet and not h.done and h.box not in game.called]
        if boxes and rng.random() < 0.3:
            pick = sorted(rng.sample(boxes, rng.randint(1, len(boxes))))
            if self.emit("sr " + " ".join(map(str, pick))):
                return
        if game.call == "SURR-1" and rng.random() < 0.5:
            self.must("peek" + self.hole_face())
        else:
            self.must("go")

    def on_check(self) -> None:
        self.must("peek" + self.hole_face())

    def on_late_bets(self) -> None:
        state = self.session.state
        game = state.game
        assert game is not None
        for number, box in state.boxes.items():
            if not box.bankrupt and number not in game.late_bets:
                self.place_bet(number)
                return

    def on_lock(self) -> None:
        state, rng = self.session.state, self.rng
        if rng.random() < 0.1:
            self.must("lock none")
            return
        dice = [rng.randint(1, 6) for _ in range(lock_dice(state))]
        self.must("lock " + " ".join(map(str, dice)))

    def on_players(self) -> None:
        from dealer_assist.tables.onemillion.flow import current_hand
        from dealer_assist.tables.onemillion.step import Step

        state, rng = self.session.state, self.rng
        hand = current_hand(Step(state))
        assert hand is not None
        label = hand.label
        top = self.shoe.peek()
        card = self.card_text(top)
        if hand.split and len(hand.cards) == 1:
            self.must(f"{label} {card}")
            self.shoe.draw()
            return
        if self.options.extras and rng.random() < 0.02:
            self.must("timeup")
            return
        if self.options.extras and state.mp >= 1 and rng.random() < 0.05:
            first = self.shoe.peek()
            second = self.shoe.peek(1)
            text = f"{label} foresight {first.face}"
            if not second.closed:
                text += f" {second.face}"
            if self.emit(text):
                return
        total = hand.total().value
        choices = []
        if total <= 11:
            choices += ["ht", "ht", "dd"]
        elif total <= 16:
            choices += ["ht", "st", "sr"]
        else:
            choices += ["st", "st", "ht"]
        choices += ["sp", "sp"]
        rng.shuffle(choices)
        for action in choices:
            text = f"{label} {action}" + (f" {card}" if action in ("ht", "dd") else "")
            if self.emit(text):
                if action in ("ht", "dd"):
                    self.shoe.draw()
                return
        if self.emit(f"{label} st"):
            return
        self.must(f"{label} ht {card}")
        self.shoe.draw()

    def on_reveal(self) -> None:
        game = self.session.state.game
        assert game is not None
        hole = game.dealer[1]
        self.must("reveal" + (self.hole_face() if hole.is_unknown else ""))

    def on_dealer(self) -> None:
        top = self.shoe.peek()
        state = self.session.state
        text = f"next {top}" if not top.closed else "next [?]"
        if state.known_top:
            known = state.known_top[0].card
            text = f"next {known}"
        before = self.session.state.game.dealer[:]  # type: ignore[union-attr]
        self.must(text)
        after = self.session.state.game
        assert after is not None
        if len(after.dealer) > len(before):
            self.shoe.draw()

    def on_dealer_card(self) -> None:
        card = self.shoe.draw()
        self.must(f"dealer {self.card_text(card)}")


def generate(seed: int, options: Options | None = None) -> list[str]:
    return Generator(seed, options).run()
