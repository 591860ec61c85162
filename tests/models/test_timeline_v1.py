"""A timeline of format 1 (Birds of Prey's, before channels were declared) still loads,
as format 2: namespaced names, the core's labels, and Birds of Prey's specs, map and HUD.

``tests/data/v1-2v2-bvr-2turns.furball.npz`` was written by furball's format-1 writer:
``demo/2v2-bvr``, seed 11, two game-turns."""

import json
from pathlib import Path

import numpy as np
import pytest

from models.bop_channels import BOP_CHANNELS, BOP_SCALE, V1_CHANNEL_NAMES
from models.bop_hud import BOP_HUD
from models.timeline import CORE_CHANNELS, TIMELINE_FORMAT_VERSION, Timeline, TimelineFormatError
from models.timeline_checks import timeline_problems
from tests.timeline_files import members, npy, write_members

V1_FILE = Path(__file__).parent.parent / "data" / "v1-2v2-bvr-2turns.furball.npz"


def test_the_committed_file_is_of_format_1() -> None:
    meta = json.loads(members(V1_FILE)["meta.json"])
    assert meta["format_version"] == 1 and meta["channels"] == {}
    assert "ch_alt_steps.npy" in members(V1_FILE) and "ch_nose.npy" in members(V1_FILE)


def test_a_format_1_file_loads_as_format_2() -> None:
    timeline = Timeline.load(V1_FILE)
    meta = timeline.meta
    assert meta.format_version == TIMELINE_FORMAT_VERSION == 2
    assert set(CORE_CHANNELS) <= set(timeline.channels)
    assert not {"alt_steps", "nose", "spotted", "weapons"} & set(timeline.channels)
    assert {"bop.alt_steps", "bop.nose", "bop.spotted", "bop.weapons"} <= set(timeline.channels)
    assert set(meta.channels) == set(timeline.channels)
    assert meta.channels["bop.load_g"] == BOP_CHANNELS["bop.load_g"]
    assert meta.scale == BOP_SCALE and meta.hud == BOP_HUD
    assert meta.ticks_per_turn == 10 and meta.turn_word == "game-turn"
    assert timeline_problems(timeline) == []


def test_its_labels_are_made_from_the_steps_and_hexes() -> None:
    timeline = Timeline.load(V1_FILE)
    steps = timeline.channels["bop.alt_steps"]
    q, r = timeline.channels["bop.hex_q"], timeline.channels["bop.hex_r"]
    assert timeline.channels["alt_label"][0, 0] == f"{steps[0, 0]} steps"
    assert timeline.channels["pos_label"][2, -1] == f"hex {q[2, -1]},{r[2, -1]}"


def test_every_flat_name_has_its_namespaced_one() -> None:
    assert V1_CHANNEL_NAMES["nose"] == "bop.nose"
    assert V1_CHANNEL_NAMES["spotted"] == "bop.spotted"
    assert set(V1_CHANNEL_NAMES.values()) == set(BOP_CHANNELS)


def test_a_format_1_channel_of_its_own_is_kept_under_bop(tmp_path: Path) -> None:
    contents = members(V1_FILE)
    contents["ch_energy_ft.npy"] = npy(np.ones((4, 21)))
    timeline = Timeline.load(write_members(tmp_path / "t.furball.npz", contents))
    assert timeline.channels["bop.energy_ft"].shape == (4, 21)
    assert timeline.meta.channels["bop.energy_ft"].interp == "linear"


def test_a_damaged_format_1_file_is_refused_naming_its_own_member(tmp_path: Path) -> None:
    contents = members(V1_FILE)
    contents["ch_nose.npy"] = npy(np.full((4, 21), "north"))
    with pytest.raises(TimelineFormatError, match=r"ch_nose\.npy: entity 0 \(eagle-1\) tick 0"):
        Timeline.load(write_members(tmp_path / "t.furball.npz", contents))
    contents = members(V1_FILE)
    del contents["ch_hex_r.npy"]
    with pytest.raises(TimelineFormatError, match=r"missing ch_hex_r\.npy; a timeline of format 1"):
        Timeline.load(write_members(tmp_path / "t.furball.npz", contents))


def test_format_1_of_another_rule_set_is_refused(tmp_path: Path) -> None:
    contents = members(V1_FILE)
    meta = json.loads(contents["meta.json"])
    meta["rules"] = "phantoms"
    contents["meta.json"] = json.dumps(meta).encode()
    with pytest.raises(TimelineFormatError, match="'phantoms' in a timeline of format 1"):
        Timeline.load(write_members(tmp_path / "t.furball.npz", contents))
