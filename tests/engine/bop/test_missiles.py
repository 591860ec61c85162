"""Missile combat (rulebook "Missile Combat (SoP 07)", "Declare a Missile Snapshot")."""

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bop.damage import DamageState, apply_damage
from engine.bop.errors import IllegalOrder
from engine.bop.missiles import (
    WEAPON,
    LaunchResult,
    MissileState,
    attack_hits,
    boost_speed_and_bleed,
    can_declare_snapshot,
    can_follow_on,
    can_launch,
    can_snapshot,
    check_guidance,
    critical_hits_for,
    defense_column,
    flight_range_fp,
    fly_missile,
    follow_on_boost_fp,
    launch,
    launch_target_number,
    missile_attack,
    missile_defense_allowed,
    missile_tables,
)
from engine.dice import Dice, RollKind, pips_table
from engine.hexmap import Hex, Position
from engine.phad import Cell, distance
from models.aircraft import card
from models.files import DataFileError
from models.missile import STALL_BLEED, missile_card, shipped_missiles

SIDEWINDER = missile_card("AIM-9L")
SPARROW = missile_card("AIM-7E-2")
AMRAAM = missile_card("AIM-120A")
ARCHER = missile_card("R-73")
NORTH = Cell.parse("015+00")
ORIGIN = Position.parse("0,0,100")


def rolls(*faces: tuple[RollKind, int]) -> Dice:
    return Dice.seeded(0, list(faces))


def pct(*values: int) -> list[tuple[RollKind, int]]:
    return [("percentile", v) for v in values]


def fire(
    missile: str = "AIM-9L",
    *,
    target: str = "2,20,100",
    roll: int = 0,
    speed: float = 12,
    nose: Cell = NORTH,
    load: float = 3.0,
    pointing: bool = False,
    follow_on: bool = False,
    boost_turn_to: Cell | None = None,
    turn: int = 5,
) -> LaunchResult:
    return launch(
        missile_card(missile),
        missile_id="m1",
        launcher="Phantom 1",
        target="Red 1",
        side="blue",
        launcher_position=ORIGIN,
        launcher_nose=nose,
        launcher_speed_fp=speed,
        target_position=Position.parse(target),
        max_load_g=load,
        pointing=pointing,
        dice=rolls(*pct(roll)),
        turn=turn,
        follow_on=follow_on,
        boost_turn_to=boost_turn_to,
    )


def flying(**changes: object) -> MissileState:
    """An AIM-9L anchored at 0,10,100 facing north, target last seen 20 FP ahead."""
    base = MissileState(
        id="m1",
        type_id="AIM-9L",
        launcher="Blue 1",
        target="Red 1",
        side="blue",
        anchor=Position.parse("0,10,100"),
        boost_direction=Cell.parse("345+00"),
        speed_fp=35.0,
        bleed=10.0,
        launched_turn=4,
        bearing=Cell.parse("345+00"),
        range_fp=20,
        target_seen=Position.parse("0,30,100"),
    )
    return replace(base, **changes)  # type: ignore[arg-type]


# --- the table file -------------------------------------------------------------------------


def test_tables_load() -> None:
    tables = missile_tables()
    assert tables.launch.over_limit_multiplier == 2
    assert tables.attack.defense_base_column == 13


def test_bad_table_names_file_and_field(tmp_path: Path) -> None:
    path = tmp_path / "missiles.toml"
    path.write_text(
        "format_version = 1\n[launch]\nover_limit_multiplier = 2\npercent_per_point = 5\n"
        "[attack]\ndefense_base_column = 99\ndefending_bonus = 2\nmin_column = 0\n"
        "max_column = 48\n[direct_hit]\nd10_faces_per_excess_pip = 1\n"
    )
    with pytest.raises(DataFileError) as error:
        missile_tables(path)
    assert "missiles.toml" in str(error.value)
    assert "defense_base_column" in str(error.value)


# --- who may fire ---------------------------------------------------------------------------


def test_ir_missile_needs_its_seeker_lock() -> None:
    refused = can_launch(SIDEWINDER, range_fp=20, seeker_lock=False, radar_track=True)
    assert not refused.allowed
    assert "Missile Combat" in refused.reason
    assert can_launch(SIDEWINDER, range_fp=20, seeker_lock=True, radar_track=False).allowed


def test_radar_missile_needs_the_launchers_track() -> None:
    assert not can_launch(SPARROW, range_fp=20, seeker_lock=True, radar_track=False).allowed
    assert can_launch(AMRAAM, range_fp=20, seeker_lock=False, radar_track=True).allowed


def test_minimum_range_and_negative_load() -> None:
    close = can_launch(SPARROW, range_fp=13, seeker_lock=False, radar_track=True)
    assert not close.allowed and "minimum launch range" in close.reason
    pushed = can_launch(
        SPARROW, range_fp=20, seeker_lock=False, radar_track=True, negative_load=True
    )
    assert "Negative Loads" in pushed.reason
    assert can_launch(
        SIDEWINDER, range_fp=20, seeker_lock=True, radar_track=False, negative_load=True
    ).allowed
    on_ejector = can_launch(
        AMRAAM,
        range_fp=20,
        seeker_lock=False,
        radar_track=True,
        negative_load=True,
        ejected_station=True,
    )
    assert not on_ejector.allowed


def test_follow_on_restrictions() -> None:
    ok = can_follow_on(
        SPARROW,
        first_launched=True,
        snapshot_this_turn=False,
        slaved_acquisition=None,
        radar_track=True,
    )
    assert ok.allowed
    single = SPARROW.model_copy(update={"single_shot": True})
    assert (
        "single-shot"
        in can_follow_on(
            single,
            first_launched=True,
            snapshot_this_turn=False,
            slaved_acquisition=None,
            radar_track=True,
        ).reason
    )
    after_snap = can_follow_on(
        SIDEWINDER,
        first_launched=True,
        snapshot_this_turn=True,
        slaved_acquisition=True,
        radar_track=False,
    )
    assert "snapshot" in after_snap.reason
    no_slave = can_follow_on(
        SIDEWINDER,
        first_launched=True,
        snapshot_this_turn=False,
        slaved_acquisition=False,
        radar_track=True,
    )
    assert "slaved acquisition" in no_slave.reason
    assert not can_follow_on(
        SIDEWINDER,
        first_launched=False,
        snapshot_this_turn=False,
        slaved_acquisition=True,
        radar_track=False,
    ).allowed


def test_snapshot_declaration_uses_the_extended_fov() -> None:
    # AIM-9L: FoV 1+, so a snapshot may be declared out to AoN 2 but not 3.
    def declare(aon: int, missile=SIDEWINDER):  # type: ignore[no-untyped-def]
        return can_declare_snapshot(
            missile,
            selected=True,
            fixed_in_snapshot_parameters=True,
            target_aon=aon,
            sensor_can_hand_off=True,
        )

    assert declare(2).allowed
    assert "extended FoV" in declare(3).reason
    assert "not snapshot capable" in declare(0, SPARROW).reason


def test_snapshot_launch_uses_the_plain_fov_and_adds_nose_movement_to_noise() -> None:
    ok = can_snapshot(
        SIDEWINDER,
        declared=True,
        in_parameters_at_declaration=True,
        target_aon=1,
        nose_cells_moved=3,
    )
    assert ok.allowed and ok.noise_modifier == 3
    wide = can_snapshot(
        SIDEWINDER,
        declared=True,
        in_parameters_at_declaration=True,
        target_aon=2,
        nose_cells_moved=3,
    )
    assert not wide.allowed and wide.noise_modifier == 0
    assert not can_snapshot(
        SIDEWINDER,
        declared=False,
        in_parameters_at_declaration=True,
        target_aon=0,
        nose_cells_moved=0,
    ).allowed


def test_missile_defense_needs_awareness_an_ap_and_no_guns_task() -> None:
    assert missile_defense_allowed(
        aware_at_launch=False, warned=True, activity_points=1, guns_task=False
    ).allowed
    assert not missile_defense_allowed(
        aware_at_launch=False, warned=False, activity_points=1, guns_task=False
    ).allowed
    assert not missile_defense_allowed(
        aware_at_launch=True, warned=False, activity_points=0, guns_task=False
    ).allowed
    assert not missile_defense_allowed(
        aware_at_launch=True, warned=False, activity_points=2, guns_task=True
    ).allowed


# --- launch and boost -----------------------------------------------------------------------


def test_launch_target_number_doubles_the_load_over_limit() -> None:
    assert launch_target_number(SPARROW, 3.0) == (60, 0.0)
    # 2 G over Launch G 3: box 2, doubled 4, 5 points each off 60.
    assert launch_target_number(SPARROW, 5.0) == (40, 2.0)
    assert launch_target_number(SPARROW, 2.0, reliability=0.75) == (75, 0.0)


def test_failed_launch_roll() -> None:
    dice = rolls(*pct(60))
    result = launch(
        SPARROW,
        missile_id="m1",
        launcher="Phantom 1",
        target="Red 1",
        side="blue",
        launcher_position=ORIGIN,
        launcher_nose=NORTH,
        launcher_speed_fp=12,
        target_position=Position.parse("2,30,100"),
        max_load_g=2.0,
        pointing=False,
        dice=dice,
        turn=5,
    )
    assert not result.launched and result.state is None
    assert dice.rolls[0].purpose == "missile launch, Phantom 1 AIM-7E-2, turn 5"
    assert result.events[0].kind == "launch" and result.events[0].data["launched"] is False


def test_boost_flies_boost_distance_along_the_nose() -> None:
    result = fire()
    state = result.state
    assert result.launched and state is not None and state.active
    assert state.anchor.hex.distance_to(ORIGIN.hex) == SIDEWINDER.boost_distance_fp
    assert state.anchor.alt_steps == ORIGIN.alt_steps
    assert state.boost_direction == NORTH
    assert state.speed_fp == pytest.approx(12 + SIDEWINDER.boost_speed_fp)
    assert state.bleed == SIDEWINDER.bleed_for_speed(12 + SIDEWINDER.boost_speed_fp)
    assert result.boost_path[0] == ORIGIN.world_ft()
    assert result.boost_path[-1] == state.anchor.world_ft()
    assert 1 <= len(result.boost_path) - 1 <= 10
    assert result.events[0].kind == "launch"


def test_pointing_adds_facing_bleed() -> None:
    plain = fire().state
    pointed = fire(pointing=True).state
    assert plain is not None and pointed is not None
    band = SIDEWINDER.band_at_steps(100)
    assert pointed.bleed == pytest.approx(plain.bleed + band.facing_bleed)
    assert pointed.speed_fp == SIDEWINDER.speed_for_bleed(pointed.bleed)


def test_target_beyond_oba_removes_the_missile() -> None:
    result = fire(target="10,-5,100")  # well off to the east of a north-bound boost
    state = result.state
    assert state is not None and state.status == "off_boresight"
    assert [e.kind for e in result.events] == ["launch", "lost_guidance"]


def test_follow_on_boost_adds_half_the_launcher_speed() -> None:
    assert follow_on_boost_fp(SIDEWINDER, 13) == SIDEWINDER.boost_distance_fp + 7
    state = fire(follow_on=True, speed=13, target="2,40,100").state
    assert state is not None and state.follow_on
    assert state.anchor.hex.distance_to(ORIGIN.hex) == SIDEWINDER.boost_distance_fp + 7


def test_boost_maneuver_turns_toward_the_target_and_doubles_facing_bleed() -> None:
    # Target 60 degrees right of the nose, outside the R-73's OBA for a straight boost.
    result = fire("R-73", target="20,0,100")
    state = result.state
    assert state is not None
    assert 1 <= result.boost_cells <= ARCHER.oba_cells
    assert distance(NORTH, state.boost_direction) == result.boost_cells
    band = ARCHER.band_at_steps(100)
    _, expected = boost_speed_and_bleed(ARCHER, 12, band.facing_bleed, False, result.boost_cells)
    assert state.bleed == expected
    top = min(12 + ARCHER.boost_speed_fp, ARCHER.speed_bleed[0].speed_fp)
    assert expected == ARCHER.bleed_for_speed(top) + 2 * result.boost_cells * band.facing_bleed


def test_boost_maneuver_limits() -> None:
    with pytest.raises(IllegalOrder, match="OBA"):
        fire("R-73", boost_turn_to=Cell.parse("135+00"))
    with pytest.raises(IllegalOrder, match="not boost-maneuver capable"):
        fire("AIM-9L", boost_turn_to=Cell.parse("045+00"))
    straight = fire("R-73", target="0,25,100")  # dead ahead: no turn
    assert straight.boost_cells == 0


# --- flight ---------------------------------------------------------------------------------


def test_straight_flight_step() -> None:
    state = flying()
    flight = fly_missile(state, SIDEWINDER, Position.parse("0,32,100"), who="Blue 1", turn=5)
    band = SIDEWINDER.band_at_steps(100)
    new = flight.state
    assert flight.range_fp == 22 and flight.swing_cells == 0 and flight.off_boresight_cells == 0
    assert new.bleed == pytest.approx(10 + band.game_turn_bleed)
    assert new.speed_fp == SIDEWINDER.speed_for_bleed(new.bleed)
    assert new.distance_fp == pytest.approx((35 + new.speed_fp) / 2)
    assert flight.attacks == (new.distance_fp > 22)
    assert new.turns_flown == 1 and new.target_seen == Position.parse("0,32,100")


def test_missile_attacks_when_range_is_below_distance() -> None:
    still = Position.parse("0,25,100")
    state = flying(target_seen=still, range_fp=15)
    flight = fly_missile(state, SIDEWINDER, still, who="Blue 1", turn=5)
    assert flight.attacks
    assert flight.impact_tick is not None and 1 <= flight.impact_tick <= 10
    assert flight.waypoints[-1] == Position.parse("0,25,100").world_ft()


def test_waypoints_per_tick_without_attack() -> None:
    flight = fly_missile(flying(), SIDEWINDER, Position.parse("0,60,100"), who="Blue 1", turn=5)
    assert not flight.attacks and flight.impact_tick is None
    assert len(flight.waypoints) == 11
    ys = [p[1] for p in flight.waypoints]
    assert ys == sorted(ys)


def test_facing_bleed_for_the_bearing_swing() -> None:
    state = flying(range_fp=25)
    # Target moved from dead ahead to about 30 degrees right, far away: one cell of swing.
    target = Position.parse("12,30,100")
    flight = fly_missile(state, SIDEWINDER, target, who="Blue 1", turn=5)
    band = SIDEWINDER.band_at_steps(100)
    assert flight.swing_cells == distance(Cell.parse("345+00"), flight.bearing)  # type: ignore[arg-type]
    assert flight.facing_bleed == flight.swing_cells * band.facing_bleed
    assert flight.state.bleed == pytest.approx(10 + flight.facing_bleed + band.game_turn_bleed)


def test_kinematic_defeat() -> None:
    # A target abeam and close: cells off the boost direction x turn radius > range.
    flight = fly_missile(flying(), SIDEWINDER, Position.parse("2,9,100"), who="Blue 1", turn=5)
    assert flight.turn_needed_fp > flight.range_fp
    assert flight.state.status == "defeated" and not flight.attacks
    assert flight.events[0].kind == "defeated"


def test_stall_past_72() -> None:
    flight = fly_missile(
        flying(bleed=70), SIDEWINDER, Position.parse("0,40,100"), who="Blue 1", turn=5
    )
    assert flight.state.bleed > STALL_BLEED
    assert flight.state.status == "stalled" and not flight.attacks
    assert flight.events[0].kind == "stall"
    with pytest.raises(ValueError, match="out of play"):
        missile_attack(
            flight.state,
            SIDEWINDER,
            defender_pilot_quality=0,
            defending=False,
            dice=rolls(),
            who="x",
            turn=5,
        )


def test_follow_on_first_turn_halves_game_turn_bleed_and_distance() -> None:
    plain = fly_missile(flying(), SIDEWINDER, Position.parse("0,60,100"), who="Blue 1", turn=5)
    first = fly_missile(
        flying(follow_on=True), SIDEWINDER, Position.parse("0,60,100"), who="Blue 1", turn=5
    )
    band = SIDEWINDER.band_at_steps(100)
    assert first.game_turn_bleed == band.game_turn_bleed / 2
    speed = SIDEWINDER.speed_for_bleed(10 + band.game_turn_bleed / 2)
    assert speed is not None
    assert first.state.distance_fp == pytest.approx((35 + speed) / 4)
    later = fly_missile(
        flying(follow_on=True, turns_flown=1),
        SIDEWINDER,
        Position.parse("0,60,100"),
        who="Blue 1",
        turn=6,
    )
    assert later.state.bleed == plain.state.bleed


def test_guidance() -> None:
    sarh = flying(guidance="launcher_radar_track")
    assert not check_guidance(sarh, launcher_radar_track=False, seeker_track=True).guided
    assert not check_guidance(sarh, launcher_radar_track=True, seeker_track=False).guided
    assert check_guidance(flying(), launcher_radar_track=False, seeker_track=True).guided
    lost = fly_missile(
        sarh, SPARROW, Position.parse("0,40,100"), who="Blue 1", turn=5, launcher_radar_track=False
    )
    assert lost.state.status == "lost_guidance" and lost.events[0].kind == "lost_guidance"
    ir_lost = fly_missile(
        flying(), SIDEWINDER, Position.parse("0,40,100"), who="Blue 1", turn=5, seeker_track=False
    )
    assert ir_lost.state.status == "lost_guidance"


def test_flight_range_matches_the_cards_straight_range() -> None:
    for type_id in shipped_missiles():
        missile = missile_card(type_id)
        for alt_steps in (0, 50, 175):
            assert flight_range_fp(missile, 13, alt_steps) == pytest.approx(
                missile.straight_range_fp(alt_steps * 200, 13)
            )


# --- attack ---------------------------------------------------------------------------------


def test_attack_tie_rules() -> None:
    assert attack_hits(5, 4, defending=True)
    assert attack_hits(4, 4, defending=False)
    assert not attack_hits(4, 4, defending=True)
    assert not attack_hits(3, 4, defending=False)


def test_critical_hits_for_direct_and_odd_points() -> None:
    assert critical_hits_for(5, direct_hit=True) == 5
    assert critical_hits_for(5, direct_hit=False) == 3
    assert critical_hits_for(4, direct_hit=False) == 2
    assert critical_hits_for(0, direct_hit=False) == 0


def test_defense_column() -> None:
    assert defense_column(0, False) == 13
    assert defense_column(2, True) == 17
    assert defense_column(-2, False, countermeasure_columns=-20) == 0


def test_hit_with_direct_hit() -> None:
    table = pips_table()
    dice = rolls(*pct(99, 0, 60), ("d10", 0))
    result = missile_attack(
        flying(),
        SIDEWINDER,
        defender_pilot_quality=0,
        defending=True,
        dice=dice,
        who="Blue 1",
        turn=6,
    )
    attack, defense = table.read(15, 99), table.read(13, 0)
    assert (result.attack_result, result.defense_result) == (attack, defense)
    assert result.hit and result.excess_pips == attack - defense
    assert result.direct_hit  # d10 0 below the excess
    assert result.damage_points == table.read(SIDEWINDER.warhead_pips, 60)
    assert result.critical_hits == result.damage_points
    assert result.state.status == "hit" and result.events[0].kind == "hit"
    assert [r.purpose for r in dice.rolls] == [
        "missile attack, m1 AIM-9L on Red 1, turn 6",
        "missile defense, m1 AIM-9L on Red 1, turn 6",
        "missile warhead, m1 AIM-9L on Red 1, turn 6",
        "missile direct hit, m1 AIM-9L on Red 1, turn 6",
    ]


def test_defended_tie_misses_and_undefended_tie_hits() -> None:
    # Both roll 99: column 13 and column 13 give the same result.
    state = flying(type_id="AIM-120A")
    defended = missile_attack(
        state,
        AMRAAM,
        defender_pilot_quality=0,
        defending=False,
        countermeasure_columns=-2,
        dice=rolls(*pct(99, 99)),
        who="Blue 1",
        turn=6,
    )
    assert defended.defense_column == 11
    tie = missile_attack(
        state,
        AMRAAM,
        defender_pilot_quality=-2,
        defending=True,
        dice=rolls(*pct(99, 99)),
        who="Blue 1",
        turn=6,
    )
    assert tie.defense_column == AMRAAM.attack_pips and not tie.hit
    assert tie.state.status == "missed" and tie.events[0].kind == "miss"
    undefended = missile_attack(
        state,
        AMRAAM,
        defender_pilot_quality=0,
        defending=False,
        dice=rolls(*pct(99, 99), ("percentile", 50), ("d10", 5)),
        who="Blue 1",
        turn=6,
    )
    assert undefended.hit and not undefended.direct_hit and undefended.excess_pips == 0


def test_hit_feeds_apply_damage() -> None:
    target = card("MiG-21MF")
    dice = rolls(*pct(99, 0, 99), ("d10", 9))
    result = missile_attack(
        flying(),
        SIDEWINDER,
        defender_pilot_quality=0,
        defending=False,
        dice=dice,
        who="Blue 1",
        turn=6,
    )
    assert result.hit and result.direct_hit
    damage = apply_damage(
        DamageState.for_card(target),
        result.damage_points,
        Dice.seeded(1),
        card=target,
        criticals=result.critical_hits,
        weapon=WEAPON,
        who="Red 1",
        turn=6,
        source=result.state.id,
    )
    assert damage.points == result.damage_points
    assert len(damage.criticals) == result.critical_hits


# --- properties -----------------------------------------------------------------------------

positions = st.builds(
    lambda q, r, alt: Position(Hex(q, r), alt),
    st.integers(-40, 40),
    st.integers(-40, 40),
    st.integers(0, 250),
)


def _engagement(seed: int, target: Position) -> tuple[object, ...]:
    dice = Dice.seeded(seed)
    result = launch(
        ARCHER,
        missile_id="m",
        launcher="A",
        target="B",
        side="blue",
        launcher_position=ORIGIN,
        launcher_nose=NORTH,
        launcher_speed_fp=12,
        target_position=target,
        max_load_g=9,
        pointing=True,
        dice=dice,
        turn=1,
    )
    outcome: list[object] = [result.roll, result.state]
    state = result.state
    if state is not None and state.active:
        flight = fly_missile(state, ARCHER, target, who="A", turn=2)
        outcome.append(flight.state)
        if flight.attacks:
            attack = missile_attack(
                flight.state,
                ARCHER,
                defender_pilot_quality=1,
                defending=True,
                dice=dice,
                who="A",
                turn=2,
            )
            outcome.append((attack.hit, attack.damage_points, attack.critical_hits))
    return (*outcome, tuple(r.value for r in dice.rolls))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), positions)
def test_same_seed_same_result(seed: int, target: Position) -> None:
    if target == ORIGIN:
        return
    assert _engagement(seed, target) == _engagement(seed, target)


@settings(max_examples=150, deadline=None)
@given(
    positions,
    st.floats(0, 72),
    st.floats(10, 70),
    st.sampled_from(shipped_missiles()),
    st.booleans(),
    st.sampled_from(["015+00", "345+00", "045+00", "000+30", "030-30"]),
)
def test_bleed_never_decreases_and_a_stalled_missile_never_hits(
    target: Position, bleed: float, speed: float, type_id: str, follow_on: bool, facing: str
) -> None:
    missile = missile_card(type_id)
    state = flying(
        type_id=type_id,
        bleed=bleed,
        speed_fp=speed,
        follow_on=follow_on,
        boost_direction=Cell.parse(facing),
        bearing=Cell.parse(facing),
    )
    flight = fly_missile(state, missile, target, who="Blue 1", turn=5)
    assert flight.state.bleed >= state.bleed
    if flight.state.status == "stalled":
        assert not flight.attacks and not flight.state.active
        with pytest.raises(ValueError):
            missile_attack(
                flight.state,
                missile,
                defender_pilot_quality=0,
                defending=False,
                dice=Dice.seeded(0),
                who="Blue 1",
                turn=5,
            )
    if flight.attacks:
        assert flight.state.active


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(shipped_missiles()),
    st.floats(0, 40),
    st.floats(0, 20),
    st.integers(0, 250),
    st.booleans(),
)
def test_more_speed_never_shorter_range(
    type_id: str, speed: float, extra: float, alt_steps: int, follow_on: bool
) -> None:
    missile = missile_card(type_id)
    slow = flight_range_fp(missile, speed, alt_steps, follow_on=follow_on)
    fast = flight_range_fp(missile, speed + extra, alt_steps, follow_on=follow_on)
    assert fast >= slow
