"""The order of flight is played (SoP 03 with the classes of SoP 08): plot class A plots,
move class a moves, then plot class B plots after seeing those moves; y and z move last.
With the awareness rules off there are no fixes and the play is simultaneous."""

from pathlib import Path
from typing import Any

import pytest

from engine.bop.game import Game
from engine.bop.initiative import Initiative, order_of_flight
from engine.bop.sequence import TurnPlay, flight_stages
from models.scenario import Scenario, load_scenario

PERCH = Path(__file__).resolve().parents[3] / "scenarios" / "bfm" / "perch-3000.toml"
"""An AI F-16C (Viper 1) behind a scripted F-16C (Bandit 1) in a hard turn."""


def perch(**changes: Any) -> Scenario:
    return load_scenario(PERCH).model_copy(update={"turns": 3, **changes})


def viper_fixes_bandit(game: Game) -> None:
    """As if the last Initiative Phase had Viper 1 fix Bandit 1."""
    game.awareness.order = order_of_flight(
        {"Viper 1": Initiative(2), "Bandit 1": Initiative(1)}, {"Viper 1": "Bandit 1"}
    )


def test_a_fix_makes_the_fixed_aircraft_plot_and_move_first() -> None:
    game = Game(perch())
    viper_fixes_bandit(game)
    order = game.awareness.order
    assert order is not None
    assert (order.plot_class["Bandit 1"], order.move_class["Bandit 1"]) == ("A", "a")
    assert order.plot_class["Viper 1"] == "B"
    orders = game.scripted_orders()
    play = TurnPlay(
        scenario=game.scenario,
        turn=1,
        aircraft=game.aircraft,
        awareness=game.awareness,
        missiles={},
        combat=game.combat,
        orders=orders,
        plotted={e: None for e in orders},  # type: ignore[misc]
    )
    assert flight_stages(play) == [(["bandit-1"], ["bandit-1"]), (["viper-1"], [])]


def test_the_fixer_plots_after_seeing_the_fixed_aircraft_move() -> None:
    game = Game(perch())
    viper_fixes_bandit(game)
    seen: list[tuple[str, int]] = []
    replot = game.pilots.replot

    def watching(view: Any, entity: str, problem: Any) -> Any:
        bandit = view.aircraft["bandit-1"]
        seen.append((str(bandit.hex), bandit.alt_steps))
        return replot(view, entity, problem)

    game.pilots.replot = watching  # type: ignore[method-assign]
    start = str(game.aircraft["bandit-1"].hex)
    result = game.play_turn()
    bandit = result.aircraft["bandit-1"]
    assert seen == [(str(bandit.end_hex), bandit.end_alt_steps)]
    assert str(bandit.end_hex) != start  # it had moved when the AI plotted


def test_an_ai_pulls_after_the_bandit_whether_it_plots_with_it_or_after_it() -> None:
    """Plotting at the same time, the AI guesses the Bandit's turn from its bank (Canopy off
    the vertical); in plot class B it has seen the Bandit turn away.  Either way it pulls
    after it rather than flying straight on into an overshoot."""
    fixed = Game(perch())
    viper_fixes_bandit(fixed)
    written_first = fixed.scripted_orders()["viper-1"]
    fixed = Game(perch())
    viper_fixes_bandit(fixed)
    played = fixed.play_turn().aircraft["viper-1"]
    simultaneous = Game(perch()).play_turn().aircraft["viper-1"]
    assert written_first.segments == Game(perch()).scripted_orders()["viper-1"].segments
    assert played.average_load_g >= 3.0 and simultaneous.average_load_g >= 3.0


def test_scripted_orders_given_up_front_fly_as_simultaneous_moves() -> None:
    """Fixed inputs (a log's, a test's) are judged and flown in class order; nobody plots
    again, so the fix changes nothing."""
    fixed, plain = Game(perch()), Game(perch())
    viper_fixes_bandit(fixed)
    orders = plain.scripted_orders()
    rows_fixed = {e: r.row() for e, r in fixed.play_turn(dict(orders)).aircraft.items()}
    rows_plain = {e: r.row() for e, r in plain.play_turn(dict(orders)).aircraft.items()}
    assert rows_fixed == rows_plain


@pytest.mark.parametrize("seed", [1, 2])
def test_with_awareness_off_the_play_is_the_old_simultaneous_play(seed: int) -> None:
    by_pilots = Game(perch(awareness=False), seed).run()
    up_front = Game(perch(awareness=False), seed)
    rows: list[dict[str, Any]] = []
    events = []
    for _ in range(up_front.scenario.turns):
        result = up_front.play_turn(up_front.scripted_orders())
        rows.extend({"turn": result.turn, **r.row()} for r in result.aircraft.values())
        events.extend(result.events)
    assert list(by_pilots.meta.turn_table) == rows
    assert list(by_pilots.meta.events) == events
