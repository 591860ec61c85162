"""The crew's sighting doctrine and orders in play (SoP 09, SoP 10): padlocks ("Padlock"), EO
identification ("EO Sensor"), tallies cued by a radio call, a datalink, or a contact in the
HUD or HMD (the Tally task's requirements), and datalink cues handed to the sensors
("Integration": HMS/HMD/Datalink Cue)."""

import re
from typing import Any

import pytest

from engine.bop.activity import ActivityLedger
from engine.bop.errors import IllegalOrder
from engine.bop.game import Game
from engine.bop.sensors.common import Awareness as SensorAwareness
from engine.bop.sensors.radar import RadarState
from engine.bop.sighting import Observer, Spot, SpotState
from engine.bop.sighting_doctrine import major_model
from models.files import describe_validation_error
from models.orders import CrewOrders
from models.scenario import Scenario
from models.sensors import DatalinkFit, HelmetFit
from models.timeline import Event

NORTH = {"nose": "015+00", "canopy": "All+90", "wing": "105+00"}
SOUTH = {"nose": "195+00", "canopy": "All+90", "wing": "285+00"}
STRAIGHT: dict[str, Any] = {"segments": [{"kind": "straight", "ticks": 10}]}


def plane(
    callsign: str,
    type_id: str,
    side: str,
    hex_: str,
    attitude: dict[str, str] = NORTH,
    crew: dict[str, Any] | None = None,
) -> dict[str, Any]:
    plot = {**STRAIGHT, "crew": crew or {}}
    return {
        "callsign": callsign,
        "type": type_id,
        "side": side,
        "hex": hex_,
        "alt_steps": 100,
        "speed_kt": 450,
        "throttle": "mil",
        "attitude": attitude,
        "script": {"plots": [plot]},
    }


def game(*aircraft: dict[str, Any], seed: int = 3) -> Game:
    scenario = Scenario.model_validate(
        {"name": "doctrine", "turns": 2, "seed": seed, "aircraft": list(aircraft)}
    )
    return Game(scenario)


def spotted(game: Game, *pairs: tuple[str, str, str]) -> None:
    """Set last phase's spots to exactly ``(aircraft, seat, target)``."""
    spots = frozenset(Spot(Observer(a, seat), t, "tally", 0) for a, seat, t in pairs)
    game.awareness.spots = SpotState(0, spots)


def turn_events(game: Game) -> list[Event]:
    return list(game.play_turn(game.scripted_orders()).events)


def of(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def rolls(events: list[Event], text: str) -> list[str]:
    return [e.detail for e in of(events, "dice") if text in e.detail]


def track(game: Game, entity: str, target: str, mode: str = "STT") -> None:
    """``entity``'s radar tracks ``target`` (a callsign) in ``mode``."""
    radar = RadarState(mode, (SensorAwareness("radar", target, "track", 0),))  # type: ignore[arg-type]
    game.aircraft[entity].sensors.radar = radar


def head_on(crew: dict[str, Any] | None = None) -> Game:
    return game(
        plane("Phantom 1", "F-4E", "blue", "0,0", crew=crew),
        plane("Fishbed 1", "MiG-21MF", "red", "2,6", SOUTH),
    )


# -- Padlock ------------------------------------------------------------------------------


def test_the_doctrine_padlocks_the_enemy_a_tally_would_likely_lose() -> None:
    """Head-on at 14 FP a tally keeps the Fishbed on 6 faces in 10, so each Phantom crew
    member pays 2 AP to padlock it first, with no roll ("Padlock")."""
    g = head_on()
    events = turn_events(g)
    locks = [e.detail for e in of(events, "padlock")]
    assert "Phantom 1 pilot padlocks Fishbed 1 at 14 FP" in locks
    assert not rolls(events, "tally, Phantom 1 pilot on Fishbed 1")
    pilot = g.aircraft["phantom-1"].ledgers[0]
    assert [(s.task, s.ap) for s in pilot.spends if s.task == "padlock"] == [("padlock", 2)]


def test_an_order_of_no_padlock_keeps_the_spot_by_tally() -> None:
    g = head_on({"padlock": False})
    events = turn_events(g)
    assert not [e for e in of(events, "padlock") if e.entities == ("phantom-1",)]
    assert rolls(events, "tally, Phantom 1 pilot on Fishbed 1")


def test_an_ordered_padlock_is_played_and_one_that_cannot_stand_says_why() -> None:
    g = head_on({"padlock": "fishbed-1"})
    assert "Phantom 1 wso padlocks Fishbed 1" in " ".join(
        e.detail for e in of(turn_events(g), "padlock")
    )
    blind = head_on({"padlock": "fishbed-1"})
    spotted(blind, ("Fishbed 1", "pilot", "Phantom 1"))  # the Phantom had no sight of it
    refused = of(turn_events(blind), "no_padlock")
    assert refused and "had no sight of Fishbed 1 last sighting phase" in refused[0].detail


def test_a_padlock_order_must_name_another_aircraft() -> None:
    g = head_on({"padlock": "fishbed-9"})
    with pytest.raises(
        IllegalOrder, match=re.escape("crew.padlock names no other aircraft 'fishbed-9'")
    ):
        g.play_turn(g.scripted_orders())


# -- Tallies by cue -----------------------------------------------------------------------


def flight_of_two(**blue_crew: Any) -> Game:
    """Two F-4Es heading north, a Fishbed 30 FP ahead of the first, going their way; Phantom
    1's crew padlock it."""
    return game(
        plane("Phantom 1", "F-4E", "blue", "0,0", crew={"padlock": "fishbed-1"}),
        plane("Phantom 2", "F-4E", "blue", "-4,2", crew={"padlock": False, **blue_crew}),
        plane("Fishbed 1", "MiG-21MF", "red", "4,26", crew={"padlock": False}),
    )


def test_a_wingman_calls_the_bandit_and_the_crew_tally_it_by_the_call() -> None:
    """Phantom 1's crew see the Fishbed, Phantom 2's do not: Phantom 1's pilot makes a Tally
    Call (a cockpit action), and Phantom 2's crew tally the Fishbed by it instead of
    searching (the Tally task: "received comms from a friendly aircraft")."""
    g = flight_of_two()
    spotted(g, ("Phantom 1", "pilot", "Fishbed 1"), ("Phantom 1", "wso", "Fishbed 1"))
    events = turn_events(g)
    calls = [e.detail for e in of(events, "tally_call")]
    assert "Phantom 1 pilot calls Fishbed 1 to Phantom 2 pilot" in calls
    assert rolls(events, "tally by radio call (Phantom 1 pilot), Phantom 2 pilot on Fishbed 1")
    assert not rolls(events, "visual search, Phantom 2 pilot for Fishbed 1")
    caller = g.aircraft["phantom-1"].ledgers[0]
    assert "cockpit action: tally_call" in [s.task for s in caller.spends]


def test_without_radio_cues_the_crew_search_instead() -> None:
    g = flight_of_two(tally_cues=[])
    spotted(g, ("Phantom 1", "pilot", "Fishbed 1"))
    events = turn_events(g)
    assert not [e for e in of(events, "tally_call") if "to Phantom 2" in e.detail]
    assert rolls(events, "visual search, Phantom 2 pilot for Fishbed 1")


def eagle_and_fulcrum(eagle_crew: dict[str, Any] | None = None) -> Game:
    """An F-15C 30 FP behind a MiG-29, both heading north: the MiG sits in the Eagle's Nose."""
    return game(
        plane("Eagle 1", "F-15C", "blue", "0,0", crew={"padlock": False, **(eagle_crew or {})}),
        plane("Fulcrum 1", "MiG-29", "red", "4,26", crew={"padlock": False}),
    )


def test_a_radar_track_in_the_hud_lets_the_pilot_tally_it() -> None:
    """The Eagle's radar tracks the MiG in its Nose cell: the pilot tallies it by the HUD
    (the Tally task: "sensor contact with the target at AoN=0 and a HUD")."""
    g = eagle_and_fulcrum()
    spotted(g)
    track(g, "eagle-1", "Fulcrum 1")
    events = turn_events(g)
    assert [
        e for e in of(events, "tally") if "Eagle 1 pilot Tally of Fulcrum 1 cued by HUD" in e.detail
    ]
    assert not rolls(events, "visual search, Eagle 1 pilot for Fulcrum 1")


def test_no_hud_cue_when_the_orders_leave_it_out() -> None:
    g = eagle_and_fulcrum({"tally_cues": ["radio"]})
    spotted(g)
    track(g, "eagle-1", "Fulcrum 1")
    events = turn_events(g)
    assert not [e for e in of(events, "tally") if "cued by" in e.detail]


def test_an_hmd_shows_the_track_to_its_wearer_off_the_nose() -> None:
    """An HMD (not an HMS) shows sensor tracks at any AoN ("HMS versus HMD")."""
    g = game(
        plane("Eagle 1", "F-15C", "blue", "0,0", crew={"padlock": False}),
        plane("Fulcrum 1", "MiG-29", "red", "20,10", crew={"padlock": False}),
    )
    spotted(g)
    eagle = g.aircraft["eagle-1"]
    assert eagle.sensors.fit is not None
    hmd = HelmetFit(name="JHMCS", kind="hmd")
    eagle.sensors.fit = eagle.sensors.fit.model_copy(update={"helmet": hmd})
    track(g, "eagle-1", "Fulcrum 1", "TWS")
    events = turn_events(g)
    assert [e for e in of(events, "tally") if "cued by HMD (JHMCS, radar track)" in e.detail]


def linked(g: Game, *entities: str) -> None:
    for entity in entities:
        fit = g.aircraft[entity].sensors.fit
        assert fit is not None
        link = DatalinkFit(name="JTIDS", kind="tactical")
        g.aircraft[entity].sensors.fit = fit.model_copy(update={"datalink": link})


def test_a_friends_datalink_track_lets_the_crew_tally_it() -> None:
    """Eagle 2 sees nothing; Eagle 1's radar track comes over the tactical datalink, and
    Eagle 2's pilot tallies the MiG by it (the Tally task: "Datalink from a friendly
    aircraft with a sensor contact")."""
    g = game(
        plane("Eagle 1", "F-15C", "blue", "0,0", crew={"padlock": False}),
        plane(
            "Eagle 2", "F-15C", "blue", "4,-2", crew={"padlock": False, "tally_cues": ["datalink"]}
        ),
        plane("Fulcrum 1", "MiG-29", "red", "0,30", crew={"padlock": False}),
    )
    linked(g, "eagle-1", "eagle-2")
    spotted(g)
    track(g, "eagle-1", "Fulcrum 1")
    g.aircraft["eagle-2"].sensors.radar = RadarState("Srch")
    events = turn_events(g)
    assert [
        e
        for e in of(events, "tally")
        if "Eagle 2 pilot Tally of Fulcrum 1 cued by datalink (Eagle 1's track)" in e.detail
    ]


def test_a_datalink_cue_is_handed_to_a_radar_in_boresight() -> None:
    """In the Sensor phase Eagle 2's radar, in Boresight, takes Eagle 1's track over the
    datalink: a Sensor Handoff and a cued Radar Maintenance roll ("Integration")."""
    g = game(
        plane("Eagle 1", "F-15C", "blue", "0,0", crew={"padlock": False}),
        plane("Eagle 2", "F-15C", "blue", "-4,2", crew={"padlock": False}),
        plane("Fulcrum 1", "MiG-29", "red", "4,26", crew={"padlock": False}),
    )
    linked(g, "eagle-1", "eagle-2")
    track(g, "eagle-1", "Fulcrum 1")
    g.aircraft["eagle-2"].sensors.radar = RadarState("Bo")
    orders = g.scripted_orders()
    plot = orders["eagle-2"]
    orders["eagle-2"] = plot.model_copy(
        update={"sensors": plot.sensors.model_copy(update={"radar": "Bo"})}
    )
    events = list(g.play_turn(orders).events)
    cues = [e.detail for e in of(events, "datalink")]
    assert cues == ["Eagle 2 JTIDS cue on Fulcrum 1 from the flight's track"]
    spends = [s.task for s in g.aircraft["eagle-2"].ledgers[0].spends]
    assert "sensor_handoff" in spends


def test_a_datalink_cue_order_needs_a_tactical_datalink() -> None:
    g = eagle_and_fulcrum({"datalink_cue": "fulcrum-1"})
    with pytest.raises(
        IllegalOrder, match=re.escape("crew.datalink_cue: the F-15C has no tactical")
    ):
        g.play_turn(g.scripted_orders())


# -- EO identification --------------------------------------------------------------------


def tiseo(crew: dict[str, Any] | None = None) -> Game:
    """An F-4E whose radar tracks a Fishbed 100 FP ahead, far past the limit of sight."""
    g = game(
        plane("Phantom 1", "F-4E", "blue", "0,0", crew=crew),
        plane("Fishbed 1", "MiG-21MF", "red", "0,100", crew={"padlock": False}),
    )
    spotted(g)
    track(g, "phantom-1", "Fishbed 1")
    return g


def test_the_wso_identifies_a_radar_track_with_the_eo_sensor() -> None:
    """TISEO identifies the tracked Fishbed for 1 AP: its major model and side; the WSO's
    other sighting tasks then cost double ("EO Sensor")."""
    g = tiseo()
    events = turn_events(g)
    found = of(events, "eo_identify")
    assert len(found) == 1 and found[0].entities == ("phantom-1", "fishbed-1")
    assert "Phantom 1 wso identifies Fishbed 1 with TISEO: a MiG-21 of the red side" in (
        found[0].detail
    )
    assert g.awareness.identified == {"Phantom 1": frozenset({"Fishbed 1"})}
    wso = g.aircraft["phantom-1"].ledgers[1]
    assert (wso.spends[0].task, wso.spends[0].ap) == ("eo_identification", 1)
    assert not of(turn_events(g), "eo_identify")  # identified once is enough


def test_an_order_of_no_identification_is_kept() -> None:
    assert not of(turn_events(tiseo({"eo_identify": False})), "eo_identify")


def test_an_eo_order_on_a_type_without_one_is_illegal() -> None:
    g = game(
        plane("Phantom 1", "F-4B", "blue", "0,0", crew={"eo_identify": "fishbed-1"}),
        plane("Fishbed 1", "MiG-21MF", "red", "0,100"),
    )
    with pytest.raises(
        IllegalOrder, match=re.escape("crew.eo_identify: the F-4B has no EO sensor")
    ):
        g.play_turn(g.scripted_orders())


def test_an_eo_identification_doubles_the_other_sighting_tasks() -> None:
    ledger = ActivityLedger("Phantom 1 wso", "average", pilot=False)
    ledger.recover(None, 1)
    assert ledger.price("tally", "Fishbed 2") == 1
    ledger.spend("eo_identification", "Fishbed 1")
    assert ledger.price("tally", "Fishbed 2") == 2
    assert ledger.price("visual_search", "Fishbed 2") == 4


def test_identification_gives_the_major_model_not_the_variant() -> None:
    assert [major_model(t) for t in ("MiG-21MF", "F-4E", "MiG-15bis", "F-15C")] == [
        "MiG-21",
        "F-4",
        "MiG-15",
        "F-15",
    ]


# -- the order file -----------------------------------------------------------------------


def test_crew_order_errors_name_the_field_and_what_is_allowed() -> None:
    with pytest.raises(Exception) as bad:
        CrewOrders.model_validate({"tally_cues": ["radar"]})
    lines = describe_validation_error(bad.value)  # type: ignore[arg-type]
    assert lines == ["tally_cues.0: should be 'radio', 'datalink', 'hud' or 'hmd' (got 'radar')"]
    with pytest.raises(Exception) as bad:
        CrewOrders.model_validate({"padlock": True})
    lines = describe_validation_error(bad.value)  # type: ignore[arg-type]
    assert lines and all(line.startswith("padlock") and "(got true)" in line for line in lines)
