"""The Blackjack Gear table at the live prompt, in a real terminal (a pty): the referee types a
match, Tab offers only the gears the player can afford now, `hint` gives the exact chance that
a hit busts, and a resumed session goes on where it was."""

from __future__ import annotations


import pytest

pexpect = pytest.importorskip("pexpect")

from helpers import play_in_pty  # noqa: E402

SETUP = ["ruleset gear", "gear raise placed 2 5 bet:opp:+1", "gear seal placed 5 2 block", "seat 1 aki", "seat 2 ben",
         "deck 1 raise*10 seal*10", "deck 2 raise*10 seal*10", "first 1", "pick 1 seal raise seal",
         "pick 2 raise raise seal", "round", "cards 1 [9] 5", "cards 2 [T] 6"]  # fmt: skip


def spawn(db, lang: str = "en"):
    return play_in_pty(db, "duel", lang)


def test_a_turn_at_the_prompt_with_completion_hint_and_resume(tmp_path):
    db = tmp_path / "g.db"
    child = spawn(db)
    try:
        child.expect("duel>")
        for line in SETUP[:-1]:  # one line at a time, as a referee types them
            child.sendline(line)
            child.expect("duel>")
        child.sendline(SETUP[-1])
        child.expect("aki's turn")
        child.send("use 1 \t")  # 3 PP: raise (2 PP) is offered, seal (5 PP) is not
        child.expect("2 PP")
        menu = child.before + child.after
        try:
            menu += child.read_nonblocking(100000, timeout=1)  # the rest of the menu as it is drawn
        except pexpect.TIMEOUT:
            pass
        assert "raise" in menu and "5 PP" not in menu  # seal is not offered: 5 PP is more than aki has
        child.sendline("raise")
        child.expect("ben's bet is now 2")
        child.sendline("hint")
        child.expect(r"a hit busts with \d+\.\d%")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    again = spawn(db, "ja")
    try:
        again.expect("duel>")
        again.sendline("hit 1 4")
        again.expect("benのターン")
        again.sendline("quit")
        again.expect(pexpect.EOF)
    finally:
        again.close(force=True)
