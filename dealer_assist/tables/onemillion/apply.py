"""The engine's entry points: ``step``/``apply`` (the fold), ``expectation`` and ``legal``.

``step(state, command)`` returns the new state and the rulings it made; the state given is
never changed, so a refused command (``RuleViolation``) leaves it exactly as it was.
"""

from __future__ import annotations

from typing import Any

from dealer_assist.tables.onemillion import notation as n
from dealer_assist.cards import total
from dealer_assist.errors import RuleViolation, SessionError
from dealer_assist.tables.onemillion import actions, bets, deal, draw, flow, guild, setup, skills, surrender, time_rules
from dealer_assist.tables.onemillion.state import DEALER, PHASE, STATUS, Phase, Ruling, State
from dealer_assist.tables.onemillion.step import Step
from dealer_assist.i18n_values import Numbers
from dealer_assist.messages import Term
from dealer_assist.core.expectation import Expectation

SETUP_COMMANDS = (n.Quest, n.Hp, n.Dice, n.Seat, n.Skill, n.JokerLevels, n.Shoe, n.Rule)
IN_GAME = frozenset(Phase) - {PHASE.SETUP, PHASE.BETWEEN, PHASE.OVER}

# which commands each phase takes (besides note, yellow and empty in a game)
ACCEPTS: dict[Phase, tuple[type, ...]] = {
    PHASE.SETUP: (*SETUP_COMMANDS, n.Game),
    PHASE.BETWEEN: (n.Game,),
    PHASE.BETS: (n.Bet, n.Redistribute, n.Backbet, n.Deal),
    PHASE.DEAL: (n.Deal,),
    PHASE.SURRENDER: (n.SurrenderCall, n.Go, n.Peek),
    PHASE.CHECK: (n.Peek,),
    PHASE.LATE_BETS: (n.Bet,),
    PHASE.LOCK: (n.Lock,),
    PHASE.PLAYERS: (n.HandCommand, n.TimeUp),
    PHASE.REVEAL: (n.Reveal,),
    PHASE.DEALER: (n.Next,),
    PHASE.DEALER_CARD: (n.DealerCard,),
    PHASE.OVER: (),
}
PHASE_CLAUSE = {
    PHASE.SETUP: "SETUP", PHASE.BETWEEN: "HEAL-1", PHASE.BETS: "BET-1", PHASE.DEAL: "CARD-2",
    PHASE.SURRENDER: "SURR-1", PHASE.CHECK: "BASE-6", PHASE.LATE_BETS: "GUILD-4",
    PHASE.LOCK: "DSK-3", PHASE.PLAYERS: "BASE-4", PHASE.REVEAL: "CARD-4", PHASE.DEALER: "DRAW-1",
    PHASE.DEALER_CARD: "CARD-5", PHASE.OVER: "END-2",
}  # fmt: skip
END_CLAUSE = {
    "hp_zero": "END-S", "below_threshold": "END-F1", "shoe_empty": "END-F2", "joker": "END-F3",
    "burst_stream": "DSK-7",
}  # fmt: skip


def expectation(state: State) -> Expectation:
    phase = state.phase
    clause = PHASE_CLAUSE[phase]
    game = state.game
    params: dict[str, Any] = {}
    if phase is PHASE.OVER:
        clause = END_CLAUSE.get(state.reason or "", "END-2")
        params = {"status": Term(f"status.{state.status.value}"), "reason": Term(f"reason.{state.reason}")}
    elif phase is PHASE.BETS:
        assert game is not None
        if game.backbet:
            return Expectation(phase, "GUILD-4", "expect.backbet_deal", {})
        params = {"missing": Numbers(tuple(b for b, x in state.boxes.items()
                                           if b not in game.bets and not x.bankrupt))}  # fmt: skip
    elif phase is PHASE.DEAL:
        assert game is not None
        to = game.recipients[game.dealt]
        round_ = 1 if game.dealt < len(game.recipients) // 2 else 2
        if to == DEALER:
            return Expectation(phase, clause, "expect.deal_dealer", {"round": round_})
        params = {"box": to, "round": round_}
    elif phase is PHASE.SURRENDER:
        assert game is not None
        clause = game.call or "SURR-1"
    elif phase is PHASE.LATE_BETS:
        assert game is not None
        params = {"missing": Numbers(tuple(b for b, x in state.boxes.items()
                                           if b not in game.late_bets and not x.bankrupt))}  # fmt: skip
    elif phase is PHASE.PLAYERS:
        hand = flow.current_hand(Step(state))
        assert hand is not None and game is not None
        box = state.boxes[hand.box]
        up = game.dealer[0]
        if hand.split and len(hand.cards) == 1:
            key_params = {"hand": hand.label, "player": box.player}
            return Expectation(phase, clause, "expect.split_card", key_params)
        params = {"hand": hand.label, "player": box.player, "total": hand.total(), "up": str(up),
                  "actions": "/".join(legal_actions(state, hand.label))}  # fmt: skip
    elif phase is PHASE.DEALER:
        assert game is not None
        params = {"total": total(game.dealer)}
    elif phase is PHASE.LOCK:
        params = {"dice": skills.lock_dice(state)}
    return Expectation(phase, clause, f"expect.{phase.value}", params)


def legal_actions(state: State, label: str) -> list[str]:
    """The actions the hand whose turn it is may take now (verified by the engine itself)."""
    out = []
    probe = n.Card("2")  # any card: only the action's own checks matter here
    ref = n.HandRef(int(label[0]), label[1:] or None)
    candidates = {
        "ht": n.Hit(ref, probe), "st": n.Stand(ref), "dd": n.Double(ref, probe),
        "sp": n.Split(ref), "sr": n.LateSurrender(ref),
    }  # fmt: skip
    for name, cmd in candidates.items():
        if can(state, cmd, ignore_shoe=True):
            out.append(name)
    return out


def can(state: State, cmd: n.Command, *, ignore_shoe: bool = False) -> bool:
    """Whether ``cmd`` would be accepted now (the same checks as ``step``)."""
    try:
        if ignore_shoe and state.known_top:
            state = state.copy()
            state.known_top = []
        step(state, cmd)
    except (RuleViolation, SessionError):
        return False
    return True


def legal(state: State) -> list[str]:
    """The command keywords accepted now, for prompts and completion."""
    phase = state.phase
    names: list[str] = ["note"]
    if phase in IN_GAME:
        names += ["yellow", "empty"]
    for kind in ACCEPTS[phase]:
        if kind is n.HandCommand:
            names += ["ht", "st", "dd", "sp", "sr", "foresight", "HAND CARD"]
        else:
            names.append(kind.keyword)
    return sorted(set(names))


def _refuse_out_of_turn(state: State, cmd: n.Command) -> None:
    phase = state.phase
    expected = expectation(state)
    if isinstance(cmd, n.Peek) and phase in IN_GAME and not (state.game and state.game.check):
        raise RuleViolation("BASE-6", "check.not_needed")
    if phase is PHASE.SURRENDER and isinstance(cmd, n.Lock):
        raise RuleViolation("SURR-5", "lock.after_call")
    if isinstance(cmd, (n.Bet, n.Redistribute, n.Backbet)) and phase in IN_GAME:
        raise RuleViolation("BET-1", "bet.window_closed", expected=expected)
    if isinstance(cmd, n.Seat) and cmd.box in state.boxes:  # the box has played: its player stays
        raise RuleViolation("SETUP", "setup.seat_played", box=cmd.box, player=state.boxes[cmd.box].player,
                            name=cmd.name)  # fmt: skip
    if isinstance(cmd, SETUP_COMMANDS):
        raise RuleViolation("SETUP", "setup.too_late", command=cmd.keyword)
    raise RuleViolation(expected.clause, "out_of_turn", command=str(cmd), expected=expected)


def step(state: State, cmd: n.Command, *, owned: bool = False) -> tuple[State, list[Ruling]]:
    """One command: the new state and the rulings. ``owned``: the caller owns ``state`` and
    drops it if the command is refused, so it is changed in place, not copied
    (``Ruleset.step_owned``)."""
    route = _ROUTES.get(type(cmd)) or _route(type(cmd))
    if route is not _SPECIAL and state.status is STATUS.RUNNING:  # the usual command: one lookup
        handler, phases = route
        t = Step(state if owned else state.copy())
        state = t.state
        if state.phase is PHASE.LATE_BETS and handler is not _bet:
            flow.close_late_bets(t)  # the window closes at the next other command (GUILD-4)
            if state.over or state.phase is PHASE.BETWEEN:
                _refuse_out_of_turn(state, cmd)
        if state.phase not in phases:
            _refuse_out_of_turn(state, cmd)
        handler(t, cmd)
        return t.state, t.rulings
    if isinstance(cmd, n.Undo):
        raise SessionError("session.undo_here")
    if isinstance(cmd, n.Note):
        return state, []
    if state.over:
        raise RuleViolation(END_CLAUSE.get(state.reason or "", "END-2"), "quest.over",
                            status=Term(f"status.{state.status.value}"))  # fmt: skip
    t = Step(state if owned else state.copy())
    _dispatch(t, cmd)
    return t.state, t.rulings


def apply(state: State, cmd: n.Command) -> State:
    """The fold: ``state = apply(state, event)``."""
    return step(state, cmd)[0]


def _dispatch(t: Step, cmd: n.Command) -> None:
    state = t.state
    if isinstance(cmd, n.Yellow):
        if state.phase not in IN_GAME:
            t.refuse("TIME-3", "yellow.in_game")
        time_rules.yellow(t, cmd)
        return
    if isinstance(cmd, n.Empty):
        if state.phase not in IN_GAME:
            t.refuse("DRAW-6", "shoe.empty_in_game")
        draw.empty(t)
        return
    if state.phase is PHASE.LATE_BETS and not isinstance(cmd, n.Bet):
        flow.close_late_bets(t)  # the window closes at the next other command (GUILD-4)
        if state.over or state.phase is PHASE.BETWEEN:
            _refuse_out_of_turn(state, cmd)
    if not isinstance(cmd, ACCEPTS[state.phase]):
        _refuse_out_of_turn(state, cmd)
    handler = HANDLERS.get(type(cmd)) or _handler(type(cmd))
    handler(t, cmd)


def _bet(t: Step, cmd: n.Bet) -> None:
    if bets.bet(t, cmd):  # the last bet after a back-bet deal: the window closes (GUILD-4)
        flow.close_late_bets(t)


def _peek(t: Step, cmd: n.Peek) -> None:
    if not t.game.check:
        t.refuse("BASE-6", "check.not_needed")
    deal.peek(t, cmd)


# the rule module each command goes to (a command's class, or the class it is a kind of)
HANDLERS: dict[type, Any] = {
    n.Game: lambda t, cmd: setup.start_game(t),
    **dict.fromkeys(SETUP_COMMANDS, setup.configure),
    n.Bet: _bet,
    n.Redistribute: guild.redistribute,
    n.Backbet: lambda t, cmd: guild.backbet(t),
    n.Deal: deal.deal,
    n.SurrenderCall: surrender.call,
    n.Go: lambda t, cmd: surrender.go(t),
    n.Peek: _peek,
    n.Lock: deal.lock,
    n.HandCommand: actions.act,
    n.TimeUp: lambda t, cmd: actions.timeup(t),
    n.Reveal: draw.reveal,
    n.Next: draw.next_card,
    n.DealerCard: draw.dealer_card,
}


_SPECIAL = ("special",)  # the route of undo, note, yellow and empty: ``step`` and ``_dispatch`` in full
_ROUTES: dict[type, Any] = {}  # a command class -> (its handler, the phases that take it), or _SPECIAL


def _route(kind: type) -> Any:
    """The route of a command class (``_dispatch``'s checks, worked out once per class)."""
    if issubclass(kind, (n.Undo, n.Note, n.Yellow, n.Empty)):
        route: Any = _SPECIAL
    else:
        phases = frozenset(phase for phase, kinds in ACCEPTS.items() if issubclass(kind, kinds))
        route = (HANDLERS.get(kind) or _handler(kind), phases) if phases else _SPECIAL
    _ROUTES[kind] = route
    return route


def _handler(kind: type) -> Any:
    """The handler of a command class not listed itself (a hand action: ``HandCommand``)."""
    for base in kind.__mro__:
        if base in HANDLERS:
            HANDLERS[kind] = HANDLERS[base]
            return HANDLERS[kind]
    raise AssertionError(kind)  # pragma: no cover - ACCEPTS lets only these through
