"""Timeline files: round trip, versioning, interpolation."""

import json
import zipfile
from pathlib import Path

import numpy as np
import pytest

from models.timeline import (
    TIMELINE_FORMAT_VERSION,
    EntityInfo,
    Event,
    Timeline,
    TimelineFormatError,
    TimelineMeta,
    slerp,
    slerp_many,
)
from tests.timeline_files import core_channels, declare


def small_timeline() -> Timeline:
    meta = TimelineMeta(
        rules="bop",
        seed=7,
        scenario="test",
        tick_s=0.6,
        entities=(EntityInfo(id="a", callsign="A", type_id="F-16C", side="blue"),),
        events=(Event(t_s=0.6, kind="note", entities=("a",), detail="hello", data={"n": 1}),),
    )
    half_turn = np.array([np.cos(np.pi / 4), 0.0, 0.0, -np.sin(np.pi / 4)])
    return declare(
        Timeline(
            meta=meta,
            t_s=np.array([0.0, 0.6, 1.2]),
            channels={
                **core_channels(1, 3),
                "x_ft": np.array([[0.0, 100.0, 200.0]]),
                "quat_wxyz": np.array([[[1.0, 0, 0, 0], half_turn, half_turn]]),
                "bop.nose": np.array([["015+00", "045+00", "075+00"]], dtype="<U6"),
                "bop.alt_steps": np.array([[10, 11, 12]], dtype=np.int32),
                "bop.spotted": np.array([["", " a,", "a"]], dtype="<U8"),
            },
        )
    )


def test_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "t.furball.npz"
    original = small_timeline()
    original.save(path)
    loaded = Timeline.load(path)
    assert loaded.meta == original.meta
    assert np.array_equal(loaded.t_s, original.t_s)
    for name, array in original.channels.items():
        assert np.array_equal(loaded.channels[name], array)
        assert loaded.channels[name].dtype == array.dtype


def test_saving_twice_gives_the_same_bytes(tmp_path: Path) -> None:
    small_timeline().save(tmp_path / "a.npz")
    small_timeline().save(tmp_path / "b.npz")
    assert (tmp_path / "a.npz").read_bytes() == (tmp_path / "b.npz").read_bytes()


def test_the_file_is_a_plain_npz_numpy_can_read_without_pickle(tmp_path: Path) -> None:
    path = tmp_path / "t.furball.npz"
    small_timeline().save(path)
    with np.load(path, allow_pickle=False) as data:
        assert list(data["ch_x_ft"][0]) == [0.0, 100.0, 200.0]


def test_state_at_interpolates(tmp_path: Path) -> None:
    timeline = small_timeline()
    state = timeline.state_at(0.3, 0)
    assert state["x_ft"] == pytest.approx(50.0)
    assert state["bop.nose"] == "045+00"  # the nearer tick's cell (ties go forward)
    assert state["bop.alt_steps"] == 11
    assert state["bop.spotted"] == ("a",)  # an ids channel, split
    w, _, _, z = state["quat_wxyz"]
    assert w == pytest.approx(np.cos(np.pi / 8)) and z == pytest.approx(-np.sin(np.pi / 8))
    assert timeline.state_at(-5, 0)["x_ft"] == 0.0
    assert timeline.state_at(99, 0)["x_ft"] == 200.0


def test_an_old_format_version_is_refused_with_advice(tmp_path: Path) -> None:
    path = tmp_path / "old.furball.npz"
    small_timeline().save(path)
    with zipfile.ZipFile(path) as archive:
        members = {n: archive.read(n) for n in archive.namelist()}
    meta = json.loads(members["meta.json"])
    meta["format_version"] = TIMELINE_FORMAT_VERSION + 1
    members["meta.json"] = json.dumps(meta).encode()
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    with pytest.raises(TimelineFormatError, match="re-run the scenario"):
        Timeline.load(path)


def test_a_file_that_is_not_a_timeline(tmp_path: Path) -> None:
    path = tmp_path / "x.furball.npz"
    path.write_text("hello")
    with pytest.raises(TimelineFormatError, match="not a furball timeline"):
        Timeline.load(path)
    with pytest.raises(TimelineFormatError, match="cannot read"):
        Timeline.load(tmp_path / "missing.npz")


def test_slerp_stays_on_the_unit_sphere() -> None:
    a = np.array([1.0, 0, 0, 0])
    b = np.array([0.0, 0, 0, 1.0])
    for u in np.linspace(0, 1, 11):
        assert np.linalg.norm(slerp(a, b, u)) == pytest.approx(1.0)
    assert slerp(a, -a, 0.5) == pytest.approx(a)  # the short way round


def test_slerp_many_matches_slerp_at_each_fraction() -> None:
    a = np.array([1.0, 0.0, 0.0, 0.0])
    for b in (np.array([0.0, 0.0, 0.0, 1.0]), np.array([0.9999, 0.01, 0.0, 0.0])):
        b = b / np.linalg.norm(b)
        fractions = np.linspace(0.0, 1.0, 7)
        many = slerp_many(a, b, fractions)
        for row, u in zip(many, fractions, strict=True):
            assert np.allclose(row, slerp(a, b, float(u)), atol=1e-12)
