"""Issue 20, i18n's cost at start: the key index each compiled MO holds is split, not parsed as
JSON, and names the keys that have a translation, so that gettext is asked only for those (none
in English); an MO compiled before, with the JSON index, is still read the same. And a
language's catalog is read only when that language is spoken."""

from __future__ import annotations

import gettext
import io
import json
from pathlib import Path

import pytest

from dealer_assist import i18n

LOCALES = Path(i18n.__file__).with_name("locales")

PO = """msgid ""
msgstr ""
"Language: ja\\n"
"Content-Type: text/plain; charset=utf-8\\n"

msgctxt "greet.hello"
msgid "hello"
msgstr "こんにちは"

#, fuzzy
msgctxt "greet.fuzzy"
msgid "fuzzy"
msgstr "ぼんやり"

msgctxt "greet.untranslated"
msgid "only English"
msgstr ""

msgctxt "greet.lines"
msgid ""
"two\\n"
"lines"
msgstr ""
"二\\n"
"行"
"""

EXPECTED = {"greet.hello": "こんにちは", "greet.fuzzy": "ぼんやり", "greet.untranslated": "only English",
            "greet.lines": "二\n行"}  # fmt: skip


def _old_mo(data: bytes) -> bytes:
    """An MO as compiled before issue 20: the index is the JSON of key → msgid."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    po = read_po(io.BytesIO(data), abort_invalid=True)
    index = {m.context: m.id for m in po if m.id and m.context}
    po.add(i18n.INDEX[1], json.dumps(index, ensure_ascii=False, separators=(",", ":")), context=i18n.INDEX[0])
    out = io.BytesIO()
    write_mo(out, po, use_fuzzy=True)
    return out.getvalue()


def _asked(monkeypatch, compiled: bytes) -> tuple[dict, list[str]]:
    asked: list[str] = []
    real = gettext.GNUTranslations.pgettext

    def counting(self, context, message):
        asked.append(context)
        return real(self, context, message)

    monkeypatch.setattr(gettext.GNUTranslations, "pgettext", counting)
    return i18n.read_mo(io.BytesIO(compiled)), asked


def test_the_index_names_each_key_its_msgid_and_whether_it_is_translated():
    raw = gettext.GNUTranslations(io.BytesIO(i18n.compile_mo(PO.encode()))).pgettext(*i18n.INDEX)
    head, *fields = raw.split("\x1f")
    assert head == "2"
    assert list(zip(fields[0::3], fields[1::3], fields[2::3])) == [
        ("greet.hello", "hello", "t"), ("greet.fuzzy", "fuzzy", "t"), ("greet.untranslated", "only English", ""),
        ("greet.lines", "two\nlines", "t"),
    ]  # fmt: skip


def test_gettext_is_asked_only_for_the_translated_keys(monkeypatch):
    catalog, asked = _asked(monkeypatch, i18n.compile_mo(PO.encode()))
    assert catalog == EXPECTED
    assert sorted(asked) == sorted([i18n.INDEX[0], "greet.hello", "greet.fuzzy", "greet.lines"])


def test_english_asks_gettext_for_nothing_but_the_index(monkeypatch):
    compiled = i18n.compile_mo((LOCALES / "en.po").read_bytes())
    catalog, asked = _asked(monkeypatch, compiled)
    assert asked == [i18n.INDEX[0]]
    assert catalog == i18n.parse_po((LOCALES / "en.po").read_bytes())


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_an_mo_compiled_before_with_the_json_index_reads_the_same(lang):
    data = (LOCALES / f"{lang}.po").read_bytes()
    assert i18n.read_mo(io.BytesIO(_old_mo(data))) == i18n.read_mo(io.BytesIO(i18n.compile_mo(data)))
    assert i18n.read_mo(io.BytesIO(_old_mo(PO.encode()))) == EXPECTED


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_the_msgids_are_the_po_s(lang):
    data = (LOCALES / f"{lang}.po").read_bytes()
    _, ids = i18n._read_mo(io.BytesIO(i18n.compile_mo(data)))
    assert ids == i18n._parse_po(data)[1]
    assert all(ids[key] for key in ids)


def test_an_mo_without_a_usable_index_falls_back_to_the_po(tmp_path):
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    (tmp_path / "ja.po").write_text(PO, encoding="utf-8")
    for index in ("3\x1fgreet.hello\x1fhello\x1ft", "2\x1fgreet.hello\x1fhello", None):
        po = read_po(io.BytesIO(PO.encode()), abort_invalid=True)
        if index is not None:
            po.add(i18n.INDEX[1], index, context=i18n.INDEX[0])
        out = io.BytesIO()
        write_mo(out, po, use_fuzzy=True)
        with pytest.raises(ValueError):
            i18n.read_mo(io.BytesIO(out.getvalue()))
        (tmp_path / "ja.mo").write_bytes(out.getvalue())
        assert i18n.load(tmp_path, "ja", checkout=False) == EXPECTED


def test_a_msgid_holding_the_separator_is_refused():
    with pytest.raises(ValueError):
        i18n.compile_mo(PO.replace('msgid "hello"', 'msgid "hel\x1flo"').encode())


def test_a_folder_may_be_a_path_or_a_string(tmp_path):
    (tmp_path / "ja.po").write_text(PO, encoding="utf-8")
    (tmp_path / "ja.mo").write_bytes(i18n.compile_mo(PO.encode()))
    assert i18n.load(tmp_path, "ja", checkout=False) == i18n.load(str(tmp_path), "ja", checkout=False) == EXPECTED
