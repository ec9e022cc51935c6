"""`dealer-assist rules` (issue 17): the rulebook shipped in the package, read from the terminal —
a clause or a section, in either language, for either table, with the text `audit` quotes; a
clause that does not exist is one sentence naming the nearest ones."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from dealer_assist import rulebook, rulesets
from dealer_assist.cli import cli


def rules(*args: str):
    result = CliRunner().invoke(cli, ["rules", *args], env={"COLUMNS": "200"})
    return result.exit_code, result.output


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_clause_is_printed_as_audit_quotes_it(lang):
    code, out = rules("DRAW-2", "--lang", lang)
    assert code == 0, out
    for line in rulebook.clause("DRAW-2", lang).splitlines():
        assert line.strip() in out
    assert "DRAW-3" not in out


def test_a_clause_id_in_any_case_and_full_width():
    assert rules("draw-2")[1] == rules("DRAW-2")[1] == rules("ＤＲＡＷ－２")[1]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_section_prints_its_text_and_every_clause(lang):
    code, out = rules("DRAW", "--lang", lang)
    assert code == 0, out
    for number in range(1, 7):
        assert f"DRAW-{number} " in out
    assert "SURR-1" not in out
    assert ("half-up" if lang == "en" else "ハーフアップ") in out


def test_without_a_clause_it_lists_the_sections():
    code, out = rules()
    assert code == 0, out
    for section in ("CARD", "DRAW", "SET", "JK", "DSK", "TIME", "SETUP"):
        assert f"  {section} " in out
    assert "--table casino" in out


@pytest.mark.parametrize("table", rulesets.names())
def test_every_table_has_its_rulebook(table):
    book = rulesets.get(table).rulebook
    first = next(iter(rulebook.clauses("en", book)))
    code, out = rules(first, "--table", table, "--lang", "ja")
    assert code == 0, out
    assert rulebook.clause(first, "ja", book=book).splitlines()[0].strip() in out


def test_the_casino_tables_clauses_are_found_and_named_as_its():
    code, out = rules("PEEK-2")
    assert code == 0 and "casino" in out and "PEEK-2 Dealer blackjack" in out, out
    code, out = rules("PEEK-2", "--table", "onemillion")
    assert code == 1 and "--table casino" in out, out


@pytest.mark.parametrize("given, near", [("DRAW-9", "DRAW-2"), ("PAEK-2", "PEEK-2"), ("SET-F", "SET-E")])
def test_a_clause_that_does_not_exist_is_one_sentence_with_the_nearest(given, near):
    code, out = rules(given)
    assert code == 1
    assert "Traceback" not in out and len(out.strip().splitlines()) == 1, out
    assert given in out and near in out


def test_nothing_near_names_the_sections_in_japanese():
    code, out = rules("zzz", "--lang", "ja")
    assert code == 1 and len(out.strip().splitlines()) == 1
    assert "ありません" in out and "DRAW" in out and "PEEK" in out


def test_an_unknown_table_is_refused_by_its_choices():
    code, out = rules("DRAW-2", "--table", "poker")
    assert code == 2 and "onemillion" in out and "casino" in out
