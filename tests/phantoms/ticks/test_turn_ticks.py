"""Per-tick poses of a turn's Movement Segments (engine.phantoms.ticks; reference §7)."""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.hexmap import Hex
from engine.otl.ticks import attitude_quaternion
from engine.phantoms.hexgrid import centre_ft
from engine.phantoms.ticks import (
    G_FT_S2,
    SPEED_POINT_FT_S,
    TICKS_PER_IMPULSE,
    TurnSamples,
    attitude_quaternions,
    coordinated_bank_deg,
    sample_turn,
    taut_string,
    turn_radius_ft,
)
from models.phantoms.common import HEX_FT, LEVEL_FT
from tests.phantoms.ticks.mover import fly

Floats = npt.NDArray[np.float64]

CHART: dict[int, frozenset[int]] = {
    1: frozenset({1}),
    2: frozenset({5, 10}),
    3: frozenset({1, 4, 8}),
    4: frozenset({3, 5, 8, 10}),
    5: frozenset({1, 3, 5, 7, 9}),
    6: frozenset({2, 4, 5, 7, 9, 10}),
    7: frozenset({1, 3, 4, 5, 7, 8, 10}),
    8: frozenset({1, 2, 4, 5, 6, 7, 9, 10}),
    9: frozenset({1, 2, 3, 4, 5, 6, 7, 9, 10}),
    10: frozenset(range(1, 11)),
}
"""The reference's derived Impulse Movement Chart (§3.1): the impulses speed s moves in."""

MANEUVER_ORDERS = ["RT", "LT", "RHT", "LHT", "RS", "LS", "LOOP", "LOOP+1", "LOOP-1"]


def orders_at(speed: int, moves: list[str]) -> list[str]:
    """``moves`` flown in the impulses of the speed's column, ``-`` in the others."""
    queue = iter(moves)
    return [next(queue, "S") if i in CHART[speed] else "-" for i in range(1, 11)]


def turn(orders: list[str], speed: int = 5, **kwargs: object) -> TurnSamples:
    steps = fly(orders, speed=speed)
    return sample_turn(Hex(0, 0), 0, 5, steps, speed, **kwargs)  # type: ignore[arg-type]


def heading_jumps_deg(samples: TurnSamples, start_deg: float = 0.0) -> Floats:
    track = np.concatenate([[start_deg], samples.heading_deg])
    jumps: Floats = np.abs((np.diff(track) + 180.0) % 360.0 - 180.0)
    return jumps


def attitude_jumps_deg(samples: TurnSamples) -> Floats:
    """The rotation between consecutive ticks' attitudes."""
    q = samples.quat_wxyz
    dots = np.clip(np.abs(np.sum(q[1:] * q[:-1], axis=1)), 0.0, 1.0)
    jumps: Floats = np.degrees(2.0 * np.arccos(dots))
    return jumps


def steps_ft(samples: TurnSamples) -> Floats:
    """How far the plane is drawn to move in each tick."""
    xyz = np.column_stack([samples.x_ft, samples.y_ft, samples.z_ft])
    steps: Floats = np.linalg.norm(np.diff(xyz, axis=0), axis=1)
    return steps


def fly_chain(turns: list[list[str]], speed: int) -> list[TurnSamples]:
    """Consecutive turns of orders, each turn starting where the last left the plane."""
    here, facing, level = Hex(0, 0), 0, 5
    carry = None
    out = []
    for orders in turns:
        steps = fly(orders, start=here, facing=facing, level=level, speed=speed)
        samples = sample_turn(here, facing, level, steps, speed, carry)
        out.append(samples)
        end = steps[-1]
        here, facing, level, carry = end.to_hex, end.to_facing, end.to_level, samples.carry
    return out


def fly_turns(speed: int, turns: int, moves: list[str] | None = None) -> list[TurnSamples]:
    """Turns at one speed; ``moves`` are the first turn's, straight on after that."""
    orders = [orders_at(speed, moves or [])] + [orders_at(speed, [])] * (turns - 1)
    return fly_chain(orders, speed)


@pytest.mark.parametrize("speed", range(1, 11))
def test_a_straight_plane_covers_its_speed_in_hexes(speed: int) -> None:
    first, second = fly_turns(speed, 2)
    for samples in (first, second):
        assert samples.x_ft == pytest.approx(np.zeros(100), abs=1e-6)
        assert samples.heading_deg == pytest.approx(np.zeros(100))
    assert first.y_ft[-1] == pytest.approx(speed * HEX_FT + first.carry.lead_ft)
    assert second.y_ft[-1] - first.y_ft[-1] == pytest.approx(speed * HEX_FT)
    nominal = speed * SPEED_POINT_FT_S * 0.25
    # The first turn starts on its hex centre and settles; it never stands still.
    assert steps_ft(first).min() > 0.5 * nominal
    # From then on it flies at one speed however unevenly its speed column is spaced.
    assert np.diff(second.y_ft) == pytest.approx(np.full(99, nominal), abs=0.01)
    assert abs(first.carry.lead_ft) <= HEX_FT / 2.0


@pytest.mark.parametrize("speed", range(1, 11))
@pytest.mark.parametrize("maneuver", MANEUVER_ORDERS)
def test_the_plane_is_in_its_rule_hex_at_every_impulse_end(speed: int, maneuver: str) -> None:
    orders = orders_at(speed, ["S", maneuver])
    steps = fly(orders, speed=speed)
    samples = sample_turn(Hex(0, 0), 0, 5, steps, speed)
    for step in steps:
        tick = step.impulse * TICKS_PER_IMPULSE - 1
        assert (samples.hex_q[tick], samples.hex_r[tick]) == (step.to_hex.q, step.to_hex.r)
        assert samples.level[tick] == step.to_level
        cx, cy = centre_ft(step.to_hex)
        off = math.hypot(samples.x_ft[tick] - cx, samples.y_ft[tick] - cy)
        assert off <= HEX_FT / 2.0 + 1.0, (step.impulse, off)


@pytest.mark.parametrize("speed", [1, 3, 6, 10])
@pytest.mark.parametrize("maneuver", MANEUVER_ORDERS)
def test_headings_and_attitudes_are_continuous(speed: int, maneuver: str) -> None:
    samples = turn(orders_at(speed, ["S", maneuver, "S", "S", "S", maneuver]), speed)
    assert heading_jumps_deg(samples).max() <= 60.0
    assert attitude_jumps_deg(samples).max() <= 60.0
    assert np.linalg.norm(samples.quat_wxyz, axis=1) == pytest.approx(np.ones(100))


@pytest.mark.parametrize(("order", "facing"), [("RT", 1), ("LT", 5), ("RHT", 2), ("LHT", 4)])
def test_a_turn_ends_on_the_rule_facing_in_its_hexrow(order: str, facing: int) -> None:
    for speed in (5, 6):
        steps = fly(orders_at(speed, ["S", order, "S", "S"]), speed=speed)
        samples = sample_turn(Hex(0, 0), 0, 5, steps, speed)
        assert steps[-1].to_facing == facing
        assert samples.heading_deg[-1] == pytest.approx(60.0 * facing)
        assert samples.bank_deg[-1] == pytest.approx(0.0)
        cx, cy = centre_ft(steps[-1].to_hex)
        lead = samples.carry.lead_ft
        h = math.radians(60.0 * facing)
        assert samples.x_ft[-1] == pytest.approx(cx + lead * math.sin(h))
        assert samples.y_ft[-1] == pytest.approx(cy + lead * math.cos(h))
        assert abs(lead) <= HEX_FT / 2.0


def test_the_turn_bank_follows_the_coordinated_turn_formula() -> None:
    radius = turn_radius_ft(1)
    assert radius == pytest.approx(HEX_FT / 2.0 / math.tan(math.radians(30.0)))
    v = 3 * 200.0
    expected = math.degrees(math.atan(v * v / (G_FT_S2 * radius)))
    assert coordinated_bank_deg(v, radius) == pytest.approx(expected)
    assert 60.0 < expected < 75.0
    right = turn(orders_at(3, ["S", "RT"]), 3)
    left = turn(orders_at(3, ["S", "LT"]), 3)
    assert right.bank_deg.max() == pytest.approx(expected, abs=0.5)
    assert right.bank_deg.min() >= 0.0
    assert left.bank_deg.min() == pytest.approx(-expected, abs=0.5)
    # A fast hard turn clamps at 85°.
    hard = turn(orders_at(8, ["S", "RHT"]), 8)
    assert hard.bank_deg.max() == pytest.approx(85.0, abs=0.01)


def test_bank_is_right_wing_down_in_the_timeline_convention() -> None:
    """Positive bank lowers the right wing (body +x) in the quaternion, as in OtL."""
    q = attitude_quaternions(np.array([0.0]), np.array([0.0]), np.array([30.0]))[0]
    w, x, y, z = q
    # Rotate body +x (the right wing) by q and read its height.
    right_wing_z = 2.0 * (x * z - w * y)
    assert right_wing_z < 0.0


def test_quaternions_match_over_the_lines() -> None:
    rng = np.random.default_rng(7)
    h, p, b = rng.uniform(-360, 360, 50), rng.uniform(-90, 90, 50), rng.uniform(-180, 180, 50)
    ours = attitude_quaternions(h, p, b)
    theirs = np.array([attitude_quaternion(*angles) for angles in zip(h, p, b, strict=True)])
    assert ours == pytest.approx(theirs, abs=1e-12)


def test_a_climb_marker_raises_the_plane_one_level_over_one_hex() -> None:
    steps = fly(orders_at(10, ["S", "S+1", "S"]), speed=10)
    samples = sample_turn(Hex(0, 0), 0, 5, steps, 10)
    # Level through impulse 1 and up a level over the move into the marker hex (impulse 2);
    # the climb's extra length puts the drawn plane a little behind its mark.
    assert samples.z_ft[:9] == pytest.approx(np.full(9, 5 * LEVEL_FT))
    assert samples.z_ft[19] == pytest.approx(6 * LEVEL_FT, abs=0.25 * LEVEL_FT)
    assert samples.z_ft[29:] == pytest.approx(np.full(71, 6 * LEVEL_FT))
    climbing = (samples.z_ft > 5 * LEVEL_FT + 1) & (samples.z_ft < 6 * LEVEL_FT - 1)
    assert 9 <= climbing.sum() <= 15  # over one hex's move, a little longer for the climb
    assert samples.pitch_deg.max() == pytest.approx(56.3, abs=1.0)  # 45° eased: 1.5 × slope
    assert samples.z_ft[-1] == pytest.approx(6 * LEVEL_FT)


def test_a_dive_lowers_it() -> None:
    samples = turn(orders_at(5, ["S-1"]), 5)
    assert samples.z_ft[-1] == pytest.approx(4 * LEVEL_FT)
    assert samples.pitch_deg.min() < -45.0


@pytest.mark.parametrize("speed", [2, 5, 10])
def test_a_climbing_loop_is_an_immelmann(speed: int) -> None:
    first, second = fly_turns(speed, 2, ["LOOP+1"])
    pitch = np.concatenate([first.pitch_deg, second.pitch_deg])
    z = np.concatenate([first.z_ft, second.z_ft])
    bank = np.concatenate([first.bank_deg, second.bank_deg])
    assert pitch.max() == pytest.approx(90.0)
    assert z[-1] == pytest.approx(6 * LEVEL_FT)
    assert second.heading_deg[-1] == pytest.approx(180.0)
    top = int(np.argmax(z > 5.9 * LEVEL_FT))
    assert abs(bank[top]) > 90.0  # over the top inverted, then rolled upright
    assert bank[-1] == pytest.approx(0.0)


def test_a_diving_loop_is_a_split_s_and_a_level_one_a_tight_reversal() -> None:
    split = turn(orders_at(5, ["S", "LOOP-1"]), 5)
    assert split.pitch_deg.min() == pytest.approx(-90.0)
    assert split.z_ft[-1] == pytest.approx(4 * LEVEL_FT)
    level = turn(orders_at(5, ["S", "LOOP"]), 5)
    assert level.z_ft == pytest.approx(np.full(100, 5 * LEVEL_FT))
    assert level.bank_deg.max() > 80.0
    assert level.heading_deg[-1] == pytest.approx(180.0)


@pytest.mark.parametrize(("order", "side"), [("RS", 1), ("LS", -1)])
@pytest.mark.parametrize("both", [False, True])
def test_a_sideslip_keeps_its_heading(order: str, side: int, both: bool) -> None:
    steps = fly(orders_at(5, ["S", order]), speed=5, slip_path_both=both)
    samples = sample_turn(Hex(0, 0), 0, 5, steps, 5)
    assert samples.heading_deg == pytest.approx(np.zeros(100))
    assert 30.0 <= (side * samples.bank_deg).max() <= 45.0
    assert (side * samples.bank_deg).min() >= 0.0
    cx, cy = centre_ft(steps[-1].to_hex)
    assert (samples.x_ft[-1], samples.y_ft[-1]) == pytest.approx((cx, cy + samples.carry.lead_ft))
    assert side * samples.x_ft[-1] > 0.0


def test_an_out_of_control_plane_spins_on_its_mark_and_loses_levels() -> None:
    steps = fly(["S", "stall", "fall", "still", "fall", "recover2", "S", "-", "S", "-"], speed=5)
    samples = sample_turn(Hex(0, 0), 0, 5, steps, 5)
    spin = slice(20, 50)
    assert samples.spinning[spin].all()
    assert not samples.spinning[:20].any()
    assert np.ptp(samples.x_ft[spin]) == pytest.approx(0.0, abs=1e-6)
    assert np.ptp(samples.y_ft[spin]) == pytest.approx(0.0, abs=1e-6)
    assert samples.z_ft[29] == pytest.approx(4 * LEVEL_FT)
    assert samples.z_ft[49] == pytest.approx(3 * LEVEL_FT)
    assert samples.pitch_deg[35] == pytest.approx(-45.0)
    assert heading_jumps_deg(samples).max() <= 60.0
    yaw = np.unwrap(np.radians(samples.heading_deg[spin]))
    assert np.all(np.diff(yaw) > 0.0)  # yawing round clockwise
    recovered = 6 * TICKS_PER_IMPULSE - 1
    assert samples.heading_deg[recovered] == pytest.approx(120.0)
    assert samples.heading_deg[-1] == pytest.approx(120.0)
    assert not samples.carry.out_of_control


def test_a_crash_ends_at_level_0() -> None:
    steps = fly(["S", "stall", "fall", "fall", "fall", "fall", "fall", "crash", "-", "-"], level=5)
    samples = sample_turn(Hex(0, 0), 0, 5, steps, 5)
    assert samples.crashed
    assert samples.z_ft[8 * TICKS_PER_IMPULSE - 1 :] == pytest.approx(np.zeros(21))
    assert samples.z_ft.min() >= 0.0


def test_a_spin_carries_on_into_the_next_turn() -> None:
    first, second = fly_chain(
        [
            ["S", "stall", "fall", "still", "-", "-", "-", "-", "-", "-"],
            ["fall", "recover1", "S", "-", "-", "-", "-", "-", "-", "-"],
        ],
        speed=5,
    )
    assert first.carry.out_of_control
    assert second.spinning[0]
    assert second.pitch_deg[0] == pytest.approx(-45.0, abs=1.0)
    assert not second.carry.out_of_control
    joint = np.concatenate([first.heading_deg[-1:], second.heading_deg[:1]])
    assert abs((joint[1] - joint[0] + 180.0) % 360.0 - 180.0) <= 60.0


def assert_joined(first: TurnSamples, second: TurnSamples, attitude_deg: float = 60.0) -> None:
    """The second turn's first tick follows on from the first turn's last."""
    gap = math.dist(
        (first.x_ft[-1], first.y_ft[-1], first.z_ft[-1]),
        (second.x_ft[0], second.y_ft[0], second.z_ft[0]),
    )
    assert gap <= 1.5 * max(steps_ft(first).max(), steps_ft(second).max(), 1.0)
    turn_jump = (second.heading_deg[0] - first.heading_deg[-1] + 180.0) % 360.0 - 180.0
    assert abs(turn_jump) <= 60.0
    dots = abs(float(first.quat_wxyz[-1] @ second.quat_wxyz[0]))
    assert math.degrees(2.0 * math.acos(min(dots, 1.0))) <= attitude_deg


@pytest.mark.parametrize("maneuver", ["S", "RT", "LHT", "RS", "LOOP", "LOOP+1", "LOOP-1"])
def test_turns_join_up(maneuver: str) -> None:
    """The next turn starts where this one ended, even halfway through a maneuver."""
    first, second = fly_chain([["S"] * 9 + [maneuver], ["S"] * 10], speed=10)
    assert first.carry.maneuver == (None if maneuver == "S" else maneuver.rstrip("+-1"))
    assert_joined(first, second)


def test_the_five_impulse_option_has_twenty_ticks_an_impulse() -> None:
    here, steps = Hex(0, 0), []
    for impulse in range(1, 6):
        a, b = here.neighbour(0), here.neighbour(0).neighbour(0)
        steps.append(
            fly(["S", "S"], start=here, speed=10)[1].__class__(
                plane_id="p",
                turn=1,
                impulse=impulse,
                kind="move",
                from_hex=here,
                from_facing=0,
                from_level=5,
                to_hex=b,
                to_facing=0,
                to_level=5,
                speed=10,
                path=(a, b),
            )
        )
        here = b
    samples = sample_turn(Hex(0, 0), 0, 5, steps, 10)
    assert len(samples.x_ft) == 100
    assert samples.y_ft[-1] == pytest.approx(10 * HEX_FT)
    assert samples.hex_r[19] == 2 and samples.hex_r[20] == 4
    assert np.diff(samples.y_ft) == pytest.approx(np.full(99, 500.0), abs=0.01)


def test_the_taut_string_is_straight_where_it_can_be() -> None:
    t = np.arange(5, dtype=float)
    free = taut_string(t, np.array([0, -9, -9, -9, 4.0]), np.array([0, 9, 9, 9, 4.0]))
    assert free == pytest.approx(t)
    bent = taut_string(t, np.array([0, 2, -9, -9, 4.0]), np.array([0, 9, 9, 9, 4.0]))
    assert bent == pytest.approx([0, 2, 8 / 3, 10 / 3, 4])
    held = taut_string(t, np.array([0, 0, 0, 1, 4.0]), np.array([0, 0, 0, 9, 4.0]))
    assert held == pytest.approx([0, 0, 0, 2, 4])


# -- random legal turns -------------------------------------------------------------------

STRAIGHTS = ["S", "S+1", "S-1"]
MOVES = ["S", "S", "S+1", "S-1", "RT", "LT", "RHT", "LHT", "RS", "LS", "LOOP", "LOOP+1", "LOOP-1"]


@st.composite
def legal_turns(draw: st.DrawFn, turns: int = 1) -> tuple[list[str], int]:
    """Orders for ``turns`` turns at one speed, moving in its chart column's impulses."""
    speed = draw(st.integers(1, 10))
    orders: list[str] = []
    level = 5
    lost = False
    wait = 0
    for impulse in [i for _ in range(turns) for i in range(1, 11)]:
        if lost:
            order = draw(st.sampled_from(["fall", "still", "recover1", "recover3", "recover6"]))
            if order == "fall" and level == 1:
                order = "still"
            lost = not order.startswith("recover")
            level -= order == "fall"
        elif impulse in CHART[speed]:
            order = draw(st.sampled_from([*MOVES, "stall"] if not wait else STRAIGHTS))
            if order.endswith("-1") and level <= 1:
                order = "S"
            level += order.endswith("+1") - order.endswith("-1")
            lost = order == "stall"
            # A stand-in for the Maneuver Chart: the faster the plane, the more hexes its
            # next marker goes out, the more so after a hard turn or a loop.
            wait = max(wait - 1, 0)
            if order not in STRAIGHTS:
                wait = speed // 3 if order[:2] in ("LO", "RH", "LH") else speed // 5
        else:
            order = "-"
        orders.append(order)
    return orders, speed


@settings(max_examples=150, deadline=None)
@given(legal_turns())
def test_any_legal_turn_draws_smoothly(case: tuple[list[str], int]) -> None:
    orders, speed = case
    steps = fly(orders, speed=speed)
    samples = sample_turn(Hex(0, 0), 0, 5, steps, speed)
    for array in (samples.x_ft, samples.y_ft, samples.z_ft, samples.quat_wxyz):
        assert np.isfinite(array).all()
    assert np.linalg.norm(samples.quat_wxyz, axis=1) == pytest.approx(np.ones(100))
    assert heading_jumps_deg(samples).max() <= 60.0
    assert attitude_jumps_deg(samples).max() <= 90.0
    assert steps_ft(samples).max() < 2.0 * HEX_FT / TICKS_PER_IMPULSE
    assert samples.z_ft.min() >= 0.0
    for step in steps:
        tick = step.impulse * TICKS_PER_IMPULSE - 1
        assert (samples.hex_q[tick], samples.hex_r[tick]) == (step.to_hex.q, step.to_hex.r)
        assert samples.facing[tick] == step.to_facing


@settings(max_examples=100, deadline=None)
@given(legal_turns(turns=2))
def test_consecutive_legal_turns_join_up(case: tuple[list[str], int]) -> None:
    orders, speed = case
    first, second = fly_chain([orders[:10], orders[10:]], speed)
    # As within a turn (above), a random sequence may crowd a roll and a pull into a tick.
    assert_joined(first, second, attitude_deg=90.0)
    assert heading_jumps_deg(second, first.heading_deg[-1]).max() <= 60.0
