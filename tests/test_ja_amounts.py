"""Issue 18: amounts in Japanese that a viewer cannot misread. After the first unit every
group of four digits is written out (10,005 → 「1万0005」, never 「1万5」, which a viewer reads
as 15,000), and whatever the tool writes, the notation's 万 reader reads back to the same
number (docs/decisions.md, "Amounts in 万")."""

from __future__ import annotations

import re

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_assist import i18n
from dealer_assist import notation as n
from dealer_assist.cli import cli
from dealer_assist.replay import replay_text

MISREAD = re.compile(r"[万億兆]\d{1,3}(?!\d)")  # 「1万5」: fewer than four digits after a unit


def test_a_small_remainder_after_man_keeps_its_four_digits():
    assert i18n.man(10_005) == "1万0005"
    assert i18n.man(900_005) == "90万0005"
    assert i18n.man(100_005) == "10万0005"
    assert i18n.man(10_500) == "1万0500"
    assert i18n.man(899_978) == "89万9978"
    assert i18n.man(975_000) == "97万5000"
    assert i18n.man(1_000_000) == "100万"
    assert i18n.man(10_000) == "1万"
    assert i18n.man(5_000) == "5000"
    assert i18n.man(0) == "0"
    assert i18n.man(-20_010) == "-2万0010"
    assert i18n.man(100_000_005) == "1億0000万0005"  # no unit skipped silently: not 「1億0005」
    assert i18n.amount(10_005, "ja", sign=True) == "+1万0005"
    assert i18n.amount(10_005, "en") == "10,005"


@settings(max_examples=400, deadline=None)
@given(st.integers(min_value=0, max_value=n.MAX_POINTS))
def test_every_amount_written_in_japanese_reads_back_to_itself(value):
    written = i18n.man(value)
    assert not MISREAD.search(written), written
    assert n.parse_amount(written) == value
    assert n.parse_amount(written + "P") == value  # as a sentence writes points: 「1万0005P」


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=1, max_value=n.MAX_POINTS))
def test_a_negative_amount_is_the_sign_and_the_same_figure(value):
    written = i18n.man(-value)
    assert written.startswith("-") and n.parse_amount(written[1:]) == value
    signed = i18n.amount(value, "ja", sign=True)
    assert signed.startswith("+") and n.parse_amount(signed[1:]) == value


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=0, max_value=n.MAX_POINTS))
def test_the_catalogs_man_format_is_the_same_figure(value):
    assert i18n.FORMATTER.format("{v:man}", v=value) == i18n.man(value)


def test_a_seat_of_10005_points_is_not_shown_as_15000():
    result = replay_text("quest easy\ndice 6\nseat 1 aki 10005\nhp 900005\n")
    assert result.ok
    texts = [r.text("ja") for line in result.lines for o in line.outcomes for r in o.rulings]
    joined = "\n".join(texts)
    assert "1万0005" in joined and "90万0005" in joined, joined
    assert "1万5" not in joined.replace("1万5000", "") and "90万5" not in joined, joined


def test_simulate_help_shows_its_defaults_as_amounts_in_japanese():
    ja = CliRunner().invoke(cli, ["simulate", "--lang", "ja", "--help"], env={"COLUMNS": "200"}).output
    assert "既定値：100万" in ja and "1000000" not in ja, ja
    en = CliRunner().invoke(cli, ["simulate", "--lang", "en", "--help"], env={"COLUMNS": "200"}).output
    assert "default: 1000000" in en
