"""The one base class of every model read from a furball data file.

TOML has real types, so a file that writes ``turns = true`` or ``alt_steps = "30"`` meant
something else and is refused rather than guessed at: every :class:`DataModel` validates in
pydantic's strict mode, where a boolean is not a number, text is not a number and a number
is not a list.  Whole numbers still stand for decimals (``load_g = 4`` is 4.0 G).  Infinity
and NaN are refused everywhere.

Strict mode would also refuse a TOML array for a tuple field, so arrays are turned into
tuples on the way in; the models keep tuples, which freeze with the model.

Checks that span several fields and want to name each field they blame raise
:class:`FieldProblems` from a validator; :func:`models.files.describe_validation_error`
prefixes each path with where the model sits in the file.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Literal, Self, get_args, get_origin

from pydantic import BaseModel, ConfigDict, model_validator


class FieldProblems(ValueError):
    """Problems found by a cross-field check, each as (field path inside the model, message)."""

    def __init__(self, problems: list[tuple[str, str]]) -> None:
        self.problems = problems
        super().__init__("; ".join(f"{where}: {what}" for where, what in problems))


def _arrays_as_tuples(value: Any) -> Any:
    """``value`` with every list in it (inside tables too) a tuple."""
    if isinstance(value, list | tuple):
        return tuple(_arrays_as_tuples(item) for item in value)
    if isinstance(value, dict):
        return {key: _arrays_as_tuples(item) for key, item in value.items()}
    return value


def _array_as_tuple(value: Any) -> Any:
    """A list (and the lists in it) as a tuple; tables are left to their own models."""
    if isinstance(value, list):
        return tuple(_array_as_tuple(item) for item in value)
    return value


class DataModel(BaseModel):
    """Frozen, closed to unknown keys, strict about types, finite about numbers."""

    model_config = ConfigDict(
        frozen=True,
        extra="forbid",
        use_attribute_docstrings=True,
        strict=True,
        allow_inf_nan=False,
    )

    @classmethod
    def model_validate(cls, obj: Any, **options: Any) -> Self:
        """Validate ``obj`` (a parsed file, say) with every array in it a tuple, turned in
        one pass over the whole tree."""
        return super().model_validate(_arrays_as_tuples(obj), **options)

    @model_validator(mode="before")
    @classmethod
    def _no_booleans_for_numbered_choices(cls, data: Any) -> Any:
        """A boolean where a numbered choice goes (``format_version = true``) is refused:
        pydantic matches ``Literal[1]`` by equality, and ``True == 1`` in Python."""
        if isinstance(data, dict):
            numbered = _numbered_choices(cls)
            problems = [
                (
                    name,
                    f"should be {' or '.join(map(str, numbered[name]))}, not {str(value).lower()}",
                )
                for name, value in data.items()
                if isinstance(value, bool) and name in numbered
            ]
            if problems:
                raise FieldProblems(problems)
        return data

    @model_validator(mode="before")
    @classmethod
    def _tuples_for_arrays(cls, data: Any) -> Any:
        """Arrays handed straight to a model (``BopPlot(segments=[...])``) become tuples."""
        if isinstance(data, dict) and any(isinstance(v, list) for v in data.values()):
            return {key: _array_as_tuple(value) for key, value in data.items()}
        return data


@cache
def _numbered_choices(model: type[BaseModel]) -> dict[str, tuple[int, ...]]:
    """The names (or aliases) of ``model``'s fields whose type is a choice of numbers
    (``Literal[1]``, ``Literal[0, 1, 2]``), with the numbers."""
    names: dict[str, tuple[int, ...]] = {}
    for name, field in model.model_fields.items():
        annotation = field.annotation
        if get_origin(annotation) is Literal and all(
            isinstance(choice, int) and not isinstance(choice, bool)
            for choice in get_args(annotation)
        ):
            names[field.alias or name] = get_args(annotation)
    return names
