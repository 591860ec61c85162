"""The ledger file: JSON, written whole to a temporary file beside it and moved into place,
so an interrupted write leaves the last good ledger; read back with every problem named
by its field."""

from __future__ import annotations

import json
import os
from pathlib import Path

from pydantic import ValidationError

from engine.campaign.ledger import Ledger
from models.files import DataFileError, describe_validation_error, read_bytes

LEDGER_SUFFIX = ".ledger.json"
LEDGER_MAX_BYTES = 16 * 1024 * 1024
"""A ledger of hundreds of sorties is well under a megabyte; a runaway file is refused."""


def ledger_text(ledger: Ledger) -> str:
    """The ledger as the file holds it: indented JSON, keys in the models' order."""
    return json.dumps(ledger.model_dump(mode="json"), indent=1, ensure_ascii=False) + "\n"


def save_ledger(path: Path, ledger: Ledger) -> None:
    """Write the ledger to ``path`` whole or not at all."""
    partial = path.with_name(f".{path.name}.partial")
    partial.write_text(ledger_text(ledger), encoding="utf-8")
    os.replace(partial, path)


def load_ledger(path: Path) -> Ledger:
    """The ledger in ``path``; a :class:`~models.files.DataFileError` names the file and
    each bad field."""
    data = read_bytes(path, LEDGER_MAX_BYTES)
    try:
        parsed = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise DataFileError(path, ["not UTF-8 text"]) from None
    except json.JSONDecodeError as error:
        raise DataFileError(path, [f"JSON syntax: line {error.lineno}: {error.msg}"]) from None
    except RecursionError:
        raise DataFileError(path, ["arrays or objects nested too deep"]) from None
    if not isinstance(parsed, dict):
        raise DataFileError(path, ["a ledger is a JSON object"])
    try:
        return Ledger.model_validate(parsed)
    except ValidationError as error:
        raise DataFileError(path, describe_validation_error(error, parsed)) from None
