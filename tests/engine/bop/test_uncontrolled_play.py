"""Using Play When Uncontrolled: a d10 picks where in the 2D wedge an uncontrolled aircraft
ends its move (0-1 fully CCW, 2-3 halfway CCW, 4-5 mid-wedge, 6-7 halfway CW, 8-9 fully CW)."""

import pytest

from engine.bop.game import Game
from engine.bop.movement import legal_end_hexes, wedge_span_deg
from engine.bop.uncontrolled import hex_at_play, play_end_hex, play_fraction
from engine.dice import Dice
from engine.hexmap import Hex
from engine.phad import Cell, Edge
from tests.engine.bop.conftest import solo

LEVEL_015 = Cell.parse("015+00")
"""An offset heading of the 00 ring: a 30° wedge from 000 to 030."""


@pytest.mark.parametrize(
    ("roll", "fraction"),
    [(0, 0.0), (1, 0.0), (2, 0.25), (3, 0.25), (4, 0.5), (5, 0.5), (7, 0.75), (8, 1.0), (9, 1.0)],
)
def test_each_pair_of_faces_is_one_place_across_the_wedge(roll: int, fraction: float) -> None:
    assert play_fraction(roll) == fraction


def test_a_face_off_the_die_is_refused() -> None:
    with pytest.raises(ValueError, match="0-9"):
        play_fraction(10)


def test_the_wedge_span_of_a_cell_and_an_edge() -> None:
    assert wedge_span_deg(LEVEL_015) == (0.0, 30.0)
    assert wedge_span_deg(Cell.parse("090+60")) == (60.0, 120.0)
    edge = Edge(Cell.parse("015+00"), Cell.parse("045+00"))
    assert wedge_span_deg(edge) == (0.0, 60.0)
    assert wedge_span_deg(Cell.parse("All+90")) is None


def test_fully_counter_clockwise_and_fully_clockwise_are_the_wedges_end_hexes() -> None:
    start = Hex(0, 0)
    legal = legal_end_hexes(start, 8, LEVEL_015)
    by_direction = sorted(legal, key=start.heading_to_deg)
    ccw, cw = hex_at_play(start, 8, LEVEL_015, 0.0), hex_at_play(start, 8, LEVEL_015, 1.0)
    assert ccw == by_direction[0] and cw == by_direction[-1]
    middle = hex_at_play(start, 8, LEVEL_015, 0.5)
    assert middle is not None and abs(start.heading_to_deg(middle) - 15.0) < 5.0
    places = [hex_at_play(start, 8, LEVEL_015, f) for f in (0.0, 0.25, 0.5, 0.75, 1.0)]
    headings = [start.heading_to_deg(h) for h in places if h is not None]
    assert headings == sorted(headings)  # counter-clockwise to clockwise


def test_no_roll_when_the_move_has_no_choice() -> None:
    """No horizontal move, a ±90 wedge (any direction but no sides) or a single legal hex:
    the default 2D move stands and no die is rolled."""
    dice = Dice.seeded(1)
    assert play_end_hex(Hex(0, 0), 0, LEVEL_015, dice, "Test 1", 1) is None
    assert play_end_hex(Hex(0, 0), 5, Cell.parse("All-90"), dice, "Test 1", 1) is None
    assert play_end_hex(Hex(0, 0), 1, LEVEL_015, dice, "Test 1", 1) is None
    assert dice.rolls == []


def test_an_uncontrolled_aircraft_ends_its_turn_where_the_d10_says() -> None:
    game = Game(solo([{"segments": [{"kind": "straight", "ticks": 10}]}], turns=1))
    state = game.aircraft["test-1"]
    state.uncontrolled = True
    result = game.play_turn(game.scripted_orders())
    play = [e for e in result.events if e.kind == "uncontrolled_play"]
    rolls = [e for e in result.events if e.kind == "dice" and "uncontrolled play" in e.detail]
    assert len(play) == 1 and len(rolls) == 1
    assert str(state.hex) == play[0].data["end_hex"]
    assert "Using Play When Uncontrolled" in play[0].detail


def test_a_controlled_aircraft_rolls_no_play() -> None:
    game = Game(solo([{"segments": [{"kind": "straight", "ticks": 10}]}], turns=1))
    result = game.play_turn(game.scripted_orders())
    assert not [e for e in result.events if e.kind == "uncontrolled_play"]
