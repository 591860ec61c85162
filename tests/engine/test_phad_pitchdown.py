import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from engine.phad import (
    Attitude,
    Cell,
    Edge,
    InvalidAttitude,
    distance,
    pitch_down,
    pitch_down_options,
)
from engine.phad.pitchdown import descend
from tests.engine.phad_strategies import attitudes

P = Cell.parse


def test_pitch_down_example_with_its_velocity_choice() -> None:
    start = Attitude(nose="030+60", canopy="150+30", wing="090-30", velocity="000+30")
    result = pitch_down(start, 1)
    assert str(result.attitude) == "Nose 030+30 Canopy 150+60 Wing 090-30 Velocity 015+00"
    # Canopy and Wing tie for nearness to the horizon, so the Wing moves first: it is
    # already three from the new Nose and stays; the Canopy moves one cell.
    assert result.marks_moved_cells == 1
    assert result.movement_vector == Edge(P("030+60"), P("030+30"))


def test_crossing_into_the_level_ring_offers_both_headings() -> None:
    climbing = next(a for a in _attitudes_with_nose(P("000+30")) if a.canopy.pitch_deg >= 30)
    options = pitch_down_options(climbing, 1)
    assert {str(o.attitude.nose) for o in options} == {"345+00", "015+00"}
    assert pitch_down(climbing, 1, "cw").attitude.nose == P("015+00")
    assert pitch_down(climbing, 1, "ccw").attitude.nose == P("345+00")


def _attitudes_with_nose(nose: Cell) -> list[Attitude]:
    from tests.engine.phad_strategies import ALL_ATTITUDES

    return [a for a in ALL_ATTITUDES if a.nose == nose]


def test_descend_keeps_the_heading_through_the_rings() -> None:
    assert [str(c) for c in descend(P("000+30"), 2, "cw")] == ["000+30", "015+00", "000-30"]
    assert [str(c) for c in descend(P("000+30"), 2, "ccw")] == ["000+30", "345+00", "000-30"]
    assert [str(c) for c in descend(P("030+60"), 5, "cw")] == [
        "030+60",
        "030+30",
        "045+00",
        "030-30",
        "030-60",
        "All-90",
    ]
    # the Nose may end at -90 but cannot pass through it
    assert descend(P("030-60"), 3, "cw")[-1] == P("All-90")
    assert len(descend(P("030-60"), 3, "cw")) == 2


def test_a_nose_at_plus_ninety_cannot_pitch_down() -> None:
    vertical = _attitudes_with_nose(P("All+90"))[0]
    with pytest.raises(InvalidAttitude, match="straight segment"):
        pitch_down(vertical, 1)


def test_zero_amount_keeps_the_marks_but_aims_one_cell_down() -> None:
    level = Attitude(nose="015+00", canopy="All+90", wing="105+00")
    result = pitch_down(level, 0)
    assert result.attitude == level
    assert isinstance(result.movement_vector, Edge)
    assert len(result.nose_path) == 2


@given(attitudes, st.integers(0, 6))
def test_every_pitch_down_keeps_the_marks_three_apart(a: Attitude, amount: int) -> None:
    assume(a.nose != P("All+90"))
    for option in pitch_down_options(a, amount):
        end = option.attitude
        assert distance(end.nose, end.canopy) == distance(end.nose, end.wing) == 3
        assert distance(end.canopy, end.wing) == 3
        expected_ring = min(a.nose.ring + amount, 6)
        assert end.nose.ring == expected_ring
    assert a.pitch_down(amount) in [o.attitude for o in pitch_down_options(a, amount)]


@given(attitudes, st.integers(1, 3))
def test_separated_velocity_keeps_its_distance_from_the_nose_when_it_can(
    a: Attitude, amount: int
) -> None:
    pointing = a.point()
    assume(pointing.nose.pitch_deg < 90 and pointing.velocity.pitch_deg < 90)
    gap = distance(pointing.nose, pointing.velocity)
    for option in pitch_down_options(pointing, amount):
        end = option.attitude
        best = min(
            abs(distance(end.nose, descend(pointing.velocity, amount, side)[-1]) - gap)
            for side in ("cw", "ccw")
        )
        assert abs(distance(end.nose, end.velocity) - gap) == best


@pytest.mark.parametrize("amount", [0, 2])
def test_an_unload_through_the_level_ring_keeps_the_side_it_was_ordered(amount: int) -> None:
    """Unloaded Flight: from 000+30 the Nose's path crosses the level ring at 015+00 or at
    345+00; with the same marks at the end, the side still picks the movement vector."""
    climbing = next(a for a in _attitudes_with_nose(P("000+30")) if a.canopy.pitch_deg >= 30)
    cw = pitch_down(climbing, amount, "cw")
    ccw = pitch_down(climbing, amount, "ccw")
    assert cw.side == "cw" and ccw.side == "ccw"
    assert P("015+00") in cw.nose_path and P("345+00") in ccw.nose_path
    assert cw.movement_vector != ccw.movement_vector
    assert pitch_down(climbing, amount).side == "cw"  # the default is unchanged
