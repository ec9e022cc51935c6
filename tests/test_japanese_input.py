"""Japanese input (issue 9): amounts in 万/千, the dashes an IME writes for "-", and Japanese
words, read as the notation's canonical form — which is what the store keeps and `export`
writes. A note's text and a player's name are never rewritten."""

from __future__ import annotations

import json
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_assist.tables.onemillion import notation as n
from dealer_assist.cards import Card
from dealer_assist.tables.onemillion import to_json
from dealer_assist.errors import DealerAssistError, NotationError
from dealer_assist.i18n import man
from dealer_assist.live import LiveSession
from dealer_assist.replay import replay_text
from dealer_assist.store import Store

# ---------------------------------------------------------------- amounts


@pytest.mark.parametrize(
    "typed,value",
    [
        ("1万", 10_000), ("2.5万", 25_000), ("１万５千", 15_000), ("100万", 1_000_000), ("5千", 5_000),
        ("1万5000", 15_000), ("1万5千", 15_000), ("1万5000P", 15_000), ("１万P", 10_000), ("97万5000", 975_000),
        ("1億", 100_000_000), ("1億2000万", 120_000_000), ("1.5億", 150_000_000), ("2.5千", 2_500),
        ("1兆", n.MAX_POINTS), ("5000P", 5_000), ("5000p", 5_000), ("１００，０００", 100_000), ("1万5,000", 15_000),
        ("10万", 100_000), ("０.５万", 5_000),
    ],
)  # fmt: skip
def test_amounts_in_man_and_sen_read_exactly(typed, value):
    assert n.parse_amount(n.normalize(typed)) == value


@pytest.mark.parametrize(
    "typed", ["万", "千", "P", "万P", "1万千", "1万15千", "1万10000", "1.5万5千", "1万2万", "千1万", "1万.5",
              "1万-5", "5kP", "1.2mP", "1万k", "１万五千", "一万", "1万PP", "P5000", "1 万", "٣万"],
)  # fmt: skip
def test_malformed_japanese_amounts_are_notation_errors(typed):
    with pytest.raises(NotationError):
        n.parse_amount(n.normalize(typed))


def test_japanese_amounts_are_whole_and_bounded():
    with pytest.raises(NotationError) as info:
        n.parse_amount("1.00001万")
    assert info.value.key == "notation.amount_whole"
    for token in ("1001兆", "2兆", "1兆1", "9" * 40 + "万", "1" + "0" * 70 + "万"):
        with pytest.raises(NotationError) as info:
            n.parse_amount(token)
        assert info.value.key == "notation.amount_max", token
    with pytest.raises(NotationError) as info:
        n.parse_amount("1万x")
    assert "1万" in info.value.text("en") and "1万" in info.value.text("ja")


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=n.MAX_POINTS))
def test_every_figure_the_japanese_output_writes_reads_back(value):
    """``i18n.man`` writes 97万5000; the notation reads every such figure back, with or without P."""
    assert n.parse_amount(man(value)) == value
    assert n.parse_amount(man(value) + "P") == value


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="0123456789.,_万千億兆Pp-ーkm", max_size=30))
def test_any_mix_of_digits_and_units_is_an_amount_or_a_notation_error(token):
    try:
        value = n.parse_amount(token)
    except NotationError:
        return
    assert isinstance(value, int) and 0 <= value <= n.MAX_POINTS


# ---------------------------------------------------------------- the dash


@pytest.mark.parametrize("dash", ["ー", "－", "―", "‐", "—", "−", "ｰ", "–", "ーー", "-"])
def test_a_token_of_dashes_is_no_bet(dash):
    assert n.parse_line(f"bet 3 {dash}") == [n.Bet(3, None)]
    assert n.parse_line(f"ｂｅｔ　３　{dash}") == [n.Bet(3, None)]


@pytest.mark.parametrize("line", ["bet 3 ー5", "bet 3 5ー", "bet 3 --", "bet 3 ~", "bet 3 〜"])
def test_only_a_whole_token_of_dashes_is_a_dash(line):
    with pytest.raises(NotationError):
        n.parse_line(line)


# ---------------------------------------------------------------- words

SAME = [
    ("ゲーム", "game"),
    ("ベット 3 2万", "bet 3 20000"),
    ("ﾍﾞｯﾄ ３ ２万", "bet 3 20000"),
    ("ベット　３　ー", "bet 3 -"),
    ("再分配 1=6万 3=9万", "redistribute 1=60000 3=90000"),
    ("ポイント再分配 1=6万 3=9万", "redistribute 1=60k 3=90k"),
    ("バックベット", "backbet"),
    ("バックベットアタック", "backbet"),
    ("ディール 9 [K] ジョーカー", "deal 9 [K] JK"),
    ("配布 ９ ［Ｋ］ ［ジョーカー］", "deal 9 [K] [JK]"),
    ("ｼﾞｮｰｶｰ", None),  # a card alone is no command
    ("サレンダー 1 3", "sr 1 3"),
    ("ノーサレンダー", "go"),
    ("ピーク", "peek"),
    ("チェック [9]", "peek [9]"),
    ("ロック 2 5", "lock 2 5"),
    ("ツーロック なし", "lock none"),
    ("3 ヒット 9", "3 ht 9"),
    ("３ ﾋｯﾄ ９", "3 ht 9"),
    ("3a スタンド", "3a st"),
    ("3 ｽﾀﾝﾄﾞ", "3 st"),
    ("3 ダブル 9", "3 dd 9"),
    ("3 ダブルダウン ジョーカー", "3 dd JK"),
    ("3 ﾀﾞﾌﾞﾙﾀﾞｳﾝ 9", "3 dd 9"),
    ("3 スプリット", "3 sp"),
    ("3 ｽﾌﾟﾘｯﾄ", "3 sp"),
    ("3 サレンダー", "3 sr"),
    ("3 未来予知 [9] 5", "3 foresight [9] 5"),
    ("3a ジョーカー", "3a JK"),
    ("タイムアップ", "timeup"),
    ("ﾀｲﾑｱｯﾌﾟ", "timeup"),
    ("イエロー 3", "yellow 3"),
    ("イエローカード ３", "yellow 3"),
    ("リビール T", "reveal T"),
    ("ネクスト [?]", "next [?]"),
    ("ネクスト ［？］", "next [?]"),
    ("ディーラー 7", "dealer 7"),
    ("シュー切れ", "empty"),
    ("時間切れ", "empty"),  # the seed's word (glossary)
    ("シューター切れ", "empty"),
    ("取り消し", "undo"),
    ("取消", "undo"),
    ("アンドゥ", "undo"),
    ("hp 100万", "hp 1000000"),
    ("seat 1 aki 10万", "seat 1 aki 100k"),
    ("rule heal_cap 40万", "rule heal_cap 400000"),
    ("ベット 1 1万5千P; ベット 3 ー", "bet 1 15000; bet 3 -"),
]


@pytest.mark.parametrize("typed,ascii_form", SAME)
def test_japanese_forms_parse_to_the_same_commands_as_the_notation(typed, ascii_form):
    if ascii_form is None:
        with pytest.raises(NotationError):
            n.parse_line(typed)
        return
    commands = n.parse_line(typed)
    assert commands == n.parse_line(ascii_form)
    for segment, cmd in zip(n.split_line(typed), commands, strict=True):
        stored = n.canonical(segment, cmd)
        assert stored.isascii() and n.parse_line(stored) == [cmd]


def test_words_are_whole_tokens_in_their_position_only():
    for line in ("ゲームス", "ベットー 3 1万", "3 ヒットー 9", "bet 3 ーー5", "ヒット 3 9", "3 ベット 9",
                 "deal 9 ジョーカ", "ゲーム 1", "game ゲーム"):  # fmt: skip
        with pytest.raises(NotationError):
            n.parse_line(line)


def test_a_note_and_a_players_name_are_kept_exactly_as_typed():
    text = "ゲームのピークで ー 1万 ヒット ジョーカー ﾃｽﾄ"
    (note,) = n.parse_line(f"note {text}")
    assert note == n.Note(unicodedata.normalize("NFKC", text))  # NFKC, as every line, and nothing else
    assert n.parse_line(f"メモ {text}") == [note]
    (seat,) = n.parse_line("seat 2 ジョーカー 1万")
    assert seat == n.Seat(2, "ジョーカー", 10_000)
    (seat,) = n.parse_line("seat 2 ー ５万")
    assert seat == n.Seat(2, "ー", 50_000)
    for cmd in (note, seat, n.Seat(3, "ヒット", 1), n.Note("ー")):
        assert n.parse_line(str(cmd)) == [cmd]
        assert n.canonical(str(cmd), cmd) == str(cmd)


def test_canonical_keeps_plain_ascii_as_typed_and_writes_the_rest_canonically():
    assert n.canonical("bet 3 5k", n.Bet(3, 5000)) == "bet 3 5k"
    assert n.canonical("bet\t3  5k", n.Bet(3, 5000)) == "bet\t3  5k"
    assert n.canonical("bet 3 1万", n.Bet(3, 10_000)) == "bet 3 10000"
    assert n.canonical("3 ヒット 9", n.Hit(n.HandRef(3), Card("9"))) == "3 ht 9"
    assert n.canonical("メモ ちかの質問", n.Note("ちかの質問")) == "note ちかの質問"


EVERY_KIND = """
quest extreme
hp 100万
dice 4 4 5
seat 1 ちか 10万
seat 2 ヒット 1万5千
skill surrender 1
skill under on
skill mp 3
jk 0 2
shoe 416
rule max_split_hands 2
rule late_surrender off
rule heal_cap 40万
ゲーム
ベット 1 2万
ベット 3 ー
再分配 1=6万 3=9万
バックベット
ディール 9 [K] 6 8 [5] [?]
サレンダー 1 3
ノーサレンダー
ピーク [9]
チェック
ロック 2 5
ロック 2 5 5
ロック なし
3 ヒット 4
3a スタンド
3 ダブル 9
3 スプリット
3a 7
3b ジョーカー
3 サレンダー
3 未来予知 [9] 5
3 未来予知 9
タイムアップ
イエロー 3
リビール T
リビール
ネクスト 9
ネクスト [?]
ディーラー 7
シュー切れ
メモ ちかが裁定を求めた ー 1万
取り消し
"""


@pytest.mark.parametrize("line", EVERY_KIND.strip().splitlines())
def test_every_command_kind_typed_in_japanese_prints_back_as_itself(line):
    (cmd,) = n.parse_line(line)
    (segment,) = n.split_line(line)
    stored = n.canonical(segment, cmd)
    assert n.parse_line(stored) == [cmd] and n.parse_line(str(cmd)) == [cmd]
    assert type(cmd).__name__ in json.dumps(cmd.to_dict())


def test_number_errors_name_what_in_the_language_shown():
    with pytest.raises(NotationError) as info:
        n.parse_line("bet 9 1万")
    assert "box" in info.value.text("en") and "ボックス番号" in info.value.text("ja")
    assert "box" not in info.value.text("ja")
    with pytest.raises(NotationError) as info:
        n.parse_line("dice 7")
    assert "サイコロの目" in info.value.text("ja")
    with pytest.raises(NotationError) as info:
        n.parse_line("seat 1 " + "あ" * 70 + " 1万")
    assert "characters" not in info.value.text("ja")


# ---------------------------------------------------------------- the store, export and replay

ASCII_SESSION = """\
quest normal
dice 2 5
seat 1 aki 100k
seat 3 ben 50k
skill under on
jk 0 2
game
bet 1 20k
bet 3 5k
deal 9 [K] 6
deal 8 [5] [?]
1 st
3 ht 4
3 st
reveal T
next 9
note ben asked about game 1 - fine
game
bet 1 15000; bet 3 -
deal 9 4 8 7 5 [?]
1 dd 2
undo
1 ht 2
1 st
reveal 9
"""

JAPANESE_SESSION = """\
quest normal
dice 2 5
seat 1 aki 10万
seat 3 ben ５万
skill under on
jk 0 2
ゲーム
ベット 1 2万
ﾍﾞｯﾄ ３ ５千
ディール 9 [K] 6      # 1巡目
配布 8 [5] [?]
1 スタンド
3 ﾋｯﾄ ４
3 スタンド
リビール T
ネクスト 9
メモ ben asked about game 1 - fine
ゲーム
ベット 1 1万5千P； ベット 3 ー
ディール ９ ４ ８ ７ ５ ［？］
1 ダブル 2
取り消し
1 ヒット 2
1 ｽﾀﾝﾄﾞ
リビール 9
"""


def test_a_session_typed_in_japanese_replays_like_its_notation():
    ascii_result, japanese_result = replay_text(ASCII_SESSION), replay_text(JAPANESE_SESSION)
    assert ascii_result.ok, ascii_result.error_text()
    assert japanese_result.ok, japanese_result.error_text()
    assert to_json(japanese_result.session.state) == to_json(ascii_result.session.state)


def test_a_japanese_session_is_stored_canonically_and_exports_to_the_same_state(tmp_path):
    store = Store(tmp_path / "s.db")
    live = LiveSession.open(store, "ja", create=True)
    for line in JAPANESE_SESSION.splitlines():
        live.enter(line)
    final = json.dumps(to_json(live.state))
    events = store.events(live.row)
    texts = [e.text for e in events]
    assert all(t.isascii() for t in texts)  # every stored command is the notation
    assert "bet 1 20000" in texts and "bet 3 -" in texts and "3 ht 4" in texts and "undo" in texts
    assert "deal 9 4 8 7 5 [?]" in texts and "note ben asked about game 1 - fine" in texts
    assert any(e.typed == "ベット 1 1万5千P； ベット 3 ー" for e in events)  # what was typed is kept
    assert [e.text for e in events if e.typed.startswith("ベット 1 1万5千P")] == ["bet 1 15000", "bet 3 -"]
    exported = live.script()
    again = replay_text(exported)
    assert again.ok, again.error_text()
    assert json.dumps(to_json(again.session.state)) == final  # export -> replay: the same state
    in_japanese = live.script("ja")  # the header comment in Japanese, the commands the notation
    assert in_japanese.startswith("# dealer-assist のセッション「ja」") and in_japanese.split("\n", 1)[1] == exported.split("\n", 1)[1]
    assert json.dumps(to_json(replay_text(in_japanese).session.state)) == final
    assert json.dumps(to_json(LiveSession.open(Store(tmp_path / "s.db"), "ja").state)) == final  # resume
    assert store.verify(live.row).ok
    copy = LiveSession.open(store, "copy", create=True)
    copy.enter_many(JAPANESE_SESSION.splitlines())  # import: stored canonically too
    assert [e.text for e in store.events(copy.row)] == texts
    store.close()


def test_japanese_names_and_notes_survive_the_store(tmp_path):
    store = Store(tmp_path / "s.db")
    live = LiveSession.open(store, "names", create=True)
    for line in ("quest easy", "dice 3", "seat 1 ちか 10万", "seat 2 ゲーマー ５万", "メモ ちか：ー ヒット 1万 ジョーカー"):
        live.enter(line)
    texts = [e.text for e in store.events(live.row)]
    assert texts == ["quest easy", "dice 3", "seat 1 ちか 100000", "seat 2 ゲーマー 50000",
                     "note ちか:ー ヒット 1万 ジョーカー"]  # fmt: skip
    again = replay_text(live.script())
    assert again.ok and to_json(again.session.state)["boxes"]["2"]["player"] == "ゲーマー"
    store.close()


def test_hostile_japanese_lines_raise_only_notation_errors():
    pieces = ["万", "千", "億", "兆", "ー", "―", "ヒット", "ベット", "ジョーカー", "[ジョーカー]", "１", "９", "P", ".",
              "\u3000", "ﾋｯﾄ", "ﾞ", "\u3099", "メモ", "3", "bet", "deal", "-", "=", "；", "#"]  # fmt: skip

    @settings(max_examples=300, deadline=None)
    @given(st.lists(st.sampled_from(pieces), max_size=8).map(" ".join))
    def probe(line):
        try:
            for cmd in n.parse_line(line):
                assert n.parse_line(str(cmd)) == [cmd]
        except DealerAssistError as exc:
            assert isinstance(exc, NotationError)
            exc.text("ja"), exc.text("en")

    probe()
