"""Angles between aircraft, counted in PHAD cells (Angle Determination, Aspect).

Each angle is the PHAD distance (0 … 6) between two marks or bearings:

* AoN — the aircraft's Nose to the bearing of the target;
* AoC — the aircraft's Canopy to the bearing;
* AoT — the bearing to the target's Velocity (its Nose unless separated);
* TCA — the aircraft's Velocity to the target's Velocity;
* LCA — the aircraft's Lift to the target's Lift;
* reciprocal AoN / AoC — the target's AoN / AoC to the aircraft, measured on the reciprocal
  bearing (the antipode: "Look the other way").

Aspect is ``[AoN, AoC]``, a square of the body diamond.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine.phad.attitude import Attitude
from engine.phad.cells import Cell
from engine.phad.graph import distance


def _diamond() -> frozenset[tuple[int, int]]:
    squares = {
        (aon, aoc)
        for aon in range(7)
        for aoc in range(7)
        if abs(aon - aoc) <= 3 and 3 <= aon + aoc <= 9
    }
    # Fourteen-cell paths around the PHAD make three more squares reachable (Aspect).
    squares |= {(4, 6), (5, 5), (6, 4)}
    return frozenset(squares)


BODY_DIAMOND: Final = _diamond()
"""The 28 reachable [AoN, AoC] squares: Nose and Canopy are three cells apart, so
|AoN − AoC| ≤ 3 and 3 ≤ AoN + AoC ≤ 9, plus [4,6], [5,5] and [6,4]."""


@dataclass(frozen=True, slots=True)
class Aspect:
    """``[AoN, AoC]``: where a bearing falls on the body diamond."""

    aon: int
    aoc: int

    def __post_init__(self) -> None:
        if (self.aon, self.aoc) not in BODY_DIAMOND:
            raise ValueError(f"[{self.aon},{self.aoc}] is not a square of the body diamond")

    def __str__(self) -> str:
        return f"[{self.aon},{self.aoc}]"

    @property
    def is_fourteen_cell_square(self) -> bool:
        """One of the three extra squares, which act like the square to their left."""
        return self.aon + self.aoc == 10


def angle_off_nose(aircraft: Attitude, bearing: Cell) -> int:
    """AoN: cells from the aircraft's Nose to the bearing."""
    return distance(aircraft.nose, bearing)


def angle_off_canopy(aircraft: Attitude, bearing: Cell) -> int:
    """AoC: cells from the aircraft's Canopy to the bearing."""
    return distance(aircraft.canopy, bearing)


def aspect(aircraft: Attitude, bearing: Cell) -> Aspect:
    """``[AoN, AoC]`` of a bearing from the aircraft."""
    return Aspect(angle_off_nose(aircraft, bearing), angle_off_canopy(aircraft, bearing))


def angle_off_tail(bearing: Cell, target: Attitude) -> int:
    """AoT: cells from the bearing (aircraft to target) to the target's Velocity."""
    return distance(bearing, target.velocity)


def track_crossing_angle(aircraft: Attitude, target: Attitude) -> int:
    """TCA: cells between the two Velocity marks."""
    return distance(aircraft.velocity, target.velocity)


def lift_crossing_angle(aircraft: Attitude, target: Attitude) -> int:
    """LCA: cells between the two Lift marks."""
    return distance(aircraft.lift, target.lift)


@dataclass(frozen=True, slots=True)
class Angles:
    """All the angles between an aircraft and a target along one bearing."""

    aon: int
    aoc: int
    aot: int
    tca: int
    lca: int
    reciprocal_aon: int
    reciprocal_aoc: int

    @property
    def aspect(self) -> Aspect:
        return Aspect(self.aon, self.aoc)

    @property
    def reciprocal_aspect(self) -> Aspect:
        """The target's aspect of the aircraft."""
        return Aspect(self.reciprocal_aon, self.reciprocal_aoc)


def angles_between(aircraft: Attitude, target: Attitude, bearing: Cell) -> Angles:
    """Every angle of Angle Determination for ``bearing`` from aircraft to target."""
    reciprocal = bearing.antipode()
    return Angles(
        aon=angle_off_nose(aircraft, bearing),
        aoc=angle_off_canopy(aircraft, bearing),
        aot=angle_off_tail(bearing, target),
        tca=track_crossing_angle(aircraft, target),
        lca=lift_crossing_angle(aircraft, target),
        reciprocal_aon=angle_off_nose(target, reciprocal),
        reciprocal_aoc=angle_off_canopy(target, reciprocal),
    )
