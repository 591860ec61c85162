"""Where and when on Earth a scenario's map lies.

The game's world is a flat map in feet with no geography.  Tools that work on the globe
(Tacview) need a latitude, longitude and date; a scenario may give them, and otherwise
gets a fixed point over open sea.
"""

from __future__ import annotations

from datetime import UTC, datetime

from pydantic import Field, field_validator

from models.base import DataModel

DEFAULT_LAT_DEG = 36.0
DEFAULT_LON_DEG = 18.0
"""The Ionian Sea, more than 250 km from any coast: open water under any map."""
DEFAULT_TIME = datetime(2000, 6, 21, 9, 0, 0, tzinfo=UTC)
"""A midsummer mid-morning at the default point, so the light is good."""
EARLIEST_YEAR = 1900
LATEST_YEAR = 2999
"""The years a scenario may start in: the age of flight, with room to spare either way
(and far from the ends of the calendar, where adding a fight's seconds would overflow)."""


class GeoReference(DataModel):
    """The map origin (the centre of hex 0,0, at sea level) on the globe, and the date and
    time of the first tick."""

    lat_deg: float = Field(default=DEFAULT_LAT_DEG, ge=-85.0, le=85.0)
    """Latitude of the map origin, degrees north (south negative)."""
    lon_deg: float = Field(default=DEFAULT_LON_DEG, ge=-180.0, le=180.0)
    """Longitude of the map origin, degrees east (west negative)."""
    time: datetime = DEFAULT_TIME
    """Date and time of the first tick, e.g. ``1972-05-10T08:30:00Z``; a time without a
    zone is UTC."""

    @field_validator("time", mode="before")
    @classmethod
    def _iso_text(cls, value: object) -> object:
        """A date-time may also be written as ISO text in quotes (and only as that)."""
        if isinstance(value, str):
            try:
                return datetime.fromisoformat(value)
            except ValueError:
                raise ValueError(
                    f"{value[:40]!r} is not a date-time such as 1972-05-10T08:30:00Z"
                ) from None
        return value

    @field_validator("time")
    @classmethod
    def _in_utc(cls, value: datetime) -> datetime:
        if not EARLIEST_YEAR <= value.year <= LATEST_YEAR:
            raise ValueError(f"the year {value.year} is outside {EARLIEST_YEAR}-{LATEST_YEAR}")
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)
