"""The rulebook shipped in the package, in English and Japanese, quoted by clause id."""

from __future__ import annotations

import re

from dealer_assist import rulebook

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def test_the_japanese_rulebook_has_every_clause_of_the_english_one_in_the_same_order():
    assert list(rulebook.clauses("ja")) == list(rulebook.clauses("en"))
    assert len(rulebook.clauses("ja")) > 80


def test_every_japanese_clause_is_written_in_japanese_under_its_own_id():
    for clause_id, body in rulebook.clauses("ja").items():
        assert body.startswith(clause_id), clause_id
        assert JAPANESE.search(body), clause_id
        assert body != rulebook.clauses("en")[clause_id]


def test_the_japanese_rulebook_uses_the_seeds_terms():
    text = rulebook.text("ja")
    for term in ("ヒット", "スタンド", "ダブルダウン", "スプリット", "サレンダー", "即死ＪＫ", "前半", "後半",
                 "ツーロック", "時限爆弾", "バーストペナルティ", "滅びのバーストストリーム", "未来予知",
                 "バックベットアタック", "ポイント再分配", "イエローカード"):  # fmt: skip
        assert term in text, term
    assert "「90万P以下」" in rulebook.clause("ANN-1", "ja")


def test_an_unknown_language_quotes_the_english_rulebook():
    assert rulebook.clause("DRAW-3", "xx") == rulebook.clause("DRAW-3", "en")
