"""BFM geometry between two aircraft (sim/bfm.py) against hand-worked setups."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from engine import turning
from sim import bfm
from sim.snapshot import EntityState
from tests.sim.states import changed
from tests.sim.test_hud import aircraft

KT = 6076.12 / 3600.0
"""ft/s in a knot, worked by hand."""
TICK_S = 0.6


def quat(heading_deg: float, roll_deg: float = 0.0) -> tuple[float, float, float, float]:
    """Level attitude: heading clockwise from north, then roll right wing down."""
    h, r = math.radians(-heading_deg) / 2, math.radians(roll_deg) / 2
    qh = np.array([math.cos(h), 0.0, 0.0, math.sin(h)])
    qr = np.array([math.cos(r), 0.0, math.sin(r), 0.0])
    w1, x1, y1, z1 = qh
    w2, x2, y2, z2 = qr
    return (
        w1 * w2 - x1 * x2 - y1 * y2 - z1 * z2,
        w1 * x2 + x1 * w2 + y1 * z2 - z1 * y2,
        w1 * y2 - x1 * z2 + y1 * w2 + z1 * x2,
        w1 * z2 + x1 * y2 - y1 * x2 + z1 * w2,
    )


def jet(
    entity_id: str,
    side: str,
    xy_ft: tuple[float, float],
    heading_deg: float,
    speed_kt: float,
    *,
    roll_deg: float = 0.0,
    load_g: float = 1.0,
    alt_ft: float = 15000.0,
    **changes: Any,
) -> EntityState:
    """An aircraft flying straight and level at ``speed_kt`` along its heading, with a trail
    of the last three ticks on that line."""
    direction = np.array(
        [math.sin(math.radians(heading_deg)), math.cos(math.radians(heading_deg)), 0]
    )
    here = np.array([xy_ft[0], xy_ft[1], alt_ft])
    ages = np.array([3, 2, 1, 0]) * TICK_S
    trail = here[None, :] - ages[:, None] * direction[None, :] * speed_kt * KT
    return changed(
        aircraft(entity_id, side=side, callsign=entity_id.title()),
        position_ft=tuple(here),
        quat_wxyz=quat(heading_deg, roll_deg),
        speed_kt=speed_kt,
        load_g=load_g,
        alt_ft=alt_ft,
        trail_ft=trail,
        trail_t_s=30.0 - ages,
        **changes,
    )


def test_target_dead_ahead_flying_away_is_all_zeros() -> None:
    own = jet("viper-1", "blue", (0, 0), 0, 450)
    bandit = jet("fulcrum-1", "red", (0, 3000), 0, 450)
    geo = bfm.geometry(own, bandit)
    assert geo.range_ft == pytest.approx(3000)
    assert geo.range_fp == pytest.approx(7.5)
    assert (geo.ata_deg, geo.aa_deg, geo.hca_deg) == pytest.approx((0, 0, 0), abs=1e-6)
    assert geo.closure_kt == pytest.approx(0, abs=1e-6)
    assert geo.los_rate_dps == pytest.approx(0, abs=1e-9)


def test_overtaking_from_behind_closes_at_the_speed_difference() -> None:
    own = jet("viper-1", "blue", (0, 0), 90, 550)
    bandit = jet("fulcrum-1", "red", (3000, 0), 90, 430)
    assert bfm.geometry(own, bandit).closure_kt == pytest.approx(120)


def test_head_on() -> None:
    own = jet("viper-1", "blue", (0, 0), 0, 500)
    bandit = jet("fulcrum-1", "red", (0, 6000), 180, 400)
    geo = bfm.geometry(own, bandit)
    assert (geo.ata_deg, geo.aa_deg, geo.hca_deg) == pytest.approx((0, 180, 180), abs=1e-6)
    assert geo.closure_kt == pytest.approx(900)


def test_beam_target_on_a_parallel_course() -> None:
    """Target 4,000 ft off the right wing on a parallel course, 100 kt faster: the line of
    sight turns at 100 kt / 4,000 ft = 168.78 / 4000 rad/s = 2.418°/s; the range holds."""
    own = jet("viper-1", "blue", (0, 0), 0, 400)
    bandit = jet("fulcrum-1", "red", (4000, 0), 0, 500)
    geo = bfm.geometry(own, bandit)
    assert (geo.ata_deg, geo.aa_deg, geo.hca_deg) == pytest.approx((90, 90, 0), abs=1e-6)
    assert geo.closure_kt == pytest.approx(0, abs=1e-6)
    assert geo.los_rate_dps == pytest.approx(math.degrees(100 * KT / 4000))
    assert geo.los_rate_dps == pytest.approx(2.4176, abs=1e-3)


def test_crossing_at_right_angles_ahead() -> None:
    """Target 3,000 ft ahead crossing left to right: ATA 0, AA 90, HCA 90, and the range
    closes at the attacker's speed."""
    own = jet("viper-1", "blue", (0, 0), 0, 450)
    bandit = jet("fulcrum-1", "red", (0, 3000), 90, 450)
    geo = bfm.geometry(own, bandit)
    assert (geo.ata_deg, geo.aa_deg, geo.hca_deg) == pytest.approx((0, 90, 90), abs=1e-6)
    assert geo.closure_kt == pytest.approx(450)


def test_label_reads_like_the_brief() -> None:
    geo = bfm.BfmGeometry(3200.0, 120.0, 10.0, 35.0, 40.0, 1.0)
    assert geo.label() == "AA 35° ATA 10° HCA 40° 3,200 ft Vc +120 kt"
    assert replace(geo, closure_kt=-45.4).label().endswith("Vc -45 kt")


def test_path_velocity_differentiates_a_curving_trail_without_lag() -> None:
    """On a 3,000 ft circle at 600 ft/s, half a tick after the last sample: the quadratic
    through the trail is within a fraction of a degree and a few ft/s of the true velocity,
    where the chord from the last tick is off by about half a tick of turning."""
    radius, speed = 3000.0, 600.0
    omega = speed / radius

    def at(t: float) -> np.ndarray:
        return np.array([radius * math.sin(omega * t), radius * math.cos(omega * t), 0.0])

    now = 3.3
    times = np.array([1.8, 2.4, 3.0, now])
    state = replace(
        aircraft(),
        position_ft=tuple(at(now)),
        trail_ft=np.stack([at(t) for t in times]),
        trail_t_s=times,
    )
    truth = speed * np.array([math.cos(omega * now), -math.sin(omega * now), 0.0])
    velocity = bfm.path_velocity_fps(state)

    def off_deg(v: np.ndarray) -> float:
        return math.degrees(math.acos(v @ truth / np.linalg.norm(v) / speed))

    chord = (at(now) - at(3.0)) / 0.3
    assert off_deg(velocity) < 0.1
    assert np.linalg.norm(velocity) == pytest.approx(speed, abs=3)
    assert off_deg(chord) > 1.5


def test_path_velocity_with_little_or_no_trail() -> None:
    nose = replace(jet("viper-1", "blue", (0, 0), 90, 400), trail_ft=np.zeros((0, 3)))
    nose = replace(nose, trail_t_s=np.zeros(0))
    assert bfm.path_velocity_fps(nose) == pytest.approx([400 * KT, 0, 0], abs=1e-6)
    one = replace(
        nose,
        trail_ft=np.array([[0.0, -600.0, 15000.0], [0.0, 0.0, 15000.0]]),
        trail_t_s=np.array([29.0, 30.0]),
    )
    assert bfm.path_velocity_fps(one) == pytest.approx([0, 600, 0])
    # A sample a hair before now is skipped: it would make the difference meaningless.
    hair = replace(
        one,
        trail_ft=np.array([[0.0, -600.0, 15000.0], [0.0, 0.0, 15000.0], [0.0, 0.0, 15000.0]]),
        trail_t_s=np.array([29.0, 30.0 - 1e-9, 30.0]),
    )
    assert bfm.path_velocity_fps(hair) == pytest.approx([0, 600, 0])


def test_turn_radius_and_rate() -> None:
    """At √2 g the radial load is 1 g: r = V²/g and ω = g/V.  At 400 kt, V = 675.12 ft/s:
    r = 455,793 / 32.174 = 14,166 ft, ω = 0.047656 rad/s = 2.7305°/s."""
    assert turning.turn_radius_ft(400, math.sqrt(2)) == pytest.approx(14166.5, abs=1)
    assert turning.turn_rate_dps(400, math.sqrt(2)) == pytest.approx(2.7305, abs=1e-3)
    # 9 g at 500 kt: √80 = 8.944; V = 843.91 ft/s; r = 712,190 / (32.174 · 8.944) = 2,475 ft.
    assert turning.turn_radius_ft(500, 9) == pytest.approx(2474.9, abs=1)
    assert turning.turn_rate_dps(500, 9) == pytest.approx(
        math.degrees(32.174 * math.sqrt(80) / 843.91), abs=1e-3
    )
    assert turning.turn_radius_ft(500, 1.0) == math.inf
    assert turning.turn_rate_dps(500, 0.5) == 0.0
    assert turning.turn_rate_dps(0, 5) == 0.0


def test_specific_energy() -> None:
    """10,000 ft at 600 kt: V = 1,012.69 ft/s, V²/2g = 1,025,540 / 64.348 = 15,937 ft."""
    assert bfm.specific_energy_ft(10000, 600) == pytest.approx(25937, abs=1)
    assert bfm.specific_energy_ft(5000, 0) == 5000


@pytest.mark.parametrize(
    ("distance_ft", "off_deg", "inside"),
    [
        (2000, 0.0, True),
        (2000, 1.9, True),
        (2000, 2.5, False),
        (400, 0.0, False),
        (3100, 0.0, False),
        (500, 0.0, True),
    ],
)
def test_gun_cone(distance_ft: float, off_deg: float, inside: bool) -> None:
    own = jet("viper-1", "blue", (0, 0), 0, 450)
    a = math.radians(off_deg)
    bandit = jet("fulcrum-1", "red", (distance_ft * math.sin(a), distance_ft * math.cos(a)), 0, 450)
    assert bfm.in_gun_cone(own, bandit) is inside


def test_gun_cone_follows_the_nose_not_the_path() -> None:
    """Nose 5° off the flight path, target on the path: outside the gun cone."""
    own = replace(jet("viper-1", "blue", (0, 0), 0, 450), quat_wxyz=quat(5.0))
    bandit = jet("fulcrum-1", "red", (0, 2000), 0, 450)
    assert not bfm.in_gun_cone(own, bandit)
    assert bfm.geometry(own, bandit).ata_deg == pytest.approx(0, abs=1e-6)


def test_enemies_by_range() -> None:
    own = jet("viper-1", "blue", (0, 0), 0, 450)
    entities = (
        own,
        jet("viper-2", "blue", (0, 500), 0, 450),
        jet("fulcrum-1", "red", (0, 9000), 0, 450),
        jet("fulcrum-2", "red", (4000, 0), 0, 450),
        jet("fulcrum-3", "red", (100, 0), 0, 450, active=False),
        jet("aa-10", "red", (50, 0), 0, 450, kind="missile"),
    )
    assert bfm.enemies_by_range(entities, own) == ("fulcrum-2", "fulcrum-1")


def test_chosen_target_is_the_pick_while_it_flies_else_the_nearest() -> None:
    enemies = ("fulcrum-2", "fulcrum-1")
    assert bfm.chosen_target(enemies, None) == "fulcrum-2"
    assert bfm.chosen_target(enemies, "fulcrum-1") == "fulcrum-1"
    assert bfm.chosen_target(enemies, "fulcrum-3") == "fulcrum-2"  # gone: the nearest
    assert bfm.chosen_target((), "fulcrum-1") is None


def test_turn_circle_of_a_level_right_turn() -> None:
    """Heading north, banked 90° right at √2 g and 400 kt: the circle's centre is
    14,166 ft due east, in the horizontal plane."""
    own = jet("viper-1", "blue", (0, 0), 0, 400, roll_deg=90, load_g=math.sqrt(2))
    circle = bfm.turn_circle(own)
    assert circle is not None
    assert circle.radius_ft == pytest.approx(14166.5, abs=1)
    assert circle.centre_ft == pytest.approx([14166.5, 0, 15000], abs=1)
    assert abs(circle.normal[2]) == pytest.approx(1)
    assert circle.radial == pytest.approx([-1, 0, 0], abs=1e-9)
    assert bfm.turn_circle(changed(own, load_g=1.0)) is None


def test_three_nine_line_is_square_to_the_path_in_the_wing_plane() -> None:
    bandit = jet("fulcrum-1", "red", (0, 0), 0, 400)
    assert np.abs(bfm.three_nine_axis(bandit)) == pytest.approx([1, 0, 0], abs=1e-9)
    banked = jet("fulcrum-1", "red", (0, 0), 90, 400, roll_deg=60)
    axis = bfm.three_nine_axis(banked)
    assert axis[0] == pytest.approx(0, abs=1e-9)  # square to the path (east)
    assert abs(axis[2]) == pytest.approx(math.sin(math.radians(60)))


def test_control_zone_membership_by_hand() -> None:
    """The bandit at the origin flying north; the attacker 3,000 ft away at 30° of aspect
    (1,500 ft east and 2,598 ft south of it), flying 020: HCA 20°."""
    bandit = jet("fulcrum-1", "red", (0, 0), 0, 400)
    south = 3000 * math.cos(math.radians(30))

    def at(x: float, y: float, heading: float) -> bfm.BfmGeometry:
        return bfm.geometry(jet("viper-1", "blue", (x, y), heading, 450), bandit)

    geo = at(1500, -south, 20)
    assert (geo.aa_deg, geo.hca_deg, geo.range_ft) == pytest.approx((30, 20, 3000), abs=1e-6)
    assert bfm.in_control_zone(geo)
    assert bfm.in_control_zone(at(-1500, -south, 340))  # the other side of the tail
    assert not bfm.in_control_zone(at(1500, -south, 45))  # HCA 45°
    assert not bfm.in_control_zone(at(2500, -2500 * south / 1500, 20))  # 5,000 ft
    assert not bfm.in_control_zone(at(0, -3000, 0))  # dead astern: AA 0°
    assert not bfm.in_control_zone(at(3000, 0, 20))  # abeam: AA 90°


def test_control_zone_points_are_at_their_aspect_and_range() -> None:
    bandit = jet("fulcrum-1", "red", (0, 0), 0, 400)
    points = bfm.control_zone_points(bandit, [30, 50], [3000, 4500], 1.0)
    south = 3000 * math.cos(math.radians(30))
    assert points[0] == pytest.approx([1500, -south, 15000], abs=1e-6)
    for point, (aa, rng) in zip(points, [(30, 3000), (50, 4500)], strict=True):
        geo = bfm.geometry_of(point, [0, 1, 0], bandit.position_ft, [0, 1, 0])
        assert (geo.aa_deg, geo.range_ft) == pytest.approx((aa, rng), abs=1e-6)
    left = bfm.control_zone_points(bandit, [30], [3000], -1.0)
    assert left[0] == pytest.approx([-1500, -south, 15000], abs=1e-6)
