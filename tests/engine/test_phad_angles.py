import pytest
from hypothesis import given

from engine.phad import (
    ALL_CELLS,
    BODY_DIAMOND,
    Aspect,
    Attitude,
    Cell,
    angles_between,
    aspect,
    distance,
)
from tests.engine.phad_strategies import ALL_ATTITUDES, attitudes, cells

P = Cell.parse
LEVEL_NORTH = Attitude(nose="015+00", canopy="All+90", wing="105+00")


def test_body_diamond_has_28_squares_and_they_are_exactly_the_reachable_ones() -> None:
    assert len(BODY_DIAMOND) == 28
    reachable = {
        (distance(a.nose, b), distance(a.canopy, b)) for a in ALL_ATTITUDES for b in ALL_CELLS
    }
    assert reachable == set(BODY_DIAMOND)


@pytest.mark.parametrize("square", [(4, 6), (5, 5), (6, 4)])
def test_the_three_fourteen_cell_squares_are_reachable(square: tuple[int, int]) -> None:
    found = Aspect(*square)
    assert found.is_fourteen_cell_square


@pytest.mark.parametrize("square", [(0, 0), (0, 4), (6, 6), (1, 5), (2, 6)])
def test_impossible_squares_are_rejected(square: tuple[int, int]) -> None:
    with pytest.raises(ValueError, match="body diamond"):
        Aspect(*square)


def test_aspect_of_bearings_around_a_level_aircraft() -> None:
    assert str(aspect(LEVEL_NORTH, P("015+00"))) == "[0,3]"  # dead ahead
    assert str(aspect(LEVEL_NORTH, P("195+00"))) == "[6,3]"  # dead astern
    assert str(aspect(LEVEL_NORTH, P("All+90"))) == "[3,0]"  # straight up the canopy
    assert str(aspect(LEVEL_NORTH, P("105+00"))) == "[3,3]"  # down the wing line


@given(attitudes, attitudes, cells)
def test_reciprocal_angles_are_the_targets_view(a: Attitude, t: Attitude, bearing: Cell) -> None:
    found = angles_between(a, t, bearing)
    back = angles_between(t, a, bearing.antipode())
    assert (found.reciprocal_aon, found.reciprocal_aoc) == (back.aon, back.aoc)
    assert found.tca == back.tca and found.lca == back.lca
    assert found.aspect.aon == found.aon


def test_track_crossing_uses_velocity_when_pointing() -> None:
    pointing = LEVEL_NORTH.point()
    found = angles_between(pointing, LEVEL_NORTH, P("015+00"))
    assert found.tca == 0  # both travel along 015+00 although one Nose is above it
    assert found.aon == distance(pointing.nose, P("015+00")) == 1
