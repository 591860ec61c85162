"""Phase 1, Targeting, and the movement order it sets (§Phase 1: Targeting, §Movement
Order; reference §3.1 and ambiguities #7, #13, #17).

Planes are built from the shipped Plane Charts.  On the table x runs east and y north in
inches, and altitude is in feet.  The planes fly north (heading 0) unless a test says
otherwise, so "ahead" is +y and "off the right wing" is +x.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import pytest

from engine.dice import Dice, RollKind
from engine.errors import IllegalOrder
from engine.otl.geometry import arc_of
from engine.otl.setup import new_plane
from engine.otl.state import PlaneState
from engine.otl.targeting import (
    Mover,
    check_target,
    movement_class,
    movement_order,
    targets_in_range,
)
from models.otl.chart import PlaneChart, plane_charts
from models.otl.scenario import OtlAircraft

MISSIONS = {"green": 0, "inexperienced": 1, "regular": 3, "veteran": 6}


def seen(_viewer: PlaneState, _other: PlaneState) -> bool:
    return True


def chart(type_id: str = "sopwith-camel", **changes: Any) -> PlaneChart:
    found = plane_charts()[type_id]
    return found.model_copy(update=changes) if changes else found


def plane(
    pid: str,
    side: str = "british",
    *,
    x: float = 0.0,
    y: float = 0.0,
    alt: int = 5000,
    heading: int = 0,
    level: str = "regular",
    type_id: str = "sopwith-camel",
    plane_chart: PlaneChart | None = None,
    target: str | None = None,
    last_target: str | None = None,
) -> PlaneState:
    """A plane's record sheet built the way a game sets one up."""
    setup = OtlAircraft(
        callsign=pid.replace("-", " ").title(),
        id=pid,
        type=type_id,
        side=side,
        x_in=x,
        y_in=y,
        heading_deg=heading,
        alt_ft=alt,
        speed=10,
        pilot="ai",
        pilot_crew={"missions": MISSIONS[level]},  # type: ignore[arg-type]
    )
    made = new_plane(setup, plane_chart or chart(type_id))
    made.target = target
    made.last_target = last_target
    return made


def table(*planes: PlaneState) -> dict[str, PlaneState]:
    return {p.id: p for p in planes}


def order_of(
    planes: Mapping[str, PlaneState], dice: Iterable[tuple[RollKind, int]] = ()
) -> list[str]:
    """The ids in movement order, with the tie-break dice given (an error if the rules roll
    more than given, or fewer)."""
    given = list(dice)
    rolled = Dice.seeded(0, given)
    movers = movement_order(planes, rolled, 3)
    assert not rolled.recorded, f"dice left unrolled: {list(rolled.recorded)}"
    assert len(rolled.rolls) == len(given), f"dice rolled beyond those given: {rolled.rolls}"
    return [m.id for m in movers]


def d6s(*faces: int) -> list[tuple[RollKind, int]]:
    return [("d6", face) for face in faces]


def refused(call: Callable[[], None], *words: str) -> str:
    with pytest.raises(IllegalOrder) as caught:
        call()
    text = str(caught.value)
    for word in words:
        assert word in text, text
    return text


# --- Phase 1: whom a pilot may focus on -----------------------------------------------------


def test_an_enemy_in_range_ahead_may_be_targeted_and_no_target_is_always_legal() -> None:
    camel = plane("camel", y=0)
    albatros = plane("albatros", "german", y=20, type_id="albatros-dv")
    planes = table(camel, albatros)
    check_target(camel, "albatros", planes, 4, seen)
    check_target(camel, None, planes, 4, seen)
    assert targets_in_range(camel, planes, seen) == ["albatros"]


def test_a_friend_an_unknown_id_or_oneself_is_not_an_enemy() -> None:
    camel = plane("camel")
    wingman = plane("wingman", y=5)
    planes = table(camel, wingman, plane("albatros", "german", y=10, type_id="albatros-dv"))
    for who in ("wingman", "camel", "fokker-9"):
        refused(
            lambda who=who: check_target(camel, who, planes, 4, seen),  # type: ignore[misc]
            "is not an enemy plane",
            "§Phase 1: Targeting",
            "Camel",
            "turn 4",
        )
    assert targets_in_range(camel, planes, seen) == ["albatros"]


@pytest.mark.parametrize("status", ["destroyed", "crashed", "landed", "home", "bailed_out"])
def test_a_plane_out_of_the_fight_cannot_be_targeted(status: str) -> None:
    camel = plane("camel")
    albatros = plane("albatros", "german", y=10, type_id="albatros-dv")
    albatros.status = status  # type: ignore[assignment]
    planes = table(camel, albatros)
    refused(lambda: check_target(camel, "albatros", planes, 2, seen), "out of the fight")
    assert targets_in_range(camel, planes, seen) == []


def test_a_plane_that_cannot_be_seen_cannot_be_targeted() -> None:
    camel = plane("camel")
    albatros = plane("albatros", "german", y=10, type_id="albatros-dv")
    refused(
        lambda: check_target(camel, "albatros", table(camel, albatros), 2, lambda a, b: False),
        "cannot be seen",
    )


# The Camel's Targeting Ranges: front 24, side 18, rear 10, up 12, down 10 (in).  The range is
# measured between the minis' nearest edges (1 in less than centre to centre), rounded.
ARC_CASES = [
    ("front", (0.0, 1.0), 0),
    ("side", (1.0, 0.0), 0),
    ("side", (-1.0, 0.0), 0),
    ("rear", (0.0, -1.0), 0),
    ("up", (0.0, 0.0), 1),
    ("down", (0.0, 0.0), -1),
]


@pytest.mark.parametrize(("arc", "direction", "vertical"), ARC_CASES)
def test_the_targeting_range_is_the_one_for_the_targets_arc(
    arc: str, direction: tuple[float, float], vertical: int
) -> None:
    camel = plane("camel")
    limit = getattr(camel.chart.targeting_in, arc)

    def at(edge_in: float) -> PlaneState:
        centre = edge_in + 1.0
        dx, dy = direction[0] * centre, direction[1] * centre
        return plane(
            "albatros",
            "german",
            x=dx,
            y=dy,
            alt=5000 + int(vertical * centre * 50),
            type_id="albatros-dv",
        )

    inside = at(limit)
    assert arc_of(camel, inside) == arc
    check_target(camel, "albatros", table(camel, inside), 5, seen)
    outside = at(limit + 1)
    assert arc_of(camel, outside) == arc
    refused(
        lambda: check_target(camel, "albatros", table(camel, outside), 5, seen),
        f"beyond the Targeting Range for its {arc} arc",
        "Camel",
        "turn 5",
    )


def test_the_ranges_are_read_in_the_planes_own_frame() -> None:
    """Heading east, the target to the north is off the left wing: Side (18 in), not Front
    (24 in); inverted, a target above is in the Down arc."""
    camel = plane("camel", heading=90)
    north = plane("albatros", "german", y=21, type_id="albatros-dv")
    assert arc_of(camel, north) == "side"
    refused(lambda: check_target(camel, "albatros", table(camel, north), 1, seen), "side arc")
    camel.bank = 4
    above = plane("albatros", "german", alt=5000 + 8 * 50, type_id="albatros-dv")
    assert arc_of(camel, above) == "down"


@pytest.mark.parametrize(
    ("dx", "dy", "arc"),
    [(10.0, 10.0, "front"), (-10.0, 10.0, "front"), (10.0, -10.0, "side"), (-10.0, -10.0, "side")],
)
def test_a_target_on_an_arc_boundary_counts_in_the_arc_nearer_the_nose(
    dx: float, dy: float, arc: str
) -> None:
    """Reference §6 #13: on the line between two hours, the hour nearer 12 o'clock; so
    Front over Side (45° off the nose) and Side over Rear (135°)."""
    camel = plane("camel")
    assert arc_of(camel, plane("albatros", "german", x=dx, y=dy)) == arc


def test_the_range_on_the_front_side_boundary_is_the_front_one() -> None:
    """21 in between edges on the 45° line: inside Front's 24 in, beyond Side's 18 in."""
    camel = plane("camel")
    reach = (21.0 + 1.0) / 2**0.5
    albatros = plane("albatros", "german", x=reach, y=reach, type_id="albatros-dv")
    check_target(camel, "albatros", table(camel, albatros), 1, seen)


def test_a_target_on_the_45_degree_line_between_up_and_a_side_is_side() -> None:
    """Reference §6 #17: as far along the up axis as across it counts as Side."""
    camel = plane("camel")
    above_right = plane("albatros", "german", x=10.0, alt=5000 + 10 * 50)
    assert arc_of(camel, above_right) == "side"
    higher = plane("albatros", "german", x=10.0, alt=5000 + 11 * 50)
    assert arc_of(camel, higher) == "up"
    below_ahead = plane("albatros", "german", y=10.0, alt=5000 - 10 * 50)
    assert arc_of(camel, below_ahead) == "front"


def test_keeping_last_rounds_target_doubles_the_range() -> None:
    camel = plane("camel")
    far = plane("albatros", "german", y=1 + 40, type_id="albatros-dv")
    planes = table(camel, far)
    refused(lambda: check_target(camel, "albatros", planes, 6, seen), "front arc")
    assert targets_in_range(camel, planes, seen) == []
    camel.last_target = "albatros"
    check_target(camel, "albatros", planes, 6, seen)
    assert targets_in_range(camel, planes, seen) == ["albatros"]
    beyond = plane("albatros", "german", y=1 + 49, type_id="albatros-dv")
    refused(
        lambda: check_target(camel, "albatros", table(camel, beyond), 6, seen),
        "front arc (doubled: kept from last round)",
    )


def test_a_smoking_engine_halves_the_range() -> None:
    """§Critical Hits, Engine Smoking: Targeting Ranges are halved (after any doubling)."""
    camel = plane("camel")
    albatros = plane("albatros", "german", y=1 + 13, type_id="albatros-dv")
    planes = table(camel, albatros)
    check_target(camel, "albatros", planes, 3, seen)
    camel.crits.append("engine_smoking")
    refused(lambda: check_target(camel, "albatros", planes, 3, seen), "front arc")
    camel.last_target = "albatros"
    check_target(camel, "albatros", planes, 3, seen)


def test_the_doubling_is_only_for_the_plane_kept() -> None:
    camel = plane("camel", last_target="albatros-1")
    other = plane("albatros-2", "german", y=1 + 40, type_id="albatros-dv")
    refused(lambda: check_target(camel, "albatros-2", table(camel, other), 6, seen), "front arc")


# --- the four classes ----------------------------------------------------------------------


def test_the_four_classes_by_focus_and_being_targeted() -> None:
    lone = plane("lone")
    assert movement_class(lone, targeted=True) == 1
    assert movement_class(lone, targeted=False) == 4
    lone.target = "someone"
    assert movement_class(lone, targeted=True) == 2
    assert movement_class(lone, targeted=False) == 3


def test_classes_move_in_order_one_two_three_four() -> None:
    """B (not focused, targeted) first; A (focused on B, targeted by C) right after it;
    C (focused on A, not targeted) right after A; D (neither) last."""
    planes = table(
        plane("a", target="b", y=10),
        plane("b", "german", y=20),
        plane("c", "german", target="a", y=0),
        plane("d", "german", x=40),
    )
    movers = movement_order(planes, Dice.seeded(0), 1)
    assert [(m.id, m.move_class, m.place) for m in movers] == [
        ("b", 1, 1),
        ("a", 2, 2),
        ("c", 3, 3),
        ("d", 4, 4),
    ]


def test_planes_out_of_the_fight_do_not_move_nor_count_as_targeting() -> None:
    hunter = plane("hunter", "german", target="camel", y=-5)
    hunter.status = "destroyed"
    camel = plane("camel")
    movers = movement_order(table(hunter, camel), Dice.seeded(0), 1)
    assert [(m.id, m.move_class) for m in movers] == [("camel", 4)]


def test_a_chain_moves_from_the_hunted_back_to_the_last_hunter() -> None:
    """A → B → C: C is only targeted (class 1), B focused and targeted (2), A only focused (3)."""
    planes = table(
        plane("a", target="b", y=0),
        plane("b", "german", target="c", y=10),
        plane("c", y=20),
    )
    movers = movement_order(planes, Dice.seeded(0), 1)
    assert [(m.id, m.move_class) for m in movers] == [("c", 1), ("b", 2), ("a", 3)]


def test_a_class_three_plane_moves_right_after_its_target() -> None:
    """Two class-1 planes, the lower first; each hunter follows its own target at once, before
    the next class-1 plane moves."""
    planes = table(
        plane("low", "german", alt=4000),
        plane("high", "german", alt=6000),
        plane("hunts-high", target="high", y=-8),
        plane("hunts-low", target="low", y=-8, alt=4000),
    )
    assert order_of(planes) == ["low", "hunts-low", "high", "hunts-high"]


def test_a_class_two_plane_moves_right_after_its_target_before_class_one_is_done() -> None:
    """Reference §6 #7: eligible when its target has moved or class 1 is finished, whichever
    comes first.  ``b`` (class 2) hunts the lower class-1 plane, so it moves between the two
    class-1 planes, and its own hunter right after it."""
    planes = table(
        plane("low", "german", alt=4000),
        plane("high", "german", alt=6000),
        plane("b", target="low", y=-8, alt=4000),
        plane("hunts-b", "german", target="b", y=-16, alt=4000),
        plane("hunts-high", target="high", y=-8, alt=6000),
    )
    assert order_of(planes) == ["low", "b", "hunts-b", "high", "hunts-high"]


def test_class_two_planes_move_once_class_one_is_done_even_before_their_target() -> None:
    """A mutual pair (each focused on the other, so both class 2) after the class-1 plane
    and its hunter; the pair's first mover goes by the arc tie-breaker (its target in its
    rear arc beats the other's target in its front arc), and the other follows at once."""
    planes = table(
        # ``chaser`` is behind ``leader`` and both fly north; each focuses on the other.
        plane("leader", "german", y=10, target="chaser"),
        plane("chaser", y=0, target="leader"),
        plane("lone", "german", x=60),
        plane("hunts-lone", x=60, y=-8, target="lone"),
    )
    movers = movement_order(planes, Dice.seeded(0), 1)
    assert [(m.id, m.move_class) for m in movers] == [
        ("lone", 1),
        ("hunts-lone", 3),
        ("leader", 2),
        ("chaser", 2),
    ]


def test_a_three_plane_ring_of_class_two_moves_by_the_tie_breakers() -> None:
    """a → b → c → a: all class 2, none can wait for its target; the first mover comes from
    the tie-breakers (all three targets are in the front arc, so the lowest plane), then
    each plane's hunter right after it."""
    planes = table(
        plane("a", alt=5000, y=0, target="b"),
        plane("b", "german", alt=4000, y=300, target="c"),
        plane("c", alt=5000, y=600, heading=180, target="a"),
    )
    # a flies north to b far ahead, b north to c, and c south back to a.
    assert {arc_of(p, planes[p.target or ""]) for p in planes.values()} == {"front"}
    assert order_of(planes) == ["b", "a", "c"]


# --- the tie-breakers, in turn --------------------------------------------------------------

# Where each hunter's prey sits: (dx, dy) in inches and dz in feet from the hunter.
ARC_OFFSETS: dict[str, tuple[float, float, int]] = {
    "rear": (0.0, -10.0, 250),
    "up": (0.0, 0.0, 300),
    "side": (10.0, 0.0, 250),
    "down": (0.0, 0.0, -300),
    "front": (0.0, 10.0, 250),
}


def rings(arcs: list[str]) -> dict[str, PlaneState]:
    """For each arc, a ring of three class-2 planes 300 in from the next ring: the
    hunter (its prey in that arc), the prey (focused on the watcher far ahead of it) and
    the watcher (focused on the hunter far ahead of it).  No plane is class 1, so every
    ring waits for the class-2 tie-breakers; prey and watchers all have their targets in
    the front arc and sit 200 ft or more from each other and the front-arc hunter, so no
    dice are needed."""
    planes: dict[str, PlaneState] = {}
    for n, arc in enumerate(arcs):
        x = 300.0 * n - 600.0
        alt = 5000 + 1000 * ("rear", "up", "side", "down", "front").index(arc)
        dx, dy, dz = ARC_OFFSETS[arc]
        hunter = plane(f"hunter-{arc}", x=x, alt=alt, target=f"prey-{arc}")
        prey = plane(f"prey-{arc}", "german", x=x + dx, y=dy, alt=alt + dz, heading=180)
        prey.target = f"watcher-{arc}"
        watcher = plane(f"watcher-{arc}", x=x, y=-500.0, alt=10_000 + 400 * n)
        watcher.target = hunter.id
        planes.update(table(hunter, prey, watcher))
        assert arc_of(hunter, prey) == arc
        assert arc_of(prey, watcher) == "front"
        assert arc_of(watcher, hunter) == "front"
    return planes


def test_class_two_ties_go_by_the_arc_of_the_target_rear_up_side_down_front() -> None:
    planes = rings(["front", "down", "side", "up", "rear"])
    movers = movement_order(planes, Dice.seeded(0), 1)
    assert {m.move_class for m in movers} == {2}
    assert [m.id for m in movers] == [
        f"{who}-{arc}"
        for arc in ("rear", "up", "side", "down", "front")
        for who in ("hunter", "watcher", "prey")
    ]


def test_the_arc_tie_breaker_comes_before_height() -> None:
    """The rear-arc hunter moves before the front-arc one though it is 1,000 ft higher."""
    planes = rings(["front", "rear"])
    for p in planes.values():
        if p.id.endswith("-rear"):
            p.alt_ft += 4000
    assert order_of(planes)[0] == "hunter-rear"


def test_the_arc_tie_breaker_is_for_class_two_only() -> None:
    """Two class-3 hunters on one class-1 target: the one with its target in the front arc
    is Green and the one with it in the rear arc Veteran; the Green one follows first."""
    planes = table(
        plane("prey", "german", y=10),
        plane("green", y=0, level="green", target="prey"),
        plane("veteran", y=20, level="veteran", target="prey"),
    )
    assert arc_of(planes["green"], planes["prey"]) == "front"
    assert arc_of(planes["veteran"], planes["prey"]) == "rear"
    movers = movement_order(planes, Dice.seeded(0), 1)
    assert [(m.id, m.move_class) for m in movers] == [("prey", 1), ("green", 3), ("veteran", 3)]


def uncommitted(*planes: PlaneState) -> dict[str, PlaneState]:
    """Class-4 planes far apart from each other: only the tie-breakers order them."""
    for n, p in enumerate(planes):
        p.x_in = 100.0 * n
    return table(*planes)


def test_a_plane_200_ft_lower_moves_first() -> None:
    planes = uncommitted(
        plane("a", alt=5400, level="green"),
        plane("b", alt=5200, level="green"),
        plane("c", alt=5000, level="veteran"),
    )
    assert order_of(planes) == ["c", "b", "a"]


def test_less_than_200_ft_lower_is_a_tie_for_the_next_breaker() -> None:
    planes = uncommitted(plane("low", alt=5000, level="veteran"), plane("high", alt=5150))
    assert order_of(planes) == ["high", "low"]


def test_a_plane_200_ft_lower_than_another_is_never_passed_by_it() -> None:
    """Three planes 150 ft apart: the lowest and the middle one are tied on height (the
    Regular moves first) and so are the middle one and the top one (the Green would move
    first), but the top one is 300 ft higher than the lowest and must move after it.  The
    rules find the first mover each time: no one is 200 ft lower than the lowest two, and
    of those the Regular moves first; then the Veteran, now with no one 200 ft below it."""
    planes = uncommitted(
        plane("bottom", alt=5000, level="veteran"),
        plane("middle", alt=5150, level="regular"),
        plane("top", alt=5300, level="green"),
    )
    assert order_of(planes) == ["middle", "bottom", "top"]


def test_three_planes_within_200_ft_of_their_neighbours_never_roll_against_a_lower_one() -> None:
    """Identical planes at 5,000, 5,150 and 5,300 ft: the bottom two roll off, and the top
    one (300 ft above the bottom one) cannot win a roll against it."""
    planes = uncommitted(
        plane("bottom", alt=5000), plane("middle", alt=5150), plane("top", alt=5300)
    )
    # bottom 6+6, middle 1+1: middle first; then bottom (top is 300 ft above it); top last.
    assert order_of(planes, d6s(6, 6, 1, 1)) == ["middle", "bottom", "top"]


def test_green_then_inexperienced_regular_veteran() -> None:
    levels = ["veteran", "green", "regular", "inexperienced"]
    planes = uncommitted(*(plane(level, level=level) for level in levels))
    assert order_of(planes) == ["green", "inexperienced", "regular", "veteran"]


def test_multi_engine_before_two_seaters_before_single_seaters() -> None:
    """The same airframe changed only in engines and seats, so manoeuvrability is equal."""
    camel = chart()
    planes = uncommitted(
        plane("single", plane_chart=camel),
        plane("two-seat", plane_chart=chart(crew=2)),
        plane("multi", plane_chart=chart(multi_engine=True, crew=3)),
    )
    assert order_of(planes) == ["multi", "two-seat", "single"]


def test_a_real_two_seater_moves_before_a_scout() -> None:
    planes = uncommitted(plane("camel"), plane("bristol", type_id="bristol-f2b"))
    assert order_of(planes) == ["bristol", "camel"]


def test_the_worse_turn_rate_first_then_the_slower_roll() -> None:
    """Turn Rates: SPAD C, Fokker D.VII B, Nieuport A, Camel AA; two Camels alike but for
    the roll rate, the one needing 4 MP per bank step first."""
    planes = uncommitted(
        plane("camel", type_id="sopwith-camel"),
        plane("nieuport", type_id="nieuport-17"),
        plane("spad", type_id="spad-xiii"),
        plane("dvii", type_id="fokker-dvii"),
    )
    assert order_of(planes) == ["spad", "dvii", "nieuport", "camel"]
    slow = chart(roll_mp_left=4, roll_mp_right=4)
    quick = chart(roll_mp_left=2, roll_mp_right=2)
    planes = uncommitted(plane("quick", plane_chart=quick), plane("slow", plane_chart=slow))
    assert order_of(planes) == ["slow", "quick"]


def test_still_tied_the_lowest_2d6_moves_first() -> None:
    planes = uncommitted(plane("a"), plane("b"))
    # a rolls 3 + 4 = 7, b rolls 2 + 2 = 4.
    assert order_of(planes, d6s(3, 4, 2, 2)) == ["b", "a"]
    assert order_of(planes, d6s(1, 2, 6, 5)) == ["a", "b"]


def test_planes_rolling_alike_roll_again() -> None:
    planes = uncommitted(plane("a"), plane("b"), plane("c"))
    # a 7, b 7, c 5: c first; a and b roll again: a 6 + 6, b 1 + 1.
    assert order_of(planes, d6s(3, 4, 5, 2, 1, 4, 6, 6, 1, 1)) == ["c", "b", "a"]


def test_one_roll_off_orders_every_plane_it_settles() -> None:
    """Three identical planes roll once each (a 2, a 4, a 6): that gives all three places."""
    planes = uncommitted(plane("a"), plane("b"), plane("c"))
    assert order_of(planes, d6s(3, 3, 1, 1, 2, 2)) == ["b", "c", "a"]


def test_the_tie_break_rolls_are_recorded_with_their_purpose() -> None:
    planes = uncommitted(plane("camel-1"), plane("camel-2"))
    dice = Dice.seeded(0, d6s(3, 4, 2, 2))
    movement_order(planes, dice, 7)
    assert [(r.kind, r.value, r.purpose) for r in dice.rolls] == [
        ("d6", 3, "movement tie-break, Camel 1, round 7"),
        ("d6", 4, "movement tie-break, Camel 1, round 7"),
        ("d6", 2, "movement tie-break, Camel 2, round 7"),
        ("d6", 2, "movement tie-break, Camel 2, round 7"),
    ]


def test_no_tie_no_dice() -> None:
    planes = uncommitted(plane("a", level="green"), plane("b"), plane("c", level="veteran"))
    dice = Dice.seeded(0)
    movement_order(planes, dice, 1)
    assert dice.rolls == []


def test_planes_that_have_moved_roll_no_more_tie_breaks() -> None:
    """Two identical class-2 hunters follow one class-1 plane: they roll off once as its
    followers; when class 2's turn comes both have moved, and nothing is rolled again."""
    planes = table(
        plane("prey", "german", y=10),
        plane("left", x=-3, target="prey"),
        plane("right", x=3, target="prey"),
        plane("hunts-left", "german", x=-3, y=-300, target="left"),
        plane("hunts-right", "german", x=3, y=-300, target="right"),
    )
    assert arc_of(planes["left"], planes["prey"]) == arc_of(planes["right"], planes["prey"])
    dice = Dice.seeded(0, d6s(6, 6, 1, 1))
    movers = movement_order(planes, dice, 1)
    assert [(m.id, m.move_class) for m in movers] == [
        ("prey", 1),
        ("right", 2),
        ("hunts-right", 3),
        ("left", 2),
        ("hunts-left", 3),
    ]
    assert len(dice.rolls) == 4


# --- how a place is written -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("move_class", "place", "label"),
    [
        (1, 1, "1 (1st)"),
        (2, 2, "2 (2nd)"),
        (2, 3, "2 (3rd)"),
        (3, 4, "3 (4th)"),
        (4, 11, "4 (11th)"),
        (4, 12, "4 (12th)"),
        (4, 13, "4 (13th)"),
        (4, 21, "4 (21st)"),
        (4, 22, "4 (22nd)"),
        (4, 23, "4 (23rd)"),
        (4, 101, "4 (101st)"),
        (4, 111, "4 (111th)"),
        (4, 112, "4 (112th)"),
    ],
)
def test_a_movers_label_gives_its_class_and_place(move_class: int, place: int, label: str) -> None:
    assert Mover("camel", move_class, place).label == label


def test_places_count_from_one_in_the_whole_order() -> None:
    planes = uncommitted(*(plane(f"p{n}", alt=1000 + 300 * n) for n in range(12)))
    movers = movement_order(planes, Dice.seeded(0), 1)
    assert [m.place for m in movers] == list(range(1, 13))
    assert movers[10].label == "4 (11th)" and movers[11].label == "4 (12th)"
