"""The map on the globe: the tangent-plane conversion and its inverse."""

import numpy as np
import pytest

from sim.acmi.geodesy import TangentPlane, ecef_m, geodetic_rad

REFERENCES = [(36.0, 18.0), (0.0, 0.0), (-60.0, 179.99), (84.0, -170.0)]


@pytest.mark.parametrize(("lat", "lon"), REFERENCES)
def test_the_inverse_is_exact_to_a_millimetre(lat: float, lon: float) -> None:
    plane = TangentPlane(lat, lon)
    rng = np.random.default_rng(5)
    east, north = rng.uniform(-60_000, 60_000, (2, 500))
    back = plane.east_north_m(*plane.lon_lat_deg(east, north))
    assert np.abs(back[0] - east).max() < 1e-3
    assert np.abs(back[1] - north).max() < 1e-3


@pytest.mark.parametrize(("lat", "lon"), REFERENCES)
def test_ground_distances_match_the_map_within_half_a_metre_over_25_km(
    lat: float, lon: float
) -> None:
    """Every shipped scenario stays within 25 km of hex 0,0."""
    plane = TangentPlane(lat, lon)
    rng = np.random.default_rng(9)
    east, north = rng.uniform(-17_600, 17_600, (2, 300))  # up to 25 km out on the diagonals
    lon_deg, lat_deg = plane.lon_lat_deg(east, north)
    feet = ecef_m(np.radians(lat_deg), np.radians(lon_deg))
    on_globe = np.linalg.norm(feet[:, None] - feet[None, :], axis=-1)
    on_map = np.hypot(east[:, None] - east[None, :], north[:, None] - north[None, :])
    assert np.abs(on_globe - on_map).max() < 0.5


def test_map_north_is_true_north_at_the_reference() -> None:
    plane = TangentPlane(36.0, 18.0)
    lon, lat = plane.lon_lat_deg(np.array([0.0, 0.0]), np.array([0.0, 1000.0]))
    assert lon[1] == pytest.approx(18.0, abs=1e-12)
    assert lat[1] - lat[0] == pytest.approx(
        1000.0 / 110_959.0, rel=1e-3
    )  # metres per degree at 36°


def test_longitudes_stay_near_the_reference_across_the_date_line() -> None:
    plane = TangentPlane(10.0, 179.999)
    lon, _ = plane.lon_lat_deg(np.array([5000.0]), np.array([0.0]))
    assert 180.0 < lon[0] < 180.1


def test_geodetic_of_ecef_round_trips() -> None:
    lat, lon = np.radians([12.5, -45.0, 80.0]), np.radians([0.0, 100.0, -179.0])
    back_lat, back_lon = geodetic_rad(ecef_m(lat, lon, 500.0))
    assert np.allclose(back_lat, lat, atol=1e-12) and np.allclose(back_lon, lon, atol=1e-12)
