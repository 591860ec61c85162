"""Scenario files shipped with furball, grouped as bfm/, historical/, demo/, otl/ (Over
the Lines), phantoms/ (Phantoms and Intruders), fc/ (Fighter Command) and hexjet/ (the hex
jet game).

Scenarios are TOML data read with :func:`shipped`, never imported as code.
"""

from __future__ import annotations

import os
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

GROUPS = ("bfm", "historical", "demo", "otl", "phantoms", "fc", "hexjet")


class ScenarioNotFound(ValueError):
    """Neither a file nor a shipped scenario of that name."""


def shipped() -> list[Traversable]:
    """Every shipped scenario file, by group then name."""
    root = files(__name__)
    found: list[Traversable] = []
    for group in GROUPS:
        folder = root / group
        if folder.is_dir():
            found.extend(
                sorted(
                    (
                        f
                        for f in folder.iterdir()
                        if f.name.endswith(".toml") and not f.name.endswith(PLAYLIST_SUFFIX)
                    ),
                    key=lambda f: f.name,
                )
            )
    return found


PLAYLIST_SUFFIX = ".playlist.toml"
"""Demo playlists (models/playlist.py) live beside the demo scenarios."""


def shipped_playlists() -> list[Traversable]:
    """Every shipped demo playlist, by name."""
    folder = files(__name__) / "demo"
    if not folder.is_dir():
        return []
    return sorted(
        (f for f in folder.iterdir() if f.name.endswith(PLAYLIST_SUFFIX)), key=lambda f: f.name
    )


LOGS = "logs"
"""The folder of shipped game logs (docs/game-logs.md) and the setups they start from."""
LOG_SUFFIX = ".log.toml"


def shipped_logs() -> list[Traversable]:
    """Every shipped game log file, by name."""
    folder = files(__name__) / LOGS
    if not folder.is_dir():
        return []
    return sorted(
        (f for f in folder.iterdir() if f.name.endswith(LOG_SUFFIX)), key=lambda f: f.name
    )


def shipped_log_setups() -> list[Traversable]:
    """The other files of the logs folder: the scenarios the shipped game logs start from."""
    folder = files(__name__) / LOGS
    if not folder.is_dir():
        return []
    return sorted(
        (
            f
            for f in folder.iterdir()
            if f.name.endswith(".toml") and not f.name.endswith(LOG_SUFFIX)
        ),
        key=lambda f: f.name,
    )


def _exists(path: Path) -> bool:
    """Something is at ``path`` (a file, a folder, a pipe...); False for a name the file
    system cannot even look up (too long, a NUL in it)."""
    try:
        os.stat(path)
    except (OSError, ValueError):
        return False
    return True


def find_scenario(text: str) -> Path:
    """A scenario (or game log) by path, or a shipped one by ``group/name`` or ``name`` (no
    ``.toml``); shipped logs are ``logs/name``, the setups beside them ``logs/name.setup``."""
    path = Path(text)
    if _exists(path):
        return path  # the reader refuses it if it is not a regular file
    stem = text.removesuffix(".toml")
    for found in [*shipped(), *shipped_logs(), *shipped_log_setups()]:
        group = Path(str(found)).parent.name
        name = found.name.removesuffix(LOG_SUFFIX).removesuffix(".toml")
        if stem.removesuffix(".log") in (name, f"{group}/{name}"):
            return Path(str(found))
    names = ", ".join(
        [f"{Path(str(f)).parent.name}/{f.name.removesuffix('.toml')}" for f in shipped()]
        + [f"{LOGS}/{f.name.removesuffix(LOG_SUFFIX)}" for f in shipped_logs()]
        + [f"{LOGS}/{f.name.removesuffix('.toml')}" for f in shipped_log_setups()]
    )
    raise ScenarioNotFound(
        f"no scenario file {text!r} and no shipped scenario by that name; shipped: {names}"
    )


def find_playlist(text: str) -> Path:
    """A demo playlist by path, or a shipped one by ``demo/name`` or ``name`` (no suffix)."""
    path = Path(text)
    if _exists(path):
        return path  # the reader refuses it if it is not a regular file
    stem = text.removesuffix(PLAYLIST_SUFFIX).removeprefix("demo/")
    for found in shipped_playlists():
        if found.name.removesuffix(PLAYLIST_SUFFIX) == stem:
            return Path(str(found))
    names = ", ".join(f"demo/{f.name.removesuffix(PLAYLIST_SUFFIX)}" for f in shipped_playlists())
    raise ScenarioNotFound(
        f"no playlist file {text!r} and no shipped playlist by that name; shipped: {names}"
    )
