"""Changes to a scenario's table by field path: ``--set aircraft.0.speed_kt=450`` for one
game, ``--vary aircraft.0.speed_kt=400,450,500`` for a sweep.

A path is the scenario file's own field names joined by dots, with a list entry by its
number from 0 (``aircraft.1.alt_steps``), the same path the scenario's validation errors
name. A value is read as a TOML value (``450``, ``true``, ``"mil"``), a bare word being a
string (``mil``). Values are parsed, never executed.
"""

from __future__ import annotations

import copy
import itertools
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

Value = Any
"""A TOML value: a number, string, boolean, array or inline table."""

MAX_VARIATIONS = 64
"""The most variations one sweep plays (every --vary multiplies them)."""


class VariationError(ValueError):
    """A --set or --vary the scenario cannot take; the message names the option and why."""


@dataclass(frozen=True, slots=True)
class Variation:
    """One set of changes to the scenario, ``(path, value)`` in the order given."""

    changes: tuple[tuple[str, Value], ...] = ()

    @property
    def label(self) -> str:
        """``aircraft.0.speed_kt=450`` (several joined by spaces; ``as written`` for none)."""
        if not self.changes:
            return "as written"
        return " ".join(f"{path}={_shown(value)}" for path, value in self.changes)

    def set_options(self) -> str:
        """The ``--set`` options that play this variation again (empty for none)."""
        return " ".join(f"--set {path}={_shown(value)}" for path, value in self.changes)

    def apply(self, table: dict[str, Any], option: str = "--set") -> dict[str, Any]:
        """A copy of the scenario's table with the changes made."""
        changed = copy.deepcopy(table)
        for path, value in self.changes:
            set_path(changed, path, value, option)
        return changed

    def as_dict(self) -> dict[str, Any]:
        return {"label": self.label, "set": {path: value for path, value in self.changes}}


def _shown(value: Value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value if value.replace("-", "").replace("_", "").isalnum() else f'"{value}"'
    return str(value)


def parse_value(text: str) -> Value:
    """A TOML value, or the text itself as a string when it is a bare word."""
    text = text.strip()
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text


def split_values(text: str) -> list[str]:
    """``400,450,[1,2]`` → ``["400", "450", "[1,2]"]``: commas inside brackets, braces or
    quotes do not split."""
    parts: list[str] = []
    depth, quote, start = 0, "", 0
    for i, char in enumerate(text):
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts]


def parse_assignment(text: str, option: str) -> tuple[str, list[Value]]:
    """``PATH=V1,V2`` → (path, values); a :class:`VariationError` naming the option."""
    path, equals, values = text.partition("=")
    path = path.strip()
    if not equals or not path or not values.strip():
        raise VariationError(
            f"{option} {text!r}: write it as PATH=VALUE, e.g. aircraft.0.speed_kt=450"
        )
    if any(not part for part in path.split(".")):
        raise VariationError(f"{option} {text!r}: the path {path!r} has an empty part")
    parsed = [parse_value(v) for v in split_values(values)]
    if any(v == "" for v in parsed):
        raise VariationError(f"{option} {text!r}: a value is empty")
    return path, parsed


def set_path(table: dict[str, Any], path: str, value: Value, option: str) -> None:
    """Set the field at ``path`` in the table, creating the last key if missing."""
    parts = path.split(".")
    here: Any = table
    for depth, part in enumerate(parts):
        last = depth == len(parts) - 1
        where = ".".join(parts[:depth]) or "the scenario"
        if isinstance(here, list):
            if not part.isdigit():
                raise VariationError(
                    f"{option} {path}: {where} is a list; name an entry by its number, "
                    f"0 to {len(here) - 1}"
                )
            index = int(part)
            if index >= len(here):
                raise VariationError(
                    f"{option} {path}: {where} has {len(here)} entries, numbered 0 to "
                    f"{len(here) - 1}"
                )
            if last:
                here[index] = value
            else:
                here = here[index]
        elif isinstance(here, dict):
            if last:
                here[part] = value
            elif part not in here:
                known = ", ".join(sorted(here)) or "none"
                raise VariationError(f"{option} {path}: {where} has no {part!r}; it has {known}")
            else:
                here = here[part]
        else:
            raise VariationError(f"{option} {path}: {where} is a value, not a table or list")


def overrides(assignments: Sequence[str]) -> Variation:
    """The ``--set`` options as one variation (one value each)."""
    changes = []
    for text in assignments:
        path, values = parse_assignment(text, "--set")
        if len(values) != 1:
            raise VariationError(f"--set {text!r}: one value only (--vary takes several)")
        changes.append((path, values[0]))
    return Variation(tuple(changes))


def variations(assignments: Sequence[str]) -> list[Variation]:
    """Every combination of the ``--vary`` options' values, the first option's value
    changing slowest; one variation with no changes when there are none."""
    axes = [parse_assignment(text, "--vary") for text in assignments]
    paths = [path for path, _ in axes]
    if len(set(paths)) != len(paths):
        raise VariationError("--vary: each path once (give all its values in one --vary)")
    count = 1
    for _, values in axes:
        count *= len(values)
    if count > MAX_VARIATIONS:
        raise VariationError(
            f"--vary: {count} combinations; at most {MAX_VARIATIONS} (sweep fewer values)"
        )
    combos = itertools.product(*(values for _, values in axes))
    return [Variation(tuple(zip(paths, combo, strict=True))) for combo in combos]
