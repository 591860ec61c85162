"""Tacview ACMI export: read back with pyacmi (an independent reader) and compared with the
timeline it came from."""

import zipfile
from dataclasses import replace
from pathlib import Path

import numpy as np
import pyacmi  # type: ignore[import-untyped]
import pytest

from engine.phad.rotation import heading_pitch_roll_deg
from models.reference import GeoReference
from models.timeline import EntityInfo, Event, Timeline, TimelineMeta
from sim.acmi import export_acmi
from sim.acmi.export import acmi_number, flight_name, side_colours, unwrap
from sim.acmi.geodesy import TangentPlane
from sim.acmi.writer import AcmiPathError, escape, frame_time, open_acmi
from sim.cli.scenario_cmds import play_source

POSITION_TOLERANCE_M = 0.5
ANGLE_TOLERANCE_DEG = 0.5


@pytest.fixture(scope="module")
def missile_fight() -> Timeline:
    return play_source("historical/missile-fight")[2]


@pytest.fixture(scope="module")
def guns_duel() -> Timeline:
    return play_source("historical/guns-duel")[2]


def read(path: Path) -> object:
    acmi = pyacmi.Acmi()
    acmi.load_acmi(str(path))
    return acmi


def acmi_text(path: Path) -> str:
    if path.name.endswith(".zip.acmi"):
        with zipfile.ZipFile(path) as archive:
            return archive.read("acmi.txt").decode("utf-8")
    return path.read_text(encoding="utf-8")


def angle_gap(a: float, b: float) -> float:
    return abs((a - b + 180.0) % 360.0 - 180.0)


def assert_round_trip(timeline: Timeline, path: Path) -> object:
    """pyacmi reads back the same objects, monotonic times, and positions and attitudes of
    every active sample within tolerance."""
    export_acmi(timeline, path)
    acmi = read(path)
    active = timeline.channels["active"]
    ever = [i for i in range(len(timeline.meta.entities)) if active[i].any()]
    assert sorted(acmi.objects) == sorted(f"{acmi_number(i):x}" for i in ever)
    frames = np.array(acmi.timeframes)
    assert len(frames) == timeline.ticks
    assert np.all(np.diff(frames) > 0)
    assert np.allclose(frames, timeline.t_s - timeline.t_s[0], atol=0.005)
    reference = timeline.meta.reference
    assert acmi.reference_latitude == pytest.approx(reference.lat_deg)
    assert acmi.reference_longitude == pytest.approx(reference.lon_deg)
    plane = TangentPlane(reference.lat_deg, reference.lon_deg)
    checked = 0
    for i in ever:
        obj = acmi.objects[f"{acmi_number(i):x}"]
        for tick in np.flatnonzero(active[i]):
            t = float(frames[tick])
            lon, lat = obj.get_value("Longitude", t), obj.get_value("Latitude", t)
            east, north = plane.east_north_m(np.array(lon), np.array(lat))
            x, y, z = (timeline.channels[k][i, tick] * 0.3048 for k in ("x_ft", "y_ft", "z_ft"))
            assert abs(float(east) - x) < POSITION_TOLERANCE_M
            assert abs(float(north) - y) < POSITION_TOLERANCE_M
            assert abs(obj.get_value("Altitude", t) - z) < POSITION_TOLERANCE_M
            heading, pitch, roll = heading_pitch_roll_deg(
                tuple(timeline.channels["quat_wxyz"][i, tick])
            )
            assert angle_gap(obj.get_value("Yaw", t), heading) < ANGLE_TOLERANCE_DEG
            assert abs(obj.get_value("Pitch", t) - pitch) < ANGLE_TOLERANCE_DEG
            assert angle_gap(obj.get_value("Roll", t), roll) < ANGLE_TOLERANCE_DEG
            checked += 1
    assert checked == int(active.sum())
    return acmi


def test_missile_fight_round_trips_through_pyacmi(missile_fight: Timeline, tmp_path: Path) -> None:
    acmi = assert_round_trip(missile_fight, tmp_path / "fight.zip.acmi")
    assert acmi.title == missile_fight.meta.scenario
    assert acmi.briefing.startswith("Vietnam\\, 1972")
    assert acmi.reference_time.year == 2000


def test_guns_duel_round_trips_through_pyacmi(guns_duel: Timeline, tmp_path: Path) -> None:
    assert_round_trip(guns_duel, tmp_path / "duel.txt.acmi")


@pytest.mark.parametrize("source", ["demo/2v2-bvr", "logs/mig-alley", "bfm/loop"])
def test_more_fights_round_trip_through_pyacmi(source: str, tmp_path: Path) -> None:
    """Both sides' missiles and a lost guidance; a game log; a loop through the vertical."""
    assert_round_trip(play_source(source)[2], tmp_path / "fight.zip.acmi")


def test_aircraft_carry_their_type_callsign_pilot_group_and_side(
    missile_fight: Timeline, tmp_path: Path
) -> None:
    acmi = read(export_acmi(missile_fight, tmp_path / "f.txt.acmi").path)
    phantom, fishbed = acmi.objects["1"], acmi.objects["2"]
    assert phantom.is_plane and phantom.tags == "Air+FixedWing"
    assert phantom.name == "F-4E" and fishbed.name == "MiG-21MF"
    assert phantom.call_sign() == "Phantom 1" and phantom.get_value("Group") == "Phantom"
    assert phantom.pilot() == "script\\, average crew"
    assert (phantom.coalition(), phantom.color()) == ("Blue", "Blue")
    assert (fishbed.coalition(), fishbed.color()) == ("Red", "Red")
    for name in ("TAS", "IAS", "Mach", "AOA", "Throttle", "Afterburner", "FuelWeight"):
        assert phantom.get_value(name, 0.0) is not None, name
    assert phantom.get_value("RadarMode", 0.0) == 1.0
    assert phantom.get_value("VerticalGForce", 0.0) == 1.0
    assert phantom.get_value("TAS", 0.0) == pytest.approx(500 * 1852 / 3600, abs=0.05)


def test_an_stt_lock_is_the_aircraft_locked_target(missile_fight: Timeline, tmp_path: Path) -> None:
    acmi = read(export_acmi(missile_fight, tmp_path / "f.txt.acmi").path)
    modes = missile_fight.channels["bop.radar_mode"][0]
    tick = int(np.flatnonzero(modes == "STT")[0])
    t = float(missile_fight.t_s[tick])
    assert acmi.objects["1"].get_value("RadarMode", t) == 3.0
    assert acmi.objects["1"].get_value("LockedTarget", t) == "2"


def test_missiles_have_a_parent_and_target_and_are_removed_when_they_end(
    missile_fight: Timeline, tmp_path: Path
) -> None:
    acmi = read(export_acmi(missile_fight, tmp_path / "f.txt.acmi").path)
    missiles = [i for i, e in enumerate(missile_fight.meta.entities) if e.kind == "missile"]
    assert len(missiles) == 3
    for i in missiles:
        obj = acmi.objects[f"{acmi_number(i):x}"]
        assert obj.is_missile and obj.tags == "Weapon+Missile" and obj.name == "AIM-7E-2"
        assert obj.parent() == "1" and obj.get_value("LockedTarget") == "2"
        active = np.flatnonzero(missile_fight.channels["active"][i])
        assert obj.get_value("Longitude", float(missile_fight.t_s[active[0]])) is not None
        removed_at = float(missile_fight.t_s[active[-1] + 1])
        assert obj.removed_at == pytest.approx(removed_at)
    fishbed = acmi.objects["2"]
    assert fishbed.removed_at == pytest.approx(36.6)  # shot down at the end of turn 6
    assert acmi.objects["1"].removed_at is None


def events(text: str) -> list[tuple[float, str]]:
    """Every ``0,Event=`` line with the time of its frame."""
    found, t = [], 0.0
    for line in text.splitlines():
        if line.startswith("#"):
            t = float(line[1:])
        elif line.startswith("0,Event="):
            found.append((t, line.removeprefix("0,Event=")))
    return found


def test_a_bookmark_starts_every_game_turn(missile_fight: Timeline, tmp_path: Path) -> None:
    text = acmi_text(export_acmi(missile_fight, tmp_path / "f.zip.acmi").path)
    bookmarks = [(t, e) for t, e in events(text) if e.startswith("Bookmark|")]
    assert bookmarks == [(6.0 * n, f"Bookmark|Game-turn {n + 1}") for n in range(10)]


def test_launches_shots_and_kills_become_tacview_events(
    missile_fight: Timeline, tmp_path: Path
) -> None:
    found = events(acmi_text(export_acmi(missile_fight, tmp_path / "f.txt.acmi").path))
    launches = [e for _, e in found if e.startswith("Message|") and "launches" in e]
    assert launches == [f"Message|{m}|1|2|Phantom 1 launches AIM-7E-2 at Fishbed 1" for m in "345"]
    assert any("fails to launch" in e for _, e in found)  # the fourth Sparrow
    shots = [e for _, e in found if e.startswith("Timeout|")]
    assert [s.rsplit("Outcome:", 1)[1] for s in shots] == ["Miss", "Miss", "Kill"]
    assert shots[0] == "Timeout|SourceId:1|AmmoType:AIM-7E-2|AmmoCount:1|TargetId:2|Outcome:Miss"
    destroyed = [(t, e) for t, e in found if e.startswith("Destroyed|")]
    assert destroyed == [(36.0, destroyed[0][1])] and destroyed[0][1].startswith("Destroyed|2|")


def test_gunshots_go_in_the_shot_log(guns_duel: Timeline, tmp_path: Path) -> None:
    found = events(acmi_text(export_acmi(guns_duel, tmp_path / "d.txt.acmi").path))
    shots = [(t, e) for t, e in found if e.startswith("Timeout|")]
    gun = "M3 Browning .50 cal"
    assert shots == [
        (6.0, f"Timeout|SourceId:1|AmmoType:{gun}|AmmoCount:1|TargetId:2|Outcome:Hit"),
        (12.0, f"Timeout|SourceId:1|AmmoType:{gun}|AmmoCount:1|TargetId:2|Outcome:Kill"),
    ]


def escaping_timeline() -> Timeline:
    meta = TimelineMeta(
        rules="bop",
        seed=3,
        scenario="Commas, everywhere",
        description="First line, wrapped\nby the file.\n\nSecond paragraph, also.",
        tick_s=0.6,
        entities=(
            EntityInfo(id="a", callsign="Smith, J", type_id="F-16C", side="blue", pilot="x, y"),
        ),
        events=(Event(t_s=0.6, kind="kill", entities=("a",), detail="down, hard"),),
    )
    ticks = 3
    return Timeline(
        meta=meta,
        t_s=np.arange(ticks) * 0.6,
        channels={
            "x_ft": np.array([[0.0, 100.0, 200.0]]),
            "y_ft": np.zeros((1, ticks)),
            "z_ft": np.full((1, ticks), 10_000.0),
            "quat_wxyz": np.array([[[1.0, 0, 0, 0]] * ticks]),
            "active": np.ones((1, ticks), dtype=bool),
        },
    )


def test_commas_and_line_ends_in_text_are_escaped(tmp_path: Path) -> None:
    path = export_acmi(escaping_timeline(), tmp_path / "e.txt.acmi").path
    text = acmi_text(path)
    assert "0,Title=Commas\\, everywhere\n" in text
    assert (
        "0,Briefing=First line\\, wrapped by the file.\\\n\\\nSecond paragraph\\, also.\n" in text
    )
    assert ",CallSign=Smith\\, J," in text and ",Pilot=x\\, y," in text
    assert "0,Event=Destroyed|1|down\\, hard\n" in text
    acmi = read(path)  # the fields after an escaped comma are still apart
    obj = acmi.objects["1"]
    assert obj.call_sign() == "Smith\\, J" and obj.pilot() == "x\\, y"
    assert obj.get_value("Group") == "Smith\\, J" and obj.coalition() == "Blue"
    assert acmi.title == "Commas\\, everywhere"


def test_escape_and_frame_time() -> None:
    assert escape("plain") == "plain"
    assert escape("a,b\nc\r\nd") == "a\\,b\\\nc\\\nd"
    assert [frame_time(t) for t in (0.0, 0.6, 1.2000000001, 12.0, 3600.6)] == [
        "0",
        "0.6",
        "1.2",
        "12",
        "3600.6",
    ]


def test_unwrap_flight_and_colours() -> None:
    assert unwrap("  one\ntwo\n\nthree\n") == "one two\n\nthree"
    assert flight_name("Eagle 2") == "Eagle" and flight_name("Lead 1") == "Lead"
    assert flight_name("Maverick") == "Maverick"
    assert side_colours(["blue", "red", "left", "right", "green"]) == {
        "blue": "Blue",
        "red": "Red",
        "left": "Yellow",
        "right": "Orange",
        "green": "Green",
    }


def test_a_zip_acmi_holds_the_same_text_deflated(missile_fight: Timeline, tmp_path: Path) -> None:
    zipped = export_acmi(missile_fight, tmp_path / "f.zip.acmi").path
    plain = export_acmi(missile_fight, tmp_path / "f.txt.acmi").path
    with zipfile.ZipFile(zipped) as archive:
        (member,) = archive.infolist()
        assert member.filename == "acmi.txt"
        assert member.compress_type == zipfile.ZIP_DEFLATED
        assert archive.read(member).decode("utf-8") == plain.read_text(encoding="utf-8")
    assert plain.read_text(encoding="utf-8").startswith(
        "FileType=text/acmi/tacview\nFileVersion=2.2\n0,ReferenceTime=2000-06-21T09:00:00Z\n"
    )


def test_the_export_is_the_same_in_any_block_size_and_every_time(
    missile_fight: Timeline, tmp_path: Path
) -> None:
    whole = export_acmi(missile_fight, tmp_path / "a.txt.acmi").path.read_bytes()
    again = export_acmi(missile_fight, tmp_path / "b.txt.acmi").path.read_bytes()
    blocks = export_acmi(missile_fight, tmp_path / "c.txt.acmi", block_ticks=7).path
    assert whole == again == blocks.read_bytes()


def test_only_what_changed_is_written(guns_duel: Timeline, tmp_path: Path) -> None:
    lines = acmi_text(export_acmi(guns_duel, tmp_path / "d.txt.acmi").path).splitlines()
    sabre = [line for line in lines if line.startswith("1,")]
    assert sabre[0].count("Name=") == 1 and all("Name=" not in s for s in sabre[1:])
    assert all("Throttle=" not in s for s in sabre[1:10])  # held all game-turn


def test_the_reference_point_and_time_come_from_the_timeline(
    missile_fight: Timeline, tmp_path: Path
) -> None:
    meta = missile_fight.meta.model_copy(
        update={
            "reference": GeoReference.model_validate(
                {"lat_deg": 20.0, "lon_deg": 107.3, "time": "1972-05-10T08:30:00Z"}
            )
        }
    )
    moved = replace(missile_fight, meta=meta)
    acmi = assert_round_trip(moved, tmp_path / "tonkin.zip.acmi")
    assert acmi.reference_latitude == 20.0 and acmi.reference_longitude == 107.3
    assert acmi.reference_time.isoformat() == "1972-05-10T08:30:00"


def test_progress_is_told_every_block(missile_fight: Timeline, tmp_path: Path) -> None:
    told: list[int] = []
    export_acmi(missile_fight, tmp_path / "f.zip.acmi", told.append, block_ticks=40)
    assert told == [40, 80, 101]


def test_only_acmi_names_are_written(tmp_path: Path) -> None:
    with pytest.raises(AcmiPathError, match=r"NAME\.zip\.acmi"), open_acmi(tmp_path / "x.acmi"):
        pass
    assert not (tmp_path / "x.acmi").exists()


def test_a_failed_export_leaves_no_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.zip.acmi"
    with pytest.raises(RuntimeError), open_acmi(path) as writer:
        writer.header([("Title", "x")])
        raise RuntimeError("stop")
    assert not path.exists()
