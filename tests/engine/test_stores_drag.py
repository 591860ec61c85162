"""Stores drag in drag points ("The Form + Stores Drag Table")."""

from __future__ import annotations

from typing import Any

import pytest

from engine import aero
from engine import performance as perf
from engine.bop.game import Game
from models.aircraft import card, shipped_types
from models.missile import missile_card
from tests.engine.bop.conftest import solo

LEVEL = [{"kind": "straight", "ticks": 10}]


def test_the_rulebook_example_gives_two_drag_points() -> None:
    """The Form + Stores Drag Table, Example: +1 per 6.0 and 15 stores points add 2 drag
    points to the Form Drag value at every speed."""
    assert perf.stores_drag_points(15.0, 6.0) == 2


@pytest.mark.parametrize(
    ("stores_points", "drag_points"),
    [(0.0, 0), (5.5, 0), (6.0, 1), (11.5, 1), (12.0, 2), (17.9, 2), (18.0, 3)],
)
def test_only_full_units_count(stores_points: float, drag_points: int) -> None:
    """The Form + Stores Drag Table: one drag point per full unit, fractions dropped."""
    assert perf.stores_drag_points(stores_points, 6.0) == drag_points


def test_bad_inputs_are_refused() -> None:
    with pytest.raises(ValueError, match="negative"):
        perf.stores_drag_points(-1.0, 6.0)
    with pytest.raises(ValueError, match="positive"):
        perf.stores_drag_points(6.0, 0.0)
    with pytest.raises(ValueError, match="negative"):
        perf.drag_points_cd0(-1)


def test_the_f16_loaded_as_the_example_carries_two_drag_points() -> None:
    """The F-16C card gets +1 per 6.0 (ours); two AIM-7M and two AIM-9L are 15 stores
    points, so the rulebook's example is this aircraft."""
    assert card("F-16C").stores.stores_points_per_drag_point == 6.0
    load = ["AIM-7M", "AIM-7M", "AIM-9L", "AIM-9L"]
    assert sum(missile_card(kind).stores_points for kind in load) == 15.0
    scenario = solo([{"segments": LEVEL}], turns=1)
    loaded = scenario.aircraft[0].model_copy(update={"missiles": tuple(load)})
    state = Game(scenario.model_copy(update={"aircraft": (loaded,)})).aircraft["test-1"]
    assert state.stores_points == 15.0
    assert state.stores_drag_points == 2
    assert state.stores_cd0 == pytest.approx(2 * perf.CD0_PER_DRAG_POINT)


@pytest.mark.parametrize(("alt_ft", "speed_kt"), [(15_000, 400), (36_000, 690)])  # Slow, 1.2
def test_drag_points_add_to_the_form_drag_at_every_speed(alt_ft: float, speed_kt: int) -> None:
    """The Form + Stores Drag Table: the same drag points join each Mach row's Form Drag."""
    f16 = card("F-16C")
    weight = 24_000.0
    initial = perf.initial_state(f16, alt_ft, speed_kt, weight)
    row_cd0 = aero.polar_at(f16, initial.mach).cd0
    loaded = perf.form_dspeed_kt(
        f16, alt_ft, speed_kt, weight, speedbrake=False, stores_cd0=perf.drag_points_cd0(2)
    )
    assert loaded == perf.round_speed_kt(-perf.DSPEED_KT_PER_G * (row_cd0 + 0.004) * initial.q_mark)


def test_flight_uses_the_stores_drag_points(monkeypatch: pytest.MonkeyPatch) -> None:
    """SoP 03, Form Drag (Ep13): the flight's Form ΔSpeed uses the Form + Stores Drag value;
    a store worth less than a full unit adds nothing."""
    seen: list[float] = []
    real = perf.speed_change

    def spy(*args: Any, **kwargs: Any) -> perf.SpeedChange:
        seen.append(kwargs["stores_cd0"])
        return real(*args, **kwargs)

    monkeypatch.setattr(perf, "speed_change", spy)
    for missiles in ((), ("AIM-9L",), ("AIM-7M", "AIM-7M", "AIM-9L", "AIM-9L")):
        scenario = solo([{"segments": LEVEL}], turns=1)
        setup = scenario.aircraft[0].model_copy(update={"missiles": missiles})
        game = Game(scenario.model_copy(update={"aircraft": (setup,)}))
        game.play_turn(game.scripted_orders())
    assert seen == pytest.approx([0.0, 0.0, 0.004])


def test_every_card_converts_stores_points() -> None:
    for type_id in shipped_types():
        conversion = card(type_id).stores
        assert conversion.stores_points_per_drag_point > 0
        assert conversion.derivation.startswith("Ours")
