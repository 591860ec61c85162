"""Gun combat (rulebook "Gun Combat (SoP 07)"): engagement, Pipper On, firing, the tables."""

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bop.guns import (
    GunSituation,
    ShotOption,
    declare_initial_gunshot,
    gun_engagement,
    gun_situation,
    gun_tables,
    pipper_on,
    relative_speed_fp,
    resolve_gun_attack,
    resolve_gunshot,
)
from engine.dice import Dice, pips_table
from engine.phad import BODY_DIAMOND, Aspect, Attitude, Cell
from models.aircraft import card, shipped_types
from models.files import DataFileError

SABRE = card("F-86F")
FAGOT = card("MiG-15bis")
EAGLE = card("F-15C")


def rolls(*faces: int) -> Dice:
    return Dice.seeded(0, [("percentile", f) for f in faces])


def at(aon: int, aoc: int, range_fp: int = 3, tca: int = 0, lca: int = 0) -> GunSituation:
    return GunSituation(Aspect(aon, aoc), range_fp, tca, lca)


# --- tables ---------------------------------------------------------------------------------


def test_tracking_value_is_the_other_aspect_of_square_0_3() -> None:
    # "The Other Aspect modifier is 16 (the modifier for aspect [0,3])".
    tables = gun_tables()
    assert tables.tracking_other_aspect == 16
    assert tables.other_aspect_modifier(Aspect(0, 3)) == 16


def test_other_aspect_keeps_the_printed_numbers_row_by_row() -> None:
    tables = gun_tables()
    rows: dict[int, list[int]] = {}
    for square in tables.other_aspect:
        rows.setdefault(square.aoc, []).append(square.modifier)
    printed = {0: [12], 1: [14, 10], 2: [15, 12, 10], 3: [9, 12, 16, 13, 11], 4: [14, 8]}
    assert {k: sorted(v) for k, v in rows.items()} == {k: sorted(v) for k, v in printed.items()}
    assert len(tables.other_aspect) == 13


def test_fourteen_cell_squares_read_the_square_to_their_left() -> None:
    tables = gun_tables()
    for aon, aoc in ((4, 6), (5, 5), (6, 4)):
        assert tables.other_aspect_modifier(Aspect(aon, aoc)) == tables.other_aspect_modifier(
            Aspect(aon - 1, aoc)
        )


def test_a_bad_guns_table_names_file_and_field(tmp_path: Path) -> None:
    good = Path("models/tables/guns.toml").read_text(encoding="utf-8")
    bad = tmp_path / "guns.toml"
    bad.write_text(good.replace("tca_penalty = [0, 1, 3, 5, 6, 5, 4]", "tca_penalty = [0, 1]"))
    with pytest.raises(DataFileError) as error:
        gun_tables(bad)
    assert "guns.toml" in str(error.value)
    assert "pipper_on.tca_penalty" in str(error.value)


def test_a_square_off_the_body_diamond_is_rejected(tmp_path: Path) -> None:
    good = Path("models/tables/guns.toml").read_text(encoding="utf-8")
    bad = tmp_path / "guns.toml"
    bad.write_text(
        good.replace("{ aon = 3, aoc = 0, modifier = 12 }", "{ aon = 0, aoc = 0, modifier = 12 }")
    )
    with pytest.raises(DataFileError, match=r"\[0,0\] is not a body diamond square"):
        gun_tables(bad)


GUNLESS = ("F-4B",)
"""Shipped types built without a gun (the Navy's early Phantoms)."""


@pytest.mark.parametrize("type_id", shipped_types())
def test_every_card_has_guns_and_damage(type_id: str) -> None:
    c = card(type_id)
    assert c.damage
    if type_id in GUNLESS:
        assert c.guns is None
        return
    assert c.guns
    for gun in c.guns:
        # Shots are one second of fire each (the derivation on the card).
        assert gun.shots == int(gun.rounds / (gun.rate_rpm / 60))
        assert gun.derivation
        columns = [band.normal for band in gun.table]
        assert columns == sorted(columns, reverse=True)
        assert all(band.initial <= band.normal for band in gun.table)


def test_gun_band_lookup() -> None:
    gun = SABRE.gun("M3 Browning .50 cal")
    assert gun.max_range_fp == 5
    assert gun.band(0) is gun.table[0]
    assert gun.band(4) is gun.table[3]
    assert gun.band(6) is None
    assert gun.band(-1) is None
    with pytest.raises(KeyError, match="has no gun"):
        SABRE.gun("GAU-8")


# --- engagement and shot types --------------------------------------------------------------


def test_relative_speed() -> None:
    assert relative_speed_fp(12, 10, aot=0) == 2  # tail chase: speeds subtract
    assert relative_speed_fp(12, 10, aot=6) == 22  # head-on: speeds add
    assert relative_speed_fp(12, 10, aot=3) == 12  # crossing: only the firer closes
    assert relative_speed_fp(12, 10, aot=1) == 3  # 12 - 8.66 = 3.34


def test_initial_shot_is_recorded_at_start_range_minus_relative_speed() -> None:
    record = declare_initial_gunshot("Fagot 2", at(0, 3, range_fp=6, tca=1, lca=2), 4)
    assert record is not None
    assert (record.range_fp, record.tca, record.lca, record.aspect) == (2, 1, 2, Aspect(0, 3))


def test_no_initial_shot_at_negative_range_or_off_nose() -> None:
    assert declare_initial_gunshot("Fagot 2", at(0, 3, range_fp=2), 3) is None
    assert declare_initial_gunshot("Fagot 2", at(0, 3, range_fp=2), 2) is not None  # zero
    assert declare_initial_gunshot("Fagot 2", at(1, 3, range_fp=6), 1) is None
    assert declare_initial_gunshot("Fagot 2", at(0, 3, range_fp=6), 1, shot_last_turn=True) is None
    assert declare_initial_gunshot("Fagot 2", at(0, 3, range_fp=31), 1) is None


def test_initial_shot_reads_the_aspect_after_movement_and_excludes_the_others() -> None:
    record = declare_initial_gunshot("Fagot 2", at(0, 3, range_fp=5, tca=2, lca=1), 3)
    engagement = gun_engagement(at(0, 3), at(0, 3, range_fp=2), initial=record)
    assert [o.shot for o in engagement.options] == ["initial"]
    option = engagement.options[0]
    assert (option.range_fp, option.tca, option.lca) == (2, 2, 1)
    end_off_nose = gun_engagement(at(0, 3), at(2, 1), initial=record)
    assert end_off_nose.options[0].aspect == Aspect(2, 1)


def test_normal_shot_reads_the_aspect_before_movement() -> None:
    engagement = gun_engagement(at(1, 2, range_fp=8), at(0, 3, range_fp=3, tca=2, lca=1))
    assert [o.shot for o in engagement.options] == ["normal"]
    option = engagement.options[0]
    assert (option.aspect, option.range_fp, option.tca, option.lca) == (Aspect(1, 2), 3, 2, 1)


def test_tracking_shot_needs_aon_0_before_and_after() -> None:
    engagement = gun_engagement(at(0, 3, range_fp=4), at(0, 3, range_fp=3))
    assert [o.shot for o in engagement.options] == ["normal", "tracking"]
    tracking = engagement.option("tracking")
    assert tracking is not None and tracking.aspect == Aspect(0, 3) and tracking.range_fp == 3


def test_target_must_be_in_a_gun_square_at_start_and_end() -> None:
    engagement = gun_engagement(at(5, 2), at(0, 3))
    assert engagement.options == ()
    assert any("start of the turn is not a gun aspect" in r for r in engagement.reasons)
    far = gun_engagement(at(1, 2, range_fp=40), at(2, 3, range_fp=35))
    assert not far.engageable and far.options == ()


def test_gun_situation_from_attitudes() -> None:
    shooter = Attitude(nose="015+00", canopy="All+90", wing="105+00")
    target = Attitude(nose="045+00", canopy="All+90", wing="135+00")
    situation = gun_situation(shooter, target, Cell.parse("015+00"), range_fp=4)
    assert situation.aspect == Aspect(0, 3)
    assert situation.tca == 1 and situation.lca == 0 and situation.range_fp == 4


# --- Pipper On and firing -------------------------------------------------------------------


def test_pipper_on_column_and_guns_defense() -> None:
    dice = rolls(50)
    result = pipper_on(2, 1, dice, "gun attack, Sabre 1 on Fagot 2, turn 4", pilot_quality=1)
    assert result.column == 8 + 1 - 3 - 1
    assert result.result == pips_table().read(5, 50) == 2
    assert result.on
    defended = pipper_on(2, 1, rolls(30), "x", pilot_quality=1, guns_defense_ap=2)
    assert defended.result == 1 and defended.final == -1 and not defended.on
    with pytest.raises(ValueError, match="1 or 2 AP"):
        pipper_on(0, 0, rolls(1), "x", guns_defense_ap=3)


def test_a_hit_applies_modifiers_to_the_percentile_roll() -> None:
    # Sabre 1 fires a Normal Shot at 2 FP; the target was at [1,2] before movement.
    dice = rolls(60, 40, 70)
    result = resolve_gunshot(
        SABRE,
        "M3 Browning .50 cal",
        "normal",
        2,
        Aspect(1, 2),
        0,
        0,
        dice,
        "Sabre 1",
        4,
        target="Fagot 2",
    )
    gun = SABRE.gun("M3 Browning .50 cal")
    column = gun.table[1].normal
    assert result.fired and result.shots_expended == 1
    assert (result.column, result.roll_modifier) == (column, 15)
    assert result.damage_points == pips_table().read(column, 40 + 15)
    assert result.critical_hits == min(result.damage_points, pips_table().read(gun.crit, 70))
    assert [r.purpose for r in dice.rolls] == [
        "pipper on, gun attack, Sabre 1 on Fagot 2, turn 4",
        "gun attack, Sabre 1 on Fagot 2, turn 4 (M3 Browning .50 cal, normal shot)",
        "critical hits, gun attack, Sabre 1 on Fagot 2, turn 4 (M3 Browning .50 cal)",
    ]
    assert dice.rolls[1].modifier == 15
    assert [e.kind for e in result.events] == ["gunshot", "hit"]


def test_pipper_off_fires_no_shot() -> None:
    dice = rolls(99)
    result = resolve_gunshot(
        SABRE, "M3 Browning .50 cal", "normal", 2, Aspect(1, 2), 4, 4, dice, "Sabre 1", 4
    )
    assert result.pipper is not None and result.pipper.column <= 0
    assert dice.rolls[0].value is None  # a column of zero or less rolls nothing
    assert not result.fired and result.shots_expended == 0
    assert result.events[0].kind == "miss"


def test_out_of_range_no_shots_and_bad_aspect_roll_nothing() -> None:
    for kwargs, reason in (
        ({"range_fp": 6}, "beyond the gun table"),
        ({"shots_left": 0}, "no shots left"),
        ({"aspect": Aspect(5, 2)}, "not a gun aspect"),
    ):
        dice = rolls()
        args = {"range_fp": 2, "aspect": Aspect(0, 3)} | kwargs
        result = resolve_gunshot(
            SABRE,
            "M3 Browning .50 cal",
            "normal",
            args["range_fp"],
            args["aspect"],
            0,
            0,
            dice,
            "Sabre 1",
            4,
            shots_left=kwargs.get("shots_left"),
        )
        assert not result.fired and reason in result.reason
        assert dice.rolls == []


def test_tracking_shot_uses_16_plus_the_tracking_modifier_and_either_column() -> None:
    gun = EAGLE.gun("M61A1 Vulcan")
    for column_of in ("initial", "normal"):
        dice = rolls(50, 50, 50)
        result = resolve_gunshot(
            EAGLE,
            gun,
            "tracking",
            1,
            Aspect(2, 4),
            0,
            0,
            dice,
            "Eagle 1",
            2,
            tracking_as=column_of,
        )
        assert result.roll_modifier == 16 + gun_tables().tracking_modifier
        assert result.column == gun.table[0].column(column_of)


def test_modified_roll_of_zero_or_less_fails() -> None:
    gun = SABRE.gun("M3 Browning .50 cal")
    weak = gun.model_copy(
        update={"table": tuple(b.model_copy(update={"roll_modifier": -40}) for b in gun.table)}
    )
    dice = rolls(10, 20)
    result = resolve_gunshot(SABRE, weak, "normal", 1, Aspect(0, 3), 0, 0, dice, "Sabre 1", 1)
    assert result.fired and result.roll_modifier == 16 - 40
    assert result.damage_points == 0 and result.critical_hits == 0
    assert result.events[-1].kind == "miss"
    assert len(dice.rolls) == 2  # no critical roll after a miss


def test_mig_fires_both_gun_types_on_one_pipper_roll() -> None:
    dice = rolls(50, 80, 90, 80, 90)
    option = ShotOption("normal", 1, Aspect(0, 3), 0, 0)
    results = resolve_gun_attack(
        FAGOT,
        ["N-37D", "NR-23"],
        option,
        dice,
        "Fagot 2",
        5,
        target="Sabre 1",
        shots_left={"N-37D": 6, "NR-23": 1},
    )
    assert [r.gun for r in results] == ["N-37D", "NR-23"]
    assert all(r.fired and r.pipper is results[0].pipper for r in results)
    assert sum(1 for r in dice.rolls if r.purpose.startswith("pipper on")) == 1
    assert results[1].events[0].data["shots_left"] == 0


@settings(max_examples=200, deadline=None)
@given(
    type_id=st.sampled_from([t for t in shipped_types() if t not in GUNLESS]),
    range_fp=st.integers(0, 9),
    square=st.sampled_from(sorted(BODY_DIAMOND)),
    tca=st.integers(0, 6),
    lca=st.integers(0, 6),
    shot=st.sampled_from(["initial", "normal", "tracking"]),
    seed=st.integers(0, 2**16),
)
def test_gunshot_properties(
    type_id: str,
    range_fp: int,
    square: tuple[int, int],
    tca: int,
    lca: int,
    shot: str,
    seed: int,
) -> None:
    c = card(type_id)
    assert c.guns
    gun = c.guns[0]
    dice = Dice.seeded(seed)
    result = resolve_gunshot(
        c,
        gun,
        shot,
        range_fp,
        Aspect(*square),
        tca,
        lca,
        dice,
        "A",
        1,
        target="B",  # type: ignore[arg-type]
    )
    assert result.shots_expended == (1 if result.fired else 0)
    assert 0 <= result.critical_hits <= result.damage_points
    if not result.fired:
        assert result.damage_points == 0
    if range_fp > gun.max_range_fp:
        assert not result.fired and dice.rolls == []
    assert all("gun attack, A on B, turn 1" in r.purpose for r in dice.rolls)
