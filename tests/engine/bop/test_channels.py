"""Birds of Prey's timeline channels: the engine's short names become the timeline's, and
every channel written is declared (models.bop_channels holds the one list of meanings)."""

from pathlib import Path

import numpy as np

from engine.bop.channels import (
    AWARENESS_CHANNELS,
    channel_specs,
    timeline_channels,
    timeline_meta_fields,
)
from engine.bop.game import TICK_S, TICKS_PER_TURN, Game
from models.bop_channels import BOP_CHANNELS, BOP_SCALE, BOP_TIME
from models.bop_hud import BOP_HUD
from models.scenario import load_scenario
from models.timeline import CORE_CHANNELS
from models.timeline_checks import timeline_problems

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios"


def test_the_engine_short_names_become_the_timelines() -> None:
    raw = {
        "x_ft": np.zeros((1, 2)),
        "alt_steps": np.array([[12, 1]], dtype=np.int32),
        "hex_q": np.array([[3, 0]], dtype=np.int32),
        "hex_r": np.array([[-2, 0]], dtype=np.int32),
        "nose": np.full((1, 2), "015+00"),
        "spotted": np.full((1, 2), ""),
    }
    out = timeline_channels(raw)
    assert set(out) == {
        "x_ft",
        "bop.alt_steps",
        "bop.hex_q",
        "bop.hex_r",
        "bop.nose",
        "bop.spotted",
        "alt_label",
        "pos_label",
    }
    assert out["alt_label"].tolist() == [["12 steps", "1 step"]]
    assert out["pos_label"].tolist() == [["hex 3,-2", "hex 0,0"]]


def test_awareness_meanings_come_from_the_models() -> None:
    for name, meaning in AWARENESS_CHANNELS.items():
        assert BOP_CHANNELS[f"bop.{name}"].meaning == meaning


def test_the_time_scale_is_the_engines() -> None:
    assert BOP_TIME.tick_s == TICK_S and BOP_TIME.ticks_per_turn == TICKS_PER_TURN


def test_a_played_timeline_declares_every_channel_it_holds() -> None:
    timeline = Game(load_scenario(SCENARIOS / "historical" / "missile-fight.toml"), seed=5).run(2)
    meta = timeline.meta
    assert set(meta.channels) == set(timeline.channels)
    assert set(CORE_CHANNELS) <= set(timeline.channels)
    assert all(name in CORE_CHANNELS or name.startswith("bop.") for name in timeline.channels)
    assert meta.channels == channel_specs(sorted(timeline.channels))
    assert meta.scale == BOP_SCALE and meta.hud == BOP_HUD
    assert meta.ticks_per_turn == 10 and meta.turn_word == "game-turn"
    assert timeline_meta_fields(timeline.channels)["channels"] == meta.channels
    assert timeline_problems(timeline) == []
