"""Where a scenario's map lies on the globe (``reference``), and that timelines keep it."""

import json
import tomllib
import zipfile
from datetime import UTC, datetime
from pathlib import Path

import pytest
from pydantic import ValidationError

from models.reference import DEFAULT_LAT_DEG, DEFAULT_LON_DEG, DEFAULT_TIME, GeoReference
from models.scenario import Scenario
from models.timeline import Timeline
from tests.models.test_timeline import small_timeline
from tests.scenario_toml import aircraft_toml

AIRCRAFT = aircraft_toml("Viper 1", alt_steps=75)


def scenario(reference: str = "") -> Scenario:
    return Scenario.model_validate(tomllib.loads(f'name = "x"\n{reference}\n{AIRCRAFT}'))


def test_without_a_reference_the_map_lies_over_open_sea() -> None:
    reference = scenario().reference
    assert (reference.lat_deg, reference.lon_deg) == (DEFAULT_LAT_DEG, DEFAULT_LON_DEG)
    assert reference.time == DEFAULT_TIME and reference.time.tzinfo is not None


def test_a_reference_with_a_toml_date_time() -> None:
    reference = scenario(
        "reference = { lat_deg = 20.0, lon_deg = 107.3, time = 1972-05-10T08:30:00Z }"
    ).reference
    assert reference == GeoReference(
        lat_deg=20.0, lon_deg=107.3, time=datetime(1972, 5, 10, 8, 30, tzinfo=UTC)
    )


def test_a_time_without_a_zone_is_utc_and_other_zones_convert() -> None:
    naive = scenario('reference = { time = "1972-05-10T08:30:00" }').reference.time
    zoned = scenario('reference = { time = "1972-05-10T10:30:00+02:00" }').reference.time
    assert naive == zoned == datetime(1972, 5, 10, 8, 30, tzinfo=UTC)
    assert zoned.utcoffset() is not None and zoned.utcoffset().total_seconds() == 0


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("reference = { lat_deg = 91.0 }", "reference.lat_deg"),
        ("reference = { lon_deg = -200.0 }", "reference.lon_deg"),
        ("reference = { latitude = 10.0 }", "reference.latitude"),
    ],
)
def test_a_bad_reference_is_refused(text: str, field: str) -> None:
    with pytest.raises(ValidationError) as caught:
        scenario(text)
    located = {".".join(str(p) for p in e["loc"]) for e in caught.value.errors()}
    assert field in located


def test_timelines_keep_the_reference_and_briefing(tmp_path: Path) -> None:
    from engine.bop.game import Game

    played = Game(
        scenario('description = "Brief."\nreference = { lat_deg = -33.9, lon_deg = 151.2 }'),
        seed=1,
    ).run()
    assert played.meta.description == "Brief."
    assert (played.meta.reference.lat_deg, played.meta.reference.lon_deg) == (-33.9, 151.2)
    path = tmp_path / "t.furball.npz"
    played.save(path)
    assert Timeline.load(path).meta == played.meta


def test_a_timeline_saved_before_references_loads_with_the_default(tmp_path: Path) -> None:
    path = tmp_path / "old.furball.npz"
    small_timeline().save(path)
    with zipfile.ZipFile(path) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    meta = json.loads(members["meta.json"])
    for key in ("description", "reference"):
        meta.pop(key)
    for entity in meta["entities"]:
        entity.pop("pilot")
    members["meta.json"] = json.dumps(meta).encode()
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    loaded = Timeline.load(path).meta
    assert loaded.reference == GeoReference() and loaded.description == ""
    assert loaded.entities[0].pilot == ""
