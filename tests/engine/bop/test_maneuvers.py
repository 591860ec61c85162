"""The BFM maneuver library: every maneuver writes plots the game accepts and plays, and the
maneuvers with a geometric purpose achieve it (reference/bfm.md)."""

from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from engine.bop.game import Game
from engine.bop.maneuvers import (
    MANEUVERS,
    ManeuverError,
    ManeuverState,
    UnknownManeuver,
    antenna_train_angle_deg,
    maneuver,
    range_ft,
)
from engine.bop.maneuvers.search import conditions
from engine.bop.maneuvers.turns import EXTENSION_FLOOR_FT
from engine.hexmap import STEP_FT
from engine.phad import Cell
from models.orders import BopPlot, StraightSegment
from models.scenario import Scenario

LEVEL_NORTH = {"nose": "015+00", "canopy": "All+90", "wing": "105+00"}
NOSE_HIGH = {"nose": "030+30", "canopy": "210+60", "wing": "105+00"}
INVERTED = {"nose": "015+00", "canopy": "All-90", "wing": "285+00"}
KNIFE_EDGE = {"nose": "015+00", "canopy": "105+00", "wing": "All-90"}
LEVEL_EAST = {"nose": "075+00", "canopy": "All+90", "wing": "165+00"}
LEVEL_NORTHWEST = {"nose": "315+00", "canopy": "All+90", "wing": "045+00"}

STARTS: dict[str, tuple[dict[str, str], int]] = {
    "level-450": (LEVEL_NORTH, 450),
    "slow-250": (LEVEL_NORTH, 250),
    "nose-high": (NOSE_HIGH, 350),
    "inverted": (INVERTED, 400),
    "knife-edge": (KNIFE_EDGE, 450),
}
TYPES = ("F-16C", "MiG-21MF")
ME, BANDIT = "blue-1", "red-1"


def _aircraft(
    callsign: str, type_id: str, hex_: str, attitude: dict[str, str], speed_kt: int, alt: int
) -> dict[str, Any]:
    return {
        "callsign": callsign,
        "type": type_id,
        "side": "blue" if callsign.startswith("Blue") else "red",
        "hex": hex_,
        "alt_steps": alt,
        "attitude": attitude,
        "speed_kt": speed_kt,
        "throttle": "mil",
        "script": {"plots": [{"segments": [{"kind": "straight", "ticks": 10}]}]},
    }


def one_v_one(
    type_id: str = "F-16C",
    attitude: dict[str, str] = LEVEL_NORTH,
    speed_kt: int = 450,
    bandit_hex: str = "16,6",
    bandit_attitude: dict[str, str] = LEVEL_NORTH,
    bandit_speed_kt: int = 400,
    alt_steps: int = 75,
) -> Game:
    """Blue 1 at hex 0,0; Red 1, a MiG-21MF, somewhere else, both at 15,000 ft."""
    scenario = Scenario.model_validate(
        {
            "name": "maneuver test",
            "turns": 8,
            "seed": 7,
            "awareness": False,
            "aircraft": [
                _aircraft("Blue 1", type_id, "0,0", attitude, speed_kt, alt_steps),
                _aircraft("Red 1", "MiG-21MF", bandit_hex, bandit_attitude, bandit_speed_kt, 75),
            ],
        }
    )
    return Game(scenario)


STRAIGHT = BopPlot(throttle="mil", segments=(StraightSegment(ticks=10),))


def fly(
    game: Game,
    name: str,
    params: dict[str, Any],
    turns: int,
    state: ManeuverState | None = None,
) -> ManeuverState:
    """Fly ``turns`` game-turns of a maneuver against a bandit flying straight, checking
    every plot is legal and plays."""
    state = state or ManeuverState()
    for _ in range(turns):
        if not game.aircraft[ME].active:
            break
        step = maneuver(name).step(game, ME, params, state)
        orders = {ME: step.plot}
        if game.aircraft[BANDIT].active:
            orders[BANDIT] = STRAIGHT
        assert game.legal(orders), (name, game.turn, step.plot)
        game.play_turn(orders)
        state = step.state
    return state


def _params(name: str) -> dict[str, Any]:
    return {"target": BANDIT} if "target" in MANEUVERS[name].params.model_fields else {}


@pytest.mark.parametrize("start", list(STARTS))
@pytest.mark.parametrize("type_id", TYPES)
@pytest.mark.parametrize("name", list(MANEUVERS))
def test_every_maneuver_writes_legal_plots_that_play(name: str, type_id: str, start: str) -> None:
    attitude, speed = STARTS[start]
    game = one_v_one(type_id, attitude, speed)
    fly(game, name, _params(name), turns=3)
    assert game.turn >= 1


@pytest.mark.parametrize("seed", range(6))
def test_maneuvers_legal_from_scattered_geometries(seed: int) -> None:
    """Property-style: bandits all round the clock, every maneuver, two turns each."""
    hexes = ("16,6", "-16,6", "10,10", "0,-15", "-8,-4", "20,-10")
    attitudes = (LEVEL_NORTH, LEVEL_EAST, LEVEL_NORTHWEST, INVERTED, KNIFE_EDGE, NOSE_HIGH)
    for k, name in enumerate(MANEUVERS):
        game = one_v_one(
            TYPES[(seed + k) % 2],
            attitudes[(seed + k) % len(attitudes)],
            300 + 30 * ((seed * 7 + k) % 7),
            bandit_hex=hexes[(seed + 2 * k) % len(hexes)],
            bandit_attitude=attitudes[(seed + 3 * k) % len(attitudes)],
        )
        fly(game, name, _params(name), turns=2)


def test_a_maneuver_step_changes_nothing_in_the_game() -> None:
    game = one_v_one()
    before = (game.turn, game.aircraft[ME].attitude, game.aircraft[ME].speed_kt)
    first = maneuver("bfm/high-yo-yo").step(game, ME, {"target": BANDIT})
    again = maneuver("high-yo-yo").step(game, ME, {"target": BANDIT})
    assert first == again
    assert (game.turn, game.aircraft[ME].attitude, game.aircraft[ME].speed_kt) == before


# -- registry --------------------------------------------------------------------------------
def test_registry_names_the_whole_library() -> None:
    expected = {
        "break-turn",
        "hard-turn",
        "lead-pursuit",
        "pure-pursuit",
        "lag-pursuit",
        "high-yo-yo",
        "low-yo-yo",
        "lag-roll",
        "barrel-roll-attack",
        "flat-scissors",
        "rolling-scissors",
        "guns-jink",
        "immelmann",
        "split-s",
        "wingover",
        "defensive-spiral",
        "extension",
    }
    assert set(MANEUVERS) == {f"bfm/{name}" for name in expected}
    assert all(entry.name == key for key, entry in MANEUVERS.items())


def test_parameters_are_strict() -> None:
    with pytest.raises(ValidationError, match="offset"):
        MANEUVERS["bfm/high-yo-yo"].parse({"target": BANDIT, "offset": 2000})
    with pytest.raises(ValidationError, match="target"):
        MANEUVERS["bfm/pure-pursuit"].parse({})
    assert MANEUVERS["bfm/wingover"].parse({"side": "left"}).side == "left"


def test_unknown_names_and_targets_are_errors() -> None:
    with pytest.raises(UnknownManeuver, match="bfm/loop-the-loop"):
        maneuver("bfm/loop-the-loop")
    with pytest.raises(ManeuverError, match="no aircraft 'nobody'"):
        maneuver("bfm/pure-pursuit").step(one_v_one(), ME, {"target": "nobody"})
    with pytest.raises(ManeuverError, match="no aircraft 'ghost'"):
        maneuver("bfm/break-turn").step(one_v_one(), "ghost")


# -- pursuit ---------------------------------------------------------------------------------
PURSUIT_SETUPS = (
    ("16,6", LEVEL_NORTH),  # 30° off the nose, flying the same way
    ("-16,6", LEVEL_NORTHWEST),  # behind the left wing line, heading away to the north-west
    ("20,0", LEVEL_EAST),  # 60° right, crossing away to the east
)


@pytest.mark.parametrize("setup", PURSUIT_SETUPS)
@pytest.mark.parametrize("type_id", TYPES)
@pytest.mark.parametrize("name", ["bfm/lead-pursuit", "bfm/pure-pursuit", "bfm/lag-pursuit"])
def test_pursuit_brings_the_nose_round_to_the_bandit(
    name: str, type_id: str, setup: tuple[str, dict[str, str]]
) -> None:
    game = one_v_one(type_id, bandit_hex=setup[0], bandit_attitude=setup[1])
    angles = [antenna_train_angle_deg(game.aircraft[ME], game.aircraft[BANDIT])]
    for _ in range(3):
        fly(game, name, {"target": BANDIT}, turns=1)
        angles.append(antenna_train_angle_deg(game.aircraft[ME], game.aircraft[BANDIT]))
    assert angles[-1] < angles[0]
    assert min(angles[1:]) <= 16.0  # about half a PHAD cell


def test_pursuit_from_the_beam_turns_the_nose_through_ninety_degrees() -> None:
    game = one_v_one(bandit_hex="-16,6", bandit_attitude=LEVEL_NORTHWEST)
    start = antenna_train_angle_deg(game.aircraft[ME], game.aircraft[BANDIT])
    fly(game, "bfm/pure-pursuit", {"target": BANDIT}, turns=2)
    assert start > 100
    assert antenna_train_angle_deg(game.aircraft[ME], game.aircraft[BANDIT]) < 20


# -- vertical maneuvers ----------------------------------------------------------------------
@pytest.mark.parametrize("type_id", TYPES)
def test_immelmann_ends_reversed_and_higher(type_id: str) -> None:
    game = one_v_one(type_id, bandit_hex="60,0")
    start_alt = game.aircraft[ME].alt_steps
    state = fly(game, "bfm/immelmann", {}, turns=5)
    me = game.aircraft[ME]
    assert state.phase == "done"
    assert state.entry_heading_deg == 15
    assert me.attitude.nose == Cell.parse("195+00")
    assert me.attitude.canopy == Cell.parse("All+90")
    assert me.alt_steps > start_alt + 10  # more than 2,000 ft up


@pytest.mark.parametrize("type_id", TYPES)
def test_split_s_ends_reversed_and_lower(type_id: str) -> None:
    game = one_v_one(type_id, bandit_hex="60,0")
    start_alt = game.aircraft[ME].alt_steps
    state = fly(game, "bfm/split-s", {}, turns=4)
    me = game.aircraft[ME]
    assert state.phase == "done"
    assert me.attitude.nose == Cell.parse("195+00")
    assert me.attitude.canopy == Cell.parse("All+90")
    assert me.alt_steps < start_alt - 10


@pytest.mark.parametrize("type_id", TYPES)
def test_wingover_reverses_the_heading_and_levels_off(type_id: str) -> None:
    game = one_v_one(type_id, bandit_hex="60,0")
    state = fly(game, "bfm/wingover", {"side": "right"}, turns=4)
    nose = game.aircraft[ME].attitude.nose
    assert state.phase == "done"
    assert nose.pitch_deg == 0
    assert nose.heading_deg in (165, 195, 225)


def test_immelmann_state_is_kept_over_the_top() -> None:
    """At All+90 the PHAD has no heading: the entry heading in the state steers the pull."""
    game = one_v_one(bandit_hex="60,0")
    step = maneuver("bfm/immelmann").step(game, ME)
    assert step.state.phase == "pull"
    game.play_turn({ME: step.plot, BANDIT: STRAIGHT})
    assert game.aircraft[ME].attitude.nose.pitch_deg >= 60
    assert step.state.entry_heading_deg == 15


@pytest.mark.parametrize("type_id", TYPES)
def test_defensive_spiral_loses_altitude_every_turn(type_id: str) -> None:
    game = one_v_one(type_id, bandit_hex="0,-12")
    altitudes = [game.aircraft[ME].alt_steps]
    for _ in range(3):
        fly(game, "bfm/defensive-spiral", {"target": BANDIT}, turns=1)
        altitudes.append(game.aircraft[ME].alt_steps)
    assert all(b < a for a, b in pairwise(altitudes))


def test_defensive_spiral_keeps_turning_the_way_it_started() -> None:
    """An attacker close astern crosses from side to side; the spiral does not follow it."""
    game = one_v_one(attitude=KNIFE_EDGE, speed_kt=350, bandit_hex="0,-6", alt_steps=100)
    headings, senses = [], []
    state = ManeuverState()
    for _ in range(4):
        step = maneuver("bfm/defensive-spiral").step(game, ME, {"target": BANDIT}, state)
        game.play_turn({ME: step.plot, BANDIT: STRAIGHT})
        state = step.state
        senses.append(state.sense)
        headings.append(game.aircraft[ME].attitude.nose.heading_deg)
    assert len(set(senses)) == 1
    turned = [(b - a) % 360 for a, b in pairwise(headings)]
    assert all(t and (t < 180) == (senses[0] > 0) for t in turned), headings


@pytest.mark.parametrize("type_id", TYPES)
def test_extension_gains_distance_from_a_bandit_astern(type_id: str) -> None:
    game = one_v_one(type_id, bandit_hex="0,-12", bandit_speed_kt=450)
    ranges = [range_ft(game.aircraft[ME], game.aircraft[BANDIT])]
    for _ in range(3):
        fly(game, "bfm/extension", {"target": BANDIT}, turns=1)
        ranges.append(range_ft(game.aircraft[ME], game.aircraft[BANDIT]))
    assert ranges[-1] > ranges[0] + 2000
    assert game.aircraft[ME].speed_kt > 450


def test_defensive_spiral_turns_toward_an_attacker_on_the_left_in_a_right_knife_edge() -> None:
    """In a knife-edge turn the Wing points down: left and right come from the heading."""
    game = one_v_one(attitude=KNIFE_EDGE, speed_kt=350, bandit_hex="-2,-5", alt_steps=100)
    step = maneuver("bfm/defensive-spiral").step(game, ME, {"target": BANDIT})
    assert step.state.sense == -1


def test_extension_does_not_trade_its_height_for_distance_into_the_ground() -> None:
    """Unloaded flight sinks; an extension scored by distance alone flew into the ground."""
    game = one_v_one(bandit_hex="0,-12", bandit_speed_kt=450, alt_steps=40)
    altitudes = []
    for _ in range(4):
        fly(game, "bfm/extension", {"target": BANDIT}, turns=1)
        altitudes.append(game.aircraft[ME].alt_steps)
    assert game.aircraft[ME].active
    assert min(altitudes) * STEP_FT >= EXTENSION_FLOOR_FT, altitudes


def test_high_yo_yo_climbs_and_low_yo_yo_dives_first() -> None:
    high = one_v_one(bandit_hex="0,15", bandit_attitude=LEVEL_EAST)
    fly(high, "bfm/high-yo-yo", {"target": BANDIT}, turns=1)
    low = one_v_one(bandit_hex="0,15", bandit_attitude=LEVEL_EAST)
    fly(low, "bfm/low-yo-yo", {"target": BANDIT}, turns=1)
    assert high.aircraft[ME].alt_steps > 75 > low.aircraft[ME].alt_steps


# -- horizontal maneuvers --------------------------------------------------------------------
def test_break_turn_pulls_harder_than_hard_turn() -> None:
    game = one_v_one()
    hard = maneuver("bfm/hard-turn").step(game, ME, {"side": "left"})
    broken = maneuver("bfm/break-turn").step(game, ME, {"side": "left"})
    turning = [s for s in broken.plot.segments if s.kind == "turn"]
    assert turning and all(getattr(s, "load_g", None) == "max" for s in turning)
    assert any(getattr(s, "load_g", None) == "sustained" for s in hard.plot.segments)
    assert broken.plot.throttle == "ab"
    # A level turn on the PHAD: the Canopy goes to the horizon on the left before the pull.
    assert broken.plot.segments[0].kind == "straight"
    assert getattr(broken.plot.segments[0], "roll_cells", 0) == -3


def test_guns_jink_alternates_sides() -> None:
    game = one_v_one(bandit_hex="0,-8")
    senses = []
    state = ManeuverState()
    for _ in range(3):
        step = maneuver("bfm/guns-jink").step(game, ME, {"target": BANDIT}, state)
        game.play_turn({ME: step.plot, BANDIT: STRAIGHT})
        state = step.state
        senses.append(state.sense)
    assert senses[0] == -senses[1] == senses[2]


def test_flat_scissors_slows_down_toward_the_bandit() -> None:
    game = one_v_one(bandit_hex="4,-2", bandit_attitude=LEVEL_NORTH)
    step = maneuver("bfm/flat-scissors").step(game, ME, {"target": BANDIT})
    assert step.plot.throttle == "idle"
    assert step.plot.speedbrake
    assert step.state.sense == 1  # the bandit is on the right
    game.play_turn({ME: step.plot, BANDIT: STRAIGHT})
    assert game.aircraft[ME].speed_kt < 450
    assert game.aircraft[ME].alt_steps == 75


def test_flat_scissors_stops_slowing_down_while_it_can_still_turn() -> None:
    """Idle and speedbrakes without a floor bled an F-16C to 110 kt and half a G."""
    game = one_v_one(bandit_hex="4,-2", bandit_speed_kt=450)
    for _ in range(6):
        fly(game, "bfm/flat-scissors", {"target": BANDIT}, turns=1)
        assert conditions(game, ME, "idle").max_pull_g >= 2.0, game.aircraft[ME].speed_kt
    slow = one_v_one(speed_kt=200, bandit_hex="4,-2")
    step = maneuver("bfm/flat-scissors").step(slow, ME, {"target": BANDIT})
    assert step.plot.throttle == "mil"
    assert not step.plot.speedbrake


def test_barrel_roll_attack_flies_a_barrel_roll_when_fast_enough() -> None:
    game = one_v_one(bandit_hex="0,8", bandit_speed_kt=350)
    step = maneuver("bfm/barrel-roll-attack").step(game, ME, {"target": BANDIT})
    assert any(segment.kind == "barrel_roll" for segment in step.plot.segments)


def test_barrel_roll_attack_rolls_once_then_pursues() -> None:
    """Rolling again every game-turn carried the attacker away from the fight."""
    game = one_v_one(bandit_hex="0,8", bandit_speed_kt=350)
    state = fly(game, "bfm/barrel-roll-attack", {"target": BANDIT}, turns=1)
    step = maneuver("bfm/barrel-roll-attack").step(game, ME, {"target": BANDIT}, state)
    assert not any(segment.kind == "barrel_roll" for segment in step.plot.segments)
    assert step.note == "pure pursuit"


def test_a_scenario_may_name_a_maneuver_as_the_pilot() -> None:
    from models.scenario import load_scenario
    from scenarios import find_scenario

    scenario = load_scenario(find_scenario("bfm/pursuit-curves"))
    assert scenario.aircraft[0].pilot == "script:bfm/lead-pursuit"
    timeline = Game(scenario).run(3)
    assert max(row["turn"] for row in timeline.meta.turn_table) == 3


def test_every_maneuver_is_flown_by_a_shipped_scenario() -> None:
    from models.files import read_toml
    from models.scenario import load_scenario
    from scenarios import shipped

    bop = [Path(str(f)) for f in shipped() if read_toml(Path(str(f))).get("rules", "bop") == "bop"]
    pilots = {
        setup.pilot.removeprefix("script:") for p in bop for setup in load_scenario(p).aircraft
    }
    assert set(MANEUVERS) <= pilots, sorted(set(MANEUVERS) - pilots)


def test_a_maneuver_pilot_with_a_bad_parameter_is_a_setup_problem() -> None:
    from engine.bop.game import ScenarioError
    from models.scenario import load_scenario
    from scenarios import find_scenario

    scenario = load_scenario(find_scenario("bfm/pursuit-curves"))
    bad = scenario.aircraft[0].model_copy(update={"maneuver": {"target": "lead-bandit", "lead": 3}})
    unknown = scenario.aircraft[2].model_copy(update={"pilot": "script:bfm/cobra"})
    with pytest.raises(ScenarioError) as raised:
        Game(scenario.model_copy(update={"aircraft": (bad, scenario.aircraft[1], unknown)}))
    problems = "\n".join(raised.value.problems)
    assert "aircraft.0.maneuver.lead: unknown key (not part of the format)" in problems
    assert "aircraft.2.pilot:" in problems and "cobra" in problems
