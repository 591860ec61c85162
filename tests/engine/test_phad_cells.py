import math

import pytest

from engine.phad import ALL_CELLS, Cell, InvalidCell, cell_of


def test_fifty_cells_in_the_rulebook_rings() -> None:
    by_ring: dict[int, list[Cell]] = {}
    for cell in ALL_CELLS:
        by_ring.setdefault(cell.pitch_deg, []).append(cell)
    assert len(ALL_CELLS) == 50
    assert {p: len(c) for p, c in by_ring.items()} == {
        90: 1,
        60: 6,
        30: 12,
        0: 12,
        -30: 12,
        -60: 6,
        -90: 1,
    }
    assert [c.heading_deg for c in by_ring[60]] == [30, 90, 150, 210, 270, 330]
    assert [c.heading_deg for c in by_ring[-30]] == list(range(0, 360, 30))
    assert [c.heading_deg for c in by_ring[0]] == list(range(15, 360, 30))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("030+30", "030+30"),
        ("045 +00", "045+00"),
        ("090\u201330", "090-30"),  # en dash, as printed
        ("090\u221230", "090-30"),  # minus sign
        ("330E-60", "330-60"),
        ("330e -60", "330-60"),
        ("All-90", "All-90"),
        ("all +90", "All+90"),
        ("All +90", "All+90"),
        ("015-00", "015+00"),
        (" 165+00 ", "165+00"),
    ],
)
def test_parse_accepts_rulebook_spellings(text: str, expected: str) -> None:
    assert str(Cell.parse(text)) == expected


def test_every_cell_round_trips_through_its_text() -> None:
    for cell in ALL_CELLS:
        assert Cell.parse(str(cell)) == cell
        assert eval(repr(cell), {"Cell": Cell}) == cell


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("000E+60", "030, 090, 150, 210, 270, 330"),
        ("030+00", "015, 045"),
        ("015+30", "000, 030"),
        ("All+60", "'All' is only used"),
        ("090+90", "All+90"),
        ("030+45", "no PHAD pitch ring"),
        ("030E+30", "'E'"),
        ("north", "e.g. 030+30"),
        ("", "e.g. 030+30"),
    ],
)
def test_parse_errors_say_what_would_be_valid(text: str, fragment: str) -> None:
    with pytest.raises(InvalidCell) as caught:
        Cell.parse(text)
    assert fragment in str(caught.value)
    assert "\n" not in str(caught.value)


def test_unit_vectors_point_at_the_cell_centres() -> None:
    north_level = Cell.parse("015+00").unit_vector()
    assert math.degrees(math.atan2(north_level[0], north_level[1])) == pytest.approx(15)
    assert Cell.parse("All+90").unit_vector() == (0.0, 0.0, 1.0)
    east_down = Cell.parse("090-30").unit_vector()
    assert east_down == pytest.approx((math.cos(math.radians(30)), 0.0, -0.5))
    for cell in ALL_CELLS:
        assert math.fsum(v * v for v in cell.unit_vector()) == pytest.approx(1.0)


def test_antipode_is_the_opposite_direction() -> None:
    assert Cell.parse("210-60").antipode() == Cell.parse("030+60")
    assert Cell.parse("All+90").antipode() == Cell.parse("All-90")
    for cell in ALL_CELLS:
        a, b = cell.unit_vector(), cell.antipode().unit_vector()
        assert a == pytest.approx(tuple(-v for v in b), abs=1e-12)
        assert cell.antipode().antipode() == cell


def test_half_widths_cover_the_gaps_between_neighbouring_centres() -> None:
    from engine.phad import NEIGHBOURS

    for cell in ALL_CELLS:
        for other in NEIGHBOURS[cell]:
            gap = math.degrees(
                math.acos(
                    min(
                        1.0,
                        sum(
                            a * b
                            for a, b in zip(cell.unit_vector(), other.unit_vector(), strict=True)
                        ),
                    )
                )
            )
            assert gap <= cell.half_width_deg + other.half_width_deg + 1e-9


# -- the cell holding a world direction (for bearings and PHADs derived from attitude) ----
@pytest.mark.parametrize("cell", ALL_CELLS, ids=str)
def test_cell_of_a_cells_centre_is_that_cell(cell: Cell) -> None:
    assert cell_of(cell.unit_vector()) == cell


@pytest.mark.parametrize(
    ("direction", "expected"),
    [
        ((0.0, 1.0, 0.0), "015+00"),  # due north lies on a border: the clockwise cell
        ((0.0, 1.0, 0.3), "000+30"),  # 16.7° up is above the 00 ring's top border
        ((0.0, 5.0, 0.0), "015+00"),  # length does not matter
        ((0.05, 0.0, 1.0), "All+90"),
        ((-1.0, 0.0, -0.7), "270-30"),
    ],
)
def test_cell_of_reads_rings_by_pitch_and_wedges_by_heading(
    direction: tuple[float, float, float], expected: str
) -> None:
    assert str(cell_of(direction)) == expected


def test_cell_of_refuses_a_zero_vector() -> None:
    with pytest.raises(InvalidCell, match="zero vector"):
        cell_of((0.0, 0.0, 0.0))
