"""RANK — the players ranked by their chips at the end of the game, and who won (RANK-1…3)."""

from __future__ import annotations

from dealer_assist.tables.casino.state import CHIPS


def ranking(state) -> list[dict]:
    """RANK-1: most chips first; equal chips share a rank, and the next rank is skipped."""
    ordered = sorted(state.seats.values(), key=lambda s: (-s.chips, s.number))
    out = []
    for i, player in enumerate(ordered):
        rank = out[-1]["rank"] if out and out[-1]["chips"] == player.chips else i + 1
        out.append({"rank": rank, "seat": player.number, "player": player.player, "chips": player.chips})
    return out


def verdict(state) -> dict:
    """RANK-2: two or more players: the ``winner`` (None for a draw), no ``result``; RANK-3:
    alone, the ``result`` against 100 (win, draw or lose) and no ``winner`` — RANK-2 names a
    winner among players, so the two keys never say different things (CASINO.md RANK-3)."""
    seats = list(state.seats.values())
    if len(seats) == 1:
        chips = seats[0].chips
        result = "win" if chips > CHIPS else "draw" if chips == CHIPS else "lose"
        return {"alone": True, "result": result, "winner": None}
    top = max(s.chips for s in seats)
    leaders = [s for s in seats if s.chips == top]
    return {"alone": False, "result": None, "winner": leaders[0].player if len(leaders) == 1 else None}
