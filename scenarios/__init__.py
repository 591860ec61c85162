"""Scenario files shipped with furball, grouped as bfm/, historical/ and demo/.

Scenarios are TOML data read with :func:`shipped`, never imported as code.
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable

GROUPS = ("bfm", "historical", "demo")


def shipped() -> list[Traversable]:
    """Every shipped scenario file, by group then name."""
    root = files(__name__)
    found: list[Traversable] = []
    for group in GROUPS:
        folder = root / group
        if folder.is_dir():
            found.extend(
                sorted(
                    (f for f in folder.iterdir() if f.name.endswith(".toml")), key=lambda f: f.name
                )
            )
    return found
