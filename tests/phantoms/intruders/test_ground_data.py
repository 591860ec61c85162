"""The ground-war data files (models/phantoms/ground.py) and the scenario's ground units."""

from __future__ import annotations

from pathlib import Path

import pytest

from models.files import DataFileError, validated
from models.phantoms.ground import (
    GroundUnit,
    aaa_weapons,
    ground_radars,
    ground_targets,
    sam_types,
    ship_charts,
    weapons,
)


def test_every_file_loads_with_the_ids_the_rules_use() -> None:
    assert set(aaa_weapons()) == {
        "small-arms",
        "zpu-1",
        "zpu-4",
        "zu-23",
        "m-38",
        "s-60",
        "ks-12",
        "ks-19",
        "bofors-40",
        "76mm-naval",
    }
    assert set(sam_types()) == {"sa-2", "sa-7", "sa-n-1"}
    assert {"fan-song", "fire-can", "kashin-radar"} == set(ground_radars())
    for weapon in (
        "m117",
        "m118",
        "mk-81",
        "mk-82",
        "mk-83",
        "mk-84",
        "blu-10",
        "blu-11",
        "cbu-20",
        "cbu-41",
        "cbu-58",
        "cbu-59",
        "cbu-71",
        "kmu-388",
        "walleye-1",
        "lau-68",
        "lau-33",
        "lau-3a",
        "lau-10",
        "agm-45",
        "agm-78",
    ):
        assert weapon in weapons()
    assert list(ship_charts()) == ["kashin"]


def test_the_seed_values_hold() -> None:
    """The figures the seed and its examples fix."""
    zpu4 = aaa_weapons()["zpu-4"]
    assert (zpu4.flak, zpu4.optimum_level, zpu4.damage(3)) == (3, 1, 3)
    assert zpu4.origins["flak"] == "seed"
    assert aaa_weapons()["s-60"].optimum_level == 2
    assert aaa_weapons()["small-arms"].flak == 1 and aaa_weapons()["small-arms"].range_hexes == 0
    sa2 = sam_types()["sa-2"]
    assert (sa2.attack, sa2.launch_roll, sa2.criticals_per_hit) == (2, 8, 2)
    assert sam_types()["sa-7"].launch_roll == 8 and sam_types()["sa-7"].guidance == "ir"
    assert ground_radars()["fan-song"].value == 5
    assert weapons()["mk-82"].av_hard == 3 and weapons()["mk-82"].high_drag
    assert not weapons()["mk-84"].high_drag and not weapons()["cbu-58"].high_drag
    targets = ground_targets()
    assert [
        targets[t].defense
        for t in (
            "tank",
            "vehicle",
            "gun-open",
            "fortified",
            "small-building",
            "large-building",
            "bridge",
            "large-bridge",
            "barge",
            "train",
        )
    ] == [
        4,
        2,
        3,
        4,
        5,
        8,
        9,
        15,
        3,
        4,
    ]
    assert targets["infantry"].defense_entrenched == 6 and not targets["infantry"].hard


def test_the_kashin_borrows_the_s60_and_the_sa2() -> None:
    """U-p.3: the 76 mm uses the S-60's stats; the SA-N-1 the SA-2's, with 1 critical."""
    gun, s60 = aaa_weapons()["76mm-naval"], aaa_weapons()["s-60"]
    skip = {"id", "name", "note"}
    assert gun.model_dump(exclude=skip) == s60.model_dump(exclude=skip)
    sa_n_1, sa2 = sam_types()["sa-n-1"], sam_types()["sa-2"]
    skip |= {"criticals_per_hit"}
    assert sa_n_1.model_dump(exclude=skip) == sa2.model_dump(exclude=skip)
    assert sa_n_1.criticals_per_hit == 1
    chart = ship_charts()["kashin"]
    assert (
        chart.marks[0][3] == "orange"
        and chart.marks[0][4] == "yellow"
        and chart.marks[0][5] == "plain"
    )
    assert len(chart.rows) == 4 and chart.total_boxes == 40


def test_weapon_points_agree_with_the_load_out_sums() -> None:
    """I-p.12: two A-1 and two F-111 load-outs give the same airframe cost."""
    p = {weapon.id: weapon.points or 0 for weapon in weapons().values()}
    a1_first = 144 - (2 * p["lau-68"] + 10 * p["mk-82"] + 2 * p["mk-83"])
    a1_second = 178 - (4 * p["cbu-58"] + 4 * p["lau-68"])
    assert a1_first == a1_second
    f111_first = 575 - 12 * p["cbu-58"]
    f111_second = 435 - (24 * p["mk-82"] + 4 * p["mk-83"])
    assert f111_first == f111_second
    assert 270 - 12 * p["mk-83"] == 375 - 9 * p["cbu-71"]  # the A-6's two Deep Strikes


def test_a_ground_unit_names_its_bad_field(tmp_path: Path) -> None:
    unit = GroundUnit.model_validate(
        {
            "id": "sam-1",
            "kind": "sam_battery",
            "type": "sa-2",
            "hex": "4,-2",
            "count": 6,
            "radar": "fan-1",
        }
    )
    assert unit.count == 6
    with pytest.raises(DataFileError, match=r"units\.0\.type|type: 'zpu-9' is no AAA weapon"):
        validated(
            GroundUnit,
            {"id": "a", "kind": "aaa", "type": "zpu-9", "hex": "0,0"},
            tmp_path / "units.toml",
        )
    with pytest.raises(DataFileError, match="radar"):
        validated(
            GroundUnit,
            {"id": "a", "kind": "target", "type": "bridge", "hex": "0,0", "radar": "r"},
            tmp_path / "u.toml",
        )
    with pytest.raises(DataFileError, match="hex"):
        validated(
            GroundUnit,
            {"id": "a", "kind": "target", "type": "bridge", "hex": "north"},
            tmp_path / "u.toml",
        )
    with pytest.raises(DataFileError, match="type"):
        validated(GroundUnit, {"id": "a", "kind": "ship", "hex": "0,0"}, tmp_path / "u.toml")
    assert GroundUnit.model_validate({"id": "t", "kind": "sa7", "hex": "0,0"}).type_id == "sa-7"
    with pytest.raises(DataFileError, match="count"):
        validated(
            GroundUnit,
            {"id": "b", "kind": "sam_battery", "type": "sa-2", "hex": "0,0", "count": 7},
            tmp_path / "u.toml",
        )


def test_a_bad_data_file_names_the_file_and_the_field(tmp_path: Path) -> None:
    bad = tmp_path / "aaa.toml"
    bad.write_text(
        '[[aaa]]\nid = "x"\nname = "X"\nweapon_class = "light"\nflak = 3\nrange_hexes = 2\n'
        "lowest_level = 2\nhighest_level = 3\noptimum_level = 1\ndamage_table = [1]\n"
        'origins = { flak = "ours" }\n'
    )
    with pytest.raises(DataFileError) as caught:
        aaa_weapons(bad)
    assert str(bad) in str(caught.value) and "optimum_level" in str(caught.value)
    bad.write_text(bad.read_text().replace("lowest_level = 2", "lowest_level = 0"))
    with pytest.raises(DataFileError, match="origins"):
        aaa_weapons(bad)
