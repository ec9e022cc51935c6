"""The language of one invocation of the command line: resolved from the command line before
click parses it (``_early_lang``), checked by every command's ``--lang`` (``lang_option``), and
spoken by click's help and messages (``speak``). The state lives here, in one place.
"""

from __future__ import annotations

import click

# The language this invocation speaks: resolved before click parses the command line (its
# --help and usage errors), then checked and set again by each command's --lang option.
LANG = "en"
EXPLICIT: str | None = None  # a --lang given before the command (`dealer-assist --lang ja audit …`)
ARGV_LANG: str | None = None  # a known --lang anywhere on the command line (so `audit --help --lang ja`)
SPOKEN: str | None = None  # the language click's help and messages are in now (``speak``)
ROOT: click.Group | None = None  # the command group whose help ``speak`` localizes (set by ``cli``)


def _say(key: str, **params) -> str:
    from dealer_assist.messages import text

    return text(key, LANG, **params)


def _lang_callback(ctx: click.Context, param: click.Parameter, value: str | None) -> str:
    """--lang, then $DEALER_ASSIST_LANG, then the system locale: checked, and made current."""
    global EXPLICIT
    from dealer_assist import i18n

    if ctx.parent is None:  # the group: a new invocation; its --lang holds for the command after it
        EXPLICIT = value or ARGV_LANG
    value = value or EXPLICIT
    try:
        lang = i18n.resolve(value)
    except i18n.UnknownLanguage as exc:
        raise click.BadParameter(str(exc), ctx, param) from None
    if lang != SPOKEN:
        speak(lang)
    return value or ""


def lang_option(function):
    """--lang en|ja (every command that prints). A command that reads a stored session speaks
    the session's language unless --lang or $DEALER_ASSIST_LANG says otherwise."""
    return click.option(
        "--lang", "lang", metavar="en|ja", callback=_lang_callback, is_eager=True,
        help="Language of everything printed (default: $DEALER_ASSIST_LANG, else the system's).",
    )(function)  # fmt: skip


def session_lang(explicit: str, stored) -> str:
    """The language for a command that reads a stored session (audit, report, export)."""
    from dealer_assist import i18n

    if stored is not None:
        lang = i18n.resolve(explicit or EXPLICIT, session=getattr(stored[1], "lang", None))
        if lang != SPOKEN:
            speak(lang)
    return LANG


def _early_lang(argv: list[str]) -> str:
    """The language before click parses the command line (for --help and usage errors): the
    --lang given, $DEALER_ASSIST_LANG, the system locale; an unknown one is reported later."""
    from dealer_assist import i18n

    global ARGV_LANG
    explicit = None
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            explicit = argv[i + 1]
        elif arg.startswith("--lang="):
            explicit = arg.split("=", 1)[1]
    if i18n.normalize(explicit) in i18n.LANGS:
        ARGV_LANG = explicit
    for attempt in (explicit, None):
        try:
            return i18n.resolve(attempt)
        except i18n.UnknownLanguage:
            continue
    return i18n.system_language() or i18n.DEFAULT


def speak(lang: str) -> None:
    """Make click speak ``lang``: our commands' and options' help from the catalog, and click's
    own words (usage, errors) through it too."""
    global LANG, SPOKEN
    import click.core
    import click.decorators
    import click.exceptions
    import click.formatting
    import click.parser
    import click.termui
    import click.types
    import click.utils

    from dealer_assist import click_words
    from dealer_assist.i18n import catalog, msgids

    LANG = SPOKEN = lang
    # click's English sentences (each ``click.*`` entry's msgid), read with ``lang``'s own catalog
    own = {msgid: key for key, msgid in msgids(lang).items() if key.startswith("click.")}
    words = catalog(lang)

    def gettext(message: str) -> str:
        key = own.get(message)
        return click_words.Template(words.get(key, message), key, lang) if key else message

    def ngettext(singular: str, plural: str, count: int) -> str:
        return gettext(singular if count == 1 else plural)

    for module in (click.core, click.decorators, click.exceptions, click.formatting, click.parser, click.termui,
                   click.types, click.utils):  # fmt: skip
        if hasattr(module, "_"):
            module._ = gettext  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = ngettext  # type: ignore[attr-defined]
    click_words.install(lang)
    if ROOT is not None:
        localize(ROOT, words, lang)


def localize(root: click.Group, words: dict, lang: str) -> None:
    """The group's, its commands' and their options' help from the catalog ``words`` (the
    commands imported so far: the others are localized when imported, ``localize_command``)."""
    from dealer_assist import click_words

    loaded = root.commands.loaded() if hasattr(root.commands, "loaded") else dict(root.commands)
    click_words.localize_paths(loaded.values(), lang)
    root.help = words["cli.help.group"]
    for param in root.params:
        if param.name == "version":
            param.help = words["cli.opt.version"]  # type: ignore[attr-defined]
    for name, command in loaded.items():
        _localize_one(name, command, words)
    for param in root.params:
        if param.name == "lang":
            param.help = words["cli.opt.lang"]  # type: ignore[attr-defined]


def _localize_one(name: str, command: click.Command, words: dict) -> None:
    command.help = words[f"cli.help.{name}"]
    command.short_help = words[f"cli.short.{name}"]
    for param in command.params:
        if isinstance(param, click.Option) and param.help:
            param.help = words.get(f"cli.opt.{name}.{param.name}") or words[f"cli.opt.{param.name}"]


def localize_command(name: str, command: click.Command) -> None:
    """A command just imported speaks the language click speaks now (nothing before ``speak``)."""
    if SPOKEN is None:
        return
    from dealer_assist import click_words
    from dealer_assist.i18n import catalog

    click_words.localize_paths([command], SPOKEN)
    _localize_one(name, command, catalog(SPOKEN))
