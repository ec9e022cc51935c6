"""NOTATION.md: every command parses; typos are NotationErrors that say what was expected."""

from __future__ import annotations

import pytest

from dealer_assist.tables.onemillion import notation as n
from dealer_assist.cards import Card
from dealer_assist.errors import DealerAssistError, NotationError

EVERY_COMMAND = """
quest extreme
hp 1000000
dice 4 4 5
seat 1 aki 100k
skill surrender 1
skill under on
skill redistribute 2
skill mp 3
jk 0 2
shoe 416
rule max_split_hands 2
rule late_surrender off
rule heal_cap 400000
game
bet 1 20k
bet 3 -
redistribute 1=60k 3=90k
backbet
deal 9 [K] 6 8 [5] [?]
sr 1 3
go
peek [9]
peek
lock 2 5
lock 2 5 5
lock none
3 ht 4
3a st
3 dd 9
3 sp
3a 7
3 sr
3 foresight [9] 5
3 foresight 9
timeup
yellow 3
reveal T
reveal
next 9
next [?]
dealer 7
empty
note ben asked for a ruling
undo
"""


@pytest.mark.parametrize("line", [l for l in EVERY_COMMAND.strip().splitlines()])
def test_every_command_parses_and_prints_back(line):
    (cmd,) = n.parse_line(line)
    assert n.parse_line(str(cmd)) == [cmd]  # the canonical text reads back the same
    assert isinstance(cmd.to_dict(), dict)


def test_cards_with_suits_closed_and_jokers():
    assert n.parse_card("As") == Card("A", "s", False)
    assert n.parse_card("10d") == Card("T", "d", False)
    assert n.parse_card("[Th]") == Card("T", "h", True)
    assert n.parse_card("Kc") == Card("K", "c", False)
    assert n.parse_card("[?]") == Card("?", None, True)
    for joker in ("JK", "JKb", "JKc", "[JK]", "jk", "[JKb]"):
        assert n.parse_card(joker) == Card("JK", None, True)  # a joker is always closed
    assert str(n.parse_card("10")) == "T"
    assert str(n.parse_card("jkc")) == "[JK]"


@pytest.mark.parametrize("bad", ["11", "1", "[9", "9]", "?", "Kx", "JKx", "[]", "X"])
def test_bad_cards_are_notation_errors(bad):
    with pytest.raises(NotationError) as info:
        n.parse_card(bad)
    assert "expected" in str(info.value)


def test_amounts():
    assert n.parse_amount("5000") == 5000
    assert n.parse_amount("5k") == 5000
    assert n.parse_amount("1.2m") == 1_200_000
    assert n.parse_amount("1.5K") == 1500
    for bad in ("1.0005k", "5.5", "k", "-5", "5x"):
        with pytest.raises(NotationError):
            n.parse_amount(bad)


def test_hands():
    (cmd,) = n.parse_line("3a ht 9")
    assert cmd == n.Hit(n.HandRef(3, "a"), Card("9"))
    (cmd,) = n.parse_line("3 7")
    assert cmd == n.SplitCard(n.HandRef(3), Card("7"))


def test_semicolons_comments_case_and_blank_lines():
    assert n.parse_line("  # only a comment") == []
    assert n.parse_line("") == []
    cmds = n.parse_line("BET 1 20K; Bet 3 5k   # two bets")
    assert cmds == [n.Bet(1, 20_000), n.Bet(3, 5_000)]
    assert n.parse_line("DEAL 9 [k] 6") == [n.Deal((Card("9"), Card("K", None, True), Card("6")))]


def test_ime_full_width_input_reads_as_half_width():
    assert n.parse_line("１ ｈｔ ９") == [n.Hit(n.HandRef(1), Card("9"))]
    assert n.parse_line("ｎｅｘｔ　［？］") == [n.Next(Card("?", None, True))]
    assert n.parse_line("ｂｅｔ　３　５ｋ；ｂｅｔ　１　－") == [n.Bet(3, 5000), n.Bet(1, None)]
    assert n.parse_line("ｂｅｔ　３　５ｋ") == [n.Bet(3, 5000)]


@pytest.mark.parametrize(
    "line,expected",
    [
        ("bet 1", "bet BOX AMOUNT"),
        ("bet 9 10k", "box"),
        ("seat 1", "seat BOX NAME [POINTS]"),
        ("lock 1", "lock D D"),
        ("dice 7", "die"),
        ("quest medium", "quest extreme|hard|normal|easy"),
        ("3 hit 9", "ht CARD"),
        ("hello", "unknown command"),
        ("rule speed 3", "unknown rule"),
        ("skill under maybe", "on or off"),
        ("jk 4 0", "joker level"),
    ],
)
def test_parse_errors_say_what_was_expected(line, expected):
    with pytest.raises(NotationError) as info:
        n.parse_line(line)
    assert expected in str(info.value)


def test_error_root():
    assert issubclass(NotationError, DealerAssistError)
    from dealer_assist.errors import RuleViolation

    assert issubclass(RuleViolation, DealerAssistError)
    assert issubclass(DealerAssistError, ValueError)
    err = RuleViolation("BET-3", "bet.digits", amount=49500)
    assert err.clause == "BET-3" and str(err).startswith("BET-3: ")


# ---------------------------------------------------------------- one definition of a line and a space


def test_a_line_ends_only_at_a_line_feed_crlf_accepted_bom_ignored():
    text = "\ufeffquest normal\r\ndice 1 2\nnote a\x0cb\n"
    assert list(n.lines(text)) == [(1, "quest normal"), (2, "dice 1 2"), (3, "note a\x0cb"), (4, "")]
    assert list(n.read_lines([b"\xef\xbb\xbfquest normal\r\n", b"dice 1 2\n", b"caf\xe9\n"]))[:2] == [
        (1, "quest normal"), (2, "dice 1 2")]
    number, error = list(n.read_lines([b"caf\xe9\n"]))[0]
    assert number == 1 and isinstance(error, NotationError) and error.line == 1


@pytest.mark.parametrize("ch", ["\x00", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x1f", "\x85", "\u2028", "\u2029",
                                "\u1680", "\u200b", "\u202e", "\ufeff", "\ud800", "\r", "\n"])  # fmt: skip
def test_control_format_and_separator_characters_are_refused_with_code_and_column(ch):
    with pytest.raises(NotationError) as info:
        n.parse_line(f"note a{ch}b")
    assert f"U+{ord(ch):04X}" in str(info.value) and "column 7" in str(info.value)


def test_spaces_are_the_space_and_the_tab_after_nfkc():
    assert n.parse_line("bet\t1\u3000 10k") == [n.Bet(1, 10_000)]
    assert n.parse_line("note\u00a0two\u2003words\t") == [n.Note("two words")]
    assert n.tokens_of("  a \t b  ") == ["a", "b"]


def test_decode_script_names_the_first_line_that_is_not_utf8():
    assert n.decode_script("\ufeffquest normal\n".encode("utf-8")) == "quest normal\n"
    for data, line, key in [
        (b"quest normal\ndice 1 2\ncaf\xe9\n", 3, "notation.not_utf8_bytes"),
        ("quest normal\n".encode("utf-16"), 1, "notation.not_utf8_utf16"),
        ("quest normal\n".encode("utf-16-le"), 1, "notation.nul_bytes"),
        (b"quest normal\n\x00\x01\x02", 2, "notation.nul_bytes"),
    ]:
        with pytest.raises(NotationError) as info:
            n.decode_script(data)
        assert (info.value.key, info.value.line) == (key, line)


def test_numbers_are_bounded_before_any_conversion():
    assert n.parse_amount("1,000,000,000,000") == n.MAX_POINTS
    for token in ("1000000000001", "9" * 5000, "1" + "0" * 100 + "k"):
        with pytest.raises(NotationError) as info:
            n.parse_amount(token)
        assert "1,000,000,000,000" in str(info.value) and len(str(info.value)) < 300
    with pytest.raises(NotationError) as info:
        n.parse_int("9" * 5000, what="box", low=1, high=7)
    assert "from 1 to 7" in str(info.value)
    with pytest.raises(NotationError):
        n.parse_int("٣", what="box", low=1, high=7)  # digits are ASCII digits
    with pytest.raises(NotationError) as info:
        n.parse_line("x" * (n.MAX_LINE + 1))
    assert "at most 10,000" in str(info.value)
    with pytest.raises(NotationError) as info:
        n.parse_line(f"seat 1 {'a' * 65} 10k")
    assert "at most 64" in str(info.value)
