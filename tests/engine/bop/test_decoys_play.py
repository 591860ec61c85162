"""Decoys in the game loop: the DDS program (SoP 02) and manual releases against a missile
the crew defend against (docs/rulings.md, "Decoys")."""

from pathlib import Path

import pytest

from engine.bop.decoys import countermeasure_columns, decoy_kind
from engine.bop.errors import IllegalOrder
from engine.bop.game import Game
from models.missile import missile_card
from models.scenario import load_scenario
from tests.engine.bop.conftest import solo

BVR = Path(__file__).resolve().parents[3] / "scenarios" / "demo" / "2v2-bvr.toml"
LEVEL = [{"kind": "straight", "ticks": 10}]


@pytest.mark.parametrize(("released", "columns"), [(0, 0), (1, 1), (2, 1), (3, 2), (8, 2)])
def test_matching_decoys_add_defense_columns(released: int, columns: int) -> None:
    assert countermeasure_columns(released) == columns


def test_flares_fool_ir_seekers_and_chaff_radar() -> None:
    assert decoy_kind(missile_card("AIM-9L")) == "flares"
    assert decoy_kind(missile_card("AIM-7M")) == "chaff"
    assert decoy_kind(missile_card("AIM-120A")) == "chaff"


def test_a_program_dispenses_every_turn_until_switched_off() -> None:
    plots = [
        {"segments": LEVEL, "sensors": {"decoy_program": 2}},
        {"segments": LEVEL},
        {"segments": LEVEL, "sensors": {"decoy_program": 0}},
    ]
    game = Game(solo(plots, turns=3))
    state = game.aircraft["test-1"]
    start = dict(state.decoys_left or {})
    first = game.play_turn(game.scripted_orders()).events
    assert any(e.kind == "decoys" and "program to 2" in e.detail for e in first)
    assert "cockpit action: set_dds" in [s.task for s in state.ledgers[0].spends]
    game.play_turn(game.scripted_orders())
    game.play_turn(game.scripted_orders())
    assert state.decoys_left == {kind: left - 4 for kind, left in start.items()}


def test_a_type_without_a_dispenser_cannot_set_a_program() -> None:
    game = Game(solo([{"segments": LEVEL, "sensors": {"decoy_program": 2}}], type_id="MiG-21MF"))
    orders = game.scripted_orders()
    assert not game.legal(orders)
    with pytest.raises(IllegalOrder, match=r"Test 1, turn 1: .*no decoy dispenser"):
        game.play_turn(orders)


def test_a_defending_target_puts_out_chaff_against_a_radar_missile() -> None:
    timeline = Game(load_scenario(BVR)).run()
    releases = [e for e in timeline.meta.events if e.kind == "decoys" and "releases" in e.detail]
    assert releases and all("chaff" in e.detail for e in releases)
