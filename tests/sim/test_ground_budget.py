"""The hex map costs the same whatever the spread of the fight: its labels are picked on a
lattice from the bounds, never from a list of every hex."""

from __future__ import annotations

import time
import tracemalloc
from typing import Any

import numpy as np
import pytest
from panda3d.core import NodePath

from engine.hexmap import HEX_FT, Hex
from sim.view.ground import (
    COLUMN_FT,
    LABEL_CAP,
    HexGround,
    hex_count,
    hex_grid_texture,
    label_hexes,
    label_spacing,
    label_spacing_for,
    map_hexes,
)


@pytest.mark.parametrize(
    "bounds",
    [
        (-4000.0, -4000.0, 4000.0, 4000.0),
        (-12_345.0, 700.0, 31_000.0, 52_000.0),
        (1.0, -99_999.0, 60_000.0, -2_000.0),
        (-500.0, -500.0, 500.0, 500.0),
    ],
)
def test_the_lattice_picks_the_same_hexes_as_filtering_every_hex(
    bounds: tuple[float, float, float, float],
) -> None:
    every_hex = map_hexes(bounds)
    for every in (5, 10, 35):
        keep = (every_hex[:, 0] % every == 0) & (every_hex[:, 1] % every == 0)
        expected = {tuple(h) for h in every_hex[keep]}
        assert {tuple(h) for h in label_hexes(bounds, every)} == expected
    if len(every_hex) > 100:
        assert hex_count(bounds) == pytest.approx(len(every_hex), rel=0.05)
    assert label_spacing_for(bounds) == label_spacing(len(every_hex))


def test_labels_stay_within_the_cap_on_a_long_narrow_map() -> None:
    bounds = (0.0, 0.0, 4_000_000 * COLUMN_FT, 3 * HEX_FT)
    every = label_spacing_for(bounds)
    labels = label_hexes(bounds, every)
    assert 0 < len(labels) <= LABEL_CAP
    assert all(q % every == 0 and r % every == 0 for q, r in labels)


def test_a_fight_spread_over_thousands_of_hexes_builds_within_a_small_budget(
    panda_base: Any,
) -> None:
    """One aircraft of a furball at hex 4000,0: the map is 1.4 million by 0.8 million feet,
    seven million hexes; building it used to hold them all (and labels for them)."""
    far_x, far_y = Hex(4000, 0).centre_ft()
    root = NodePath("test")
    hex_grid_texture()  # built once for every map
    tracemalloc.start()
    started = time.perf_counter()
    try:
        ground = HexGround(root, (-8000.0, -8000.0, far_x, far_y + 30_000.0))
        _, peak_bytes = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert time.perf_counter() - started < 5.0
    assert ground.hex_count > 5_000_000
    assert peak_bytes < 5_000_000
    assert ground.labels.node().getNumChildren() <= 1  # flattened into one Geom
    ground.destroy()


def test_even_an_absurd_extent_is_one_quad_and_a_few_labels(panda_base: Any) -> None:
    root = NodePath("test")
    ground = HexGround(root, (-1e12, -1e12, 1e12, 1e12))
    assert ground.hex_count > 1e16
    surface = ground.surface.node()
    assert surface.getGeom(0).getVertexData().getNumRows() == 4
    ground.destroy()


def test_bounds_that_are_not_finite_are_refused(panda_base: Any) -> None:
    with pytest.raises(ValueError, match="finite"):
        HexGround(NodePath("test"), (0.0, 0.0, float("inf"), 1.0))
    with pytest.raises(ValueError, match="finite"):
        HexGround(NodePath("test"), (0.0, float("nan"), 1.0, 1.0))


def test_map_hexes_still_lists_a_small_map_exactly() -> None:
    hexes = map_hexes((-HEX_FT, -HEX_FT, HEX_FT, HEX_FT))
    assert {tuple(h) for h in hexes} >= {(0, 0), (0, 1), (0, -1)}
    assert hexes.dtype == np.int64
