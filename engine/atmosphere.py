"""The standard atmosphere and airspeeds (rulebook, "Speed, KEAS & Mach"; Ap1, Ap2).

ISA / US 1976 layers (reference/physics.md), with geometric altitude converted to geopotential
height; valid from sea level to 104,987 ft.  The
rulebook's nomographs read KEAS and Mach off these same curves.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

FT_PER_M: Final = 3.280839895
KT_PER_MPS: Final = 1.943844492
FT_PER_S_PER_KT: Final = 1.68781
G_FT_S2: Final = 32.174
R_AIR: Final = 287.053
GAMMA_AIR: Final = 1.4
SEA_LEVEL_PA: Final = 101325.0
SEA_LEVEL_K: Final = 288.15
SEA_LEVEL_KG_M3: Final = SEA_LEVEL_PA / (R_AIR * SEA_LEVEL_K)  # 1.2250 kg/m³
PSF_PER_KEAS2: Final = 1.0 / 295.37
"""Dynamic pressure in lb/ft² is KEAS² / 295.37."""
MAX_ALT_FT: Final = 104_987.0
EARTH_RADIUS_M: Final = 6_356_766.0
"""Effective Earth radius of US 1976, for converting altitude to geopotential height."""


@dataclass(frozen=True, slots=True)
class Atmosphere:
    """Air at one altitude."""

    alt_ft: float
    temperature_k: float
    pressure_pa: float
    density_kg_m3: float

    @property
    def sigma(self) -> float:
        """Density ratio ρ/ρ0."""
        return self.density_kg_m3 / SEA_LEVEL_KG_M3

    @property
    def delta(self) -> float:
        """Pressure ratio p/p0."""
        return self.pressure_pa / SEA_LEVEL_PA

    @property
    def theta(self) -> float:
        """Temperature ratio T/T0."""
        return self.temperature_k / SEA_LEVEL_K

    @property
    def speed_of_sound_kt(self) -> float:
        return math.sqrt(GAMMA_AIR * R_AIR * self.temperature_k) * KT_PER_MPS


def isa(alt_ft: float) -> Atmosphere:
    """The International Standard Atmosphere at ``alt_ft`` (0 … 104,987 ft)."""
    if not 0.0 <= alt_ft <= MAX_ALT_FT:
        raise ValueError(f"altitude {alt_ft:.0f} ft is outside 0 … {MAX_ALT_FT:.0f} ft")
    geometric_m = alt_ft / FT_PER_M
    h_m = EARTH_RADIUS_M * geometric_m / (EARTH_RADIUS_M + geometric_m)  # geopotential
    if h_m <= 11_000.0:
        temperature = SEA_LEVEL_K - 0.0065 * h_m
        pressure = SEA_LEVEL_PA * (temperature / SEA_LEVEL_K) ** 5.2559
    elif h_m <= 20_000.0:
        temperature = 216.65
        pressure = 22_632.0 * math.exp(-(h_m - 11_000.0) / 6341.6)
    else:
        temperature = 216.65 + 0.001 * (h_m - 20_000.0)
        pressure = 5474.9 * (216.65 / temperature) ** 34.163
    return Atmosphere(alt_ft, temperature, pressure, pressure / (R_AIR * temperature))


def isa_arrays(
    alt_ft: npt.NDArray[np.float64],
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """:func:`isa` for many altitudes at once: (density ratio σ, speed of sound in kt)."""
    alt = np.asarray(alt_ft, dtype=np.float64)
    if alt.size and (alt.min() < 0.0 or alt.max() > MAX_ALT_FT):
        raise ValueError(f"altitudes must lie in 0 … {MAX_ALT_FT:.0f} ft")
    geometric_m = alt / FT_PER_M
    h_m = EARTH_RADIUS_M * geometric_m / (EARTH_RADIUS_M + geometric_m)
    troposphere = h_m <= 11_000.0
    lower_stratosphere = (h_m > 11_000.0) & (h_m <= 20_000.0)
    temperature = np.where(
        troposphere,
        SEA_LEVEL_K - 0.0065 * h_m,
        np.where(lower_stratosphere, 216.65, 216.65 + 0.001 * (h_m - 20_000.0)),
    )
    pressure = np.where(
        troposphere,
        SEA_LEVEL_PA * (temperature / SEA_LEVEL_K) ** 5.2559,
        np.where(
            lower_stratosphere,
            22_632.0 * np.exp(-(h_m - 11_000.0) / 6341.6),
            5474.9 * (216.65 / temperature) ** 34.163,
        ),
    )
    sigma = pressure / (R_AIR * temperature) / SEA_LEVEL_KG_M3
    return sigma, np.sqrt(GAMMA_AIR * R_AIR * temperature) * KT_PER_MPS


def keas_kt(speed_kt: float, alt_ft: float) -> float:
    """Knots equivalent airspeed for a true airspeed at an altitude (Ap1)."""
    return speed_kt * math.sqrt(isa(alt_ft).sigma)


def ktas_from_keas(keas: float, alt_ft: float) -> float:
    """True airspeed that gives ``keas`` at ``alt_ft``."""
    return keas / math.sqrt(isa(alt_ft).sigma)


def mach_number(speed_kt: float, alt_ft: float) -> float:
    """Mach for a true airspeed at an altitude (Ap2)."""
    return speed_kt / isa(alt_ft).speed_of_sound_kt


def dynamic_pressure_psf(keas: float) -> float:
    """Dynamic pressure q in lb/ft² from KEAS."""
    return keas * keas * PSF_PER_KEAS2


def mach_region(mach: float) -> str:
    """The Form Drag row for a Mach number ("Speed, KEAS & Mach").

    ``Slow`` below 0.9, ``LTD`` from 0.9 to 1.0, ``HTD`` from 1.0 to 1.1; above that the Mach
    number rounded to the tenth (so HTD runs until 1.15 rounds to 1.2), at most ``3.0``.
    """
    if mach < 0.9:
        return "Slow"
    if mach < 1.0:
        return "LTD"
    tenths = min(math.floor(mach * 10 + 0.5), 30)
    if tenths <= 11:
        return "HTD"
    return f"{tenths / 10:.1f}"
