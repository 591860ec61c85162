"""Invariants of movement over any legal sequence of markers (Hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dice import Dice
from engine.phantoms.marking import marker_problems, place_marker
from engine.phantoms.movement import move_impulse
from models.phantoms.common import MANEUVER_CLASS, MANEUVERS

from .cards import FREE_CARD, plane

orders = st.lists(
    st.tuples(st.sampled_from(MANEUVERS), st.integers(min_value=-4, max_value=4)),
    min_size=1,
    max_size=40,
)


@settings(max_examples=200, deadline=None)
@given(
    speed=st.integers(min_value=1, max_value=10),
    level=st.integers(min_value=0, max_value=6),
    wanted=orders,
    turns=st.integers(min_value=1, max_value=3),
    five=st.booleans(),
    seed=st.integers(min_value=0, max_value=2**16),
)
def test_any_legal_marker_sequence(
    speed: int,
    level: int,
    wanted: list[tuple[str, int]],
    turns: int,
    five: bool,
    seed: int,
) -> None:
    """An ace (no control checks) on a card whose maneuvers cost nothing keeps its speed, so
    it must fly exactly ``speed`` hexes a turn; facing stays 0–5 and level ≥ 0."""
    jet = plane(speed=speed, level=level, quality="ace", control_card=FREE_CARD)
    dice = Dice.seeded(seed)
    queue = list(wanted)
    impulses = 5 if five else 10
    for turn in range(1, turns + 1):
        moved = 0
        for impulse in range(1, impulses + 1):
            step = move_impulse(jet, turn, impulse, dice, five_impulse=five)
            slipped = step.maneuver is not None and MANEUVER_CLASS[step.maneuver] == "sideslip"
            moved += len(step.path) - (1 if slipped else 0)
            assert 0 <= jet.facing <= 5
            assert jet.level >= 0 or jet.crashed
            if jet.marker is None and queue:
                maneuver, levels = queue.pop(0)
                if not marker_problems(jet, maneuver, levels):  # type: ignore[arg-type]
                    place_marker(jet, maneuver, levels)  # type: ignore[arg-type]
        assert moved == speed
        assert jet.speed == speed
    assert dice.rolls == []


@settings(max_examples=200, deadline=None)
@given(
    speed=st.integers(min_value=1, max_value=8),
    level=st.integers(min_value=0, max_value=3),
    wanted=orders,
    quality=st.sampled_from(["green", "inexperienced", "average"]),
    seed=st.integers(min_value=0, max_value=2**16),
)
def test_costs_and_control_checks_keep_facing_and_level_sane(
    speed: int, level: int, wanted: list[tuple[str, int]], quality: str, seed: int
) -> None:
    """With real costs and dice, an aircraft may stall, spin, recover or crash, but its
    facing stays 0–5, its level ≥ 0, and every roll names it."""
    jet = plane(speed=speed, level=level, quality=quality)  # type: ignore[arg-type]
    dice = Dice.seeded(seed)
    queue = list(wanted)
    for turn in range(1, 4):
        for impulse in range(1, 11):
            move_impulse(jet, turn, impulse, dice)
            assert 0 <= jet.facing <= 5
            assert jet.level >= 0
            assert jet.out_of_control or jet.speed >= 1 or not jet.in_play
            if not jet.in_play:
                assert jet.crashed
                return
            if jet.marker is None and queue and not jet.out_of_control:
                maneuver, levels = queue.pop(0)
                if not marker_problems(jet, maneuver, levels):  # type: ignore[arg-type]
                    place_marker(jet, maneuver, levels)  # type: ignore[arg-type]
    assert all(jet.id in roll.purpose for roll in dice.rolls)
