"""Invariants of the optional rules' geometry (property tests)."""

from __future__ import annotations

from hypothesis import assume, given
from hypothesis import strategies as st

from engine.otl.optional.plotting_ahead import fit_moves
from engine.otl.optional.table_edge import on_table, table_offset
from engine.otl.optional.visibility import cloud_blocks, in_the_sun
from models.otl.orders import OtlStep
from models.otl.scenario import CloudLayer

coordinate = st.floats(-500.0, 500.0, allow_nan=False)
altitude = st.floats(0.0, 20_000.0, allow_nan=False)
point = st.tuples(coordinate, coordinate)


@given(st.lists(point, min_size=1, max_size=8), st.floats(10.0, 200.0), st.floats(10.0, 200.0))
def test_a_slide_keeps_every_plane_on_the_table(
    points: list[tuple[float, float]], width: float, depth: float
) -> None:
    offset = table_offset(points, width, depth)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    if offset is None:
        assert max(xs) - min(xs) > width or max(ys) - min(ys) > depth
    else:
        assert all(on_table(p, offset, width + 1e-9, depth + 1e-9) for p in points)


@given(altitude, altitude, st.integers(0, 10_000), st.integers(1, 10_000))
def test_a_cloud_blocks_both_ways(a: float, b: float, base: int, thickness: int) -> None:
    layer = CloudLayer(base_ft=base, top_ft=min(25_000, base + thickness))
    assert cloud_blocks(a, b, layer) == cloud_blocks(b, a, layer)


@given(coordinate, coordinate, altitude)
def test_the_morning_and_afternoon_suns_never_both_dazzle(x: float, y: float, z: float) -> None:
    assume((x, y) != (0.0, 0.0))  # straight up is 60° from both suns, in either's glare
    viewer = (0.0, 0.0, 5_000.0)
    assert not (
        in_the_sun(viewer, (x, y, z), "morning") and in_the_sun(viewer, (x, y, z), "afternoon")
    )


@given(
    st.lists(st.integers(0, 6), min_size=0, max_size=5),
    st.integers(0, 22),
)
def test_a_written_move_always_flies_exactly_the_speed(runs: list[int], mp: int) -> None:
    moves = tuple(OtlStep(mp=n, roll="right" if n == 0 else None) for n in runs)
    assert sum(step.mp for step in fit_moves(moves, mp)) == mp
