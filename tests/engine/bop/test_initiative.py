"""Order of Flight Determination (SoP 08) and its adjustment after Visual Sighting (SoP 09)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.bop.activity import ActivityLedger
from engine.bop.effects import CrewState
from engine.bop.initiative import (
    FixRequest,
    FlightStatus,
    Initiative,
    adjust_for_sighting,
    break_ties,
    fix_attempt,
    initiative_roll,
    order_of_flight,
    resolve_fix_attempts,
    successful_fixes,
)
from engine.dice import Dice
from engine.phad.angles import Aspect

FRONT_ARC = frozenset({(0, 3), (1, 2), (1, 3), (1, 4), (2, 3)})


def dice(*d10s: int) -> Dice:
    return Dice.seeded(0, [("d10", v) for v in d10s])


def initiatives(**values: str) -> dict[str, Initiative]:
    return {name.replace("_", " "): Initiative.parse(v) for name, v in values.items()}


def request(
    fixer: str = "Red 1",
    target: str = "Blue 1",
    *,
    pq: int = 0,
    aon: int = 1,
    aoc: int = 2,
    aot: int = 1,
    **overrides: object,
) -> FixRequest:
    base = {
        "fixer": fixer,
        "target": target,
        "pilot_quality": pq,
        "aspect": Aspect(aon, aoc),
        "aot": aot,
        "visual_awareness": True,
        "advantage_arc": FRONT_ARC,
    }
    return FixRequest(**{**base, **overrides})  # type: ignore[arg-type]


# -- Initiative values -------------------------------------------------------------------


def test_initiative_reads_and_prints_like_the_rulebook() -> None:
    assert Initiative.parse("5.37") == Initiative(5, (3, 7))
    assert str(Initiative(5, (3, 7))) == "5.37"
    assert str(Initiative(-2)) == "-2"
    assert Initiative(5, (3, 2)) < Initiative(5, (3, 7)) < Initiative(5, (8,)) < Initiative(6)
    assert Initiative(-2, (3,)) < Initiative(-2, (7,)) < Initiative(-1)
    with pytest.raises(ValueError, match="not an initiative"):
        Initiative.parse("5,37")


# -- Determining Initiatives -------------------------------------------------------------


def test_initiative_is_d10_plus_crew_quality() -> None:
    roll = initiative_roll("Red 1", 2, dice(4), turn=6)
    assert (roll.roll, roll.base, roll.modifiers) == (4, 6, ())
    assert roll.record.kind == "initiative"


def test_minus_three_applies_once_however_many_conditions() -> None:
    roll = initiative_roll(
        "Red 1", 1, dice(5), 6, departed=True, pilot_sees_enemy=False, pilot_conscious=False
    )
    assert roll.base == 5 + 1 - 3
    (modifier,) = roll.modifiers
    assert modifier.amount == -3 and len(modifier.reasons) == 3


def test_plus_three_for_an_unseen_aircraft_that_sees_the_enemy() -> None:
    assert initiative_roll("Blue 1", 0, dice(5), 6, spotted_by_enemy=False).base == 8
    unseen_blind = initiative_roll(
        "Blue 2", 0, dice(5), 6, spotted_by_enemy=False, crew_sees_enemy=False
    )
    assert unseen_blind.base == 5


def test_the_pilot_blind_but_the_wso_sees_the_enemy_unseen() -> None:
    both = initiative_roll("Blue 3", 0, dice(5), 6, pilot_sees_enemy=False, spotted_by_enemy=False)
    assert [m.amount for m in both.modifiers] == [-3, 3] and both.base == 5


def test_roll_off_worked_example() -> None:
    """An aircraft at Initiative 5 forced into two roll-offs, rolling 3 then 7, ends at 5.37
    ("Determining Initiatives")."""
    result = break_ties({"Red 1": 5, "Blue 1": 5, "Blue 2": 5, "Red 2": 4}, dice(3, 3, 8, 7, 2), 6)
    assert result.initiatives == {
        "Red 1": Initiative(5, (3, 7)),
        "Blue 1": Initiative(5, (3, 2)),
        "Blue 2": Initiative(5, (8,)),
        "Red 2": Initiative(4),
    }
    assert str(result.initiatives["Red 1"]) == "5.37"
    assert len(result.records) == 2


def test_roll_offs_are_unmodified_d10s_named_for_the_aircraft() -> None:
    rolls = dice(1, 1, 1, 1, 0, 9)
    result = break_ties({"Red 1": 2, "Blue 1": 2}, rolls, 6)
    assert result.initiatives == {
        "Red 1": Initiative(2, (1, 1, 0)),
        "Blue 1": Initiative(2, (1, 1, 9)),
    }
    assert [r.purpose for r in rolls.rolls][:2] == [
        "initiative roll-off 1, Red 1, turn 6",
        "initiative roll-off 1, Blue 1, turn 6",
    ]


def test_no_ties_no_rolls() -> None:
    rolls = dice()
    result = break_ties({"Red 1": 2, "Blue 1": 3}, rolls, 6)
    assert rolls.rolls == [] and result.records == ()


# -- Making Fix Attempts -----------------------------------------------------------------


@pytest.mark.parametrize(("roll", "success"), [(3, True), (2, False)])
def test_fix_succeeds_at_one_or_more(roll: int, success: bool) -> None:
    """d10 + PQ − AoN − AoT ≥ 1: 3 + 0 − 1 − 1 = 1 succeeds, 2 + 0 − 1 − 1 = 0 fails."""
    result = fix_attempt(request(aon=1, aoc=2, aot=1), dice(roll), turn=6)
    assert result.attempted and result.success is success
    assert result.score == roll - 2
    assert result.record is not None and result.record.kind == "fix"


def test_pilot_quality_helps_and_angles_hurt() -> None:
    result = fix_attempt(request(pq=2, aon=2, aoc=3, aot=4), dice(4), turn=6)
    assert result.score == 4 + 2 - 2 - 4 and not result.success


@pytest.mark.parametrize(
    ("overrides", "reason"),
    [
        ({"visual_awareness": False}, "no visual awareness"),
        ({"aspect": Aspect(4, 3)}, "outside the advantage arc"),
        ({"friendly": True}, "friendly"),
        ({"departed": True}, "departed"),
        ({"pilot_conscious": False}, "unconscious"),
        ({"wounded": True}, "wounded"),
        ({"guns_subject": "Blue 2"}, "may fix only it"),
    ],
)
def test_barred_fix_attempts_roll_nothing(overrides: dict[str, object], reason: str) -> None:
    rolls = dice()
    result = fix_attempt(request(**overrides), rolls, turn=6)
    assert not result.attempted and not result.success and reason in result.reason
    assert rolls.rolls == []


def test_fix_against_the_guns_subject_is_allowed() -> None:
    assert fix_attempt(request(guns_subject="Blue 1"), dice(9), 6).success


def test_fix_pays_one_ap_from_the_ledger() -> None:
    pilot = ActivityLedger("Red 1 pilot", "average")
    pilot.recover(CrewState(), 6)
    assert fix_attempt(request(), dice(9), 6, pilot).success
    assert pilot.remaining_ap == 5
    second = fix_attempt(request(target="Blue 2"), dice(9), 6, pilot)
    assert not second.attempted and "only one attempt" in second.reason


def test_a_pilot_without_ap_makes_no_attempt() -> None:
    pilot = ActivityLedger("Red 1 pilot", "average")
    pilot.recover(CrewState(), 6)
    pilot.spend("spin_recovery")
    rolls = dice()
    result = fix_attempt(request(), rolls, 6, pilot)
    assert not result.attempted and "costs 1 AP, 0 left" in result.reason
    assert rolls.rolls == []


def test_fix_attempts_go_lowest_initiative_first() -> None:
    rolls = dice(9, 0)
    order = initiatives(Red_1="7", Blue_1="3")
    results = resolve_fix_attempts(
        [request("Red 1", "Blue 1"), request("Blue 1", "Red 1")], order, rolls, 6
    )
    assert [r.fixer for r in results] == ["Blue 1", "Red 1"]
    assert [r.purpose for r in rolls.rolls] == [
        "fix attempt, Blue 1 on Red 1, turn 6",
        "fix attempt, Red 1 on Blue 1, turn 6",
    ]
    assert successful_fixes(results) == {"Blue 1": "Red 1"}


def test_one_fix_attempt_per_pilot() -> None:
    order = initiatives(Red_1="7", Blue_1="3", Blue_2="4")
    with pytest.raises(ValueError, match="only one Fix attempt"):
        resolve_fix_attempts(
            [request("Red 1", "Blue 1"), request("Red 1", "Blue 2")], order, dice(), 6
        )


# -- Plot and move classes ---------------------------------------------------------------


def test_no_fixes_everyone_plots_in_a_and_moves_in_y_or_z() -> None:
    """The rulebook's note: without fixes all plot in class A and move in y or z."""
    order = order_of_flight(
        initiatives(Red_1="4", Blue_1="2", Blue_2="6"),
        {},
        {"Blue 2": FlightStatus(spotted_by_enemy=False)},
    )
    assert set(order.plot_class.values()) == {"A"}
    assert order.move_class == {"Red 1": "y", "Blue 1": "y", "Blue 2": "z"}
    assert order.sequence() == (
        ("plot", "A", ("Blue 1", "Red 1", "Blue 2")),
        ("move", "y", ("Blue 1", "Red 1")),
        ("move", "z", ("Blue 2",)),
    )


def test_unspotted_aircraft_seeing_no_enemy_moves_in_y() -> None:
    order = order_of_flight(
        initiatives(Red_1="4"),
        {},
        {"Red 1": FlightStatus(spotted_by_enemy=False, sees_enemy=False)},
    )
    assert order.move_class == {"Red 1": "y"}


def test_fix_chain() -> None:
    """Blue 1 fixes nobody: plot A; Red 1 fixes it: plot B; Blue 2 fixes Red 1: plot C.
    Blue 1 (fixed) moves in a, Red 1 (fixed) in b, Blue 2 (unfixed) in y."""
    order = order_of_flight(
        initiatives(Blue_1="5", Red_1="2", Blue_2="8"), {"Red 1": "Blue 1", "Blue 2": "Red 1"}
    )
    assert order.plot_class == {"Blue 1": "A", "Red 1": "B", "Blue 2": "C"}
    assert order.move_class == {"Blue 1": "a", "Red 1": "b", "Blue 2": "y"}
    assert order.sequence() == (
        ("plot", "A", ("Blue 1",)),
        ("move", "a", ("Blue 1",)),
        ("plot", "B", ("Red 1",)),
        ("move", "b", ("Red 1",)),
        ("plot", "C", ("Blue 2",)),
        ("move", "y", ("Blue 2",)),
    )
    assert order.movement_order() == ("Blue 1", "Red 1", "Blue 2")


def test_fix_loop_worked_example() -> None:
    """Red 1 fixes Blue 1, which fixes Red 2, which fixes Blue 2, which fixes Red 1: a fix
    loop; all plot in class B and, fixed by nobody outside, move in y."""
    fixes = {"Red 1": "Blue 1", "Blue 1": "Red 2", "Red 2": "Blue 2", "Blue 2": "Red 1"}
    order = order_of_flight(initiatives(Red_1="3", Blue_1="9", Red_2="1", Blue_2="5"), fixes)
    assert set(order.plot_class.values()) == {"B"}
    assert set(order.move_class.values()) == {"y"}
    assert order.loops == (("Blue 1", "Red 2", "Blue 2", "Red 1"),)
    assert order.movement_order() == ("Red 2", "Red 1", "Blue 2", "Blue 1")


def test_two_aircraft_fixing_each_other_are_a_loop() -> None:
    order = order_of_flight(
        initiatives(Red_1="3", Blue_1="4", Blue_2="6"), {"Red 1": "Blue 1", "Blue 1": "Red 1"}
    )
    assert order.plot_class == {"Red 1": "B", "Blue 1": "B", "Blue 2": "A"}
    assert order.move_class == {"Red 1": "y", "Blue 1": "y", "Blue 2": "y"}


def test_loop_member_fixed_from_outside_moves_in_b() -> None:
    """Red 2 fixes Red 1's loop partner Blue 1 from outside: Blue 1 moves in b, Red 2 plots
    in C (after the loop's class B)."""
    order = order_of_flight(
        initiatives(Red_1="3", Blue_1="4", Red_2="6"),
        {"Red 1": "Blue 1", "Blue 1": "Red 1", "Red 2": "Blue 1"},
    )
    assert order.plot_class == {"Red 1": "B", "Blue 1": "B", "Red 2": "C"}
    assert order.move_class == {"Red 1": "y", "Blue 1": "b", "Red 2": "y"}


def test_spinning_aircraft_plot_a_move_a() -> None:
    """ "Spinning": always first in the order of flight, plot class A, move class a."""
    order = order_of_flight(
        initiatives(Red_1="3", Blue_1="4"),
        {},
        {"Red 1": FlightStatus(can_fix=False, spinning=True, spotted_by_enemy=False)},
    )
    assert (order.plot_class["Red 1"], order.move_class["Red 1"]) == ("A", "a")
    assert order.movement_order() == ("Red 1", "Blue 1")


def test_aircraft_that_cannot_fix_may_hold_no_fix() -> None:
    with pytest.raises(ValueError, match="cannot hold a fix"):
        order_of_flight(
            initiatives(Red_1="3", Blue_1="4"),
            {"Red 1": "Blue 1"},
            {"Red 1": FlightStatus(can_fix=False)},
        )
    with pytest.raises(ValueError, match="has no initiative"):
        order_of_flight(initiatives(Red_1="3"), {"Red 1": "Blue 9"})


@st.composite
def fix_graphs(draw: st.DrawFn) -> tuple[dict[str, Initiative], dict[str, str]]:
    n = draw(st.integers(1, 8))
    names = [f"A{i}" for i in range(n)]
    values = draw(st.permutations(range(n)))
    fixes: dict[str, str] = {}
    for name in names:
        target = draw(st.sampled_from([None, *names]))
        if target is not None and target != name:
            fixes[name] = target
    return {name: Initiative(v) for name, v in zip(names, values, strict=True)}, fixes


@given(fix_graphs())
def test_plot_classes_follow_the_fixes(graph: tuple[dict[str, Initiative], dict[str, str]]) -> None:
    inits, fixes = graph
    order = order_of_flight(inits, fixes)
    in_loops = {c for loop in order.loops for c in loop}
    fixed = set(fixes.values())
    for c in inits:
        plot, move = order.plot_class[c], order.move_class[c]
        if c not in fixes:
            assert plot == "A"
        elif c in in_loops:
            assert plot == "B"
        else:
            assert ord(plot) == ord(order.plot_class[fixes[c]]) + 1
        fixers = {f for f, t in fixes.items() if t == c}
        loop = next((set(lp) for lp in order.loops if c in lp), set())
        assert move == (plot.lower() if fixers - loop else "y")
        if c not in fixed:
            assert move == "y"
    steps = order.sequence()
    assert sorted(c for kind, _, cs in steps if kind == "move" for c in cs) == sorted(inits)


# -- Adjusting after Visual Sighting -----------------------------------------------------


def chain() -> tuple[dict[str, Initiative], dict[str, str]]:
    return initiatives(Blue_1="5", Red_1="2", Blue_2="8", Red_2="1"), {
        "Red 1": "Blue 1",
        "Blue 2": "Red 1",
    }


def test_a_fixer_losing_sight_plots_in_a_and_its_target_moves_in_y() -> None:
    order = order_of_flight(*chain())
    adjusted = adjust_for_sighting(order, lost_fix=["Red 1"])
    assert adjusted.plot_class["Red 1"] == "A"
    assert adjusted.move_class["Blue 1"] == "y"
    assert adjusted.move_class["Red 1"] == "b"  # still fixed by Blue 2
    assert adjusted.fixes == {"Blue 2": "Red 1"}
    assert adjusted.records[-1].detail == (
        "Red 1 lost sight of Blue 1: fix lost, plot class A; Blue 1 no longer fixed, move class y"
    )


def test_a_target_still_fixed_by_another_keeps_its_class() -> None:
    inits = initiatives(Blue_1="5", Red_1="2", Red_2="1")
    order = order_of_flight(inits, {"Red 1": "Blue 1", "Red 2": "Blue 1"})
    adjusted = adjust_for_sighting(order, lost_fix=["Red 1"])
    assert adjusted.move_class["Blue 1"] == "a"
    with pytest.raises(ValueError, match="holds no fix"):
        adjust_for_sighting(order, lost_fix=["Blue 1"])


def test_newly_spotted_move_in_y_and_newly_unspotted_in_z() -> None:
    order = order_of_flight(*chain(), status={"Red 2": FlightStatus(spotted_by_enemy=False)})
    assert order.move_class["Red 2"] == "z"
    adjusted = adjust_for_sighting(order, newly_spotted=["Red 2"], newly_unspotted=["Blue 2"])
    assert adjusted.move_class["Red 2"] == "y"
    assert adjusted.move_class["Blue 2"] == "z"
    assert dict(adjusted.move_classes())["y"] == ("Red 2",)


def test_move_classes_stay_in_initiative_order_after_adjustment() -> None:
    order = order_of_flight(*chain())
    adjusted = adjust_for_sighting(order, lost_fix=["Red 1", "Blue 2"])
    # Red 2 (1) was unfixed all along; Red 1 (2), Blue 1 (5), Blue 2 (8) joined it
    assert dict(adjusted.move_classes())["y"] == ("Red 2", "Red 1", "Blue 1", "Blue 2")
