"""GC-2, GR-7, GG-4…7: what a gear does, and what its removal undoes. A gear's primitives (the operator's
data, ``commands.Effect``) are the guide's: a bet ± N (one's own or the opponent's), the goal set
or ± N, remove a placed gear, block the opponent's gears, draw or return a trump card, heal or
damage HP.

The bets and the goal are never stored as numbers: each is worked out from the round's start
(a bet of 1, a goal of 21) and the changes gears made, in the order they were made (``Mod``).
A placed gear's changes last while it is on the table; when it is removed they go with it —
unless the effect is marked to stay (``!``, the guide's 「一部例外を除き」). A consumable gear's
changes last to the round's end. A bet is never below 0, the goal never below 1."""

from __future__ import annotations

from dealer_assist.tables.gear.state import BET, GOAL, GearState, other

MIN_GOAL = 1


def bet(s: GearState, seat: int) -> int:
    n = BET
    for m in s.mods:
        if m.effect.kind == "bet" and (m.owner if m.effect.who == "self" else other(m.owner)) == seat:
            n += m.effect.n if m.effect.op == "+" else -m.effect.n
    return max(0, n)


def goal(s: GearState) -> int:
    n = GOAL
    for m in s.mods:
        if m.effect.kind == "goal":
            n = m.effect.n if m.effect.op == "=" else n + (m.effect.n if m.effect.op == "+" else -m.effect.n)
    return max(MIN_GOAL, n)


def remove_placed(s: GearState, gear_id: int) -> None:
    """A placed gear taken off the table: its changes go with it, those marked ``!`` stay."""
    s.placed = tuple(p for p in s.placed if p.id != gear_id)
    s.mods = tuple(m if m.source != gear_id or not m.effect.keep else type(m)(m.owner, m.effect, None)
                   for m in s.mods if m.source != gear_id or m.effect.keep)  # fmt: skip


def blocks(s: GearState, seat: int) -> bool:
    """Whether ``seat`` may use no gear now: the opponent's placed ``block`` gear, or a
    consumable one used on it for this turn."""
    if seat in s.blocked:
        return True
    for p in s.placed:
        gear = s.gear(p.name)
        if p.owner == other(seat) and gear is not None and any(e.kind == "block" for e in gear.effects):
            return True
    return False
