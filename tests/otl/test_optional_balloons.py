"""§Balloons and §Incendiary Ammo against balloons."""

from __future__ import annotations

import pytest

from engine.dice import Dice
from engine.otl.optional.balloons import (
    BALLOON_DEFLECTION,
    BALLOON_SIZE,
    balloon_chit,
    balloon_damage,
    launch_balloon,
    sink_balloon,
)
from tests.otl.test_optional_planes import unit


def test_a_balloon_starts_1d6_times_500_ft_up_unless_the_scenario_says() -> None:
    dice = Dice.seeded(0, [("d6", 3)])
    balloon = launch_balloon(unit("drachen-1", "balloon", x_in=4.0, y_in=-2.0), dice)
    assert balloon.alt_ft == 1_500.0
    assert dice.rolls[0].purpose == "balloon height, drachen-1"
    given = launch_balloon(unit("drachen-2", "balloon", alt_ft=2_000), Dice.seeded(0))
    assert given.alt_ft == 2_000.0
    assert (BALLOON_SIZE, BALLOON_DEFLECTION) == (4, 0)


def test_it_sinks_50_ft_a_round_and_is_safe_on_the_ground() -> None:
    balloon = launch_balloon(unit("b", "balloon", alt_ft=100), Dice.seeded(0))
    assert sink_balloon(balloon, 1) is None
    assert balloon.alt_ft == 50.0 and balloon.targetable
    event = sink_balloon(balloon, 2)
    assert event is not None and event.kind == "otl.balloon"
    assert not balloon.targetable
    assert balloon_chit(balloon, "engine_fire", incendiary=True) == "ignored"


@pytest.mark.parametrize(
    ("key", "effect"),
    [
        ("engine_hit", "exploded"),
        ("gas_tank", "exploded"),
        ("fuel_line_cut", "exploded"),
        ("pilot_light", "wounded"),
        ("observer_killed", "wounded"),
        ("wing_check_2", "ignored"),
        ("rudder_hit", "ignored"),
        ("miss", "ignored"),
    ],
)
def test_only_engine_fuel_and_crew_chits_count(key: str, effect: str) -> None:
    balloon = launch_balloon(unit("b", "balloon", alt_ft=1_000), Dice.seeded(0))
    assert balloon_chit(balloon, key, incendiary=False) == effect


def test_incendiary_ammo_explodes_it_with_any_critical() -> None:
    balloon = launch_balloon(unit("b", "balloon", alt_ft=1_000), Dice.seeded(0))
    assert balloon_chit(balloon, "wing_check_3", incendiary=True) == "ignored"
    assert balloon_chit(balloon, "rudder_hit", incendiary=True) == "exploded"


def test_a_draw_wounds_the_basket_and_stops_at_the_explosion() -> None:
    balloon = launch_balloon(unit("b", "balloon", alt_ft=1_000), Dice.seeded(0))
    event = balloon_damage(
        balloon,
        ["pilot_light", "pilot_heavy", "pilot_light"],
        False,
        attacker="camel-1",
        round_no=4,
    )
    assert balloon.wounds == {"pilot": "heavy", "observer": "none"}
    assert balloon.status == "aloft"
    assert "crew is hit" in event.detail
    event = balloon_damage(
        balloon, ["gas_tank_fire", "observer_killed"], False, attacker="camel-1", round_no=5
    )
    assert not balloon.targetable
    assert event.data["effects"] == ("exploded", "ignored")
