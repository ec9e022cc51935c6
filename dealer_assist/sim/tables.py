"""The simulations on offer: those of the tables whose capabilities declare one, found through
the registry (``dealer_assist.rulesets``), by the targets of ``simulate TARGET``.

The targets are in the order of their names (so the command's options, gathered table by
table, come in a fixed order); two tables may not answer the same target, make the same kind
of result or declare the same option.
"""

from __future__ import annotations

from dealer_assist.core.simulation import Simulation


def targets() -> dict[str, Simulation]:
    """``{target: its table's simulation}``, in the order of the targets' names."""
    from dealer_assist import rulesets

    found: dict[str, Simulation] = {}
    kinds: dict[str, str] = {}
    for name in rulesets.names():
        ruleset = rulesets.get(name)
        if not ruleset.capabilities.simulation:
            continue
        simulation = ruleset.simulation
        if not isinstance(simulation, Simulation):
            raise TypeError(f"table {name!r} declares a simulation but its simulation is not a Simulation")
        for target in simulation.targets:
            if target in found:
                raise TypeError(f"table {name!r}: another table already answers `simulate {target}`")
            found[target] = simulation
        for kind in simulation.kinds:
            if kinds.setdefault(kind, name) != name:
                raise TypeError(f"table {name!r}: table {kinds[kind]!r} already makes results of kind {kind!r}")
    return {target: found[target] for target in sorted(found)}


def simulations() -> list[Simulation]:
    """Each simulation once, in the order of its first target."""
    out: list[Simulation] = []
    for simulation in targets().values():
        if simulation not in out:
            out.append(simulation)
    return out


def of_result(result: dict) -> Simulation:
    """The simulation that made ``result`` (its ``"simulation"`` member)."""
    kind = result["simulation"]
    for simulation in simulations():
        if kind in simulation.kinds:
            return simulation
    raise KeyError(f"no table makes simulation results of kind {kind!r}")
