"""Per-tick paths of missiles, bombs and SAMs (engine.phantoms.ticks_missiles)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.phantoms.ticks import TICKS_PER_IMPULSE, TICKS_PER_TURN
from engine.phantoms.ticks_missiles import (
    RADAR_LOFT,
    sample_bomb,
    sample_missile,
    sample_sam,
)
from models.phantoms.common import HEX_FT, LEVEL_FT

Floats = npt.NDArray[np.float64]


def crossing_target(
    start: tuple[float, float, float] = (0.0, 8 * HEX_FT, 6 * LEVEL_FT),
    velocity_ft_tick: tuple[float, float, float] = (250.0, 0.0, 0.0),
) -> Floats:
    ticks = np.arange(TICKS_PER_TURN, dtype=np.float64)[:, None]
    track: Floats = np.asarray(start) + ticks * np.asarray(velocity_ft_tick)
    return track


def test_a_heat_seeker_meets_its_target_one_impulse_after_launch() -> None:
    target = crossing_target()
    launch = (0.0, 6 * HEX_FT, 6 * LEVEL_FT)
    first, last = 20, 20 + TICKS_PER_IMPULSE
    shot = sample_missile(launch, target, first, last, "HW")
    here = np.column_stack([shot.x_ft, shot.y_ft, shot.z_ft])
    assert here[first] == pytest.approx(launch)
    assert here[last] == pytest.approx(target[last])
    assert shot.active[first : last + 1].all()
    assert not shot.active[:first].any() and not shot.active[last + 1 :].any()
    # The range to the target falls evenly to nothing.
    reach = np.linalg.norm(target[first : last + 1] - here[first : last + 1], axis=1)
    assert np.diff(reach) == pytest.approx(np.full(TICKS_PER_IMPULSE, -reach[0] / 10))
    # Pursuit: it points ahead of its launch line toward where the target goes (east).
    assert shot.x_ft[first + 5] > 0.0
    assert np.linalg.norm(shot.quat_wxyz, axis=1) == pytest.approx(np.ones(TICKS_PER_TURN))


def test_a_radar_missile_lofts_and_still_ends_on_the_target() -> None:
    target = crossing_target(start=(0.0, 20 * HEX_FT, 6 * LEVEL_FT))
    launch = (0.0, 5 * HEX_FT, 6 * LEVEL_FT)
    first, last = 10, 10 + 3 * TICKS_PER_IMPULSE  # 15 hexes at 5 an impulse
    shot = sample_missile(launch, target, first, last, "RH")
    assert (shot.x_ft[last], shot.y_ft[last], shot.z_ft[last]) == pytest.approx(target[last])
    loft = shot.z_ft[first : last + 1].max() - 6 * LEVEL_FT
    reach = float(np.linalg.norm(target[first] - np.asarray(launch)))
    assert loft == pytest.approx(RADAR_LOFT * reach, rel=1e-3)
    heat = sample_missile(launch, target, first, last, "HA")
    assert heat.z_ft[first : last + 1] == pytest.approx(np.full(last - first + 1, 6 * LEVEL_FT))


def test_a_bomb_falls_onto_its_hex_at_level_0() -> None:
    release, target = (0.0, 0.0, 2 * LEVEL_FT), (0.0, 2 * HEX_FT, 0.0)
    bomb = sample_bomb(release, target, 30, 60)
    assert (bomb.x_ft[60], bomb.y_ft[60], bomb.z_ft[60]) == pytest.approx(target)
    assert (bomb.x_ft[30], bomb.y_ft[30], bomb.z_ft[30]) == pytest.approx(release)
    assert np.all(np.diff(bomb.z_ft[30:61]) < 0.0)
    assert np.diff(bomb.y_ft[30:61]) == pytest.approx(np.full(30, 2 * HEX_FT / 30))
    drops = -np.diff(bomb.z_ft[30:61])
    assert np.all(np.diff(drops) > 0.0)  # falling ever faster
    assert bomb.pitch_deg[31] > -20.0 and bomb.pitch_deg[59] < -45.0
    assert bomb.z_ft[61:] == pytest.approx(np.zeros(39))


def test_a_sam_boosts_nearly_straight_up_then_pursues() -> None:
    target = crossing_target(start=(3 * HEX_FT, 0.0, 5 * LEVEL_FT))
    site = (0.0, 0.0, 0.0)
    sam = sample_sam(site, target, 0, 40)
    assert (sam.x_ft[0], sam.y_ft[0], sam.z_ft[0]) == pytest.approx(site)
    assert (sam.x_ft[40], sam.y_ft[40], sam.z_ft[40]) == pytest.approx(target[40])
    assert sam.pitch_deg[1:8].min() > 75.0
    assert sam.pitch_deg[30] < 60.0
    assert np.linalg.norm(sam.quat_wxyz, axis=1) == pytest.approx(np.ones(TICKS_PER_TURN))


@pytest.mark.parametrize(("first", "last"), [(10, 10), (20, 5), (-1, 5), (90, 100)])
def test_flights_need_a_launch_before_an_impact_on_the_tick_axis(first: int, last: int) -> None:
    with pytest.raises(ValueError, match="launch < impact"):
        sample_missile((0.0, 0.0, 0.0), crossing_target(), first, last, "HN")


def test_an_unknown_guidance_is_refused() -> None:
    with pytest.raises(ValueError, match="guidance"):
        sample_missile((0.0, 0.0, 0.0), crossing_target(), 0, 10, "XX")  # type: ignore[arg-type]


@settings(max_examples=100, deadline=None)
@given(
    st.tuples(*(st.floats(-50_000, 50_000) for _ in range(2)), st.floats(0, 50_000)),
    st.tuples(*(st.floats(-800, 800) for _ in range(2)), st.floats(-200, 200)),
    st.integers(0, 80),
    st.integers(1, 19),
    st.sampled_from(["HN", "HW", "HA", "RH", "ARH", "SAM"]),
)
def test_every_weapon_ends_on_its_target(
    launch: tuple[float, float, float],
    velocity: tuple[float, float, float],
    first: int,
    flight: int,
    kind: str,
) -> None:
    target = crossing_target(start=(0.0, 0.0, 30_000.0), velocity_ft_tick=velocity)
    last = first + flight
    if kind == "SAM":
        shot = sample_sam((launch[0], launch[1], 0.0), target, first, last)
    else:
        shot = sample_missile(launch, target, first, last, kind)  # type: ignore[arg-type]
    assert (shot.x_ft[last], shot.y_ft[last], shot.z_ft[last]) == pytest.approx(
        target[last], abs=1e-6
    )
    assert np.isfinite(shot.quat_wxyz).all()
    assert np.linalg.norm(shot.quat_wxyz, axis=1) == pytest.approx(np.ones(TICKS_PER_TURN))
