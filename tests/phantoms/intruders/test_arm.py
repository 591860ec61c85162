"""Anti-radiation missiles and ECM pods (Intruders I-p.12–13)."""

from __future__ import annotations

import pytest

from engine.dice import Dice
from engine.hexmap import Hex
from engine.phantoms.intruders import IntrudersRuleError
from engine.phantoms.intruders.arm import (
    ARM_HEXES_PER_IMPULSE,
    POD_POINTS,
    WeaselState,
    arm_lock,
    arm_result,
    detect_arm,
    fly_arm,
    launch_arm,
    pod_countermeasures,
    resolve_arm,
    targeting_fix,
)
from engine.phantoms.intruders.sam import (
    RadarSite,
    SamBattery,
    SamInFlight,
    attempt_lock,
    launch_sam,
)
from engine.phantoms.state import PlaneState
from models.phantoms.ground import ground_radars, sam_types, weapons
from tests.phantoms.intruders.cards import faces, plane


def weasel_plane(hex_: str = "0,10") -> PlaneState:
    state = plane(hex_=hex_, level=4, radar=5, wild_weasel=True, quality="experienced")
    state.stores = {"agm-45": 2, "agm-78": 1}
    return state


def fan_song() -> RadarSite:
    return RadarSite(id="fan-song-1", radar=ground_radars()["fan-song"], hex=Hex(0, 0))


def fixed_weasel(shooter: PlaneState, radar: RadarSite) -> WeaselState:
    weasel = WeaselState(plane_id=shooter.id)
    assert arm_lock(Dice.seeded(0, recorded=faces(5, 9)), shooter, radar, weasel).success
    assert targeting_fix(Dice.seeded(0, recorded=faces(6)), radar, weasel).success
    return weasel


def test_lock_fix_and_the_impulses_locked() -> None:
    shooter = weasel_plane()
    radar = fan_song()
    weasel = WeaselState(plane_id=shooter.id)
    lock = arm_lock(Dice.seeded(0, recorded=faces(5, 9)), shooter, radar, weasel)
    assert [m.value for m in lock.modifiers] == [5, 1, 2]  # radar, experienced, over 5 hexes
    assert lock.total == 13 and lock.success
    assert not targeting_fix(Dice.seeded(0, recorded=faces(7)), radar, weasel).success
    weasel.start_impulse({radar.id: radar})
    fix = targeting_fix(Dice.seeded(0, recorded=faces(7)), radar, weasel)
    assert fix.against == 7 and fix.success and radar.id in weasel.fixed
    radar.shut_down = True
    weasel.start_impulse({radar.id: radar})
    assert weasel.impulses_locked == {} and weasel.fixed == set()


def test_only_a_weasel_locks_radars_that_operate() -> None:
    radar = fan_song()
    with pytest.raises(IntrudersRuleError, match="Wild Weasel"):
        arm_lock(Dice.seeded(0), plane(), radar, WeaselState("us-1"))
    radar.shut_down = True
    with pytest.raises(IntrudersRuleError, match="not operating"):
        arm_lock(Dice.seeded(0), weasel_plane(), radar, WeaselState("us-1"))
    with pytest.raises(IntrudersRuleError, match="no lock"):
        targeting_fix(Dice.seeded(0), fan_song(), WeaselState("us-1"))


def test_launch_flight_and_a_direct_hit_loses_the_guided_sams() -> None:
    shooter = weasel_plane()
    radar = fan_song()
    weasel = fixed_weasel(shooter, radar)
    with pytest.raises(IntrudersRuleError, match="no targeting fix"):
        launch_arm(
            Dice.seeded(0),
            shooter,
            weapons()["agm-45"],
            RadarSite(id="fan-song-2", radar=ground_radars()["fan-song"], hex=Hex(0, 1)),
            weasel,
            missile_id="x",
            turn=1,
            impulse=1,
        )
    target = plane(id_="us-2", hex_="0,8", level=3)
    radar.locks.append(target.id)
    sams: list[SamInFlight] = []
    battery = SamBattery(
        id="b", sam=sam_types()["sa-2"], hex=Hex(0, 0), missiles=4, radar_id=radar.id
    )
    launch_sam(
        Dice.seeded(0),
        battery,
        radar,
        target,
        sams,
        missile_id="sa2",
        turn=1,
        impulse=1,
        launch_rolls=False,
    )
    launch = launch_arm(
        Dice.seeded(0, recorded=faces(8)),
        shooter,
        weapons()["agm-45"],
        radar,
        weasel,
        missile_id="arm-1",
        turn=1,
        impulse=2,
    )
    arm = launch.missile
    assert arm is not None and shooter.stores["agm-45"] == 1
    assert len(fly_arm(arm, radar)) == ARM_HEXES_PER_IMPULSE and not arm.arrived
    assert not detect_arm(Dice.seeded(0, recorded=faces(5)), radar, arm, sams).success
    fly_arm(arm, radar)
    assert arm.arrived and arm.level == 0.0
    hit = resolve_arm(Dice.seeded(0, recorded=faces(3)), arm, radar, sams)
    assert hit.result == "destroyed" and radar.destroyed and radar.locks == []
    assert sams[0].lost == "fan-song-1 destroyed"


def test_failed_launch_and_range() -> None:
    shooter = weasel_plane(hex_="0,11")
    radar = fan_song()
    weasel = fixed_weasel(shooter, radar)
    with pytest.raises(IntrudersRuleError, match="reaches 10"):
        launch_arm(
            Dice.seeded(0),
            shooter,
            weapons()["agm-45"],
            radar,
            weasel,
            missile_id="x",
            turn=1,
            impulse=1,
        )
    launch = launch_arm(
        Dice.seeded(0, recorded=faces(9)),
        shooter,
        weapons()["agm-78"],
        radar,
        weasel,
        missile_id="x",
        turn=1,
        impulse=1,
    )
    assert launch.missile is None and "agm-78" not in shooter.stores


def test_detection_shuts_the_radar_down() -> None:
    shooter = weasel_plane()
    radar = fan_song()
    weasel = fixed_weasel(shooter, radar)
    target = plane(id_="us-2", hex_="0,8", level=3)
    sams: list[SamInFlight] = []
    radar.locks.append(target.id)
    battery = SamBattery(id="b", sam=sam_types()["sa-2"], hex=Hex(0, 0), missiles=4)
    launch_sam(
        Dice.seeded(0),
        battery,
        radar,
        target,
        sams,
        missile_id="sa2",
        turn=1,
        impulse=1,
        launch_rolls=False,
    )
    arm = launch_arm(
        Dice.seeded(0),
        shooter,
        weapons()["agm-45"],
        radar,
        weasel,
        missile_id="a",
        turn=1,
        impulse=1,
        launch_rolls=False,
    ).missile
    assert arm is not None
    fly_arm(arm, radar)
    seen = detect_arm(Dice.seeded(0, recorded=faces(5)), radar, arm, sams, another_radar_hit=True)
    assert seen.against == 5 and seen.success
    assert radar.shut_down and radar.locks == [] and sams[0].lost and arm.lost
    assert fly_arm(arm, radar) == ()
    with pytest.raises(IntrudersRuleError, match="not operating"):
        attempt_lock(Dice.seeded(0), radar, target, 0)
    radar.start_turn()
    assert radar.operating


def test_damage_table_and_the_agm78() -> None:
    assert [arm_result(n) for n in (0, 1, 3, 4, 6, 7, 9, 10)] == [
        "destroyed",
        "destroyed",
        "destroyed",
        "heavy",
        "heavy",
        "light",
        "light",
        "none",
    ]
    shooter = weasel_plane()
    radar = fan_song()
    weasel = fixed_weasel(shooter, radar)
    arm = launch_arm(
        Dice.seeded(0),
        shooter,
        weapons()["agm-78"],
        radar,
        weasel,
        missile_id="a",
        turn=1,
        impulse=1,
        launch_rolls=False,
    ).missile
    assert arm is not None
    fly_arm(arm, radar)
    fly_arm(arm, radar)
    hit = resolve_arm(Dice.seeded(0, recorded=faces(7)), arm, radar, [])
    assert hit.modified_roll == 6 and hit.result == "heavy"
    assert radar.arm_damage == "heavy" and radar.max_guided == 1


def test_light_damage_and_pods() -> None:
    radar = fan_song()
    shooter = weasel_plane(hex_="0,5")
    weasel = fixed_weasel(shooter, radar)
    arm = launch_arm(
        Dice.seeded(0),
        shooter,
        weapons()["agm-45"],
        radar,
        weasel,
        missile_id="a",
        turn=1,
        impulse=1,
        launch_rolls=False,
    ).missile
    assert arm is not None
    fly_arm(arm, radar)
    assert resolve_arm(Dice.seeded(0, recorded=faces(8)), arm, radar, []).result == "light"
    assert radar.arm_damage == "light"
    assert pod_countermeasures(2, 1).radar == 2 and pod_countermeasures(2, 1).ir == 1
    assert POD_POINTS == 15
