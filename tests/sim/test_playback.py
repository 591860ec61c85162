"""The replay clock and the snapshots it builds (sim.playback), on the shipped scenarios."""

from __future__ import annotations

import dataclasses
import functools
import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Game
from engine.bearing import shoot_bearing
from engine.hexmap import Hex, Position
from engine.phad import cell_of
from engine.phad.cells import Cell
from engine.phad.rotation import heading_pitch_roll_deg
from models.scenario import load_scenario
from models.timeline import Timeline
from sim.events import notable
from sim.playback import SPEED_STEPS, Playback, heading_pitch_roll_deg_many
from sim.snapshot import EntityState

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
SHIPPED = ("demo/2v2-merge.toml", "bfm/loop.toml", "bfm/sustained-turn.toml")


@functools.cache
def timeline(name: str) -> Timeline:
    return Game(load_scenario(SCENARIOS / name)).run()


def merge() -> Timeline:
    return timeline("demo/2v2-merge.toml")


def with_channels(base: Timeline, **changes: np.ndarray) -> Timeline:
    """A copy of ``base`` with some channels replaced or added."""
    channels = {name: array.copy() for name, array in base.channels.items()}
    channels.update(changes)
    return dataclasses.replace(base, channels=channels)


def without_channels(base: Timeline, *names: str) -> Timeline:
    """A copy of ``base`` without some channels (as an older engine wrote it)."""
    channels = {name: array for name, array in base.channels.items() if name not in names}
    return dataclasses.replace(base, channels=channels)


def merge_with_viper_2_out_from(tick: int) -> Timeline:
    """The merge with Viper 2 out of play from ``tick`` on, holding its last position (as the
    engine writes an aircraft that has left the game)."""
    base = merge()
    changes = {}
    for name, array in base.channels.items():
        held = array.copy()
        held[1, tick:] = held[1, tick - 1]
        changes[name] = held
    changes["active"][1, tick:] = False
    return with_channels(base, **changes)


def merge_with_viper_2_only(first: int, last: int) -> Timeline:
    """The merge with Viper 2 in play only from tick ``first`` to tick ``last``, and junk
    samples (far away, another attitude) at the ticks out of play."""
    base = merge()
    out = np.ones(base.ticks, dtype=bool)
    out[first : last + 1] = False
    changes = {name: base.channels[name].copy() for name in ("x_ft", "y_ft", "z_ft")}
    for array in changes.values():
        array[1, out] = 9e6
    quat = base.channels["quat_wxyz"].copy()
    quat[1, out] = (0.0, 1.0, 0.0, 0.0)
    active = base.channels["active"].copy()
    active[1, out] = False
    return with_channels(base, active=active, quat_wxyz=quat, **changes)


def angle_gap_deg(a: float, b: float) -> float:
    gap = abs(a - b) % 360.0
    return min(gap, 360.0 - gap)


# -- sampling ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", SHIPPED)
def test_snapshot_at_a_tick_is_the_tick_sample(name: str) -> None:
    tl = timeline(name)
    ch = tl.channels
    playback = Playback(tl)
    for k, t in enumerate(tl.t_s):
        snapshot = playback.snapshot_at(float(t))
        assert snapshot.t_s == t
        for e, state in enumerate(snapshot.entities):
            assert state.position_ft == (ch["x_ft"][e, k], ch["y_ft"][e, k], ch["z_ft"][e, k])
            assert state.alt_ft == ch["z_ft"][e, k]
            quat = np.array(state.quat_wxyz)
            sample = ch["quat_wxyz"][e, k]
            sign = 1.0 if np.dot(quat, sample) >= 0 else -1.0
            np.testing.assert_allclose(sign * quat, sample, atol=1e-12)
            for field in ("speed_kt", "throttle", "throttle_label", "alt_label", "pos_label"):
                assert state.value(field) == ch[field][e, k], field
            for name, array in ch.items():
                if name.startswith("bop.") and array.ndim == 2:
                    expected = array[e, k].item()
                    if tl.meta.channels[name].interp == "ids":
                        expected = tuple(v.strip() for v in expected.split(",") if v.strip())
                    assert state.values[name] == expected, name
            assert state.active is True


@pytest.mark.parametrize("name", SHIPPED)
def test_between_ticks_the_motion_is_continuous_and_the_attitude_unit(name: str) -> None:
    tl = timeline(name)
    playback = Playback(tl)
    # The samples move in the rules' hexes, not exactly at the airspeed: bound the motion by
    # the fastest tick-to-tick chord instead.
    xyz = np.stack([tl.channels[a] for a in ("x_ft", "y_ft", "z_ft")], axis=-1)
    top_speed_ft_s = float(np.linalg.norm(np.diff(xyz, axis=1), axis=-1).max()) / tl.meta.tick_s
    step_s = tl.meta.tick_s / 12
    times = np.arange(0.0, playback.duration_s, step_s)
    previous = None
    for t in times:
        snapshot = playback.snapshot_at(float(t))
        points = np.array([s.position_ft for s in snapshot.entities])
        quats = np.array([s.quat_wxyz for s in snapshot.entities])
        np.testing.assert_allclose(np.linalg.norm(quats, axis=1), 1.0, atol=1e-12)
        assert np.isfinite(points).all()
        if previous is not None:
            moved = np.linalg.norm(points - previous, axis=1)
            assert (moved <= 1.5 * top_speed_ft_s * step_s).all()
        previous = points


@pytest.mark.parametrize("name", SHIPPED)
def test_the_path_has_no_corners_at_the_ticks(name: str) -> None:
    """Catmull-Rom joins the samples with a continuous velocity."""
    tl = timeline(name)
    playback = Playback(tl)
    d = 1e-4
    for t in tl.t_s[1:-1]:
        before = np.array([s.position_ft for s in playback.snapshot_at(t - d).entities])
        at = np.array([s.position_ft for s in playback.snapshot_at(t).entities])
        after = np.array([s.position_ft for s in playback.snapshot_at(t + d).entities])
        left, right = (at - before) / d, (after - at) / d
        speed = np.linalg.norm(left, axis=1)
        assert (np.linalg.norm(right - left, axis=1) <= 1e-3 * speed + 0.5).all()


def test_the_position_stays_near_the_straight_line_between_ticks() -> None:
    tl = timeline("bfm/loop.toml")
    playback = Playback(tl)
    xyz = np.stack([tl.channels[a][0] for a in ("x_ft", "y_ft", "z_ft")], axis=-1)
    for k in range(tl.ticks - 1):
        chord = xyz[k + 1] - xyz[k]
        mid = np.array(
            playback.snapshot_at(float(tl.t_s[k] + tl.meta.tick_s / 2)).entities[0].position_ft
        )
        off = mid - (xyz[k] + xyz[k + 1]) / 2
        assert np.linalg.norm(off) <= 0.2 * np.linalg.norm(chord)


@pytest.mark.parametrize("name", SHIPPED)
def test_heading_pitch_roll_are_read_from_the_quaternion(name: str) -> None:
    playback = Playback(timeline(name))
    for t in np.linspace(0.0, playback.duration_s, 97):
        for state in playback.snapshot_at(float(t)).entities:
            heading, pitch, roll = heading_pitch_roll_deg(state.quat_wxyz)
            assert angle_gap_deg(state.heading_deg, heading) < 1e-9
            assert state.pitch_deg == pytest.approx(pitch, abs=1e-9)
            assert angle_gap_deg(state.roll_deg, roll) < 1e-9


unit_quaternions = st.tuples(*[st.floats(-1, 1)] * 4).filter(
    lambda q: math.sqrt(sum(v * v for v in q)) > 0.1
)


@given(unit_quaternions)
def test_vectorised_angles_agree_with_the_engine(q: tuple[float, float, float, float]) -> None:
    norm = math.sqrt(sum(v * v for v in q))
    unit = tuple(v / norm for v in q)
    # A pure pitch of ±90°, for the "straight up or down" reading.
    for quat in (unit, (math.sqrt(0.5), math.sqrt(0.5), 0.0, 0.0), (0.5, -0.5, 0.5, 0.5)):
        ((heading, pitch, roll),) = heading_pitch_roll_deg_many(np.array([quat])).tolist()
        expected = heading_pitch_roll_deg(quat)  # type: ignore[arg-type]
        assert angle_gap_deg(heading, expected[0]) < 1e-6
        assert pitch == pytest.approx(expected[1], abs=1e-6)
        assert angle_gap_deg(roll, expected[2]) < 1e-6


@settings(deadline=None)
@given(st.floats(-10.0, 60.0), st.sampled_from(SHIPPED))
def test_any_time_gives_a_sane_snapshot(t: float, name: str) -> None:
    tl = timeline(name)
    snapshot = Playback(tl).snapshot_at(t)
    assert 0.0 <= snapshot.t_s <= tl.t_s[-1]
    lower = int(np.searchsorted(tl.t_s, snapshot.t_s, side="right")) - 1
    upper = min(lower + 1, tl.ticks - 1)
    for e, state in enumerate(snapshot.entities):
        assert math.sqrt(sum(v * v for v in state.quat_wxyz)) == pytest.approx(1.0, abs=1e-12)
        ends = np.array(
            [[tl.channels[a][e, k] for a in ("x_ft", "y_ft", "z_ft")] for k in (lower, upper)]
        )
        margin = 0.2 * np.linalg.norm(ends[1] - ends[0]) + 1e-6
        assert (np.array(state.position_ft) >= ends.min(axis=0) - margin).all()
        assert (np.array(state.position_ft) <= ends.max(axis=0) + margin).all()


def test_snapshot_times_are_clamped_to_the_replay() -> None:
    playback = Playback(merge())
    assert playback.snapshot_at(-5.0).t_s == 0.0
    assert playback.snapshot_at(1e9).t_s == playback.duration_s == merge().t_s[-1]
    with pytest.raises(ValueError):
        playback.snapshot_at(math.nan)


# -- the clock -----------------------------------------------------------------------------
def test_advance_moves_time_only_when_playing() -> None:
    playback = Playback(merge())
    assert playback.t_s == 0.0 and not playback.playing and playback.speed == 1.0
    playback.advance(1.0)
    assert playback.t_s == 0.0
    playback.play()
    playback.set_speed(2.0)
    playback.advance(1.5)
    assert playback.t_s == pytest.approx(3.0)
    snapshot = playback.snapshot()
    assert snapshot.playing is True and snapshot.speed == 2.0 and snapshot.t_s == playback.t_s
    playback.toggle()
    assert not playback.playing and playback.snapshot().playing is False
    playback.advance(1.0)
    assert playback.t_s == pytest.approx(3.0)
    playback.toggle()
    assert playback.playing


def test_at_the_end_playback_stops_or_loops() -> None:
    playback = Playback(merge())
    end = playback.duration_s
    playback.seek(end - 1.0)
    playback.play()
    playback.advance(3.0)
    assert playback.t_s == end and not playback.playing
    playback.play()  # play again from the end: start over
    assert playback.t_s == 0.0 and playback.playing

    looping = Playback(merge(), loop=True)
    looping.seek(end - 1.0)
    looping.play()
    looping.advance(3.0)
    assert looping.playing and looping.t_s == pytest.approx(2.0)
    looping.set_speed(16.0)
    looping.advance(10 * end / 16 + 0.5 / 16)  # many laps in one frame
    assert looping.t_s == pytest.approx(2.5)


def test_going_backwards_stops_or_wraps_at_the_start() -> None:
    playback = Playback(merge())
    playback.seek(1.0)
    playback.play()
    playback.advance(-3.0)
    assert playback.t_s == 0.0 and not playback.playing

    looping = Playback(merge(), loop=True)
    looping.seek(1.0)
    looping.play()
    looping.advance(-3.0)
    assert looping.playing and looping.t_s == pytest.approx(looping.duration_s - 2.0)


@settings(deadline=None)
@given(st.lists(st.floats(-30.0, 30.0), max_size=30), st.booleans())
def test_time_never_leaves_the_replay(steps: list[float], loop: bool) -> None:
    playback = Playback(merge(), loop=loop)
    playback.play()
    playback.set_speed(8.0)
    for dt in steps:
        playback.advance(dt)
        assert 0.0 <= playback.t_s <= playback.duration_s


def test_speed_is_clamped_and_steps_through_the_ladder() -> None:
    playback = Playback(merge())
    assert playback.set_speed(100.0) == 16.0
    assert playback.set_speed(0.0) == 0.1
    assert playback.set_speed(-3.0) == 0.1
    playback.set_speed(1.0)
    assert [playback.faster() for _ in range(5)] == [2.0, 4.0, 8.0, 16.0, 16.0]
    assert [playback.slower() for _ in range(8)] == [8.0, 4.0, 2.0, 1.0, 0.5, 0.25, 0.1, 0.1]
    playback.set_speed(0.3)
    assert playback.faster() == 0.5
    playback.set_speed(0.3)
    assert playback.slower() == 0.25
    assert SPEED_STEPS == (0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0)


def test_step_tick_snaps_to_the_tick_grid() -> None:
    tl = merge()
    playback = Playback(tl)
    assert playback.tick_s == 0.6 and playback.ticks_per_turn == 10
    playback.play()
    playback.step_tick()
    assert playback.t_s == tl.t_s[1] and not playback.playing
    playback.step_tick(-1)
    assert playback.t_s == 0.0
    playback.seek(1.0)  # between ticks 1 (0.6) and 2 (1.2)
    playback.step_tick(1)
    assert playback.t_s == tl.t_s[2]
    playback.seek(1.0)
    playback.step_tick(-1)
    assert playback.t_s == tl.t_s[1]
    playback.seek(1.0)
    playback.step_tick(3)
    assert playback.t_s == tl.t_s[4]
    playback.step_tick(3)
    assert playback.t_s == tl.t_s[7]
    playback.step_tick(-100)
    assert playback.t_s == 0.0
    playback.step_tick(10_000)
    assert playback.t_s == playback.duration_s


def test_step_turn_snaps_to_the_game_turn_grid() -> None:
    tl = merge()
    playback = Playback(tl)
    playback.step_turn()
    assert playback.t_s == tl.t_s[10] and not playback.playing
    assert playback.snapshot().turn == 1 and playback.snapshot().tick_in_turn == 10
    playback.seek(7.0)
    playback.step_turn(1)
    assert playback.t_s == tl.t_s[20]
    playback.seek(7.0)
    playback.step_turn(-1)
    assert playback.t_s == tl.t_s[10]
    playback.step_turn(-1)
    assert playback.t_s == 0.0
    playback.step_turn(2)
    assert playback.t_s == tl.t_s[20]
    playback.step_turn(50)
    assert playback.t_s == playback.duration_s
    playback.step_turn(-2)
    assert playback.t_s == tl.t_s[-21]


def test_seek_and_seek_fraction() -> None:
    playback = Playback(merge())
    playback.seek_fraction(0.5)
    assert playback.t_s == pytest.approx(playback.duration_s / 2)
    playback.seek_fraction(1.5)
    assert playback.t_s == playback.duration_s
    playback.seek_fraction(-1.0)
    assert playback.t_s == 0.0
    playback.seek(12.3)
    assert playback.t_s == 12.3
    playback.seek(-4.0)
    assert playback.t_s == 0.0


# -- selection -----------------------------------------------------------------------------
def test_the_first_aircraft_is_selected_by_default() -> None:
    assert Playback(merge()).selected == "viper-1"
    assert Playback(merge(), selected="fulcrum-2").snapshot().selected == "fulcrum-2"
    with pytest.raises(KeyError, match="no entity"):
        Playback(merge(), selected="nobody")


def test_select_next_cycles_through_the_aircraft() -> None:
    playback = Playback(merge())
    assert [playback.select_next() for _ in range(4)] == [
        "viper-2",
        "fulcrum-1",
        "fulcrum-2",
        "viper-1",
    ]
    assert playback.select_next(-1) == "fulcrum-2"
    assert playback.select_next(2) == "viper-2"
    playback.select(None)
    assert playback.snapshot().selected is None and playback.snapshot().bearings == {}
    assert playback.select_next() == "viper-1"


def test_select_next_skips_inactive_aircraft() -> None:
    playback = Playback(merge_with_viper_2_out_from(30))
    playback.seek(10.0)
    assert playback.select_next() == "viper-2"
    playback.select("viper-1")
    playback.seek(30.0)
    assert playback.select_next() == "fulcrum-1"
    assert playback.select_next(-1) == "viper-1"
    assert playback.select_next(-1) == "fulcrum-2"
    playback.select("viper-2")  # an out-of-play aircraft may still be chosen by id
    assert playback.select_next() == "fulcrum-1"


def test_inactive_entities_are_reported_inactive_and_hold_still() -> None:
    tl = merge_with_viper_2_out_from(30)
    playback = Playback(tl)
    assert playback.snapshot_at(float(tl.t_s[29])).entity("viper-2").active
    for t in (tl.t_s[29] + 0.31, tl.t_s[30], 30.0, 40.0):
        state = playback.snapshot_at(float(t)).entity("viper-2")
        assert state.active is False
        assert state.position_ft == (
            tl.channels["x_ft"][1, 29],
            tl.channels["y_ft"][1, 29],
            tl.channels["z_ft"][1, 29],
        )
        assert len(state.trail_ft) == 0
    # Nobody shoots a bearing to it, and it shoots none.
    assert "viper-2" not in playback.snapshot_at(30.0).bearings
    playback.select("viper-2")
    assert playback.snapshot_at(30.0).bearings == {}


def sample(tl: Timeline, entity: int, tick: int) -> tuple[float, float, float]:
    x, y, z = (float(tl.channels[a][entity, tick]) for a in ("x_ft", "y_ft", "z_ft"))
    return x, y, z


def test_samples_out_of_play_are_never_blended_in() -> None:
    tl = merge_with_viper_2_only(20, 29)
    playback = Playback(tl)
    quat = tl.channels["quat_wxyz"][1]
    # Coming into play: the half-tick before is out of play, the half-tick after holds the
    # first sample in play.
    assert playback.snapshot_at(float(tl.t_s[19]) + 0.2).entity("viper-2").active is False
    for t in (tl.t_s[19] + 0.3, tl.t_s[19] + 0.5, tl.t_s[20]):
        state = playback.snapshot_at(float(t)).entity("viper-2")
        assert state.active and state.position_ft == sample(tl, 1, 20)
        np.testing.assert_allclose(state.quat_wxyz, quat[20], atol=1e-12)
    # Leaving play: the half-tick after the last sample in play holds it.
    for t in (tl.t_s[29], tl.t_s[29] + 0.1, tl.t_s[29] + 0.29):
        state = playback.snapshot_at(float(t)).entity("viper-2")
        assert state.active and state.position_ft == sample(tl, 1, 29)
        np.testing.assert_allclose(state.quat_wxyz, quat[29], atol=1e-12)
    assert playback.snapshot_at(float(tl.t_s[29]) + 0.31).entity("viper-2").active is False
    # In play, the trail holds only ticks in play.
    trail = playback.snapshot_at(float(tl.t_s[25]) + 0.1).entity("viper-2").trail_t_s
    np.testing.assert_array_equal(trail[:-1], tl.t_s[20:26])
    trail_ft = playback.snapshot_at(float(tl.t_s[25]) + 0.1).entity("viper-2").trail_ft
    assert (np.abs(trail_ft) < 1e6).all()
    # Between ticks in play the path is the usual smooth one.
    for t in np.linspace(tl.t_s[20], tl.t_s[29], 40):
        state = playback.snapshot_at(float(t)).entity("viper-2")
        assert state.active and (np.abs(state.position_ft) < 1e6).all()


# -- derived values ------------------------------------------------------------------------
def test_average_load_is_over_the_current_turn_so_far() -> None:
    tl = timeline("bfm/loop.toml")
    load = tl.channels["bop.load_g"][0]
    playback = Playback(tl)

    def average(state: EntityState) -> float:
        return state.turn_means["bop.load_g"]

    assert average(playback.snapshot_at(0.0).entities[0]) == load[0]
    for tick in range(1, tl.ticks):
        turn_start = (tick - 1) // 10 * 10
        expected = load[turn_start + 1 : tick + 1].mean()
        state = playback.snapshot_at(float(tl.t_s[tick])).entities[0]
        assert average(state) == pytest.approx(expected)
        # Half a tick later the next tick is in progress but not yet flown.
        if tick < tl.ticks - 1 and tick % 10:
            later = playback.snapshot_at(float(tl.t_s[tick]) + 0.3).entities[0]
            assert average(later) == pytest.approx(expected)
    # Just after a turn starts, the tick in progress stands for the turn.
    state = playback.snapshot_at(float(tl.t_s[10]) + 0.3).entities[0]
    assert average(state) == load[11]


@pytest.mark.parametrize("trail_s", [0.0, 3.0, 24.0])
def test_trails_follow_trail_seconds(trail_s: float) -> None:
    tl = merge()
    playback = Playback(tl, trail_seconds=trail_s)
    for t in (0.0, 1.0, 30.0, 30.3, playback.duration_s):
        snapshot = playback.snapshot_at(t)
        expected_ticks = tl.t_s[(tl.t_s >= t - trail_s - 1e-9) & (tl.t_s < t - 1e-9)]
        for e, state in enumerate(snapshot.entities):
            assert state.trail_ft.shape == (len(expected_ticks) + 1, 3)
            np.testing.assert_array_equal(state.trail_t_s, [*expected_ticks, t])
            assert tuple(state.trail_ft[-1]) == state.position_ft
            ticks = np.searchsorted(tl.t_s, expected_ticks)
            np.testing.assert_array_equal(state.trail_ft[:-1, 0], tl.channels["x_ft"][e, ticks])
            assert not state.trail_ft.flags.writeable


def test_bearings_point_at_every_other_aircraft() -> None:
    """The display bearing is the PHAD cell of the world direction at the nearer tick; the
    reverse bearing is the cell of the opposite direction."""
    tl = merge()
    playback = Playback(tl)
    checked = 0
    for t in tl.t_s[::3]:
        snapshot = playback.snapshot_at(float(t))
        me = snapshot.selected_state
        assert me is not None and me.id == "viper-1"
        for other in snapshot.entities:
            if other.id == me.id:
                assert other.id not in snapshot.bearings
                continue
            d = tuple(b - a for a, b in zip(me.position_ft, other.position_ft, strict=True))
            assert Cell.parse(snapshot.bearings[other.id]) == cell_of(d)
            back = Playback(tl, selected=other.id).snapshot_at(float(t)).bearings[me.id]
            assert Cell.parse(back) == cell_of(tuple(-v for v in d))
            checked += 1
    assert checked > 50


def test_the_display_bearing_mostly_agrees_with_the_rules_shoot_bearing() -> None:
    """At segment ends (positions on hex centres and steps) the geometric cell is one of
    the rules' candidate cells nearly always; they differ only on the cells' borders."""
    tl = merge()
    playback = Playback(tl)
    agree = total = 0
    for tick in range(0, tl.ticks, 10):
        snapshot = playback.snapshot_at(float(tl.t_s[tick]))
        me = snapshot.entities[0]
        mine = Position(
            Hex(int(me.number("bop.hex_q")), int(me.number("bop.hex_r"))),
            int(me.number("bop.alt_steps")),
        )
        for other in snapshot.entities[1:]:
            theirs = Position(
                Hex(int(other.number("bop.hex_q")), int(other.number("bop.hex_r"))),
                int(other.number("bop.alt_steps")),
            )
            if mine == theirs or other.id not in snapshot.bearings:
                continue
            total += 1
            candidates = shoot_bearing(mine, theirs).candidates
            agree += Cell.parse(snapshot.bearings[other.id]) in candidates
    assert total > 10 and agree >= 0.8 * total


def test_no_bearing_to_an_aircraft_in_the_same_place() -> None:
    base = merge()
    same = {name: base.channels[name].copy() for name in ("x_ft", "y_ft", "z_ft")}
    for array in same.values():
        array[2] = array[0]  # Fulcrum 1 sits on Viper 1
    playback = Playback(with_channels(base, **same))
    bearings = playback.snapshot_at(12.0).bearings
    assert playback.timeline.entity_ids[2] not in bearings


def test_bearings_are_cached_but_not_shared() -> None:
    playback = Playback(merge())
    first = playback.snapshot_at(12.0).bearings
    first.clear()
    assert playback.snapshot_at(12.0).bearings


def test_recent_events_are_those_of_the_last_six_seconds() -> None:
    tl = merge()
    playback = Playback(tl)
    times = sorted(event.t_s for event in tl.meta.events)
    assert times, "the merge scenario should record events"
    # The scrub bar marks each moment something notable happened, once.
    marks = sorted({event.t_s for event in tl.meta.events if notable(event)})
    assert playback.snapshot().event_times_s == tuple(marks)
    for t in (*times, *(x - 1e-3 for x in times), *(x + 6.0 for x in times), 0.0, 47.0):
        t = min(max(t, 0.0), playback.duration_s)
        recent = playback.snapshot_at(t).recent_events
        expected = [e for e in tl.meta.events if t - 6.0 < e.t_s <= t]
        assert sorted(recent, key=lambda e: e.t_s) == list(recent)
        assert set(map(id, recent)) == set(map(id, expected))


def test_sensor_channels_fill_the_optional_fields() -> None:
    base = merge()
    shape = base.channels["active"].shape
    extra = {
        "bop.radar_mode": np.full(shape, "stt", dtype="<U8"),
        "bop.tracks": np.full(shape, "fulcrum-1, fulcrum-2", dtype="<U32"),
        "bop.ir_lock": np.full(shape, "fulcrum-1", dtype="<U16"),
        "bop.rwr": np.full(shape, "", dtype="<U16"),
        "bop.weapons": np.full(shape, "AIM-9,AIM-9,AIM-120", dtype="<U32"),
        "bop.crew_state": np.full(shape, "ok", dtype="<U8"),
        "bop.damage": np.full(shape, "none", dtype="<U8"),
    }
    state = Playback(with_channels(base, **extra)).snapshot_at(10.0).entities[0]
    assert state.values["bop.radar_mode"] == "stt"
    assert state.values["bop.tracks"] == ("fulcrum-1", "fulcrum-2")
    assert state.values["bop.ir_lock"] == ("fulcrum-1",)
    assert state.values["bop.rwr"] == ()
    assert state.values["bop.weapons"] == "AIM-9,AIM-9,AIM-120"
    assert (state.text("bop.crew_state"), state.text("bop.damage")) == ("ok", "none")

    # A timeline without sensors: those channels are simply absent.
    sensors = ("bop.radar_mode", "bop.tracks", "bop.ir_lock", "bop.rwr")
    plain = Playback(without_channels(base, *sensors)).snapshot_at(10.0).entities[0]
    for name in sensors:
        assert name not in plain.values and plain.value(name) is None
    assert plain.ids("bop.tracks") == () and plain.text("bop.radar_mode") == ""
    # The engine writes weapons, crew and damage itself: guns left, G state, damage track.
    assert plain.text("bop.weapons") and plain.text("bop.damage")
    assert plain.text("bop.crew_state") == "ok"


def test_snapshot_carries_the_timeline_facts() -> None:
    tl = merge()
    snapshot = Playback(tl).snapshot_at(13.0)
    assert snapshot.rules == "bop" and snapshot.scenario == tl.meta.scenario
    assert snapshot.tick_s == 0.6 and snapshot.ticks_per_turn == 10
    assert snapshot.duration_s == tl.t_s[-1]
    assert [s.id for s in snapshot.entities] == list(tl.entity_ids)
    assert snapshot.turn == 3


def test_playback_never_imports_panda3d() -> None:
    code = "import sys, sim.playback; assert 'panda3d' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)
