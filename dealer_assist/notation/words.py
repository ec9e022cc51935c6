"""The Japanese words of the notation: what an IME writes, read as the canonical form.

Japanese input (issue 9) is read as the notation's canonical form. After NFKC (so half-width
katakana ``ﾋｯﾄ`` is ``ヒット`` and full-width digits are digits), and only as a whole token in
the position of a command, a hand action, a card, an amount or ``bet``'s ``-``:

- amounts in 万/千 (億 and 兆 too), with an optional trailing ``P``: ``1万``, ``2.5万``,
  ``１万５千`` (= ``1万5千``), ``100万``, ``5千``, ``1万5000``, ``97万5000P``, ``1億``; each unit
  at most once, largest first, each part smaller than the unit before it; a decimal only in
  the last part (``2.5万``, not ``1.5万5千``); computed exactly, the result must be whole and
  at most ``MAX_POINTS``. ``5000P`` is ``5000``. (``JA_UNITS``)
- the marks an IME writes for ``-``: a token made only of ``ー`` (U+30FC; ``ｰ`` U+FF70 is it
  after NFKC), ``―`` (U+2015), ``‐`` (U+2010), ``—`` (U+2014), ``−`` (U+2212), ``–`` (U+2013) or
  ``‒`` (U+2012) is ``-`` (``－`` U+FF0D is ``-`` after NFKC): ``bet 3 ー``. (``DASHES``)
- words (``JA_COMMANDS``, ``JA_ACTIONS``, ``JA_CARDS``, ``JA_NONE``; the prompt's own words are
  ``JA_PROMPT``):

  | Japanese | notation |
  |---|---|
  | ゲーム | ``game`` |
  | ベット | ``bet`` |
  | 再分配, ポイント再分配 | ``redistribute`` |
  | バックベット, バックベットアタック | ``backbet`` |
  | ディール, 配布 | ``deal`` |
  | サレンダー (command) | ``sr`` (the surrender call) |
  | ノーサレンダー | ``go`` |
  | ピーク, チェック | ``peek`` |
  | ロック, ツーロック | ``lock`` |
  | なし (after ``lock``) | ``none`` |
  | タイムアップ | ``timeup`` |
  | イエロー, イエローカード | ``yellow`` |
  | リビール | ``reveal`` |
  | ネクスト | ``next`` |
  | ディーラー | ``dealer`` |
  | 時間切れ, シューター切れ, シュー切れ | ``empty`` |
  | メモ | ``note`` |
  | 取り消し, 取消し, 取消, アンドゥ | ``undo`` |
  | 取り消し 終了 (``undo`` then 終了) | ``undo end`` (takes back the end of a session) |
  | ヒット | ``HAND ht`` |
  | スタンド | ``HAND st`` |
  | ダブル, ダブルダウン | ``HAND dd`` |
  | スプリット | ``HAND sp`` |
  | サレンダー (after a hand) | ``HAND sr`` (late surrender) |
  | 未来予知 | ``HAND foresight`` |
  | ジョーカー, [ジョーカー] | ``JK``, ``[JK]`` (a card) |
  | ヘルプ, 終了 (the prompt) | ``help``, ``quit`` |

  The setup commands (``quest``, ``hp``, ``dice``, ``seat``, ``skill``, ``jk``, ``shoe``,
  ``rule``) and their values have no Japanese words (amounts in 万 are read there too).

Nothing else is rewritten: a ``ー`` inside a word (``ゲーム``) is part of the word, and a
``note``'s text and a ``seat``'s player name are kept exactly as typed. What is stored and
exported is the canonical text (``canonical``): the segment itself when it is plain ASCII,
else ``str(command)``, which reads back as the same command.
"""

from __future__ import annotations

JA_COMMANDS: dict[str, str] = {
    "ゲーム": "game", "ベット": "bet", "再分配": "redistribute", "ポイント再分配": "redistribute",
    "バックベット": "backbet", "バックベットアタック": "backbet", "ディール": "deal", "配布": "deal",
    "サレンダー": "sr", "ノーサレンダー": "go", "ピーク": "peek", "チェック": "peek", "ロック": "lock",
    "ツーロック": "lock", "タイムアップ": "timeup", "イエロー": "yellow", "イエローカード": "yellow",
    "リビール": "reveal", "ネクスト": "next", "ディーラー": "dealer", "時間切れ": "empty", "シューター切れ": "empty", "シュー切れ": "empty", "メモ": "note",
    "取り消し": "undo", "取消し": "undo", "取消": "undo", "アンドゥ": "undo",
    "インシュアランス": "ins", "保険": "ins",
}  # fmt: skip
JA_ACTIONS: dict[str, str] = {
    "ヒット": "ht", "スタンド": "st", "ダブル": "dd", "ダブルダウン": "dd", "スプリット": "sp",
    "サレンダー": "sr", "未来予知": "foresight",
}  # fmt: skip
JA_CARDS: dict[str, str] = {"ジョーカー": "JK", "[ジョーカー]": "[JK]"}
JA_NONE = ("なし",)  # lock none
JA_END = ("終了",)  # undo end
JA_PROMPT: dict[str, str] = {"ヘルプ": "help", "終了": "quit", "ヒント": "hint"}  # words of the prompt, not of the notation
# what an IME writes for "-" (after NFKC: U+FF0D is "-", U+FF70 is U+30FC)
DASHES = "ー―‐—−–‒"
JA_UNITS = (("兆", 10**12), ("億", 10**8), ("万", 10**4), ("千", 10**3))
