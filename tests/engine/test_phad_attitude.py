import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.phad import RINGS, Attitude, Cell, Edge, InvalidAttitude, distance
from engine.phad.rotation import rotate
from tests.engine.phad_strategies import ALL_ATTITUDES, attitudes

P = Cell.parse
LEVEL_NORTH = Attitude(nose="015+00", canopy="All+90", wing="105+00")


def marks_three_apart(a: Attitude) -> bool:
    return distance(a.nose, a.canopy) == distance(a.nose, a.wing) == distance(a.canopy, a.wing) == 3


def test_there_are_624_legal_attitudes() -> None:
    # 50 Noses × 12 or 14 Canopy positions around each.
    assert len(ALL_ATTITUDES) == 38 * 12 + 12 * 14
    assert len(set(ALL_ATTITUDES)) == len(ALL_ATTITUDES)


def test_marks_not_three_apart_are_rejected_with_the_distances() -> None:
    with pytest.raises(InvalidAttitude) as caught:
        Attitude(nose="015+00", canopy="All+90", wing="075+00")
    message = str(caught.value)
    assert "Nose-Wing 2" in message and "Nose-Canopy 3" in message
    assert isinstance(caught.value, ValueError)


def test_a_left_wing_is_rejected_and_the_right_wing_named() -> None:
    with pytest.raises(InvalidAttitude, match=r"285\+00 is the left wing.*right Wing.*105\+00"):
        Attitude(nose="015+00", canopy="All+90", wing="285+00")


def test_marks_accept_cells_or_text_and_compare_by_value() -> None:
    assert Attitude(nose=P("015+00"), canopy=P("All+90"), wing=P("105+00")) == LEVEL_NORTH
    assert eval(repr(LEVEL_NORTH), {"Attitude": Attitude}) == LEVEL_NORTH
    assert str(LEVEL_NORTH) == "Nose 015+00 Canopy All+90 Wing 105+00"
    assert LEVEL_NORTH.velocity == LEVEL_NORTH.nose and LEVEL_NORTH.lift == LEVEL_NORTH.canopy


def test_roll_right_moves_canopy_toward_the_wing() -> None:
    rolled = LEVEL_NORTH.roll(1)
    assert rolled.nose == LEVEL_NORTH.nose
    assert distance(rolled.canopy, LEVEL_NORTH.wing) == 2
    assert rolled.canopy == P("090+60")
    left = LEVEL_NORTH.roll(-3)
    assert left.canopy == P("285+00") and left.wing == P("All+90")  # knife-edge, left wing down


def test_knife_edge_level_turn() -> None:
    knife = LEVEL_NORTH.roll(3)  # right wing down: Canopy 105+00, Wing All-90
    assert knife.canopy == P("105+00") and knife.wing == P("All-90")
    turned = knife.plot_turn(3)
    assert turned.attitude.nose == P("105+00")
    assert turned.movement_vector == Edge(P("045+00"), P("075+00"))
    pushed = knife.plot_turn(1, negative_load=True)
    assert pushed.attitude.nose == P("345+00")


def test_pulling_up_from_level_loops_over_the_top() -> None:
    loop = [LEVEL_NORTH.turn(k).nose for k in range(13)]
    assert [str(c) for c in loop] == [
        "015+00",
        "030+30",
        "030+60",
        "All+90",
        "210+60",
        "180+30",
        "195+00",
        "180-30",
        "210-60",
        "All-90",
        "030-60",
        "030-30",
        "015+00",
    ]


@given(attitudes, st.integers(-30, 30))
def test_rolling_keeps_marks_three_apart_and_nose_fixed(a: Attitude, cells: int) -> None:
    rolled = a.roll(cells)
    assert marks_three_apart(rolled)
    assert rolled.nose == a.nose
    assert rolled.roll(-cells) == a


@given(attitudes)
def test_rolling_a_full_ring_returns_home(a: Attitude) -> None:
    assert a.roll(a.roll_ring_cells()) == a
    assert a.roll(-a.roll_ring_cells()) == a
    step = a
    for _ in range(a.roll_ring_cells()):
        step = step.roll(1)
    assert step == a


@given(attitudes, st.integers(0, 14), st.booleans())
def test_turning_keeps_marks_three_apart_and_the_wing(a: Attitude, cells: int, push: bool) -> None:
    plotted = a.plot_turn(cells, negative_load=push)
    assert marks_three_apart(plotted.attitude)
    assert plotted.attitude.wing == a.wing
    assert distance(a.nose, plotted.attitude.nose) <= cells
    assert plotted.nose_path[0] == a.nose and plotted.nose_path[-1] == plotted.attitude.nose
    vector = plotted.movement_vector
    assert isinstance(vector, Edge) == (cells % 2 == 1)
    assert plotted.attitude.turn(cells, negative_load=not push) == a


@given(attitudes)
def test_a_positive_turn_moves_the_nose_toward_the_canopy(a: Attitude) -> None:
    assert distance(a.turn(1).nose, a.canopy) == 2
    assert distance(a.turn(1, negative_load=True).nose, a.canopy) == 4


@given(attitudes)
def test_quaternion_is_orthonormal_with_forward_along_the_nose(a: Attitude) -> None:
    q = a.quaternion_wxyz()
    assert math.fsum(v * v for v in q) == pytest.approx(1.0)
    assert q[0] >= 0
    m = a.rotation_matrix()
    cols = [tuple(m[r][c] for r in range(3)) for c in range(3)]
    for i in range(3):
        for j in range(3):
            dot = math.fsum(x * y for x, y in zip(cols[i], cols[j], strict=True))
            assert dot == pytest.approx(1.0 if i == j else 0.0, abs=1e-12)
    det = (
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
        - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    )
    assert det == pytest.approx(1.0)
    forward = rotate(q, (0.0, 1.0, 0.0))
    up = rotate(q, (0.0, 0.0, 1.0))
    right = rotate(q, (1.0, 0.0, 0.0))

    def angle_to(v: tuple[float, float, float], cell: Cell) -> float:
        c = cell.unit_vector()
        return math.degrees(
            math.acos(max(-1.0, min(1.0, math.fsum(x * y for x, y in zip(v, c, strict=True)))))
        )

    assert angle_to(forward, a.nose) < 1e-4
    assert angle_to(up, a.canopy) <= a.canopy.half_width_deg + 15
    assert angle_to(right, a.wing) <= a.wing.half_width_deg + 15


def test_level_north_quaternion_is_a_small_heading_change() -> None:
    w, x, y, z = LEVEL_NORTH.quaternion_wxyz()
    # 015 clockwise from north is a rotation of −15° about +z.
    assert (w, x, y, z) == pytest.approx(
        (math.cos(math.radians(7.5)), 0, 0, -math.sin(math.radians(7.5)))
    )


def test_pointing_leaves_velocity_and_lift_behind_and_ends_on_them() -> None:
    pointing = LEVEL_NORTH.point()
    assert pointing.velocity == LEVEL_NORTH.nose and pointing.lift == LEVEL_NORTH.canopy
    assert distance(pointing.nose, pointing.velocity) == 1
    assert distance(pointing.canopy, pointing.lift) == 1
    assert pointing.is_separated
    assert pointing.end_pointing() == LEVEL_NORTH
    with pytest.raises(InvalidAttitude, match="Pointing"):
        pointing.roll(1)


@given(attitudes)
def test_pointing_marks_obey_the_lift_rules(a: Attitude) -> None:
    p = a.point()
    assert marks_three_apart(p)
    assert distance(p.lift, p.velocity) == distance(p.lift, p.wing) == 3
    assert distance(p.velocity, p.wing) == 3


def test_lift_must_be_three_from_velocity_and_wing() -> None:
    with pytest.raises(InvalidAttitude, match="Lift"):
        Attitude(nose="030+30", canopy="210+60", wing="105+00", velocity="015+00", lift="045+00")
    pointing = Attitude(
        nose="030+30", canopy="210+60", wing="105+00", velocity="015+00", lift="All+90"
    )
    assert pointing == LEVEL_NORTH.point()


def test_barrel_roll_vectors_are_one_cell_to_the_roll_side() -> None:
    right_cell = LEVEL_NORTH.barrel_roll_vector(full=True, direction="right")
    left_cell = LEVEL_NORTH.barrel_roll_vector(full=True, direction="left")
    assert right_cell == P("045+00") and left_cell == P("345+00")
    for cell, wing_gap in ((right_cell, 2), (left_cell, 4)):
        assert distance(cell, LEVEL_NORTH.canopy) == 3
        assert distance(cell, LEVEL_NORTH.nose) == 1
        assert distance(cell, LEVEL_NORTH.wing) == wing_gap
    half = LEVEL_NORTH.barrel_roll_vector(full=False, direction="right")
    assert half == Edge(P("015+00"), P("045+00"))
    assert LEVEL_NORTH.full_barrel_roll() == LEVEL_NORTH


def test_half_barrel_roll_right_ends_inverted_one_cell_right() -> None:
    end = LEVEL_NORTH.half_barrel_roll("right")
    assert end.nose == P("045+00")
    assert end.canopy == P("All-90")


@given(attitudes, st.sampled_from(["right", "left"]))
def test_half_barrel_rolls_keep_marks_three_apart(a: Attitude, direction: str) -> None:
    end = a.half_barrel_roll(direction)  # type: ignore[arg-type]
    assert marks_three_apart(end)
    assert distance(end.nose, a.nose) == 1
    assert distance(end.canopy, a.canopy) >= 5  # rolled half a ring: roughly inverted


def test_ring_sizes_reported() -> None:
    sixty_nose = Attitude(nose="030+60", canopy=RINGS[P("030+60")][0], wing=RINGS[P("030+60")][3])
    assert sixty_nose.roll_ring_cells() == 14
    assert LEVEL_NORTH.roll_ring_cells() == 12


def _heading_pitch(v: tuple[float, float, float]) -> tuple[float, float]:
    heading = math.degrees(math.atan2(v[0], v[1])) % 360
    pitch = math.degrees(math.asin(max(-1.0, min(1.0, v[2]))))
    return heading, pitch


def _heading_gap(a: float, b: float) -> float:
    gap = abs(a - b) % 360
    return min(gap, 360 - gap)


@given(attitudes)
def test_rotation_places_the_box_mini_as_orient_box_mini_says(a: Attitude) -> None:
    """Orient Box Mini (Im): Nose face to the Nose cell's heading and pitch; at ±90 the mini
    stands on its tail (or nose) with the Canopy face toward the Canopy's heading; a level
    Canopy puts the Canopy face toward the Canopy's heading."""
    q = a.quaternion_wxyz()
    forward = rotate(q, (0.0, 1.0, 0.0))
    up = rotate(q, (0.0, 0.0, 1.0))
    f_heading, f_pitch = _heading_pitch(forward)
    assert f_pitch == pytest.approx(a.nose.pitch_deg, abs=1e-6)
    if a.nose.heading_deg is not None:
        assert _heading_gap(f_heading, a.nose.heading_deg) < 1e-6
    up_heading, up_pitch = _heading_pitch(up)
    if abs(a.nose.pitch_deg) == 90 or a.canopy.pitch_deg == 0:
        assert a.canopy.heading_deg is not None
        assert _heading_gap(up_heading, a.canopy.heading_deg) <= 15.0 + 1e-9
    if abs(a.canopy.pitch_deg) == 90:
        assert abs(up_pitch) >= 60 and (up_pitch > 0) == (a.canopy.pitch_deg > 0)
