"""Invariants of the shared flight helper and the damage table (Hypothesis)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engine.hexmap import Hex
from engine.phantoms.intruders import path_toward, step_toward
from engine.phantoms.intruders.bombing import damage_result

coordinate = st.integers(min_value=-30, max_value=30)
hexes = st.builds(Hex, coordinate, coordinate)


@given(hexes, hexes)
def test_each_step_closes_one_hex(start: Hex, target: Hex) -> None:
    step = step_toward(start, target)
    assert step.distance_to(target) == max(0, start.distance_to(target) - 1)
    assert start.distance_to(step) == (0 if start == target else 1)


@given(hexes, hexes, st.integers(min_value=0, max_value=12))
def test_a_path_stops_on_its_target(start: Hex, target: Hex, hexes_: int) -> None:
    path = path_toward(start, target, hexes_)
    assert len(path) == min(hexes_, start.distance_to(target))
    if start.distance_to(target) <= hexes_:
        assert (path[-1] if path else start) == target


order = ["none", "light", "heavy", "destroyed"]


@given(
    st.floats(min_value=0, max_value=60),
    st.floats(min_value=0, max_value=60),
    st.integers(min_value=1, max_value=15),
    st.sampled_from(["none", "light", "heavy"]),
)
def test_more_attack_never_does_less_damage(a: float, b: float, defence: int, prior: str) -> None:
    low, high = sorted((a, b))
    weaker = damage_result(low, defence, prior)  # type: ignore[arg-type]
    stronger = damage_result(high, defence, prior)  # type: ignore[arg-type]
    assert order.index(weaker) <= order.index(stronger)
    assert order.index(weaker) >= order.index(prior)
