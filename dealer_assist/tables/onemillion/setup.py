"""SETUP — the quest's setup commands (before the first game) and the start of each game."""

from __future__ import annotations

from dealer_assist.tables.onemillion import notation as n
from dealer_assist.tables.onemillion import skills
from dealer_assist.tables.onemillion.end import announce
from dealer_assist.tables.onemillion.state import PHASE, Box, Game
from dealer_assist.tables.onemillion.step import Step
from dealer_assist.messages import Term
from dealer_assist.tables.onemillion.view import game_record


# the clause each configurable value of `rule NAME VALUE` belongs to
RULE_CLAUSES = {
    "max_split_hands": "BASE-4", "late_surrender": "SURR-3", "heal_cap": "HEAL-2", "min_bet": "BET-2",
    "bet_cap": "DSK-2", "bet_cap_aggravated": "DSK-2", "bust_penalty": "DSK-5", "bust_penalty_aggravated": "DSK-5",
    "redistribute_after_backbet": "GUILD-1",
}  # fmt: skip


def configure(t: Step, cmd: n.Command) -> None:
    state = t.state
    if state.phase is not PHASE.SETUP:
        t.refuse("SETUP", "setup.too_late", command=cmd.keyword)
    config = t.own_config()
    match cmd:
        case n.Quest(difficulty=difficulty):
            need = skills.DICE_BY_DIFFICULTY[difficulty]
            if config.dice and len(config.dice) != need:
                t.refuse("DSK-0", "setup.dice_count", difficulty=Term(f"difficulty.{difficulty}"), need=need,
                         got=len(config.dice))  # fmt: skip
            config.difficulty = difficulty
            t.rule("SETUP", "setup.quest", difficulty=Term(f"difficulty.{difficulty}"), dice=need)
        case n.Hp(amount=amount):
            if amount <= 0:
                t.refuse("SETUP", "setup.hp_positive")
            config.hp = state.hp = amount
            t.rule("ANN-1", "announce", hp=amount, announce=announce(amount))
        case n.Dice(faces=faces):
            if config.difficulty is None:
                t.refuse("DSK-0", "setup.dice_before_quest")
            need = skills.DICE_BY_DIFFICULTY[config.difficulty]
            if len(faces) != need:
                t.refuse("DSK-0", "setup.dice_count", difficulty=Term(f"difficulty.{config.difficulty}"), need=need,
                         got=len(faces))  # fmt: skip
            config.dice = faces
            skills.roll(t, faces)
        case n.Seat(box=number, name=name, points=points):
            if points is None:
                t.refuse("SETUP", "setup.seat_points")
            bankrupt = points < config.min_bet
            boxes = t.own_boxes()
            was = boxes.get(number)  # a box seated again in the setup: the new player replaces the old
            boxes[number] = Box(number=number, player=name, points=points, bankrupt=bankrupt, start=points)
            state.boxes = dict(sorted(boxes.items()))
            t.own_players()
            if was is not None and all(box.player != was.player for box in boxes.values()):
                state.yellow.pop(was.player, None)  # no longer at the table (nobody has played yet)
            state.yellow.setdefault(name, 0)
            if was is not None:
                t.rule("SETUP", "setup.seat_replaced", box=number, player=name, was=was.player, points=points,
                       before=was.points)  # fmt: skip
            if bankrupt:
                t.rule("BOX-1", "box.bankrupt_seated", box=number, points=points)
            else:
                t.rule("SETUP", "setup.seat", box=number, player=name, points=points)
        case n.Skill(name="surrender", value=value):
            config.surrender_level = int(value)
            t.rule("GUILD-6", "setup.skill.surrender", level=int(value))
        case n.Skill(name="under", value=value):
            config.under = bool(value)
            t.rule("GUILD-2", "setup.skill.under_on" if value else "setup.skill.under_off")
        case n.Skill(name="redistribute", value=value):
            config.redistribute_uses = state.redistribute_left = int(value)
            t.rule("GUILD-1", "setup.skill.redistribute", uses=int(value))
        case n.Skill(name="mp", value=value):
            config.mp = state.mp = int(value)
            t.rule("GUILD-5", "setup.skill.mp", mp=int(value))
        case n.JokerLevels(early=early, late=late):
            config.jk_early, config.jk_late = early, late
            t.rule("GUILD-7", "setup.jokers", early=early, late=late)
        case n.Shoe(cards=cards):
            config.shoe = state.shoe_left = cards
            t.rule("ANN-2", "setup.shoe", cards=cards)
        case n.Rule(name=name, value=value):
            if name in ("max_split_hands",) and not 2 <= int(value) <= 8:
                t.refuse("BASE-4", "setup.split_range")
            setattr(config, name, value)
            shown = Term("setup.on" if value else "setup.off") if isinstance(value, bool) else value
            t.rule(RULE_CLAUSES[name], f"setup.rule.{name}", value=shown)
        case _:  # pragma: no cover - the dispatcher sends only setup commands here
            raise AssertionError(cmd)


def start_game(t: Step) -> None:
    """`game`: the next game starts; HEAL-1 is judged now."""
    state = t.state
    if state.phase is PHASE.SETUP:
        if state.config.difficulty is None:
            t.refuse("SETUP", "setup.need_quest")
        if not state.config.dice:
            t.refuse("DSK-0", "setup.need_dice")
        if not state.boxes:
            t.refuse("SETUP", "setup.need_seat")
    elif state.phase is not PHASE.BETWEEN:
        t.refuse("SET-A", "game.in_progress")
    if state.game is not None:
        state.history = state.history.append(game_record(state, state.game))
    state.games += 1
    recovery = state.hp < state.config.heal_cap
    state.game = Game(number=state.games, recovery=recovery)
    state.phase = PHASE.BETS
    t.rule("HEAL-1", "game.recovery_on" if recovery else "game.recovery_off", game=state.games,
           hp=state.hp, line=state.config.heal_cap)  # fmt: skip
