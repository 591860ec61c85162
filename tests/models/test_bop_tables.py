"""The play-aid tables as one bundle (models/bop_tables): the shipped set, read once, and a
player's folder of printed tables over it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import models.files
from engine.bop.activity import activity_tables
from engine.bop.damage import damage_tables
from engine.bop.departure import departure_tables
from engine.bop.effects import flight_effects_tables
from engine.bop.guns import gun_tables
from engine.bop.missiles.common import missile_tables
from engine.bop.sighting import sighting_tables
from engine.dice import pips_table
from models.bop_tables import TABLE_FILES, BopTables, load_bop_tables, shipped_bop_tables
from models.bop_tables.shipped import SHIPPED_TABLES_DIR
from models.files import DataFileError
from models.sensors import sensor_tables

FALLBACKS: dict[str, Callable[[], object]] = {
    "pips": pips_table,
    "activity": activity_tables,
    "flight_effects": flight_effects_tables,
    "departure": departure_tables,
    "guns": gun_tables,
    "missiles": missile_tables,
    "damage": damage_tables,
    "sighting": sighting_tables,
    "sensors": sensor_tables,
}
"""Each table's fallback in the engine, for procedures given no tables."""


@pytest.fixture
def fresh_cache() -> Iterator[None]:
    """The shipped bundle forgotten before the test and after it."""
    shipped_bop_tables.cache_clear()
    yield
    shipped_bop_tables.cache_clear()


def _guns_with(tmp_path: Path, old: str, new: str) -> Path:
    """A player's folder holding only ``guns.toml``, the shipped one with one line changed."""
    folder = tmp_path / "my-tables"
    folder.mkdir()
    text = (SHIPPED_TABLES_DIR / "guns.toml").read_text(encoding="utf-8")
    assert old in text
    (folder / "guns.toml").write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def _refusal(folder: Path) -> str:
    with pytest.raises(DataFileError) as caught:
        load_bop_tables(folder)
    message = str(caught.value)
    assert "\n" not in message, message
    return message


def test_every_shipped_table_file_is_in_the_bundle() -> None:
    shipped = {path.name for path in SHIPPED_TABLES_DIR.glob("*.toml")}
    assert shipped == {path.name for path, _ in TABLE_FILES.values()}
    assert set(TABLE_FILES) == set(BopTables.__dataclass_fields__) == set(FALLBACKS)


@pytest.mark.parametrize("name", sorted(TABLE_FILES))
def test_every_shipped_table_loads_through_the_bundle(name: str) -> None:
    path, load = TABLE_FILES[name]
    assert getattr(load_bop_tables(), name) == load(path)


@pytest.mark.parametrize("name", sorted(FALLBACKS))
def test_the_engine_falls_back_on_the_bundle(name: str) -> None:
    assert FALLBACKS[name]() is getattr(load_bop_tables(), name)


def test_a_folder_overrides_its_tables_and_leaves_the_rest_shipped(tmp_path: Path) -> None:
    shipped = load_bop_tables()
    folder = _guns_with(tmp_path, "engagement_range_fp = 30", "engagement_range_fp = 24")
    own = load_bop_tables(folder)
    assert (own.guns.engagement_range_fp, shipped.guns.engagement_range_fp) == (24, 30)
    assert own.guns.pipper_on == shipped.guns.pipper_on
    for name in TABLE_FILES:
        if name != "guns":
            assert getattr(own, name) is getattr(shipped, name), name
    assert load_bop_tables() is shipped  # the shipped bundle is untouched


def test_an_empty_folder_gives_the_shipped_tables(tmp_path: Path) -> None:
    assert load_bop_tables(tmp_path) == load_bop_tables()


def test_a_bad_override_names_the_file_and_the_field(tmp_path: Path) -> None:
    folder = _guns_with(tmp_path, "tracking_modifier = 10", 'tracking_modifier = "ten"')
    message = _refusal(folder)
    assert message.startswith(str(folder / "guns.toml")), message
    assert "tracking_modifier: should be an integer (a whole number) (got 'ten')" in message


def test_a_bad_override_deep_in_a_table_names_the_field_path(tmp_path: Path) -> None:
    folder = tmp_path / "my-tables"
    folder.mkdir()
    text = (SHIPPED_TABLES_DIR / "pips.toml").read_text(encoding="utf-8")
    (folder / "pips.toml").write_text(text.replace('"3" = [36,', '"3" = [136,', 1))
    message = _refusal(folder)
    assert message.startswith(str(folder / "pips.toml")), message
    assert "columns.3: thresholds must be rising whole numbers 0-99" in message, message


def test_a_misspelt_table_file_is_refused_with_the_right_names(tmp_path: Path) -> None:
    (tmp_path / "gun.toml").write_text("format_version = 1\n", encoding="utf-8")
    message = _refusal(tmp_path)
    assert message.startswith(str(tmp_path / "gun.toml")), message
    assert "guns.toml" in message and "sighting.toml" in message, message


def test_a_missing_folder_is_refused(tmp_path: Path) -> None:
    message = _refusal(tmp_path / "nowhere")
    assert message == f"{tmp_path / 'nowhere'}: is not a folder of play-aid tables"


def test_the_shipped_files_are_read_once(
    fresh_cache: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads: Counter[str] = Counter()
    read_bytes = models.files.read_bytes

    def counted(path: Path, max_bytes: int) -> bytes:
        reads[Path(path).name] += 1
        return read_bytes(path, max_bytes)

    monkeypatch.setattr(models.files, "read_bytes", counted)
    first = load_bop_tables()
    for fallback in FALLBACKS.values():
        fallback()
    assert load_bop_tables() is first
    assert reads == Counter({path.name: 1 for path, _ in TABLE_FILES.values()})
