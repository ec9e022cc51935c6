"""GEAR-2, GEAR-3, GEAR-4, GEAR-6, GG-1…7: a round's start and deal, and a player's turn — at its start one gear
drawn from the deck (not the match's first turn of the first player; none beyond a hand of
five), then any gears (a gear alone does not end the turn), then HIT or STAND. The turns
alternate until both players stand in turn without using a gear: the showdown (``showdown``)."""

from __future__ import annotations

from dealer_assist.core.step import Work
from dealer_assist.tables.gear import cards as trumps
from dealer_assist.tables.gear import effects, showdown
from dealer_assist.tables.gear.commands import Cards, Hit, Pick, Stand, Use
from dealer_assist.tables.gear.setup import take
from dealer_assist.tables.gear.state import HAND, PLACED, PP_MAX, GearState, Mod, Phase, PlacedGear, count_of, other


def start_round(t: Work) -> None:
    s: GearState = t.state
    if s.phase == Phase.SETUP:
        if s.first is None or not all(p.picked for p in s.players):
            t.refuse("GEAR-1", "gear.round_needs")
    elif s.phase != Phase.BETWEEN:
        t.refuse("GEAR-6", "gear.round_open")
    s.rounds += 1
    for seat in (1, 2):
        p = s.player(seat)
        top = min(PP_MAX, p.pp_max + (1 if s.rounds > 1 else 0))  # GG-2: +1 after every round
        s.put(seat, pp_max=top, pp=top, cards=())
    s.mods, s.placed, s.blocked, s.result, s.quiet = (), (), frozenset(), None, None
    shuffled = s.joker_out or trumps.remaining(s.trumps_out) < trumps.DEAL
    if shuffled:
        s.trumps_out, s.joker_out = (), False
    s.starter = s.first if s.rounds == 1 else other(s.starter)
    s.turn = None
    s.phase = Phase.DEAL
    t.rule("GEAR-6", "gear.round", round=s.rounds, pp=s.player(1).pp_max, goal=effects.goal(s))
    if shuffled and s.rounds > 1:
        t.rule("GR-1", "gear.shuffled")


def deal(t: Work, cmd: Cards) -> None:
    s: GearState = t.state
    if s.phase != Phase.DEAL:
        t.refuse("GEAR-2", "gear.deal_when")
    p = s.player(cmd.seat)
    if p.cards:
        t.refuse("GEAR-2", "gear.dealt_twice", name=p.name)
    down, up = cmd.cards
    if not down.closed or up.closed or down.is_joker or up.is_joker or up.is_unknown:
        t.refuse("GEAR-2", "gear.deal_shape")
    out = s.trumps_out
    for card in cmd.cards:
        if not trumps.can_come(out, card):
            t.refuse("GR-1", "gear.card_gone", card=str(card))
        out = (*out, card)
    s.trumps_out = out
    s.put(cmd.seat, cards=cmd.cards)
    t.rule("GEAR-2", "gear.dealt", name=p.name, up=str(up))
    if all(q.cards for q in s.players):
        begin_turn(t, s.starter)


def begin_turn(t: Work, seat: int) -> None:
    s: GearState = t.state
    s.phase, s.turn, s.turn_used = Phase.TURN, seat, False
    p = s.player(seat)
    s.turn_picked = (s.turns == 0 and seat == s.first) or len(p.hand) >= HAND or not p.deck
    t.rule("GEAR-3", "gear.turn", name=p.name)


def _own_turn(t: Work, seat: int, clause: str = "GEAR-4") -> None:  # the turns alternate (GEAR-4)
    s: GearState = t.state
    if s.phase != Phase.TURN:
        t.refuse(clause, "gear.not_turn_phase")
    if s.turn != seat:
        t.refuse(clause, "gear.not_your_turn", name=s.player(seat).name, turn=s.player(s.turn).name)


def pick(t: Work, cmd: Pick) -> None:
    s: GearState = t.state
    _own_turn(t, cmd.seat, "GEAR-3")
    p = s.player(cmd.seat)
    if s.turn_picked or s.turn_used:
        key = "gear.pick_first_turn" if s.turns == 0 and cmd.seat == s.first else \
            "gear.pick_full" if len(p.hand) >= HAND else "gear.pick_empty" if not p.deck else "gear.pick_once"  # fmt: skip
        t.refuse("GR-6" if key == "gear.pick_full" else "GEAR-3", key, name=p.name, hand=HAND)
    if len(cmd.names) != 1:
        t.refuse("GEAR-3", "gear.pick_one")
    take(t, cmd.seat, cmd.names, "GEAR-3")
    s.turn_picked = True
    t.rule("GEAR-3", "gear.picked", name=p.name, hand=len(s.player(cmd.seat).hand))


def usable(s: GearState, seat: int, name: str) -> bool:
    """Whether ``seat`` may use the gear ``name`` now, whatever its target (GG-1, GG-5, GG-7):
    completion offers only these (GR-8)."""
    p = s.player(seat)
    gear = s.gear(name)
    if s.phase != Phase.TURN or s.turn != seat or gear is None or name not in p.hand or effects.blocks(s, seat):
        return False
    if p.pp < gear.pp or (gear.life is not None and count_of(p.lives, name) < 1):
        return False
    return gear.kind != "placed" or sum(1 for g in s.placed if g.owner == seat) < PLACED


def use(t: Work, cmd: Use) -> None:
    s: GearState = t.state
    _own_turn(t, cmd.seat, "GEAR-4")
    p = s.player(cmd.seat)
    gear = s.gear(cmd.name)
    if cmd.name not in p.hand or gear is None:
        t.refuse("GG-1", "gear.not_in_hand", name=cmd.name, player=p.name)
    if effects.blocks(s, cmd.seat):
        t.refuse("GG-7", "gear.blocked", name=p.name)
    if p.pp < gear.pp:
        t.refuse("GG-7", "gear.no_pp", name=cmd.name, pp=gear.pp, have=p.pp)
    if gear.life is not None and count_of(p.lives, cmd.name) < 1:
        t.refuse("GG-1", "gear.no_life", name=cmd.name)
    placed = gear.kind == "placed"
    if placed and sum(1 for g in s.placed if g.owner == cmd.seat) >= PLACED:
        t.refuse("GG-5", "gear.table_full", limit=PLACED)
    hand = list(p.hand)
    hand.remove(cmd.name)
    lives = tuple((n, c - 1 if n == cmd.name else c) for n, c in p.lives)  # GG-1: a use costs a life
    s.put(cmd.seat, hand=tuple(hand), pp=p.pp - gear.pp, lives=lives)
    source = None
    if placed:
        source = s.next_id
        s.placed = (*s.placed, PlacedGear(source, cmd.seat, cmd.name))
        s.next_id += 1
    s.turn_used = s.turn_picked = True
    t.rule("GG-4", "gear.used_placed" if placed else "gear.used", name=p.name, gear=cmd.name, pp=gear.pp)
    target = cmd.target
    for e in gear.effects:
        target = _effect(t, cmd.seat, e, source, target, placed)
    if target is not None:
        t.refuse("GC-2", "gear.target_unused", target=target)
    showdown.after_effects(t)


def _effect(t: Work, seat: int, e, source: int | None, target: str | None, placed: bool) -> str | None:
    """One primitive (GC-2) of the gear used by ``seat``; returns the target word still unused."""
    s: GearState = t.state
    who = seat if e.who == "self" else other(seat) if e.who == "opp" else None
    if e.kind in ("bet", "goal"):
        s.mods = (*s.mods, Mod(seat, e, source if placed else None))
        if e.kind == "bet":
            t.rule("GC-2", "gear.bet_now", name=s.player(who).name, bet=effects.bet(s, who))
        else:
            t.rule("GC-2", "gear.goal_now", goal=effects.goal(s))
        return target
    if e.kind == "remove":
        found = _target_gear(s, target)
        if found is None:
            t.refuse("GC-2", "gear.remove_target", target=target or "-")
        effects.remove_placed(s, found.id)
        t.rule("GC-2", "gear.removed", gear=found.name, owner=s.player(found.owner).name, goal=effects.goal(s),
               bet1=effects.bet(s, 1), bet2=effects.bet(s, 2))  # fmt: skip
        return None
    if e.kind == "block":
        if not placed:
            s.blocked = s.blocked | {other(seat)}
        t.rule("GC-2", "gear.block", name=s.player(other(seat)).name)
        return target
    if e.kind == "draw":
        from dealer_assist.notation.tokens import parse_card

        if target is None:
            t.refuse("GC-2", "gear.draw_needs_card")
        try:
            card = parse_card(target)
        except Exception:  # a word that is not a card: the refusal names it
            t.refuse("GC-2", "gear.draw_needs_card")
        if card.closed or card.is_unknown or card.is_joker or not trumps.can_come(s.trumps_out, card):
            t.refuse("GR-1", "gear.card_gone", card=target)
        s.trumps_out = (*s.trumps_out, card)
        s.put(who, cards=(*s.player(who).cards, card))
        t.rule("GC-2", "gear.drew", name=s.player(who).name, card=str(card))
        return None
    if e.kind == "return":
        cards = s.player(who).cards
        if len(cards) <= 2:
            t.refuse("GC-2", "gear.return_none", name=s.player(who).name)
        back = cards[-1]
        out = list(s.trumps_out)
        for i in range(len(out) - 1, -1, -1):
            if out[i] == back:
                del out[i]
                break
        s.trumps_out = tuple(out)
        s.put(who, cards=cards[:-1])
        t.rule("GC-2", "gear.returned", name=s.player(who).name, card=str(back))
        return target
    # heal, damage (GR-4: HP 0 to 5)
    p = s.player(who)
    hp = min(5, p.hp + e.n) if e.kind == "heal" else max(0, p.hp - e.n)
    s.put(who, hp=hp)
    t.rule("GC-2", "gear.heal" if e.kind == "heal" else "gear.damage", name=p.name, hp=hp)
    return target


def _target_gear(s: GearState, target: str | None) -> PlacedGear | None:
    """The placed gear ``target`` names: ``NAME`` (the only one of that name on the table) or
    ``SEAT:NAME``."""
    if target is None:
        return None
    owner, _, name = target.rpartition(":")
    found = [p for p in s.placed if p.name == name and (not owner or str(p.owner) == owner)]
    return found[-1] if len(found) >= 1 and (owner or len(found) == 1) else None


def hit(t: Work, cmd: Hit) -> None:
    s: GearState = t.state
    _own_turn(t, cmd.seat, "GEAR-4")
    p = s.player(cmd.seat)
    empty = trumps.remaining(s.trumps_out) == 0
    if cmd.card.is_joker:
        if not empty:
            t.refuse("GW-5", "gear.joker_not_yet", left=trumps.remaining(s.trumps_out))
        s.joker_out = True
        s.put(cmd.seat, cards=(*p.cards, cmd.card))
        t.rule("GW-5", "gear.joker", name=p.name)
        return showdown.joker(t, cmd.seat)
    if empty:
        t.refuse("GW-5", "gear.only_joker")
    if cmd.card.closed or cmd.card.is_unknown or not trumps.can_come(s.trumps_out, cmd.card):
        t.refuse("GR-1", "gear.card_gone", card=str(cmd.card))
    s.trumps_out = (*s.trumps_out, cmd.card)
    s.put(cmd.seat, cards=(*p.cards, cmd.card))
    t.rule("GEAR-4", "gear.hit", name=p.name, card=str(cmd.card))
    s.quiet = None
    _next(t)


def stand(t: Work, cmd: Stand) -> None:
    s: GearState = t.state
    _own_turn(t, cmd.seat, "GEAR-4")
    p = s.player(cmd.seat)
    quiet = not s.turn_used
    t.rule("GEAR-4", "gear.stand" if quiet else "gear.stand_after_gear", name=p.name)
    if quiet and s.quiet == other(cmd.seat):
        s.turns += 1
        return showdown.showdown(t)
    s.quiet = cmd.seat if quiet else None
    _next(t)


def _next(t: Work) -> None:
    s: GearState = t.state
    seat = s.turn
    s.blocked = s.blocked - {seat}  # a consumable block lasts the blocked player's one turn
    s.turns += 1
    begin_turn(t, other(seat))
