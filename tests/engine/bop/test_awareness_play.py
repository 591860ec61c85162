"""Awareness in the game loop: Initiative and Fix attempts (SoP 08), Visual Sighting (SoP 09),
and the rules that read the spots: Guns Engagement and Missile Defense (SoP 07)."""

from pathlib import Path
from typing import Any

from engine.bop.game import Game
from engine.bop.sighting import Observer
from models.orders import CrewOrders
from models.scenario import Scenario, WeatherSetup, load_scenario

HISTORICAL = Path(__file__).resolve().parents[3] / "scenarios" / "historical"
STRAIGHT = {"segments": [{"kind": "straight", "ticks": 10}]}
NORTH = {"nose": "015+00", "canopy": "All+90", "wing": "105+00"}
SOUTH = {"nose": "195+00", "canopy": "All+90", "wing": "285+00"}
EAST = {"nose": "105+00", "canopy": "All+90", "wing": "195+00"}
SPARROW = {**STRAIGHT, "missile": {"type": "AIM-7E-2", "target": "fishbed-1"}}
TALLYING = {**STRAIGHT, "crew": {"padlock": False}}
"""Straight flight, keeping spots by tally rather than the doctrine's padlock."""


def head_on(
    red_hex: str,
    blue_plot: dict[str, Any] = STRAIGHT,
    turns: int = 2,
    red_attitude: dict[str, str] = SOUTH,
    red_plot: dict[str, Any] = STRAIGHT,
) -> Scenario:
    """A Phantom heading north at the origin and a Fishbed (heading south unless told
    otherwise) at ``red_hex``."""
    plane: dict[str, Any] = {"alt_steps": 100, "speed_kt": 450, "throttle": "mil"}
    return Scenario.model_validate(
        {
            "name": "head-on",
            "turns": turns,
            "seed": 3,
            "aircraft": [
                {
                    **plane,
                    "callsign": "Phantom 1",
                    "type": "F-4E",
                    "side": "blue",
                    "hex": "0,0",
                    "attitude": NORTH,
                    "missiles": ["AIM-7E-2", "AIM-7E-2"],
                    "script": {"plots": [blue_plot, STRAIGHT]},
                },
                {
                    **plane,
                    "callsign": "Fishbed 1",
                    "type": "MiG-21MF",
                    "side": "red",
                    "hex": red_hex,
                    "attitude": red_attitude,
                    "script": {"plots": [red_plot]},
                },
            ],
        }
    )


def test_crews_start_with_the_aircraft_they_could_see_spotted() -> None:
    near = Game(head_on("2,6"))
    assert near.awareness.has_spotted("Phantom 1", "Fishbed 1")
    assert near.awareness.has_spotted("Fishbed 1", "Phantom 1")
    far = Game(head_on("28,66"))  # 8 nm: beyond the limit of sight
    assert not far.awareness.spots.spots


def test_spots_are_kept_by_tallies_paid_from_the_crews_ap() -> None:
    game = Game(head_on("2,6", TALLYING, red_plot=TALLYING))
    result = game.play_turn(game.scripted_orders())
    tallies = [e for e in result.events if e.kind == "tally"]
    assert {e.entities[0] for e in tallies} == {"phantom-1", "fishbed-1"}
    phantom = game.aircraft["phantom-1"]
    paid = [s.task for ledger in phantom.ledgers for s in ledger.spends]
    assert "tally" in paid and "tally" in [s.task for s in phantom.ledgers[1].spends]


def test_every_aircraft_rolls_initiative_and_gets_plot_and_move_classes() -> None:
    timeline = Game(head_on("2,6")).run()
    rolls = [e for e in timeline.meta.events if e.kind == "initiative"]
    assert len(rolls) == 4  # two aircraft, two game-turns
    for entity in ("phantom-1", "fishbed-1"):
        index = timeline.entity_index(entity)
        assert timeline.channels["bop.initiative"][index][-1] != ""
        assert "/" in timeline.channels["bop.flight_class"][index][-1]
    phantom = timeline.entity_index("phantom-1")
    assert timeline.channels["bop.spotted"][phantom][0] == "fishbed-1"
    assert timeline.channels["bop.activity"][phantom][0] == "6 6"  # before any task is paid


def test_the_guns_need_the_pilot_to_have_spotted_the_target() -> None:
    game = Game(load_scenario(HISTORICAL / "guns-duel.toml"))
    sabre = game.aircraft["sabre-1"]
    game.awareness.spots = game.awareness.spots.forget(Observer("Sabre 1", "pilot"))
    result = game.play_turn(game.scripted_orders())
    refused = [e for e in result.events if e.kind == "no_gunshot"]
    assert refused and "has not spotted" in refused[0].detail
    assert not [e for e in result.events if e.kind == "gunshot"]
    assert "guns_engagement" not in [s.task for s in sabre.ledgers[0].spends]


def test_a_gunshot_pays_the_guns_engagement_task() -> None:
    game = Game(load_scenario(HISTORICAL / "guns-duel.toml"))
    result = game.play_turn(game.scripted_orders())
    assert [e for e in result.events if e.kind == "gunshot"]
    assert "guns_engagement" in [s.task for s in game.aircraft["sabre-1"].ledgers[0].spends]


def fight(red_crew: dict[str, Any] | None = None, rwr: bool = True) -> Game:
    """The seeded missile fight: the Phantom locks the Fishbed up in STT and fires
    Sparrows; the Fishbed's RWR warns of the lock (unless ``rwr`` is False)."""
    scenario = load_scenario(HISTORICAL / "missile-fight.toml")
    if red_crew is not None:
        fishbed = scenario.aircraft[1]
        crew = CrewOrders.model_validate(red_crew)
        plots = tuple(p.model_copy(update={"crew": crew}) for p in fishbed.script.plots)
        script = fishbed.script.model_copy(update={"plots": plots})
        fishbed = fishbed.model_copy(update={"script": script})
        scenario = scenario.model_copy(update={"aircraft": (scenario.aircraft[0], fishbed)})
    game = Game(scenario)
    if not rwr:
        suite = game.aircraft["fishbed-1"].sensors
        assert suite.fit is not None
        suite.fit = suite.fit.model_copy(update={"rwr": None})
    return game


def missile_attacks(game: Game) -> list[Any]:
    return [e for e in game.run().meta.events if e.kind in ("hit", "miss") and "AIM" in e.detail]


def test_a_target_warned_of_the_lock_flies_missile_defense() -> None:
    game = fight()
    attacks = missile_attacks(game)
    assert attacks and all(e.data["defending"] is True for e in attacks)
    assert game.missiles["phantom-1-m1"].target_aware
    paid = [s.task for s in game.aircraft["fishbed-1"].ledgers[0].spends]
    assert "missile_defense" in paid or not game.aircraft["fishbed-1"].active


def test_the_crew_orders_can_decline_missile_defense() -> None:
    attacks = missile_attacks(fight(red_crew={"missile_defense": False}))
    assert attacks and all(e.data["defending"] is False for e in attacks)


def test_a_target_that_neither_sees_nor_hears_the_launch_cannot_defend() -> None:
    game = fight(rwr=False)
    attacks = missile_attacks(game)
    assert attacks and all(e.data["defending"] is False for e in attacks)
    assert not game.missiles["phantom-1-m1"].target_aware


def test_cloud_between_two_aircraft_hides_them_and_haze_makes_searching_harder() -> None:
    clouded = head_on("2,6").model_copy(
        update={
            "weather": WeatherSetup.model_validate(
                {"cloud": [{"bottom_steps": 95, "top_steps": 105}]}
            )
        }
    )
    game = Game(clouded)
    assert not game.awareness.spots.spots  # no one starts with the other in sight
    hazy = head_on("3,8", TALLYING, red_plot=TALLYING).model_copy(
        update={
            "weather": WeatherSetup.model_validate(
                {"haze": [{"bottom_steps": 90, "top_steps": 110}]}
            )
        }
    )
    events = Game(hazy).run().meta.events
    searches = [e for e in events if e.kind in ("visual_search", "tally") and "haze" in e.detail]
    assert searches


def test_a_wingman_who_sees_the_launcher_warns_by_radio() -> None:
    from engine.bop.sighting import Observer, Spot, SpotState

    scenario = head_on("28,66")
    wingman = scenario.aircraft[1].model_copy(update={"callsign": "Fishbed 2", "hex": "30,66"})
    game = Game(scenario.model_copy(update={"aircraft": (*scenario.aircraft, wingman)}))
    game.awareness.spots = SpotState(
        0, frozenset({Spot(Observer("Fishbed 2", "pilot"), "Phantom 1", "visual_search", 0)})
    )
    notes: list[Any] = []
    assert game.combat.sees_launch("fishbed-1", "phantom-1", notes, 6.0)
    (call,) = [e for e in notes if e.kind == "warning_call"]
    assert call.detail == "Fishbed 2 warns Fishbed 1 of Phantom 1's launch"
    paid = [s.task for s in game.aircraft["fishbed-2"].ledgers[0].spends]
    assert "cockpit action: warning_call" in paid
    # Nobody on the Phantom's side sees a launcher: no call, no awareness.
    assert not game.combat.sees_launch("phantom-1", "fishbed-1", [], 6.0)
