"""SAMs and their radars (Intruders I-p.3) and Examples of Play 4 (I-p.15)."""

from __future__ import annotations

import pytest

from engine.dice import Dice
from engine.hexmap import Hex
from engine.phantoms.intruders import IntrudersRuleError
from engine.phantoms.intruders.sam import (
    RadarSite,
    SamBattery,
    SamInFlight,
    attempt_lock,
    drop_lost_locks,
    facing_toward,
    fly_sam,
    impact_modifiers,
    launch_problem,
    launch_sam,
    lock_modifiers,
    sam_impact,
    turn_radar,
)
from models.phantoms.ground import ground_radars, sam_types
from tests.phantoms.intruders.cards import faces, plane


def radar_site(hex_: str = "0,0", facing: int = 0) -> RadarSite:
    return RadarSite(
        id="fan-song-1", radar=ground_radars()["fan-song"], hex=Hex.parse(hex_), facing=facing
    )


def battery(sam: str = "sa-2", missiles: int = 6) -> SamBattery:
    return SamBattery(
        id=f"{sam}-battery",
        sam=sam_types()[sam],
        hex=Hex(0, 0),
        missiles=missiles,
        radar_id="fan-song-1",
    )


def test_example_4_lock_launch_and_impact() -> None:
    """I-Examples 4: radar 5 + 2 (over 5 hexes) + 6 = 13 against a modified 10: lock.
    Launch roll 4 (≤ 8).  Attack 2, side −2, roll 9 = 9 against the aircraft's modified 8
    (ECM pod, Hard Turn): 1 hit and the SA-2's 2 criticals."""
    target = plane(hex_="0,20", level=6, facing=1, maneuver="RHT", quality="average")
    radar = radar_site()
    site = battery()
    dice = Dice.seeded(0, recorded=faces(6, 9, 4, 9, 3))
    lock = attempt_lock(dice, radar, target, cm_radar=1)
    assert [m.value for m in lock.modifiers] == [5, 2]
    assert lock.attack_total == 13 and lock.defence_total == 10 and lock.locked
    in_flight: list[SamInFlight] = []
    launch = launch_sam(dice, site, radar, target, in_flight, missile_id="sa2-1", turn=1, impulse=1)
    assert launch.launch_roll == 4 and launch.missile is not None
    missile = launch.missile
    impulses = 0
    while not missile.arrived:
        fly_sam(missile, radar, target)
        impulses += 1
    assert impulses == 4  # 20 hexes at 5 an impulse
    assert missile.level == 6.0
    assert missile.world_ft == (0.0, 20 * 5000.0, 6 * 5000.0)
    assert [hex_ for hex_, _ in missile.path][::5] == [Hex(0, r) for r in (0, 5, 10, 15, 20)]
    assert all(a[1] <= b[1] for a, b in zip(missile.path, missile.path[1:], strict=False))
    assert [(m.name, m.value) for m in impact_modifiers(missile, target)] == [
        ("SA-2 Guideline attack rating", 2),
        ("target's side aspect", -2),
    ]
    attack = sam_impact(dice, missile, target, cm=1)
    assert attack.attack_total == 9 and attack.defence_total == 8
    assert attack.hits == 1 and attack.criticals == 2
    assert site.missiles == 5
    assert not dice.recorded


def test_lock_modifiers_level_0_and_near() -> None:
    radar = radar_site()
    values = [m.value for m in lock_modifiers(radar, plane(hex_="0,3", level=0))]
    assert values == [5, -4]
    radar.arm_damage = "heavy"
    assert [m.value for m in lock_modifiers(radar, plane(hex_="0,3", level=2))] == [5, -3]


def test_two_lock_attempts_an_impulse_and_the_cone() -> None:
    radar = radar_site()
    target = plane(hex_="0,4")
    dice = Dice.seeded(0, recorded=faces(1, 10, 1, 10))
    assert not attempt_lock(dice, radar, target, 0).locked
    assert not attempt_lock(dice, radar, target, 0).locked
    with pytest.raises(IntrudersRuleError, match="attempts"):
        attempt_lock(dice, radar, target, 0)
    radar.start_impulse()
    behind = plane(hex_="0,-4")
    with pytest.raises(IntrudersRuleError, match="cone"):
        attempt_lock(dice, radar, behind, 0)
    turn_radar(radar, facing_toward(radar.hex, behind.hex))
    assert radar.facing == 3
    with pytest.raises(IntrudersRuleError, match="already turned"):
        turn_radar(radar, 0)


def test_heavy_arm_damage_allows_one_attempt_a_turn() -> None:
    radar = radar_site()
    radar.arm_damage = "heavy"
    target = plane(hex_="0,4")
    attempt_lock(Dice.seeded(0, recorded=faces(1, 10)), radar, target, 0)
    radar.start_impulse()
    assert radar.attempts_left() == 0
    radar.start_turn()
    assert radar.attempts_left() == 1


def test_launch_needs_an_operating_radar_with_a_lock() -> None:
    radar = radar_site()
    site = battery()
    target = plane(hex_="0,10", level=4)
    assert "no lock" in str(launch_problem(site, radar, target, []))
    radar.locks.append(target.id)
    assert launch_problem(site, radar, target, []) is None
    radar.destroyed = True
    assert "cannot fire" in str(launch_problem(site, radar, target, []))
    assert "cannot fire" in str(launch_problem(site, None, target, []))


def test_at_most_two_sa2s_at_one_aircraft() -> None:
    radar = radar_site()
    site = battery()
    target = plane(hex_="0,10", level=4)
    radar.locks.append(target.id)
    in_flight: list[SamInFlight] = []
    for number in (1, 2):
        launch_sam(
            Dice.seeded(0),
            site,
            radar,
            target,
            in_flight,
            missile_id=f"m{number}",
            turn=1,
            impulse=1,
            launch_rolls=False,
        )
    assert "already has 2" in str(launch_problem(site, radar, target, in_flight))


def test_failed_launch_roll_loses_the_missile() -> None:
    radar = radar_site()
    site = battery()
    target = plane(hex_="0,10", level=4)
    radar.locks.append(target.id)
    in_flight: list[SamInFlight] = []
    launch = launch_sam(
        Dice.seeded(0, recorded=faces(9)),
        site,
        radar,
        target,
        in_flight,
        missile_id="m1",
        turn=1,
        impulse=1,
    )
    assert launch.missile is None and site.missiles == 5 and in_flight == []


def test_range_and_levels() -> None:
    radar = radar_site()
    site = battery()
    near = plane(hex_="0,1", level=1)
    radar.locks.append(near.id)
    assert "range" in str(launch_problem(site, radar, near, []))


def test_sa7_needs_a_visual_spot_and_the_afterburner_helps_it() -> None:
    team = SamBattery(id="sa7-team", sam=sam_types()["sa-7"], hex=Hex(0, 0), missiles=2)
    target = plane(hex_="0,2", level=1, facing=0)  # flying away: the team sees its rear
    assert "visual spot" in str(launch_problem(team, None, target, []))
    in_flight: list[SamInFlight] = []
    launch = launch_sam(
        Dice.seeded(0, recorded=faces(3)),
        team,
        None,
        target,
        in_flight,
        missile_id="s1",
        turn=1,
        impulse=1,
        spotted=True,
    )
    assert launch.missile is not None
    fly_sam(launch.missile, None, target)
    target.used_ab = True
    values = [m.value for m in impact_modifiers(launch.missile, target)]
    assert values == [3, 4]  # rating, afterburner; no aspect penalty from the rear


def test_radar_shut_down_loses_its_missiles_and_the_radar_drops_locks_out_of_cone() -> None:
    radar = radar_site()
    site = battery()
    target = plane(hex_="0,20", level=5)
    radar.locks.append(target.id)
    in_flight: list[SamInFlight] = []
    missile = launch_sam(
        Dice.seeded(0),
        site,
        radar,
        target,
        in_flight,
        missile_id="m1",
        turn=1,
        impulse=1,
        launch_rolls=False,
    ).missile
    assert missile is not None
    radar.shut_down = True
    assert fly_sam(missile, radar, target) == ()
    assert "shut down" in missile.lost
    target.hex = Hex(0, -5)
    assert drop_lost_locks(radar, {target.id: target}) == [target.id]


def test_defence_level_0_front_aspect_and_broke_contact() -> None:
    target = plane(hex_="0,3", level=0, facing=3, maneuver="S", quality="ace")
    missile = SamInFlight(
        id="m",
        sam=sam_types()["sa-2"],
        battery_id="b",
        radar_id=None,
        target_id=target.id,
        launch_hex=Hex(0, 0),
        hex=target.hex,
        level=0.0,
        launched_turn=1,
        launched_impulse=1,
        path=[(Hex(0, 0), 0.0), (Hex(0, 3), 0.0)],
        arrived=True,
    )
    attack = sam_impact(
        Dice.seeded(0, recorded=faces(5, 5)), missile, target, cm=2, broke_contact=True
    )
    assert [m.value for m in attack.modifiers] == [2, -3]
    assert [m.value for m in attack.defence_modifiers] == [2, 2, 3, 3]
    assert attack.hits == 0 and attack.criticals == 0
