"""Every Birds of Prey play-aid table in one frozen bundle, shipped or a player's own.

:func:`load_bop_tables` with no folder gives the rebuilt tables that ship in
``models/tables``, read once and kept.  With a folder it gives a player's own printed tables:
each file the folder holds, named as the shipped one (``sighting.toml``), replaces that
table, and every table it does not hold comes from the shipped set.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final

from models.bop_tables.activity import ACTIVITY_PATH, ActivityTables, load_activity_tables
from models.bop_tables.damage import DAMAGE_TABLE_PATH, DamageTables, load_damage_tables
from models.bop_tables.departure import DEPARTURE_PATH, DepartureTables, load_departure_tables
from models.bop_tables.flight_effects import (
    FLIGHT_EFFECTS_PATH,
    FlightEffectsTables,
    load_flight_effects_tables,
)
from models.bop_tables.guns import GUNS_TABLE_PATH, GunTables, load_gun_tables
from models.bop_tables.missiles import MISSILE_TABLES_PATH, MissileTables, load_missile_tables
from models.bop_tables.pips import PIPS_TABLE_PATH, PipsTable, load_pips_table
from models.bop_tables.sensors import SENSOR_TABLES_PATH, SensorTables, load_sensor_tables
from models.bop_tables.sighting import SIGHTING_PATH, SightingTables, load_sighting_tables
from models.files import DataFileError


@dataclass(frozen=True, slots=True)
class BopTables:
    """The play aids a game of Birds of Prey reads, one field per table file."""

    pips: PipsTable
    """The Pips Table ("Dice and Probability")."""
    activity: ActivityTables
    """Aircrew Tasks and Cockpit Actions (SoP 01)."""
    flight_effects: FlightEffectsTables
    """Overspeed, structure and crew G effects (SoP 04)."""
    departure: DepartureTables
    """Departure, spins and too-slow flight (SoP 05, SoP 06)."""
    guns: GunTables
    """Gun Combat (SoP 07)."""
    missiles: MissileTables
    """Missile Combat (SoP 07)."""
    damage: DamageTables
    """Damage Effects."""
    sighting: SightingTables
    """Visual Sighting (SoP 09)."""
    sensors: SensorTables
    """Sensors (SoP 10)."""


_Loader = Callable[[Path], Any]

TABLE_FILES: Final[Mapping[str, tuple[Path, _Loader]]] = MappingProxyType(
    {
        "pips": (PIPS_TABLE_PATH, load_pips_table),
        "activity": (ACTIVITY_PATH, load_activity_tables),
        "flight_effects": (FLIGHT_EFFECTS_PATH, load_flight_effects_tables),
        "departure": (DEPARTURE_PATH, load_departure_tables),
        "guns": (GUNS_TABLE_PATH, load_gun_tables),
        "missiles": (MISSILE_TABLES_PATH, load_missile_tables),
        "damage": (DAMAGE_TABLE_PATH, load_damage_tables),
        "sighting": (SIGHTING_PATH, load_sighting_tables),
        "sensors": (SENSOR_TABLES_PATH, load_sensor_tables),
    }
)
"""Each field of :class:`BopTables` → its shipped file and the loader that reads it."""


@cache
def shipped_bop_tables() -> BopTables:
    """The shipped tables, each file read once while furball runs."""
    return BopTables(**{name: load(path) for name, (path, load) in TABLE_FILES.items()})


_IN_PLAY: ContextVar[BopTables | None] = ContextVar("bop_tables_in_play", default=None)


def tables_in_play() -> BopTables:
    """The tables of the game being played in this thread (the ones handed to it, which may
    be a player's own), else the shipped ones."""
    return _IN_PLAY.get() or shipped_bop_tables()


@contextmanager
def playing_with(tables: BopTables) -> Iterator[None]:
    """While the block runs in this thread, every rule reads ``tables``
    (:func:`tables_in_play`)."""
    token = _IN_PLAY.set(tables)
    try:
        yield
    finally:
        _IN_PLAY.reset(token)


def load_bop_tables(folder: Path | None = None) -> BopTables:
    """The tables in force: the shipped ones, or a player's ``folder`` over them.

    A folder may hold any of the shipped file names (``guns.toml``, ``pips.toml``, …); each
    replaces its table.  A folder that is missing, or holds a ``.toml`` file of another name
    (a misspelt one, which would silently leave the shipped table in force), is a
    :class:`~models.files.DataFileError`, as is any problem in a file it holds."""
    shipped = shipped_bop_tables()
    if folder is None:
        return shipped
    if not folder.is_dir():
        raise DataFileError(folder, ["is not a folder of play-aid tables"])
    names = {path.name: name for name, (path, _) in TABLE_FILES.items()}
    unknown = sorted(p.name for p in folder.glob("*.toml") if p.name not in names)
    if unknown:
        raise DataFileError(
            folder / unknown[0],
            [f"not a table furball reads; table files are named {', '.join(sorted(names))}"],
        )
    overrides = {
        name: TABLE_FILES[name][1](folder / file_name)
        for file_name, name in names.items()
        if (folder / file_name).exists()
    }
    return dataclasses.replace(shipped, **overrides)
