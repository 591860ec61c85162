"""From timeline channels to the quantities Tacview shows, many samples at once.

Each function takes numpy arrays of any shape (one value per sample) and returns arrays of
the same shape, in Tacview's units: metres, metres per second, degrees, kilograms.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from engine.atmosphere import KT_PER_MPS, MAX_ALT_FT, PSF_PER_KEAS2, isa_arrays

FloatArray = npt.NDArray[np.float64]

M_PER_FT = 0.3048
KG_PER_FUEL_POINT = 100 * 0.45359237
"""A Fuel Point is 100 lb of fuel."""
SEA_LEVEL_SOUND_MPS = 340.294
_SEA_LEVEL_SOUND_KT = SEA_LEVEL_SOUND_MPS * KT_PER_MPS
_SUBSONIC_PITOT_LIMIT = 1.2**3.5
"""Total over static pressure at Mach 1: above it the pitot sees a normal shock."""

RADAR_MODE_NUMBERS: dict[str, int] = {
    "": 0,
    "Srch": 1,
    "TWS": 1,
    "Bo": 2,
    "Dog": 2,
    "SS": 2,
    "STT": 3,
}
"""Tacview's RadarMode (0 is off): 1 search (Srch, TWS), 2 air-combat acquisition (Bo, Dog,
SS), 3 single-target track (STT).  A mode not listed counts as 1, on."""


def body_axes(
    quat_wxyz: FloatArray,
) -> tuple[FloatArray, FloatArray, FloatArray]:
    """The body's right, forward and up axes in the world frame (x east, y north, z up),
    each of shape ``(..., 3)``, from attitude quaternions of shape ``(..., 4)``."""
    w, x, y, z = (quat_wxyz[..., i] for i in range(4))
    right = np.stack([1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y)], -1)
    forward = np.stack([2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x)], -1)
    up = np.stack([2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)], -1)
    return right, forward, up


def roll_pitch_yaw_deg(quat_wxyz: FloatArray) -> tuple[FloatArray, FloatArray, FloatArray]:
    """Tacview's roll (right wing down positive), pitch (nose up positive) and yaw (true
    heading, clockwise from north, 0–360) of body attitudes.

    The same angles as :func:`engine.phad.rotation.heading_pitch_roll_deg`, including its
    choice straight up or down: no roll, heading where the canopy faces."""
    right, forward, up = body_axes(quat_wxyz)
    sin_pitch = np.clip(forward[..., 2], -1.0, 1.0)
    pitch = np.degrees(np.arcsin(sin_pitch))
    vertical = np.abs(sin_pitch) > 0.999999
    sign = np.where(sin_pitch > 0, -1.0, 1.0)
    yaw = np.where(
        vertical,
        np.degrees(np.arctan2(sign * up[..., 0], sign * up[..., 1])),
        np.degrees(np.arctan2(forward[..., 0], forward[..., 1])),
    )
    roll = np.where(vertical, 0.0, np.degrees(np.arctan2(-right[..., 2], up[..., 2])))
    return roll, pitch, yaw % 360.0


def lift_curve_slope_per_rad(aspect_ratio: float) -> float:
    """dC_L/dα of a wing of this aspect ratio, low speed (Helmbold's formula)."""
    return 2.0 * math.pi * aspect_ratio / (2.0 + math.sqrt(4.0 + aspect_ratio**2))


def angle_of_attack_deg(
    load_g: FloatArray,
    keas_kt: FloatArray,
    weight_lb: FloatArray,
    wing_area_ft2: float,
    aspect_ratio: float,
    cl_max: float,
) -> FloatArray:
    """An estimate of the angle of attack that pulls ``load_g``: the lift coefficient the
    rules' load needs at this KEAS and weight (C_L = n·W/(q·S), as the rulebook's Q-mark
    has it), no more than ``cl_max``, over the lift-curve slope of a wing of this aspect
    ratio.  The lift curve is taken as straight, from no lift at 0° (no camber, no
    incidence)."""
    dynamic_pressure = np.asarray(keas_kt, dtype=np.float64) ** 2 * PSF_PER_KEAS2
    lift = np.asarray(load_g, dtype=np.float64) * weight_lb
    flying = dynamic_pressure > 1e-6
    cl = np.where(flying, lift / (np.where(flying, dynamic_pressure, 1.0) * wing_area_ft2), 0.0)
    cl = np.clip(cl, -cl_max, cl_max)
    return np.degrees(cl / lift_curve_slope_per_rad(aspect_ratio))


def calibrated_airspeed_mps(mach: FloatArray, alt_ft: FloatArray) -> FloatArray:
    """What a perfect airspeed indicator reads (calibrated airspeed) at a Mach number and
    standard-atmosphere altitude: the pitot's impact pressure, with a normal shock in front
    of it above Mach 1, read back as the sea-level speed that makes the same pressure."""
    mach = np.maximum(np.asarray(mach, dtype=np.float64), 0.0)
    alt = np.clip(np.asarray(alt_ft, dtype=np.float64), 0.0, MAX_ALT_FT)
    sigma, sound_kt = isa_arrays(alt)
    delta = sigma * (sound_kt / _SEA_LEVEL_SOUND_KT) ** 2  # p/p0 = σ·θ
    pitot = np.where(
        mach <= 1.0,
        (1.0 + 0.2 * mach**2) ** 3.5,
        166.92158 * mach**7 / np.maximum(7.0 * mach**2 - 1.0, 1e-9) ** 2.5,
    )
    ratio = delta * (pitot - 1.0) + 1.0  # sea-level total over static pressure
    subsonic = np.sqrt(5.0 * (np.minimum(ratio, _SUBSONIC_PITOT_LIMIT) ** (2.0 / 7.0) - 1.0))
    shocked = np.maximum(ratio, _SUBSONIC_PITOT_LIMIT)
    supersonic = np.ones_like(ratio)
    for _ in range(12):  # fixed-point form of the Rayleigh pitot formula; converges fast
        supersonic = 0.881285 * np.sqrt(shocked * (1.0 - 1.0 / (7.0 * supersonic**2)) ** 2.5)
    return np.where(ratio <= _SUBSONIC_PITOT_LIMIT, subsonic, supersonic) * SEA_LEVEL_SOUND_MPS


def radar_mode_numbers(labels: list[str]) -> list[int]:
    """Tacview RadarMode numbers for radar mode labels (see :data:`RADAR_MODE_NUMBERS`)."""
    return [RADAR_MODE_NUMBERS.get(label, 1) for label in labels]


def body_bearing_deg(
    quat_wxyz: FloatArray, toward_xyz: FloatArray
) -> tuple[FloatArray, FloatArray]:
    """Where a world direction lies as the aircraft sees it: azimuth (right of the nose
    positive) and elevation (above the wings' plane positive) in degrees, for attitudes of
    shape ``(..., 4)`` and directions of shape ``(..., 3)`` (x east, y north, z up)."""
    right, forward, up = body_axes(quat_wxyz)
    along = np.sum(toward_xyz * forward, axis=-1)
    across = np.sum(toward_xyz * right, axis=-1)
    above = np.sum(toward_xyz * up, axis=-1)
    azimuth = np.degrees(np.arctan2(across, along))
    elevation = np.degrees(np.arctan2(above, np.hypot(along, across)))
    return azimuth, elevation
