"""Maneuver marking (§6.1–§6.3, §11.0), the marking order and jettison."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import IllegalOrder
from engine.hexmap import Hex
from engine.phantoms.hexgrid import ahead, behind
from engine.phantoms.marking import (
    jettison,
    marker_problems,
    marking_order,
    moves_to_complete,
    place_marker,
    placement_distance,
)

from .cards import plane


def test_distance_from_the_chart_at_the_current_speed() -> None:
    assert placement_distance(plane(speed=5), "RT") == 2
    assert placement_distance(plane(speed=3), "RT") == 3
    assert placement_distance(plane(speed=5), "LOOP") == 4
    assert placement_distance(plane(speed=4), "LOOP") is None
    assert placement_distance(plane(speed=5), "S") == 1


def test_loaded_adds_a_hex_but_not_to_a_straight() -> None:
    loaded = plane(speed=5, loaded=True)
    assert placement_distance(loaded, "RT") == 3
    assert placement_distance(loaded, "LS") == 3
    assert placement_distance(loaded, "S") == 1


@pytest.mark.parametrize(
    ("fields", "maneuver", "words"),
    [
        ({"loaded": True}, "RHT", "loaded aircraft may not Hard Turn (§11.0)"),
        ({"loaded": True}, "LOOP", "loaded aircraft may not Loop (§11.0)"),
        ({"pilot_wounded": True}, "LHT", "wounded pilot"),
        ({"structural": True}, "LOOP", "structural damage"),
        ({"speed": 4}, "LOOP", "no LOOP at speed 4 (§6.1)"),
    ],
)
def test_forbidden_maneuvers(fields: dict[str, Any], maneuver: str, words: str) -> None:
    jet = plane(**fields)
    problems = marker_problems(jet, maneuver, 0)  # type: ignore[arg-type]
    assert any(words in p for p in problems), problems
    with pytest.raises(IllegalOrder, match=r"§6\.1–§6\.3"):
        place_marker(jet, maneuver, 0)  # type: ignore[arg-type]


def test_levels_limited_by_the_placement_distance() -> None:
    assert marker_problems(plane(), "S", 1) == []
    assert "more than the 1-hex" in marker_problems(plane(), "S", 2)[0]
    assert marker_problems(plane(), "RHT", 3) == []
    assert "more than the 3-hex" in marker_problems(plane(), "RHT", -4)[0]
    assert marker_problems(plane(loaded=True), "RT", 3) == []


def test_no_dive_below_level_0() -> None:
    assert marker_problems(plane(level=1), "RT", -1) == []
    assert "below level 0" in marker_problems(plane(level=1), "RT", -2)[0]


def test_no_second_marker_and_none_out_of_control() -> None:
    jet = plane()
    place_marker(jet, "S")
    assert "already has" in marker_problems(jet, "S", 0)[0]
    assert "out-of-control" in marker_problems(plane(out_of_control=True), "S", 0)[0]


def test_climb_markers_lie_first_and_the_marker_comes_nearer() -> None:
    jet = plane(speed=5)  # Hard Turn distance 3
    marker = place_marker(jet, "RHT", 1)
    assert (marker.hexes_to_go, marker.levels_left, marker.level_hexes) == (2, 1, (1,))
    assert moves_to_complete(marker) == 2
    full = place_marker(plane(speed=5), "RHT", 3)
    assert (full.hexes_to_go, full.level_hexes) == (0, (1, 2, 3))
    assert moves_to_complete(full) == 3
    straight = place_marker(plane(), "S", -1)
    assert (straight.hexes_to_go, straight.levels, straight.levels_left) == (0, -1, 1)
    assert moves_to_complete(straight) == 1


def test_marking_order_initiative_side_then_the_other_then_tailers() -> None:
    red_leader = plane("red-1", "red", hex_=Hex(0, 0), facing=0)
    blue_tailer = plane("blue-1", "blue", hex_=behind(Hex(0, 0), 0), facing=0)
    blue_2 = plane("blue-2", "blue", hex_=Hex(5, 0), facing=3)
    red_2 = plane("red-2", "red", hex_=Hex(-5, 0), facing=1)
    marked = plane("red-3", "red", hex_=Hex(-5, 3))
    place_marker(marked, "S")
    order = marking_order([blue_tailer, red_leader, blue_2, red_2, marked], "blue")
    assert [p.id for p in order] == ["blue-2", "red-1", "red-2", "blue-1"]


def test_a_tailer_of_a_tailer_marks_after_it() -> None:
    front = plane("red-1", "red", hex_=Hex(0, 0), facing=0)
    middle = plane("blue-1", "blue", hex_=behind(Hex(0, 0), 0), facing=0)
    rear = plane("red-2", "red", hex_=behind(middle.hex, 0), facing=0)
    assert ahead(rear.hex, 0, 2) == front.hex
    order = marking_order([rear, middle, front], "red")
    assert [p.id for p in order] == ["red-1", "blue-1", "red-2"]


def test_jettison_clears_loaded_unless_damaged_past_the_maximum() -> None:
    bomber = plane(loaded=True, stores={"mk-82": 6})
    assert jettison(bomber) == {"mk-82": 6}
    assert not bomber.loaded and bomber.stores == {}
    wreck = plane(loaded=True, stores={"mk-82": 2}, damage=9)
    jettison(wreck)
    assert wreck.loaded
