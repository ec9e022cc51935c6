"""The dealer's outcomes (``core.outcomes.dealer``) against published tables for six decks and
for an infinite deck — the multi-deck complement of ``test_casino_odds.py`` (1 and 2 decks).

Sources
-------
* Six decks, before the peek: the Wizard of Odds, "Blackjack Appendix 2B: Dealer Probabilities",
  https://wizardofodds.com/games/blackjack/appendix/2b/ — tables "6 Decks - Dealer Stands on
  Soft 17" and "6 Decks - Dealer Hits on Soft 17", columns 17 18 19 20 21 BJ Bust.
* Six decks, after the peek (no blackjack): "Blackjack Appendix 2A" (the page formerly
  https://wizardofodds.com/blackjack/appendix2.html, now
  https://wizardofodds.com/games/blackjack/appendix/2a/), columns 17 18 19 20 21 Bust.
* Infinite deck: "Blackjack Appendix 1: Expected Values for Infinite Deck",
  https://wizardofodds.com/games/blackjack/appendix/1/ — the Stand table (dealer stands on
  soft 17, dealer has peeked). No published table of the infinite-deck dealer probabilities
  themselves was found; the Stand table is a published infinite-deck figure that depends on
  nothing but them: standing on 16 or less returns ``2·bust − 1`` and standing on 17–21 the
  dealer's busts and lower totals less his higher totals, so its six rows (0–16, 17, …, 21)
  pin all six after-peek probabilities of every up card. It is checked through
  ``outcomes.stand``.

The stored copy of the 2B page reachable when this file was written cuts off after the 1-deck
table, so the six-deck figures below are as transcribed, citing those pages, in two public
test files: Chamion/BJ-kombinatorinen-analysoija,
``maven-BJKA/src/test/java/bjka/AnalysoijaTest.java`` (2B, 6 decks, S17) and a TypeScript test
file of published reference tables (2A and 2B, 6 decks, S17 and H17; Appendix 1). The two agree
digit for digit on the 2B S17 table; the 2A/H17 tables and Appendix 1 come from the second only
(Appendix 1's 0–16 row is also in a third, reinforcement-learning repository, identically).
``test_the_transcribed_rows_add_up_to_one`` guards against a mistyped figure.

Composition
-----------
The Wizard's finite-deck tables are for a full shoe less the dealer's up card only (the
player's cards are not removed): ``counts_of(6, {up: 1})``, as the 1- and 2-deck checks do.
That reproduces every published figure to within the last printed digit.

The infinite deck is ``counts_of(INFINITE_DECKS, {up: 1})`` with ten million decks: drawing a
card then moves a probability by about 1e-9 (measured against a with-replacement recursion
with p = 1/13 and 4/13: at most 1.6e-9), far below Appendix 1's rounding. The one-card-out
effect is what separates a finite shoe from the infinite deck; at ten million decks it is gone.

Tolerances: 1e-4 for the six-deck tables (the issue's figure); for Appendix 1, the published
rounding (half a unit of the sixth decimal, 5e-7) plus 1e-8 for the ten-million-deck stand-in.
"""

from __future__ import annotations

import pytest

from dealer_assist.core import outcomes

KEYS = ("17", "18", "19", "20", "21", "blackjack", "bust")
AFTER_KEYS = ("17", "18", "19", "20", "21", "bust")
UP_CARDS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")
SIX_DECK_TOLERANCE = 1e-4

# https://wizardofodds.com/games/blackjack/appendix/2b/ — 6 Decks - Dealer Stands on Soft 17
# 17, 18, 19, 20, 21, BJ, Bust
BEFORE_PEEK_S17 = {
    "A": (0.130017, 0.130822, 0.130594, 0.13091, 0.0535035, 0.308682, 0.115473),
    "2": (0.139656, 0.134389, 0.13002, 0.124019, 0.118413, 0, 0.353504),
    "3": (0.134296, 0.130539, 0.125226, 0.120817, 0.114928, 0, 0.374194),
    "4": (0.130556, 0.124062, 0.121272, 0.116441, 0.111866, 0, 0.395805),
    "5": (0.121843, 0.122437, 0.117575, 0.111793, 0.107945, 0, 0.418406),
    "6": (0.165707, 0.106194, 0.106431, 0.101551, 0.0972756, 0, 0.422842),
    "7": (0.369208, 0.137931, 0.078428, 0.0786816, 0.0738158, 0, 0.261936),
    "8": (0.12894, 0.359955, 0.128723, 0.0692189, 0.0694701, 0, 0.243693),
    "9": (0.12031, 0.117348, 0.351854, 0.120368, 0.0608772, 0, 0.229242),
    "T": (0.111914, 0.111669, 0.111945, 0.340014, 0.0348174, 0.0771704, 0.212471),
}  # fmt: skip

# https://wizardofodds.com/games/blackjack/appendix/2b/ — 6 Decks - Dealer Hits on Soft 17
BEFORE_PEEK_H17 = {
    "A": (0.0572705, 0.142822, 0.142935, 0.143284, 0.0658578, 0.308682, 0.139149),
    "2": (0.130071, 0.135978, 0.131607, 0.125662, 0.120022, 0, 0.356661),
    "3": (0.1259, 0.13193, 0.126656, 0.122185, 0.116371, 0, 0.376958),
    "4": (0.122458, 0.125405, 0.12262, 0.11783, 0.113217, 0, 0.39847),
    "5": (0.118089, 0.123042, 0.118216, 0.112435, 0.108586, 0, 0.419632),
    "6": (0.115064, 0.114574, 0.115043, 0.110177, 0.105882, 0, 0.439259),
    "7": (0.369208, 0.137931, 0.078428, 0.0786816, 0.0738158, 0, 0.261936),
    "8": (0.12894, 0.359955, 0.128723, 0.0692189, 0.0694701, 0, 0.243693),
    "9": (0.12031, 0.117348, 0.351854, 0.120368, 0.0608772, 0, 0.229242),
    "T": (0.111914, 0.111669, 0.111945, 0.340014, 0.0348174, 0.0771704, 0.212471),
}  # fmt: skip

# https://wizardofodds.com/games/blackjack/appendix/2a/ — 6 Decks - Dealer Stands on Soft 17,
# the dealer checked and has no blackjack: 17, 18, 19, 20, 21, Bust
AFTER_PEEK_S17 = {
    "A": (0.188071, 0.189235, 0.188906, 0.189362, 0.077394, 0.167033),
    "2": (0.139656, 0.134389, 0.13002, 0.124019, 0.118413, 0.353504),
    "3": (0.134296, 0.130539, 0.125226, 0.120817, 0.114928, 0.374194),
    "4": (0.130556, 0.124062, 0.121272, 0.116441, 0.111866, 0.395805),
    "5": (0.121843, 0.122437, 0.117575, 0.111793, 0.107945, 0.418406),
    "6": (0.165707, 0.106194, 0.106431, 0.101551, 0.097276, 0.422842),
    "7": (0.369208, 0.137931, 0.078428, 0.078682, 0.073816, 0.261936),
    "8": (0.12894, 0.359955, 0.128723, 0.069219, 0.06947, 0.243693),
    "9": (0.12031, 0.117348, 0.351854, 0.120368, 0.060877, 0.229242),
    "T": (0.121273, 0.121007, 0.121306, 0.368447, 0.037729, 0.230239),
}  # fmt: skip

# https://wizardofodds.com/games/blackjack/appendix/2a/ — 6 Decks - Dealer Hits on Soft 17
AFTER_PEEK_H17 = {
    "A": (0.082842, 0.206593, 0.206757, 0.207262, 0.095264, 0.201281),
    "2": (0.130071, 0.135978, 0.131607, 0.125662, 0.120022, 0.356661),
    "3": (0.1259, 0.13193, 0.126656, 0.122185, 0.116371, 0.376958),
    "4": (0.122458, 0.125405, 0.12262, 0.11783, 0.113217, 0.39847),
    "5": (0.118089, 0.123042, 0.118216, 0.112435, 0.108586, 0.419632),
    "6": (0.115064, 0.114574, 0.115043, 0.110177, 0.105882, 0.439259),
    "7": (0.369208, 0.137931, 0.078428, 0.078682, 0.073816, 0.261936),
    "8": (0.12894, 0.359955, 0.128723, 0.069219, 0.06947, 0.243693),
    "9": (0.12031, 0.117348, 0.351854, 0.120368, 0.060877, 0.229242),
    "T": (0.121273, 0.121007, 0.121306, 0.368447, 0.037729, 0.230239),
}  # fmt: skip

# https://wizardofodds.com/games/blackjack/appendix/1/ — infinite deck, dealer stands on soft
# 17 and has peeked; the Stand table, player total by row, up cards 2 … 9, 10, A by column
# ("16" is the published "0-16" row: every total under 17 stands for the same value).
APPENDIX_1_COLUMNS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "A")
APPENDIX_1_STAND = {
    16: (-0.292784, -0.25225, -0.211063, -0.167193, -0.153699, -0.475375, -0.510518, -0.54315, -0.54043, -0.666951),
    17: (-0.152975, -0.117216, -0.080573, -0.044941, 0.011739, -0.106809, -0.381951, -0.423154, -0.419721, -0.478033),
    18: (0.121742, 0.1483, 0.175854, 0.199561, 0.283444, 0.399554, 0.105951, -0.183163, -0.178301, -0.100199),
    19: (0.386305, 0.404363, 0.423179, 0.439512, 0.495977, 0.615976, 0.593854, 0.287597, 0.063118, 0.277636),
    20: (0.639987, 0.650272, 0.66105, 0.67036, 0.703959, 0.773227, 0.791815, 0.758357, 0.554538, 0.65547),
    21: (0.882007, 0.8853, 0.888767, 0.891754, 0.902837, 0.925926, 0.930605, 0.939176, 0.962624, 0.922194),
}  # fmt: skip
INFINITE_DECKS = 10_000_000
APPENDIX_1_TOLERANCE = 5e-7 + 1e-8  # the sixth decimal's rounding, plus the stand-in's error

SIX_DECK_TABLES = {
    "before the peek, S17": (BEFORE_PEEK_S17, KEYS),
    "before the peek, H17": (BEFORE_PEEK_H17, KEYS),
    "after the peek, S17": (AFTER_PEEK_S17, AFTER_KEYS),
    "after the peek, H17": (AFTER_PEEK_H17, AFTER_KEYS),
}


def _six_decks_less_the_up_card(up: str) -> tuple[int, ...]:
    return outcomes.counts_of(6, {up: 1})


def _assert_row(got: dict[str, float], keys: tuple[str, ...], published: tuple[float, ...]) -> None:
    for key, expected in zip(keys, published, strict=True):
        assert got[key] == pytest.approx(expected, abs=SIX_DECK_TOLERANCE), key


@pytest.mark.parametrize("table", list(SIX_DECK_TABLES))
def test_the_transcribed_rows_add_up_to_one(table):
    rows, _ = SIX_DECK_TABLES[table]
    assert set(rows) == set(UP_CARDS)
    for up, row in rows.items():
        assert sum(row) == pytest.approx(1.0, abs=2e-5), up


# https://wizardofodds.com/games/blackjack/appendix/2b/ (6 Decks - Dealer Stands on Soft 17)
@pytest.mark.parametrize("up", UP_CARDS)
def test_six_deck_dealer_outcomes_before_the_peek_match_the_wizard(up):
    got = outcomes.dealer(_six_decks_less_the_up_card(up), outcomes.index_of(up))
    _assert_row(got, KEYS, BEFORE_PEEK_S17[up])
    assert sum(got.values()) == pytest.approx(1.0, abs=1e-12)


# https://wizardofodds.com/games/blackjack/appendix/2a/ (6 Decks - Dealer Stands on Soft 17)
@pytest.mark.parametrize("up", UP_CARDS)
def test_six_deck_dealer_outcomes_after_the_peek_match_the_wizard(up):
    got = outcomes.dealer(_six_decks_less_the_up_card(up), outcomes.index_of(up), peeked=True)
    assert got["blackjack"] == 0
    _assert_row(got, AFTER_KEYS, AFTER_PEEK_S17[up])
    assert sum(got.values()) == pytest.approx(1.0, abs=1e-12)


# https://wizardofodds.com/games/blackjack/appendix/2b/ (6 Decks - Dealer Hits on Soft 17)
@pytest.mark.parametrize("up", UP_CARDS)
def test_six_deck_dealer_hitting_soft_17_before_the_peek_matches_the_wizard(up):
    got = outcomes.dealer(_six_decks_less_the_up_card(up), outcomes.index_of(up), hits_soft_17=True)
    _assert_row(got, KEYS, BEFORE_PEEK_H17[up])


# https://wizardofodds.com/games/blackjack/appendix/2a/ (6 Decks - Dealer Hits on Soft 17)
@pytest.mark.parametrize("up", UP_CARDS)
def test_six_deck_dealer_hitting_soft_17_after_the_peek_matches_the_wizard(up):
    got = outcomes.dealer(
        _six_decks_less_the_up_card(up), outcomes.index_of(up), hits_soft_17=True, peeked=True
    )
    assert got["blackjack"] == 0
    _assert_row(got, AFTER_KEYS, AFTER_PEEK_H17[up])


# https://wizardofodds.com/games/blackjack/appendix/1/ (Stand, infinite deck, S17, peek)
@pytest.mark.parametrize("up", APPENDIX_1_COLUMNS)
def test_infinite_deck_standing_returns_match_the_wizards_appendix_1(up):
    counts = outcomes.counts_of(INFINITE_DECKS, {up: 1})
    dealt = outcomes.dealer(counts, outcomes.index_of(up), peeked=True)
    column = APPENDIX_1_COLUMNS.index(up)
    for player, row in APPENDIX_1_STAND.items():
        assert outcomes.stand(player, dealt) == pytest.approx(row[column], abs=APPENDIX_1_TOLERANCE), player
    for player in range(4, 16):  # the "0-16" row stands for every total under 17
        assert outcomes.stand(player, dealt) == pytest.approx(
            APPENDIX_1_STAND[16][column], abs=APPENDIX_1_TOLERANCE
        ), player
