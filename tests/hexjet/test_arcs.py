"""Hemispheres and quadrants by hex sides (§4.9)."""

from __future__ import annotations

from engine.hexjet.arcs import hemispheres, quadrants
from engine.hexmap import Hex

HOME = Hex(0, 0)


def test_the_own_hex_is_in_both_hemispheres_and_no_quadrant() -> None:
    assert hemispheres(HOME, 0, HOME) == {"front", "rear"}
    assert quadrants(HOME, 0, HOME) == frozenset()


def test_the_six_neighbours_facing_north() -> None:
    """Facing the north hexside: the hex ahead is the front quadrant, the one behind the
    rear, and the four others two each side."""
    assert quadrants(HOME, 0, HOME.neighbour(0)) == {"front"}
    assert quadrants(HOME, 0, HOME.neighbour(180)) == {"rear"}
    for heading in (60, 120):
        assert quadrants(HOME, 0, HOME.neighbour(heading)) == {"right"}
    for heading in (240, 300):
        assert quadrants(HOME, 0, HOME.neighbour(heading)) == {"left"}
    assert hemispheres(HOME, 0, HOME.neighbour(60)) == {"front"}
    assert hemispheres(HOME, 0, HOME.neighbour(120)) == {"rear"}


def test_hexes_on_a_spine_belong_to_both_sides() -> None:
    """Hex (1, 1) lies on the spine at 030; hex (2, -1) on the one at 090."""
    assert quadrants(HOME, 0, Hex(1, 1)) == {"front", "right"}
    assert hemispheres(HOME, 0, Hex(2, -1)) == {"front", "rear"}


def test_the_arcs_turn_with_the_facing() -> None:
    assert quadrants(HOME, 120, HOME.neighbour(120)) == {"front"}
    assert quadrants(HOME, 120, HOME.neighbour(300)) == {"rear"}
    assert quadrants(HOME, 120, HOME.neighbour(180)) == {"right"}
