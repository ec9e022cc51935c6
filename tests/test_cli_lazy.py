"""Issue 20, the cold `dealer-assist --help`: the group knows its commands by name and imports a
command's module only when that command runs or shows its help (``cli.COMMANDS``,
``LazyCommands``), and `--help` lists them, their short help from the catalog, exactly as
click lists the full group. Each check runs in a fresh interpreter where what it imports
matters. No timing here: the figures are ``benchmarks/bench_replay.py``'s."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest

from dealer_assist import cli as cli_module
from dealer_assist import i18n

PACKAGE = Path(cli_module.__file__).resolve().parent
HEAVY = ("sqlite3", "sqlite_utils", "rich", "pydantic", "prompt_toolkit", "platformdirs", "babel",
         "dealer_assist.store", "dealer_assist.tables", "dealer_assist.rulesets", "dealer_assist.sim",
         "dealer_assist.backup", "dealer_assist.cli_common", "dealer_assist.i18n_values")  # fmt: skip
COMMAND_MODULES = sorted({module for module, _ in cli_module.COMMANDS.values()})


def _run(code: str, *argv: str, env: dict | None = None) -> str:
    """``code`` in a fresh interpreter (``argv`` as ``sys.argv[1:]``); its stdout."""
    environ = {k: v for k, v in os.environ.items() if k not in ("DEALER_ASSIST_LANG", "COLUMNS")}
    environ.update(LANG="C.UTF-8", LC_ALL="C.UTF-8", **(env or {}))
    done = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, env=environ,
                          timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done.stdout


MAIN = """
import sys
sys.argv[0] = "dealer-assist"
from dealer_assist.cli import main
try:
    main()
except SystemExit:
    pass
"""

LOADED = """
import json, sys
sys.stdout.flush()
print("\\nMODULES " + json.dumps(sorted(m for m in sys.modules if m.startswith(HEAVY_PREFIXES))))
"""


def _loaded_after(*argv: str, env: dict | None = None) -> tuple[str, list[str]]:
    """The output of ``dealer-assist ARGV`` in a fresh interpreter, and the heavy modules it imported."""
    prefixes = tuple(HEAVY) + tuple(COMMAND_MODULES)
    code = MAIN + LOADED.replace("HEAVY_PREFIXES", repr(prefixes))
    out = _run(code, *argv, env=env)
    text, _, modules = out.rpartition("\nMODULES ")
    return text, json.loads(modules)


def _defined_commands() -> dict[str, click.Command]:
    """Every command defined in the package's top-level modules (``@click.command`` found in
    the source, whatever ``COMMANDS`` says), by the name click gives it."""
    import importlib

    found: dict[str, click.Command] = {}
    for path in sorted(PACKAGE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        decorated = any(isinstance(node, ast.Attribute) and node.attr in ("command", "group")
                        and getattr(node.value, "id", None) == "click" for node in ast.walk(tree))  # fmt: skip
        if not decorated:
            continue
        module = importlib.import_module(f"dealer_assist.{path.stem}")
        for value in vars(module).values():
            if isinstance(value, click.Command) and value is not cli_module.cli:  # a group too (odds)
                if getattr(value.callback, "__module__", None) == module.__name__:
                    found[value.name] = value
    return found


# --------------------------------------------------------------------------- the names


def test_every_command_defined_is_registered_and_every_name_resolves_to_its_command():
    defined = _defined_commands()
    assert sorted(defined) == sorted(cli_module.COMMANDS)
    group = cli_module.cli
    with click.Context(group, info_name="dealer-assist") as ctx:
        assert group.list_commands(ctx) == sorted(cli_module.COMMANDS)
        for name in cli_module.COMMANDS:
            command = group.get_command(ctx, name)
            assert isinstance(command, click.Command), name
            assert command is defined[name], name
            assert command.name == name
        assert group.get_command(ctx, "nosuch") is None


def test_the_commands_mapping_lists_names_without_importing_and_loads_on_access():
    code = """
import sys
from dealer_assist.cli import cli, COMMANDS
names = list(cli.commands)
assert names == list(COMMANDS), names
assert "audit" in cli.commands and "nosuch" not in cli.commands and len(cli.commands) == len(COMMANDS)
assert "dealer_assist.cli_audit" not in sys.modules
assert cli.commands.loaded() == {}
command = cli.commands["audit"]
assert "dealer_assist.cli_audit" in sys.modules and cli.commands.loaded() == {"audit": command}
assert "dealer_assist.cli_session" not in sys.modules
print("OK")
"""
    assert _run(code).strip() == "OK"


# --------------------------------------------------------------------------- --help as click lists the full group


FULL = """
import sys
sys.argv[0] = "dealer-assist"
import click
from dealer_assist import cli as c
for name in list(c.cli.commands):  # every command imported before anything is spoken
    c.cli.commands[name]
c.GuardedGroup.format_commands = click.Group.format_commands  # click's own listing of the full group
from dealer_assist.cli import main
try:
    main()
except SystemExit:
    pass
"""


@pytest.mark.parametrize("columns", [None, "60", "200"])
@pytest.mark.parametrize("how", ["flag", "env"])
@pytest.mark.parametrize("lang", i18n.LANGS)
def test_help_lists_every_command_with_its_help_as_click_lists_the_full_group(lang, how, columns):
    env = {"COLUMNS": columns} if columns else {}
    argv = ["--lang", lang, "--help"] if how == "flag" else ["--help"]
    if how == "env":
        env["DEALER_ASSIST_LANG"] = lang
    lazy, loaded = _loaded_after(*argv, env=env)
    full = _run(FULL, *argv, env=env)
    assert lazy == full
    assert loaded == []
    words = i18n.catalog(lang)
    listed = lazy.split(words["click.commands"] + ":\n", 1)[1].splitlines()
    names = [line.split()[0] for line in listed if line.startswith("  ") and not line.startswith("   ")]
    assert names == sorted(cli_module.COMMANDS)
    if columns != "60":  # wide enough for every short help on its line
        for name in cli_module.COMMANDS:
            assert any(line.split() == [name, *words[f"cli.short.{name}"].split()] for line in listed), name


EACH = """
import io, sys, contextlib
from dealer_assist import cli as c
if @PRELOAD@:
    for name in list(c.cli.commands):
        c.cli.commands[name]
out = {}
for name in sorted(c.COMMANDS):
    for argv in (["--lang", @LANG@, name, "--help"], [name, "--help", "--lang", @LANG@], [name, "--bogus"]):
        sys.argv = ["dealer-assist", *argv]
        buf, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(err):
            try:
                c.main()
            except SystemExit:
                pass
        out[" ".join(argv)] = buf.getvalue() + err.getvalue()
import json
print(json.dumps(out, ensure_ascii=False))
"""


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_each_command_s_help_is_the_same_imported_when_asked_for_or_before(lang):
    """A command imported when its help is asked for speaks as one imported at the start."""
    lazy = json.loads(_run(EACH.replace("@PRELOAD@", "False").replace("@LANG@", repr(lang))))
    eager = json.loads(_run(EACH.replace("@PRELOAD@", "True").replace("@LANG@", repr(lang))))
    assert lazy == eager
    words = i18n.catalog(lang)
    for name in cli_module.COMMANDS:
        shown = lazy[f"--lang {lang} {name} --help"]
        assert shown.startswith(words["click.usage"] + " dealer-assist " + name), shown[:80]
        opening = "".join(words[f"cli.help.{name}"].split())[:24]  # its first words, wherever lines break
        assert opening in "".join(shown.split()), name


# --------------------------------------------------------------------------- what a start imports


@pytest.mark.parametrize("argv", [["--help"], ["-h"], ["--version"], ["--lang", "ja", "--help"], []])
def test_help_and_version_import_no_command_and_nothing_heavy(argv):
    text, loaded = _loaded_after(*argv)
    assert loaded == []
    assert text.strip() or not argv  # no arguments at all: the help goes to stderr


def test_help_in_japanese_from_the_environment_imports_nothing_heavy():
    text, loaded = _loaded_after("--help", env={"DEALER_ASSIST_LANG": "ja"})
    assert loaded == []
    assert i18n.catalog("ja")["cli.short.play"] in text


@pytest.mark.parametrize("name", sorted(cli_module.COMMANDS))
def test_a_command_s_help_imports_its_own_module_only(name):
    own = cli_module.COMMANDS[name][0]
    text, loaded = _loaded_after(name, "--help")
    commands = [m for m in loaded if m in COMMAND_MODULES]
    assert own in commands
    assert all(m == own or m in _imported_by(own) for m in commands), commands
    assert f"dealer-assist {name}" in text


def _imported_by(module: str) -> set[str]:
    """The command modules ``module`` imports at its top (``play`` shares ``overlay``'s options)."""
    source = (PACKAGE / (module.rsplit(".", 1)[1] + ".py")).read_text(encoding="utf-8")
    tree = ast.parse(source)
    return {node.module for node in tree.body if isinstance(node, ast.ImportFrom) and node.module in COMMAND_MODULES}


def test_english_help_does_not_read_the_japanese_catalog_nor_japanese_the_english():
    code = MAIN + "\nfrom dealer_assist import i18n\nprint('\\nREAD', i18n._catalogs.cache_info().currsize)"
    for argv in (["--help"], ["--lang", "ja", "--help"]):
        out = _run(code, *argv)
        assert out.rsplit("\nREAD ", 1)[1].strip() == "1", argv


# --------------------------------------------------------------------------- the pieces


def test_japanese_finds_click_s_english_sentences_in_its_own_catalog():
    """``speak`` matches click's English with each ``click.*`` entry's msgid: read with the
    Japanese catalog, they are the English catalog's sentences."""
    english = {k: v for k, v in i18n.catalog("en").items() if k.startswith("click.")}
    assert english
    for lang in i18n.LANGS:
        assert {k: v for k, v in i18n.msgids(lang).items() if k.startswith("click.")} == english


@pytest.mark.parametrize("columns", [None, "1", "49", "60", "79", "80", "81", "200", "0", "-3", "wide"])
def test_the_help_width_is_the_one_click_finds(monkeypatch, columns):
    import click.formatting

    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    monkeypatch.setattr(click.formatting, "FORCED_WIDTH", None)
    assert cli_module.help_width() == click.formatting.HelpFormatter().width
    assert cli_module.help_width(100) == click.formatting.HelpFormatter(max_width=100).width


def test_the_version_option_looks_nothing_up_and_says_click_s_words():
    out, loaded = _loaded_after("--version", env={"DEALER_ASSIST_LANG": "ja"})
    assert out.strip() == f"dealer-assist, version {cli_module.__version__}"
    code = MAIN + "\nimport sys\nprint('\\nLOCALE', 'locale' in sys.modules)"
    assert _run(code, "--help").rsplit("\nLOCALE ", 1)[1].strip() == "False"


def test_the_names_that_moved_are_still_importable_from_cli():
    for name, module in cli_module._MOVED.items():
        assert getattr(cli_module, name) is getattr(sys.modules[module], name), name
    with pytest.raises(AttributeError):
        cli_module.no_such_name  # noqa: B018
