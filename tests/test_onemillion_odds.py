"""Issue 23 at the One Million table (`replay --json --odds`): the dealer's outcomes under the
half-up draws (DRAW-1…6) with the jokers (JK-4…8), the hand on turn's values in points and damage
(BASE-4, SET-1), the next closed card's joker chance and the phase (JK-1, JK-3) — checked against a
brute-force enumeration of every arrangement of a tiny shoe, played by the engine's own DRAW rule
(``draw.decide``); and the viewers' figures never depend on what only the dealer knows."""

from __future__ import annotations

import json
from functools import cache
from itertools import combinations, permutations

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer_assist import rulesets
from dealer_assist.cards import Card, total
from dealer_assist.cli import cli
from dealer_assist.core.table import Viewpoint
from dealer_assist.replay import replay_text
from dealer_assist.tables.onemillion import draw, odds, odds_dealer as od, odds_pool, odds_start
from dealer_assist.tables.onemillion.odds_table import build
from dealer_assist.tables.onemillion.secrets import secrets_changed

INDEX = {"A": 0, "2": 1, "3": 2, "4": 3, "5": 4, "6": 5, "7": 6, "8": 7, "9": 8, "T": 9}
OUTCOMES = ("12", "13", "14", "15", "16", "17", "18", "19", "20", "21", "bust", "blackjack", "joker", "failure")


# --- the brute force: every arrangement of a tiny shoe, each as likely -------------------------


def arrangements(faces: str, opened: int, jokers: int):
    """Every (orientation, order) of a shoe holding ``faces`` (``opened`` of them open, chosen at
    random) and ``jokers`` jokers (closed): all equally likely."""
    cards = [(f, i) for i, f in enumerate(faces)] + [("JK", 100 + k) for k in range(jokers)]
    for opens in combinations(range(len(faces)), opened):
        for order in permutations(cards):
            yield [Card(f, None, f == "JK" or i not in opens) for f, i in order]


def level(rules, number):
    return od.level(rules, number)


def dealer_plays(cards: list[Card], shoe: list[Card], count: int, rules) -> str:
    """The dealer's hand played to its end by the engine's rule (``draw.decide``), DRAW-6 when the
    shoe runs out, a drawn joker ruled by the dealer's count."""
    cards = list(cards)
    while True:
        value = total(cards)
        if value.bust:
            return "bust"
        if value.value == 21 and not value.soft:
            return "21"
        if not shoe:
            return str(value.value) if value.value >= 17 else "failure"
        top = shoe[0]
        decision, _ = draw.decide(cards, None if top.closed else top)
        if decision is draw.Decision.STAND:
            return str(value.value) if len(cards) > 2 else f"{value.value}/2"
        shoe = shoe[1:]
        if top.is_joker:
            count += 1
            lv = level(rules, count)
            if lv:
                return "joker" if lv == 1 else "failure"
            top = top.ruled(0)
        cards.append(top)


def named(vector) -> dict[str, float]:
    out = dict.fromkeys(OUTCOMES, 0.0)
    for t in range(12, 22):
        out[str(t)] = vector[od.TWO + t - 12] + vector[od.MORE + t - 12]
    out.update(bust=vector[od.BUST], blackjack=vector[od.BLACKJACK], joker=vector[od.JOKER],
               failure=vector[od.FAILURE])  # fmt: skip
    return out


def tally(results: list[str]) -> dict[str, float]:
    counts = dict.fromkeys(OUTCOMES, 0)
    for r in results:
        counts[r.split("/")[0]] += 1
    return {key: n / len(results) for key, n in counts.items()}


def pool_of(faces: str, opened: int, jokers: int) -> tuple[tuple[int, ...], int, int]:
    r = [0] * 10
    for f in faces:
        r[INDEX[f]] += 1
    return tuple(r), opened, jokers


def close(a: dict, b: dict) -> None:
    for key in OUTCOMES:
        assert a[key] == pytest.approx(b[key], abs=1e-12), key


# --- DRAW-1…6, JK-4: the dealer's outcome ----------------------------------------------------


@pytest.mark.parametrize(("up", "hole", "faces", "opened", "jokers", "rules"), [
    ("6", "T", "A5569T", 3, 1, (0, 0, 5)),  # hard 16: DRAW-2 stands on an open card that busts
    ("A", "6", "24T9T3", 3, 1, (0, 2, 2)),  # soft 17: DRAW-3; the dealer's 2nd joker is late, Lv.2
    ("7", "T", "4A23T", 2, 2, (1, 2, 1)),  # hard 17: DRAW-4 hits a 4; every joker is Lv.1
])  # fmt: skip
def test_draw_1_to_6_the_dealers_outcome_matches_every_arrangement(up, hole, faces, opened, jokers, rules):
    cards = [Card(up), Card(hole, None, True)]
    brute = tally([dealer_plays(cards, shoe, 1, rules) for shoe in arrangements(faces, opened, jokers)])
    value = total(cards)
    vector = od.finish(*pool_of(faces, opened, jokers), (), value.hard_value, any(c.is_ace for c in cards), True, 1,
                       None, rules)  # fmt: skip
    close(named(vector), brute)
    assert sum(vector) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize(("up", "hole", "faces", "opened", "jokers", "rules"), [
    ("6", "T", "A5569T", 3, 1, (0, 0, 5)),  # hard 16
    ("A", "6", "24T9T3", 3, 1, (0, 2, 2)),  # soft 17, a late joker
    ("7", "T", "4A23T", 2, 2, (1, 2, 1)),  # hard 17 hits an open card; every joker Lv.1
])  # fmt: skip
@pytest.mark.parametrize("cap", [0, 1, 2, 3])
def test_draw_6_the_sequences_of_a_counted_shoe_match_every_arrangement(up, hole, faces, opened, jokers, rules, cap):
    """DRAW-6 / END-F2: a shoe counted to hold ``cap`` cards is the first ``cap`` of an arrangement
    of the cards not seen; the capped sequences (``odds_table.build_capped``) end where it is
    empty as the dealer's hand there does."""
    from dealer_assist.tables.onemillion.odds_table import build_capped

    cards = [Card(up), Card(hole, None, True)]
    brute = tally([dealer_plays(cards, shoe[:cap], 1, rules) for shoe in arrangements(faces, opened, jokers)])
    up_card, hole_card = Card(up), Card(hole)
    index = od.ACE if hole_card.is_ace else (od.TEN if hole_card.is_ten else int(hole) - 1)
    two, code, check = odds_start.known_hole((up_card.low_value, up_card.is_ace), index, False)
    r = pool_of(faces, opened, jokers)[0]  # the most of each face: the pool's own (a sequence drawing more left out)
    table = build_capped(two, code, (), None, rules, (False, False, False), False, check, cap, r)
    vector = table.weigh(*pool_of(faces, opened, jokers), od._k(rules, 1))
    close(named(vector), brute)
    recursion = od.finish(*pool_of(faces, opened, jokers), (), total(cards).hard_value, any(c.is_ace for c in cards),
                          True, 1, cap, rules)  # fmt: skip
    close(named(vector), named(recursion))


@pytest.mark.parametrize(("up", "excluded", "check"), [
    ("6", (False, False, False), False),  # no check: the hole card is any closed card, a joker too
    ("A", (True, False, False), False),  # checked, no blackjack: not a ten; a joker there was an ace
    ("T", (False, True, True), False),  # checked under a ten: neither an ace nor a joker
    ("A", (False, False, False), True),  # the check to come: a blackjack is one of the outcomes
])  # fmt: skip
def test_card_4_a_hidden_hole_card_is_weighed_over_the_closed_cards_the_check_allows(up, excluded, check):
    faces, opened, jokers, rules = "A5T9T6", 3, 1, (0, 0, 5)
    results = []
    for shoe in arrangements(faces, opened, jokers):
        hole, rest = shoe[0], shoe[1:]
        if not hole.closed:
            continue  # the hole card is a closed card (CARD-4)
        if (excluded[0] and hole.is_ten) or (excluded[1] and hole.rank == "A") or (excluded[2] and hole.is_joker):
            continue  # the check would have ended the game
        if hole.is_joker:
            hole = hole.ruled(0)
        cards = [Card(up), hole]
        if check and total(cards).value == 21:
            results.append("blackjack")
            continue
        results.append(dealer_plays(cards, rest, 1 + hole.is_joker, rules))
    up_card = Card(up)
    vector = od.start(*pool_of(faces, opened, jokers), (), (up_card.low_value, up_card.is_ace), None, 0, None, rules,
                      excluded=excluded, peeked=any(excluded), check=check)  # fmt: skip
    weight = sum(vector)
    close(named([v / weight for v in vector]), tally(results))


def test_the_sequence_tables_give_the_recursions_figures_for_a_full_shoe():
    r = (32, 32, 32, 32, 31, 32, 32, 32, 32, 127)
    rules = (0, 2, 5)
    for up, excluded, peeked in (((6, False), (False,) * 3, False), ((1, True), (True, False, False), True)):
        for k in (0, 1, 3, 4):
            table = build(up, None, ((3, None),), ((3, None),), rules, excluded, peeked, False)
            got = table.weigh(r, 205, 7, k)
            want = od.start(r, 205, 7, ((3, None),), up, None, k, None, rules, excluded=excluded, peeked=peeked,
                            private_known=((3, None),))  # fmt: skip
            assert max(abs(a - b) for a, b in zip(got, want)) < 1e-12



@pytest.mark.parametrize("opened", [0, 1, 37, 160, 199, 200])
def test_draw_2_a_card_taken_open_or_closed_alike_is_one_sequence_with_the_recursions_figures(opened):
    """Below 17 the dealer takes an open card unless it busts for certain (DRAW-2) and a closed
    card always: such a card is counted once, drawn either way (``odds_table``), its orientations
    summed by Vandermonde's identity. The figures are the recursion's whatever share of the pool
    is open — none, one, all of it, all but one — with the hole known, hidden (a closed card), and
    a closed card stood on (DRAW-1)."""
    r = (12, 15, 16, 16, 15, 16, 16, 14, 16, 64)
    rules = (0, 2, 5)
    for up, hole in (((6, False), None), ((10, False), 5), ((1, True), None), ((2, False), 3)):
        for k in (0, 2):
            table = build(up, hole, (), None, rules, (False,) * 3, False, False)
            got = table.weigh(r, opened, 5, k)
            want = od.start(r, opened, 5, (), up, hole, k, None, rules)
            assert max(abs(a - b) for a, b in zip(got, want)) < 1e-12, (up, hole, k)
    either = build((6, False), None, (), None, rules, (False,) * 3, False, False)
    assert either.me.max() > 0 and (either.me > 0).mean() > 0.5  # most sequences take cards either way

# --- BASE-4, SET-1: the hand on turn ---------------------------------------------------------

HAND = ("quest easy\ndice 2\nseat 1 aki 100k\njk 0 0\ngame\nbet 1 1000\ndeal {a} 6\ndeal {b} {hole}\n")


def brute_hand(faces, opened, jokers, mine: list[Card], up: str, bet: int):
    """Stand, double and hit (played on as well as the player can know: by the cards seen) by
    brute force, the hole card the first closed card dealt, the players' view (no check: up 6)."""
    worlds = [s for s in arrangements(faces, opened, jokers) if s[0].closed]
    rules = (0, 0, 5)

    def pay(cards, hole, shoe, stake):
        value = total(cards)
        if value.bust:
            return -stake
        dealer = dealer_plays([Card(up), hole.ruled(0) if hole.is_joker else hole], shoe, 0, rules)
        if dealer == "bust":
            return stake
        if dealer == "failure":
            return 0
        t = int(dealer.split("/")[0])
        return stake if value.value > t else 0 if value.value == t else -stake

    @cache
    def members(prefix):  # the arrangements in which the player's cards so far are ``prefix``
        if not prefix:
            return worlds
        return [w for w in members(prefix[:-1]) if len(w) > len(prefix) and (w[len(prefix)].rank,
                                                                            w[len(prefix)].closed) == prefix[-1]]

    def stand_value(prefix):
        got = [pay(mine + [c.ruled(0) if c.is_joker else c for c in w[1:1 + len(prefix)]], w[0], w[1 + len(prefix):],
                   bet) for w in members(prefix)]  # fmt: skip
        return sum(got) / len(got)

    def best(prefix):
        stand = stand_value(prefix)
        cards = mine + [Card("A" if r == "JK" else r) for r, _ in prefix]
        if total(cards).value >= 21:
            return stand
        return max(stand, hit(prefix))

    def hit(prefix):
        nexts: dict = {}
        for w in members(prefix):
            if len(w) > 1 + len(prefix):
                c = w[1 + len(prefix)]
                nexts[(c.rank, c.closed)] = nexts.get((c.rank, c.closed), 0) + 1
        size = sum(nexts.values())
        out = 0.0
        for key, n in nexts.items():
            cards = mine + [Card("A" if r == "JK" else r) for r, _ in (*prefix, key)]
            out += n / size * (-bet if total(cards).bust else best((*prefix, key)))
        return out

    double = 0.0
    for w in worlds:
        card = w[1].ruled(0) if w[1].is_joker else w[1]
        double += pay(mine + [card], w[0], w[2:], 2 * bet) / len(worlds)
    return {"st": stand_value(()), "ht": hit(()), "dd": double}


def test_base_4_the_values_of_standing_hitting_and_doubling_match_every_arrangement(monkeypatch):
    faces, opened, jokers = "A45T9T", 3, 1
    state = replay_text(HAND.format(a="5", b="7", hole="[?]")).session.state  # aki 5 7 = 12 against a 6
    r, o, j = pool_of(faces, opened, jokers)
    monkeypatch.setattr(odds, "pool", lambda s, v: odds_pool.Pool(r, o, j, True, (), None))
    got = odds.live(state, Viewpoint.PLAYERS)
    want = brute_hand(faces, opened, jokers, [Card("5"), Card("7")], "6", 1000)
    for action in ("st", "ht", "dd"):
        assert got["actions"][action] == pytest.approx(want[action], abs=1e-9), action
    assert got["actions"]["sr"] == -500 and got["damage"]["sr"] == 0  # SURR-4
    assert got["damage"]["st"] == pytest.approx(1000 * got["dealer"]["bust"], abs=1e-9)  # a 12 wins on a bust


# --- JK-1, JK-3: the next closed card and the phase ------------------------------------------

NOTATION = "sample_sessions/notation_example.txt"


def _lines(path: str, upto: str) -> str:
    from pathlib import Path

    text = (Path(__file__).parent.parent / path).read_text(encoding="utf-8").splitlines()
    return "\n".join(text[: next(i for i, line in enumerate(text) if line.startswith(upto)) + 1]) + "\n"


def live(script: str, view: str):
    result = replay_text(script)
    assert result.ok, result.error_text()
    return rulesets.odds_now(result.session.state, view)


def test_jk_1_the_next_closed_card_is_a_joker_by_the_closed_cards_left():
    got = live(_lines(NOTATION, "3 ht 4"), "dealer")
    # 8 decks: 208 closed faces and 7 jokers; out: [K] [5] (closed) and the hole [?] (its face unknown)
    assert got["joker_next"] == pytest.approx(7 / (206 + 7))  # the hole card is one of them, unknown
    assert got["phase"] == "early"
    assert live(_lines(NOTATION, "3 ht 4"), "players")["joker_next"] == pytest.approx(got["joker_next"])


def test_jk_3_the_phase_is_by_each_viewpoints_own_count():
    script = _lines("sample_sessions/jokers.txt", "peek")  # game 2: the hole joker is the dealer's 4th
    dealer, players = live(script, "dealer"), live(script, "players")
    assert dealer["phase"] == "late" and players["phase"] == "early"  # next: the dealer's 5th, the players' 4th


def test_the_dealers_outcomes_add_up_to_one_in_each_phase_of_a_game():
    text = _lines(NOTATION, "next 9").splitlines()
    start = next(i for i, line in enumerate(text) if line.startswith("deal 8"))
    for end in range(start, len(text) - 1):
        for view in ("dealer", "players"):
            got = live("\n".join(text[: end + 1]) + "\n", view)
            assert sum(got["dealer"].values()) == pytest.approx(1.0, abs=1e-12)
            assert 0 <= got["joker_next"] <= 1


def test_between_games_there_are_no_odds():
    assert live(_lines(NOTATION, "next 9"), "dealer") is None
    assert live("quest normal\ndice 2 5\nseat 1 aki 100k\n", "players") is None


# --- the two viewpoints kept apart ------------------------------------------------------------

PEEKED = ("quest normal\ndice 2 5\nseat 1 aki 100k\nseat 3 ben 50k\njk 0 2\ngame\nbet 1 20k\nbet 3 5k\n"
          "deal 9 [T] A\ndeal 8 [8] {hole}\ngo\npeek{face}\n")  # fmt: skip
OPEN_UP = "quest normal\ndice 2 5\nseat 1 aki 100k\njk 0 2\ngame\nbet 1 20k\ndeal 9 6\ndeal 8 {hole}\n"


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["[?]", "[2]", "[5]", "[9]", "[T]", "[JK]", "[A]"]))
def test_the_viewers_figures_are_the_same_whatever_the_hidden_hole_card_and_the_dealers_count(hole):
    base = live(OPEN_UP.format(hole="[?]"), "players")
    state = replay_text(OPEN_UP.format(hole=hole)).session.state
    assert rulesets.odds_now(state, "players") == base
    assert rulesets.odds_now(secrets_changed(state), "players") == base
    assert base["view"] == "players" and set(base) == {"view", "dealer", "actions", "damage", "joker_next", "phase"}


@pytest.mark.parametrize("hole", ["[5]", "[9]", "[JK]", "[?] 3"])
def test_after_the_check_the_viewers_figures_do_not_depend_on_the_hole_card(hole):
    card, _, face = hole.partition(" ")
    state = replay_text(PEEKED.format(hole=card, face=f" {face}" if face else "")).session.state
    public = rulesets.odds_now(state, "players")
    reference = rulesets.odds_now(replay_text(PEEKED.format(hole="[4]", face="")).session.state, "players")
    assert public == reference and "blackjack" not in public["dealer"]
    assert rulesets.odds_now(secrets_changed(state, keep_check=True), "players") == reference


def test_the_dealers_view_uses_the_hole_card():
    sixteen = live(OPEN_UP.format(hole="[T]"), "dealer")  # 6 T = 16
    twelve = live(OPEN_UP.format(hole="[6]"), "dealer")
    assert sixteen["dealer"] != twelve["dealer"] and sixteen["view"] == "dealer"
    # aki 9 8 = 17 stands: wins only on a bust or a stand on 16 or less
    below = sum(p for k, p in sixteen["dealer"].items() if k.isdigit() and int(k) < 17)
    won = sixteen["dealer"]["bust"] + below
    lost = sum(p for k, p in sixteen["dealer"].items() if k.isdigit() and int(k) > 17)
    assert sixteen["actions"]["st"] == pytest.approx(20_000 * (won - lost))


# --- the command line ------------------------------------------------------------------------


@pytest.mark.parametrize("view", ["dealer", "players"])
def test_replay_json_odds_gives_the_keys(tmp_path, view):
    path = tmp_path / "s.txt"
    path.write_text(_lines(NOTATION, "3 ht 4"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["replay", str(path), "--json", "--odds", "--view", view])
    assert result.exit_code == 0, result.output
    got = json.loads(result.output)["odds"]
    assert got["view"] == view and got["phase"] == "early" and 0 < got["joker_next"] < 1
    assert {"17", "18", "19", "20", "21", "bust"} <= set(got["dealer"]) and "blackjack" not in got["dealer"]
    assert set(got["actions"]) == {"st", "ht"} == set(got["damage"])  # box 3: K 5 4 = 19, after a hit


def test_guild_3_a_card_turned_by_future_sight_is_the_next_closed_card():
    script = _lines("sample_sessions/guild_skills.txt", "1 foresight")  # [3] turned up, 2 under it
    for view in ("dealer", "players"):
        got = live(script, view)
        assert got["joker_next"] == 0.0  # the next closed card is that 3
        assert got["phase"] == "late"  # DSK-6 aggravated (dice 6 6): late from the 1st joker (JK-3)
        assert set(got["actions"]) >= {"st", "ht"} and sum(got["dealer"].values()) == pytest.approx(1.0)


# --- issue 23's speed: the fast paths give the recursion's figures on full shoes -----------------

FAST = "quest normal\ndice 1 2\nseat 1 aki 100k\n{extra}game\nbet 1 10k\ndeal {a} {up}\ndeal {b} {hole}\n{more}"


def _state(a, up, b, hole, extra="", more=""):
    result = replay_text(FAST.format(a=a, up=up, b=b, hole=hole, extra=extra, more=more))
    assert result.ok, result.error_text()
    return result.session.state


@pytest.mark.parametrize(("a", "up", "b", "hole", "extra", "more", "view"), [
    ("T", "6", "6", "[T]", "", "", "dealer"),  # hard 16
    ("5", "6", "6", "[T]", "", "", "dealer"),  # 11: hit and double
    ("A", "9", "6", "[T]", "", "", "dealer"),  # soft 17: a deep tree
    ("8", "T", "8", "[7]", "", "peek\n", "dealer"),  # a pair: the split
    ("A", "T", "A", "[7]", "", "peek\n", "dealer"),  # split aces take one card
    ("T", "5", "2", "[?]", "", "", "dealer"),  # the hole card not given: weighed card by card
    ("9", "4", "3", "[6]", "jk 1 2\n", "", "dealer"),  # a player's joker ends the hand (Lv.1)
    ("9", "4", "3", "[6]", "jk 0 3\nskill under on\n", "", "dealer"),  # Lv.3 later; the Under Bonus
    ("T", "6", "6", "[T]", "", "", "players"),  # the hole card hidden
    ("8", "T", "8", "[7]", "", "peek\n", "players"),  # hidden after the check: not a ten-making ace
    ("4", "6", "4", "[T]", "", "", "players"),  # a small pair, the hole hidden: the split's hands serve the hit
    ("3", "9", "2", "[T]", "skill mp 1\n", "1 foresight [3] 2\n", "dealer"),  # GUILD-3: two cards known on top
    ("T", "6", "2", "[?]", "skill mp 1\n", "1 foresight [2]\n", "dealer"),  # one known; the hole card hidden
    ("A", "7", "2", "[T]", "skill mp 1\n", "1 foresight [JK]\n", "players"),  # a known joker (an ace at Lv.0)
])  # fmt: skip
def test_the_rows_give_the_recursions_actions_for_a_full_shoe(a, up, b, hole, extra, more, view, monkeypatch):
    from dealer_assist.tables.onemillion import odds_rows
    from dealer_assist.tables.onemillion.odds_hand import actions

    state = _state(a, up, b, hole, extra, more)
    viewpoint = Viewpoint(view)
    table = odds._Table(state, viewpoint, odds_pool.pool(state, viewpoint))
    hand = odds._on_turn(state)
    used = []
    weigh = odds_rows.draw_value
    monkeypatch.setattr(odds_rows, "draw_value", lambda *args, **kw: used.append(1) or weigh(*args, **kw))
    fast = actions(table, hand)
    assert used  # the rows served
    slow = actions(table, hand, rows=False)
    assert fast.keys() == slow.keys() and {"ht", "dd"} <= fast.keys()
    for name in slow:
        for x, y in zip(fast[name], slow[name]):
            assert x == pytest.approx(y, rel=1e-9, abs=1e-9), name


def test_base_4_a_hit_plays_on_for_more_points_then_more_damage_a_rounding_apart_is_a_tie():
    """Points tied in exact arithmetic come out of two sums a rounding apart; the damage decides
    them whichever way the rounding fell (``odds_hand.better``, the rows the same)."""
    from dealer_assist.tables.onemillion.odds_hand import better

    stake = 60_000
    assert better((120_000.0 - 1e-11, 7.0), (120_000.0, 6.0), stake)  # the same points: more damage
    assert not better((120_000.0 + 1e-11, 5.0), (120_000.0, 6.0), stake)  # the same points: less damage
    assert better((120_000.0 + 1.0, 0.0), (120_000.0, 6.0), stake)  # a point more wins
    assert not better((120_000.0 - 1.0, 9.0), (120_000.0, 6.0), stake)


@pytest.mark.parametrize(("hard", "kd"), [(5, 3), (4, 3), (11, 0)])
def test_jk_3_each_hand_reached_is_weighed_with_the_kinds_its_own_count_allows(hard, kd):
    """A hand's jokers raise the dealer's count (JK-3): the hands reached read the kinds of
    different counts, weighed together or each count's hands apart (``odds_rows.dealer_rows``,
    whichever weighs less). Both give each hand the outcome its own pool and count give."""
    import numpy as np

    from dealer_assist.tables.onemillion import odds_rows, odds_tree
    from dealer_assist.tables.onemillion.odds_table import validity

    state = _state("9", "4", "2", "[T]")
    table = odds._Table(state, Viewpoint.DEALER, odds_pool.pool(state, Viewpoint.DEALER))
    p, rules = table.pool, table.rules
    weights = table.table_for((), p.left, p.r, p.jokers).weights()
    tree = odds_tree.tree(hard, False, 2, True)
    ks = np.minimum(kd + tree.drawn[:, 2], rules[2] - 1)
    counts, k_of = np.unique(ks, return_inverse=True)
    tables = [validity(rules, int(k)) for k in counts]
    marks = [(k_of.reshape(-1) == c)[tree.drawn_of] for c in range(len(counts))]
    apart = sum(odds_rows._cost(weights.allowed(t), *odds_rows._size(tree, m)) for t, m in zip(tables, marks))
    together = odds_rows._cost(weights.allowed(np.maximum.reduce(tables)), *odds_rows._size(tree))
    assert len(counts) > 1 and (apart < together) == (hard != 11)  # both ways are taken below
    rows = odds_rows.dealer_rows(weights, rules, kd, p.r, p.open, p.jokers, tree)
    r = np.asarray(p.r)
    for h in range(0, len(tree.d), 7):
        pool = r - tree.d[h]
        o, j = p.open - int(tree.do[h]), p.jokers - int(tree.dj[h])
        if (pool < 0).any() or o < 0 or j < 0 or o > pool.sum():
            continue
        k = min(kd + int(tree.dj[h]), rules[2] - 1)
        alone = weights.weigh(tuple(int(x) for x in pool), o, j, validity(rules, k))
        assert rows[h] == pytest.approx(alone, rel=1e-9, abs=1e-12), h


@pytest.mark.parametrize(("hard", "top"), [(5, 0), (8, 1), (13, 0)])
def test_jk_4_a_hand_holding_more_jokers_than_go_on_as_aces_is_not_weighed(hard, top):
    """Past the jokers that go on as aces the next ends the hand (JK-4): ``dealer_rows(top=…)``
    leaves the hands holding more out (their rows 0; the products skip their rows), and every
    other hand keeps the outcome the whole tree's weighing gives it."""
    import numpy as np

    from dealer_assist.tables.onemillion import odds_rows, odds_tree

    state = _state("9", "4", "2", "[T]")
    table = odds._Table(state, Viewpoint.DEALER, odds_pool.pool(state, Viewpoint.DEALER))
    p, rules = table.pool, table.rules
    weights = table.table_for((), p.left, p.r, p.jokers).weights()
    tree = odds_tree.tree(hard, False, 2, True)
    every = odds_rows.dealer_rows(weights, rules, 0, p.r, p.open, p.jokers, tree)
    some = odds_rows.dealer_rows(weights, rules, 0, p.r, p.open, p.jokers, tree, top=top)
    held = tree.dj > top
    assert held.any() and (~held).any()
    assert not some[held].any()
    assert some[~held] == pytest.approx(every[~held], rel=1e-12, abs=1e-15)
    assert every[held].any()  # the hands left out would have weighed something


@pytest.mark.parametrize(("hole", "view"), [("[T]", "dealer"), ("[?]", "dealer"), ("[T]", "players")])
def test_base_4_after_a_hit_the_hand_reached_keeps_the_figures_weighed_for_it(hole, view, monkeypatch):
    """A hand on turn after a hit is a hand the weighing before it reached (``odds_reached``):
    its figures are those a new weighing gives, for open and closed cards and a joker (an ace at
    Lv.0, counted by both viewpoints)."""
    from dealer_assist.tables.onemillion import odds_reached
    from dealer_assist.tables.onemillion.odds_hand import actions

    found = []
    look = odds_reached.find
    monkeypatch.setattr(odds_reached, "find", lambda *args: found.append(look(*args)) or found[-1])
    script = FAST.format(a="3", up="6", b="2", hole=hole, extra="", more="")
    lines = ["1 ht 2", "1 ht [2]", "1 ht [JK]"]  # 5, 7, 9, soft 20
    viewpoint = Viewpoint(view)
    for at in range(len(lines) + 1):
        result = replay_text(script + "".join(line + "\n" for line in lines[:at]))
        assert result.ok, result.error_text()
        state = result.session.state
        hand = odds._on_turn(state)
        kept = actions(odds._Table(state, viewpoint, odds_pool.pool(state, viewpoint)), hand)
        if at:
            assert found[-1] is not None  # the hand before reached this one
        saved = list(odds_reached._kept)
        odds_reached._kept.clear()
        new = actions(odds._Table(state, viewpoint, odds_pool.pool(state, viewpoint)), hand)
        odds_reached._kept[:] = saved
        assert kept.keys() == new.keys() and "ht" in kept
        for name in new:
            for x, y in zip(kept[name], new[name]):
                assert x == pytest.approx(y, rel=1e-12, abs=1e-9), (lines[:at], name)


@pytest.mark.parametrize(("hard", "hole"), [(5, "[T]"), (4, "[?]"), (12, "[7]")])
def test_draw_1_the_faces_part_by_halves_is_each_sets_faces_part_summed_by_kind(hard, hole):
    """``odds_faces.summed`` (the dealer's sets taken by their high faces, then their low faces)
    gives, for each set of faces a hand drew, each kind's sets' counts times ``Π ff(r[i] − d[i],
    m[i])`` — the sum taken set by set from that hand's pool (DRAW-1: every face from the pool)."""
    import numpy as np

    from dealer_assist.tables.onemillion import odds_faces, odds_rows, odds_start, odds_tree

    state = _state("2", "6", "3", hole)
    table = odds._Table(state, Viewpoint.DEALER, odds_pool.pool(state, Viewpoint.DEALER))
    p = table.pool
    if p.hidden:
        weights = odds_start.faces_merged(table.up, table.check_to_come, False, False)
    else:
        weights = table.table_for((), p.left, p.r, p.jokers).weights()
    matrix = odds_rows.prepare(weights)[1]
    tree = odds_tree.tree(hard, False, 2, True)
    faces = tree.faces[odds_rows._by_level(tree)[0]]
    halves, tree_halves = odds_faces.Halves(weights._entries, weights._starts, matrix), odds_faces.TreeHalves(faces)
    high, low = odds_faces.parts(halves, tree_halves, p.r, sum(p.r) + p.jokers + 1)
    kinds = matrix.shape[0]
    flat = np.full(kinds * len(faces), np.nan)  # a row per set, a column per kind
    odds_faces.summed(halves, tree_halves, high, low, np.arange(kinds), np.full(kinds, kinds), flat)
    got = flat.reshape(len(faces), kinds).T
    r = np.asarray(p.r)
    for c in range(0, len(faces), 5):
        if (r - faces[c] >= 0).all():
            want = matrix @ weights.faces(tuple(int(x) for x in r - faces[c]))
            assert got[:, c] == pytest.approx(want, rel=1e-12, abs=0), c
    places = odds_rows.prepare(weights)[0]
    if hard < 12:  # a large tree: the rows take this way (``odds_rows._weigh``)
        assert halves.cost(tree_halves) < (places.nnz + matrix.nnz) * len(faces)


@pytest.mark.parametrize("view", ["dealer", "players"])
def test_base_4_a_line_that_moves_no_card_keeps_the_figures_of_the_hand_on_turn(view, monkeypatch):
    """A line that changes nothing the figures read (the same pool, counts, stake and box) finds
    the hand on turn as the start of the last weighing (``odds_reached.find``, nothing drawn), and
    the split's hands serve the hit's (``odds_reached.same_hands``): the figures are those of a
    new weighing with nothing kept."""
    from dealer_assist.tables.onemillion import odds_reached, odds_rows
    from dealer_assist.tables.onemillion.odds_hand import actions

    state = _state("3", "6", "3", "[T]")
    viewpoint = Viewpoint(view)
    shared = []
    same = odds_reached.same_hands
    monkeypatch.setattr(odds_reached, "same_hands", lambda *args: shared.append(same(*args)) or shared[-1])
    odds_reached._kept.clear()
    first = actions(odds._Table(state, viewpoint, odds_pool.pool(state, viewpoint)), odds._on_turn(state))
    assert shared and shared[0][1].mean() > 0.9  # the hit's hands: nearly all the split's
    weighed = []
    dealer = odds_rows.dealer
    monkeypatch.setattr(odds_rows, "dealer", lambda *args, **kw: weighed.append(args[2].depth) or dealer(*args, **kw))
    again = actions(odds._Table(state, viewpoint, odds_pool.pool(state, viewpoint)), odds._on_turn(state))
    assert first == again and {"ht", "sp"} <= again.keys()
    assert weighed == [1]  # the hit and the split found: only the double's one card weighed again


@pytest.mark.parametrize("rules", [(0, 2, 5), (0, 0, 5), (1, 2, 3), (0, 3, 1)])
@pytest.mark.parametrize("up", [(6, False), (1, True), (10, False)])
def test_a_hidden_hole_weighed_card_by_card_and_merged_gives_the_recursions_outcome(rules, up):
    r = (31, 32, 32, 32, 31, 32, 32, 32, 32, 126)
    for check, excluded, peeked in ((False, (False,) * 3, False), (True, (False,) * 3, False),
                                    (False, (up[1], up == (10, False), True), True)):  # fmt: skip
        want = od.start(r, 200, 6, (), up, None, 1, None, rules, excluded=excluded, peeked=peeked, check=check,
                        private_known=())  # fmt: skip
        table = odds._Table.__new__(odds._Table)
        table.up, table.rules, table.excluded, table.peeked, table.check_to_come = up, rules, excluded, peeked, check
        got = [0.0] * od.SIZE
        for p, sequences, r2, j2, k2 in table.holes((), r, 200, 6, 1):
            od._add(got, p, sequences.weigh(r2, 200, j2, od._k(rules, k2)))
        assert max(abs(x - y) for x, y in zip(got, want)) < 1e-12
        merged = table.hidden_hole((), r, 200, 6, 1)  # the faces' tables as one (odds_weights.hidden_faces)
        assert max(abs(x - y) for x, y in zip(merged, want)) < 1e-12


@pytest.mark.parametrize("rules", [(0, 2, 5), (2, 1, 3)])
def test_a_known_hole_shares_the_sequences_of_its_total(rules):
    r = (31, 32, 32, 32, 31, 32, 32, 32, 32, 126)
    for up in ((1, True), (5, False), (10, False)):
        for hole in (*range(10), od.JK, od.JK + 1):
            for check in (False, True):
                two, code, bj = odds_start.known_hole(up, hole, check)
                got = build(two, code, (), None, rules, (False,) * 3, False, bj).weigh(r, 200, 6, 2)
                want = od.start(r, 200, 6, (), up, hole, 2, None, rules, check=check)
                assert max(abs(x - y) for x, y in zip(got, want)) < 1e-12, (up, hole, check)


KNOWN = ((), ((2, None),), ((9, None), (0, None)), ((od.JK, 0), (4, None)), ((od.JK, 1),), ((5, None), (od.JK, 2)))


@pytest.mark.parametrize("rules", [(0, 2, 5), (1, 2, 3), (0, 0, 5)])
@pytest.mark.parametrize("known", KNOWN)
def test_draw_5_the_shared_sequences_give_the_recursions_outcome_from_any_start(rules, known):
    """``odds_start``: two cards and a hidden hole card through the cards known on top, a hand
    past two cards, a closed card drawn — the recursion's figures on a full shoe."""
    r = (31, 32, 32, 32, 31, 32, 32, 32, 32, 126)

    def close(got, want, where):
        assert max(abs(x - y) for x, y in zip(got, want)) < 1e-12, where

    for up in ((1, True), (6, False), (10, False)):
        for hole in (0, 4, 9, od.JK, od.JK + 1):
            for check in (False, True):
                want = od.start(r, 200, 6, known, up, hole, 1, None, rules, check=check)
                got = odds_start.two_cards(up, hole, check, known, r, 200, 6, 1, rules)
                close(got, want, (up, hole, check))
                two, code, bj = odds_start.known_hole(up, hole, check)  # the tables' own reading of the known cards
                close(got, build(two, code, known, None, rules, (False,) * 3, False, bj).weigh(r, 200, 6, 1), up)
        for check in (False, True):
            want = od.start(r, 200, 6, known, up, None, 1, None, rules, check=check)
            got = list(odds_start.hidden_hole(up, check, False, False, known, r, 200, 6, 1, rules))
            od._add(got, 6 / (6 + sum(r) - 200), od._from_two(r, 200, 5, known, *up, od.JK, 1, None, rules, check))
            close(got, want, (up, check))
    for hard, ace, two in ((12, False, False), (5, True, False), (16, False, True), (3, True, True), (20, False, False)):
        want = od.finish(r, 200, 6, known, hard, ace, two, 2, None, rules)
        close(odds_start.hand(hard, ace, two, known, r, 200, 6, 2, rules), want, (hard, ace, two))
    for hard, ace in ((12, False), (4, True), (2, True), (16, False)):
        want = odds._closed_draw(odds_pool.Pool(r, 200, 6, False, (), None), (), hard, ace, 2, rules)
        close(odds_start.closed_draw(hard, ace, r, 200, 6, 2, rules), want, (hard, ace))


COUNTED = "quest normal\ndice 1 2\nshoe {shoe}\nseat 1 aki 100k\ngame\nbet 1 10k\ndeal {a} {up}\ndeal {b} {hole}\n"


@pytest.mark.parametrize(("shoe", "a", "up", "b", "hole"), [
    (9, "T", "2", "T", "[2]"),  # 20 against 4, five cards left: the dealer's hand often finds the shoe empty
    (12, "9", "6", "8", "[A]"),  # 17 against soft 17 (it hits an open card), eight left
    (18, "9", "5", "7", "[JK]"),  # the sample's 16 against a joker hole, fourteen left: the deepest hands only
    (11, "6", "8", "5", "[T]"),  # 11 against 18, seven left: the hands past the shoe never reached
    (8, "T", "8", "2", "[T]"),  # 12 against 18, four left: 16 loses standing, a hit from the empty shoe settles nothing
    (9, "T", "2", "T", "[?]"),  # the hole card not given: its faces merged, capped
    (12, "9", "6", "2", "[?]"),  # 11 against 6 and a hidden hole, eight left
])  # fmt: skip
def test_draw_6_the_rows_with_the_shoe_counted_give_the_recursions_actions(shoe, a, up, b, hole, monkeypatch):
    """DRAW-6 / END-F2: near the end of a counted shoe the hand on turn is weighed in rows, the
    hands that leave the dealer a short shoe weighed against its own sequences (``odds_counted``)."""
    from dealer_assist.tables.onemillion import odds_counted, odds_reached
    from dealer_assist.tables.onemillion.odds_hand import actions

    result = replay_text(COUNTED.format(shoe=shoe, a=a, up=up, b=b, hole=hole))
    assert result.ok, result.error_text()
    state = result.session.state
    table = odds._Table(state, Viewpoint.DEALER, odds_pool.pool(state, Viewpoint.DEALER))
    assert table.pool.left is not None and table.pool.left < 16
    hand = odds._on_turn(state)
    monkeypatch.setattr(odds_reached, "_kept", [])  # weighed here, not found among earlier weighings
    served = []
    short = odds_counted.short

    def spy(*args):
        served.append(short(*args))
        return served[-1]

    monkeypatch.setattr(odds_counted, "short", spy)
    fast = actions(table, hand)
    assert served and all(c is not None for c in served)  # the rows served, with the shoe's own sequences
    slow = actions(table, hand, rows=False)
    assert fast.keys() == slow.keys() and {"ht", "dd"} <= fast.keys()
    for name in slow:
        for x, y in zip(fast[name], slow[name]):
            assert x == pytest.approx(y, rel=1e-9, abs=1e-9), name


@pytest.mark.parametrize(("line", "view"), [(15, "dealer"), (16, "dealer"), (28, "dealer"), (30, "dealer"),
                                          (28, "players"), (29, "players")])  # fmt: skip
def test_draw_6_the_end_of_the_samples_shoe_weighs_in_rows_as_in_the_recursion(line, view, monkeypatch):
    """``recovery_and_empty_shoe.txt``: the dealer's view counts the shoe (`shoe 20`, one deck);
    the viewers' does not, and its cards not seen are few: the shoe runs out with them."""
    from dealer_assist.tables.onemillion import odds_counted, odds_reached
    from dealer_assist.tables.onemillion.odds_hand import actions

    from pathlib import Path

    lines = (Path(__file__).parent.parent / "sample_sessions" / "recovery_and_empty_shoe.txt").read_text(
        encoding="utf-8").splitlines()  # fmt: skip
    result = replay_text("\n".join(lines[:line]) + "\n")
    assert result.ok, result.error_text()
    state = result.session.state
    viewpoint = Viewpoint(view)
    table = odds._Table(state, viewpoint, odds_pool.pool(state, viewpoint))
    hand = odds._on_turn(state)
    monkeypatch.setattr(odds_reached, "_kept", [])
    served = []
    short = odds_counted.short
    monkeypatch.setattr(odds_counted, "short", lambda *args: served.append(short(*args)) or served[-1])
    fast = actions(table, hand)
    assert served and all(c is not None for c in served)
    slow = actions(odds._Table(state, viewpoint, odds_pool.pool(state, viewpoint)), hand, rows=False)
    assert fast.keys() == slow.keys()
    for name in slow:
        for x, y in zip(fast[name], slow[name]):
            assert x == pytest.approx(y, rel=1e-9, abs=1e-9), name


def test_draw_6_the_hands_whose_dealer_may_find_the_shoe_empty_are_not_the_full_shoes(monkeypatch):
    """The counted shoe matters: with five cards left the dealer's 4 often needs a card the shoe
    no longer holds (END-F2: nothing is settled). The rows' figures with the sequences of a shoe
    that cannot run out are not the recursion's."""
    from dealer_assist.tables.onemillion import odds_counted, odds_reached
    from dealer_assist.tables.onemillion.odds_hand import actions

    state = _state("T", "2", "T", "[2]", "shoe 9\n")
    table = odds._Table(state, Viewpoint.DEALER, odds_pool.pool(state, Viewpoint.DEALER))
    hand = odds._on_turn(state)
    slow = actions(table, hand, rows=False)
    monkeypatch.setattr(odds_reached, "_kept", [])  # no figures kept from an earlier weighing
    monkeypatch.setattr(odds_counted, "short", lambda *args: lambda *weighed: None)  # as if it could not run out
    wrong = actions(odds._Table(state, Viewpoint.DEALER, odds_pool.pool(state, Viewpoint.DEALER)), hand)
    assert abs(wrong["ht"][0] - slow["ht"][0]) > 10 and abs(wrong["dd"][0] - slow["dd"][0]) > 10
