"""Every channel and the tick times are checked before a timeline file is used: names,
shapes, dtypes, finite values in range, times on the tick grid."""

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from models.timeline import CORE_CHANNELS, Timeline, TimelineFormatError
from models.timeline_checks import (
    MAX_DURATION_S,
    REQUIRED_CHANNELS,
    VALUE_RULES,
    timeline_problems,
)
from tests.timeline_files import added, members, npy, replaced, saved, sound_timeline


def refusal(path: Path) -> str:
    with pytest.raises(TimelineFormatError) as caught:
        Timeline.load(path)
    message = str(caught.value)
    assert "\n" not in message and message.startswith(f"{path}: ")
    return message


def with_channel(tmp_path: Path, name: str, array: Any) -> Path:
    """A sound timeline file with channel ``name`` replaced by ``array``."""
    return replaced(saved(tmp_path), {f"ch_{name}.npy": npy(array)})


def channel(name: str) -> Any:
    return sound_timeline().channels[name].copy()


def test_every_core_channel_has_a_spec() -> None:
    assert set(REQUIRED_CHANNELS) == set(CORE_CHANNELS) <= set(VALUE_RULES)


def test_a_sound_timeline_breaks_no_rule() -> None:
    assert timeline_problems(sound_timeline()) == []


def test_every_missing_channel_is_named(tmp_path: Path) -> None:
    path = replaced(saved(tmp_path), {"ch_x_ft.npy": None, "ch_quat_wxyz.npy": None})
    message = refusal(path)
    assert "missing ch_x_ft.npy, ch_quat_wxyz.npy; a timeline holds every core channel" in message


@pytest.mark.parametrize(
    ("name", "array", "said"),
    [
        ("x_ft", np.zeros((3, 6)), "ch_x_ft.npy: shape (3, 6); expected (2, 6)"),
        ("x_ft", np.zeros((2, 5)), "ch_x_ft.npy: shape (2, 5); expected (2, 6)"),
        ("x_ft", np.zeros(12), "ch_x_ft.npy: shape (12,); expected (2, 6)"),
        ("quat_wxyz", np.ones((2, 6, 3)), "ch_quat_wxyz.npy: shape (2, 6, 3); expected (2, 6, 4)"),
        ("bop.tracks", np.full((2, 7), ""), "ch_bop.tracks.npy: shape (2, 7); expected (2, 6)"),
    ],
)
def test_shapes_follow_the_entities_and_ticks(
    tmp_path: Path, name: str, array: Any, said: str
) -> None:
    assert said in refusal(with_channel(tmp_path, name, array))


@pytest.mark.parametrize(
    ("name", "array", "said"),
    [
        ("x_ft", np.zeros((2, 6), dtype=complex), "holds complex128; expected floats"),
        ("x_ft", np.full((2, 6), "100.0"), "holds text; expected floats"),
        ("x_ft", np.zeros((2, 6), dtype=np.int64), "holds int64; expected floats"),
        ("x_ft", np.zeros((2, 6), dtype=bool), "holds bool; expected floats"),
        ("bop.alt_steps", np.zeros((2, 6)), "holds float64; expected integers"),
        ("active", np.ones((2, 6), dtype=np.int8), "holds int8; expected booleans"),
        ("bop.nose", np.zeros((2, 6)), "holds float64; expected text"),
        ("bop.radar_mode", np.ones((2, 6)), "holds float64; expected text"),
        ("bop.spare", np.zeros((2, 6), dtype=np.complex64), "holds complex64; a channel holds"),
    ],
)
def test_dtypes_are_the_ones_each_channel_holds(
    tmp_path: Path, name: str, array: Any, said: str
) -> None:
    path = added(saved(tmp_path), {name: array})
    assert f"ch_{name}.npy: {said}" in refusal(path)


@pytest.mark.parametrize(
    ("interp", "array", "said"),
    [
        ("linear", np.zeros((2, 6), dtype=np.int32), "holds int32, but meta.json declares it "),
        ("ids", np.zeros((2, 6)), "holds float64, but meta.json declares it interp 'ids'"),
        ("slerp", np.zeros((2, 6)), "shape (2, 6); expected (2, 6, 4)"),
    ],
)
def test_dtypes_are_the_ones_each_channel_is_declared_to_hold(
    tmp_path: Path, interp: str, array: Any, said: str
) -> None:
    path = added(saved(tmp_path), {"bop.spare": array}, interp=interp)
    assert f"ch_bop.spare.npy: {said}" in refusal(path)


def test_every_channel_is_declared_and_every_declaration_has_its_channel(
    tmp_path: Path,
) -> None:
    undeclared = replaced(saved(tmp_path), {"ch_bop.spare.npy": npy(np.ones((2, 6)))})
    assert "meta.json: channels: no spec for bop.spare; every channel is declared" in refusal(
        undeclared
    )
    orphan = replaced(saved(tmp_path), {"ch_bop.fuel_fp.npy": None})
    assert "meta.json: channels: bop.fuel_fp declared but not in the file" in refusal(orphan)
    timeline = sound_timeline()
    bare = Timeline(
        meta=timeline.meta.model_copy(update={"channels": {}}),
        t_s=timeline.t_s,
        channels=timeline.channels,
    )
    assert any(
        p.startswith("meta.json: channels: no spec for active,") for p in (timeline_problems(bare))
    )


def test_a_turn_mean_is_of_a_linear_number(tmp_path: Path) -> None:
    def change(meta: dict[str, Any]) -> None:
        meta["channels"]["bop.alt_steps"]["turn_mean"] = True

    path = saved(tmp_path)
    contents = members(path)
    meta = json.loads(contents["meta.json"])
    change(meta)
    path = replaced(path, {"meta.json": json.dumps(meta).encode()})
    assert "channels.bop.alt_steps.turn_mean: true for a nearest channel" in refusal(path)


def test_an_ids_channel_names_entities_of_the_timeline(tmp_path: Path) -> None:
    path = added(saved(tmp_path), {"bop.locks": np.full((2, 6), "ghost-1")}, interp="ids")
    assert "ch_bop.locks.npy: entity 0 (viper-1) tick 0 names 'ghost-1', not an entity" in (
        refusal(path)
    )


def test_the_throttle_may_be_nan_for_rules_without_one(tmp_path: Path) -> None:
    throttle = channel("throttle")
    throttle[:] = np.nan
    loaded = Timeline.load(with_channel(tmp_path, "throttle", throttle))
    assert np.isnan(loaded.channels["throttle"]).all()
    throttle[0, 0] = np.inf
    assert "ch_throttle.npy: entity 0 (viper-1) tick 0 holds inf" in refusal(
        with_channel(tmp_path, "throttle", throttle)
    )


def test_numbers_are_finite(tmp_path: Path) -> None:
    x = channel("x_ft")
    x[1, 3] = np.nan
    message = refusal(with_channel(tmp_path, "x_ft", x))
    assert "ch_x_ft.npy: entity 1 (fulcrum-1) tick 3 holds nan; values are finite" in message
    z = channel("z_ft").astype(np.float32)
    z[0, 0] = np.inf
    assert "ch_z_ft.npy: entity 0 (viper-1) tick 0 holds inf" in refusal(
        with_channel(tmp_path, "z_ft", z)
    )
    spare = np.zeros((2, 6))
    spare[0, 5] = -np.inf
    assert "ch_bop.spare.npy: entity 0 (viper-1) tick 5 holds -inf" in refusal(
        added(saved(tmp_path), {"bop.spare": spare})
    )


@pytest.mark.parametrize(
    ("name", "value", "said"),
    [
        ("x_ft", 1e12, "holds 1e+12; the range is -20,000,000 to 20,000,000"),
        ("z_ft", -50_000.0, "holds -50000; the range is -2,000 to 300,000"),
        ("speed_kt", -5.0, "holds -5; the range is 0 to 20,000"),
        ("throttle", 2.0, "holds 2; the range is 0 to 1"),
        ("bop.hex_q", 2**31 - 1, "holds 2147483647; the range is -100,000 to 100,000"),
        ("bop.fuel_fp", -1.5, "holds -1.5; the range is 0 to 10,000"),
    ],
)
def test_numbers_are_within_physical_ranges(
    tmp_path: Path, name: str, value: float, said: str
) -> None:
    array = channel(name)
    array[0, 2] = value
    assert f"ch_{name}.npy: entity 0 (viper-1) tick 2 {said}" in refusal(
        with_channel(tmp_path, name, array)
    )


def test_quaternions_are_finite_and_of_unit_length(tmp_path: Path) -> None:
    quat = channel("quat_wxyz")
    quat[1, 4] = (0.5, 0.0, 0.0, 0.0)
    message = refusal(with_channel(tmp_path, "quat_wxyz", quat))
    assert "ch_quat_wxyz.npy: entity 1 (fulcrum-1) tick 4 has length 0.5; attitude" in message
    quat[1, 4] = (np.nan, 0.0, 0.0, 0.0)
    assert "ch_quat_wxyz.npy: entity 1 (fulcrum-1) tick 4 holds nan" in refusal(
        with_channel(tmp_path, "quat_wxyz", quat)
    )


def test_phad_cells_are_written_as_cells(tmp_path: Path) -> None:
    nose = channel("bop.nose")
    nose[0, 1] = "north"
    message = refusal(with_channel(tmp_path, "bop.nose", nose))
    assert "ch_bop.nose.npy: entity 0 (viper-1) tick 1 holds 'north'; write a PHAD cell" in message


def test_sensor_lists_name_entities_of_the_timeline(tmp_path: Path) -> None:
    tracks = channel("bop.tracks").astype("<U32")
    tracks[1, 5] = "viper-1, ghost-2"
    message = refusal(with_channel(tmp_path, "bop.tracks", tracks))
    assert "ch_bop.tracks.npy: entity 1 (fulcrum-1) tick 5 names 'ghost-2', not an" in message
    lock = channel("bop.ir_lock")
    lock[0, 0] = "viper-1,fulcrum-1"
    assert "ch_bop.ir_lock.npy: entity 0 (viper-1) tick 0 names 'viper-1,fulcrum-1'" in refusal(
        with_channel(tmp_path, "bop.ir_lock", lock)
    )


def test_a_rule_sets_own_channels_are_taken_when_sound(tmp_path: Path) -> None:
    path = added(saved(tmp_path), {"bop.energy_ft": np.ones((2, 6))}, interp="linear")
    path = added(path, {"bop.vector": np.zeros((2, 6, 3), dtype=np.int16)})
    loaded = Timeline.load(path)
    assert loaded.channels["bop.vector"].shape == (2, 6, 3)
    assert loaded.meta.channels["bop.energy_ft"].interp == "linear"
    bad_name = added(saved(tmp_path), {"Odd Name": np.ones((2, 6))})
    assert "'ch_Odd Name.npy': not a channel name" in refusal(bad_name)
    flat = added(saved(tmp_path), {"energy_ft": np.ones((2, 6))})
    assert "'ch_energy_ft.npy': not a channel name; a rule set's own channel is named" in (
        refusal(flat)
    )


# -- tick times ------------------------------------------------------------------------------
def with_times(tmp_path: Path, t_s: Any) -> Path:
    return replaced(saved(tmp_path), {"t_s.npy": npy(t_s)})


GRID = np.arange(6) * 0.6


@pytest.mark.parametrize(
    ("t_s", "said"),
    [
        (GRID[::-1].copy(), "the first tick is at 3 s; a timeline starts at 0"),
        (np.array([0.0, 0.6, 0.6, 1.8, 2.4, 3.0]), "tick 2 at 0.6 s is not after tick 1"),
        (np.array([0.0, 1.2, 0.6, 1.8, 2.4, 3.0]), "tick 2 at 0.6 s is not after tick 1 at 1.2"),
        (np.array([0.0, 0.6, np.nan, 1.8, 2.4, 3.0]), "tick 2 is nan; tick times are finite"),
        (GRID + 0.5, "the first tick is at 0.5 s"),
        (np.array([0.0, 0.6, 1.2, 1.9, 2.4, 3.0]), "tick 3 is at 1.9 s, but meta.json's tick_s"),
        (GRID * 2, "tick 1 is at 1.2 s, but meta.json's tick_s of 0.6 s puts it at 0.6 s"),
        (
            np.array([0.0, 0.6, 1.2, 1.8, 2.4, 1e12]),
            "the timeline lasts 1e+12 s; a timeline lasts at most",
        ),
        (np.arange(6), "holds int64; tick times are floats"),
        (GRID.reshape(2, 3), "shape (2, 3); tick times are one row"),
        (np.array([0.0]), "1 tick(s); a timeline holds at least 2"),
        (np.zeros(0), "0 tick(s)"),
    ],
)
def test_tick_times_start_at_0_and_step_by_tick_s(tmp_path: Path, t_s: Any, said: str) -> None:
    assert f"t_s.npy: {said}" in refusal(with_times(tmp_path, t_s))


def test_tick_times_longer_or_shorter_than_the_channels(tmp_path: Path) -> None:
    longer = refusal(with_times(tmp_path, np.arange(7) * 0.6))
    assert longer.endswith(
        ": every channel holds 2 entities by 6 ticks, but meta.json lists 2 entities and "
        "t_s.npy 7 ticks; they agree in a timeline"
    )
    path = with_times(tmp_path, np.arange(5) * 0.6)
    path = replaced(path, {"ch_x_ft.npy": npy(np.zeros((2, 4)))})
    shorter = refusal(path)  # the channels disagree among themselves: each is named
    assert "ch_active.npy: shape (2, 6); expected (2, 5), one row per entity (2 in meta" in shorter
    assert shorter.endswith("; and 32 more")
    with pytest.raises(TimelineFormatError) as caught:
        Timeline.load(path)
    assert any("ch_x_ft.npy: shape (2, 4); expected (2, 5)" in p for p in caught.value.problems)


def test_the_longest_timeline_is_documented_and_enforced(tmp_path: Path) -> None:
    assert MAX_DURATION_S == 36_000.0
    ticks = int(MAX_DURATION_S / 0.6) + 2
    assert "a timeline lasts at most 36000 s" in refusal(
        with_times(tmp_path, np.arange(ticks) * 0.6)
    )


# -- sampling --------------------------------------------------------------------------------
def test_sampling_at_nan_or_an_unknown_entity_says_so() -> None:
    timeline = sound_timeline()
    with pytest.raises(ValueError, match="NaN"):
        timeline.bracket(float("nan"))
    with pytest.raises(ValueError, match="NaN"):
        timeline.state_at(float("nan"), 0)
    with pytest.raises(IndexError, match="entities 0 to 1"):
        timeline.state_at(1.0, 2)
    assert timeline.state_at(float("inf"), 1)["y_ft"] == timeline.channels["y_ft"][1, -1]


def test_text_holds_characters(tmp_path: Path) -> None:
    damage = channel("bop.damage")
    damage[1, 2] = "0/14\nsecond line"
    assert "ch_bop.damage.npy: entity 1 (fulcrum-1) tick 2 holds a control code" in refusal(
        with_channel(tmp_path, "bop.damage", damage)
    )
    beyond = np.frombuffer(np.full((2, 6), 0x110000, dtype="<u4").tobytes(), dtype="<U1")
    path = with_channel(tmp_path, "bop.ir_lock", beyond.reshape(2, 6))
    assert "ch_bop.ir_lock.npy: entity 0 (viper-1) tick 0 holds a control code or no" in refusal(
        path
    )
    swapped = np.asfortranarray(channel("bop.weapons").astype(">U128"))
    loaded = Timeline.load(with_channel(tmp_path, "bop.weapons", swapped))
    assert loaded.channels["bop.weapons"][0, 0] == "M61A1 5, AIM-9L x2"
