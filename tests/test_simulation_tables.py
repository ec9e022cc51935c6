"""Issue 19: each table's simulation is its own (``Ruleset.simulation``, declared in its
capabilities); ``simulate TARGET`` takes its targets and their options from the tables, and the
shared simulator (``dealer_assist/sim``, ``cli_simulate``) names no table."""

from __future__ import annotations

import ast
import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from dealer_assist import rulesets
from dealer_assist.cli import cli
from dealer_assist.core.simulation import Run, Simulation
from dealer_assist.core.table import Capabilities
from dealer_assist.sim import runner, tables

PACKAGE = Path(__file__).parent.parent / "dealer_assist"
SHARED = [*sorted((PACKAGE / "sim").glob("*.py")), PACKAGE / "cli_simulate.py"]
TABLE_WORDS = ("casino", "quest", "onemillion", "one million")


def test_the_targets_are_those_of_the_tables_that_declare_a_simulation():
    found = tables.targets()
    assert list(found) == ["casino", "quest"]  # the names the user types, as before
    declared = []
    for name in rulesets.names():
        ruleset = rulesets.get(name)
        if ruleset.capabilities.simulation:
            assert isinstance(ruleset.simulation, Simulation)
            declared += [(target, ruleset.simulation) for target in ruleset.simulation.targets]
        else:
            assert ruleset.simulation is None
    assert sorted(declared, key=lambda pair: pair[0]) == list(found.items())
    assert {name for name in rulesets.names() if rulesets.get(name).capabilities.simulation} == {"casino", "onemillion"}


def test_a_table_that_declares_a_simulation_must_have_one():
    casino = rulesets.get("casino")
    with pytest.raises(TypeError, match="capability simulation=True but its member is missing"):
        dataclasses.replace(casino, simulation=None)


def _strings(tree: ast.Module):
    """The string constants of a module, its docstrings left out."""
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            yield node.value


@pytest.mark.parametrize("path", SHARED, ids=lambda p: p.name)
def test_the_shared_simulator_imports_and_names_no_table(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert not (node.module or "").startswith("dealer_assist.tables"), (path.name, node.module)
        elif isinstance(node, ast.Import):
            assert not any(a.name.startswith("dealer_assist.tables") for a in node.names), path.name
    for value in _strings(tree):
        assert not any(word in value.lower() for word in TABLE_WORDS), (path.name, value)


def test_simulate_help_lists_each_table_s_options_in_the_order_of_its_targets():
    command = cli.commands["simulate"]
    with click.Context(command, info_name="simulate") as ctx:
        params = command.get_params(ctx)
    assert "--help" in params[-1].opts
    assert [param.name for param in params[:-1]] == [
        "target",
        "strategy", "shuffle", "hands", "game", "opponents", "seat", "games",  # casino
        "difficulty", "dice", "decks", "quests", "hp", "boxes", "points", "bet", "skills", "jk", "max_games",  # quest
        "seed", "workers", "scheduler", "as_json", "html_path", "lang",
    ]  # fmt: skip


def test_dealer_assist_help_loads_no_table_to_list_the_simulations():
    """The tables' options are gathered when `simulate` runs, not when the command line is built:
    `dealer-assist --help` stays fast."""
    code = ("import sys; sys.argv = ['dealer-assist', '--help']\nfrom dealer_assist.cli import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print([m for m in sys.modules\n"
            "       if m.startswith(('dealer_assist.sim', 'dealer_assist.tables.'))])")  # fmt: skip
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"


# --------------------------------------------------------------------------- a table the shared code never saw


def _doubled(task: dict) -> dict:
    return {"hands": task["count"] * 2}


def _toy_run(options) -> Run:
    def start(seed: int, workers: int, progress) -> dict:
        results = runner.run_tasks(_doubled, [{"count": options["rolls"]}, {"count": 1}], 1)
        return {"simulation": "toy", "seed": seed, "workers": workers, "hands": sum(r["hands"] for r in results),
                "hands_per_second": 10.0, "seconds": 1.0, "extra": options["faces"]}  # fmt: skip

    return Run(bar="casino", total=options["rolls"], digits=2, start=start)


def _toy_trailing(options: dict, extra: list[str]):
    return ({**options, "faces": (*options["faces"], *extra)}, []) if options["faces"] else (options, extra)


TOY = Simulation(
    targets={"toy": _toy_run},
    options=lambda: [click.Option(["--rolls"], type=int, default=3), click.Option(["--faces"], multiple=True)],
    kinds=("toy",),
    lines=lambda result, lang: [f"toy: {result['hands']} with seed {result['seed']}"],
    charts=lambda result, lang: [],
    trailing=_toy_trailing,
)


@pytest.fixture
def toy_table(monkeypatch):
    """A third table with a simulation, registered beside the real two."""
    toy = dataclasses.replace(rulesets.get("casino"), name="toy", simulation=TOY, odds=None, catalogs=None,
                              capabilities=Capabilities(hint=True, hands=True, simulation=True))  # fmt: skip
    real_names, real_get = rulesets.names, rulesets.get
    monkeypatch.setattr(rulesets, "names", lambda: [*real_names(), "toy"])
    monkeypatch.setattr(rulesets, "get", lambda name: toy if name == "toy" else real_get(name))
    return toy


def test_a_new_table_s_simulation_is_offered_and_run_by_the_shared_command(toy_table):
    assert list(tables.targets()) == ["casino", "quest", "toy"]
    shown = CliRunner().invoke(cli, ["simulate", "toy", "--rolls", "4", "--seed", "7", "--workers", "1",
                                     "--lang", "en"])  # fmt: skip
    assert shown.exit_code == 0, shown.output
    lines = shown.output.splitlines()
    assert lines[0] == "toy: 10 with seed 7"  # the table's sentence, then the shared speed sentence
    assert len(lines) == 2 and "10" in lines[1]
    as_json = CliRunner().invoke(cli, ["simulate", "toy", "--faces", "4", "5", "--workers", "1", "--json"])
    assert as_json.exit_code == 0, as_json.output
    assert json.loads(as_json.output)["extra"] == ["4", "5"]  # the table took its trailing words
    help_text = CliRunner().invoke(cli, ["simulate", "--help", "--lang", "en"], env={"COLUMNS": "200"}).output
    assert "{casino|quest|toy}" in help_text and "--rolls" in help_text


def test_two_tables_may_not_answer_the_same_target(toy_table, monkeypatch):
    twin = dataclasses.replace(TOY, targets={"quest": _toy_run}, kinds=("toy2",))
    clash = dataclasses.replace(toy_table, simulation=twin)
    real_get = rulesets.get
    monkeypatch.setattr(rulesets, "get", lambda name: clash if name == "toy" else real_get(name))
    with pytest.raises(TypeError, match="simulate quest"):
        tables.targets()
