"""click's own words (usage errors, ``--help`` markers) in the language spoken.

``cli.speak`` points click's ``gettext`` at the catalogs (each ``click.*`` entry's msgid is
click's English); this module makes the result read the language's way, not as English with
its words replaced:

- quotes: click quotes names with ``repr`` (``'--session'``, ``'foo'``); Japanese quotes
  with 「」 (``click.quote``), and a list of quoted names needs no comma between them;
- the names of click's types inside a sentence (``integer``, ``File``) from the catalog
  (``click.type.*``, ``click.file`` …), since click fills them in as English words;
- "Missing option '--session'." is glued by click in English word order: it is one catalog
  sentence here (``click.missing_named``);
- a default shown in ``--help`` is an amount the language's way (``[既定値：100万]``).
"""

from __future__ import annotations

import re
from typing import Any

from dealer_assist.i18n import man, text

# the values click fills in already quoted (``'a', 'b'``), by the catalog entry they go into
QUOTED_VALUES = {"param_hint", "possibility", "possibilities", "choice", "choices"}
# the values that name one of click's types, by the catalog entry they go into
TYPE_VALUES = {"click.path_missing": "name", "click.path_dir": "name", "click.path_file": "name",
               "click.path_unreadable": "name", "click.path_unwritable": "name",
               "click.not_number": "number_type", "click.missing_type": "param_type"}  # fmt: skip
TYPE_KEYS = {"file": "click.file", "directory": "click.directory", "path": "click.path",
             "integer": "click.type.integer", "integer range": "click.type.integer",
             "float": "click.type.float", "float range": "click.type.float"}  # fmt: skip
_REPR = re.compile(r"\{(\w+)!r\}")
_QUOTED = re.compile(r"'([^'\n]*)'")
_SPACED = re.compile(r" *(「[^「」\n]*」) *")


def requote(value: str, lang: str) -> str:
    """``'a', 'b'`` → 「a」「b」 (Japanese); English as click wrote it."""
    if lang == "en":
        return value
    quoted = _QUOTED.sub(lambda m: text("click.quote", lang, text=m[1]), value)
    return quoted.replace("」, 「", "」「").replace("」 / 「", "」／「")


def type_name(value: Any, lang: str) -> Any:
    key = TYPE_KEYS.get(str(value).lower())
    return text(key, lang) if key else value


class Template(str):
    """One of click's sentences from the catalog of ``lang``, filled in the language's way."""

    key: str
    lang: str

    def __new__(cls, template: str, key: str, lang: str) -> "Template":
        if lang != "en":  # the translator's quotes: {name!r} and '…' around a placeholder
            template = _REPR.sub(lambda m: text("click.quote", lang, text="{" + m[1] + "}"), template)
            template = _QUOTED.sub(lambda m: text("click.quote", lang, text=m[1]), template)
        self = super().__new__(cls, template)
        self.key, self.lang = key, lang
        return self

    def format(self, *args: Any, **params: Any) -> str:  # type: ignore[override]
        if self.lang != "en":
            for name in QUOTED_VALUES & params.keys():
                params[name] = requote(str(params[name]), self.lang)
            field = TYPE_VALUES.get(self.key)
            if field in params:
                params[field] = type_name(params[field], self.lang)
            if self.key == "click.default" and str(params.get("default", "")).isdigit():
                params["default"] = man(int(params["default"]))
            if self.key != "click.error":  # no space beside 「」 (the error's own text is ours)
                return _SPACED.sub(r"\1", str.format(self, *args, **params))
        return str.format(self, *args, **params)


_LANG = "en"  # the language click speaks now: set by ``cli_lang.speak`` through ``install``


def missing_message(self) -> str:
    """``MissingParameter.format_message`` as one catalog sentence (``click.missing_named``)."""
    lang = _LANG
    if self.param_hint is not None:
        hint = self.param_hint
    elif self.param is not None:
        hint = self.param.get_error_hint(self.ctx)
    else:
        hint = None
    if hint is not None and not isinstance(hint, str):
        hint = " / ".join(repr(x) for x in hint)
    kind = self.param_type
    if kind is None and self.param is not None:
        kind = self.param.param_type_name
    extra = self.message or ""
    if self.param is not None:
        more = self.param.type.get_missing_message(param=self.param, ctx=self.ctx)
        if more:
            extra = f"{extra}. {more}" if extra else more
    what = text(f"click.kind.{kind}", lang) if kind in ("argument", "option", "parameter") else str(kind or "")
    extra = f" {extra}" if extra else ""
    if not hint:
        return text("click.missing_bare", lang, kind=what, extra=extra)
    return text("click.missing_named", lang, kind=what, hint=requote(hint, lang), extra=extra)


def install(lang: str | None = None) -> None:
    """Make click's MissingParameter speak through the catalog (once), in ``lang`` (``speak``'s)."""
    global _LANG
    import click.exceptions

    if lang is not None:
        _LANG = lang
    if click.exceptions.MissingParameter.format_message is not missing_message:
        click.exceptions.MissingParameter.format_message = missing_message  # type: ignore[method-assign]


def localize_paths(commands: Any, lang: str) -> None:
    """click names a Path type when it is made (at import, before ``speak``): name it again."""
    import click

    for command in commands:
        for param in command.params:
            kind = param.type
            if isinstance(kind, click.Path):
                word = ("file" if kind.file_okay and not kind.dir_okay
                        else "directory" if kind.dir_okay and not kind.file_okay else "path")  # fmt: skip
                kind.name = text(f"click.{word}", lang)
