"""Reading furball's TOML data files into models, with errors a user can act on.

Every problem is reported with the file, the field path (``polar.2.cd0``) and what would be
valid; TOML syntax errors name the line and column.  Files are parsed, never executed.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

ModelT = TypeVar("ModelT", bound=BaseModel)


class DataFileError(ValueError):
    """A data file that cannot be read; ``problems`` lists each one as a line of text."""

    def __init__(self, path: Path | str, problems: list[str]) -> None:
        self.path = str(path)
        self.problems = problems
        listed = "; ".join(problems) if len(problems) == 1 else "\n  " + "\n  ".join(problems)
        super().__init__(f"{self.path}: {listed}")


def field_path(location: tuple[int | str, ...]) -> str:
    """``('polar', 2, 'cd0')`` → ``polar.2.cd0``; the root is ``(file)``."""
    return ".".join(str(part) for part in location) or "(file)"


def _readable_location(location: tuple[int | str, ...], data: Any) -> tuple[int | str, ...]:
    """Drop the tag pydantic adds for a tagged union (``segments.0.turn`` → ``segments.0``)."""
    kept: list[int | str] = []
    node = data
    for part in location:
        if isinstance(node, dict) and part not in node and node.get("kind") == part:
            continue
        kept.append(part)
        if isinstance(node, dict):
            node = node.get(part)
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
        else:
            node = None
    return tuple(kept)


def describe_validation_error(error: ValidationError, data: Any = None) -> list[str]:
    """One line per problem: ``field.path: message (got value)``.

    ``data`` is the input that failed, used to drop tagged-union tags from paths.  A
    "too short" complaint about a list whose items already failed is left out: it only
    repeats them.
    """
    problems = error.errors(include_url=False)
    locations = [_readable_location(tuple(p["loc"]), data) for p in problems]
    lines = []
    for problem, where_parts in zip(problems, locations, strict=True):
        if problem["type"] == "too_short" and any(
            other[: len(where_parts)] == where_parts and len(other) > len(where_parts)
            for other in locations
        ):
            continue
        where = field_path(where_parts)
        message = problem["msg"].removeprefix("Value error, ")
        if problem["type"] == "extra_forbidden":
            message = "unknown key (not part of the format)"
        got = problem.get("input")
        shown = (
            ""
            if isinstance(got, dict | list)
            or got is None
            or repr(got) in message
            or str(got) in message
            else f" (got {got!r})"
        )
        lines.append(f"{where}: {message}{shown}")
    return lines


def read_toml(path: Path) -> dict[str, Any]:
    """Parse a TOML file; syntax errors become a :class:`DataFileError` naming the line."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise DataFileError(path, [f"cannot read the file ({error.strerror})"]) from None
    except UnicodeDecodeError:
        raise DataFileError(path, ["not UTF-8 text"]) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise DataFileError(path, [f"TOML syntax: {error}"]) from None


def load_model(model: type[ModelT], path: Path) -> ModelT:
    """Read ``path`` as TOML and validate it as ``model``, reporting every problem at once."""
    data = read_toml(path)
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise DataFileError(path, describe_validation_error(error, data)) from None
