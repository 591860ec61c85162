"""The flat game map on the globe: east/north metres ↔ WGS84 longitude and latitude.

The map is laid on the plane tangent to the WGS84 ellipsoid at the scenario's reference
point (the map origin, at sea level).  A map point is carried along the ellipsoid normal
that passes through it down to the ellipsoid, and that foot gives its latitude and
longitude; its altitude stays the game's altitude above sea level, so level flight stays
level on the globe instead of climbing away from a curving Earth.

Along the ground, distances from the reference point come out shorter than on the map by
ρ³/(3R²): 0.07 m at 20 km, 0.2 m at 30 km, 1 m at 50 km.  :meth:`TangentPlane.east_north_m`
is the exact inverse, to well under a millimetre.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]

WGS84_A_M = 6_378_137.0
"""Semi-major axis of the WGS84 ellipsoid."""
WGS84_F = 1.0 / 298.257223563
"""Flattening of the WGS84 ellipsoid."""
_E2 = WGS84_F * (2.0 - WGS84_F)
_B_M = WGS84_A_M * (1.0 - WGS84_F)
_EP2 = _E2 / (1.0 - _E2)


def ecef_m(
    lat_rad: FloatArray, lon_rad: FloatArray, height_m: FloatArray | float = 0.0
) -> FloatArray:
    """Earth-centred, Earth-fixed coordinates of geodetic points: shape ``(..., 3)``."""
    sin_lat, cos_lat = np.sin(lat_rad), np.cos(lat_rad)
    radius = WGS84_A_M / np.sqrt(1.0 - _E2 * sin_lat**2)
    return np.stack(
        [
            (radius + height_m) * cos_lat * np.cos(lon_rad),
            (radius + height_m) * cos_lat * np.sin(lon_rad),
            (radius * (1.0 - _E2) + height_m) * sin_lat,
        ],
        axis=-1,
    )


def geodetic_rad(points: FloatArray) -> tuple[FloatArray, FloatArray]:
    """Latitude and longitude (radians) of ECEF points near the surface: Bowring's formula
    refined by one Newton step."""
    x, y, z = points[..., 0], points[..., 1], points[..., 2]
    lon = np.arctan2(y, x)
    p = np.hypot(x, y)
    theta = np.arctan2(z * WGS84_A_M, p * _B_M)
    lat = np.arctan2(z + _EP2 * _B_M * np.sin(theta) ** 3, p - _E2 * WGS84_A_M * np.cos(theta) ** 3)
    radius = WGS84_A_M / np.sqrt(1.0 - _E2 * np.sin(lat) ** 2)
    height = p / np.cos(lat) - radius
    lat = np.arctan2(z, p * (1.0 - _E2 * radius / (radius + height)))
    return lat, lon


class TangentPlane:
    """The map's plane, tangent to the ellipsoid at a reference latitude and longitude."""

    def __init__(self, lat_deg: float, lon_deg: float) -> None:
        self.lat_deg = lat_deg
        self.lon_deg = lon_deg
        lat, lon = math.radians(lat_deg), math.radians(lon_deg)
        self.origin = ecef_m(np.array(lat), np.array(lon))
        self.east = np.array([-math.sin(lon), math.cos(lon), 0.0])
        self.north = np.array(
            [-math.sin(lat) * math.cos(lon), -math.sin(lat) * math.sin(lon), math.cos(lat)]
        )
        self.up = np.array(
            [math.cos(lat) * math.cos(lon), math.cos(lat) * math.sin(lon), math.sin(lat)]
        )

    def lon_lat_deg(self, east_m: FloatArray, north_m: FloatArray) -> tuple[FloatArray, FloatArray]:
        """Longitude and latitude (degrees) of map points given in metres east and north of
        the reference point; longitudes stay within 180° of the reference's."""
        east_m = np.asarray(east_m, dtype=np.float64)
        north_m = np.asarray(north_m, dtype=np.float64)
        points = self.origin + east_m[..., None] * self.east + north_m[..., None] * self.north
        lat, lon = geodetic_rad(points)
        lon_deg = np.degrees(lon)
        lon_deg = (lon_deg - self.lon_deg + 180.0) % 360.0 - 180.0 + self.lon_deg
        return lon_deg, np.degrees(lat)

    def east_north_m(
        self, lon_deg: FloatArray, lat_deg: FloatArray
    ) -> tuple[FloatArray, FloatArray]:
        """The exact inverse of :meth:`lon_lat_deg`: where the ellipsoid normal at each
        point meets the plane, in metres east and north of the reference point."""
        lat = np.radians(np.asarray(lat_deg, dtype=np.float64))
        lon = np.radians(np.asarray(lon_deg, dtype=np.float64))
        foot = ecef_m(lat, lon)
        normal = np.stack(
            [np.cos(lat) * np.cos(lon), np.cos(lat) * np.sin(lon), np.sin(lat)], axis=-1
        )
        offset = foot - self.origin
        along = -(offset @ self.up) / (normal @ self.up)
        on_plane = offset + along[..., None] * normal
        return on_plane @ self.east, on_plane @ self.north
