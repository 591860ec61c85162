"""Swing wings in the game loop: a manual wing declared in SoP 02 moves in SoP 11; an
automatic wing follows its Mach schedule ("Manual Swing-Wing", "Automatic Swing-Wing")."""

from pathlib import Path
from typing import Any

import pytest

from engine.bop.errors import IllegalOrder
from engine.bop.game import Game
from models.aircraft import card, load_card
from tests.engine.bop.conftest import solo
from tests.models.test_swing_wing import AUTOMATIC, _variant

LEVEL = [{"kind": "straight", "ticks": 10}]


def flogger(*plots: dict[str, Any], speed_kt: int = 450) -> Game:
    return Game(solo(list(plots), type_id="MiG-23MLD", turns=len(plots), speed_kt=speed_kt))


def test_the_flogger_starts_at_its_cards_start_position() -> None:
    game = flogger({"segments": LEVEL})
    state = game.aircraft["test-1"]
    assert state.wing_position == "72" and state.card == card("MiG-23MLD")


def test_a_declared_wing_change_is_paid_now_and_flown_from_the_next_turn() -> None:
    game = flogger({"segments": LEVEL, "swing_wing": "16"}, {"segments": LEVEL})
    state = game.aircraft["test-1"]
    swept = state.card.wing_area_ft2
    first = game.play_turn(game.scripted_orders()).events
    assert [e.detail for e in first if e.kind == "swing_wing"] == [
        "Test 1 commands its wing to 16",
        "Test 1 wing moves from 72 to 16",
    ]
    paid = [s.task for s in state.ledgers[0].spends]
    assert "cockpit action: swing_wing" in paid
    assert state.wing_position == "16" and state.card.wing_area_ft2 > swept
    assert state.card == card("MiG-23MLD").at_wing_position("16")
    timeline = flogger({"segments": LEVEL, "swing_wing": "16"}, {"segments": LEVEL}).run()
    wing = [str(v) for v in timeline.channels["bop.wing_position"][0]]
    assert wing[0] == "72" and wing[-1] == "16"


def test_wing_orders_are_checked() -> None:
    game = flogger({"segments": LEVEL, "swing_wing": "33"})
    with pytest.raises(IllegalOrder, match="no wing position '33'; the positions are 16, 45, 72"):
        game.play_turn(game.scripted_orders())
    fixed = Game(solo([{"segments": LEVEL, "swing_wing": "16"}], type_id="F-16C"))
    with pytest.raises(IllegalOrder, match="has no swing wing"):
        fixed.play_turn(fixed.scripted_orders())


def test_an_automatic_wing_follows_its_mach_schedule(tmp_path: Path) -> None:
    automatic = load_card(_variant(tmp_path, *AUTOMATIC))
    game = flogger({"segments": LEVEL}, speed_kt=300)
    state = game.aircraft["test-1"]
    state.card = automatic  # the synthetic automatic variant, starting at 72 degrees
    events = game.play_turn(game.scripted_orders()).events
    moved = [e.detail for e in events if e.kind == "swing_wing"]
    assert moved == ["Test 1 wing moves from 72 to 16"]  # about Mach 0.5: the 16 band
    assert state.card == automatic.at_wing_position("16")
    with pytest.raises(IllegalOrder, match="sweeps by itself"):
        game.play_turn(
            {"test-1": game.scripted_orders()["test-1"].model_copy(update={"swing_wing": "72"})}
        )
