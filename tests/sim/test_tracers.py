"""Gun tracer bursts and which entities the event markers mark, on the seeded guns duel:
Sabre 1 (``sabre-1``) fires at Fagot 1 (``fagot-1``) at t = 6 s and 12 s, hitting both times."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from panda3d.core import NodePath, Point3

from engine.bop.game import Game
from models.scenario import load_scenario
from models.timeline import Event, Timeline
from sim.app import ReplayScene
from sim.playback import Playback
from sim.snapshot import Snapshot
from sim.view.layer import ViewSettings
from sim.view.markers import EventMarkers
from sim.view.tracers import BURST_S, DASHES, FLOATS_PER_VERTEX, GunTracers
from tests.sim.conftest import grab

SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "historical" / "guns-duel.toml"
SHOOTER, TARGET = "sabre-1", "fagot-1"
SHOTS_S = (6.0, 12.0)
SETTINGS = ViewSettings()


@pytest.fixture(scope="module")
def timeline() -> Timeline:
    return Game(load_scenario(SCENARIO)).run()


@pytest.fixture
def playback(timeline: Timeline) -> Playback:
    return Playback(timeline)


@pytest.fixture
def tracers(panda_base: Any) -> Iterator[GunTracers]:
    parent = NodePath("parent")
    layer = GunTracers(parent, SETTINGS)
    yield layer
    layer.destroy()
    assert parent.getNumChildren() == 0


def at(playback: Playback, t_s: float) -> Snapshot:
    playback.seek(t_s)
    return playback.snapshot()


def vertices(layer: GunTracers) -> np.ndarray:
    """Every burst's vertex rows (x, y, z, r, g, b, a), bursts in key order."""
    rows = []
    for key in sorted(layer.bursts):
        array = layer.bursts[key].lines.node().getGeom(0).getVertexData().getArray(0)
        data = np.frombuffer(memoryview(array), dtype=np.float32)
        rows.append(data.reshape(-1, FLOATS_PER_VERTEX).copy())
    return np.concatenate(rows) if rows else np.zeros((0, FLOATS_PER_VERTEX))


def test_the_duel_fires_gunshots_at_the_expected_times(timeline: Timeline) -> None:
    shots = [e for e in timeline.meta.events if e.kind == "gunshot"]
    assert [e.t_s for e in shots] == list(SHOTS_S)
    assert all(e.entities == (SHOOTER, TARGET) for e in shots)


# -- tracer bursts -----------------------------------------------------------------------------


@pytest.mark.parametrize("shot_s", SHOTS_S)
def test_a_burst_has_nodes_only_while_it_lasts(
    playback: Playback, tracers: GunTracers, shot_s: float
) -> None:
    tracers.update(at(playback, shot_s - 0.1))
    assert not tracers.bursts
    assert tracers.root.find("**/tracer-burst").isEmpty()
    for t_s in (shot_s, shot_s + 0.4, shot_s + BURST_S - 0.05):
        tracers.update(at(playback, t_s))
        assert len(tracers.bursts) == 1, t_s
        assert tracers.root.findAllMatches("**/tracer-burst").getNumPaths() == 1
    tracers.update(at(playback, shot_s + 1.5))
    assert not tracers.bursts
    assert tracers.root.getNumChildren() == 0  # cleaned up, nothing left behind
    tracers.update(at(playback, shot_s + 0.3))  # scrub back into the burst
    assert len(tracers.bursts) == 1


def test_dashes_fly_from_the_shooter_to_the_target(playback: Playback, tracers: GunTracers) -> None:
    seen = 0
    for t_s in np.arange(6.0, 6.0 + BURST_S, 0.1):
        snapshot = at(playback, float(t_s))
        tracers.update(snapshot)
        shooter = np.array(snapshot.entity(SHOOTER).position_ft)
        target = np.array(snapshot.entity(TARGET).position_ft)
        line = target - shooter
        distance = float(np.linalg.norm(line))
        rows = vertices(tracers)[: DASHES * 2]
        drawn = rows[rows[:, 6] > 0.0, :3].astype(np.float64)
        seen += len(drawn)
        along = (drawn - shooter) @ line / distance**2
        off_line_ft = np.linalg.norm(drawn - shooter - along[:, None] * line, axis=1)
        assert np.all(along >= 0.0) and np.all(along <= 1.01), t_s
        assert np.all(off_line_ft < 0.08 * distance), (t_s, off_line_ft.max())
    assert seen >= 2 * 5 * 3  # several dashes in flight on several frames


def test_the_burst_is_a_function_of_snapshot_time(
    playback: Playback, tracers: GunTracers, panda_base: Any
) -> None:
    tracers.update(at(playback, 6.45))
    first = vertices(tracers)
    assert (first[:, 6] > 0.0).sum() >= 6  # a few dashes and the muzzle flash
    for t_s in (6.9, 13.0, 12.2, 5.0):  # scrub about...
        tracers.update(at(playback, t_s))
    tracers.update(at(playback, 6.45))  # ...and back
    np.testing.assert_array_equal(vertices(tracers), first)
    fresh = GunTracers(NodePath("other"), SETTINGS)
    fresh.update(at(playback, 6.45))
    np.testing.assert_array_equal(vertices(fresh), first)
    fresh.destroy()


def test_the_scene_draws_a_bright_burst_between_the_minis(
    clean_scene: Any, timeline: Timeline
) -> None:
    scene = ReplayScene(clean_scene, timeline, camera="chase", selected=SHOOTER)
    try:
        tracers = scene.root.find("**/gun-tracers")
        assert not tracers.isEmpty()
        scene.markers.root.hide()  # their labels and rings share the tracers' colours
        snapshot = scene.draw_at(6.5)
        shooter = np.array(snapshot.entity(SHOOTER).position_ft)
        target = np.array(snapshot.entity(TARGET).position_ft)
        middle = (shooter + target) / 2.0
        # Look at the line of fire from the side, so the burst lies across the view.
        clean_scene.camera.setPos(Point3(*(middle + np.array([6000.0, 0.0, 1500.0]))))
        clean_scene.camera.lookAt(Point3(*middle))

        def yellow_orange_pixels() -> int:
            image = grab(clean_scene).astype(np.float64) / 255.0
            height, width = image.shape[:2]
            band = image[height // 3 : 2 * height // 3, width // 3 : 2 * width // 3]
            mask = (band[..., 0] > 0.85) & (band[..., 1] > 0.4) & (band[..., 2] < 0.45)
            return int(mask.sum())

        with_burst = yellow_orange_pixels()
        tracers.hide()
        without = yellow_orange_pixels()  # the selection outline is yellow too
        assert with_burst - without > 300
    finally:
        scene.destroy()


# -- event markers mark the right entities -----------------------------------------------------


def marked(markers: EventMarkers) -> set[tuple[str, str]]:
    """(event kind, entity id) of every marker shown."""
    return {(key[1], key[2]) for key in markers.markers}


def test_a_gun_hit_marks_the_target_and_the_gunshot_the_shooter(
    playback: Playback, panda_base: Any
) -> None:
    markers = EventMarkers(NodePath("parent"), SETTINGS)
    markers.update(at(playback, 6.3))
    shown = marked(markers)
    assert ("gunshot", SHOOTER) in shown and ("gunshot", TARGET) not in shown
    assert ("hit", TARGET) in shown and ("hit", SHOOTER) not in shown
    markers.destroy()


def test_hits_and_misses_mark_the_last_entity_launches_the_first(
    playback: Playback, panda_base: Any
) -> None:
    from dataclasses import replace

    snapshot = at(playback, 30.0)
    events = (
        Event(t_s=29.5, kind="launch", entities=(TARGET, SHOOTER, "nobody")),
        Event(t_s=29.5, kind="hit", entities=("aim-9", SHOOTER, TARGET)),
        Event(t_s=29.5, kind="miss", entities=(SHOOTER, TARGET)),
        Event(t_s=29.5, kind="kill", entities=(SHOOTER, TARGET)),  # other kinds: everyone
    )
    markers = EventMarkers(NodePath("parent"), SETTINGS)
    markers.update(replace(snapshot, recent_events=events))
    assert marked(markers) == {
        ("launch", TARGET),
        ("hit", TARGET),
        ("miss", TARGET),
        ("kill", SHOOTER),
        ("kill", TARGET),
    }
    markers.destroy()
