"""Air-to-ground attacks (Intruders I-p.4–7) and Examples of Play 5–8 (I-p.15)."""

from __future__ import annotations

import pytest

from engine.dice import Dice
from engine.hexmap import Hex
from engine.phantoms.intruders import IntrudersRuleError
from engine.phantoms.intruders.bombing import (
    BOMBING_TABLE,
    accuracy,
    advance_bombs,
    attack_value,
    bombing_modifiers,
    count_multiplier,
    damage_result,
    profile_problem,
    release_point_hexes,
    release_weapons,
    resolve_bombing,
    run_in_met,
    strafe,
    toss_hexes,
)
from engine.phantoms.state import PlaneState
from models.phantoms.ground import ground_targets, weapons
from tests.phantoms.intruders.cards import faces, plane


def striker(stores: dict[str, int], **kwargs: object) -> PlaneState:
    state = plane(**kwargs)  # type: ignore[arg-type]
    state.stores = dict(stores)
    return state


def fly_in(state: PlaneState, bombs_dice: Dice, *args: object, **kwargs: object) -> object:
    return release_weapons(bombs_dice, state, *args, **kwargs)  # type: ignore[arg-type]


def test_example_5_toss_from_level_3_scatters() -> None:
    """I-Examples 5: an A-7E (advanced bombsight) zooms from level 1 to 3 and tosses two
    Mk 82s from two hexes: roll 5 + 1 − 3 = 3, a Scatter at level 3, no effect."""
    a7 = striker({"mk-82": 2}, hex_="0,0", level=3, bombsight="advanced", maneuver="S")
    a7.climbed = True
    a7.straight_run = 2
    assert toss_hexes("toss_vertical", 3) == 2
    release = release_weapons(
        Dice.seeded(0),
        a7,
        weapons()["mk-82"],
        2,
        "toss_vertical",
        Hex(0, 2),
        release_id="a7-1",
        turn=1,
        impulse=3,
    )
    bombs = release.bombs
    assert [m.value for m in bombs.modifiers] == [1, -3]
    assert not advance_bombs(bombs)
    assert advance_bombs(bombs) and bombs.level == 0.0
    result = resolve_bombing(
        Dice.seeded(0, recorded=[*faces(5), ("d6", 1)]), bombs, ground_targets()["gun-open"]
    )
    assert result.modified_roll == 3
    assert result.accuracy == "scatter"
    assert result.attack_total == 0.0 and result.damage == "none"
    assert result.scatter_hex == Hex(0, 3)  # d6 1: the hex north of the target
    assert result.scatter_total == 4 * 1.5 * 0.5  # Mk 82 soft AV 4, two bombs, halved


def test_example_6_level_bombing_a_small_building() -> None:
    """I-Examples 6: an A-6E drops six Mk 82s on a small building from level 4: 7 + 2
    (computer) = 9, On Target; AV 3 × 3 × 1 = 9 against defence 5: Light damage."""
    a6 = striker({"mk-82": 6}, level=4, bombsight="computer", maneuver="S")
    a6.finished = "S"
    a6.straight_run = 1
    release = release_weapons(
        Dice.seeded(0),
        a6,
        weapons()["mk-82"],
        6,
        "level",
        Hex(0, 2),
        release_id="a6-1",
        turn=1,
        impulse=1,
    )
    bombs = release.bombs
    while not advance_bombs(bombs):
        pass
    building = ground_targets()["small-building"]
    assert building.defense == 5
    result = resolve_bombing(Dice.seeded(0, recorded=faces(7)), bombs, building)
    assert result.modified_roll == 9
    assert result.accuracy == "on_target"
    assert result.attack_total == 9.0
    assert result.damage == "light"
    assert "mk-82" not in a6.stores


def test_example_7_dive_bombing_a_tank() -> None:
    """I-Examples 7: an A-4 (manual) dives from level 4 to 2 and drops three Mk 82s on a
    tank: 8 + 0 + 1 (dove 2) = 9, On Target at level 2; AV 6 against 4: Light damage."""
    a4 = striker({"mk-82": 3}, level=2, maneuver="S")
    a4.dived = True
    a4.levels_dived_run = 2
    a4.straight_run = 1  # one straight hex and two levels dived meet the manual 3
    assert release_point_hexes(2, 2) == 0
    release = release_weapons(
        Dice.seeded(0),
        a4,
        weapons()["mk-82"],
        3,
        "dive",
        Hex(0, 0),
        release_id="a4-1",
        turn=1,
        impulse=1,
    )
    assert release.bombs.arrived
    assert [m.value for m in release.bombs.modifiers] == [1]
    result = resolve_bombing(
        Dice.seeded(0, recorded=faces(8)), release.bombs, ground_targets()["tank"]
    )
    assert result.modified_roll == 9 and result.accuracy == "on_target"
    assert result.attack_value == 6.0 and result.damage == "light"


def test_example_8_low_level_high_drag_on_a_barge() -> None:
    """I-Examples 8: an F-105 (advanced) at level 1 drops six high-drag Mk 82s on a
    barge: 8 + 1 + 1 = 10, a Direct Hit at level 1; 9 × 2 = 18 against 3: sunk."""
    f105 = striker({"mk-82": 6}, level=1, bombsight="advanced", maneuver="S")
    f105.straight_run = 2
    release = release_weapons(
        Dice.seeded(0),
        f105,
        weapons()["mk-82"],
        6,
        "low",
        Hex(0, 1),
        release_id="f105-1",
        turn=1,
        impulse=1,
    )
    assert release.blast_roll is None  # high drag: no blast roll
    assert advance_bombs(release.bombs)
    result = resolve_bombing(
        Dice.seeded(0, recorded=faces(8)), release.bombs, ground_targets()["barge"]
    )
    assert result.modified_roll == 10 and result.accuracy == "direct_hit"
    assert result.attack_total == 18.0 and result.damage == "destroyed"


def test_the_bombing_table_keeps_the_seed_scatter_column() -> None:
    scatter_at_most = {level: row.near_miss_at_least - 1 for level, row in BOMBING_TABLE.items()}
    assert scatter_at_most == {0: 2, 1: 2, 2: 2, 3: 3, 4: 3, 5: 4, 6: 5, 7: 5}
    assert accuracy(4, 8) == "near_miss"
    assert accuracy(0, 10) == "direct_hit"
    with pytest.raises(IntrudersRuleError):
        accuracy(8, 5)


def test_multipliers_and_damage_bands() -> None:
    assert [count_multiplier(n) for n in (1, 2, 3, 4, 5, 12)] == [1, 1.5, 2, 2, 3, 3]
    assert attack_value(weapons()["mk-82"], 4, hard=True) == 6.0
    assert damage_result(3.9, 4) == "none"
    assert damage_result(4, 4) == "light"
    assert damage_result(8, 4) == "heavy"
    assert damage_result(12, 4) == "destroyed"
    assert damage_result(3.2, 4, prior="light") == "light"  # defence 3.2
    assert damage_result(6.4, 4, prior="light") == "heavy"
    assert damage_result(6, 4, prior="heavy") == "destroyed"  # defence 2
    assert damage_result(1, 4, prior="heavy") == "heavy"  # the worse stands


def test_near_miss_is_three_quarters() -> None:
    bombs_plane = striker({"mk-83": 1}, level=2, maneuver="S")
    bombs_plane.finished = "S"
    bombs_plane.straight_run = 3
    release = release_weapons(
        Dice.seeded(0),
        bombs_plane,
        weapons()["mk-83"],
        1,
        "level",
        Hex(0, 1),
        release_id="r",
        turn=1,
        impulse=1,
    )
    advance_bombs(release.bombs)
    result = resolve_bombing(
        Dice.seeded(0, recorded=faces(5)), release.bombs, ground_targets()["vehicle"]
    )
    assert result.accuracy == "near_miss" and result.attack_total == 6 * 0.75


def test_run_in_and_every_modifier() -> None:
    assert (
        run_in_met("manual", 3, 0) and run_in_met("manual", 1, 2) and not run_in_met("manual", 2, 0)
    )
    assert run_in_met("computer", 1, 0) and not run_in_met("advanced", 1, 0)
    hurt = striker({}, level=2, quality="green", bombsight="advanced")
    hurt.pilot_wounded = True
    hurt.damage = 2
    hurt.criticals = ["minor", "pilot_wounded"]
    values = {
        m.name: m.value
        for m in bombing_modifiers("level", hurt, weapons()["blu-10"], 1, wso_wounded=True)
    }
    assert values == {
        "green crew": -2,
        "pilot wounded": -1,
        "weapons officer wounded": -1,
        "advanced bombsight": 1,
        "aiming requirement not met": -3,
        "aircraft damaged": -1,
        "2 critical hit(s)": -4,
        "napalm from level 2 or higher": -2,
    }
    ace = striker({}, level=1, quality="ace", bombsight="computer")
    ace.straight_run = 5
    ace.levels_dived_run = 3
    values = {m.name: m.value for m in bombing_modifiers("dive", ace, weapons()["kmu-388"], 1)}
    assert values == {"ace crew": 1, "computer bombsight": 2, "dove 3": 2, "laser or TV guided": 4}
    rockets = {m.name: m.value for m in bombing_modifiers("standoff", ace, weapons()["lau-68"], 3)}
    assert rockets["rockets at 3 hex(es)"] == -2
    track = {
        m.name: m.value
        for m in bombing_modifiers(
            "level", ace, weapons()["mk-82"], 1, target=ground_targets()["track"]
        )
    }
    assert track["Railroad track (one hex): hard to hit"] == -1
    lateral = {
        m.name: m.value for m in bombing_modifiers("toss_lateral", ace, weapons()["mk-82"], 1)
    }
    assert lateral["toss 1 hex(es)"] == -2


def test_profile_eligibility() -> None:
    mk82 = weapons()["mk-82"]
    high = striker({}, level=3, maneuver="S")
    assert "level 0 or 1" in str(profile_problem("low", high, mk82, 2))
    assert "dived" in str(profile_problem("dive", high, mk82, 2))
    assert "Straight" in str(profile_problem("level", high, mk82, 2))
    high.finished = "S"
    assert profile_problem("level", high, mk82, 2) is None
    assert "release point" in str(profile_problem("level", high, mk82, 1))
    assert "designator" in str(profile_problem("standoff", high, weapons()["kmu-388"], 2))
    assert profile_problem("standoff", high, weapons()["kmu-388"], 2, designator=True) is None
    low = striker({}, level=2)
    assert "level 3" in str(
        profile_problem("standoff", low, weapons()["kmu-388"], 1, designator=True)
    )
    assert "level 4" in str(profile_problem("standoff", high, weapons()["walleye-1"], 3))
    assert "level 2 or lower" in str(profile_problem("standoff", high, weapons()["lau-68"], 2))
    assert profile_problem("standoff", low, weapons()["lau-68"], 3) is None
    assert "1–3" in str(profile_problem("standoff", low, weapons()["lau-68"], 4))
    assert "stand-off" in str(profile_problem("level", low, weapons()["lau-68"], 1))
    toss = striker({}, level=6)
    toss.climbed = True
    assert "no toss vertical from level 6" in str(profile_problem("toss_vertical", toss, mk82, 3))
    lateral = striker({}, level=2)
    lateral.finished = "RT"
    assert "Hard Turn" in str(profile_problem("toss_lateral", lateral, mk82, 2))
    lateral.finished = "RHT"
    assert profile_problem("toss_lateral", lateral, mk82, 2) is None
    assert (
        release_point_hexes(0) == 1 and release_point_hexes(5) == 2 and release_point_hexes(7) == 3
    )


def test_low_level_blast_without_high_drag() -> None:
    f105 = striker({"mk-84": 2}, level=0, maneuver="S")
    f105.straight_run = 3
    release = release_weapons(
        Dice.seeded(0, recorded=[*faces(8), ("d6", 4)]),
        f105,
        weapons()["mk-84"],
        2,
        "low",
        Hex(0, 1),
        release_id="r",
        turn=1,
        impulse=1,
    )
    assert release.blast_roll == 8 and release.blast_damage == 4
    again = striker({"mk-84": 2}, level=1, maneuver="S")
    safe = release_weapons(
        Dice.seeded(0, recorded=faces(7)),
        again,
        weapons()["mk-84"],
        2,
        "low",
        Hex(0, 1),
        release_id="r2",
        turn=1,
        impulse=1,
    )
    assert safe.blast_roll == 7 and safe.blast_damage == 0


def test_rockets_strike_at_once_and_stores_are_checked() -> None:
    a1 = striker({"lau-68": 2}, level=1, maneuver="S")
    release = release_weapons(
        Dice.seeded(0),
        a1,
        weapons()["lau-68"],
        2,
        "standoff",
        Hex(0, 2),
        release_id="r",
        turn=1,
        impulse=1,
    )
    assert release.bombs.arrived
    with pytest.raises(IntrudersRuleError, match="carries 0"):
        release_weapons(
            Dice.seeded(0),
            a1,
            weapons()["lau-68"],
            1,
            "standoff",
            Hex(0, 2),
            release_id="x",
            turn=1,
            impulse=1,
        )


def test_strafing() -> None:
    gunner = plane(level=0, quality="experienced", hex_="0,0", facing=0)
    gunner.gun_bursts = 2
    truck = ground_targets()["vehicle"]
    result = strafe(Dice.seeded(0, recorded=faces(7, 2)), gunner, Hex(0, 1), truck)
    assert result.attack_total == 7 + 4 + 2
    assert result.defence_total == 2 + 3
    assert result.hits == 4  # won by 8: the card's last entry
    assert result.damage == "heavy"  # 4 hits are twice the truck's defence 2
    assert gunner.gun_bursts == 1
    with pytest.raises(IntrudersRuleError, match="next hex"):
        strafe(Dice.seeded(0), gunner, Hex(1, 0), truck)
