"""Special rules: Collisions, Ejection, Post-Battle Fate, Engine Out, Compressor Stall."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.bop.damage import DamageState
from engine.bop.special import (
    CollisionParty,
    attempt_ejection,
    compressor_stall_check,
    compressor_stall_restart,
    engine_loss,
    engine_output,
    may_collide,
    post_battle_fate,
    resolve_collision,
    throttle_step,
)
from engine.dice import Dice, RollKind, pips_table
from engine.hexmap import Position
from models.aircraft import card

SABRE = card("F-86F")
FAGOT = card("MiG-15bis")
EAGLE = card("F-15C")


def recorded(*rolls: tuple[RollKind, int]) -> Dice:
    return Dice.seeded(0, list(rolls))


def party(callsign: str, c=SABRE, **kw) -> CollisionParty:  # type: ignore[no-untyped-def]
    return CollisionParty(callsign, c, DamageState.for_card(c), **kw)


def test_only_same_hex_and_altitude_may_collide() -> None:
    assert may_collide(Position.parse("1,2,30"), Position.parse("1,2,30"))
    assert not may_collide(Position.parse("1,2,30"), Position.parse("1,2,31"))
    assert not may_collide(Position.parse("1,2,30"), Position.parse("2,2,30"))


def test_collision_damage_is_on_twice_the_final_result_with_a_critical_per_point() -> None:
    # Both pilots roll 0 pips on column 4 (rolls of 22 or less): final 2 - 0 - 0 = 2.
    dice = recorded(
        ("percentile", 10),
        ("percentile", 20),
        ("percentile", 60),
        *[("d10", 0)] * 4,  # Sabre: column 4, roll 60 -> 2 points
        ("percentile", 30),
        *[("d10", 0)] * 2,  # Fagot: roll 30 -> 1 point
    )
    result = resolve_collision(party("Sabre 1"), party("Fagot 2", FAGOT), dice, turn=6)
    assert result.collided and result.final == 2
    assert dice.rolls[2].column == 4
    sabre, fagot = result.damage
    assert sabre.state.points == pips_table().read(4, 60) == 2 and len(sabre.criticals) == 2
    assert fagot.state.points == 1 and len(fagot.criticals) == 1
    assert all(c.system == "Structure" for c in sabre.criticals)  # collision table face 0
    assert result.events[0].kind == "collision"


def test_pilots_who_see_each_other_can_avoid_a_collision() -> None:
    dice = recorded(("percentile", 60), ("percentile", 10))
    result = resolve_collision(party("Sabre 1"), party("Fagot 2", FAGOT), dice, turn=6)
    assert result.avoidance == (2, 0) and not result.collided and result.damage == ()


def test_a_pilot_without_sight_cannot_avoid() -> None:
    dice = recorded(("percentile", 10), ("percentile", 0), ("percentile", 0))
    result = resolve_collision(
        party("Sabre 1", has_sight=False), party("Fagot 2", FAGOT), dice, turn=6
    )
    assert dice.rolls[0].value is None  # column 0: automatic failure, nothing rolled
    assert result.avoidance == (0, 0) and result.collided


def test_ejection_modifiers_and_two_failures() -> None:
    first = attempt_ejection("Sabre 1", recorded(("d10", 4)), keas=620, alt_steps=3, turn=8)
    assert first.modifier == -2 - 2 and not first.ejected and first.may_try_again
    second = attempt_ejection(
        "Sabre 1", recorded(("d10", 5)), keas=620, alt_steps=3, turn=8, failures=first.failures
    )
    assert not second.ejected and second.failures == 2 and not second.may_try_again
    with pytest.raises(ValueError, match="may not try again"):
        attempt_ejection(
            "Sabre 1", recorded(("d10", 9)), keas=300, alt_steps=50, turn=9, failures=2
        )
    ok = attempt_ejection("Sabre 1", recorded(("d10", 2)), keas=300, alt_steps=50, turn=9)
    assert ok.ejected and ok.events[0].kind == "ejection"


def test_post_battle_fate() -> None:
    assert post_battle_fate("Sabre 1", recorded(("d10", 5)), over="hostile").fate == "captured"
    assert post_battle_fate("Sabre 1", recorded(("d10", 5)), over="friendly").fate == "rescued"
    assert post_battle_fate("Sabre 1", recorded(("d10", 0)), over="friendly").fate == "killed"


def test_engine_out_output_is_proportional_to_running_engines() -> None:
    # Engine Output = ADC Engine Output x (operating / total).
    assert engine_output(20, 1, 2) == 10
    assert engine_output(15, 1, 2) == 8  # 7.5 rounds up
    assert engine_output(20, 0, 2) == 0
    assert engine_output(12, 1, 1) == 12
    with pytest.raises(ValueError):
        engine_output(12, 3, 2)


def test_engine_loss_departure_points() -> None:
    twin = engine_loss("Eagle 1", step=3, total=2, operating_after=1, cause="damage", turn=4)
    assert twin.departure_points == 3 and twin.departure_check_now
    stall = engine_loss(
        "Eagle 1", step=2, total=2, operating_after=1, cause="compressor stall", turn=4
    )
    assert stall.departure_points == 2 and not stall.departure_check_now
    single = engine_loss("Sabre 1", step=2, total=1, operating_after=0, cause="damage", turn=4)
    assert single.departure_points == 0


def test_throttle_steps() -> None:
    assert throttle_step("idle", 0, 12) == 0
    assert throttle_step("mil", 6, 12) == 1
    assert throttle_step("mil", 7, 12) == 2
    assert throttle_step("ab", 20, 12) == 3


@pytest.mark.parametrize(
    ("roll", "result", "new_step", "stalled"),
    [(10, 0, 2, ()), (40, 1, 2, ()), (60, 2, 1, ()), (85, 3, 0, (1,)), (95, 4, 0, (1,))],
)
def test_compressor_stall_results(
    roll: int, result: int, new_step: int, stalled: tuple[int, ...]
) -> None:
    # Idle to Mil is two steps: Pips column 4.
    dice = recorded(("percentile", roll))
    check = compressor_stall_check(
        "Fagot 2",
        dice,
        from_step=0,
        to_step=2,
        q_mark_in_controllability=True,
        subject_to_stall=True,
        engines=1,
        turn=3,
    )
    assert check.rolled and dice.rolls[0].column == 4
    assert (check.result, check.new_step, check.stalled_engines) == (result, new_step, stalled)


def test_compressor_stall_on_a_twin_picks_the_engine() -> None:
    dice = recorded(("percentile", 85), ("d10", 6))
    check = compressor_stall_check(
        "Eagle 1",
        dice,
        from_step=0,
        to_step=3,
        q_mark_in_controllability=True,
        subject_to_stall=True,
        engines=2,
        turn=3,
    )
    assert dice.rolls[0].column == 6
    expected = pips_table().read(6, 85)
    assert check.result == expected
    if expected == 3:
        assert check.stalled_engines == (2,) and check.new_step == 3


def test_no_stall_check_for_one_step_or_outside_the_region() -> None:
    for kwargs in (
        {"from_step": 1, "to_step": 2, "q_mark_in_controllability": True, "subject_to_stall": True},
        {
            "from_step": 0,
            "to_step": 3,
            "q_mark_in_controllability": False,
            "subject_to_stall": True,
        },
        {
            "from_step": 0,
            "to_step": 3,
            "q_mark_in_controllability": True,
            "subject_to_stall": False,
        },
    ):
        dice = recorded()
        check = compressor_stall_check("X", dice, engines=1, turn=1, **kwargs)  # type: ignore[arg-type]
        assert not check.rolled and dice.rolls == []


def test_compressor_stall_restart() -> None:
    assert compressor_stall_restart("X", recorded(), keas=235, turn=1) is None
    assert compressor_stall_restart("X", recorded(("d10", 0)), keas=240, turn=1) is False
    assert compressor_stall_restart("X", recorded(("d10", 0)), keas=240, departure_net=1, turn=1)
    assert compressor_stall_restart("X", recorded(("d10", 3)), keas=300, departure_net=-2, turn=1)


@given(st.integers(0, 3), st.integers(0, 3), st.integers(0, 2**16))
def test_stall_never_advances_past_the_order(a: int, b: int, seed: int) -> None:
    check = compressor_stall_check(
        "X",
        Dice.seeded(seed),
        from_step=a,
        to_step=b,
        q_mark_in_controllability=True,  # type: ignore[arg-type]
        subject_to_stall=True,
        engines=2,
        turn=1,
    )
    assert check.rolled == (b - a > 1)
    assert check.new_step <= max(a, b)
    assert len(check.stalled_engines) <= 2
