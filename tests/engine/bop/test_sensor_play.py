"""Sensors in the game loop: radar mode switches in Declarations (SoP 02), the Sensor phase
(SoP 10), RWR warnings, and what the missile rules read of them (SoP 07)."""

from pathlib import Path
from typing import Any

import pytest

from engine.bop.departure import SpinState
from engine.bop.game import Game
from engine.bop.sensor_phase import sensor_phase
from engine.bop.sensors.common import Awareness
from engine.bop.sensors.radar import RadarState
from engine.bop.turn import TurnContext
from models.scenario import load_scenario
from models.timeline import Timeline
from tests.engine.bop.test_awareness_play import head_on

FIGHT = Path(__file__).resolve().parents[3] / "scenarios" / "historical" / "missile-fight.toml"


@pytest.fixture(scope="module")
def fight() -> Timeline:
    return Game(load_scenario(FIGHT)).run()


def events(timeline: Timeline, kind: str, who: str) -> list[Any]:
    return [e for e in timeline.meta.events if e.kind == kind and e.entities[0] == who]


def channel(timeline: Timeline, name: str, entity: str) -> list[str]:
    return [str(v) for v in timeline.channels[name][timeline.entity_index(entity)]]


def test_the_radar_searches_converts_to_a_track_then_locks_up_in_stt(fight: Timeline) -> None:
    phantom = [e.detail for e in fight.meta.events if e.entities and e.entities[0] == "phantom-1"]
    acquired = next(i for i, d in enumerate(phantom) if "Radar Acquisition (Srch)" in d)
    converted = next(
        i for i, d in enumerate(phantom) if "Track Conversion (Srch)" in d and "converted" in d
    )
    locked = next(i for i, d in enumerate(phantom) if "radar to STT (was Srch)" in d)
    assert acquired < converted < locked
    modes = channel(fight, "bop.radar_mode", "phantom-1")
    assert modes[0] == "Srch" and "STT" in modes
    assert "fishbed-1" in channel(fight, "bop.tracks", "phantom-1")


def test_sparrows_are_held_until_the_radar_holds_the_target_in_stt(fight: Timeline) -> None:
    held = events(fight, "no_launch", "phantom-1")
    launches = [e for e in fight.meta.events if e.kind == "launch" and e.data.get("launched")]
    assert held and all("radar track" in e.detail for e in held if e.t_s < launches[0].t_s)
    modes = channel(fight, "bop.radar_mode", "phantom-1")
    tick = round(launches[0].t_s / fight.meta.tick_s)
    assert modes[tick - 1] == "STT"


def test_the_rwr_warns_of_the_enemy_radar_holding_the_aircraft(fight: Timeline) -> None:
    warnings = events(fight, "rwr_warning", "fishbed-1")
    assert any("STT guidance" in e.detail for e in warnings)
    assert "phantom-1" in channel(fight, "bop.rwr", "fishbed-1")


def test_radar_operation_is_paid_by_the_wso_of_a_two_seater() -> None:
    game = Game(load_scenario(FIGHT))
    game.play_turn(game.scripted_orders())
    wso = [s.task for s in game.aircraft["phantom-1"].ledgers[1].spends]
    pilot = [s.task for s in game.aircraft["phantom-1"].ledgers[0].spends]
    assert "radar_operation" in wso and "radar_operation" not in pilot


def test_an_unattended_radar_loses_its_contacts() -> None:
    game = Game(load_scenario(FIGHT))
    orders = game.scripted_orders()
    game.play_turn(orders)
    phantom = game.aircraft["phantom-1"]
    phantom.sensors.radar = RadarState("Srch", (Awareness("radar", "Fishbed 1", "track", 0),))
    for ledger in phantom.ledgers:  # the crew have spent every AP before the Sensor phase
        ledger.remaining_ap = 0
    result = sensor_phase(game.aircraft, orders, TurnContext(game.dice, 2))
    assert any("unattended" in e.detail for e in result)
    assert phantom.sensors.radar.awareness == ()


def test_a_sparrow_whose_launcher_loses_the_lock_is_lost() -> None:
    game = Game(load_scenario(FIGHT))
    launched = False
    while not launched:
        result = game.play_turn(game.scripted_orders())
        launched = any(e.kind == "launch" and e.data.get("launched") for e in result.events)
    radar = game.aircraft["phantom-1"].sensors.radar
    assert radar is not None and radar.mode == "STT"
    game.aircraft["phantom-1"].sensors.radar = RadarState("Srch")  # the lock is broken
    result = game.play_turn(game.scripted_orders())
    lost = [e for e in result.events if e.kind == "guidance_lost"]
    assert lost and lost[0].entities[0] == "phantom-1-m1"


def test_a_spinning_crew_loses_every_sensor_track_and_spot() -> None:
    game = Game(load_scenario(FIGHT))
    phantom = game.aircraft["phantom-1"]
    phantom.sensors.radar = RadarState("STT", (Awareness("radar", "Fishbed 1", "track", 0),))
    phantom.spin = SpinState(-2)
    result = game.play_turn(game.scripted_orders())
    gyrated = next(e for e in result.events if e.kind == "spin_gyration")
    assert gyrated.entities == ("phantom-1",)
    assert phantom.sensors.radar is not None
    assert phantom.sensors.radar.awareness == ()  # STT lost its track and cannot acquire
    assert not game.awareness.spotted_by(phantom)


def test_an_ir_seeker_tries_for_a_target_in_the_nose_cell_from_astern() -> None:
    north = {"nose": "015+00", "canopy": "All+90", "wing": "105+00"}
    chase = head_on("1,3", turns=1, red_attitude=north)
    phantom = chase.aircraft[0].model_copy(update={"missiles": ("AIM-9B",)})
    timeline = Game(chase.model_copy(update={"aircraft": (phantom, chase.aircraft[1])})).run()
    attempts = [e for e in timeline.meta.events if "IRM Acquisition" in e.detail]
    assert attempts and attempts[0].entities == ("phantom-1",)
    assert "AIM-9B on Fishbed 1" in attempts[0].detail
    locked = "acquired" in attempts[0].detail
    assert (channel(timeline, "bop.ir_lock", "phantom-1")[-1] == "fishbed-1") == locked


def test_a_seeker_on_a_false_lock_is_dumped() -> None:
    from engine.bop.sensors.infrared import IrmSeekers

    north = {"nose": "015+00", "canopy": "All+90", "wing": "105+00"}
    chase = head_on("1,3", turns=1, red_attitude=north)
    phantom = chase.aircraft[0].model_copy(update={"missiles": ("AIM-9B",)})
    game = Game(chase.model_copy(update={"aircraft": (phantom, chase.aircraft[1])}))
    state = game.aircraft["phantom-1"]
    state.sensors.seekers = IrmSeekers(active="AIM-9B", false_lock=True)
    events = game.play_turn(game.scripted_orders()).events
    assert any(e.kind == "sensor_dump" and "dumps" in e.detail for e in events)
    assert not state.sensors.seekers.false_lock
    assert "cockpit action: recycle_dump" in [s.task for s in state.ledgers[0].spends]


def test_a_self_guided_missile_keeps_its_target_by_seeker_maintenance_in_flight() -> None:
    from engine.bop.sensors.common import Awareness as Held
    from tests.engine.bop.test_launch_play import chase

    for seed in range(1, 30):
        game = chase("MiG-29", ["R-73"], {"type": "R-73", "target": "eagle-1"}, seed)
        game.aircraft["shooter-1"].sensors.ir_lock = Held("R-73", "Eagle 1", "acquisition", 0)
        first = game.play_turn(game.scripted_orders()).events
        if any(e.kind == "launch" and e.data.get("launched") for e in first):
            break
    second = game.play_turn(game.scripted_orders()).events
    rolls = [
        e for e in second if e.entities[:1] == ("shooter-1-m1",) and "IRM Maintenance" in e.detail
    ]
    assert rolls, "the R-73 made no seeker maintenance roll in flight"
    if "lost" in rolls[0].detail:
        assert any(e.kind == "seeker_lost" for e in second)


def test_a_gci_controller_cues_the_irst_in_the_first_sensor_phase() -> None:
    from models.scenario import Scenario

    def fulcrum_vs_eagle(gci: bool) -> Scenario:
        plane = {"alt_steps": 100, "speed_kt": 450, "throttle": "mil"}
        straight = {"plots": [{"segments": [{"kind": "straight", "ticks": 10}]}]}
        return Scenario.model_validate(
            {
                "name": "gci",
                "turns": 1,
                "seed": 2,
                "aircraft": [
                    {
                        **plane,
                        "callsign": "Fulcrum 1",
                        "type": "MiG-29",
                        "side": "red",
                        "hex": "0,0",
                        "attitude": {"nose": "015+00", "canopy": "All+90", "wing": "105+00"},
                        "gci": gci,
                        "script": straight,
                    },
                    {
                        **plane,
                        "callsign": "Eagle 1",
                        "type": "F-15C",
                        "side": "blue",
                        "hex": "14,33",
                        "attitude": {"nose": "195+00", "canopy": "All+90", "wing": "285+00"},
                        "script": straight,
                    },
                ],
            }
        )

    cued = Game(fulcrum_vs_eagle(True)).run().meta.events
    gci = [e for e in cued if e.kind == "gci"]
    assert gci and "Lazur-M cue from GCI on Eagle 1" in gci[0].detail
    assert any("IRST Maintenance (cued)" in e.detail for e in cued)
    plain = Game(fulcrum_vs_eagle(False)).run().meta.events
    assert not [e for e in plain if e.kind == "gci"]
