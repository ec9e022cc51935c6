"""`dealer-assist rules [CLAUSE|SECTION] [--table T] [--lang L]`: the rulebook the tool ships,
read from the terminal — one clause (``DRAW-2``), one section (``DRAW``: its text and every
clause in it) or, with nothing, the list of sections. The text is the one ``audit`` quotes
(``dealer_assist.rulebook``), in English or Japanese, for either table.

Without ``--table`` a clause is looked up in One Million's rulebook and then in the other
tables' (their clause ids differ), and the heading says whose it is.
"""

from __future__ import annotations

import click

from dataclasses import dataclass

from dealer_assist import rulesets
from dealer_assist.errors import SessionError
from dealer_assist.i18n_values import Term


def _lang(ctx: click.Context, param: click.Parameter, value: str | None) -> str:
    from dealer_assist.cli_lang import _lang_callback

    return _lang_callback(ctx, param, value)


def _books(table: str | None) -> list[str]:
    """The tables to look in, in order: the one asked for, or every table, One Million first."""
    return [table] if table else [rulesets.DEFAULT, *(t for t in rulesets.names() if t != rulesets.DEFAULT)]


def _book(table: str) -> str:
    return rulesets.get(table).rulebook


def _file(book: str, lang: str) -> str:
    """The rulebook's file name (``RULES.md``, ``CASINO.ja.md``)."""
    return f"{book}.ja.md" if lang == "ja" else f"{book}.md"


def lookup(query: str, table: str | None) -> tuple[str, str, str]:
    """(table, "clause" | "section", id) for ``query``; a refusal in one sentence with the
    nearest ids (or the table whose rulebook has it) when there is none."""
    from dealer_assist import rulebook

    for name in _books(table):
        found = rulebook.find(query, _book(name))
        if found is not None:
            return name, *found
    where = Term(f"rules.where.{table}" if table else "rules.where.any")
    if table:  # asked of one table: is it another table's clause?
        for other in rulesets.names():
            if other != table and rulebook.find(query, _book(other)) is not None:
                raise SessionError("rules.other_table", given=query, table=Term(f"ruleset.name.{table}"),
                                   other=Term(f"ruleset.name.{other}"), name=other)  # fmt: skip
    close = list(dict.fromkeys(c for name in _books(table) for c in rulebook.close_matches(query, _book(name))))
    if close:
        raise SessionError("rules.unknown", given=query, where=where, close=", ".join(close[:8]))
    raise SessionError("rules.unknown_far", given=query, where=where, sections=_Sections(tuple(_books(table))))


@dataclass(frozen=True)
class _Sections:
    """The section ids of some tables' rulebooks, each group named by its table (in any language)."""

    tables: tuple[str, ...]

    def localized(self, lang: str) -> str:
        from dealer_assist import rulebook
        from dealer_assist.i18n import text

        return text("list.sep", lang).join(
            text("rules.sections_of", lang, sections=", ".join(rulebook.sections("en", _book(name))),
                 table=Term(f"ruleset.name.{name}")) for name in self.tables)  # fmt: skip


def rules_text(query: str | None, table: str | None, lang: str) -> list[str]:
    """The lines ``rules`` prints."""
    from dealer_assist import rulebook
    from dealer_assist.i18n import text

    if not query:
        name = table or rulesets.DEFAULT
        book = _book(name)
        out = [text("rules.list", lang, table=Term(f"ruleset.name.{name}"), file=_file(book, lang))]
        found = rulebook.sections(lang, book)
        width = max(len(sid) for sid in found)
        for sid, section in found.items():
            span = section.clauses[0] if len(section.clauses) == 1 else f"{section.clauses[0]} … {section.clauses[-1]}"
            out.append(f"  {sid.ljust(width)}  {section.title}  ({span})")
        others = [t for t in rulesets.names() if t != name]
        out.append(text("rules.usage", lang, others=", ".join(f"--table {t}" for t in others)))
        return out
    name, kind, wanted = lookup(query, table)
    book = _book(name)
    head = text("rules.heading", lang, table=Term(f"ruleset.name.{name}"),
                file=_file(book, lang))  # fmt: skip
    if kind == "section":
        return [head, "", *rulebook.sections(lang, book)[wanted].text.splitlines()]
    return [head, "", *(line.strip() for line in rulebook.clause(wanted, lang, book=book).splitlines())]


@click.command()
@click.argument("clause", metavar="[CLAUSE|SECTION]", required=False)
@click.option("--table", type=click.Choice(rulesets.names()), default=None,
              help="The table whose rulebook is read (default: One Million's, then the others').")  # fmt: skip
@click.option("--lang", "lang", metavar="en|ja", callback=_lang, is_eager=True,
              help="Language of everything printed (default: $DEALER_ASSIST_LANG, else the system's).")
def rules(clause: str | None, table: str | None, lang: str) -> None:
    """Print a clause of the rulebook (DRAW-2), a section (DRAW), or the list of sections."""
    from dealer_assist import cli_lang

    for line in rules_text(clause, table, cli_lang.LANG):
        click.echo(line)
