"""A table's column headers are looked up in the catalog once for each set of names (issue 20:
the live panel asks for the same ones on every line), and again when the catalog is read again."""

from __future__ import annotations

from dealer_assist import i18n, render


def test_headers_are_the_catalogs_words_each_time_and_a_fresh_list():
    names = ("", "box", "player", "points")
    first = render.headers(names, "ja")
    assert first == ["" if not n else i18n.text(f"col.{n}", "ja") for n in names]
    first.append("changed")
    assert render.headers(list(names), "ja") == first[:-1]
    assert render.headers(names, "en") == ["" if not n else i18n.text(f"col.{n}", "en") for n in names]
    assert render.headers(names, "xx") == render.headers(names, "en")


def test_a_catalog_read_again_is_looked_up_again(monkeypatch):
    names = ("box",)
    render.headers(names, "en")
    words = dict(i18n.catalog("en"), **{"col.box": "BOX!"})
    monkeypatch.setattr(render, "catalog", lambda lang: words)
    monkeypatch.setattr(render, "text", lambda key, lang: words[key])
    assert render.headers(names, "en") == ["BOX!"]
