from hypothesis import given

from engine.phad import ALL_CELLS, NEIGHBOURS, RINGS, Cell, adjacent, cells_at, distance
from tests.engine.phad_strategies import cells

P = Cell.parse


def names(found: tuple[Cell, ...]) -> set[str]:
    return {str(c) for c in found}


def test_sixty_cell_touches_pole_two_sixties_and_three_thirties() -> None:
    assert names(NEIGHBOURS[P("030+60")]) == {
        "All+90",
        "330+60",
        "090+60",
        "000+30",
        "030+30",
        "060+30",
    }


def test_thirty_cells_touch_ring_neighbours_sixties_over_them_and_two_level_cells() -> None:
    assert names(NEIGHBOURS[P("000+30")]) == {
        "330+30",
        "030+30",
        "330+60",
        "030+60",
        "345+00",
        "015+00",
    }
    assert names(NEIGHBOURS[P("030-30")]) == {"000-30", "060-30", "030-60", "015+00", "045+00"}


def test_level_cells_touch_ring_neighbours_and_thirties_above_and_below() -> None:
    assert names(NEIGHBOURS[P("015+00")]) == {
        "345+00",
        "045+00",
        "000+30",
        "030+30",
        "000-30",
        "030-30",
    }


def test_poles_touch_their_sixty_ring() -> None:
    assert names(NEIGHBOURS[P("All-90")]) == {f"{h:03d}-60" for h in (30, 90, 150, 210, 270, 330)}


def test_no_positive_cell_touches_a_negative_cell() -> None:
    for cell in ALL_CELLS:
        for other in NEIGHBOURS[cell]:
            assert not (cell.pitch_deg > 0 and other.pitch_deg < 0)


@given(cells, cells)
def test_distance_is_symmetric_and_zero_only_on_itself(a: Cell, b: Cell) -> None:
    assert distance(a, b) == distance(b, a)
    assert (distance(a, b) == 0) == (a == b)
    assert adjacent(a, b) == (distance(a, b) == 1)


@given(cells, cells, cells)
def test_distance_obeys_the_triangle_inequality(a: Cell, b: Cell, c: Cell) -> None:
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(cells)
def test_every_antipode_is_six_away(a: Cell) -> None:
    assert distance(a, a.antipode()) == 6


@given(cells, cells)
def test_distance_is_preserved_by_taking_both_antipodes(a: Cell, b: Cell) -> None:
    assert distance(a, b) == distance(a.antipode(), b.antipode())


def test_crossing_the_equator_passes_through_the_level_ring() -> None:
    # 030+30 to 030-30: up/down neighbours share 015+00 and 045+00, so two steps.
    assert distance("030+30", "030-30") == 2
    assert distance("000+30", "000-30") == 2
    assert distance("030+60", "030-60") == 4


def test_distance_accepts_text() -> None:
    assert distance("030+30", "090-30") == 3


def test_rings_three_away_are_closed_paths_of_twelve_or_fourteen() -> None:
    for centre in ALL_CELLS:
        ring = RINGS[centre]
        assert set(ring) == set(cells_at(centre, 3))
        assert len(ring) == (14 if abs(centre.pitch_deg) == 60 else 12)
        for i, cell in enumerate(ring):
            assert adjacent(cell, ring[(i + 1) % len(ring)])
            # the only ring members three apart are three steps along the ring
            three = {ring[(i + k) % len(ring)] for k in (3, -3)}
            assert {c for c in ring if distance(c, cell) == 3} == three


def test_ring_order_is_a_right_handed_turn_about_its_centre() -> None:
    # About All+90 a right-handed turn is counter-clockwise seen from above.
    ring = RINGS[P("All+90")]
    assert [c.heading_deg for c in ring[:3]] == [345, 315, 285]
