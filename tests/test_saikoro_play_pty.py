"""The Saikoro table at the live prompt, in a real terminal (a pty): the scorekeeper types a
hand, Tab offers only the dice the roll takes, `hint` answers with the exact odds, the session
is stored and resumed where it was."""

from __future__ import annotations

import re

import pytest

pexpect = pytest.importorskip("pexpect")

from helpers import play_in_pty  # noqa: E402

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[>=]|\r")
SETUP = ["ruleset saikoro", "seat 1 aki", "seat 2 ben", "seat 3 chika", "game"]


def spawn(db, lang: str = "en"):
    return play_in_pty(db, "mj", lang)


def test_a_hand_typed_at_the_prompt_with_completion_hint_and_resume(tmp_path):
    db = tmp_path / "p.db"
    child = spawn(db)
    try:
        child.expect("mj>")
        for line in SETUP:
            child.sendline(line)
        child.expect("East 1, 0 honba: aki deals")
        child.sendline("riichi 1")
        child.expect("aki declares riichi")
        child.sendline("tsumo 1 3h30 ippatsu pochi")
        child.expect(r"re-roll rights: 2")
        child.sendline("roll 1 2 3")  # a riichi win rolls two dice: refused, nothing changed
        child.expect("aki rolls 2 dice")
        child.send("roll 1 \t")  # Tab after one die: the second die's faces are offered
        child.expect("⚀")
        child.sendline("2")
        child.expect(r"keep this roll or roll again \(2 re-roll rights\)")
        child.sendline("hint")
        child.expect("SAI-8")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    again = spawn(db, "ja")
    try:
        again.expect("mj>")
        again.sendline("keep")
        again.expect("出目が確定")  # resumed at the choice: the roll kept
        again.expect("連荘|親")
        again.sendline("quit")
        again.expect(pexpect.EOF)
    finally:
        again.close(force=True)
