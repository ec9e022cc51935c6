"""`dealer-assist odds saikoro`: the exact odds of the dice as a scorekeeper asks for them
(SAI-6…8, SAI-11), and the `hint` at the live prompt that uses the same figures."""

from __future__ import annotations

import json
from fractions import Fraction

from click.testing import CliRunner

from dealer_assist.cli import cli
from dealer_assist.prompt.words import hint_text
from dealer_assist.replay import replay_text
from dealer_assist.tables.saikoro import odds

SETUP = "ruleset saikoro\nseat 1 aki\nseat 2 ben\nseat 3 chika\ngame\n"


def run(*args: str):
    result = CliRunner().invoke(cli, ["odds", "saikoro", *args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_odds_saikoro_json_is_exact_and_matches_the_odds_module():
    data = json.loads(run("mangan", "--json"))
    paid = [(8000, 0)]  # a non-dealer's ron mangan
    assert data["payments"] == [[8000, 0]]
    assert Fraction(data["riichi"]["value"]) == odds.riichi(paid, 0).value
    assert Fraction(data["dama"]["value"]) == odds.dama(paid).value
    # two dice: a point of 6 is 10/36 (the higher die is 6: 5 × 2 falls), ピンゾロ 1/36
    assert data["riichi"]["distribution"]["a point of 6"]["p"] == "5/18"
    assert data["riichi"]["distribution"]["pinzoro"]["p"] == "1/36"
    # three dice, up to three rolls: 目無し three times = (1/2)³
    assert data["dama"]["distribution"]["no point"]["p"] == "1/8"


def test_odds_saikoro_rights_default_from_the_value():
    assert json.loads(run("yakuman", "--json"))["riichi"]["rights"] == 2  # 本役満 (SAI-8)
    assert json.loads(run("sanbaiman", "--json"))["riichi"]["rights"] == 1  # トリプル以上
    assert json.loads(run("2h30", "--json", "--rights", "3"))["riichi"]["rights"] == 3


def test_odds_saikoro_noten_in_both_languages():
    data = json.loads(run("noten", "--json"))
    assert sum(Fraction(row["p"]) for row in data["noten"]) == 1
    assert Fraction(data["points"]) == odds.noten_expected()[0]
    assert "ノーテン" in run("noten", "--lang", "ja")


def test_odds_saikoro_refuses_a_typo_with_a_clear_message():
    result = CliRunner().invoke(cli, ["odds", "saikoro", "mangn"])
    assert result.exit_code == 2 and "mangn" in result.output and "Traceback" not in result.output


def test_hint_with_a_right_in_hand_says_keep_or_roll_again():
    state = replay_text(SETUP + "riichi 1\ntsumo 1 3h30 ippatsu pochi\nroll 1 2\n").session.state
    said = hint_text(state, "en")
    assert "SAI-8" in said and ": roll —" in said  # a point of 2 is worth less than rolling again
    state = replay_text(SETUP + "riichi 1\ntsumo 1 3h30 ippatsu pochi\nroll 1 1\n").session.state
    assert ": keep —" in hint_text(state, "en")  # ピンゾロ is kept


def test_hint_before_the_roll_gives_the_expected_value():
    state = replay_text(SETUP + "ron 1 2 mangan\n").session.state
    said = hint_text(state, "ja")
    assert "SAI-6" in said and "１２３" in said
