"""Where the shipped play-aid tables live: ``models/tables``, beside these models."""

from __future__ import annotations

from pathlib import Path
from typing import Final

SHIPPED_TABLES_DIR: Final = Path(__file__).resolve().parent.parent / "tables"
"""The folder of the rebuilt play-aid tables that ship with furball."""
