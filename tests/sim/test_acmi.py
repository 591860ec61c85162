"""Tacview ACMI export: read back with pyacmi (an independent reader) and compared with the
timeline it came from."""

import zipfile
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pyacmi  # type: ignore[import-untyped]
import pytest

from engine.bop.game import Game
from engine.phad.rotation import heading_pitch_roll_deg
from models.reference import GeoReference
from models.scenario import load_scenario
from models.sensors import sensor_fit
from models.timeline import EntityInfo, Event, Timeline, TimelineMeta
from scenarios import find_scenario
from sim.acmi import export_acmi
from sim.acmi.debrief import debriefing
from sim.acmi.export import acmi_number, flight_name, side_colours, unwrap
from sim.acmi.geodesy import TangentPlane
from sim.acmi.radar import lock_slots
from sim.acmi.status import flyer_out, read_damage, status_label
from sim.acmi.writer import AcmiPathError, escape, frame_time, open_acmi
from sim.cli.scenario_cmds import play_source
from sim.version import furball_version

POSITION_TOLERANCE_M = 0.5
ANGLE_TOLERANCE_DEG = 0.5
RECORDED_AT = datetime(2024, 5, 6, 7, 8, 9, tzinfo=UTC)


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
    count = len(timeline.meta.entities)
    ever = [i for i in range(count) if active[i].any()]
    entities = [number for number in acmi.objects if int(number, 16) <= count]
    assert sorted(entities) == sorted(f"{acmi_number(i):x}" for i in ever)
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
    assert destroyed[0] == (34.2, "Destroyed|5|AIM-7E-2 (Phantom 1) goes off")  # the hit
    assert destroyed[1:] == [(36.0, destroyed[1][1])] and destroyed[1][1].startswith("Destroyed|2|")
    left = [(t, e) for t, e in found if e.startswith("LeftArea|")]
    gone = [e.split("|")[1] for _, e in left]
    entities = len(missile_fight.meta.entities)
    assert [n for n in gone if int(n, 16) <= entities] == ["3", "4"]  # the Sparrows that missed


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
    zipped = export_acmi(missile_fight, tmp_path / "f.zip.acmi", recorded_at=RECORDED_AT).path
    plain = export_acmi(missile_fight, tmp_path / "f.txt.acmi", recorded_at=RECORDED_AT).path
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
    at = RECORDED_AT
    whole = export_acmi(missile_fight, tmp_path / "a.txt.acmi", recorded_at=at).path.read_bytes()
    again = export_acmi(missile_fight, tmp_path / "b.txt.acmi", recorded_at=at).path.read_bytes()
    blocks = export_acmi(missile_fight, tmp_path / "c.txt.acmi", block_ticks=7, recorded_at=at)
    assert whole == again == blocks.path.read_bytes()


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


# -- the completed export: globals, condition, radar, short-lived objects, removals ---------
@pytest.fixture(scope="module")
def perch() -> Timeline:
    """A gun hit at 18 s, the bandit shot down at 24 s and its pilot ejecting."""
    return Game(load_scenario(find_scenario("bfm/perch-9000")), 1).run()


@pytest.fixture(scope="module")
def modern_furball() -> Timeline:
    """Three missile launches (all miss), two flares, two chaff, a pilot out cold."""
    return Game(load_scenario(find_scenario("historical/modern-furball")), 18).run()


def frame_of(timeline: Timeline, tick: int) -> float:
    """The frame time a tick is written at (as the file has it, to the hundredth)."""
    return float(frame_time(float(timeline.t_s[tick] - timeline.t_s[0])))


def tick_at(timeline: Timeline, t_s: float) -> int:
    return int(np.flatnonzero(np.isclose(timeline.t_s, t_s))[0])


def exported(timeline: Timeline, path: Path) -> tuple[object, str]:
    export_acmi(timeline, path, recorded_at=RECORDED_AT)
    return read(path), acmi_text(path)


def objects_of_type(acmi: object, tags: str) -> list[object]:
    return [obj for obj in acmi.objects.values() if obj.tags == tags]


def map_position_m(timeline: Timeline, entity: int, tick: int) -> np.ndarray:
    return np.array([timeline.channels[k][entity, tick] * 0.3048 for k in ("x_ft", "y_ft", "z_ft")])


def object_position_m(acmi: object, obj: object, t: float) -> np.ndarray:
    reference = acmi.reference_latitude, acmi.reference_longitude
    plane = TangentPlane(*reference)
    lon, lat = obj.get_value("Longitude", t), obj.get_value("Latitude", t)
    east, north = plane.east_north_m(np.array(lon), np.array(lat))
    return np.array([float(east), float(north), obj.get_value("Altitude", t)])


def test_the_globals_name_author_category_recording_time_and_debrief(
    perch: Timeline, tmp_path: Path
) -> None:
    acmi, _ = exported(perch, tmp_path / "p.txt.acmi")
    assert acmi.author == f"furball {furball_version()}"
    assert acmi.category == f"Birds of Prey: {perch.meta.scenario}".replace(",", "\\,")
    assert acmi.recording_time == datetime(2024, 5, 6, 7, 8, 9)
    lines = acmi.debriefing.splitlines()  # pyacmi joins the continued lines
    assert lines == [
        "0 missile launches\\, 1 hit; aircraft lost: red 1.",
        "18 s: Viper 1 hits Bandit 1 with the M61A1 Vulcan",
        "24 s: Bandit 1 is shot down",
        "24 s: Bandit 1's crew get out",
    ]


def test_the_debrief_counts_launches(modern_furball: Timeline) -> None:
    summary = debriefing(modern_furball.meta).splitlines()
    assert summary[0] == "3 missile launches, 0 hits; aircraft lost: none."
    assert "42 s: Viper 2 fires a AIM-9L at Fulcrum 2" in summary
    assert "84 s: Eagle 1 fires a AIM-7M at Fulcrum 4" in summary


def test_the_recording_time_is_now_unless_given(missile_fight: Timeline, tmp_path: Path) -> None:
    before = datetime.now(UTC).replace(microsecond=0, tzinfo=None)
    acmi = read(export_acmi(missile_fight, tmp_path / "f.txt.acmi").path)
    after = datetime.now(UTC).replace(tzinfo=None)
    assert before <= acmi.recording_time <= after


def test_health_label_and_disabled_follow_damage_and_crew(perch: Timeline, tmp_path: Path) -> None:
    acmi, _ = exported(perch, tmp_path / "p.txt.acmi")
    bandit, viper = acmi.objects["2"], acmi.objects["1"]
    hit, kill = tick_at(perch, 18.0), tick_at(perch, 24.0)
    assert bandit.get_value("Health", frame_of(perch, hit - 1)) == 1.0
    assert bandit.get_value("Health", frame_of(perch, hit)) == pytest.approx(1 - 4 / 14, abs=0.005)
    assert bandit.get_value("Health", frame_of(perch, kill)) == 0.0
    label = bandit.get_value("Label", frame_of(perch, hit))
    assert label == "4/14 damage (Engine\\, Fuel\\, Hydraulics); pilot grey out"
    assert bandit.get_value("Disabled", frame_of(perch, kill - 1)) == 0.0
    assert bandit.get_value("Disabled", frame_of(perch, kill)) == 1.0  # ejected
    assert "crew out" in bandit.get_value("Label", frame_of(perch, kill))
    assert viper.get_value("Health") == 1.0 and viper.get_value("Disabled") == 0.0
    assert viper.get_value("Label") is None  # in good order throughout: never written


def test_an_aircraft_is_disabled_while_its_pilot_is_out_cold(
    modern_furball: Timeline, tmp_path: Path
) -> None:
    acmi, _ = exported(modern_furball, tmp_path / "m.txt.acmi")
    fulcrum = modern_furball.entity_index("fulcrum-3")
    crew = modern_furball.channels["bop.crew_state"][fulcrum]
    active = modern_furball.channels["active"][fulcrum]
    out_cold = [t for t in np.flatnonzero(active) if "pilot: loc" in crew[t]]
    assert out_cold  # the pilot greys out and loses consciousness in this fight
    obj = acmi.objects[f"{acmi_number(fulcrum):x}"]
    for tick in np.flatnonzero(active):
        expected = 1.0 if tick in out_cold else 0.0
        assert obj.get_value("Disabled", frame_of(modern_furball, tick)) == expected, tick
    assert "uncontrolled" in obj.get_value("Label", frame_of(modern_furball, out_cold[0]))


def test_the_stt_target_and_further_tracks_are_locks(perch: Timeline, tmp_path: Path) -> None:
    acmi, _ = exported(perch, tmp_path / "p.txt.acmi")
    viper = acmi.objects["1"]
    modes = perch.channels["bop.radar_mode"][0]
    tracks = perch.channels["bop.tracks"][0]
    stt = int(np.flatnonzero((modes == "STT") & (tracks == "bandit-1"))[0])
    before = stt - 1  # Supersearch holding the bandit: a track, not a lock
    assert (modes[before], tracks[before]) == ("SS", "bandit-1")
    assert viper.get_value("LockedTarget2", frame_of(perch, before)) == "2"
    assert viper.get_value("LockedTarget", frame_of(perch, stt)) == "2"
    assert viper.get_value("RadarMode", frame_of(perch, stt)) == 3.0
    gone = int(np.flatnonzero(~perch.channels["active"][1])[0])
    assert modes[gone] == "STT" and tracks[gone] == "bandit-1"  # the channel still says so
    assert viper.get_value("LockedTarget", frame_of(perch, gone)) in ("", None)


def test_the_radar_range_is_the_mode_s_range_on_the_sensor_fit(
    perch: Timeline, tmp_path: Path
) -> None:
    acmi, _ = exported(perch, tmp_path / "p.txt.acmi")
    fit = sensor_fit("F-16C").radar
    assert fit is not None
    ranges_fp = {m.mode: m.range_fp for m in fit.modes}
    modes = perch.channels["bop.radar_mode"][0]
    for tick in (0, int(np.flatnonzero(modes == "SS")[0]), int(np.flatnonzero(modes == "STT")[0])):
        expected = ranges_fp[str(modes[tick])] * 400 * 0.3048
        got = acmi.objects["1"].get_value("RadarRange", frame_of(perch, tick))
        assert got == pytest.approx(expected, abs=0.5)


def test_an_stt_antenna_points_at_its_target(perch: Timeline, tmp_path: Path) -> None:
    from scipy.spatial.transform import Rotation

    acmi, _ = exported(perch, tmp_path / "p.txt.acmi")
    modes = perch.channels["bop.radar_mode"][0]
    active = perch.channels["active"][1]
    locked = [t for t in np.flatnonzero(modes == "STT") if active[t]]
    assert len(locked) >= 5
    for tick in locked:
        w, x, y, z = perch.channels["quat_wxyz"][0, tick]
        toward = map_position_m(perch, 1, tick) - map_position_m(perch, 0, tick)
        right, forward, up = Rotation.from_quat([x, y, z, w]).inv().apply(toward)
        azimuth = np.degrees(np.arctan2(right, forward))
        elevation = np.degrees(np.arctan2(up, np.hypot(right, forward)))
        t = frame_of(perch, tick)
        assert acmi.objects["1"].get_value("RadarAzimuth", t) == pytest.approx(azimuth, abs=0.1)
        assert acmi.objects["1"].get_value("RadarElevation", t) == pytest.approx(elevation, abs=0.1)


def test_lock_slots() -> None:
    everyone = lambda entity: True  # noqa: E731
    assert lock_slots("STT", "a, b", everyone) == ["a", "b", *[""] * 7]
    assert lock_slots("TWS", "a,b", everyone) == ["", "a", "b", *[""] * 6]
    assert lock_slots("", "a", everyone) == [""] * 9
    assert lock_slots("STT", "a, b", lambda entity: entity != "a") == ["b", *[""] * 8]
    many = ",".join("abcdefghijk")
    assert lock_slots("TWS", many, everyone) == ["", *"abcdefgh"]


def test_a_gun_burst_flies_from_the_shooter_to_the_target(perch: Timeline, tmp_path: Path) -> None:
    acmi, text = exported(perch, tmp_path / "p.txt.acmi")
    (burst,) = objects_of_type(acmi, "Projectile+Bullet")
    assert burst.name == "M61A1 Vulcan" and burst.parent() == "1"
    fired = tick_at(perch, 18.0)
    t0, t1 = frame_of(perch, fired), frame_of(perch, fired + 1)
    muzzle = object_position_m(acmi, burst, t0)
    assert np.allclose(muzzle, map_position_m(perch, 0, fired), atol=POSITION_TOLERANCE_M)
    arrival = object_position_m(acmi, burst, t1)
    assert np.allclose(arrival, map_position_m(perch, 1, fired + 1), atol=POSITION_TOLERANCE_M)
    assert burst.removed_at == pytest.approx(frame_of(perch, fired + 2))
    number = next(n for n, obj in acmi.objects.items() if obj is burst)
    assert (burst.removed_at, f"LeftArea|{number}|M61A1 Vulcan gone") in events(text)


def test_decoys_released_are_flares_and_chaff(modern_furball: Timeline, tmp_path: Path) -> None:
    acmi, _ = exported(modern_furball, tmp_path / "m.txt.acmi")
    for tags, owner, t_s in (
        ("Misc+Decoy+Flare", "fulcrum-2", 78.0),
        ("Misc+Decoy+Chaff", "fulcrum-4", 90.0),
    ):
        decoys = objects_of_type(acmi, tags)
        assert len(decoys) == 2, tags  # each event releases 2
        owner_index = modern_furball.entity_index(owner)
        first = tick_at(modern_furball, t_s)
        for j, decoy in enumerate(decoys):
            assert decoy.parent() == f"{acmi_number(owner_index):x}"
            t = frame_of(modern_furball, first + j)
            assert decoy.get_value("Longitude", t) is not None
            where = map_position_m(modern_furball, owner_index, first + j)
            assert np.allclose(object_position_m(acmi, decoy, t), where, atol=POSITION_TOLERANCE_M)
    decoy_events = [e for e in modern_furball.meta.events if e.kind == "decoys"]
    assert [(e.data["decoy"], e.data["count"]) for e in decoy_events] == [
        ("flares", 2),
        ("chaff", 2),
    ]


def test_an_ejection_is_a_parachutist_and_a_kill_an_explosion(
    perch: Timeline, tmp_path: Path
) -> None:
    acmi, _ = exported(perch, tmp_path / "p.txt.acmi")
    kill = tick_at(perch, 24.0)
    (chute,) = objects_of_type(acmi, "Ground+Light+Human+Air+Parachutist")
    (blast,) = objects_of_type(acmi, "Misc+Explosion")
    for obj in (chute, blast):
        assert obj.parent() == "2"
        t = frame_of(perch, kill)
        assert np.allclose(
            object_position_m(acmi, obj, t), map_position_m(perch, 1, kill), atol=0.5
        )
    assert chute.name == "Bandit 1 crew" and chute.coalition() == "Red"
    assert blast.removed_at > frame_of(perch, kill)


def frame_lines(text: str, t: float) -> list[str]:
    """The lines of the frame at ``t``."""
    lines, inside = [], False
    for line in text.splitlines():
        if line.startswith("#"):
            inside = float(line[1:]) == t
        elif inside:
            lines.append(line)
    return lines


def test_a_missile_leaving_play_without_a_kill_writes_left_area(
    modern_furball: Timeline, tmp_path: Path
) -> None:
    acmi, text = exported(modern_furball, tmp_path / "m.txt.acmi")
    missiles = [i for i, e in enumerate(modern_furball.meta.entities) if e.kind == "missile"]
    assert len(missiles) == 3  # and every one misses
    found = events(text)
    for i in missiles:
        number = f"{acmi_number(i):x}"
        removed = acmi.objects[number].removed_at
        assert removed is not None
        lines = frame_lines(text, removed)
        left = [n for n, line in enumerate(lines) if line.startswith(f"0,Event=LeftArea|{number}|")]
        assert left and left[0] < lines.index(f"-{number}")  # LeftArea first, then removed
        assert not any(e.startswith(f"Destroyed|{number}|") for _, e in found)


def test_a_kill_writes_destroyed_and_no_left_area(perch: Timeline, tmp_path: Path) -> None:
    acmi, text = exported(perch, tmp_path / "p.txt.acmi")
    found = events(text)
    assert [t for t, e in found if e.startswith("Destroyed|2|")] == [24.0]
    assert acmi.objects["2"].removed_at == pytest.approx(24.6)
    assert not any(e.startswith("LeftArea|2|") for _, e in found)


def test_an_aircraft_leaving_play_unharmed_writes_left_area(tmp_path: Path) -> None:
    timeline = escaping_timeline()
    meta = timeline.meta.model_copy(update={"events": ()})
    active = np.array([[True, True, False]])
    leaving = replace(timeline, meta=meta, channels={**timeline.channels, "active": active})
    text = acmi_text(export_acmi(leaving, tmp_path / "l.txt.acmi").path)
    assert frame_lines(text, 1.2) == ["0,Event=LeftArea|1|Smith\\, J leaves play", "-1"]
    assert "Health=" not in text and "Disabled=" not in text and "Radar" not in text


def test_damage_and_crew_texts_are_read() -> None:
    assert read_damage("") is None
    assert read_damage("0/14").health == 1.0
    damage = read_damage("7/14 Engine, Fuel")
    assert damage is not None and damage.health == 0.5 and damage.systems == "Engine, Fuel"
    destroyed = read_damage("destroyed (engine 1 took 2 critical hits)")
    assert destroyed is not None and destroyed.health == 0.0
    assert flyer_out("pilot: loc", 0) and flyer_out("pilot: killed", 0)
    assert not flyer_out("pilot: grey_out", 0) and not flyer_out("ok", 0)
    assert not flyer_out("pilot: killed", 1)  # the back seat has taken control
    assert flyer_out("pilot: wounded, back seat: loc", 1)
    assert status_label(None, "ok", False, False) == ""
    assert status_label(damage, "back seat: wounded", True, False) == (
        "7/14 damage (Engine, Fuel); back seat wounded; uncontrolled"
    )
