"""The game clock: ten ticks a game-turn, the turn boundary in one turn only."""

from __future__ import annotations

from dataclasses import replace

import pytest

from sim.view.hud.clock import clock_text, turn_and_tick
from tests.sim.test_hud import snapshot


@pytest.mark.parametrize(
    ("t_s", "expected"),
    [
        (0.0, (1, 1)),
        (0.3, (1, 1)),
        (0.6, (1, 1)),  # the end of tick 1 belongs to tick 1
        (0.61, (1, 2)),
        (5.99, (1, 10)),
        (6.0, (1, 10)),  # the boundary belongs to the turn it ends ...
        (6.01, (2, 1)),  # ... and the next instant to the next turn
        (12.0, (2, 10)),
        (12.1, (3, 1)),
        (16.2, (3, 7)),
        (30.0, (5, 10)),
        (30.1, (6, 1)),
        (38.4, (7, 4)),
        (60.0, (10, 10)),  # a 60 s replay ends on its tenth turn, not an eleventh
    ],
)
def test_turn_and_tick_at_the_boundaries(t_s: float, expected: tuple[int, int]) -> None:
    assert turn_and_tick(t_s, 0.6, 10) == expected


def test_a_turn_shows_ten_ticks_and_its_boundary_once() -> None:
    """Sweeping a replay in small steps, every game-turn shows exactly the ticks 1 to 10,
    in order, and each boundary time appears in one turn only."""
    tick_s, per_turn = 0.6, 10
    seen: dict[int, list[int]] = {}
    for step in range(0, 6001):  # 0 to 60 s in 10 ms steps
        turn, tick = turn_and_tick(step / 100, tick_s, per_turn)
        ticks = seen.setdefault(turn, [])
        if not ticks or ticks[-1] != tick:
            ticks.append(tick)
    assert sorted(seen) == list(range(1, 11))
    for turn, ticks in seen.items():
        assert ticks == list(range(1, 11)), turn
    boundaries = [turn_and_tick(6.0 * n, tick_s, per_turn) for n in range(1, 11)]
    assert boundaries == [(n, 10) for n in range(1, 11)]


def test_the_clock_text_never_shows_tick_zero_or_eleven_values() -> None:
    texts = {t: clock_text(replace(snapshot(), t_s=t)) for t in (0.0, 12.0, 12.01, 30.1)}
    assert texts[0.0].startswith("TURN 1 \u2219 TICK 1/10")
    assert texts[12.0].startswith("TURN 2 \u2219 TICK 10/10")
    assert texts[12.01].startswith("TURN 3 \u2219 TICK 1/10")
    assert texts[30.1].startswith("TURN 6 \u2219 TICK 1/10")
    assert all("TICK 0/" not in text for text in texts.values())
