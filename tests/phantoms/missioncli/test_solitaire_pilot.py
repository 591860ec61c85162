"""The solitaire pilot (Intruders I-p.14) on a stand-in game with recorded dice: closing
from range, the maneuver table inside it, the tailer's best shot, the force's break-off,
and — whatever the tables ask — only markers the rules allow."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dice import Dice
from engine.hexmap import Hex
from engine.phantoms.intruders.solitaire import closing_move
from engine.phantoms.marking import marker_problems
from engine.phantoms.solitaire_pilot import (
    SolitairePilot,
    edge_aim,
    fallbacks,
)
from engine.phantoms.state import PlaneState
from models.phantoms.card import ControlCard, ManeuverRow, control_cards
from models.phantoms.common import MANEUVERS
from models.phantoms.orders import MarkerOrder

MIG = control_cards()["mig-17f"]
F4 = control_cards()["f-4e"]


def rolled(*readings: int) -> Dice:
    """Dice replaying d10 readings 1–10 (a 10 is the face 0)."""
    return Dice.seeded(0, recorded=[("d10", reading % 10) for reading in readings])


def plane(
    pid: str,
    side: str,
    at: Hex,
    facing: int,
    *,
    level: int = 3,
    speed: int = 4,
    card: ControlCard = MIG,
    loaded: bool = False,
) -> PlaneState:
    return PlaneState(
        id=pid, side=side, card=card, quality="average", hex=at, facing=facing,
        level=level, speed=speed, loaded=loaded,
    )  # fmt: skip


def rules_problems(plane: PlaneState, order: MarkerOrder) -> list[str]:
    """The marking rules the pilot must keep (§6.1–§6.3, §11.0), as the game has them."""
    return list(marker_problems(plane, order.maneuver, order.levels))


@dataclass
class StandInAi:
    """The wrapped AI pilot: says what it is asked, and counts the asking."""

    asked: list[str] = field(default_factory=list)

    def speed(self, game: Any, plane: PlaneState) -> int:
        self.asked.append("speed")
        return 3

    def break_off(self, game: Any, plane: PlaneState) -> bool:
        return False

    def afterburner(self, game: Any, plane: PlaneState) -> bool:
        self.asked.append("afterburner")
        return True

    def marker(self, game: Any, plane: PlaneState) -> MarkerOrder:
        self.asked.append("marker")
        return MarkerOrder(maneuver="S")

    def gun_target(self, game: Any, plane: PlaneState, targets: list[PlaneState]) -> Any:
        self.asked.append("gun")
        return targets[0] if targets else None

    def missile_shot(self, game: Any, plane: PlaneState, shots: list[Any]) -> Any:
        self.asked.append("missile")
        return None

    def lock_target(self, game: Any, plane: PlaneState, candidates: list[PlaneState]) -> Any:
        self.asked.append("lock")
        return None

    def break_lock(self, game: Any, plane: PlaneState, locker: PlaneState) -> bool:
        self.asked.append("break lock")
        return True


class StandInGame:
    """What the solitaire pilot reads of a game: the aircraft, the dice, the turn, the
    pilots and the marking and speed rules."""

    def __init__(self, planes: list[PlaneState], dice: Dice, turn: int = 1) -> None:
        self.planes = {p.id: p for p in planes}
        self.dice = dice
        self.turn = turn
        self.pilots: dict[str, Any] = {}

    def marker_problems(self, plane: PlaneState, order: MarkerOrder) -> list[str]:
        return rules_problems(plane, order)

    def legal_speeds(self, plane: PlaneState) -> list[int]:
        top = plane.card.max_loaded_speed if plane.loaded else plane.card.max_level_speed
        return list(range(1, top + 1))


def flown(
    mig: PlaneState, *others: PlaneState, dice: Dice | None = None
) -> tuple[SolitairePilot, StandInGame, StandInAi]:
    ai = StandInAi()
    pilot = SolitairePilot(ai)
    game = StandInGame([mig, *others], dice or rolled())
    game.pilots[mig.id] = pilot
    return pilot, game, ai


# -- closing ---------------------------------------------------------------------------------


def test_beyond_the_closing_range_it_closes_at_full_speed_matching_level() -> None:
    mig = plane("mig", "nva", Hex(0, 0), 0, level=2, speed=4)
    f4 = plane("f4", "us", Hex(0, 8), 3, level=5, speed=5, card=F4)
    pilot, game, ai = flown(mig, f4)
    assert pilot.speed(game, mig) == MIG.max_level_speed
    order = pilot.marker(game, mig)
    move = closing_move(mig.hex, 0, 2, 4, f4.hex, 3, 5, 5)
    assert (order.maneuver, order.levels) == (move.maneuver, 1)  # a Straight holds one level
    assert pilot.last is not None and pilot.last.mode == "closing"
    assert pilot.last.wanted == MarkerOrder(maneuver="S", levels=3)
    assert game.dice.rolls == []  # closing rolls nothing
    assert "speed" not in ai.asked


def test_a_closing_turn_climbs_as_far_as_its_marker_lies() -> None:
    """Off to the side at range: the intercept steers it round, climbing within the Turn's
    placement distance (one hex at speed 4)."""
    mig = plane("mig", "nva", Hex(0, 0), 0, level=1, speed=4)
    f4 = plane("f4", "us", Hex(8, -4), 0, level=6, speed=5, card=F4)
    pilot, game, _ = flown(mig, f4)
    order = pilot.marker(game, mig)
    assert order.maneuver in ("RT", "RHT")
    assert order.levels == 1
    assert not rules_problems(mig, order)


def test_a_climb_is_cut_to_what_the_speed_pays_for() -> None:
    """At speed 2 with a climb cost of 1, one level would leave speed 1: it climbs one,
    never to speed 0 (§6.3–§6.4)."""
    mig = plane("mig", "nva", Hex(0, 0), 0, level=0, speed=2)
    f4 = plane("f4", "us", Hex(0, 9), 3, level=8, speed=5, card=F4)
    pilot, game, _ = flown(mig, f4)
    assert pilot.marker(game, mig) == MarkerOrder(maneuver="S", levels=1)
    mig.speed, mig.marker = 1, None
    assert pilot.marker(game, mig) == MarkerOrder(maneuver="S", levels=0)


# -- the maneuver table --------------------------------------------------------------------


def head_on_pair(**mig: Any) -> tuple[PlaneState, PlaneState]:
    return (
        plane("mig", "nva", Hex(0, 0), 0, **mig),
        plane("f4", "us", Hex(0, 3), 3, level=3, speed=5, card=F4),
    )


def test_inside_the_range_each_marker_is_a_table_roll() -> None:
    mig, f4 = head_on_pair()
    pilot, game, _ = flown(mig, f4, dice=rolled(8))  # head-on 8: tight turn left
    assert pilot.marker(game, mig) == MarkerOrder(maneuver="LHT")
    assert pilot.last is not None
    assert (pilot.last.mode, pilot.last.situation, pilot.last.target) == ("table", "head_on", "f4")
    assert [r.purpose for r in game.dice.rolls] == ["solitaire maneuver, head-on, mig (I-p.14)"]


def test_a_hard_turn_it_may_not_fly_becomes_a_turn_the_same_way() -> None:
    """I-p.14: "if they cannot make hard or tight turns, then use normal turns"."""
    mig, f4 = head_on_pair(loaded=True)
    pilot, game, _ = flown(mig, f4, dice=rolled(9))  # head-on 9: tight turn right
    assert pilot.marker(game, mig) == MarkerOrder(maneuver="RT")
    assert pilot.last is not None and pilot.last.wanted.maneuver == "RT"


def test_speed_without_a_hard_turn_on_the_chart_also_turns() -> None:
    rows = tuple(
        row.model_copy(update={"hard_turn": None}) if row.speed >= 4 else row
        for row in MIG.maneuver_chart
    )
    card = MIG.model_copy(update={"maneuver_chart": rows})
    assert isinstance(card.maneuver_chart[4], ManeuverRow)
    mig, f4 = head_on_pair(card=card, speed=5)
    pilot, game, _ = flown(mig, f4, dice=rolled(8))
    assert pilot.marker(game, mig) == MarkerOrder(maneuver="LT")


def test_a_loop_it_may_not_fly_turns_toward_the_target() -> None:
    """Head-on 10 is a Loop; loaded it may neither loop nor hard-turn, so it turns, toward
    the side the target lies (here to its right)."""
    mig = plane("mig", "nva", Hex(0, 0), 0, loaded=True)
    f4 = plane("f4", "us", Hex(2, 1), 4, level=3, card=F4)
    pilot, game, _ = flown(mig, f4, dice=rolled(10))
    assert pilot.last is None
    order = pilot.marker(game, mig)
    assert pilot.last is not None and pilot.last.wanted.maneuver == "LOOP"
    assert order == MarkerOrder(maneuver="RT")


def test_the_fallbacks_are_nearest_first() -> None:
    assert fallbacks("LHT") == ("LHT", "LT", "LS", "S")
    assert fallbacks("LOOP") == ("LOOP", "LHT", "LT", "S")
    assert fallbacks("LOOP", right=True) == ("LOOP", "RHT", "RT", "S")
    assert all(chain[-1] == "S" or "S" in chain for chain in map(fallbacks, MANEUVERS))


def test_a_sideslip_rolls_its_side_and_matches_the_level() -> None:
    mig, f4 = head_on_pair(level=1)
    pilot, game, _ = flown(mig, f4, dice=rolled(7, 6))  # head-on 7: sideslip, 6 right
    assert pilot.marker(game, mig) == MarkerOrder(maneuver="RS", levels=1)
    assert len(game.dice.rolls) == 2


def test_a_dive_never_goes_below_level_0() -> None:
    mig, f4 = head_on_pair(level=1)
    f4.level = 0
    pilot, game, _ = flown(mig, f4, dice=rolled(1))
    assert pilot.marker(game, mig) == MarkerOrder(maneuver="S", levels=-1)


def test_a_tailer_flies_for_the_best_shot_without_a_roll() -> None:
    mig = plane("mig", "nva", Hex(0, 0), 0)
    f4 = plane("f4", "us", Hex(0, 2), 0, card=F4)  # ahead of it, flying away
    pilot, game, _ = flown(mig, f4)
    assert pilot.marker(game, mig) == MarkerOrder(maneuver="S")
    assert pilot.last is not None and pilot.last.mode == "tailing"
    assert game.dice.rolls == []


def test_inside_the_range_the_ai_sets_the_speed() -> None:
    mig, f4 = head_on_pair()
    pilot, game, ai = flown(mig, f4)
    assert pilot.speed(game, mig) == 3
    assert ai.asked == ["speed"]


# -- break-off -----------------------------------------------------------------------------


def force() -> tuple[list[PlaneState], list[PlaneState]]:
    """Three MiGs, one lost: two against four F-4s (2:1, +1 on the break-off roll)."""
    migs = [plane(f"mig-{n}", "nva", Hex(n, 0), 0, level=6) for n in range(1, 4)]
    migs[2].destroyed = True
    us = [plane(f"f4-{n}", "us", Hex(n, 8), 3, card=F4) for n in range(1, 5)]
    return migs, us


def test_no_break_off_roll_before_a_loss() -> None:
    migs, us = force()
    migs[2].destroyed = False
    pilot, game, _ = flown(migs[0], *migs[1:], *us)
    assert pilot.break_off(game, migs[0]) is False
    assert game.dice.rolls == []


def test_the_force_breaks_off_for_one_edge_diving_to_level_2() -> None:
    """d10 7 + 1 (2:1) makes 8 and breaks off; a d4 of 2 picks the east edge.  The roll is
    made once a turn, for the whole force."""
    migs, us = force()
    pilot, game, _ = flown(migs[0], *migs[1:], *us, dice=rolled(7, 2))
    wingman = SolitairePilot(StandInAi())
    game.pilots[migs[1].id] = wingman
    assert pilot.speed(game, migs[0]) == MIG.max_level_speed
    assert pilot.breaking == "east" and wingman.breaking == "east"
    assert [r.purpose for r in game.dice.rolls] == [
        "solitaire break-off, nva force (I-p.14)",
        "solitaire break-off edge, nva force (I-p.14)",
    ]
    assert pilot.break_off(game, migs[0]) is True  # and it tries §10.0 to leave
    assert wingman.break_off(game, migs[1]) is True
    assert wingman.speed(game, migs[1]) == MIG.max_level_speed
    order = pilot.marker(game, migs[0])
    assert order == MarkerOrder(maneuver="RT", levels=-1)  # east, diving within 1 hex
    assert pilot.last is not None and pilot.last.mode == "breaking"
    assert pilot.last.wanted == MarkerOrder(maneuver="RT", levels=-4)  # down to level 2
    assert len(game.dice.rolls) == 2  # nothing rolled again this turn


def test_a_low_roll_holds_on() -> None:
    migs, us = force()
    pilot, game, _ = flown(migs[0], *migs[1:], *us, dice=rolled(6, 3))  # 6 + 1 = 7 < 8
    assert pilot.break_off(game, migs[0]) is False
    assert pilot.speed(game, migs[0]) == MIG.max_level_speed  # still closing from 8 hexes
    assert len(game.dice.rolls) == 1
    game.turn += 1
    pilot.speed(game, migs[0])
    assert len(game.dice.rolls) == 2  # a new roll next turn: 3 + 1, holding on
    assert pilot.breaking is None


def test_edge_aim_lies_due_along_the_edge_direction() -> None:
    here = Hex(2, -1)
    assert here.heading_to_deg(edge_aim(here, "north")) == 0.0
    assert round(here.heading_to_deg(edge_aim(here, "east"))) == 90
    assert round(here.heading_to_deg(edge_aim(here, "south"))) == 180
    assert round(here.heading_to_deg(edge_aim(here, "west"))) == 270


# -- what it leaves to the AI ----------------------------------------------------------------


def test_fire_locks_and_afterburner_are_the_ai_pilots() -> None:
    mig, f4 = head_on_pair()
    pilot, game, ai = flown(mig, f4)
    assert pilot.afterburner(game, mig) is True
    assert pilot.gun_target(game, mig, [f4]) is f4
    assert pilot.missile_shot(game, mig, []) is None
    assert pilot.lock_target(game, mig, [f4]) is None
    assert pilot.break_lock(game, mig, f4) is True
    assert ai.asked == ["afterburner", "gun", "missile", "lock", "break lock"]


def test_with_no_enemy_left_the_ai_places_the_marker() -> None:
    mig = plane("mig", "nva", Hex(0, 0), 0)
    pilot, game, ai = flown(mig)
    assert pilot.marker(game, mig) == MarkerOrder(maneuver="S")
    assert ai.asked == ["marker"] and pilot.last is not None and pilot.last.mode == "ai"


# -- only legal markers --------------------------------------------------------------------

hexes = st.builds(Hex, st.integers(-8, 8), st.integers(-8, 8))


@settings(max_examples=300, deadline=None)
@given(
    mig_hex=hexes,
    target_hex=hexes,
    facings=st.tuples(st.integers(0, 5), st.integers(0, 5)),
    levels=st.tuples(st.integers(0, 10), st.integers(0, 10)),
    speed=st.integers(1, 5),
    loaded=st.booleans(),
    structural=st.booleans(),
    readings=st.lists(st.integers(1, 10), min_size=2, max_size=2),
    breaking=st.sampled_from([None, "north", "east", "south", "west"]),
)
def test_every_marker_it_proposes_is_legal(
    mig_hex: Hex,
    target_hex: Hex,
    facings: tuple[int, int],
    levels: tuple[int, int],
    speed: int,
    loaded: bool,
    structural: bool,
    readings: list[int],
    breaking: Any,
) -> None:
    mig = plane("mig", "nva", mig_hex, facings[0], level=levels[0], speed=speed, loaded=loaded)
    mig.structural = structural
    f4 = plane("f4", "us", target_hex, facings[1], level=levels[1], card=F4)
    pilot, game, ai = flown(mig, f4, dice=rolled(*readings))
    pilot.breaking = breaking
    order = pilot.marker(game, mig)
    assert rules_problems(mig, order) == []
    assert "marker" not in ai.asked
    assert pilot.last is not None and pilot.last.placed == order


# -- in a game -----------------------------------------------------------------------------


def test_solitaire_missions_play_through_with_the_tables_flying_the_migs() -> None:
    """Ten generated solitaire missions in the real game: the MiGs are flown by the
    tables, and no order is refused."""
    from engine.phantoms.game import PhantomsGame
    from engine.phantoms.intruders.mission_generator import generate_mission
    from engine.phantoms.mission_scenario import mission_scenario

    for number in range(1, 11):
        made = mission_scenario(generate_mission(4, "low", mission=number, solitaire=True))
        game = PhantomsGame(made)
        migs = [pid for pid, p in game.planes.items() if p.side == "nva"]
        assert migs and all(isinstance(game.pilots[pid], SolitairePilot) for pid in migs)
        game.run()
        assert all(game.pilots[pid].last is not None for pid in migs)
