"""Awareness in the game loop: Initiative and Fix attempts (SoP 08), Visual Sighting (SoP 09),
and the rules that read the spots: Guns Engagement and Missile Defense (SoP 07)."""

from pathlib import Path
from typing import Any

from engine.bop.game import Game
from engine.bop.sighting import Observer
from models.scenario import Scenario, load_scenario

HISTORICAL = Path(__file__).resolve().parents[3] / "scenarios" / "historical"
STRAIGHT = {"segments": [{"kind": "straight", "ticks": 10}]}
NORTH = {"nose": "015+00", "canopy": "All+90", "wing": "105+00"}
SOUTH = {"nose": "195+00", "canopy": "All+90", "wing": "285+00"}
EAST = {"nose": "105+00", "canopy": "All+90", "wing": "195+00"}
SPARROW = {**STRAIGHT, "missile": {"type": "AIM-7E-2", "target": "fishbed-1"}}


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
    game = Game(head_on("2,6"))
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
        assert timeline.channels["initiative"][index][-1] != ""
        assert "/" in timeline.channels["flight_class"][index][-1]
    phantom = timeline.entity_index("phantom-1")
    assert timeline.channels["spotted"][phantom][0] == "fishbed-1"
    assert timeline.channels["activity"][phantom][0] == "6 6"  # before any task is paid


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


def crossing(red_plot: dict[str, Any] = STRAIGHT) -> Game:
    """Seeded: the Phantom fires a Sparrow at a Fishbed crossing its nose from left to right
    about 3 nm ahead; the Fishbed's pilot has the Phantom in sight, and the Sparrow reaches
    it the next game-turn."""
    game = Game(head_on("10,24", SPARROW, 2, EAST, red_plot), 1)
    assert game.awareness.pilot_has_spotted(game.aircraft["fishbed-1"], "Phantom 1")
    return game


def missile_attacks(game: Game) -> list[Any]:
    return [e for e in game.run().meta.events if e.kind in ("hit", "miss") and "AIM" in e.detail]


def test_a_target_that_saw_the_launch_flies_missile_defense() -> None:
    game = crossing()
    (attack,) = missile_attacks(game)
    assert game.missiles["phantom-1-m1"].target_aware
    assert attack.data["defending"] is True
    assert "missile_defense" in [s.task for s in game.aircraft["fishbed-1"].ledgers[0].spends]


def test_the_crew_orders_can_decline_missile_defense() -> None:
    game = crossing({**STRAIGHT, "crew": {"missile_defense": False}})
    (attack,) = missile_attacks(game)
    assert attack.data["defending"] is False


def test_a_target_that_never_saw_the_launcher_cannot_defend() -> None:
    events = Game(load_scenario(HISTORICAL / "missile-fight.toml")).run().meta.events
    attacks = [e for e in events if e.kind in ("hit", "miss") and "AIM-7E-2" in e.detail]
    assert attacks and all(e.data.get("defending") is False for e in attacks)
