"""A backyard's replay: the sticks laid along each move while its turn plays, a lawn's
green and the tape round a bounded field (a timeline's ``measured_moves``, ``field_ft``
and its map's ``surface``)."""

from __future__ import annotations

import math

import pytest
from panda3d.core import NodePath

from models.ruleset_spec import MapScale
from models.timeline import MeasuredMove
from sim.snapshot import Snapshot
from sim.view.ground import GRASS_RGB, MAP_RGB, HexGround
from sim.view.yardsticks import STICK_RGB, Yardsticks, lay_sticks, stick_quads

YARD_FT = 216.0
LAWN = MapScale(grid="table", table_unit_ft=YARD_FT, table_unit_name="yardstick",
                alt_unit_ft=72.0, alt_unit_name="band", surface="grass")  # fmt: skip


def at(t_s: float) -> Snapshot:
    return Snapshot(t_s=t_s, duration_s=10.0, tick_s=0.125, ticks_per_turn=10, rules="fc",
                    scenario="lawn", entities=())  # fmt: skip


def test_sticks_fall_on_the_joints_and_the_last_is_cut_short() -> None:
    turn = math.radians(30)
    joint = (YARD_FT, 0.0)
    end = (YARD_FT + 1.5 * YARD_FT * math.cos(turn), 1.5 * YARD_FT * math.sin(turn))
    sticks = lay_sticks([(0.0, 0.0), joint, end], YARD_FT)
    assert [round(s.length_ft, 6) for s in sticks] == [YARD_FT, YARD_FT, YARD_FT / 2]
    assert sticks[0].end == pytest.approx(joint) and sticks[1].start == pytest.approx(joint)
    assert sticks[-1].end == pytest.approx(end)
    assert [s.index for s in sticks] == [0, 1, 2]


def test_each_stick_is_an_inch_and_a_quarter_wide_in_two_woods() -> None:
    sticks = lay_sticks([(0.0, 0.0), (2 * YARD_FT, 0.0)], YARD_FT)
    vertices, colours = stick_quads(sticks, YARD_FT, 0.0)
    first = vertices[:4]
    assert first[:, 1].max() - first[:, 1].min() == pytest.approx(YARD_FT * 1.25 / 36)
    assert tuple(colours[0][:3]) == STICK_RGB[0] and tuple(colours[4 * 3][:3]) == STICK_RGB[1]
    # two feet ticks on each whole stick: (1 stick + 2 ticks) quads per stick
    assert len(vertices) == 4 * 2 * 3


def test_a_turns_sticks_show_only_while_it_plays() -> None:
    moves = [
        MeasuredMove(entity="spit-1", start_s=0.0, end_s=1.25,
                     points_ft=((0.0, 0.0), (YARD_FT, 0.0)), stick_ft=YARD_FT),
        MeasuredMove(entity="spit-1", start_s=1.25, end_s=2.5,
                     points_ft=((YARD_FT, 0.0), (2 * YARD_FT, 10.0)), stick_ft=YARD_FT),
    ]  # fmt: skip
    layer = Yardsticks(NodePath("scene"), moves)
    layer.update(at(0.5))
    assert layer.shown == {0} and not layer.nodes[0].isHidden() and layer.nodes[1].isHidden()
    layer.update(at(1.25))
    assert layer.shown == {1} and layer.nodes[0].isHidden()
    layer.update(at(3.0))
    assert layer.shown == set()
    layer.destroy()


def test_a_lawn_is_green_and_its_field_taped() -> None:
    field = (-1000.0, -800.0, 1000.0, 800.0)
    ground = HexGround(NodePath("scene"), field, scale=LAWN, field_ft=field)
    scale = ground.surface.getColorScale()
    assert scale[1] == pytest.approx(GRASS_RGB[1] / MAP_RGB[1], rel=1e-3)  # stored as float32
    assert ground.field.getNumChildren() == 1
    board = HexGround(NodePath("scene"), field, scale=LAWN.model_copy(update={"surface": "board"}))
    assert board.field.getNumChildren() == 0 and board.surface.getColorScale()[1] == 1.0


def test_a_bent_wire_meets_the_belly_square_on() -> None:
    import numpy as np

    from sim.view.stands import ROD_VERTICES, model_up, stand_vertices, wire_knees

    level = model_up((1.0, 0.0, 0.0, 0.0))
    assert level == pytest.approx((0.0, 0.0, 1.0))
    banked = math.radians(60)  # rolled about the fore-and-aft axis (y)
    up = model_up((math.cos(banked / 2), 0.0, math.sin(banked / 2), 0.0))
    positions = np.array([[0.0, 0.0, 500.0], [100.0, 0.0, 5.0]])
    knees = wire_knees(positions, np.array([up, level]), 0.0, 12.0)
    assert math.dist(knees[0], positions[0]) == pytest.approx(12.0)
    assert abs(knees[0][0]) == pytest.approx(12.0 * math.sin(banked))  # leans with the bank
    assert knees[1][2] == 0.0, "a knee never goes below the table"
    offsets = np.zeros((1, 2, 2))
    points, _alpha = stand_vertices(positions, np.array([True, True]), 0.0, offsets,
                                    knees_ft=knees)  # fmt: skip
    assert points[0, 0] == pytest.approx((knees[0][0], 0.0, 0.0))  # the wire rises under its knee
    assert points[0, 1] == pytest.approx(knees[0]) and points[0, 3] == pytest.approx(positions[0])
    assert points.shape[1] == ROD_VERTICES + 2
