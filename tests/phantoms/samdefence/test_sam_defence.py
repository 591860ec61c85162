"""Defending against SAMs: the optional emergency maneuver against a SAM in flight
(Intruders I-p.13, "as in Phantoms"), and the AI pilot's choice of the deck, its aspect to
the site and a dive to its profile's level (Intruders I-p.3, I-p.4).  Then the optional
hidden markers: face down until reached, read by the AI from their hex alone."""

from __future__ import annotations

from engine.hexmap import Hex
from engine.phantoms.ai import face_down_reading
from engine.phantoms.ai_maneuver import Goal, Option, sam_defence, score
from engine.phantoms.forecast import forecast
from engine.phantoms.game import PhantomsGame
from engine.phantoms.state import PlaneState
from models.phantoms.card import control_cards
from models.phantoms.orders import MarkerOrder
from models.phantoms.scenario import PhantomsScenario


def sam_run(loaded: bool, emergency: bool = True) -> PhantomsGame:
    """An aircraft flying at an SA-2 site with its Fan Song, the SAMs seen as they come."""
    plane: dict[str, object] = {
        "callsign": "Jet", "type": "f-4e", "side": "us", "hex": "0,-14", "facing": 0,
        "level": 3, "speed": 5, "quality": "experienced", "missiles": {},
    }  # fmt: skip
    if loaded:
        plane |= {"type": "a-4e", "speed": 4, "stores": {"mk-82": 4}}
    raw: dict[str, object] = {
        "name": "SAM run", "rules": "phantoms", "year": 1968, "turns": 6, "seed": 11,
        "options": {"emergency_maneuvers": emergency},
        "aircraft": [plane],
        "ground": [
            {"id": "fan-song", "kind": "sam_radar", "type": "fan-song", "hex": "0,0",
             "side": "nva"},
            {"id": "sa2", "kind": "sam_battery", "type": "sa-2", "hex": "0,0", "count": 6,
             "radar": "fan-song", "side": "nva"},
        ],
    }  # fmt: skip
    return PhantomsGame(PhantomsScenario.model_validate(raw))


def play_until_emergency(game: PhantomsGame) -> list[object]:
    for _ in range(game.scenario.turns):
        game.play_turn({})
        found = [e for e in game.events if e.kind == "phantoms.emergency"]
        if found:
            return list(found)
    return []


def test_an_unloaded_fighter_that_sees_the_sam_swaps_to_a_hard_turn_or_loop() -> None:
    game = sam_run(loaded=False)
    found = play_until_emergency(game)
    assert found, "six turns of SA-2s, and the jet never saw one"
    event = found[0]
    assert event.data["swapped"] is True  # type: ignore[attr-defined]
    assert "sees sa2-sam" in event.detail  # type: ignore[attr-defined]
    assert any(
        "emergency maneuver spot (§7.1), jet on sa2-sam" in r.purpose for r in game.dice.rolls
    )


def test_a_loaded_striker_sees_it_but_may_not_hard_turn() -> None:
    game = sam_run(loaded=True)
    found = play_until_emergency(game)
    assert found
    assert found[0].data["swapped"] is False  # type: ignore[attr-defined]
    assert "(§11.0)" in found[0].detail  # type: ignore[attr-defined]


def test_without_the_option_no_one_looks() -> None:
    game = sam_run(loaded=False, emergency=False)
    for _ in range(4):
        game.play_turn({})
    assert not [e for e in game.events if e.kind == "phantoms.emergency"]
    assert not any("emergency maneuver spot" in r.purpose for r in game.dice.rolls)


def option(order: MarkerOrder, hex_: Hex, facing: int, level: int, speed: int, hexes: int):  # type: ignore[no-untyped-def]
    card = control_cards()["a-4e"]
    end = forecast(card, hex_, facing, level, speed, order.maneuver, order.levels, hexes)
    return Option(order, hexes, end)


def test_the_deck_and_the_nose_on_the_site_are_the_best_sam_defence() -> None:
    site = Hex(0, 0)
    nose_on = option(MarkerOrder(maneuver="S", levels=-1), Hex(0, 8), 3, 1, 4, 1)
    level_on = option(MarkerOrder(maneuver="S", levels=0), Hex(0, 8), 3, 1, 4, 1)
    tail_on = option(MarkerOrder(maneuver="S", levels=0), Hex(0, 8), 0, 1, 4, 1)
    assert sam_defence(nose_on.end, [site]) == 2 + 3
    assert sam_defence(level_on.end, [site]) == 3
    assert sam_defence(tail_on.end, [site]) == 0
    assert sam_defence(level_on.end, []) == 0


def test_a_striker_gives_up_a_hex_to_dive_to_its_profile_level() -> None:
    """A dive marker may lie in the aircraft's own hex; over one horizon the dive that
    brings it to its profile's level beats the straight that flies a hex further."""
    card = control_cards()["a-4e"]
    start, facing = Hex(0, 0), 0
    dive = MarkerOrder(maneuver="S", levels=-1)
    level = MarkerOrder(maneuver="S", levels=0)
    options = [option(dive, start, facing, 4, 4, 0), option(level, start, facing, 4, 4, 1)]
    horizon = max(len(o.end.path) for o in options)
    goal = Goal(strike_hex=Hex(0, 10), strike_level=1)
    plane = PlaneState(
        id="a4", side="us", card=card, quality="average", hex=start, facing=facing, level=4,
        speed=4,
    )  # fmt: skip
    common = {"guns": False, "heat": False, "radar_range": None, "inbound": 0, "loc_risk": 0.0}
    scores = [score(plane, o, [], goal, horizon_hexes=horizon, **common) for o in options]  # type: ignore[arg-type]
    assert scores[0] > scores[1]
    blind = [score(plane, o, [], goal, **common) for o in options]  # type: ignore[arg-type]
    assert blind[0] < blind[1], "without the horizon the longer marker looked better"


def hidden_duel() -> PhantomsScenario:
    raw: dict[str, object] = {
        "name": "hidden duel", "rules": "phantoms", "year": 1972, "turns": 3, "seed": 5,
        "options": {"hidden_markers": True},
        "aircraft": [
            {"callsign": "Blue", "type": "f-4e", "side": "us", "hex": "0,0", "facing": 0,
             "level": 4, "speed": 5, "pilot": "script", "markers": "RT S LHT S"},
            {"callsign": "Red", "type": "mig-21mf", "side": "vpaf", "hex": "0,12", "facing": 3,
             "level": 4, "speed": 5},
        ],
    }  # fmt: skip
    return PhantomsScenario.model_validate(raw)


def test_hidden_markers_are_placed_face_down_and_flipped_when_reached() -> None:
    game = PhantomsGame(hidden_duel())
    game.play_turn({})
    orders = [e for e in game.events if e.kind == "phantoms.order"]
    flips = [e for e in game.events if e.kind == "phantoms.reveal" and e.entities == ("blue",)]
    assert orders and all(e.detail.endswith("places a marker face down") for e in orders)
    assert flips and flips[0].detail.endswith("flips its marker: RT")


def test_a_face_down_marker_reads_as_straight_unless_its_aircraft_is_tailed() -> None:
    assert face_down_reading("LHT", told=False) == "S"
    assert face_down_reading("LHT", told=True) == "LT"
    assert face_down_reading("RS", told=True) == "RT"
    assert face_down_reading("LOOP", told=True) == "S"
