"""Matched IR/RH missile pairs: alternating seekers ("Select Weapon", SoP 02), the matched
pair's second missile (the missile-pairs paragraph of Missile Combat, and the second-missile
acquisition of the Sensors rules), and The Odd Couple as an optional rule."""

from typing import Any

import pytest

from engine.bop import seeker_pairs
from engine.bop.ai.contacts import Contact, Sighting
from engine.bop.ai.declarations import missile_for
from engine.bop.errors import IllegalOrder
from engine.bop.game import Game
from engine.bop.seeker_pairs import (
    live_member,
    opening_member,
    second_missile,
    selection_after_firing,
)
from engine.bop.sensors.common import Awareness
from engine.bop.sensors.radar import RadarState
from models.aircraft import card
from models.missile import MissileCard, missile_card
from models.orders import BopPlot
from models.scenario import Scenario
from tests.engine.bop.test_launch_play import NORTH, STRAIGHT, launched, locked

MIXED = ["R-27R", "R-27T", "R-27R", "R-27T"]


def fulcrum(order: dict[str, Any], seed: int, *, odd_couple: bool = False) -> Game:
    """A MiG-29 with two R-27R and two R-27T 2 nm behind an F-15C, ordered to fire
    ``order`` at it; ``odd_couple`` switches The Odd Couple on."""
    plane: dict[str, Any] = {"alt_steps": 100, "speed_kt": 450, "throttle": "mil"}
    rules = ["crew_fatigue", "odd_couple"] if odd_couple else ["crew_fatigue"]
    scenario = Scenario.model_validate(
        {
            "name": "matched pair",
            "turns": 1,
            "seed": seed,
            "advanced_rules": rules,
            "aircraft": [
                {
                    **plane,
                    "callsign": "Shooter 1",
                    "type": "MiG-29",
                    "side": "red",
                    "hex": "0,0",
                    "attitude": NORTH,
                    "missiles": MIXED,
                    "script": {"plots": [{"segments": STRAIGHT, "missile": order}]},
                },
                {
                    **plane,
                    "callsign": "Eagle 1",
                    "type": "F-15C",
                    "side": "blue",
                    "hex": "5,11",
                    "attitude": NORTH,
                    "script": {"plots": [{"segments": STRAIGHT}]},
                },
            ],
        }
    )
    return Game(scenario)


def ir_locked(game: Game) -> Game:
    """The R-27T's seeker holds the Eagle from last turn's Sensor phase."""
    game.aircraft["shooter-1"].sensors.ir_lock = Awareness("R-27T", "Eagle 1", "acquisition", 0)
    return game


def events_of(game: Game) -> list[Any]:
    return list(game.play_turn(game.scripted_orders()).events)


# --- alternation (Select Weapon) --------------------------------------------------------


def test_an_alternating_pair_opens_with_the_ir_missile() -> None:
    """Select Weapon: many Soviet radar/IR pairs alternate seekers, IR first, so a MiG-29
    whose load lists the R-27R first starts with the R-27T selected."""
    game = fulcrum({"type": "R-27T", "target": "eagle-1"}, 1)
    assert game.aircraft["shooter-1"].selected_weapon == "R-27T"
    assert opening_member("R-27R", {"R-27R": 1, "R-27T": 1}) == "R-27T"
    assert opening_member("R-27R", {"R-27R": 1}) == "R-27R"  # nothing to alternate with


def test_the_selection_flips_after_each_missile_fired() -> None:
    """Select Weapon: IR, then radar, then IR; once one seeker type is spent the other
    stays selected (there is nothing left to alternate with)."""
    left = {"R-27R": 2, "R-27T": 1}
    assert selection_after_firing("R-27T", left) == "R-27R"
    assert selection_after_firing("R-27R", left) == "R-27T"
    assert selection_after_firing("R-27R", {"R-27R": 1, "R-27T": 0}) == "R-27R"
    assert selection_after_firing("R-27T", {"R-27R": 1, "R-27T": 0}) == "R-27R"


def test_a_single_ir_launch_passes_the_selection_to_the_radar_twin() -> None:
    """Select Weapon: after the R-27T goes (launched or not) the R-27R is selected, free
    of the Weapon Select action."""
    game = locked(ir_locked(fulcrum({"type": "R-27T", "target": "eagle-1"}, 3)))
    events = events_of(game)
    passed = [e for e in events if e.kind == "weapon_select"]
    assert [e.data["weapon"] for e in passed] == ["R-27R"]
    assert "the pair alternates seekers" in passed[0].detail
    shooter = game.aircraft["shooter-1"]
    assert shooter.selected_weapon == "R-27R"
    assert "cockpit action: weapon_select" not in [s.task for s in shooter.ledgers[0].spends]


def test_selecting_the_member_out_of_turn_is_illegal() -> None:
    """Select Weapon: the alternation, not the pilot, says which seeker type fires next."""
    game = fulcrum({"type": "R-27T", "target": "eagle-1"}, 1)
    plot = BopPlot.model_validate({"segments": STRAIGHT, "weapon": "R-27R"})
    with pytest.raises(IllegalOrder, match=r"alternate seekers, IR first.*R-27T is up"):
        game.play_turn({**game.scripted_orders(), "shooter-1": plot})
    radar_first = BopPlot.model_validate(
        {"segments": STRAIGHT, "missile": {"type": "R-27R", "target": "eagle-1"}}
    )
    with pytest.raises(IllegalOrder, match=r"R-27T is up; order the R-27T"):
        game.play_turn({**game.scripted_orders(), "shooter-1": radar_first})
    assert live_member("R-27R", {"R-27R": 2, "R-27T": 2}, "R-73") == "R-27T"
    assert live_member("R-27T", {"R-27R": 2, "R-27T": 2}, "R-27R") == "R-27R"


def test_a_pair_that_does_not_alternate_fires_one_type_until_it_is_spent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Select Weapon: radar and IR versions without the MDC note fire every missile of the
    selected seeker type, then the other is selected by itself."""
    plain = {
        t: missile_card(t).model_copy(update={"alternates_seekers": False})
        for t in ("R-27R", "R-27T")
    }

    def plain_card(type_id: str) -> MissileCard:
        return plain.get(type_id) or missile_card(type_id)

    monkeypatch.setattr(seeker_pairs, "missile_card", plain_card)
    assert opening_member("R-27R", {"R-27R": 2, "R-27T": 2}) == "R-27R"
    assert selection_after_firing("R-27R", {"R-27R": 1, "R-27T": 2}) == "R-27R"
    assert selection_after_firing("R-27R", {"R-27R": 0, "R-27T": 2}) == "R-27T"


# --- matched pairs (Missile Combat, Sensors) --------------------------------------------


def test_a_matched_pair_fires_the_ir_then_the_radar_twin() -> None:
    """Missile pairs "of the same type (or matched IR and RH pairs of Soviet-made
    missiles)": the R-27T's pair is the R-27R, which acquires by the launcher's radar
    track."""
    for seed in range(1, 40):
        events = events_of(locked(ir_locked(fulcrum({**PAIR, "type": "R-27T"}, seed))))
        fired = [e.data["type"] for e in events if e.kind == "launch" and e.data.get("launched")]
        if len(fired) == 2:
            break
    else:
        raise AssertionError("no seed launched both missiles of the pair")
    assert fired == ["R-27T", "R-27R"]
    assert not any("Slaved IRM Acquisition" in e.detail for e in events)


def test_the_radar_second_needs_the_launchers_track() -> None:
    """Second RH missiles acquire automatically only while the launcher keeps its radar
    track (here the radar holds nothing)."""
    for seed in range(1, 40):
        events = events_of(ir_locked(fulcrum({**PAIR, "type": "R-27T"}, seed)))
        if any(launched(e, "shooter-1-m1") for e in events):
            break
    held = [e.detail for e in events if e.kind == "no_launch"]
    assert held and "holds the pair R-27R" in held[0] and "radar track" in held[0]


PAIR = {"target": "eagle-1", "pair": True}
ODD = {"type": "R-27R", "target": "eagle-1", "follow_on": True}


def test_the_odd_couple_is_not_played_unless_the_scenario_says_so() -> None:
    """The Odd Couple: the rulebook doubts the Soviets ever paired an IR missile behind its
    radar twin, so it is an optional rule; without it the R-27R goes alone."""
    for seed in range(1, 40):
        game = locked(fulcrum(ODD, seed))
        game.aircraft["shooter-1"].selected_weapon = "R-27R"  # the R-27R's turn
        events = events_of(game)
        if any(launched(e, "shooter-1-m1") for e in events):
            break
    held = [e.detail for e in events if e.kind == "no_launch"]
    assert held and "The Odd Couple" in held[0]
    assert not any("Slaved IRM Acquisition" in e.detail for e in events)
    first = missile_card("R-27R")
    assert second_missile(first, {"R-27R": 1, "R-27T": 2}, odd_couple=False)[0] is None
    second, _ = second_missile(first, {"R-27R": 1, "R-27T": 2}, odd_couple=True)
    assert second is not None and second.type_id == "R-27T"


def test_the_odd_couples_ir_follow_on_makes_a_slaved_acquisition() -> None:
    """The Odd Couple: the RH missile is selected and launches; the IR twin follows by the
    follow-on procedure, its seeker acquiring by Slaved IRM Acquisition in the Combat phase
    (Sensors, SoP 10)."""
    outcomes = set()
    for seed in range(1, 60):
        game = locked(fulcrum(ODD, seed, odd_couple=True))
        game.aircraft["shooter-1"].selected_weapon = "R-27R"
        events = events_of(game)
        if not any(launched(e, "shooter-1-m1") for e in events):
            continue
        slaved = [e for e in events if "Slaved IRM Acquisition" in e.detail]
        assert slaved and "R-27T" in slaved[0].detail
        if any(launched(e, "shooter-1-m2") for e in events):
            second = next(e for e in events if launched(e, "shooter-1-m2"))
            assert second.data["type"] == "R-27T" and second.data["follow_on"]
            outcomes.add("second")
        else:
            outcomes.add("no second")
    assert "second" in outcomes


def test_the_ai_orders_only_the_member_whose_turn_it_is() -> None:
    """Select Weapon: the AI pilot's missile choice follows the alternation, so with the
    R-27T up it does not order the R-27R even though the radar tracks the bandit."""
    game = ir_locked(fulcrum({"type": "R-27T", "target": "eagle-1"}, 1))
    me = game.aircraft["shooter-1"]
    me.missiles_left = {"R-27R": 2, "R-27T": 2}
    me.sensors.radar = RadarState("STT", (Awareness("radar", "Eagle 1", "track", 0),))
    x, y, z = me.position_ft()
    ahead = Sighting(turn=1, position_ft=(x, y + 8_000.0, z), velocity_ft_s=(0.0, 760.0, 0.0))
    bandit = Contact("eagle-1", "Eagle 1", card("F-15C"), ahead, (0.0, 0.0, 0.0), 0.0, True)
    assert missile_for(me, bandit, 8_000.0, 0.0) == "R-27T"
    me.sensors.ir_lock = None
    assert missile_for(me, bandit, 8_000.0, 0.0) is None  # not the R-27R out of turn
    me.selected_weapon = "R-27R"
    assert missile_for(me, bandit, 8_000.0, 0.0) == "R-27R"
