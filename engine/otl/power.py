"""Power and speed: what the Plane Chart gives at the start of a round, what the pilot
applies, the take-off run and the overdive chits (§Power and Speed, §Engine Off and
Restarting, §Overdiving and Excessive Speed, §Bombing and Loaded Planes, §Taking Off).
"""

from __future__ import annotations

from functools import cache

from engine.otl.state import PlaneState
from models.otl.chart import TOP_SPEED, PowerBand, PowerCell

GROUND_TOP_SPEED = 8
"""A plane cannot pass speed 8 without leaving the ground (§Taking Off)."""


@cache
def band_cells(band: PowerBand) -> tuple[PowerCell, ...]:
    """The band's cells, parsed once (a band is frozen, so it keys the cache)."""
    return band.cells


@cache
def band_speeds(band: PowerBand) -> tuple[int, int]:
    """(Stall Speed, Maximum Level Speed) of a band, worked out once."""
    return band.stall_speed, band.max_level_speed


def cell_at(plane: PlaneState, alt_ft: float, speed: int) -> PowerCell:
    """The chart's cell for ``speed`` in the band ``alt_ft`` lies in."""
    return band_cells(plane.chart.band_at(alt_ft))[max(0, min(speed, TOP_SPEED))]


def engine_running(plane: PlaneState) -> bool:
    """Running: on, and not stopped by Engine Out or Fuel Line Cut (§Critical Hits)."""
    return (
        plane.engine_on
        and not plane.engine_dead
        and not plane.has("engine_out")
        and not plane.has("fuel_line_cut")
    )


def positive_power(plane: PlaneState, value: int) -> int:
    """A positive chart value as the engine delivers it: halved (rounded down) under a
    bomb load, then one less per Engine Hit, and never below 0 (docs/rulings.md)."""
    if plane.bombs:
        value //= 2
    return max(0, value - plane.crits.count("engine_hit"))


def power_available(plane: PlaneState) -> int | None:
    """The chart's value at the round's starting altitude and speed, as the engine and load
    leave it; None on an S cell."""
    cell = cell_at(plane, plane.alt_ft, plane.speed)
    if cell.stall:
        return None
    return positive_power(plane, cell.value) if cell.value > 0 else cell.value


def power_applied(plane: PlaneState, ordered: int | None) -> tuple[int, str | None]:
    """The power that goes into next round's speed, and an error text when ``ordered`` is
    not allowed.

    A positive value lets the pilot apply 0 up to it, or −1 braking; None takes it all.
    Drag (a negative value) applies as printed whatever the order.  An engine that is not
    running gives −1, or the printed drag when that is worse.  An S cell gives 0 (−1 with
    the engine off): a stalled plane gains its speed by diving (docs/rulings.md).
    """
    available = power_available(plane)
    if not engine_running(plane):
        return (min(available, -1) if available is not None else -1), None
    if available is None:
        return 0, None
    if available < 0 or (available == 0 and ordered is None):
        return available, None
    if ordered is None:
        return available, None
    if ordered > available:
        return available, (
            f"power {ordered} is more than the {available} the chart gives at speed "
            f"{plane.speed} and {plane.alt_ft:.0f} ft; apply 0 to {available}, or −1 to brake"
        )
    return ordered, None


def take_off_acceleration(plane: PlaneState) -> int:
    """Speed gained per round on the ground: one less than the power at Minimum Speed in
    the lowest band, at least 1; −1 with the engine stopped (§Taking Off)."""
    if not engine_running(plane):
        return -1
    band = plane.chart.bands[0]
    cell = band_cells(band)[band.min_speed]
    value = positive_power(plane, cell.value) if cell.value > 0 else cell.value
    return max(1, value - 1)


def overdive_chits(plane: PlaneState, alt_ft: float, speed: int) -> int:
    """Chits to draw at the end of a round at ``speed``: the drag's size when the cell is
    underlined, or any drag at all with a Fabric Tear (§Overdiving, §Critical Hits)."""
    cell = cell_at(plane, alt_ft, speed)
    if cell.stall or cell.value >= 0:
        return 0
    if cell.overdive or plane.has("fabric_tear"):
        return -cell.value
    return 0


def over_max_level(plane: PlaneState) -> bool:
    """Started the round above Maximum Level Speed at its altitude (§Power and Speed)."""
    return plane.speed > band_speeds(plane.chart.band_at(plane.alt_ft))[1]


def stall_speed(plane: PlaneState, alt_ft: float | None = None) -> int:
    """The highest S speed at the altitude (§Stalls and Spins)."""
    band = plane.chart.band_at(plane.alt_ft if alt_ft is None else alt_ft)
    return band_speeds(band)[0]


def min_speed(plane: PlaneState, alt_ft: float | None = None) -> int:
    """One above the stall speed: the first printed number."""
    return stall_speed(plane, alt_ft) + 1
