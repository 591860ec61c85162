"""Entity states for view tests, written with Birds of Prey's fields by name: the common
core goes to the state's fields, the rest to its ``values`` under the ``bop.`` channels."""

import dataclasses
from typing import Any

from sim.snapshot import EntityState

_CORE = {f.name for f in dataclasses.fields(EntityState)}
_LISTS = {"tracks", "rwr", "spotted", "ir_lock"}
"""Birds of Prey's ``ids`` channels: a tuple of ids (a single id for ``ir_lock``)."""


def _bop_values(fields: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """(core fields, bop values, turn means) from fields written the old way."""
    core: dict[str, Any] = {}
    values: dict[str, Any] = {}
    means: dict[str, float] = {}
    for name, value in fields.items():
        if name in _CORE:
            core[name] = value
        elif name == "hex_qr":
            values["bop.hex_q"], values["bop.hex_r"] = value
        elif name == "average_load_g":
            means["bop.load_g"] = value
        elif name == "spotted" and value is None:
            continue  # not known: no channel
        elif name == "ir_lock":
            values["bop.ir_lock"] = (value,) if value else ()
        elif name in _LISTS:
            values[f"bop.{name}"] = tuple(value)
        elif name == "weapons" and not isinstance(value, str):
            values["bop.weapons"] = ", ".join(value)
        else:
            values[f"bop.{name}"] = value
    return core, values, means


def entity_state(**fields: Any) -> EntityState:
    """An entity state from core fields and Birds of Prey's fields by their old names."""
    core, values, means = _bop_values(fields)
    core.setdefault("values", {})
    core["values"] = {**core["values"], **values}
    core["turn_means"] = {**core.get("turn_means", {}), **means}
    return EntityState(**core)


def changed(state: EntityState, **fields: Any) -> EntityState:
    """``state`` with fields changed, core or Birds of Prey's (``tracks=("a",)``)."""
    core, values, means = _bop_values(fields)
    if "spotted" in fields and fields["spotted"] is None:
        core["values"] = {k: v for k, v in state.values.items() if k != "bop.spotted"}
    return dataclasses.replace(
        state,
        **core,
        values={**core.get("values", state.values), **values},
        turn_means={**state.turn_means, **means},
    )
