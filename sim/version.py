"""furball's version, from the installed package's metadata."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version


def furball_version() -> str:
    """The installed distribution's version, or a note that it is not installed."""
    try:
        return version("furball")
    except PackageNotFoundError:
        return "unknown (not installed)"
