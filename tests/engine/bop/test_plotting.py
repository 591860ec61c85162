"""Plotting segments (Bp–Cp): loads, Turn Points, carries, rolls, pitch-downs."""

import pytest

from engine.bop.errors import IllegalOrder
from engine.bop.plotting import plot_turn, roll_points
from engine.phad import Attitude, Cell, Edge
from models.orders import BopPlot
from tests.engine.bop.conftest import conditions

P = Cell.parse
LEVEL = Attitude(nose="015+00", canopy="All+90", wing="105+00")


def plot(*segments: dict) -> BopPlot:  # type: ignore[type-arg]
    return BopPlot.model_validate({"throttle": "mil", "segments": list(segments)})


def test_straight_level_flight_records_one_g_and_moves_along_the_nose() -> None:
    result = plot_turn(conditions(), LEVEL, plot({"kind": "straight", "ticks": 10}))
    (segment,) = result.segments
    assert segment.load_g == 1.0 and segment.movement_vector == P("015+00")
    assert result.loads_by_tick == (1.0,) * 10
    assert result.end_attitude == LEVEL


def test_straight_flight_in_the_sixty_ring_counts_zero_load() -> None:
    steep = LEVEL.turn(2)
    assert steep.nose == P("030+60")
    result = plot_turn(conditions(), steep, plot({"kind": "straight", "ticks": 10}))
    assert result.loads_by_tick == (0.0,) * 10


def test_inverted_straight_flight_longer_than_three_ticks_is_negative_one() -> None:
    inverted = LEVEL.roll(6)
    result = plot_turn(conditions(), inverted, plot({"kind": "straight", "ticks": 10}))
    assert result.segments[0].load_g == 1.0 and result.negative_loads_used


def test_a_turn_uses_the_fewest_ticks_and_passes_the_rest_on() -> None:
    # Minimize Carry: a one-cell turn at 7 G finishes early; the ticks left keep pulling.
    result = plot_turn(
        conditions(), LEVEL, plot({"kind": "turn", "load_g": 7.0, "cells": 1, "ticks": 10})
    )
    first = result.segments[0]
    assert first.cells_turned == 1 and first.end_tick < 10
    assert sum(s.ticks for s in result.segments) == 10
    assert all(s.kind == "turn" for s in result.segments)
    assert result.segments[-1].end_tick == 10


def test_a_turn_that_cannot_complete_before_the_turns_end_is_illegal() -> None:
    with pytest.raises(IllegalOrder, match=r"needs 24 TP") as caught:
        plot_turn(
            conditions(),
            LEVEL,
            plot(
                {"kind": "turn", "load_g": 2.0, "cells": 4, "ticks": 2},
                {"kind": "straight", "ticks": 8},
            ),
        )
    assert caught.value.segment == 0
    assert "Turning Flight" in str(caught.value)


def test_a_one_cell_turn_at_the_end_of_the_game_turn_may_be_incomplete() -> None:
    result = plot_turn(
        conditions(),
        LEVEL,
        plot(
            {"kind": "straight", "ticks": 9},
            {"kind": "turn", "load_g": 4.0, "cells": 1, "ticks": 1},
        ),
    )
    last = result.segments[-1]
    assert last.incomplete and last.end_attitude == LEVEL
    assert result.tp_carry == last.tp_generated > 0
    assert isinstance(last.movement_vector, Edge)


def test_load_above_the_aero_limit_is_illegal() -> None:
    slow = conditions(speed_kt=250)
    with pytest.raises(IllegalOrder, match=r"aero load limit of") as caught:
        plot_turn(slow, LEVEL, plot({"kind": "turn", "load_g": 9.0, "cells": 1, "ticks": 10}))
    assert "Ap4" in str(caught.value)


def test_max_load_never_exceeds_the_limits() -> None:
    slow = conditions(speed_kt=250)
    result = plot_turn(
        slow, LEVEL, plot({"kind": "turn", "load_g": "max", "cells": 1, "ticks": 10})
    )
    assert result.greatest_load_g <= min(slow.aero_load_limit_g, slow.safe_load_g)
    assert result.greatest_load_g == slow.max_pull_g


def test_rolling_needs_roll_points() -> None:
    result = plot_turn(
        conditions(),
        LEVEL,
        plot({"kind": "straight", "ticks": 2, "roll_cells": 3}, {"kind": "straight", "ticks": 8}),
    )
    assert result.end_attitude == LEVEL.roll(3)
    with pytest.raises(IllegalOrder, match="roll points"):
        plot_turn(
            conditions(),
            LEVEL,
            plot(
                {"kind": "straight", "ticks": 1, "roll_cells": 12}, {"kind": "straight", "ticks": 9}
            ),
        )


def test_roll_points_first_fp_at_the_listed_rate_then_one_and_a_half() -> None:
    assert roll_points(2.0, 1) == 2.0
    assert roll_points(2.0, 3) == 2.0 + 3.0 + 3.0
    assert roll_points(2.0, 3, snap=True) == 9.0
    assert roll_points(2.0, 0) == 0.0


def test_rolling_two_cells_loses_the_carry() -> None:
    result = plot_turn(
        conditions(), LEVEL, plot({"kind": "straight", "ticks": 10, "roll_cells": 2}), tp_carry=4
    )
    assert result.tp_carry == 0
    kept = plot_turn(
        conditions(), LEVEL, plot({"kind": "straight", "ticks": 10, "roll_cells": 1}), tp_carry=4
    )
    assert kept.tp_carry == 4


def test_unload_basics_example() -> None:
    """Unload Basics: 6 ticks unloaded at 000+30 and 360 kt: 120 PdP, no pitch-down,
    2 steps lost; at 60 kt the Nose pitches down two cells."""
    nose = P("000+30")
    from engine.phad import RINGS

    ring = RINGS[nose]
    start = next(
        Attitude(nose=nose, canopy=c, wing=ring[(i + 3) % len(ring)])
        for i, c in enumerate(ring)
        if c.pitch_deg >= 30
    )
    fast = plot_turn(
        conditions(speed_kt=360),
        start,
        plot({"kind": "unload", "ticks": 6}, {"kind": "straight", "ticks": 4}),
    )
    unload = fast.segments[0]
    assert unload.load_g == 0.0 and unload.altitude_loss_steps == 2
    assert unload.end_attitude == start
    assert unload.pitchdown_points_after == 120
    slow = plot_turn(
        conditions(speed_kt=60),
        start,
        plot({"kind": "unload", "ticks": 6}, {"kind": "straight", "ticks": 4}),
    )
    assert slow.segments[0].end_attitude.nose == P("000-30")
    assert slow.segments[0].pitchdown_points_after == 0


def test_pitchdown_points_are_lost_when_another_segment_starts() -> None:
    result = plot_turn(
        conditions(speed_kt=360), LEVEL, plot({"kind": "unload", "ticks": 10}), pitchdown_points=100
    )
    assert (
        result.pitchdown_points == 100 + 200 - 360 + 0
        if result.segments[0].end_attitude != LEVEL
        else 300
    )
    cleared = plot_turn(
        conditions(), LEVEL, plot({"kind": "straight", "ticks": 10}), pitchdown_points=100
    )
    assert cleared.pitchdown_points == 0


def test_unloaded_segments_have_a_minimum_duration() -> None:
    with pytest.raises(IllegalOrder, match="at least 5 ticks"):
        plot_turn(
            conditions(),
            LEVEL,
            plot({"kind": "unload", "ticks": 2}, {"kind": "straight", "ticks": 8}),
        )


def test_a_vertical_nose_may_not_unload() -> None:
    up = LEVEL.turn(3)
    assert up.nose == P("All+90")
    with pytest.raises(IllegalOrder, match="straight segment"):
        plot_turn(conditions(), up, plot({"kind": "unload", "ticks": 10}))


def test_half_barrel_roll_marks_and_vector() -> None:
    result = plot_turn(
        conditions(),
        LEVEL,
        plot({"kind": "barrel_roll", "load_g": 4.0, "direction": "right", "ticks": 10}),
    )
    roll = result.segments[0]
    assert roll.kind == "barrel_roll"
    assert roll.end_attitude == LEVEL.half_barrel_roll("right")
    assert roll.movement_vector == Edge(P("015+00"), P("045+00"))
    assert result.loads_by_tick[0] == 4.0


def test_turning_toward_a_nose_stops_there() -> None:
    result = plot_turn(
        conditions(), LEVEL, plot({"kind": "turn", "load_g": 7.0, "nose": "030+60", "ticks": 10})
    )
    assert result.segments[0].end_attitude.nose == P("030+60")
    assert all(s.end_attitude.nose == P("030+60") for s in result.segments)
    assert result.segments[-1].kind == "straight"


def test_a_nose_off_the_path_is_illegal_and_lists_the_path() -> None:
    with pytest.raises(IllegalOrder, match="path three cells from the Wing"):
        plot_turn(
            conditions(),
            LEVEL,
            plot({"kind": "turn", "load_g": 5.0, "nose": "105+00", "ticks": 10}),
        )


def test_a_max_push_is_held_to_the_negative_safe_load() -> None:
    fast = conditions(speed_kt=450)
    assert fast.max_pull_g > 3.0  # the positive limit is far above the push's
    push = plot({"kind": "turn", "ticks": 10, "load_g": "max", "cells": 1, "negative": True})
    (segment, *_) = plot_turn(fast, LEVEL, push).segments
    assert segment.negative and segment.load_g == 3.0  # the F-16C card's -3.0 G
