"""Select Weapon (SoP 02): one missile type selected per game-turn, chosen in the
Declarations phase; only it may be launched and only its seeker works."""

from typing import Any

import pytest

from engine.bop.errors import IllegalOrder
from engine.bop.game import Game
from engine.bop.weapon_select import standing_selection
from models.missile import missile_card
from models.orders import BopPlot
from tests.engine.bop.test_launch_play import STRAIGHT, chase

FULCRUM_LOAD = ["R-27R", "R-73"]


def plot(**fields: Any) -> BopPlot:
    return BopPlot.model_validate({"segments": STRAIGHT, **fields})


def orders(game: Game, shooter: BopPlot) -> dict[str, BopPlot]:
    return {**game.scripted_orders(), "shooter-1": shooter}


def test_a_launch_of_a_type_other_than_the_selected_one_is_illegal() -> None:
    """Select Weapon: only the selected weapon may be fired this game-turn."""
    game = chase("MiG-29", FULCRUM_LOAD, {"type": "R-27R", "target": "eagle-1"}, 3)
    bad = plot(weapon="R-73", missile={"type": "R-27R", "target": "eagle-1"})
    with pytest.raises(IllegalOrder, match=r"only the selected weapon.*Select Weapon, SoP 02"):
        game.play_turn(orders(game, bad))


def test_selecting_is_a_declaration_paid_at_the_start_of_the_turn() -> None:
    """SoP 02: Weapon Select is declared (and its cockpit action paid) in the Declarations
    phase, before anything flies; a selection then stands with no new payment."""
    game = chase("MiG-29", FULCRUM_LOAD, {"type": "R-27R", "target": "eagle-1"}, 3)
    first = game.play_turn(orders(game, plot(weapon="R-73")))
    selects = [e for e in first.events if e.kind == "weapon_select"]
    assert [(e.t_s, e.data["weapon"]) for e in selects] == [(0.0, "R-73")]
    assert first.events.index(selects[0]) < min(
        i for i, e in enumerate(first.events) if e.kind.startswith("sensor")
    )
    shooter = game.aircraft["shooter-1"]
    assert shooter.selected_weapon == "R-73"
    second = game.play_turn(orders(game, plot()))
    assert not [e for e in second.events if e.kind == "weapon_select"]
    paid = [s.task for s in shooter.ledgers[0].spends]
    assert "cockpit action: weapon_select" not in paid


def seeker_events(game: Game, selected: str) -> list[str]:
    result = game.play_turn(orders(game, plot(weapon=selected)))
    return [e.detail for e in result.events if "IRM" in e.detail]


def test_only_the_selected_ir_missiles_seeker_works_in_the_sensor_phase() -> None:
    """Select Weapon: a missile must be selected in SoP 02 to be operated in the Sensors
    phase, so an R-73 seeker tries for the Eagle only when the R-73 is selected."""
    idle = chase("MiG-29", FULCRUM_LOAD, {"type": "R-27R", "target": "eagle-1"}, 3)
    assert seeker_events(idle, "R-27R") == []
    working = chase("MiG-29", FULCRUM_LOAD, {"type": "R-27R", "target": "eagle-1"}, 3)
    assert any("R-73" in detail for detail in seeker_events(working, "R-73"))


def test_the_combat_phase_refuses_a_weapon_not_selected() -> None:
    """Select Weapon: the Combat phase fires only the weapon selected in SoP 02."""
    game = chase("MiG-29", FULCRUM_LOAD, {"type": "R-27R", "target": "eagle-1"}, 3)
    assert game.aircraft["shooter-1"].selected_weapon == "R-27R"
    refused = game.combat.weapon_launch("shooter-1", missile_card("R-73"))
    assert refused == "Select Weapon, SoP 02: the R-73 is not selected (R-27R is)"


def test_a_spent_type_passes_to_its_other_seeker_twin_by_itself() -> None:
    """Select Weapon: with one seeker type of a missile spent, the aircraft selects the
    other seeker type of the same missile automatically; otherwise the next type carried
    is a new selection."""
    game = chase("MiG-29", FULCRUM_LOAD, {"type": "R-27R", "target": "eagle-1"}, 3)
    shooter = game.aircraft["shooter-1"]
    twin = missile_card("R-27R").matched_pair_type_id
    assert twin == "R-27T"
    shooter.missiles_left = {"R-27R": 0, "R-73": 2, twin: 1}
    assert standing_selection(shooter) == twin
    shooter.missiles_left = {"R-27R": 0, "R-73": 2}
    assert standing_selection(shooter) == "R-73"
