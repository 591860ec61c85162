"""ISA and airspeeds against the table in reference/physics.md."""

import numpy as np
import pytest

from engine.atmosphere import (
    dynamic_pressure_psf,
    isa,
    isa_arrays,
    keas_kt,
    mach_number,
    mach_region,
)


@pytest.mark.parametrize(
    ("alt_ft", "sigma", "sound_kt", "mach_at_400_keas"),
    [
        (0, 1.000, 661.5, 0.605),
        (10_000, 0.7386, 638.3, 0.729),
        (20_000, 0.5332, 614.4, 0.892),
        (30_000, 0.3747, 589.4, 1.109),
        (40_000, 0.2471, 573.6, 1.403),
    ],
)
def test_standard_atmosphere_table(
    alt_ft: float, sigma: float, sound_kt: float, mach_at_400_keas: float
) -> None:
    air = isa(alt_ft)
    assert air.sigma == pytest.approx(sigma, abs=1e-4)
    assert air.speed_of_sound_kt == pytest.approx(sound_kt, abs=0.1)
    ktas = 400 / air.sigma**0.5
    assert mach_number(ktas, alt_ft) == pytest.approx(mach_at_400_keas, abs=1e-3)


def test_keas_and_q_from_the_worked_check() -> None:
    # reference/physics.md: F-16C at 15,000 ft and 400 KTAS.
    keas = keas_kt(400, 15_000)
    assert keas == pytest.approx(317.4, abs=0.1)
    assert mach_number(400, 15_000) == pytest.approx(0.639, abs=1e-3)
    assert dynamic_pressure_psf(keas) == pytest.approx(341, abs=1)
    assert keas_kt(400, 0) == 400  # "400 knots at sea level will also be at 400 KEAS"


@pytest.mark.parametrize(
    ("mach", "region"),
    [
        (0.5, "Slow"), (0.8999, "Slow"), (0.9, "LTD"), (0.99, "LTD"), (1.0, "HTD"),
        (1.14, "HTD"), (1.15, "1.2"), (1.26, "1.3"), (2.04, "2.0"), (2.05, "2.1"), (3.4, "3.0"),
    ],
)  # fmt: skip
def test_mach_regions(mach: float, region: str) -> None:
    assert mach_region(mach) == region


def test_altitude_outside_the_model_is_an_error() -> None:
    with pytest.raises(ValueError, match="outside"):
        isa(-10)


def test_the_array_atmosphere_matches_the_scalar_one_in_every_layer() -> None:
    altitudes = np.array([0.0, 5_000.0, 36_089.0, 40_000.0, 65_617.0, 70_000.0, 104_000.0])
    sigma, sound_kt = isa_arrays(altitudes)
    for alt, s, a in zip(altitudes, sigma, sound_kt, strict=True):
        air = isa(float(alt))
        assert s == pytest.approx(air.sigma, rel=1e-12)
        assert a == pytest.approx(air.speed_of_sound_kt, rel=1e-12)
    with pytest.raises(ValueError, match="altitudes"):
        isa_arrays(np.array([-10.0]))
