"""The casino table's entry points: ``step`` (the fold), ``expectation`` and ``legal``.

``step(state, command)`` returns the new state and the rulings; the state given is never
changed, so a refused command leaves it exactly as it was."""

from __future__ import annotations

from typing import Any

from dealer_assist.tables.casino import notation as n
from dealer_assist.cards import total
from dealer_assist.tables.casino import dealer, deal, play, table
from dealer_assist.tables.casino.state import CasinoState, Phase
from dealer_assist.tables.casino.step import QuietStep, Step
from dealer_assist.core.expectation import Expectation
from dealer_assist.errors import RuleViolation, SessionError

ACCEPTS: dict[Phase, tuple[type, ...]] = {
    Phase.SETUP: (n.Seat, n.Game),
    Phase.BETWEEN: (n.Game,),
    Phase.DEAL: (n.Deal,),
    Phase.INSURANCE: (n.Insurance, n.Go),
    Phase.PEEK: (n.Peek,),
    Phase.PLAYERS: (n.HandCommand,),
    Phase.REVEAL: (n.Reveal,),
    Phase.DEALER: (n.DealerCard,),
    Phase.OVER: (),
}
PHASE_CLAUSE = {
    Phase.SETUP: "TABLE-1", Phase.BETWEEN: "TABLE-8", Phase.DEAL: "HAND-4", Phase.INSURANCE: "INS-3",
    Phase.PEEK: "PEEK-1", Phase.PLAYERS: "PLAY-1", Phase.REVEAL: "DEALER-1", Phase.DEALER: "DEALER-2",
    Phase.OVER: "RANK-1",
}  # fmt: skip


def expectation(state: CasinoState) -> Expectation:
    phase = state.phase
    clause = PHASE_CLAUSE[phase]
    params: dict[str, Any] = {}
    if phase is Phase.DEAL:
        current = state.round
        assert current is not None
        to = current.recipients[current.dealt]
        round_ = 1 if current.dealt < len(current.recipients) // 2 else 2
        if to == "D":
            return Expectation(phase, clause, "casino.expect.deal_dealer", {"round": round_})
        params = {"seat": to, "round": round_}
    elif phase is Phase.PLAYERS:
        t = Step(state)
        hand = play.current_hand(t)
        assert hand is not None and state.round is not None
        player = state.seats[hand.box].player
        if hand.split and len(hand.cards) == 1:
            return Expectation(phase, clause, "casino.expect.split_card", {"hand": hand.label, "player": player})
        params = {"hand": hand.label, "player": player, "total": hand.total(), "up": str(state.round.dealer[0]),
                  "actions": "/".join(legal_actions(state, hand.label))}  # fmt: skip
    elif phase is Phase.DEALER:
        assert state.round is not None
        params = {"total": total(state.round.dealer)}
    elif phase is Phase.BETWEEN:
        params = {"round": state.rounds + 1}
    return Expectation(phase, clause, f"casino.expect.{phase.value}", params)


def legal_actions(state: CasinoState, label: str) -> list[str]:
    """The actions the hand whose turn it is may take now (tried with the rules themselves)."""
    probe = n.Card("2")
    ref = n.HandRef(int(label[0]), label[1:] or None)
    candidates = {"ht": n.Hit(ref, probe), "st": n.Stand(ref), "dd": n.Double(ref, probe), "sp": n.Split(ref),
                  "sr": n.LateSurrender(ref)}  # fmt: skip
    return [name for name, cmd in candidates.items() if can(state, cmd)]


def can(state: CasinoState, cmd: n.Command) -> bool:
    try:
        step(state, cmd)
    except (RuleViolation, SessionError):
        return False
    return True


def legal(state: CasinoState) -> list[str]:
    names = ["note"]
    for kind in ACCEPTS[state.phase]:
        if kind is n.HandCommand:
            names += ["ht", "st", "dd", "sp", "sr", "HAND CARD"]
        else:
            names.append(kind.keyword)
    return sorted(set(names))


def step(state: CasinoState, cmd: n.Command, *, owned: bool = False):
    """One command: the new state and the rulings. ``owned``: the caller owns ``state`` and
    drops it if the command is refused, so it is changed in place (``Ruleset.step_owned``)."""
    if isinstance(cmd, n.Undo):
        raise SessionError("session.undo_here")
    if isinstance(cmd, n.Note):
        return state, []
    if state.over:
        raise RuleViolation("RANK-1", "casino.over")
    t = Step(state if owned else state.copy())
    _dispatch(t, cmd)
    return t.state, t.rulings


def step_in_place(state: CasinoState, cmd: n.Command, *, rulings: bool = True) -> list:
    """The same rules without the defensive copy, for the simulator, which owns its state and
    sends only legal commands: the state is changed in place (a refused command may leave it
    half-changed, so a caller that can be refused must use ``step``). Returns the rulings
    (``rulings=False``: none are kept, the rules applied the same — a refusal still raises)."""
    if not rulings:
        step_quiet(state, cmd)
        return []
    if state.over:
        raise RuleViolation("RANK-1", "casino.over")
    t = Step(state)
    _dispatch(t, cmd)
    return t.rulings


def step_quiet(state: CasinoState, cmd: n.Command) -> None:
    """``step_in_place(state, cmd, rulings=False)``: the simulator's step, called for every
    command it sends (the same rules, no rulings kept)."""
    if state.over:
        raise RuleViolation("RANK-1", "casino.over")
    t = QuietStep(state)
    handler = _ACCEPTED[state.phase].get(type(cmd))
    if handler is None:
        handler = _accepted(t, cmd)
    handler(t, cmd)


def _dispatch(t: Step, cmd: n.Command) -> None:
    handler = _ACCEPTED[t.state.phase].get(type(cmd))
    if handler is None:
        handler = _accepted(t, cmd)
    handler(t, cmd)


def _accepted(t: Step, cmd: n.Command):
    """The rules of ``cmd`` if the phase accepts its kind (``ACCEPTS``), remembered for the
    phase and the kind; else the refusal (a command out of turn)."""
    state = t.state
    if not isinstance(cmd, ACCEPTS[state.phase]):
        if isinstance(cmd, n.Seat):
            t.refuse("TABLE-1", "casino.seat_late")
        expected = expectation(state)
        if isinstance(cmd, n.Ruleset):
            t.refuse("TABLE-1", "casino.ruleset_first")
        raise RuleViolation(expected.clause, "out_of_turn", command=str(cmd), expected=expected)
    kind = type(cmd)
    handler = _ACCEPTED[state.phase][kind] = _handler(kind)
    return handler


# each command's rules, by the kind of command (a subclass goes to its first listed base)
_RULES = (
    (n.Seat, table.seat),
    (n.Game, lambda t, cmd: table.start_round(t)),
    (n.Deal, deal.deal),
    (n.Insurance, deal.insurance),
    (n.Go, lambda t, cmd: deal.close_insurance(t)),
    (n.Peek, deal.peek),
    (n.HandCommand, play.act),
    (n.Reveal, dealer.reveal),
    (n.DealerCard, dealer.draw),
)
# the rules of each kind of command a phase accepts, found the first time it is sent there
_ACCEPTED: dict[Phase, dict[type, Any]] = {phase: {} for phase in Phase}


def _handler(kind: type):
    for base, handler in _RULES:
        if issubclass(kind, base):
            return handler
    raise AssertionError(kind)  # pragma: no cover
