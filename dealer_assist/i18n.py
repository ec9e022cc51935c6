"""Languages: which one to speak, the catalogs as data, and figures the way each language
writes them.

The catalogs are gettext PO files in ``dealer_assist/locales/`` (one per language): each
entry's ``msgctxt`` is the message key the code uses, ``msgid`` the English text and ``msgstr``
its translation (empty in ``en.po``). A translator edits ``ja.po`` with any PO editor; nothing
in Python holds a sentence. The build (``setup.py``) compiles each PO to an MO file with Babel
(``compile_mo``); at run time the standard library's gettext reads it (``read_mo``). This
module imports only the standard library at its top, so the build can load it by path; only
what ``--help`` needs is imported there (``locale``, ``string``, ``pathlib`` and the values a
sentence is filled with, ``i18n_values``, when first used), and a language's catalog is read
when that language is first spoken.

Amounts: English writes ``975,000``; Japanese writes ``97万5000`` (the format spec ``man`` in
a catalog template, ``{amount:man}``). Clause ids stay as they are in every language.
"""

from __future__ import annotations

import os
from functools import lru_cache
from typing import TYPE_CHECKING, Any, BinaryIO

if TYPE_CHECKING:  # pathlib is not imported for --help (~10 ms where nothing else has)
    from pathlib import Path

LANGS = ("en", "ja")
DEFAULT = "en"
ENV_LANG = "DEALER_ASSIST_LANG"
LANGUAGE_NAMES = {"en": "English", "ja": "日本語"}


class UnknownLanguage(ValueError):
    """A language that has no catalog; ``str()`` names the available ones in both languages."""

    def __init__(self, given: str) -> None:
        self.given = given
        super().__init__(given)

    def __str__(self) -> str:
        return "\n".join(text("lang.unknown", lang, given=self.given, available=", ".join(LANGS)) for lang in LANGS)


def normalize(value: str | None) -> str | None:
    """``ja``, ``JA``, ``ja_JP.UTF-8``, ``ja-JP``, ``Japanese_Japan.932`` → ``ja``; None stays None."""
    if value is None:
        return None
    value = value.strip()
    if not value:
        return None
    low = value.lower()
    if low.startswith("japanese"):
        return "ja"
    if low in ("c", "posix") or low.startswith(("c.", "english")):
        return "en"
    return low.replace("-", "_").split(".")[0].split("@")[0].split("_")[0]


def check(value: str) -> str:
    """A language given by the user (``--lang``, ``$DEALER_ASSIST_LANG``): known, or an error."""
    lang = normalize(value)
    if lang not in LANGS:
        raise UnknownLanguage(value)
    return lang


def system_language() -> str | None:
    """The language of the system locale (POSIX order: LC_ALL, LC_MESSAGES, LANG), if known."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = normalize(os.environ.get(name))
        if value is not None:
            return value if value in LANGS else None
    import locale

    try:
        value = normalize(locale.getlocale()[0])
    except (ValueError, TypeError):  # pragma: no cover - an odd platform locale
        return None
    return value if value in LANGS else None


def resolve(explicit: str | None = None, *, session: str | None = None) -> str:
    """The language to speak: ``--lang``, then ``$DEALER_ASSIST_LANG``, then the language the
    session was played in (audit, report), then the system locale, else English.

    An unknown explicit or environment language raises ``UnknownLanguage``."""
    if explicit:
        return check(explicit)
    env = os.environ.get(ENV_LANG)
    if env and env.strip():
        return check(env)
    if session in LANGS:
        return session
    return system_language() or DEFAULT


# --------------------------------------------------------------------------- figures


def man(value: Any) -> str:
    """A whole number the Japanese way: ``975000`` → ``97万5000``, ``1000000`` → ``100万``.

    After the first unit every group has its four digits (``10005`` → ``1万0005``, ``900005``
    → ``90万0005``, ``10500`` → ``1万0500``): 「1万5」 reads as 15,000 to a viewer, 「1万0005」
    cannot be misread. The notation's 万 reader reads every form back to the same number."""
    if not isinstance(value, int) or isinstance(value, bool):
        return str(value)
    sign = "-" if value < 0 else ""
    rest = abs(value)
    if rest < 10_000:
        return f"{sign}{rest}"
    parts: list[str] = []
    for unit, size in (("兆", 10**12), ("億", 10**8), ("万", 10**4), ("", 1)):
        count, rest = divmod(rest, size)
        if parts and not count and not rest:
            break  # 100万, 1億: nothing below
        if count or parts:
            parts.append(f"{count:04d}{unit}" if parts else f"{count}{unit}")  # 1億0000万0005
    return sign + "".join(parts)


def amount(value: int, lang: str = DEFAULT, *, sign: bool = False) -> str:
    """An amount of points or HP, in the convention of ``lang`` (``+`` with ``sign``)."""
    if lang == "ja":
        body = man(value)
        return ("+" + body) if sign and value > 0 else body
    return f"{value:+,}" if sign else f"{value:,}"


@lru_cache(maxsize=1)
def _formatter():
    """``FORMATTER``: str.format with the format spec ``man`` (``{amount:man}``)."""
    import string

    class _Formatter(string.Formatter):
        def format_field(self, value: Any, format_spec: str) -> str:
            if format_spec == "man":
                return man(value)
            return super().format_field(value, format_spec)

    return _Formatter()


def __getattr__(name: str) -> Any:
    """``FORMATTER``, made when first asked for. (The values a sentence is filled with,
    ``Numbers``, ``Items`` and ``Term``, are ``i18n_values``'.)"""
    if name == "FORMATTER":
        return _formatter()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# --------------------------------------------------------------------------- catalogs


def catalog(lang: str) -> dict[str, str]:
    """Message key → template for ``lang`` (an untranslated entry falls back to English).

    Read from ``locales/{lang}.mo``, compiled from the PO file at build time, with the standard
    library's gettext: nothing is written anywhere and nothing is hashed. In a source checkout
    (a ``pyproject.toml`` beside the package) an MO that is missing or older than its PO is not
    trusted: the PO itself is read with Babel, in memory (slower, never stale)."""
    return _catalogs(lang)[0]


def msgids(lang: str) -> dict[str, str]:
    """Message key → its English msgid, read with ``lang``'s catalog (so that Japanese finds
    click's English sentences without reading the English catalog)."""
    return _catalogs(lang)[1]


@lru_cache(maxsize=len(LANGS))
def _catalogs(lang: str) -> tuple[dict[str, str], dict[str, str]]:
    """``lang``'s (key → template, key → msgid), read once."""
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locales")
    checkout = os.path.isfile(os.path.join(os.path.dirname(os.path.dirname(folder)), "pyproject.toml"))
    out, ids = _load(folder, lang, checkout=checkout)
    for extra in _EXTRA:  # the catalogs of tables shipped apart (``extend``)
        more, more_ids = _load(extra, lang, checkout=True)
        out.update({k: v for k, v in more.items() if k not in out})
        ids.update({k: v for k, v in more_ids.items() if k not in ids})
    return out, ids


catalog.cache_clear = _catalogs.cache_clear  # type: ignore[attr-defined]  # (``catalog`` was the cached one)

_EXTRA: list[Path] = []


def extend(folder: Path) -> None:
    """Add the catalogs in ``folder`` (``en.po``, ``ja.po``, or their MO): a table shipped apart
    brings its own sentences (``Ruleset.catalogs``); a key the tool already has keeps its text."""
    if folder not in _EXTRA:
        _EXTRA.append(folder)
        catalog.cache_clear()


# The entry each compiled MO holds besides the messages: the catalog's keys with their msgid,
# so that a key alone finds its text through gettext's public ``pgettext``. Its text is
# ``2␟key␟msgid␟mark␟key␟msgid␟mark…`` (``␟`` the unit separator U+001F, which no key or msgid
# holds; ``mark`` ``t`` when the key has a translation, else empty): split, not parsed, and
# gettext is asked only for the keys that have a translation (none in English). An MO compiled
# before (the index as JSON) is still read.
INDEX = ("dealer_assist.i18n", "keys")  # (msgctxt, msgid); no message key has this form
_FIELD = "\x1f"
_FORMAT = "2"


def load(folder: Path | str, lang: str, *, checkout: bool) -> dict[str, str]:
    """The catalog of ``lang`` from ``folder``: its MO, or its PO when ``checkout`` and the MO is
    missing or older than the PO (or when the MO cannot be read and the PO is there)."""
    return _load(folder, lang, checkout=checkout)[0]


def _load(folder: Path | str, lang: str, *, checkout: bool) -> tuple[dict[str, str], dict[str, str]]:
    """``load``, with each key's msgid beside it (``msgids``)."""
    import struct

    po, mo = os.path.join(folder, f"{lang}.po"), os.path.join(folder, f"{lang}.mo")
    if checkout and os.path.isfile(po) and _older(mo, po):
        return _parse_po(_read(po))
    try:
        with open(mo, "rb") as handle:
            return _read_mo(handle)
    except (OSError, ValueError, struct.error):
        if os.path.isfile(po):
            return _parse_po(_read(po))
        raise


def _read(path: str) -> bytes:
    with open(path, "rb") as handle:
        return handle.read()


def _older(mo: Path | str, po: Path | str) -> bool:
    try:
        return os.stat(mo).st_mtime_ns < os.stat(po).st_mtime_ns
    except OSError:
        return True


def read_mo(handle: BinaryIO) -> dict[str, str]:
    """Key → template from a compiled catalog (``compile_mo``), with gettext's public API: the
    index names every key's msgid, ``pgettext(key, msgid)`` gives the translation or, where
    there is none (all of English), the msgid itself."""
    return _read_mo(handle)[0]


def _read_mo(handle: BinaryIO) -> tuple[dict[str, str], dict[str, str]]:
    import gettext

    translations = gettext.GNUTranslations(handle)
    pgettext = translations.pgettext
    raw = pgettext(*INDEX)
    if raw.startswith("{"):  # an MO compiled before issue 20: the index as JSON, every key asked
        import json

        index = json.loads(raw)
        return {key: pgettext(key, msgid) for key, msgid in index.items()}, index
    head, *fields = raw.split(_FIELD)
    if head != _FORMAT or len(fields) % 3:
        raise ValueError("the MO file holds no index of its keys")
    keys, ids, marks = fields[0::3], fields[1::3], fields[2::3]
    texts = {key: pgettext(key, msgid) if mark else msgid for key, msgid, mark in zip(keys, ids, marks)}
    return texts, dict(zip(keys, ids))


def parse_po(data: bytes) -> dict[str, str]:
    """Key → template straight from a PO file, with Babel (the source of truth ``read_mo`` must
    agree with; a fuzzy translation counts, as it always has)."""
    return _parse_po(data)[0]


def _parse_po(data: bytes) -> tuple[dict[str, str], dict[str, str]]:
    import io

    from babel.messages.pofile import read_po

    out: dict[str, str] = {}
    ids: dict[str, str] = {}
    for message in read_po(io.BytesIO(data), abort_invalid=True):
        if message.id and message.context:
            out[message.context] = message.string or message.id
            ids[message.context] = message.id
    return out, ids


def compile_mo(data: bytes) -> bytes:
    """A PO file compiled to MO with Babel, plus the key index (build time: ``setup.py``, and
    ``python -m dealer_assist.i18n`` for a source checkout)."""
    import io

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    po = read_po(io.BytesIO(data), abort_invalid=True)
    index = {m.context: m.id for m in po if m.id and m.context}
    if not all(isinstance(msgid, str) for msgid in index.values()):
        raise ValueError("plural entries are not supported: a key has one sentence")
    if any((m.context, m.id) == INDEX for m in po):
        raise ValueError(f"the PO file holds the index entry {INDEX!r} itself")
    if any(_FIELD in key or _FIELD in msgid for key, msgid in index.items()):
        raise ValueError("a key or a msgid holds the index's separator U+001F")
    translated = {m.context for m in po if m.id and m.context and m.string}  # what write_mo writes (fuzzy too)
    fields = [_FORMAT]
    for key, msgid in index.items():
        fields += [key, msgid, "t" if key in translated else ""]
    po.add(INDEX[1], _FIELD.join(fields), context=INDEX[0])
    out = io.BytesIO()
    write_mo(out, po, use_fuzzy=True)
    return out.getvalue()


def compile_folder(folder: Path) -> list[Path]:
    """Every ``*.po`` in ``folder`` compiled to the ``.mo`` beside it; the MO files written."""
    from pathlib import Path

    written = []
    for po in sorted(Path(folder).glob("*.po")):
        mo = po.with_suffix(".mo")
        partial = mo.with_suffix(f".{os.getpid()}.tmp")
        partial.write_bytes(compile_mo(po.read_bytes()))
        os.replace(partial, mo)
        written.append(mo)
    return written


def text(key: str, lang: str = DEFAULT, **params: Any) -> str:
    """The sentence ``key`` in ``lang``, its values filled in (a value may itself be a key)."""
    if lang not in LANGS:
        lang = DEFAULT
    template = catalog(lang).get(key) or catalog(DEFAULT).get(key)
    if template is None:
        return key + (" " + repr(params) if params else "")
    params = {k: v.localized(lang) if hasattr(v, "localized") else v for k, v in params.items()}
    try:
        if ":man" not in template:  # str.format itself: the common case, and fast
            return template.format_map(params)
        return _formatter().format(template, **params)
    except (KeyError, ValueError, IndexError, AttributeError):
        return template + " " + repr(params)


def join_numbers(values: Any, lang: str = DEFAULT) -> str:
    """Numbers named together inside a sentence: ``1, 2`` in English, 「1・2」 in Japanese (the
    seed's 「1・2番席」); the catalog's ``list.number_sep``."""
    return text("list.number_sep", lang).join(str(v) for v in values)


def join_items(items: Any, lang: str = DEFAULT) -> str:
    """Things listed inside a sentence (``aki 80, ben 100``; 「aki 80、ben 100」): the catalog's
    ``list.sep``; an item with ``localized(lang)`` is worded in ``lang``."""
    return text("list.sep", lang).join(i.localized(lang) if hasattr(i, "localized") else str(i) for i in items)


def with_clause(clause: str | None, body: str, lang: str = DEFAULT) -> str:
    """A sentence led by the clause that rules it: ``BET-3: …``; 「BET-3：…」 (``clause.prefix``)."""
    return clause_prefix(clause, lang) + body if clause else body


def clause_prefix(clause: str, lang: str = DEFAULT) -> str:
    """The clause id and its separator, for a line that styles the two apart."""
    return text("clause.prefix", lang, clause=clause)


if __name__ == "__main__":  # python -m dealer_assist.i18n: refresh a source checkout's MO files
    from pathlib import Path

    for written in compile_folder(Path(__file__).with_name("locales")):
        print(written)
