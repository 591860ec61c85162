"""The shot log of shipped fights: records, their dice and their outcomes."""

import json

import pytest

from sim.debrief.shot_log import ShotRecord, record_lines, shot_log
from tests.sim.debrief_timelines import OTHER_RULE_SETS, played


def only(records: list[ShotRecord], what: str) -> list[ShotRecord]:
    return [r for r in records if r.what == what]


def test_perch_9000_gunshot_hits_at_7_fp_with_its_dice() -> None:
    records = shot_log(played("bfm/perch-9000", 1))
    (shot,) = only(records, "gunshot")
    assert (shot.t_s, shot.turn, shot.shooter, shot.target) == (18.0, 3, "viper-1", "bandit-1")
    assert shot.weapon == "M61A1 Vulcan" and shot.range_fp == 7
    assert shot.table == "normal shot, gun table column 5, roll modifier +15"
    assert shot.outcome == "hit: 4 damage points, 3 critical hits"
    purposes = [d.purpose for d in shot.dice]
    assert purposes[:3] == [
        "pipper on, gun attack, Viper 1 on Bandit 1, turn 3",
        "gun attack, Viper 1 on Bandit 1, turn 3 (M61A1 Vulcan, normal shot)",
        "critical hits, gun attack, Viper 1 on Bandit 1, turn 3 (M61A1 Vulcan)",
    ]
    pipper, damage, crits = shot.dice[:3]
    assert (pipper.die, pipper.roll, pipper.column, pipper.pips) == ("percentile", 86, 6, 4)
    assert (damage.roll, damage.column, damage.modifier, damage.pips) == (75, 5, 15, 4)
    assert (crits.roll, crits.pips) == (83, 3)
    assert len(shot.dice) == 3 + 2 * 3  # each critical hit's system and result
    # 7 FP is 2,800 ft at the table; the positions put it within a hex of that.
    assert 2400 < shot.range_ft < 3200
    assert shot.ata_deg < 10


def test_perch_9000_kill_at_24_s_is_credited_to_the_shooter() -> None:
    records = shot_log(played("bfm/perch-9000", 1))
    (kill,) = only(records, "kill")
    assert (kill.t_s, kill.turn, kill.target, kill.shooter) == (24.0, 4, "bandit-1", "viper-1")
    assert kill.outcome == "Bandit 1 out of the fight, credited to Viper 1"
    assert [r.what for r in records] == ["gunshot", "kill"]


def test_modern_furball_aim_9l_launches_and_misses() -> None:
    records = shot_log(played("historical/modern-furball", 18))
    nines = [r for r in records if r.weapon == "AIM-9L"]
    assert [(r.t_s, r.what, r.missile) for r in nines] == [
        (42.0, "launch", "viper-2-m1"),
        (48.0, "missile miss", "viper-2-m1"),
        (72.0, "launch", "viper-2-m2"),
        (78.0, "missile miss", "viper-2-m2"),
    ]
    assert all((r.shooter, r.target) == ("viper-2", "fulcrum-2") for r in nines)
    first_launch, first_miss, second_launch, second_miss = nines
    assert first_launch.table == "launch roll 79, needs below 90"
    assert [(d.purpose, d.roll) for d in first_launch.dice] == [
        ("missile launch, viper-2 AIM-9L, turn 7", 79)
    ]
    assert second_launch.dice[0].roll == 32 and second_launch.range_fp == 4
    assert first_miss.outcome == second_miss.outcome == "miss"
    assert second_miss.table == (
        "attack column 15 → 6 pips against defense column 16 → 12 pips (defending)"
    )
    assert [(d.purpose.split(",")[0], d.roll, d.pips) for d in second_miss.dice] == [
        ("missile attack", 41, 6),
        ("missile defense", 98, 12),
    ]


def test_a_pipper_not_on_is_a_gun_miss_with_its_roll() -> None:
    records = shot_log(played("bfm/perch-3000", 1))
    (miss,) = only(records, "gun miss")
    assert miss.t_s == 36.0 and miss.outcome == "pipper not on: no shot fired"
    assert [d.purpose for d in miss.dice] == ["pipper on, gun attack, Viper 1 on Bandit 1, turn 6"]


def test_a_failed_launch_and_a_missile_hit() -> None:
    records = shot_log(played("demo/2v2-bvr", 1))
    failed = only(records, "launch failed")
    assert [(r.shooter, r.weapon, r.dice[0].roll) for r in failed] == [
        ("eagle-2", "AIM-7M", 98),
        ("fulcrum-2", "R-27R", 96),
    ]
    hits = only(records, "missile hit")
    assert hits[0].outcome == "hit: 11 damage points, 6 critical hits"
    assert any(d.purpose.startswith("critical hit system") for d in hits[0].dice)


def test_the_log_prints_and_serialises() -> None:
    timeline = played("bfm/perch-9000", 1)
    records = shot_log(timeline)
    lines = record_lines(records, {e.id: e.callsign for e in timeline.meta.entities})
    assert lines[0].startswith("t=  18.0s turn  3  gunshot: Viper 1 M61A1 Vulcan → Bandit 1 at")
    json.dumps([r.as_dict() for r in records])


@pytest.mark.parametrize(("name", "seed", "turns"), OTHER_RULE_SETS)
def test_other_rule_sets_shots_are_read_by_kind_and_detail(
    name: str, seed: int, turns: int
) -> None:
    timeline = played(name, seed, turns)
    records = shot_log(timeline)
    assert records, "the scenario should shoot within its turns"
    aircraft = {e.id for e in timeline.meta.entities if e.kind == "aircraft"}
    for record in records:
        assert record.detail
        assert record.shooter in aircraft or record.what == "kill"
        assert record.target in aircraft
    json.dumps([r.as_dict() for r in records])
