"""The pilot may take less Engine ΔSpeed than the throttle gives (Engine, Ep12)."""

import pytest
from pydantic import ValidationError

from engine.bop.errors import IllegalOrder
from engine.bop.game import Game
from engine.bop.legality import engine_dspeed_range_kt
from models.orders import BopPlot
from tests.engine.bop.conftest import solo

STRAIGHT = [{"kind": "straight", "ticks": 10}]


def one_turn(throttle: str, engine_dspeed_kt: int | None = None) -> tuple[Game, BopPlot]:
    game = Game(solo([{"throttle": throttle, "segments": STRAIGHT}], turns=1))
    plot = BopPlot.model_validate(
        {"throttle": throttle, "engine_dspeed_kt": engine_dspeed_kt, "segments": STRAIGHT}
    )
    return game, plot


def test_taking_less_engine_dspeed_slows_the_aircraft_by_the_difference() -> None:
    """Ep12: a lower Engine ΔSpeed than the nomograph gives may be chosen; the other terms
    are unchanged, so the end speed falls by the difference."""
    game, full = one_turn("mil")
    least, most = engine_dspeed_range_kt(game.aircraft["test-1"], "mil")
    assert least == 0 and most > 10
    whole = game.play_turn({"test-1": full}).aircraft["test-1"]
    game, part = one_turn("mil", most - 10)
    less = game.play_turn({"test-1": part}).aircraft["test-1"]
    assert whole.speed_change.engine_kt == most
    assert less.speed_change.engine_kt == most - 10
    assert less.speed_change.end_speed_kt == whole.speed_change.end_speed_kt - 10


def test_the_engine_output_channel_shows_the_part_taken() -> None:
    """Ep12: the HUD's engine output reads the Engine ΔSpeed actually taken."""
    game, full = one_turn("mil")
    _, most = engine_dspeed_range_kt(game.aircraft["test-1"], "mil")
    whole = game.play_turn({"test-1": full}).samples["test-1"]["engine_output"][0]
    game, half = one_turn("mil", 5 * round(most / 10))
    part = game.play_turn({"test-1": half}).samples["test-1"]["engine_output"][0]
    assert part == pytest.approx(whole * (5 * round(most / 10)) / most)


def test_more_than_the_throttle_gives_is_illegal() -> None:
    """Ep12: the choice is a lower value, never a higher one."""
    game, _ = one_turn("mil")
    _, most = engine_dspeed_range_kt(game.aircraft["test-1"], "mil")
    game, plot = one_turn("mil", most + 5)
    with pytest.raises(
        IllegalOrder, match=rf"more than the {most} kt.*\(Engine ΔSpeed, Ep12\)"
    ) as caught:
        game.play_turn({"test-1": plot})
    assert "Test 1" in str(caught.value)


def test_afterburner_takes_at_least_what_dry_gives() -> None:
    """Ep12: at afterburner the Engine ΔSpeed chosen may not fall below Dry's maximum."""
    game, _ = one_turn("ab")
    least, most = engine_dspeed_range_kt(game.aircraft["test-1"], "ab")
    assert 0 < least < most
    game, plot = one_turn("ab", least - 5)
    with pytest.raises(IllegalOrder, match="less than the"):
        game.play_turn({"test-1": plot})
    game, plot = one_turn("ab", least)
    flown = game.play_turn({"test-1": plot}).aircraft["test-1"]
    assert flown.speed_change.engine_kt == least


def test_engine_dspeed_is_written_in_5_kt_steps() -> None:
    """Rounding: speeds and speed changes are multiples of 5 kt; the order's field path
    and the rule are in the error."""
    with pytest.raises(ValidationError, match=r"engine_dspeed_kt[\s\S]*multiple of 5"):
        BopPlot.model_validate({"engine_dspeed_kt": 12, "segments": STRAIGHT})
    with pytest.raises(ValidationError, match="engine_dspeed_kt"):
        BopPlot.model_validate({"engine_dspeed_kt": -5, "segments": STRAIGHT})
