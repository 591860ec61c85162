"""Reading furball's TOML data files into models, with errors a user can act on.

This is the one way furball reads a TOML file (scenarios, game logs, playlists, cards,
tables).  Before anything is parsed, the file must be a regular file (not a folder, a pipe
or a device, which could block or never end) within its format's size; the text must not
hold a dotted key of more parts than any format uses (the TOML parser's cost grows with the
square of a key's length).  After parsing, the nesting depth, the number of keys and array
items, the length of every text and the size of every whole number are bounded, so what
reaches the models is small and finite.  Files are parsed, never executed.

Every problem is reported with the file, the field path (``polar.2.cd0``) and what would be
valid; TOML syntax errors name the line and column.
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from models.base import FieldProblems

ModelT = TypeVar("ModelT", bound=BaseModel)

KIB = 1024
MIB = 1024 * KIB
LARGEST_WHOLE_NUMBER = 2**63 - 1
"""TOML's integers are 64-bit; a larger one is refused rather than carried into numpy."""
FILE_NAME_CHARS = 200
"""The longest file name or path a data file may give (for a scenario beside it): short of
the 255 bytes a file system allows one name, so looking it up never fails for length."""
FILE_NAME_TEXT = r"^[^\x00]+$"
"""A file name: anything but the NUL character, which no file system allows."""
SHOWN_CHARS = 60
"""How much of a refused value or key a message quotes."""


@dataclass(frozen=True, slots=True)
class FileLimits:
    """How big a file of one format may be; each is checked before the models see it."""

    max_bytes: int
    """File size, checked before reading."""
    max_entries: int
    """Keys and array items in the whole file."""
    max_depth: int = 16
    """Tables and arrays nested in one another (the shipped files nest 8 deep at most)."""
    max_key_parts: int = 16
    """Parts of one dotted key (``a.b.c`` has 3)."""
    max_text_chars: int = 20_000
    """Characters in one text value or key (the longest shipped description is ~2,500)."""


USER_FILE_LIMITS = FileLimits(max_bytes=2 * MIB, max_entries=200_000)
"""Scenarios and game logs: a 500-turn log of 32 aircraft fits, a runaway file does not."""
PLAYLIST_LIMITS = FileLimits(max_bytes=256 * KIB, max_entries=20_000)
"""Demo playlists: a few dozen vignettes."""
CARD_LIMITS = FileLimits(max_bytes=256 * KIB, max_entries=20_000)
"""Aircraft, missile and sensor cards and the play-aid tables (the largest ship at 14 KiB)."""


class DataFileError(ValueError):
    """A data file that cannot be read; ``problems`` lists each one as a line of text."""

    def __init__(self, path: Path | str, problems: list[str]) -> None:
        self.path = str(path)
        self.problems = problems
        listed = "; ".join(problems) if len(problems) == 1 else "\n  " + "\n  ".join(problems)
        super().__init__(f"{self.path}: {listed}")


def shown(value: Any) -> str:
    """A value as a message quotes it: TOML spelling, cut to :data:`SHOWN_CHARS`."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list | tuple):
        return "an array"
    if isinstance(value, str):
        if len(value) > SHOWN_CHARS:
            return repr(value[:SHOWN_CHARS]) + f"… ({len(value)} characters)"
        return repr(value)
    text = str(value)
    if len(text) > SHOWN_CHARS:
        return text[:SHOWN_CHARS] + f"… ({len(text)} characters)"
    return text


def field_path(location: tuple[int | str, ...]) -> str:
    """``('polar', 2, 'cd0')`` → ``polar.2.cd0``; the root is ``(file)``."""
    parts = [str(part) for part in location]
    return (
        ".".join(p if len(p) <= SHOWN_CHARS else p[:SHOWN_CHARS] + "…" for p in parts) or "(file)"
    )


# -- shipped files by id ------------------------------------------------------------------


def type_key(type_id: str) -> str:
    """The file stem a type id is filed under: lower case, spaces as underscores."""
    return type_id.lower().replace(" ", "_")


@cache
@cache
def shipped_files(folder: Path) -> Mapping[str, Path]:
    """The TOML files of a shipped folder by stem, listed once (the shipped folders do not
    change while furball runs, and every card lookup comes here).  Ids are looked up here
    and never joined into a path, so no id (``../x``, ``/etc/x``, 255 characters) reaches
    the file system."""
    files = {path.stem: path for path in sorted(folder.glob("*.toml")) if path.is_file()}
    return MappingProxyType(files)


# -- before parsing --------------------------------------------------------------------


def _kind_of_file(mode: int) -> str | None:
    """What a non-regular file is, in a user's words; None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_bytes(path: Path, max_bytes: int) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``, never blocking on the way.

    The file is looked at before it is opened (a pipe or a device is refused unopened) and
    again once open, without blocking, in case it was swapped in between.
    """
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError) as error:  # ValueError: a NUL in the name
        raise DataFileError(path, [f"cannot read the file ({_reason(error)})"]) from None
    kind = _kind_of_file(mode)
    if kind is not None:
        raise DataFileError(path, [f"is {kind}, not a data file"])
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        descriptor = os.open(path, flags)
    except OSError as error:
        raise DataFileError(path, [f"cannot read the file ({_reason(error)})"]) from None
    with os.fdopen(descriptor, "rb") as file:
        info = os.fstat(file.fileno())
        kind = _kind_of_file(info.st_mode)
        if kind is not None:
            raise DataFileError(path, [f"is {kind}, not a data file"])
        if info.st_size > max_bytes:
            raise DataFileError(path, [_too_big(info.st_size, max_bytes)])
        try:
            data = file.read(max_bytes + 1)
        except OSError as error:
            raise DataFileError(path, [f"cannot read the file ({_reason(error)})"]) from None
    if len(data) > max_bytes:  # it grew while we looked
        raise DataFileError(path, [_too_big(len(data), max_bytes)])
    return data


def _reason(error: Exception) -> str:
    return (error.strerror if isinstance(error, OSError) else None) or str(error)


def _too_big(size: int, max_bytes: int) -> str:
    return f"the file is {size:,} bytes; files of this kind hold at most {max_bytes:,} bytes"


_KEY_PART = r"""(?:[A-Za-z0-9_-]++|"(?:[^"\\\n]|\\.)*+"|'[^'\n]*+')"""


@cache
def _dotted_key(parts: int) -> re.Pattern[str]:
    """A dotted key of more than ``parts`` parts where a key may start: a line, a table
    header or an inline table's entry.  (The parser pays for a long key even when no ``=``
    follows.)  The quantifiers never give back, so a scan is linear in the text."""
    return re.compile(
        rf"(?:^|[\[{{,])[ \t]*+{_KEY_PART}(?:[ \t]*+\.[ \t]*+{_KEY_PART}){{{parts}}}",
        re.MULTILINE,
    )


def _dotted_key_problem(text: str, limits: FileLimits) -> str | None:
    found = _dotted_key(limits.max_key_parts).search(text)
    if found is None:
        return None
    line = text.count("\n", 0, found.start()) + 1
    return (
        f"line {line}: a dotted key of more than {limits.max_key_parts} parts "
        f"({shown(found.group())}); no furball file nests that deep"
    )


# -- after parsing ---------------------------------------------------------------------


def _shape_problem(data: dict[str, Any], limits: FileLimits) -> str | None:
    """The first way the parsed data is larger than the format allows, or None."""
    entries = 0
    stack: list[tuple[Any, tuple[int | str, ...]]] = [(data, ())]
    while stack:
        node, where = stack.pop()
        if len(where) > limits.max_depth:
            return f"{field_path(where)}: nested more than {limits.max_depth} deep"
        children: list[tuple[Any, tuple[int | str, ...]]]
        if isinstance(node, dict):
            for key in node:
                if len(key) > limits.max_text_chars:
                    return f"{field_path(where)}: a key of {len(key):,} characters"
            children = [(value, (*where, key)) for key, value in node.items()]
        elif isinstance(node, list):
            children = [(value, (*where, index)) for index, value in enumerate(node)]
        else:
            problem = _value_problem(node, limits)
            if problem is not None:
                return f"{field_path(where)}: {problem}"
            continue
        entries += len(children)
        if entries > limits.max_entries:
            return f"more than {limits.max_entries:,} keys and array items; too large a file"
        stack.extend(reversed(children))
    return None


def _value_problem(value: Any, limits: FileLimits) -> str | None:
    if isinstance(value, str) and len(value) > limits.max_text_chars:
        return f"a text of {len(value):,} characters; at most {limits.max_text_chars:,} are read"
    if isinstance(value, int) and not -LARGEST_WHOLE_NUMBER <= value <= LARGEST_WHOLE_NUMBER:
        return f"{shown(value)} is too large a whole number"
    if isinstance(value, float) and (value != value or value in (float("inf"), float("-inf"))):
        return f"{shown(value)} is not a finite number"
    return None


def read_toml(path: Path, limits: FileLimits = USER_FILE_LIMITS) -> dict[str, Any]:
    """Parse a TOML file within ``limits``; every refusal is a :class:`DataFileError`
    naming the file, and a syntax error names the line."""
    data = read_bytes(path, limits.max_bytes)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise DataFileError(path, ["not UTF-8 text"]) from None
    problem = _dotted_key_problem(text, limits)
    if problem is not None:
        raise DataFileError(path, [problem])
    try:
        parsed = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise DataFileError(path, [f"TOML syntax: {error}"]) from None
    except RecursionError:
        raise DataFileError(
            path, [f"arrays or tables nested too deep; at most {limits.max_depth} are read"]
        ) from None
    except ValueError as error:  # Python refuses an integer of thousands of digits
        reason = "a whole number too long to read" if "digits" in str(error) else str(error)
        raise DataFileError(path, [f"TOML value: {reason}"]) from None
    problem = _shape_problem(parsed, limits)
    if problem is not None:
        raise DataFileError(path, [problem])
    return parsed


# -- validation ------------------------------------------------------------------------


def _readable_location(location: tuple[int | str, ...], data: Any) -> tuple[int | str, ...]:
    """Drop the tags pydantic adds for a union: a model union's ``kind`` (``segments.0.turn``
    → ``segments.0``) and a scalar union's member (``load_g.float`` → ``load_g``)."""
    kept: list[int | str] = []
    node = data
    for part in location:
        if isinstance(node, dict) and part not in node and node.get("kind") == part:
            continue
        if isinstance(part, str) and node is not None and not isinstance(node, dict) and kept:
            continue  # a member tag of a union of plain types: the value is not a table
        kept.append(part)
        if isinstance(node, dict):
            node = node.get(part)
        elif isinstance(node, list | tuple) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
        else:
            node = None
    return tuple(kept)


def _names_whole(message: str, value: str) -> bool:
    """True when ``message`` already shows ``value`` as a word of its own: a misspelt name
    inside an allowed one (``barrel_roll`` in ``'barrel_rolls'``) is still worth showing."""
    return re.search(rf"(?<!\w){re.escape(value)}(?!\w)", message) is not None


_PLAIN_WORDS = {
    "int_type": "should be an integer (a whole number)",
    "int_from_float": "should be an integer (a whole number)",
    "float_type": "should be a number",
    "bool_type": "should be true or false",
    "string_type": "should be a string in quotes",
    "tuple_type": "should be an array",
    "list_type": "should be an array",
    "dict_type": "should be a table",
    "model_type": "should be a table",
    "model_attributes_type": "should be a table",
    "finite_number": "should be a finite number",
    "datetime_type": "should be a date-time such as 1972-05-10T08:30:00Z",
    "missing": "is missing (the format needs it)",
}
"""pydantic's type complaints in the words of a TOML file."""


def describe_validation_error(error: ValidationError, data: Any = None) -> list[str]:
    """One line per problem: ``field.path: message (got value)``.

    ``data`` is the input that failed, used to drop union tags from paths.  A "too short"
    complaint about a list whose items already failed is left out: it only repeats them.
    The complaints of a union's members about one value become one line joined by "or".
    """
    problems = error.errors(include_url=False)
    locations = [_readable_location(tuple(p["loc"]), data) for p in problems]
    found: dict[str, tuple[list[str], str]] = {}
    """Field path → (what would be valid, the value quoted), in the order first met."""
    for problem, where_parts in zip(problems, locations, strict=True):
        if problem["type"] == "too_short" and any(
            other[: len(where_parts)] == where_parts and len(other) > len(where_parts)
            for other in locations
        ):
            continue
        where = field_path(where_parts)
        cause = (problem.get("ctx") or {}).get("error")
        if isinstance(cause, FieldProblems):
            for inner, message in cause.problems:
                inner_where = f"{where}.{inner}" if where_parts else inner
                found.setdefault(inner_where, ([], ""))[0].append(message)
            continue
        message = _PLAIN_WORDS.get(
            problem["type"], problem["msg"].removeprefix("Value error, ").removeprefix("Input ")
        )
        if problem["type"] == "extra_forbidden":
            message = "unknown key (not part of the format)"
        context = problem.get("ctx") or {}
        if problem["type"] == "too_long" and "max_length" in context:
            message = f"should have at most {context['max_length']} items"
            if context.get("actual_length") is not None:
                message += f", not {context['actual_length']}"
        elif problem["type"] == "too_short" and "min_length" in context:
            message = f"should have at least {context['min_length']} items"
        got = problem.get("input")
        text = shown(got)
        plain = problem["type"] in _PLAIN_WORDS
        quoted = (
            ""
            if isinstance(got, dict)
            or got is None
            or (isinstance(got, list | tuple) and not plain)
            or (not plain and (text in message or _names_whole(message, str(got))))
            else f" (got {text})"
        )
        messages, _ = found.setdefault(where, ([], quoted))
        if message not in messages:
            messages.append(message)
    return [
        f"{where}: {', or '.join(messages)}{quoted}" for where, (messages, quoted) in found.items()
    ]


def load_model(model: type[ModelT], path: Path, limits: FileLimits = USER_FILE_LIMITS) -> ModelT:
    """Read ``path`` as TOML within ``limits`` and validate it as ``model``, reporting every
    problem at once."""
    return validated(model, read_toml(path, limits), path)


def validated(model: type[ModelT], data: dict[str, Any], path: Path) -> ModelT:
    """``data``, read from ``path``, validated as ``model``, reporting every problem at once."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise DataFileError(path, describe_validation_error(error, data)) from None
