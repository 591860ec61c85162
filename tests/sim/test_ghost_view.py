"""The ghost layer and the "what changed" panel, offscreen: the ghost's minis are
see-through and stand where the ghost timeline has its aircraft at the replay's time; its
trails are dashed; a shorter ghost stops at its end; a ghost of another scenario is
refused."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from panda3d.core import NodePath, TransparencyAttrib

from engine.bop.game import Game
from models.scenario import load_scenario
from models.timeline import Timeline
from sim.app import ReplayApp, ReplayScene
from sim.ghost_compare import GhostMismatch
from sim.playback import Playback
from sim.view.controls import HELP_LINES
from sim.view.dashed_trails import dash_segments
from sim.view.ghost import GHOST_ALPHA, GhostLayer
from sim.view.layer import ViewSettings
from tests.sim.conftest import grab

SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "bfm" / "perch-9000.toml"


@pytest.fixture(scope="module")
def this() -> Timeline:
    return Game(load_scenario(SCENARIO), seed=1).run()


@pytest.fixture(scope="module")
def ghost() -> Timeline:
    return Game(load_scenario(SCENARIO), seed=24).run()


def cut(timeline: Timeline, ticks: int) -> Timeline:
    """The first ``ticks`` ticks of a timeline."""
    channels = {name: array[:, :ticks] for name, array in timeline.channels.items()}
    return replace(timeline, t_s=timeline.t_s[:ticks], channels=channels)


def ghost_position(ghost: Timeline, entity: str, tick: int) -> tuple[float, float, float]:
    e = ghost.entity_index(entity)
    ch = ghost.channels
    return (float(ch["x_ft"][e, tick]), float(ch["y_ft"][e, tick]), float(ch["z_ft"][e, tick]))


def test_ghost_minis_are_translucent_at_the_ghosts_positions(
    clean_scene: Any, this: Timeline, ghost: Timeline
) -> None:
    parent = NodePath("parent")
    layer = GhostLayer(parent, ghost, ViewSettings())
    try:
        tick = 30
        layer.update(Playback(this).snapshot_at(float(this.t_s[tick])))
        root = layer.minis_root
        assert root.getColorScale()[3] == pytest.approx(GHOST_ALPHA, abs=1e-3)
        assert root.getTransparency() == TransparencyAttrib.M_alpha
        assert 0.3 <= GHOST_ALPHA <= 0.4
        for entity in ("viper-1", "bandit-1"):
            mini = layer.minis.minis[entity].path
            placed = tuple(mini.getPos(parent))
            assert placed == pytest.approx(ghost_position(ghost, entity, tick), abs=0.5)
        # Viper 1 flies otherwise with seed 24: the ghost is not the replay's place.
        ghost_viper = tuple(layer.minis.minis["viper-1"].path.getPos(parent))
        assert ghost_viper != pytest.approx(ghost_position(this, "viper-1", tick), abs=50.0)
        # No selection outline on a ghost: it marks the replay's own aircraft only.
        assert layer.minis.outline.getParent().isEmpty()
    finally:
        layer.destroy()
    assert parent.getNumChildren() == 0


def test_a_shorter_ghost_stops_at_its_end(
    clean_scene: Any, this: Timeline, ghost: Timeline
) -> None:
    short = cut(ghost, 41)  # 24 s of the 48
    parent = NodePath("parent")
    layer = GhostLayer(parent, short, ViewSettings())
    try:
        layer.update(Playback(this).snapshot_at(40.0))
        assert layer.snapshot is not None and layer.snapshot.t_s == pytest.approx(24.0)
        mini = layer.minis.minis["viper-1"].path
        assert tuple(mini.getPos(parent)) == pytest.approx(
            ghost_position(ghost, "viper-1", 40), abs=0.5
        )
    finally:
        layer.destroy()


def test_trail_dashes_are_pinned_to_ticks() -> None:
    points = np.array([[0.0, 0.0, 0.0], [600.0, 0.0, 0.0], [1200.0, 0.0, 0.0], [1300.0, 0, 0]])
    times = np.array([0.0, 0.6, 1.2, 1.3])
    ends, starts = dash_segments(points, times, tick_s=0.6)
    assert starts.tolist() == [0.0, 0.6, 1.2]
    # Half of each whole tick drawn, the gap after it; the stretch to now drawn whole.
    assert ends[:, 0, 0].tolist() == [0.0, 600.0, 1200.0]
    assert ends[:, 1, 0].tolist() == pytest.approx([300.0, 900.0, 1300.0])


def test_the_scene_draws_the_ghost_and_its_panel(
    clean_scene: Any, this: Timeline, ghost: Timeline
) -> None:
    scene = ReplayScene(
        clean_scene, this, camera="chase", ghost=ghost, ghost_label="bfm/perch-9000 seed 24"
    )
    app = ReplayApp(clean_scene, scene)
    try:
        app.playback.pause()
        scene.draw_at(20.4)
        grab(clean_scene)
        assert scene.ghost is not None and scene.ghost.snapshot.t_s == pytest.approx(20.4)
        panel = scene.ghost_panel
        assert panel.visible and "what-changed" in scene.screen_boxes()
        comparison = panel.comparison
        assert comparison is not None and comparison.label == "bfm/perch-9000 seed 24"
        assert panel.title.text.endswith("bfm/perch-9000 seed 24")
        assert app.window_status()["overlays"]["what_changed"]
        # w hides it; i shows the aircraft list in its place, and w takes the place back.
        clean_scene.messenger.send("w")
        assert not panel.visible
        clean_scene.messenger.send("i")
        assert scene.roster.visible
        clean_scene.messenger.send("w")
        assert panel.visible and not scene.roster.visible
        assert ("w", dict(HELP_LINES)["w"]) in scene.help.lines
    finally:
        app.destroy()


def test_without_a_ghost_w_is_not_listed(clean_scene: Any, this: Timeline) -> None:
    scene = ReplayScene(clean_scene, this, camera="chase")
    app = ReplayApp(clean_scene, scene)
    try:
        assert scene.ghost is None and scene.ghost_panel is None
        assert "w" not in {key for key, _ in scene.help.lines}
    finally:
        app.destroy()


def test_a_ghost_of_another_scenario_is_refused(clean_scene: Any, this: Timeline) -> None:
    other = replace(this, meta=this.meta.model_copy(update={"scenario": "Loop"}))
    with pytest.raises(GhostMismatch, match=r"loop\.furball\.npz: a ghost must be of the same"):
        ReplayScene(clean_scene, this, ghost=other, ghost_label="loop.furball.npz")


def test_the_end_heading_says_when_the_replay_is_still_being_played(
    this: Timeline, ghost: Timeline
) -> None:
    from sim.ghost_compare import GhostComparer
    from sim.view.ghost_panel import end_heading

    short = cut(this, 61)
    growing = GhostComparer(short, ghost, "seed 24", complete=False)
    now = growing.compare(Playback(short).snapshot_at(10.0), Playback(ghost).snapshot_at(10.0))
    assert end_heading(now) == "LATEST 36.0/48.0 s"
    whole = GhostComparer(this, ghost, "seed 24")
    now = whole.compare(Playback(this).snapshot_at(10.0), Playback(ghost).snapshot_at(10.0))
    assert end_heading(now) == "END 48.0 s"
