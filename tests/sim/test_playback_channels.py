"""Playback reads every channel as the timeline's specs say, not from names it knows:
a rule set's own channels arrive in ``values`` by name, turn means for ``turn_mean``
channels, bearings from world positions, and a format-1 file replays as format 2."""

from pathlib import Path

import numpy as np
import pytest

from engine.phad import cell_of
from engine.rulesets import Game
from models.ruleset_spec import ChannelSpec
from models.scenario import load_scenario
from models.timeline import CORE_CHANNELS, Timeline
from sim.playback import Playback
from tests.timeline_files import core_channels, declare, sound_timeline

ROOT = Path(__file__).resolve().parents[2]
V1_FILE = ROOT / "tests" / "data" / "v1-2v2-bvr-2turns.furball.npz"


def test_a_format_1_file_replays_at_the_positions_it_was_played_with() -> None:
    old = Playback(Timeline.load(V1_FILE))
    again = Game(load_scenario(ROOT / "scenarios" / "demo" / "2v2-bvr.toml"), seed=11).run(2)
    new = Playback(again)
    for t in (0.0, 2.7, 4.5, 6.0, 11.1, 12.0):
        a, b = old.snapshot_at(t), new.snapshot_at(t)
        for x, y in zip(a.entities, b.entities, strict=True):
            assert x.position_ft == y.position_ft and x.quat_wxyz == y.quat_wxyz
            # The file's Eagles took off with 68 FP, half of 135; the F-15C card now holds
            # 134 whole Fuel Points, so they carry one less and nothing else has changed.
            fuel = "bop.fuel_fp"
            assert x.values[fuel] - y.values[fuel] == (1 if x.id.startswith("eagle") else 0)
            # Stores drag now counts whole drag points (The Form + Stores Drag Table), so the
            # loaded jets' airspeed readouts drift by a few knots; where they fly does not.
            redrawn = {fuel: 0, "bop.keas_kt": 0, "bop.mach": 0}
            assert {**x.values, **redrawn} == {**y.values, **redrawn}
            assert x.alt_label == y.alt_label
        assert a.bearings == b.bearings
    state = old.snapshot_at(4.5).entities[0]
    # As the format-1 replay showed them (recorded before format 2).
    assert state.position_ft == pytest.approx((762.4220386206106, 3454.196342278871, 20000.0))
    assert state.values["bop.alt_steps"] == 100 and state.alt_label == "100 steps"
    assert (state.values["bop.hex_q"], state.values["bop.hex_r"]) == (2, 8)
    assert state.pos_label == "hex 2,8"
    assert state.values["bop.nose"] == "015+00"
    assert state.values["bop.spotted"] == ("eagle-2",)
    assert state.values["bop.weapons"] == "M61A1 9, AIM-7M x4, AIM-9L x4"
    assert state.turn_means == {"bop.load_g": 1.0}


def test_values_are_read_by_their_specs() -> None:
    timeline = sound_timeline()
    own = Playback(timeline).snapshot_at(0.9).entities[0]
    assert own.values["bop.tracks"] == ("fulcrum-1",)  # ids: split
    assert own.values["bop.ir_lock"] == ()
    assert own.values["bop.radar_mode"] == "STT"  # nearest: as written
    assert own.values["bop.speedbrake"] is False
    assert own.values["bop.fuel_fp"] == pytest.approx(35.0)  # linear
    assert own.value("bop.nose") == "015+00" and own.value("z_ft") == 15_000.0
    assert own.value("bop.no_such") is None
    assert not set(own.values) & set(CORE_CHANNELS)


def test_a_rule_sets_own_channel_needs_no_code_here() -> None:
    channels = {k: v for k, v in core_channels(1, 3).items() if not k.startswith("bop.")}
    channels["otl.bank"] = np.array([["UE", "UL", "L"]])
    channels["otl.power"] = np.array([[1.0, 2.0, 3.0]])
    timeline = declare(sound_timeline(3))
    meta = timeline.meta.model_copy(
        update={
            "rules": "otl",
            "ticks_per_turn": 2,
            "entities": timeline.meta.entities[:1],
            "channels": {
                **{name: CORE_CHANNELS[name] for name in CORE_CHANNELS},
                "otl.bank": ChannelSpec(meaning="bank", interp="nearest"),
                "otl.power": ChannelSpec(meaning="power", turn_mean=True),
            },
        }
    )
    playback = Playback(Timeline(meta=meta, t_s=timeline.t_s, channels=channels))
    assert playback.ticks_per_turn == 2  # from the timeline, not the registry
    state = playback.snapshot_at(0.9).entities[0]
    assert state.values == {"otl.bank": "L", "otl.power": pytest.approx(2.5)}
    assert state.turn_means == {"otl.power": pytest.approx(2.0)}  # ticks 1 and 2 of turn 1
    assert state.throttle == 0.5


def test_bearings_are_the_phad_cells_of_the_world_directions() -> None:
    timeline = sound_timeline()
    playback = Playback(timeline)
    snapshot = playback.snapshot_at(0.0)
    own, other = snapshot.entities
    direction = tuple(b - a for a, b in zip(own.position_ft, other.position_ft, strict=True))
    assert snapshot.bearings == {"fulcrum-1": str(cell_of(direction))}
    # 2,000 ft due east, level: on the border of 075+00 and 105+00, so the clockwise cell.
    assert snapshot.bearings == {"fulcrum-1": "105+00"}


def test_a_missing_throttle_is_not_applicable() -> None:
    timeline = sound_timeline()
    channels = dict(timeline.channels)
    channels["throttle"] = np.full_like(channels["throttle"], np.nan)
    state = Playback(Timeline(timeline.meta, timeline.t_s, channels)).snapshot_at(1.0)
    assert np.isnan(state.entities[0].throttle)
