"""Languages: which one to speak, the catalogs as data, and figures the way each language
writes them.

The catalogs are gettext PO files in ``dealer_assist/locales/`` (one per language): each
entry's ``msgctxt`` is the message key the code uses, ``msgid`` the English text and ``msgstr``
its translation (empty in ``en.po``). A translator edits ``ja.po`` with any PO editor; nothing
in Python holds a sentence. The build (``setup.py``) compiles each PO to an MO file with Babel
(``compile_mo``); at run time the standard library's gettext reads it (``read_mo``). This
module imports only the standard library at its top, so the build can load it by path.

Amounts: English writes ``975,000``; Japanese writes ``97万5000`` (the format spec ``man`` in
a catalog template, ``{amount:man}``). Clause ids stay as they are in every language.
"""

from __future__ import annotations

import locale as _locale
import os
import string
import struct
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, BinaryIO

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
    try:
        value = normalize(_locale.getlocale()[0])
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


class _Formatter(string.Formatter):
    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "man":
            return man(value)
        return super().format_field(value, format_spec)


FORMATTER = _Formatter()


# --------------------------------------------------------------------------- catalogs


@lru_cache(maxsize=len(LANGS))
def catalog(lang: str) -> dict[str, str]:
    """Message key → template for ``lang`` (an untranslated entry falls back to English).

    Read from ``locales/{lang}.mo``, compiled from the PO file at build time, with the standard
    library's gettext: nothing is written anywhere and nothing is hashed. In a source checkout
    (a ``pyproject.toml`` beside the package) an MO that is missing or older than its PO is not
    trusted: the PO itself is read with Babel, in memory (slower, never stale)."""
    folder = Path(__file__).with_name("locales")
    out = load(folder, lang, checkout=(folder.parent.parent / "pyproject.toml").is_file())
    for extra in _EXTRA:  # the catalogs of tables shipped apart (``extend``)
        out.update({k: v for k, v in load(extra, lang, checkout=True).items() if k not in out})
    return out


_EXTRA: list[Path] = []


def extend(folder: Path) -> None:
    """Add the catalogs in ``folder`` (``en.po``, ``ja.po``, or their MO): a table shipped apart
    brings its own sentences (``Ruleset.catalogs``); a key the tool already has keeps its text."""
    if folder not in _EXTRA:
        _EXTRA.append(folder)
        catalog.cache_clear()


# The entry each compiled MO holds besides the messages: the catalog's keys with their msgid,
# as JSON, so that a key alone finds its text through gettext's public ``pgettext``.
INDEX = ("dealer_assist.i18n", "keys")  # (msgctxt, msgid); no message key has this form


def load(folder: Path, lang: str, *, checkout: bool) -> dict[str, str]:
    """The catalog of ``lang`` from ``folder``: its MO, or its PO when ``checkout`` and the MO is
    missing or older than the PO (or when the MO cannot be read and the PO is there)."""
    po, mo = folder / f"{lang}.po", folder / f"{lang}.mo"
    if checkout and po.is_file() and _older(mo, po):
        return parse_po(po.read_bytes())
    try:
        with mo.open("rb") as handle:
            return read_mo(handle)
    except (OSError, ValueError, struct.error):
        if po.is_file():
            return parse_po(po.read_bytes())
        raise


def _older(mo: Path, po: Path) -> bool:
    try:
        return mo.stat().st_mtime_ns < po.stat().st_mtime_ns
    except OSError:
        return True


def read_mo(handle: BinaryIO) -> dict[str, str]:
    """Key → template from a compiled catalog (``compile_mo``), with gettext's public API: the
    index names every key's msgid, ``pgettext(key, msgid)`` gives the translation or, where
    there is none (all of English), the msgid itself."""
    import gettext
    import json

    translations = gettext.GNUTranslations(handle)
    index = json.loads(translations.pgettext(*INDEX))
    return {key: translations.pgettext(key, msgid) for key, msgid in index.items()}


def parse_po(data: bytes) -> dict[str, str]:
    """Key → template straight from a PO file, with Babel (the source of truth ``read_mo`` must
    agree with; a fuzzy translation counts, as it always has)."""
    import io

    from babel.messages.pofile import read_po

    out: dict[str, str] = {}
    for message in read_po(io.BytesIO(data), abort_invalid=True):
        if message.id and message.context:
            out[message.context] = message.string or message.id
    return out


def compile_mo(data: bytes) -> bytes:
    """A PO file compiled to MO with Babel, plus the key index (build time: ``setup.py``, and
    ``python -m dealer_assist.i18n`` for a source checkout)."""
    import io
    import json

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    po = read_po(io.BytesIO(data), abort_invalid=True)
    index = {m.context: m.id for m in po if m.id and m.context}
    if not all(isinstance(msgid, str) for msgid in index.values()):
        raise ValueError("plural entries are not supported: a key has one sentence")
    if any((m.context, m.id) == INDEX for m in po):
        raise ValueError(f"the PO file holds the index entry {INDEX!r} itself")
    po.add(INDEX[1], json.dumps(index, ensure_ascii=False, separators=(",", ":")), context=INDEX[0])
    out = io.BytesIO()
    write_mo(out, po, use_fuzzy=True)
    return out.getvalue()


def compile_folder(folder: Path) -> list[Path]:
    """Every ``*.po`` in ``folder`` compiled to the ``.mo`` beside it; the MO files written."""
    written = []
    for po in sorted(folder.glob("*.po")):
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
        return FORMATTER.format(template, **params)
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


@dataclass(frozen=True, slots=True)
class Numbers:
    """Numbers a ruling names together (boxes, seats), joined the language's way when the
    sentence is worded; none at all is ``list.none`` (「なし」)."""

    values: tuple[Any, ...]

    def localized(self, lang: str) -> str:
        return join_numbers(self.values, lang) if self.values else text("list.none", lang)

    def __str__(self) -> str:
        return self.localized(DEFAULT)


@dataclass(frozen=True, slots=True)
class Items:
    """Things a ruling lists (``list.sep``); none at all is ``list.none``."""

    items: tuple[Any, ...]

    def localized(self, lang: str) -> str:
        return join_items(self.items, lang) if self.items else text("list.none", lang)

    def __str__(self) -> str:
        return self.localized(DEFAULT)


def with_clause(clause: str | None, body: str, lang: str = DEFAULT) -> str:
    """A sentence led by the clause that rules it: ``BET-3: …``; 「BET-3：…」 (``clause.prefix``)."""
    return clause_prefix(clause, lang) + body if clause else body


def clause_prefix(clause: str, lang: str = DEFAULT) -> str:
    """The clause id and its separator, for a line that styles the two apart."""
    return text("clause.prefix", lang, clause=clause)


@dataclass(frozen=True, slots=True)
class Term:
    """A value that is itself a catalog entry (a skill's name), translated with the sentence.
    Any value with a ``localized(lang)`` method is shown that way (a hand's total too)."""

    key: str

    def localized(self, lang: str) -> str:
        return text(self.key, lang)


if __name__ == "__main__":  # python -m dealer_assist.i18n: refresh a source checkout's MO files
    for written in compile_folder(Path(__file__).with_name("locales")):
        print(written)
