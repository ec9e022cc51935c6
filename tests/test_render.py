"""The dealer's live panel (render.live_state): the hole card is hidden until it is shown."""

from __future__ import annotations

from helpers import PLAIN, lines, run
from rich.console import Console

from dealer_assist import render


def panel(script: str) -> str:
    console = Console(width=120, record=True, highlight=False)
    console.print(render.panel(run(script).state))
    return console.export_text()


def dealer_row(script: str) -> str:
    return next(line for line in panel(script).splitlines() if line.split()[:2] == ["D", "dealer"])


CHECK = PLAIN + lines("game", "bet 1 10k", "bet 3 10k", "deal 9 8 K", "deal 7 6 [Q]")


def test_card_4_the_panel_hides_the_hole_card_before_the_reveal_also_after_a_peek():
    assert "[?]" in dealer_row(CHECK) and "[Q]" not in panel(CHECK)
    peeked = CHECK.replace("[Q]", "[?]") + "\npeek [7]"  # no blackjack: play goes on
    assert "[?]" in dealer_row(peeked) and "[7]" not in dealer_row(peeked)
    revealed = peeked + "\n1 st\n3 st\nreveal"
    assert "[7]" in dealer_row(revealed)


def test_base_6_a_blackjack_found_at_the_check_is_shown_on_the_panel():
    found = CHECK.replace("[Q]", "[?]") + "\npeek [A]"
    row = dealer_row(found)
    assert "[A]" in row and "[?]" not in row and "21" in row
