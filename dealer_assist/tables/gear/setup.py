"""GC-1, GEAR-0, GEAR-1: before the first round — the catalogue (``gear`` lines), the two
players, each one's deck of 20 gears, the first player, the first three gears and the one
mulligan (the gears put back into the deck, as many drawn again)."""

from __future__ import annotations

from dealer_assist.core.step import Work
from dealer_assist.i18n_values import Items, Term
from dealer_assist.tables.gear.commands import Deck, First, GearDef, Mulligan, Pick
from dealer_assist.tables.gear.state import FIRST_GEARS, GearState, Phase, count_of, counted

DECK = 20  # GEAR-0
MAX_GEARS = 64  # a catalogue's gears


def define(t: Work, cmd: GearDef) -> None:
    s: GearState = t.state
    if s.phase != Phase.SETUP or any(p.deck for p in s.players):
        t.refuse("GC-1", "gear.define_late")
    if s.gear(cmd.name) is not None:
        t.refuse("GC-1", "gear.define_twice", name=cmd.name)
    if len(s.catalog) >= MAX_GEARS:
        t.refuse("GC-1", "gear.define_many", limit=MAX_GEARS)
    if any(e.kind == "remove" for e in cmd.effects) and len(cmd.effects) > 1:
        t.refuse("GC-1", "gear.define_remove_alone", name=cmd.name)
    s.catalog = (*s.catalog, cmd)
    t.rule("GC-1", "gear.defined", name=cmd.name, kind=Term(f"gear.kind.{cmd.kind}"), pp=cmd.pp,
           effects=Items(tuple(str(e) for e in cmd.effects)))  # fmt: skip


def seat(t: Work, box: int, name: str, points: int | None) -> None:
    s: GearState = t.state
    if s.phase != Phase.SETUP or s.first is not None:
        t.refuse("GEAR-0", "gear.seat_late")
    if points is not None:
        t.refuse("GEAR-0", "gear.seat_points")
    if s.player(box).name is not None:
        t.refuse("GEAR-0", "gear.seat_taken", seat=box, name=s.player(box).name)
    if s.player(3 - box).name == name:
        t.refuse("GEAR-0", "gear.name_twice", name=name)
    s.put(box, name=name)
    t.rule("GEAR-0", "gear.seated", seat=box, name=name)


def deck(t: Work, cmd: Deck) -> None:
    s: GearState = t.state
    if s.phase != Phase.SETUP or s.player(cmd.seat).picked:
        t.refuse("GEAR-0", "gear.deck_late")
    if s.player(cmd.seat).name is None:
        t.refuse("GEAR-0", "gear.deck_no_seat", seat=cmd.seat)
    if s.player(cmd.seat).deck:
        t.refuse("GEAR-0", "gear.deck_twice", name=s.player(cmd.seat).name)
    for name, _ in cmd.gears:
        if s.gear(name) is None:
            t.refuse("GC-1", "gear.unknown", name=name)
    size = sum(n for _, n in cmd.gears)
    if size != DECK:
        t.refuse("GEAR-0", "gear.deck_size", size=size, deck=DECK)
    lives = tuple((name, s.gear(name).life) for name, _ in cmd.gears if s.gear(name).life is not None)
    s.put(cmd.seat, deck=cmd.gears, lives=lives)
    t.rule("GEAR-0", "gear.deck", name=s.player(cmd.seat).name, size=size)


def first(t: Work, cmd: First) -> None:
    s: GearState = t.state
    if s.phase != Phase.SETUP or s.first is not None:
        t.refuse("GEAR-1", "gear.first_late")
    if not all(p.name and p.deck for p in s.players):
        t.refuse("GEAR-1", "gear.first_needs")
    s.first = cmd.seat
    t.rule("GEAR-1", "gear.first", name=s.player(cmd.seat).name)


def take(t: Work, seat: int, names: tuple[str, ...], clause: str) -> None:
    """``names`` drawn from ``seat``'s deck into its hand (each must still be in the deck)."""
    s: GearState = t.state
    p = s.player(seat)
    deck = p.deck
    for name in names:
        if count_of(deck, name) < 1:
            t.refuse(clause, "gear.not_in_deck", name=name, player=p.name)
        deck = counted(deck, name, -1)
    s.put(seat, deck=deck, hand=(*p.hand, *names))


def pick_first(t: Work, cmd: Pick) -> None:
    s: GearState = t.state
    p = s.player(cmd.seat)
    if s.first is None:
        t.refuse("GEAR-1", "gear.pick_before_first")
    if p.picked:
        t.refuse("GEAR-1", "gear.picked_twice", name=p.name)
    if len(cmd.names) != FIRST_GEARS:
        t.refuse("GEAR-1", "gear.pick_three", count=FIRST_GEARS)
    take(t, cmd.seat, cmd.names, "GEAR-1")
    s.put(cmd.seat, picked=True)
    t.rule("GEAR-1", "gear.first_gears", name=p.name, count=FIRST_GEARS)


def mulligan(t: Work, cmd: Mulligan) -> None:
    s: GearState = t.state
    p = s.player(cmd.seat)
    if s.phase != Phase.SETUP or not p.picked:
        t.refuse("GEAR-1", "gear.mulligan_when")
    if p.mulliganed:
        t.refuse("GEAR-1", "gear.mulligan_once", name=p.name)
    hand = list(p.hand)
    deck = p.deck
    for name in cmd.out:
        if name not in hand:
            t.refuse("GEAR-1", "gear.not_in_hand", name=name, player=p.name)
        hand.remove(name)
        deck = counted(deck, name, +1)
    s.put(cmd.seat, hand=tuple(hand), deck=deck, mulliganed=True)
    take(t, cmd.seat, cmd.into, "GEAR-1")
    if cmd.out:
        t.rule("GEAR-1", "gear.mulligan", name=p.name, count=len(cmd.out))
    else:
        t.rule("GEAR-1", "gear.mulligan_kept", name=p.name)
