"""The replay-against-ghost comparison, checked against figures worked out here straight
from the two timelines' channels: the offensive perch at 9,000 ft flown with seed 1 (Viper 1
guns Bandit 1 down) and with seed 24 (no shot)."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from engine.bop.game import Game
from engine.whatif import open_source, plot_from_data, what_if
from models.scenario import load_scenario
from models.timeline import Event, Timeline
from sim.ghost_compare import (
    GhostComparer,
    GhostMismatch,
    SideTally,
    branch_change,
    check_ghost,
    figure_rows,
    ghost_problem,
    side_tallies,
    tally_rows,
)
from sim.playback import Playback

SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "bfm" / "perch-9000.toml"
OWN, TARGET = "viper-1", "bandit-1"
FPS_PER_KT = 6076.12 / 3600.0
G_FPS2 = 32.174


@pytest.fixture(scope="module")
def this() -> Timeline:
    return Game(load_scenario(SCENARIO), seed=1).run()


@pytest.fixture(scope="module")
def ghost() -> Timeline:
    return Game(load_scenario(SCENARIO), seed=24).run()


def channel_figures(timeline: Timeline, tick: int) -> dict[str, float]:
    """Range, ATA, AA, altitude, speed and E_s at a tick from the channels alone: the
    velocities are the backward second-order differences of the positions over the last
    three ticks (the slope at now of the drawn path through them)."""
    ch = timeline.channels
    xyz = np.stack([ch["x_ft"], ch["y_ft"], ch["z_ft"]], axis=-1)
    a, t = timeline.entity_index(OWN), timeline.entity_index(TARGET)
    dt = float(timeline.t_s[1] - timeline.t_s[0])

    def velocity(e: int) -> np.ndarray:
        return (3 * xyz[e, tick] - 4 * xyz[e, tick - 1] + xyz[e, tick - 2]) / (2 * dt)

    los = xyz[t, tick] - xyz[a, tick]
    rng = float(np.linalg.norm(los))

    def angle(v: np.ndarray) -> float:
        cos = float(v @ los) / (float(np.linalg.norm(v)) * rng)
        return math.degrees(math.acos(max(-1.0, min(1.0, cos))))

    alt = float(ch["z_ft"][a, tick])
    speed = float(ch["speed_kt"][a, tick])
    v = speed * FPS_PER_KT
    return {
        "range_ft": rng,
        "ata_deg": angle(velocity(a)),
        "aa_deg": angle(velocity(t)),
        "alt_ft": alt,
        "speed_kt": speed,
        "es_ft": alt + v * v / (2 * G_FPS2),
    }


def test_the_two_seeds_fly_differently(this: Timeline, ghost: Timeline) -> None:
    assert ghost_problem(this.meta, ghost.meta) is None
    assert not np.allclose(this.channels["x_ft"], ghost.channels["x_ft"])


@pytest.mark.parametrize("t_s", [12.0, 20.4])
def test_figures_now_match_the_channels(this: Timeline, ghost: Timeline, t_s: float) -> None:
    comparer = GhostComparer(this, ghost, "seed 24")
    this_pb, ghost_pb = Playback(this), Playback(ghost)
    comparison = comparer.compare(this_pb.snapshot_at(t_s), ghost_pb.snapshot_at(t_s))
    tick = int(np.argmin(np.abs(this.t_s - t_s)))
    assert comparison.entity == OWN and comparison.target_callsign == "Bandit 1"
    for figures, timeline in zip(comparison.now, (this, ghost), strict=True):
        assert figures is not None and figures.target == TARGET
        expected = channel_figures(timeline, tick)
        assert figures.range_ft == pytest.approx(expected["range_ft"], abs=0.5)
        assert figures.ata_deg == pytest.approx(expected["ata_deg"], abs=0.05)
        assert figures.aa_deg == pytest.approx(expected["aa_deg"], abs=0.05)
        assert figures.alt_ft == pytest.approx(expected["alt_ft"], abs=0.01)
        assert figures.speed_kt == pytest.approx(expected["speed_kt"], abs=0.01)
        assert figures.es_ft == pytest.approx(expected["es_ft"], abs=0.5)


def test_figures_at_the_end(this: Timeline, ghost: Timeline) -> None:
    comparer = GhostComparer(this, ghost, "seed 24")
    comparison = comparer.compare(Playback(this).snapshot_at(5.0), Playback(ghost).snapshot_at(5.0))
    this_end, ghost_end = comparison.end
    last = this.ticks - 1
    assert this_end is not None and ghost_end is not None
    # Bandit 1 is shot down in the replay: no target at its end, so no range or angles.
    assert this_end.target is None and this_end.range_ft is None
    assert this_end.alt_ft == pytest.approx(float(this.channels["z_ft"][0, last]), abs=0.01)
    expected = channel_figures(ghost, ghost.ticks - 1)
    assert ghost_end.target == TARGET
    assert ghost_end.range_ft == pytest.approx(expected["range_ft"], abs=0.5)
    assert ghost_end.ata_deg == pytest.approx(expected["ata_deg"], abs=0.05)
    assert ghost_end.es_ft == pytest.approx(expected["es_ft"], abs=0.5)
    assert comparison.end_s == comparison.ghost_end_s == float(this.t_s[-1])


def count_events(timeline: Timeline, kind: str, until_s: float = math.inf) -> int:
    return sum(1 for e in timeline.meta.events if e.kind == kind and e.t_s <= until_s)


def test_tallies_count_the_events(this: Timeline, ghost: Timeline) -> None:
    # Worked out by hand from the events: one gunshot and one hit by Viper 1, then the kill.
    assert count_events(this, "gunshot") == count_events(this, "hit") == 1
    assert count_events(this, "kill") == 1
    assert side_tallies(this) == {"blue": SideTally(1, 1, 1), "red": SideTally()}
    shot_s = next(e.t_s for e in this.meta.events if e.kind == "gunshot")
    kill_s = next(e.t_s for e in this.meta.events if e.kind == "kill")
    assert side_tallies(this, shot_s - 0.1) == {"blue": SideTally(), "red": SideTally()}
    assert side_tallies(this, kill_s - 0.1)["blue"] == SideTally(1, 1, 0)
    assert count_events(ghost, "gunshot") == count_events(ghost, "launch") == 0
    assert side_tallies(ghost) == {"blue": SideTally(), "red": SideTally()}
    comparison = GhostComparer(this, ghost, "seed 24").compare(
        Playback(this).snapshot_at(20.0), Playback(ghost).snapshot_at(20.0)
    )
    assert tally_rows(comparison) == [
        ("blue s/h/k", "1/1/0", "0/0/0", "1/1/1", "0/0/0"),
        ("red s/h/k", "0/0/0", "0/0/0", "0/0/0", "0/0/0"),
    ]
    rows = {row[0]: row[1:] for row in figure_rows(comparison)}
    assert rows["range ft"][2] == "-"  # no target at the replay's end
    assert set(rows) == {"range ft", "ATA/AA", "alt ft", "speed kt", "Es ft"}


def test_a_kill_is_credited_to_the_last_to_hit_and_a_failed_launch_is_no_shot(
    this: Timeline,
) -> None:
    events = (
        Event(t_s=1.0, kind="launch", entities=("m1", "bandit-1", "viper-1"),
              data={"launcher": "bandit-1", "launched": False}),
        Event(t_s=2.0, kind="launch", entities=("m2", "bandit-1", "viper-1"),
              data={"launcher": "bandit-1", "target": "viper-1"}),
        Event(t_s=3.0, kind="hit", entities=("m2", "bandit-1", "viper-1"),
              data={"launcher": "bandit-1", "target": "viper-1"}),
        Event(t_s=4.0, kind="kill", entities=("viper-1",)),
    )  # fmt: skip
    timeline = replace(this, meta=this.meta.model_copy(update={"events": events}))
    assert side_tallies(timeline) == {"blue": SideTally(), "red": SideTally(1, 1, 1)}


def test_other_scenarios_rules_and_tick_lengths_are_refused(this: Timeline) -> None:
    other = replace(this, meta=this.meta.model_copy(update={"scenario": "Loop"}))
    with pytest.raises(GhostMismatch, match=r"^--ghost loop\.furball\.npz: .*same scenario"):
        check_ghost(this, other, "loop.furball.npz")
    rules = replace(this, meta=this.meta.model_copy(update={"rules": "phantoms"}))
    assert "same rule set" in (ghost_problem(this.meta, rules.meta) or "")
    ticks = replace(this, meta=this.meta.model_copy(update={"tick_s": 0.5}))
    problem = ghost_problem(this.meta, ticks.meta) or ""
    assert "same tick length" in problem and "0.5 s" in problem and "0.6 s" in problem
    assert "\n" not in problem


def test_a_branch_change_is_read_when_the_meta_has_one(this: Timeline) -> None:
    assert branch_change(this.meta) == ""

    source = open_source("bfm/perch-9000")
    straight = {"throttle": "mil", "segments": [{"kind": "straight", "ticks": 10}]}
    branch = what_if(source, 3, "viper-1", plot_from_data(straight, source.rules, "test"))
    words = branch_change(branch.timeline.meta)
    assert words == branch.timeline.meta.branch.changes[-1].description  # type: ignore[union-attr]
    assert "Viper 1" in words and "straight" in words
