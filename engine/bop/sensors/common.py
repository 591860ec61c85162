"""What every sensor procedure shares (SoP 10): contacts, awareness, arcs, range columns.

* :class:`Contact` — a target as one aircraft's sensors see it after all movement ("The
  ending Aspect to the target … is used"): slant range, bearing cell, [AoN, AoC], AoT,
  altitude, and what the target offers (radar signature, ECM, afterburner).
* :class:`Awareness` — a sensor's acquisition or track of a target, since a game-turn.
* :class:`SensorRoll` — one Acquisition or Maintenance attempt and its record.
* :func:`in_arc`, :func:`stabilised_usable` — arc diagrams on the body diamond or, for the
  stabilised radar modes, by bearing pitch ("Radar").
* :func:`range_value` — the Target Value for a slant range against the sensor's listed range.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from engine.bop.effects import EffectRecord
from engine.phad import Aspect, Attitude, Cell, angle_off_tail, aspect
from models.bop_tables.sensors import SensorTables
from models.sensors import (
    BodyDiamondArc,
    SensorFit,
    StabilisedArc,
)

AwarenessKind = Literal["acquisition", "track"]
SensorOutcome = Literal[
    "acquired", "maintained", "converted", "failed", "lost", "false_lock", "not_possible"
]


class IllegalSensorAction(ValueError):
    """A sensor action the rules do not allow (wrong mode, target out of arc, no sensor)."""


@dataclass(frozen=True, slots=True)
class Contact:
    """One target as seen from a searching aircraft (or a missile's anchor) after movement.

    ``start_aspect`` is the [AoN, AoC] at the start of movement: Boresight mode may acquire
    on either position ("Boresight Mode").
    """

    target: str
    range_fp: int
    """Slant range in FP."""
    bearing: Cell
    """The bearing cell from the searcher to the target."""
    aspect: Aspect
    """[AoN, AoC] of the bearing on the searcher's body diamond."""
    aot: int
    """The target's angle off tail on this bearing (0: seen from dead astern)."""
    target_alt_ft: float
    radar_signature: int = 0
    ecm_rating: int = 0
    afterburner: bool = False
    start_aspect: Aspect | None = None

    def __post_init__(self) -> None:
        if self.range_fp < 0:
            raise ValueError(f"range {self.range_fp} FP is negative")
        if not 0 <= self.aot <= 6:
            raise ValueError(f"AoT runs 0 to 6, not {self.aot}")

    @property
    def aon(self) -> int:
        return self.aspect.aon

    @classmethod
    def seen_from(
        cls,
        searcher: Attitude,
        target: str,
        target_attitude: Attitude,
        bearing: Cell,
        range_fp: int,
        target_alt_ft: float,
        *,
        target_fit: SensorFit | None = None,
        afterburner: bool = False,
        start: tuple[Attitude, Cell] | None = None,
    ) -> Contact:
        """Build a contact from the two attitudes and the bearing; ``target_fit`` gives the
        target's radar signature and ECM, ``start`` the searcher's attitude and the bearing
        at the start of movement."""
        return cls(
            target=target,
            range_fp=range_fp,
            bearing=bearing,
            aspect=aspect(searcher, bearing),
            aot=angle_off_tail(bearing, target_attitude),
            target_alt_ft=target_alt_ft,
            radar_signature=target_fit.radar_signature if target_fit else 0,
            ecm_rating=target_fit.ecm_rating if target_fit else 0,
            afterburner=afterburner,
            start_aspect=aspect(*start) if start else None,
        )


@dataclass(frozen=True, slots=True)
class Awareness:
    """A sensor's awareness of a target: an acquisition or a track, held since a game-turn."""

    sensor: str
    """``radar``, ``irst``, a missile type (``AIM-9L``), ``datalink``, ``hms``…"""
    target: str
    kind: AwarenessKind
    since_turn: int
    """The game-turn it became this kind of awareness."""

    def held_a_turn(self, turn: int) -> bool:
        """True from the game-turn after it was gained ("after one game-turn")."""
        return turn > self.since_turn

    def as_track(self, turn: int) -> Awareness:
        return replace(self, kind="track", since_turn=turn)

    def __str__(self) -> str:
        return f"{self.sensor} {self.kind} of {self.target} since turn {self.since_turn}"


@dataclass(frozen=True, slots=True)
class SensorRoll:
    """One Acquisition, Maintenance or track-conversion attempt."""

    procedure: str
    """The play-aid procedure, e.g. ``IRM Acquisition``."""
    sensor: str
    target: str
    outcome: SensorOutcome
    roll: int | None = None
    """The Pips result (acquisitions) or the d10 face (maintenance, conversion)."""
    net: int | None = None
    """The result after modifiers and Noise."""
    target_value: int | None = None
    record: EffectRecord | None = None

    @property
    def success(self) -> bool:
        return self.outcome in ("acquired", "maintained", "converted")


def record_roll(
    procedure: str,
    sensor: str,
    target: str,
    outcome: SensorOutcome,
    who: str,
    *,
    roll: int | None = None,
    net: int | None = None,
    target_value: int | None = None,
    why: str = "",
) -> SensorRoll:
    """A :class:`SensorRoll` with its timeline record."""
    kind = {
        "acquired": "sensor_acquired",
        "maintained": "sensor_maintained",
        "converted": "sensor_track",
        "failed": "sensor_failed",
        "lost": "sensor_lost",
        "false_lock": "sensor_false_lock",
        "not_possible": "sensor_not_possible",
    }[outcome]
    scored = "" if net is None else f": {net} against {target_value}"
    reason = f" ({why})" if why else ""
    detail = f"{who} {sensor} on {target}, {procedure}{scored}: {outcome.replace('_', ' ')}"
    data: dict[str, float | int | str | bool] = {
        "procedure": procedure,
        "sensor": sensor,
        "target": target,
        "outcome": outcome,
    }
    if roll is not None:
        data["roll"] = roll
    if net is not None and target_value is not None:
        data["net"] = net
        data["target_value"] = target_value
    record = EffectRecord(kind, detail + reason, data)
    return SensorRoll(procedure, sensor, target, outcome, roll, net, target_value, record)


def range_value(range_fp: float, listed_range_fp: float, tables: SensorTables) -> int | None:
    """Target Value for a slant range: the first band holding range / listed range; None
    beyond the listed range (no attempt possible)."""
    if listed_range_fp <= 0:
        return None
    fraction = range_fp / listed_range_fp
    for band in tables.range_values:
        if fraction <= band.up_to_fraction:
            return band.value
    return None


def stabilised_usable(attitude: Attitude) -> bool:
    """Stabilised modes need the Canopy above 0° pitch and the Nose strictly between −60° and
    +60° ("Radar")."""
    return attitude.canopy.pitch_deg > 0 and -60 < attitude.nose.pitch_deg < 60


def in_arc(arc: BodyDiamondArc | StabilisedArc, bearing_aspect: Aspect, bearing: Cell) -> bool:
    """The bearing falls in a filled square of a body-diamond arc, or, for a stabilised arc,
    in a filled (bearing pitch, AoN) cell ("Sensors (SoP 10)", "Radar")."""
    if isinstance(arc, BodyDiamondArc):
        return arc.covers(bearing_aspect.aon, bearing_aspect.aoc)
    return arc.covers(bearing.pitch_deg, bearing_aspect.aon)


def in_fov(aon: int, fov_aon: int) -> bool:
    """AoN-rated sensors: a target at ``fov_aon`` or less is in the field of view."""
    return aon <= fov_aon
