"""Issue 23, first part: the dealer's outcomes computed exactly (``core.outcomes``), checked against
the published tables, and the casino's odds in two viewpoints (`replay --json --odds`): the
viewers' figures never depend on the hole card.

Published figures: the Wizard of Odds, "Blackjack Appendix 2B: Dealer Probabilities" (before
the peek, wizardofodds.com/games/blackjack/appendix/2b/) and "Appendix 2: Dealer Probabilities"
(after the peek, wizardofodds.com/blackjack/appendix2.html), the 1-deck and 2-deck tables with
the dealer standing on soft 17 — the dealer's up card out of the deck, nothing else."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from dealer_assist.cli import cli
from dealer_assist.core import outcomes

KEYS = ("17", "18", "19", "20", "21", "blackjack", "bust")
BEFORE_PEEK = {  # appendix 2B, dealer stands on soft 17: 17 18 19 20 21 BJ bust
    1: {"A": (0.126128, 0.131003, 0.129486, 0.131553, 0.0515646, 0.313726, 0.11654),
        "2": (0.138976, 0.131762, 0.131815, 0.123948, 0.120526, 0, 0.352973),
        "6": (0.166948, 0.106454, 0.107192, 0.100705, 0.0978785, 0, 0.420823),
        "T": (0.114418, 0.112879, 0.114662, 0.328879, 0.0364661, 0.0784314, 0.214264)},
    2: {"A": (0.128467, 0.13089, 0.130179, 0.131159, 0.0527542, 0.31068, 0.115872),
        "2": (0.139367, 0.133348, 0.130744, 0.123997, 0.119254, 0, 0.353291)},
}  # fmt: skip
AFTER_PEEK = {  # appendix 2, the dealer checked and has no blackjack: 17 18 19 20 21 bust
    1: {"A": (0.183786, 0.19089, 0.18868, 0.191692, 0.075137, 0.169815),
        "7": (0.372345, 0.138583, 0.077334, 0.078897, 0.072987, 0.259854),
        "T": (0.124156, 0.122486, 0.124421, 0.356869, 0.03957, 0.232499)},
    2: {"A": (0.186367, 0.189883, 0.188851, 0.190272, 0.076531, 0.168096),
        "9": (0.12094, 0.112016, 0.354051, 0.121118, 0.060977, 0.230898)},
}  # fmt: skip


def _without_up(decks: int, up: str) -> tuple[int, ...]:
    return outcomes.counts_of(decks, {up: 1})


@pytest.mark.parametrize(("decks", "up"), [(d, u) for d, table in BEFORE_PEEK.items() for u in table])
def test_dealer_outcomes_before_the_peek_match_the_published_table(decks, up):
    got = outcomes.dealer(_without_up(decks, up), outcomes.index_of(up))
    for key, expected in zip(KEYS, BEFORE_PEEK[decks][up]):
        assert got[key] == pytest.approx(expected, abs=1e-4), key
    assert sum(got.values()) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize(("decks", "up"), [(d, u) for d, table in AFTER_PEEK.items() for u in table])
def test_dealer_outcomes_after_the_peek_match_the_published_table(decks, up):
    got = outcomes.dealer(_without_up(decks, up), outcomes.index_of(up), peeked=True)
    assert got["blackjack"] == 0
    for key, expected in zip(("17", "18", "19", "20", "21", "bust"), AFTER_PEEK[decks][up]):
        assert got[key] == pytest.approx(expected, abs=1e-4), key


def test_a_known_hole_card_decides_the_first_two_cards():
    counts = outcomes.counts_of(6, {"6": 1, "T": 1})
    assert outcomes.dealer(counts, outcomes.index_of("6"), hole=outcomes.index_of("T"))["17"] < 0.1  # 16: hits
    assert outcomes.dealer(counts, outcomes.index_of("A"), hole=outcomes.index_of("T"))["blackjack"] == 1.0


def test_standing_returns_wins_less_losses():
    dist = {"17": 0.2, "18": 0.1, "19": 0.1, "20": 0.1, "21": 0.1, "bust": 0.3, "blackjack": 0.1}
    assert outcomes.stand(19, dist) == pytest.approx((0.3 + 0.2 + 0.1) - (0.1 + 0.1 + 0.1))
    assert outcomes.stand(16, dist) == pytest.approx(0.3 - 0.7)


SCRIPT = "ruleset casino\nseat 1 aki\nseat 2 ben\ngame\ndeal 9 A 6\ndeal 7 K {hole}\n"


def odds(hole: str, view: str) -> dict:
    from pathlib import Path
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.txt"
        path.write_text(SCRIPT.format(hole=hole), encoding="utf-8")
        result = CliRunner().invoke(cli, ["replay", str(path), "--json", "--odds", "--view", view])
        assert result.exit_code == 0, result.output
        return json.loads(result.output)["odds"]


def test_the_viewers_odds_are_the_same_whatever_the_hole_card_is():
    public = [odds(hole, "players") for hole in ("[T]", "[5]", "[A]", "[?]")]
    assert all(p == public[0] for p in public) and public[0]["view"] == "players"
    # from the 6 alone: the dealer busts as often as a 6 does from a shoe less the cards seen
    assert public[0]["dealer"]["bust"] == pytest.approx(0.4219, abs=1e-3)


def test_the_dealers_odds_use_the_hole_card():
    known = odds("[T]", "dealer")  # 6 T = 16: the dealer must draw
    assert known["view"] == "dealer" and known["dealer"]["bust"] > 0.6
    # seat 1 (9 7 = 16) on turn: standing wins only when the dealer busts
    assert known["actions"]["st"] == pytest.approx(2 * known["dealer"]["bust"] - 1)
    assert known["actions"]["sr"] == -0.5 and "sp" not in known["actions"]


# The Wizard of Odds, "Blackjack Appendix 9 — Six deck, dealer hits on soft 17, no hole card"
# (wizardofodds.com/games/blackjack/appendix/9/euro-6dh17r4/): the expected return of standing,
# hitting (then playing on as well as can be) and doubling, for the exact composition (six decks
# less the dealer's up card and the player's two cards). With no hole card the dealer's blackjack
# is one of the dealer's outcomes, as ``outcomes.dealer`` counts it before a peek.
APPENDIX_9 = [  # dealer, player's cards, stand, hit, double
    ("A", ("2", "A"), -0.722356, -0.379910, -1.024099),
    ("A", ("3", "2"), -0.721887, -0.529734, -1.443774),
    ("A", ("6", "4"), -0.720814, -0.286818, -0.639108),
    ("A", ("6", "5"), -0.720879, -0.235772, -0.535879),
    ("A", ("7", "A"), -0.466029, -0.421285, -0.909374),
]


@pytest.mark.parametrize(("up", "cards", "stand", "hit", "double"), APPENDIX_9)
def test_stand_hit_and_double_match_the_published_six_deck_values(up, cards, stand, hit, double):
    out: dict[str, int] = {}
    for card in (*cards, up):
        out[card] = out.get(card, 0) + 1
    counts = outcomes.counts_of(6, out)
    hard = sum(1 if c == "A" else int(c) for c in cards)
    ace = "A" in cards
    index = outcomes.index_of(up)
    dealer = outcomes.dealer(counts, index, hits_soft_17=True)
    assert outcomes.stand(outcomes.best(hard, ace), dealer) == pytest.approx(stand, abs=1e-5)
    assert outcomes.hit(counts, hard, ace, index, None, True, False) == pytest.approx(hit, abs=1e-5)
    assert outcomes.double(counts, hard, ace, index, None, True, False) == pytest.approx(double, abs=1e-5)


def test_hint_gives_the_exact_values_from_the_public_cards_whatever_the_hole_card():
    from dealer_assist.prompt.words import hint_text
    from dealer_assist.replay import replay_text

    said = {hint_text(replay_text(SCRIPT.format(hole=hole)).session.state, "en") for hole in ("[T]", "[5]", "[?]")}
    assert len(said) == 1
    line = said.pop().splitlines()[1]
    assert line.startswith("exact values from the public cards") and "st -0.156" in line and "sr -0.500" in line


def _json_odds(script: str, view: str = "dealer") -> dict:
    from dealer_assist import rulesets
    from dealer_assist.replay import replay_text

    return rulesets.odds_now(replay_text(script).session.state, view, shoe=True)


def test_play_5_a_pair_has_the_split_value_and_play_7_split_aces_one_card():
    eights = _json_odds("ruleset casino\nseat 1 aki\ngame\ndeal 8 6\ndeal 8 [T]\n")
    assert eights["actions"]["sp"] > eights["actions"]["st"]  # 8 8 against a 6 that must draw: split
    counts = outcomes.counts_of(6, {"8": 2, "6": 1, "T": 1})
    assert eights["actions"]["sp"] == pytest.approx(
        outcomes.split(counts, outcomes.index_of("8"), outcomes.index_of("6"), outcomes.TEN, False, False, hands_most=4))
    assert eights["actions"]["sp"] > outcomes.split(counts, 7, 5, 9, False, False, hands_most=2)  # resplitting helps 8s


def test_ins_1_insurance_is_valued_while_it_is_offered():
    script = "ruleset casino\nseat 1 aki\ngame\ndeal 9 A\ndeal 7 {hole}\n"
    viewers = _json_odds(script.format(hole="[K]"), "players")
    assert set(viewers["actions"]) == {"ins"}
    assert viewers["actions"]["ins"] == pytest.approx(3 * viewers["dealer"]["blackjack"] - 1)
    assert _json_odds(script.format(hole="[K]"))["actions"]["ins"] == 2.0  # the dealer knows the ten
    assert _json_odds(script.format(hole="[5]"))["actions"]["ins"] == -1.0


def test_the_json_odds_carry_the_next_rounds_house_edge():
    edge = _json_odds("ruleset casino\nseat 1 aki\ngame\ndeal 9 6\ndeal 7 [T]\n", "players")["edge"]
    assert edge["strategy"] == "basic" and edge["full_shoe"] == pytest.approx(0.003325, abs=5e-6)
    assert edge["next_round"] != edge["full_shoe"]
