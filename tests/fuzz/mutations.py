"""Mutations of furball's input files, for the fuzz suite.

A mutation is drawn from the shipped file itself: Hypothesis picks a place in the parsed
document (a key of a table, an item of an array) and what to do there.  Some mutations
break a rule every model states (a boolean where a number goes, a number where a list goes,
an unknown key, a word or a non-finite number where a number goes): furball must refuse
those.  Others may or may not be legal (a very large or negative number, a long or
path-like string, a key removed): furball may accept or refuse them, but always with a
one-line message, never a traceback or a hang.
"""

from __future__ import annotations

import copy
import json
import math
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from hypothesis import strategies as st

Path_ = tuple[str | int, ...]

MUST_REFUSE = frozenset({"bool_for_number", "number_for_list", "unknown_key", "word_for_number"})
"""Mutation kinds every model forbids."""

ODD_VALUES: tuple[Any, ...] = (
    10**30,
    -(10**30),
    -1,
    0,
    2**63,
    1e308,
    -1e-308,
    "",
    "x" * 5000,
    "../../../etc/passwd",
    "/dev/zero",
    "10**30,0",
    "4000,0",
    "nan",
    [],
    [[[[[[[[]]]]]]]],
    {},
    {"a": {"b": {"c": {}}}},
)
"""Values of any type that may or may not be legal where they land."""


@dataclass(frozen=True)
class Mutation:
    kind: str
    path: Path_
    value: Any = None

    @property
    def must_refuse(self) -> bool:
        return self.kind in MUST_REFUSE

    def __str__(self) -> str:
        where = ".".join(str(p) for p in self.path) or "(file)"
        shown = repr(self.value)
        return f"{self.kind} at {where}: {shown[:60]}"


def places(document: Any, path: Path_ = ()) -> list[tuple[Path_, Any]]:
    """Every (path, value) in a parsed document, tables and arrays included."""
    found: list[tuple[Path_, Any]] = []
    if isinstance(document, dict):
        for key, value in document.items():
            found.append(((*path, key), value))
            found += places(value, (*path, key))
    elif isinstance(document, list):
        for index, value in enumerate(document):
            found.append(((*path, index), value))
            found += places(value, (*path, index))
    return found


def tables(document: Any, path: Path_ = ()) -> list[Path_]:
    """The path of every table (the document's root included)."""
    found: list[Path_] = []
    if isinstance(document, dict):
        found.append(path)
        for key, value in document.items():
            found += tables(value, (*path, key))
    elif isinstance(document, list):
        for index, value in enumerate(document):
            found += tables(value, (*path, index))
    return found


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


@st.composite
def mutations(draw: st.DrawFn, document: dict[str, Any]) -> Mutation:
    """One mutation of ``document`` (see the module doc)."""
    spots = places(document)
    numbers = [p for p, v in spots if _is_number(v)]
    lists = [p for p, v in spots if isinstance(v, list) and p]
    kinds = ["odd_value", "remove", "unknown_key"]
    if numbers:
        kinds += ["bool_for_number", "word_for_number", "non_finite"]
    if lists:
        kinds.append("number_for_list")
    kind = draw(st.sampled_from(kinds))
    if kind == "unknown_key":
        return Mutation(kind, draw(st.sampled_from(tables(document))), 1)
    if kind == "bool_for_number":
        return Mutation(kind, draw(st.sampled_from(numbers)), draw(st.booleans()))
    if kind == "word_for_number":
        return Mutation(kind, draw(st.sampled_from(numbers)), "twelve")
    if kind == "non_finite":
        return Mutation(
            kind,
            draw(st.sampled_from(numbers)),
            draw(st.sampled_from([math.nan, math.inf, -math.inf])),
        )
    if kind == "number_for_list":
        return Mutation(kind, draw(st.sampled_from(lists)), draw(st.sampled_from([5, 0.5])))
    path = draw(st.sampled_from([p for p, _ in spots])) if spots else ()
    if kind == "remove":
        return Mutation(kind, path)
    return Mutation(kind, path, draw(st.sampled_from(ODD_VALUES)))


def mutated(document: dict[str, Any], mutation: Mutation) -> dict[str, Any]:
    """A copy of ``document`` with ``mutation`` applied."""
    result = copy.deepcopy(document)
    if mutation.kind == "unknown_key":
        node: Any = result
        for part in mutation.path:
            node = node[part]
        node["zz_not_a_field"] = mutation.value
        return result
    if not mutation.path:
        return result
    parent: Any = result
    for part in mutation.path[:-1]:
        parent = parent[part]
    last = mutation.path[-1]
    if mutation.kind == "remove":
        del parent[last]
    else:
        parent[last] = mutation.value
    return result


# -- TOML out ---------------------------------------------------------------------------------
# tomllib reads only; the fuzz suite writes its documents back with inline tables, which
# hold any nesting on one line.


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return (
            "{" + ", ".join(f"{json.dumps(k)} = {_toml_value(v)}" for k, v in value.items()) + "}"
        )
    raise TypeError(f"no TOML for {type(value).__name__}")


def to_toml(document: dict[str, Any]) -> str:
    """A TOML text that tomllib parses back to ``document``."""
    return "".join(f"{json.dumps(key)} = {_toml_value(value)}\n" for key, value in document.items())
