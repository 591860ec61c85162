"""A Fighter Command game turn by turn: determinism, stalls, control, falls and going home
(§Movement, §Stalls and Overdive, §Skill Test Due to Damage, §Damage)."""

from __future__ import annotations

import numpy as np

from engine.fc.condition import OutOfControl
from engine.fc.game import FcGame
from engine.fc.state import Pose
from engine.rulesets import load_scenario
from models.fc.orders import FcPlot
from scenarios import find_scenario


def game(seed: int = 7, name: str = "fc/battle-of-britain") -> FcGame:
    return FcGame(load_scenario(find_scenario(name)), seed)


def test_same_seed_same_game() -> None:
    a, b = game(3).run(), game(3).run()
    assert [e.detail for e in a.meta.events] == [e.detail for e in b.meta.events]
    assert np.array_equal(a.channels["x_ft"], b.channels["x_ft"])
    assert [e.detail for e in game(4).run().meta.events] != [e.detail for e in a.meta.events]


def test_every_roll_is_recorded_as_an_event() -> None:
    g = game(5)
    timeline = g.run(4)
    dice = [e for e in timeline.meta.events if e.kind == "dice"]
    assert len(dice) == len(g.dice.rolls) and dice


def test_a_stall_dives_one_speed_slower_by_the_die() -> None:
    g = game()
    g.preflight()
    pid = "red-1"
    g.planes[pid].speed = 3
    g.conditions[pid].stall_due = True
    g.play_turn({})
    play = g.plays[pid]
    assert play.forced == "stall"
    assert play.plot.group == "dive" and play.plot.speed == 2
    stall_roll = next(r for r in g.dice.rolls if "stall, bands dived" in r.purpose)
    assert play.plot.bands == -stall_roll.value
    assert g.conditions[pid].stall_recovery or not g.conditions[pid].stall_due


def test_an_out_of_control_pilot_rolls_to_regain_control() -> None:
    g = game()
    g.preflight()
    pid = "red-1"
    g.conditions[pid].out_of_control = OutOfControl("engine", 1, "dive_ahead", 0, since_turn=0)
    g.play_turn({})
    regain = [r for r in g.dice.rolls if r.purpose.startswith("regain control")]
    assert len(regain) == 1
    play = g.plays[pid]
    if play.forced == "out of control":
        assert play.plot.group == "dive" and play.compulsory
    else:
        assert g.conditions[pid].out_of_control is None


def test_a_blacked_out_pilot_flies_his_course_until_he_comes_round() -> None:
    g = game()
    g.preflight()
    pid = "red-1"
    g.conditions[pid].out_of_control = OutOfControl("cockpit", 1, "climb_ahead", 0, since_turn=0)
    g.conditions[pid].blackout_turns = 1
    record = g.play_turn({})
    assert g.plays[pid].forced == "blackout" and g.plays[pid].plot.group == "climb"
    assert g.conditions[pid].out_of_control is None
    assert any("comes round" in e.detail for e in record.events)


def test_a_wreck_that_reaches_the_ground_crashes() -> None:
    g = game()
    g.preflight()
    pid = "emil-1"
    plane = g.planes[pid]
    plane.pose = Pose(plane.pose.x_ft, plane.pose.y_ft, plane.pose.heading_deg, 3)
    g.sorties[pid].status = "falling"
    g.play_turn({})
    assert g.sorties[pid].status == "crashed"


def test_leaving_by_the_home_edge_rearms_and_flies_back_in() -> None:
    g = game()
    g.preflight()
    pid = "red-1"
    edge = g.sorties[pid].home_edge
    plane = g.planes[pid]
    field = g.scenario.field
    y = field.depth_ft - 1.0 if edge == "north" else 1.0
    heading = 0.0 if edge == "north" else 180.0
    plane.pose = Pose(plane.pose.x_ft, y, heading, plane.pose.band)
    plane.group, plane.speed = "level", 3
    g.play_turn({pid: FcPlot.parse("L3 0*")})
    assert g.sorties[pid].status == "home"
    g.conditions[pid].guns["left_brownings"].bursts_left = 0
    g.play_turn({})
    assert g.conditions[pid].guns["left_brownings"].bursts_left > 0
    g.play_turn({})
    assert g.sorties[pid].status == "flying"
